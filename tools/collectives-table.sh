#!/usr/bin/env bash
# Every collective of docs/collectives.md on D3(K,M) and MDF(K,M) side by side, as a markdown
# table, then the paper's all-to-all and broadcast primitives on D3(K,M) for comparison.
# Usage: tools/collectives-table.sh [path/to/d3sim] [K] [M] [RANKS] [SIZE] [ITERATIONS]
# (default build/d3sim 4 8 256 64 3). RANKS must fit both networks (MDF(K,M) has (K M + 1) M
# routers, D3(K,M) K M^2); ranks sit on routers 0 .. RANKS-1 (--mapping linear).
set -euo pipefail
d3sim=${1:-build/d3sim}
k=${2:-4}
m=${3:-8}
ranks=${4:-256}
size=${5:-64}
iterations=${6:-3}

run() {  # topology collective algorithm -> "completion mean min max stddev conflicts"
  "$d3sim" --k "$k" --m "$m" --topology "$1" --workload "$2" --algorithm "$3" --ranks "$ranks" \
    --size "$size" --iterations "$iterations" --no-progress -q --json - | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["correct"], "a run was not correct"
w = r["workload"]; i = w["iteration"]
print("%d %d %.1f %d %d %.1f %d" % (w["steps"], w["completion"], i["mean"], i["min"], i["max"],
      i["stddev"], r["conflicts"]))'
}

echo "$ranks ranks, --size $size, --iterations $iterations, --mapping linear, --packet-length 1"
echo
echo "| collective | algorithm | steps | D3($k,$m) completion | per iteration mean (min..max, sd) | conflicts | MDF($k,$m) completion | per iteration mean (min..max, sd) | conflicts |"
echo "|---|---|---|---|---|---|---|---|---|"
for ca in "allreduce ring" "allreduce recursive-doubling" "alltoall pairwise" "alltoall bruck" \
          "bcast binomial" "halo3d neighbours" "fft transpose"; do
  set -- $ca
  read -r steps d dm dmin dmax dsd dc < <(run d3 "$1" "$2")
  read -r _ f fm fmin fmax fsd fc < <(run mdf "$1" "$2")
  echo "| $1 | $2 | $steps | $d | $dm ($dmin..$dmax, $dsd) | $dc | $f | $fm ($fmin..$fmax, $fsd) | $fc |"
done
echo
echo "The paper's primitives on D3($k,$m) (one-flit messages, source-vector paths):"
echo
echo "| primitive | messages | steps | conflicts |"
echo "|---|---|---|---|"
for p in all-to-all broadcast; do
  "$d3sim" --k "$k" --m "$m" --primitive "$p" --no-progress -q --json - | python3 -c '
import json, sys
r = json.load(sys.stdin)
print("| %s | %d | %d | %d |" % (r["primitive"], r["delivered"], r["steps"], r["conflicts"]))'
done
