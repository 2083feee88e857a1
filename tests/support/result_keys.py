"""What of a run's JSON result is the model's: the keys that measure the run's cost (time,
memory) and the recorded configuration (what ran, not what it measured) are left out when two
runs' results are compared (tests/regression/check.py, tests/cli/threads_identical.py)."""

COST_KEYS = {"wall_seconds", "elaboration_seconds", "peak_rss_kib", "hops_per_second",
             "estimated_memory_mib", "config"}


def strip(x):
    """`x` without the cost keys, at every depth."""
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in COST_KEYS}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
