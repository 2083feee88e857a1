#!/usr/bin/env python3
"""Runs one regression-grid line (grid.txt) and compares its JSON with expected/NAME.json.

check.py D3SIM GRID NAME            compare (exit 1 and the differing keys on a mismatch)
check.py D3SIM GRID NAME --record   write expected/NAME.json (only from a reviewed build)
check.py D3SIM GRID NAME --threads N   compare the run on N threads (--threads) with the same
                                    expected/NAME.json
Keys that measure the run's cost, not the model, and the recorded configuration are left out
of both sides.
"""
import json
import pathlib
import shlex
import subprocess
import sys

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from result_keys import strip  # noqa: E402


def diff(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                yield f"{path}/{k}: {'missing' if k not in a else a[k]!r} vs " \
                      f"{'missing' if k not in b else b[k]!r}"
            else:
                yield from diff(a[k], b[k], f"{path}/{k}")
    elif a != b:
        yield f"{path}: {a!r} (now) vs {b!r} (recorded)"


def main():
    d3sim, grid, name = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
    record = "--record" in sys.argv[4:]
    extra = []
    if "--threads" in sys.argv[4:]:
        i = sys.argv.index("--threads")
        extra = ["--threads", sys.argv[i + 1]]
    args = None
    for line in grid.read_text().splitlines():
        if line.strip() and not line.startswith("#") and line.split()[0] == name:
            args = shlex.split(line)[1:]
    if args is None:
        sys.exit(f"check.py: no run named {name} in {grid}")
    run = subprocess.run([d3sim, *args, *extra, "--json", "-"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{name}: d3sim exited {run.returncode}: {run.stderr.strip()}")
    now = strip(json.loads(run.stdout))
    path = grid.parent / "expected" / f"{name}.json"
    if record:
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        return
    recorded = json.loads(path.read_text())
    differences = list(diff(now, recorded))
    for d in differences[:20]:
        print(f"{name}: {d}")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
