#!/usr/bin/env bash
# Synthesises rtl/ with Yosys (Debian's `yosys`) for one parameter set and checks that the result
# is a purely combinational netlist without problems: `check -assert` (no driver conflicts, no
# undriven or combinational-loop wires), no flip-flop, no latch, no memory, and nothing but the
# combinational cells of Yosys's generic gate library. Prints the cell count.
# Usage: synth_check.sh RTL_DIR GLOBAL_PORT_WIDTH LOCAL_PORT_WIDTH [K M]
# With K and M, the netlist of that one network (the decoder's parameters K and M; without them, the
# run-time netlist that reads K and M from its inputs).
#
# After `synth` the storage cells are the generic library's upper-case ones ($_DFF_P_, $_SDFF_*,
# $_DFFE_*, $_ALDFF_*, $_DLATCH_*, $_SR_*, ...); before techmap they are lower case ($dff, $adff,
# $dlatch, $sr, $mem_v2, ...). Both are refused by name (for the message), and then every cell
# that is not one of the combinational gates below is refused too, so that a storage cell this list
# does not name (or a black box) cannot pass as "combinational".
set -euo pipefail
rtl=$1 g=$2 l=$3 k=${4:-0} m=${5:-0}
# K and M only when given: the refusal fixtures (tests/synth/fixtures) have no such parameters.
network_params=""
[[ $# -ge 5 ]] && network_params="-chparam K $k -chparam M $m"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
storage='t:$*dff* t:$*ff* t:$_*FF* t:$*latch* t:$_*LATCH* t:$sr t:$_SR_* t:$mem*'
not_gate='t:*'
for gate in NOT BUF AND NAND OR NOR XOR XNOR ANDNOT ORNOT MUX NMUX AOI3 OAI3 AOI4 OAI4; do
  not_gate+=" t:\$_${gate}_ %d"
done
command -v yosys >/dev/null || { echo "yosys is not installed (Debian package yosys)" >&2; exit 1; }
# Yosys's messages go to the log only (with -q it also printed each error to stderr, so that every
# ERROR line showed twice); the lines that say why are printed from the log below.
if ! yosys -q -l "$log" -p "read_verilog -sv $rtl/d3_pkg.sv $rtl/d3_header_decoder.sv;
    hierarchy -check -top d3_header_decoder -chparam GlobalPortWidth $g -chparam LocalPortWidth $l $network_params;
    synth -top d3_header_decoder; check -assert;
    select -assert-none $storage; select -assert-none $not_gate; tee -o /dev/stdout stat;
    tee -o /dev/stdout stat -tech cmos" \
    >/dev/null 2>&1; then
  { grep -E "ERROR|Latch inferred|Found and reported [1-9]|^Selection contains|^d3_header_decoder/" \
    "$log" || true; } | head -8 >&2
  echo "yosys rejected $rtl for widths $g/$l, K=$k M=$m (log above)" >&2
  exit 1
fi
cells=$(grep -E "Number of cells:" "$log" | tail -1 | awk '{print $4}')
# Yosys's transistor estimate of the generic gates (`stat -tech cmos`): an area figure that needs no
# cell library (docs/energy.md).
transistors=$(grep -E "Estimated number of transistors:" "$log" | tail -1 | awk '{print $5}')
if [[ -z "$cells" ]]; then
  echo "yosys printed no cell count for widths $g/$l" >&2
  exit 1
fi
network="run-time K, M"
[[ $k != 0 ]] && network="fixed K=$k M=$m"
echo "d3_header_decoder GlobalPortWidth=$g LocalPortWidth=$l, $network: $cells cells," \
  "${transistors:-?} transistors (CMOS estimate), combinational"
