#!/usr/bin/env bash
# tools/booksim-speed without BookSim2 (label cli): none given is exit 77 and one line; bad input is
# exit 2 and one line; with a stand-in "BookSim2" (a script printing BookSim2's statistics and its
# "Time taken" line) the table has a row per program, the stand-in's cycles and accepted rate, and
# d3sim's cycles from its own JSON.
# Usage: speed_script_test.sh D3SIM TOOL WORK_DIR
set -euo pipefail
d3sim=$1 tool=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
source "$(dirname "$0")/exit_checks.sh"
unset D3_BOOKSIM
check "no BookSim2" 77 "$tool" --d3sim "$d3sim"
check "no source folder" 2 "$tool" --d3sim "$d3sim" --booksim-src "$work/none"
check "bad case" 2 "$tool" --d3sim "$d3sim" --booksim /bin/true --cases 9:1
check "bad case text" 2 "$tool" --d3sim "$d3sim" --booksim /bin/true --cases 4
check "bad rate" 2 "$tool" --d3sim "$d3sim" --booksim /bin/true --rate 1.5
check "no d3sim" 2 "$tool" --d3sim "$work/none" --booksim /bin/true
check "no BookSim2 file" 2 "$tool" --d3sim "$d3sim" --booksim "$work/none"

cat >"$work/fake-booksim" <<'SH'
#!/bin/sh
# stand-in for BookSim2: the rate it was given accepted, 123 cycles
rate=$(sed -n 's/^injection_rate = \(.*\);/\1/p' "$1")
grep -q '^k = 4;' "$1" || { echo "not k = 4"; exit 1; }
printf "====== Overall Traffic Statistics ======\nPacket latency average = 150 (1 samples)\n"
printf "Accepted flit rate average = %s (1 samples)\nTime taken is 123 cycles\n" "$rate"
exit 255
SH
chmod +x "$work/fake-booksim"
"$tool" --d3sim "$d3sim" --booksim "$work/fake-booksim" --cases 4:1 --rate 0.2 --warmup 20 \
  --measure 20 --pairs 1 --keep "$work/kept" >"$work/table" 2>"$work/progress"
rows=$(grep -c '^| MDF(4,8) | 1 |' "$work/table" || true)
[[ $rows == 3 ]] || { echo "FAIL: $rows rows, want 3"; cat "$work/table"; fails=$((fails + 1)); }
grep -q '^| MDF(4,8) | 1 | BookSim2 | 123 | .* | 0.200 | - | - |$' "$work/table" ||
  { echo "FAIL: the stand-in's row"; cat "$work/table"; fails=$((fails + 1)); }
for config in booksim-iq-router booksim-dragonfly; do
  steps=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['steps'])" \
    "$work/kept/d3sim-k4-F1-0-$config.json")
  grep -q "^| MDF(4,8) | 1 | d3sim, [a-z' ]* router | $steps | " "$work/table" ||
    { echo "FAIL: no row with $config's $steps steps"; cat "$work/table"; fails=$((fails + 1)); }
done
[[ $fails == 0 ]] && echo "all checks passed"
exit "$fails"
