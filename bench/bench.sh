#!/usr/bin/env bash
# The all-to-all of Theorem 7 at D3(4,8), D3(8,8) and D3(11,11): wall time, simulated hops per second,
# peak memory. Usage: bench/bench.sh [path/to/d3sim]   (default build/d3sim)
set -euo pipefail
d3sim=${1:-build/d3sim}
printf '| network | routers | packets | hops | steps | elaboration s | run s | hops/s | peak RSS MiB | correct |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'
for km in "4 8" "8 8" "11 11"; do
  set -- $km
  "$d3sim" --k "$1" --m "$2" --primitive all-to-all --no-progress -q --json - | python3 -c '
import json, sys
r = json.load(sys.stdin)
n = r["k"] * r["m"] ** 2
print("| D3(%d,%d) | %d | %d | %d | %d | %.2f | %.2f | %.2f M | %.0f | %s |" % (
    r["k"], r["m"], n, r["injected"], r["hops"], r["steps"], r["elaboration_seconds"],
    r["wall_seconds"], r["hops_per_second"] / 1e6, r["peak_rss_kib"] / 1024, r["correct"]))'
done
