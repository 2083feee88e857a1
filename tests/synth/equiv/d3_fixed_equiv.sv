// Equivalence harness for tests/synth/equiv_check.sh: the decoder built for one network (parameters
// K and M) next to the run-time decoder fed k_i = K and m_i = M, on the same free inputs. equal_o is
// 1 when every output agrees; Yosys's SAT solver proves it for every input (all 2**46 headers, every
// router coordinate, MDF and D3, any routing-table entry). The fixed instance's k_i and m_i are free
// inputs too, so the proof also shows that a fixed netlist reads neither. FixedFault = 1 gives the
// fixed instance the decoder's seeded fault (SeededFault): the proof must then fail, which shows that
// the check can fail.
module d3_fixed_equiv #(
  parameter int unsigned GlobalPortWidth = 2,
  parameter int unsigned LocalPortWidth  = 3,
  parameter int unsigned K               = 4,
  parameter int unsigned M               = 8,
  parameter int unsigned FixedFault      = 0,
  localparam int unsigned PortWidth =
      GlobalPortWidth > LocalPortWidth ? GlobalPortWidth : LocalPortWidth
) (
  input  logic [GlobalPortWidth:0]    k_any_i,   // what the fixed decoder's k_i sees: anything
  input  logic [LocalPortWidth:0]     m_any_i,   // what the fixed decoder's m_i sees: anything
  input  logic [GlobalPortWidth-1:0]  c_i,
  input  logic [LocalPortWidth-1:0]   d_i,
  input  logic [LocalPortWidth-1:0]   p_i,
  input  logic                        mdf_i,
  input  logic [GlobalPortWidth:0]    groups_i,
  input  logic [LocalPortWidth-1:0]   exit_router_i,
  input  logic [GlobalPortWidth-1:0]  exit_port_i,
  input  logic [d3_pkg::HdrWidth-1:0] hdr_i,
  output logic                        equal_o
);
  logic [2:0]                  act_run, act_fixed;
  logic [PortWidth-1:0]        port_run, port_fixed;
  logic                        hold_run, hold_fixed;
  logic [d3_pkg::HdrWidth-1:0] next_run, next_fixed;

  d3_header_decoder #(
    .GlobalPortWidth(GlobalPortWidth), .LocalPortWidth(LocalPortWidth)
  ) u_run_time (
    .k_i((GlobalPortWidth + 1)'(K)), .m_i((LocalPortWidth + 1)'(M)), .c_i, .d_i, .p_i, .mdf_i,
    .groups_i, .exit_router_i, .exit_port_i, .hdr_i,
    .act_o(act_run), .port_o(port_run), .hold_o(hold_run), .next_o(next_run)
  );

  d3_header_decoder #(
    .GlobalPortWidth(GlobalPortWidth), .LocalPortWidth(LocalPortWidth), .K(K), .M(M),
    .SeededFault(FixedFault)
  ) u_fixed (
    .k_i(k_any_i), .m_i(m_any_i), .c_i, .d_i, .p_i, .mdf_i,
    .groups_i, .exit_router_i, .exit_port_i, .hdr_i,
    .act_o(act_fixed), .port_o(port_fixed), .hold_o(hold_fixed), .next_o(next_fixed)
  );

  assign equal_o = act_run == act_fixed && port_run == port_fixed && hold_run == hold_fixed &&
                   next_run == next_fixed;
endmodule
