"""A cycle check that crashes the first time it runs: the e2e tests use it (``--check``) to
make an exception happen inside a controller transition, through the real CLI."""

_calls = []


def crash_once(report):
    _calls.append(report.cycle)
    if len(_calls) == 1:
        raise RuntimeError("check exploded")
    return None
