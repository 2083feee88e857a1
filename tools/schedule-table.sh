#!/usr/bin/env bash
# Theorem 7 with the paper's delays against the same rounds without them, as a markdown table.
# Usage: tools/schedule-table.sh [path/to/d3sim]   (default build/d3sim)
set -euo pipefail
d3sim=${1:-build/d3sim}
echo "| network | schedule | rounds | delays | steps | K M^2 + K M + 2 | conflicts | correct |"
echo "|---|---|---|---|---|---|---|---|"
for km in "1 4" "2 4" "3 4" "4 4" "2 6" "4 8" "8 8"; do
  set -- $km
  for s in paper none; do
    "$d3sim" --k "$1" --m "$2" --schedule "$s" --no-progress -q --json - | python3 -c '
import json, sys
r = json.load(sys.stdin)
k, m = r["k"], r["m"]
print("| D3(%d,%d) | %s | %d | %d | %d | %d | %d | %s |" % (k, m, r["schedule"], r["rounds"], r["delays"],
      r["steps"], k * m * m + k * m + 2, r["conflicts"], r["correct"]))'
  done
done
