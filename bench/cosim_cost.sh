#!/usr/bin/env bash
# Co-simulation cost (docs/performance.md, "Co-simulation cost"): the all-to-all of Theorem 7 with
# --decoder cpp, rtl and lockstep (d3sim), and with one Verilated model per router (d3_rtl_bench),
# each run REPEATS times in turn; checks that all give the same steps, hops, holds and conflicts, and
# prints the fastest and the median run seconds, the median elaboration seconds and the ratios to cpp.
# On a shared 2-core VM single runs vary by +-30 %: the minimum is the steadier figure.
# Usage: bench/cosim_cost.sh [build-dir] [repeats] [networks...]
#   e.g. bench/cosim_cost.sh build 7 "4 8" "8 8"
set -euo pipefail
build=${1:-build}
repeats=${2:-7}
shift 2 || true
networks=("$@")
[ ${#networks[@]} -gt 0 ] || networks=("4 8" "8 8")
d3sim=$build/d3sim
bench=$build/tests/cosim/d3_rtl_bench
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for km in "${networks[@]}"; do
  set -- $km
  for ((i = 0; i < repeats; i++)); do
    for d in cpp rtl lockstep; do
      "$d3sim" --k "$1" --m "$2" --decoder "$d" --no-progress -q --json - >>"$tmp"
    done
    for d in rtl-per-router lockstep-per-router; do
      "$bench" network --k "$1" --m "$2" --decoder "$d" >>"$tmp"
    done
  done
done
python3 - "$tmp" <<'PY'
import json, statistics, sys
from collections import defaultdict
runs = defaultdict(list)
text, pos, dec = open(sys.argv[1]).read(), 0, json.JSONDecoder()
while text[pos:].strip():
    r, end = dec.raw_decode(text, pos + len(text[pos:]) - len(text[pos:].lstrip()))
    pos = end
    assert r["correct"], r
    runs[(r["k"], r["m"], r["decoder"])].append(r)
order = ["cpp", "rtl", "lockstep", "rtl-per-router", "lockstep-per-router"]
# Every decoder and arrangement simulates the same network: same steps, hops, holds, conflicts.
for (k, m, d), rs in runs.items():
    for r in rs:
        for key in ("steps", "hops", "holds", "conflicts"):
            assert r[key] == runs[(k, m, "cpp")][0][key], (k, m, d, key)
print("| network | decoder | runs | run s, min | x cpp | run s, median | x cpp | elaboration s, median | x cpp |")
print("|---|---|---|---|---|---|---|---|---|")
for (k, m) in sorted({(k, m) for (k, m, _) in runs}):
    stat = {}
    for d in order:
        if (k, m, d) in runs:
            w = [r["wall_seconds"] for r in runs[(k, m, d)]]
            e = [r["elaboration_seconds"] for r in runs[(k, m, d)]]
            stat[d] = (min(w), statistics.median(w), statistics.median(e))
    c = stat["cpp"]
    for d, (wmin, wmed, emed) in stat.items():
        print("| D3(%d,%d) | %s | %d | %.3f | %.2f | %.3f | %.2f | %.3f | %.2f |" % (
            k, m, d, len(runs[(k, m, d)]), wmin, wmin / c[0], wmed, wmed / c[1], emed, emed / c[2]))
PY
