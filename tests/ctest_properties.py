#!/usr/bin/env python3
"""Every test of a build has a LABELS and a TIMEOUT property (test style.ctest_properties).

Usage: ctest_properties.py CTEST BUILD_DIR. Reads `ctest --show-only=json-v1`; placeholders of
targets a build left out (NAME_NOT_BUILT) are not tests. Exit 1 naming each test without them.
"""
import json
import subprocess
import sys


def main() -> int:
    ctest, build = sys.argv[1], sys.argv[2]
    out = subprocess.run([ctest, "--test-dir", build, "--show-only=json-v1"], check=True,
                         capture_output=True, text=True).stdout
    tests = json.loads(out)["tests"]
    bad = []
    for t in tests:
        if t["name"].endswith("_NOT_BUILT"):
            continue
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        missing = [p for p in ("LABELS", "TIMEOUT") if not props.get(p)]
        if missing:
            bad.append(f'{t["name"]}: no {" and no ".join(missing)}')
    for line in bad:
        print(line)
    print(f"{len(tests)} tests, {len(bad)} without a label or a timeout")
    return 1 if bad or not tests else 0


if __name__ == "__main__":
    sys.exit(main())
