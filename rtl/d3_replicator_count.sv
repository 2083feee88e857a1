// An architect's own replicator (bring your own RTL, docs/rtl-units.md): rtl/d3_replicator.sv's
// port list and timing contract, built another way. The default tests the list of targets left
// without the served one for emptiness; this one counts the targets left (the load's population
// count, one less per take) and gives a copy while more than one is left. The same policy, so its
// network runs give the default's results and run in lockstep with the C++ replicator; it trusts
// the adapter to serve only targets of the list (the default does not need to).
// Timing: copy_o and done_o are combinational from take_i and the registered count; the list and
// the count change at the rising clock edge; reset (active low, asynchronous) empties them.
module d3_replicator_count #(
  parameter int unsigned Targets = 8,  // target lines (2..64)
  localparam int unsigned IdxWidth = $clog2(Targets),
  localparam int unsigned CountWidth = $clog2(Targets + 1)
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

  logic [Targets-1:0]    remaining_q, remaining_d;
  logic [CountWidth-1:0] left_q, left_d, loaded;

  always_comb begin
    loaded = '0;
    for (int unsigned i = 0; i < Targets; i++) loaded = loaded + CountWidth'(targets_i[i]);
  end

  // A unicast entry (count 0) is done at its one take; a broadcast's take copies while others
  // are left.
  assign copy_o = take_i && left_q > CountWidth'(1);
  assign done_o = take_i && left_q <= CountWidth'(1);

  always_comb begin
    remaining_d = remaining_q;
    left_d = left_q;
    if (take_i) begin
      remaining_d = remaining_q & ~(Targets'(1) << take_idx_i);
      left_d = (left_q == '0) ? '0 : left_q - CountWidth'(1);
    end
    if (load_i) begin
      remaining_d = broadcast_i ? targets_i : '0;
      left_d = broadcast_i ? loaded : '0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      remaining_q <= '0;
      left_q <= '0;
    end else begin
      remaining_q <= remaining_d;
      left_q <= left_d;
    end
  end

  assign remaining_o = remaining_q;
endmodule
