#!/usr/bin/env bash
# Proves with Yosys (Debian's `yosys`, its SAT solver) that the header decoder built for one network
# (parameters K and M) computes, for every input, what the run-time decoder computes with k_i = K and
# m_i = M, and that the fixed one reads neither k_i nor m_i (tests/synth/equiv/d3_fixed_equiv.sv).
# Then synthesises both with synth_check.sh and prints their cell counts: what fixing the network
# saves.
# Usage: equiv_check.sh RTL_DIR GLOBAL_PORT_WIDTH LOCAL_PORT_WIDTH K M [FIXED_FAULT]
# FIXED_FAULT = 1 seeds a fault into the fixed decoder: the proof must fail (the test expects it).
set -euo pipefail
rtl=$1 g=$2 l=$3 k=$4 m=$5 fault=${6:-0}
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
command -v yosys >/dev/null || { echo "yosys is not installed (Debian package yosys)" >&2; exit 1; }
params="-chparam GlobalPortWidth $g -chparam LocalPortWidth $l -chparam K $k -chparam M $m"
if ! yosys -q -l "$log" -p "read_verilog -sv $rtl/d3_pkg.sv $rtl/d3_header_decoder.sv \
      $here/equiv/d3_fixed_equiv.sv;
    hierarchy -check -top d3_fixed_equiv $params -chparam FixedFault $fault;
    proc; flatten; opt -fast; sat -prove equal_o 1 -verify -show-inputs d3_fixed_equiv" \
    >/dev/null 2>&1; then
  # Yosys's error, or the counterexample's inputs (the rows of its table; not the "Import" lines).
  { grep -E "ERROR|^ +\\\\(hdr_i|c_i|d_i|p_i|mdf_i|groups_i|exit_router_i|exit_port_i) " "$log" ||
    true; } | head -10 >&2
  echo "the decoder fixed to K=$k M=$m differs from the run-time decoder (widths $g/$l; counterexample above)" >&2
  exit 1
fi
# Both netlists through the synthesis check (combinational, no storage, generic gates only).
"$here/synth_check.sh" "$rtl" "$g" "$l"
"$here/synth_check.sh" "$rtl" "$g" "$l" "$k" "$m"
echo "d3_header_decoder widths $g/$l: the decoder fixed to K=$k M=$m equals the run-time decoder" \
  "with k_i=$k m_i=$m for every input, and reads neither"
