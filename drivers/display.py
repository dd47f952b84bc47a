"""The table's display, for now a log line per view (the web page and seat digits come later)."""

import logging

log = logging.getLogger("mjtable.display")


class LogDisplay:
    """Writes each view model to the ``mjtable.display`` logger; keeps the last one for tests."""

    name = "display"

    def __init__(self):
        self.last: dict | None = None

    def show(self, view: dict) -> None:
        self.last = dict(view)
        log.info("display: %s", " ".join(f"{k}={v}" for k, v in view.items()))

    def attach(self, sink) -> None:
        """The display reports nothing."""

    def pin_names(self) -> dict[str, str]:
        return {}

    def safe(self) -> None:
        """Nothing to stop."""

    def release(self) -> None:
        self.last = None
