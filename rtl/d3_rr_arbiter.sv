// The paper router's per-output round-robin arbiter (models/core/router/arbiter.h, policy
// round_robin): among the requesters, the one at the smallest distance (i - next) mod n from the
// pointer wins; when the grant is taken (take_i), the pointer moves past the winner, to
// (winner + 1) mod n. The switch allocator has one per output link (issue 49, docs/rtl-units.md).
// N is the most requesters the hardware has; n_i, how many a router of the network uses (constant
// from reset): requests at n_i and above are ignored. The search is two priority encoders, one over
// the requesters from the pointer on and one over all, so no division by n_i.
// Timing: the grant is combinational from req_i, n_i and the pointer; the pointer is a register
// updated at the rising clock edge, reset to 0 (active-low asynchronous reset).
module d3_rr_arbiter #(
  parameter int unsigned N = 4,            // most requesters (1..256)
  parameter int unsigned SeededFault = 0,  // tests only (1): the pointer stays on the winner
  localparam int unsigned IdxWidth = (N > 1) ? $clog2(N) : 1,
  localparam int unsigned CountWidth = $clog2(N + 1)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [N-1:0]          req_i,    // requester i asks for the output
  input  logic [CountWidth-1:0] n_i,      // requesters in use (1..N), constant from reset
  input  logic                  take_i,   // the grant is used in this cycle: move the pointer
  output logic                  valid_o,  // some requester asked: gnt_o and idx_o are the winner
  output logic [N-1:0]          gnt_o,    // one-hot grant
  output logic [IdxWidth-1:0]   idx_o     // the winner's index
);
  if (N < 1 || N > 256) begin : g_check_n
    $error("N must be 1..256");
  end

  logic [IdxWidth-1:0] next_q, next_d, winner, win_from, win_any;
  logic found_from, found_any;

  // The first requester at or after the pointer, and the first of all (the wrap).
  always_comb begin
    found_from = 1'b0;
    found_any  = 1'b0;
    win_from   = '0;
    win_any    = '0;
    for (int unsigned i = 0; i < N; i++) begin
      if (req_i[i] && i < 32'(n_i)) begin
        if (!found_any) begin
          found_any = 1'b1;
          win_any   = IdxWidth'(i);
        end
        if (!found_from && i >= 32'(next_q)) begin
          found_from = 1'b1;
          win_from   = IdxWidth'(i);
        end
      end
    end
  end
  assign winner = found_from ? win_from : win_any;

  always_comb begin
    next_d = next_q;
    if (found_any && take_i) begin
      if (SeededFault != 0) next_d = winner;
      else next_d = (32'(winner) + 1 >= 32'(n_i)) ? '0 : IdxWidth'(32'(winner) + 1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) next_q <= '0;
    else next_q <= next_d;
  end

  assign valid_o = found_any;
  assign idx_o   = winner;
  assign gnt_o   = found_any ? (N'(1) << winner) : '0;
endmodule
