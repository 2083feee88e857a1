#!/usr/bin/env bash
# The all-to-all of Theorem 7 at D3(4,8), D3(8,8) and D3(11,11): wall time, simulated hops per second,
# peak memory. Each network runs RUNS times (default 3) and the fastest run is reported: on a shared
# VM single runs vary by a factor of several (docs/performance.md).
# Usage: bench/bench.sh [path/to/d3sim] [RUNS]   (default build/d3sim, 3)
set -euo pipefail
d3sim=${1:-build/d3sim}
runs=${2:-3}
printf '| network | routers | packets | hops | steps | elaboration s | run s (fastest of %s) | hops/s | peak RSS MiB | correct |\n' "$runs"
printf '|---|---|---|---|---|---|---|---|---|---|\n'
for km in "4 8" "8 8" "11 11"; do
  set -- $km
  for ((i = 0; i < runs; i++)); do
    "$d3sim" --k "$1" --m "$2" --primitive all-to-all --no-progress -q --json -
  done | python3 -c '
import json, sys
dec = json.JSONDecoder()
text, runs = sys.stdin.read(), []
i = 0
while i < len(text):
    if text[i].isspace():
        i += 1
        continue
    obj, i = dec.raw_decode(text, i)
    runs.append(obj)
r = min(runs, key=lambda x: x["wall_seconds"])
n = r["k"] * r["m"] ** 2
print("| D3(%d,%d) | %d | %d | %d | %d | %.2f | %.2f | %.2f M | %.0f | %s |" % (
    r["k"], r["m"], n, r["injected"], r["hops"], r["steps"], r["elaboration_seconds"],
    r["wall_seconds"], r["hops_per_second"] / 1e6, r["peak_rss_kib"] / 1024,
    all(x["correct"] for x in runs)))'
done
