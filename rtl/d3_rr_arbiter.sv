// The paper router's per-output round-robin arbiter (models/core/router/arbiter.h, policy
// round_robin): among the requesters, the one at the smallest distance (i - next) mod N from the
// pointer wins; when the grant is taken (take_i), the pointer moves past the winner, to
// (winner + 1) mod N. The switch allocator has one per output link (issue 49, docs/rtl-units.md).
// Timing: the grant is combinational from req_i and the pointer; the pointer is a register
// updated at the rising clock edge, reset to 0 (active-low asynchronous reset).
module d3_rr_arbiter #(
  parameter int unsigned N = 4,            // requesters (1..64)
  parameter int unsigned SeededFault = 0,  // tests only (1): the pointer stays on the winner
  localparam int unsigned IdxWidth = (N > 1) ? $clog2(N) : 1
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [N-1:0]        req_i,    // requester i asks for the output
  input  logic                take_i,   // the grant is used in this cycle: move the pointer
  output logic                valid_o,  // some requester asked: gnt_o and idx_o are the winner
  output logic [N-1:0]        gnt_o,    // one-hot grant
  output logic [IdxWidth-1:0] idx_o     // the winner's index
);
  if (N < 1 || N > 64) begin : g_check_n
    $error("N must be 1..64");
  end

  logic [IdxWidth-1:0] next_q, next_d, winner;
  logic found;

  // The first requester from the pointer on, wrapping: requester (next + k) mod N for k = 0..N-1.
  always_comb begin
    found  = 1'b0;
    winner = '0;
    for (int unsigned k = 0; k < N; k++) begin
      if (!found && req_i[(32'(next_q) + k) % N]) begin
        found  = 1'b1;
        winner = IdxWidth'((32'(next_q) + k) % N);
      end
    end
  end

  always_comb begin
    next_d = next_q;
    if (found && take_i) begin
      if (SeededFault != 0) next_d = winner;
      else next_d = (32'(winner) == N - 1) ? '0 : winner + 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) next_q <= '0;
    else next_q <= next_d;
  end

  assign valid_o = found;
  assign idx_o   = winner;
  assign gnt_o   = found ? (N'(1) << winner) : '0;
endmodule
