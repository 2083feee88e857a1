#!/usr/bin/env bash
# Synthesises one RTL unit of the router (issue 49, docs/rtl-units.md) with Yosys and checks the
# netlist: `check -assert` (no driver conflicts, undriven or looping wires), no latch, no memory;
# flip-flops are allowed (a unit with state). Prints its cells, its flip-flops, the longest
# combinational path in cell levels (`ltp -noff`) and Yosys's transistor estimate of its gates
# (`stat -tech cmos`, no cell library needed; flip-flops are not counted there, hence "+").
# Usage: synth_unit.sh SV_FILE TOP [PARAM VALUE]...
set -euo pipefail
file=$1 top=$2
shift 2
params="" shown=""
while [[ $# -ge 2 ]]; do
  params+=" -chparam $1 $2"
  shown+=" $1=$2"
  shift 2
done
command -v yosys >/dev/null || { echo "yosys is not installed (Debian package yosys)" >&2; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! yosys -q -l "$log" -p "read_verilog -sv $file; hierarchy -check -top $top $params;
    synth -top $top; check -assert;
    select -assert-none t:\$*latch* t:\$_*LATCH* t:\$mem*; tee -o /dev/stdout stat; ltp -noff;
    tee -o /dev/stdout stat -tech cmos" \
    >/dev/null 2>&1; then
  { grep -E "ERROR|Latch inferred|Found and reported [1-9]|^Selection contains" "$log" || true; } |
    head -8 >&2
  echo "yosys rejected $top$shown (log above)" >&2
  exit 1
fi
cells=$(grep -E "Number of cells:" "$log" | head -1 | awk '{print $4}')
transistors=$(grep -E "Estimated number of transistors:" "$log" | tail -1 | awk '{print $5}')
flops=$(awk '/Number of cells:/{n=0} /\$_(S|A)?DFF/{n+=$2} END{print n+0}' "$log")
levels=$(grep -oE "Longest topological path in [^ ]+ \(length=[0-9]+\)" "$log" | tail -1 |
  grep -oE "[0-9]+\)$" | tr -d ')')
[[ -n "$cells" && -n "$levels" ]] || { echo "yosys printed no statistics for $top$shown" >&2; exit 1; }
echo "$top$shown: $cells cells, $flops flip-flops, longest combinational path $levels levels," \
  "${transistors:-0} transistors (CMOS estimate)"
