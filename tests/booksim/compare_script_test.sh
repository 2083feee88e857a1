#!/usr/bin/env bash
# tools/booksim-compare without BookSim2 (label cli): no binary is exit 77 and one line; bad input
# is exit 2 and one line; with a stand-in "BookSim2" (a script printing BookSim2's statistics
# lines: stable below 0.5, "Simulation unstable" above), the table, both saturation throughputs
# and the verdict come out, the stop rule leaves the loads after two past saturation unrun, and the
# verdict "not met" is exit 1.
# Usage: compare_script_test.sh D3SIM TOOL REPO_ROOT WORK_DIR
set -euo pipefail
d3sim=$1 tool=$2 root=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
source "$(dirname "$0")/exit_checks.sh"
unset D3_BOOKSIM
check "no BookSim2" 77 "$tool" --d3sim "$d3sim"
export D3_BOOKSIM=/bin/true
check "bad routing" 2 "$tool" --d3sim "$d3sim" --routing valiant
check "bad length" 2 "$tool" --d3sim "$d3sim" --packet-length 4
check "fractional size weight" 2 "$tool" --d3sim "$d3sim" --packet-sizes 1:0.5,8:0.5
check "size given twice" 2 "$tool" --d3sim "$d3sim" --packet-sizes 8:1,8:2
check "bad rates" 2 "$tool" --d3sim "$d3sim" --rates 0.1:x
check "rate above 1" 2 "$tool" --d3sim "$d3sim" --rates 0.5,1.5
check "bad jobs" 2 "$tool" --d3sim "$d3sim" --jobs 0
check "no d3sim" 2 "$tool" --d3sim "$work/none"
check "no config" 2 "$tool" --d3sim "$d3sim" --config "$work/none.yaml"
check "no BookSim2 file" 2 "$tool" --d3sim "$d3sim" --booksim "$work/none"
check "reuse without keep" 2 "$tool" --d3sim "$d3sim" --reuse

cat >"$work/fake-booksim" <<'SH'
#!/bin/sh
# stand-in for BookSim2: latency 200 + 100 x rate; accepted = rate up to 0.5, then 0.45, unstable;
# nothing once $0.off exists
[ -e "$0.off" ] && exit 255
rate=$(sed -n 's/^injection_rate = \(.*\);/\1/p' "$1")
awk -v r="$rate" 'BEGIN {
  if (r + 0 > 0.5) {
    printf "Packet latency average = %g\nAccepted flit rate average= 0.45\nSimulation unstable, ending ...\n", 600 + r
  } else {
    printf "====== Overall Traffic Statistics ======\nPacket latency average = %g (1 samples)\n", 200 + 100 * r
    printf "Accepted flit rate average = %g (1 samples)\n", r
  }
  exit 255
}'
SH
chmod +x "$work/fake-booksim"
# the d3sim side on a short window (fast under the sanitizers too)
sed -e 's/warmup: 1000/warmup: 200/' -e 's/measure: 1000/measure: 200/' \
  -e 's/drain_limit: 20000/drain_limit: 1000/' "$root/configs/booksim-dragonfly.yaml" >"$work/short.yaml"
grep -q "warmup: 200" "$work/short.yaml" || { echo "FAIL: configs/booksim-dragonfly.yaml has no warmup: 1000"; exit 1; }
status=0
"$tool" --d3sim "$d3sim" --config "$work/short.yaml" --booksim "$work/fake-booksim" \
  --rates 0.1,0.6,0.7,0.8 --keep "$work/kept" --quiet >"$work/table.md" 2>"$work/err" || status=$?
want() {  # want PATTERN: the table has it
  grep -qF -- "$1" "$work/table.md" || { echo "FAIL: no '$1' in the table:"; cat "$work/table.md"; fails=$((fails + 1)); }
}
[[ $status == 1 ]] || { echo "FAIL: stand-in run exit $status (want 1)"; cat "$work/err"; fails=$((fails + 1)); }
want "| 0.1 | 210.0 |"
want "| 0.6 | 600.6 (past sat.) |"
want "| 0.8 | stopped |"
want "Saturation throughput (flits/terminal/cycle): BookSim2 0.450"
want "Latency judged at the loads up to 0.9 x 0.450 = 0.405."
want "Verdict (3 % on latency and saturation throughput): NOT met (latency at 0.1;"
# --reuse: the same table from the kept outputs, nothing run (the stand-in now prints nothing)
# (the stand-in is not rewritten: a binary of another size or time is not reused)
cp "$work/table.md" "$work/table-first.md"
touch "$work/fake-booksim.off"
"$tool" --d3sim "$d3sim" --config "$work/short.yaml" --booksim "$work/fake-booksim" \
  --rates 0.1,0.6,0.7,0.8 --keep "$work/kept" --reuse --quiet >"$work/table.md" 2>/dev/null || true
cmp -s "$work/table.md" "$work/table-first.md" || { echo "FAIL: --reuse made another table"; fails=$((fails + 1)); }
[[ $fails == 0 ]] && echo "booksim-compare: all checks passed"
exit $((fails > 0))
