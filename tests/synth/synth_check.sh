#!/usr/bin/env bash
# Synthesises rtl/ with Yosys (Debian's `yosys`) for one parameter set and checks that the result
# is a purely combinational netlist without problems: `check -assert` (no driver conflicts, no
# undriven or combinational-loop wires), no flip-flop and no latch. Prints the cell count.
# Usage: synth_check.sh RTL_DIR GLOBAL_PORT_WIDTH LOCAL_PORT_WIDTH
set -euo pipefail
rtl=$1 g=$2 l=$3
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! yosys -q -l "$log" -p "read_verilog -sv $rtl/d3_pkg.sv $rtl/d3_header_decoder.sv;
    hierarchy -check -top d3_header_decoder -chparam GlobalPortWidth $g -chparam LocalPortWidth $l;
    synth -top d3_header_decoder; check -assert;
    select -assert-none t:\$*dff* t:\$*latch* t:\$_DLATCH* t:\$_SR*; tee -o /dev/stdout stat" \
    >/dev/null; then
  grep -iE "error|latch|problem" "$log" | head -5 >&2
  echo "yosys rejected rtl/ for widths $g/$l (log above)" >&2
  exit 1
fi
cells=$(grep -E "Number of cells:" "$log" | tail -1 | awk '{print $4}')
echo "d3_header_decoder GlobalPortWidth=$g LocalPortWidth=$l: $cells cells, combinational"
