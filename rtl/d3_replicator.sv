// The paper router's replicator (models/sc/router/replicator.h): the broadcast bit's fan-out. An
// entry's decision is loaded with its targets (load_i; broadcast_i and targets_i, one line per
// target the adapter numbers: links, the hold stage, ejection); each cycle the switch may serve one
// of them (take_i, take_idx_i). A broadcast entry's served target gets a fresh copy of the packet
// (copy_o) while other targets remain; the last takes the packet itself and the entry is done
// (done_o). A unicast entry's one target takes the packet: done at once, no copy.
// Timing: copy_o and done_o are combinational from take_i, take_idx_i and the registered list of
// targets left (remaining_o); the list changes at the rising clock edge (a load, or the served
// target removed); reset (active low, asynchronous) empties it.
module d3_replicator #(
  parameter int unsigned Targets = 8,      // target lines (2..64)
  parameter int unsigned SeededFault = 0,  // tests only (1): no copy for the last but one target
  localparam int unsigned IdxWidth = $clog2(Targets)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                load_i,       // a new entry: its list replaces the list at the edge
  input  logic                broadcast_i,  // the entry is a broadcast (the header's bit)
  input  logic [Targets-1:0]  targets_i,    // a broadcast's targets
  input  logic                take_i,       // a target is served in this cycle
  input  logic [IdxWidth-1:0] take_idx_i,   // which (one of remaining_o for a broadcast)
  output logic                copy_o,       // the served target gets a fresh copy
  output logic                done_o,       // the entry is done after this take
  output logic [Targets-1:0]  remaining_o   // a broadcast's targets not served yet (0: unicast)
);
  if (Targets < 2 || Targets > 64) begin : g_check_targets
    $error("Targets must be 2..64");
  end

  logic [Targets-1:0] remaining_q, remaining_d, others;
  logic               several_others;

  assign others = remaining_q & ~(Targets'(1) << take_idx_i);
  // More than one other target left: (x & (x - 1)) != 0.
  assign several_others = (others & (others - Targets'(1))) != '0;

  always_comb begin
    copy_o = 1'b0;
    done_o = 1'b0;
    if (take_i) begin
      if (remaining_q == '0) begin  // unicast
        done_o = 1'b1;
      end else begin
        copy_o = (SeededFault != 0) ? several_others : others != '0;
        done_o = others == '0;
      end
    end
  end

  always_comb begin
    remaining_d = remaining_q;
    if (take_i) remaining_d = others;
    if (load_i) remaining_d = broadcast_i ? targets_i : '0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) remaining_q <= '0;
    else remaining_q <= remaining_d;
  end

  assign remaining_o = remaining_q;
endmodule
