"""What the benchmarks share: a median and a 99th percentile of per-hand timings."""

import statistics


def median_p99(values: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
