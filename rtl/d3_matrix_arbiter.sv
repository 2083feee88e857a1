// A matrix arbiter (least recently granted) with the port list and timing contract of the switch
// allocator's arbiter (rtl/d3_rr_arbiter.sv, docs/rtl-units.md): a second allocator policy that an
// architect names in the configuration (`d3sim --unit-impl switch_allocator=rtl:d3_matrix_arbiter`)
// in place of the paper's round-robin one. The state is a priority matrix, prio_q bit i*N+j set
// when requester i goes before requester j (the diagonal always set): a requester wins when it goes
// before every other requester that asks. When the grant is taken (take_i), the winner goes after
// every other requester (its row cleared, its column set). From reset a lower index goes first, so
// the first grants equal the round-robin arbiter's; the two differ only where their policies do.
// N is the most requesters; n_i, how many a router uses (constant from reset): requests at n_i and
// above are ignored.
// Timing: the grant is combinational from req_i, n_i and the matrix; the matrix is the only state,
// updated at the rising clock edge (active-low asynchronous reset).
module d3_matrix_arbiter #(
  parameter int unsigned N = 4,            // most requesters (1..256)
  localparam int unsigned IdxWidth = (N > 1) ? $clog2(N) : 1,
  localparam int unsigned CountWidth = $clog2(N + 1)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [N-1:0]          req_i,    // requester i asks for the output
  input  logic [CountWidth-1:0] n_i,      // requesters in use (1..N), constant from reset
  input  logic                  take_i,   // the grant is used in this cycle: update the matrix
  output logic                  valid_o,  // some requester asked: gnt_o and idx_o are the winner
  output logic [N-1:0]          gnt_o,    // one-hot grant
  output logic [IdxWidth-1:0]   idx_o     // the winner's index
);
  if (N < 1 || N > 256) begin : g_check_n
    $error("N must be 1..256");
  end

  logic [N*N-1:0]      prio_q, prio_d, prio_reset;
  logic [N-1:0]        req, wins;
  logic [IdxWidth-1:0] winner;

  // The requests in use: lines at n_i and above are ignored.
  for (genvar i = 0; i < N; i++) begin : g_req
    assign req[i] = req_i[i] && i < 32'(n_i);
  end

  // Requester i wins when it asks and goes before every other requester that asks.
  for (genvar i = 0; i < N; i++) begin : g_wins
    assign wins[i] = req[i] && &(prio_q[i*N+:N] | ~req);
  end

  always_comb begin
    winner = '0;
    for (int unsigned i = 0; i < N; i++)
      if (wins[i]) winner = IdxWidth'(i);
  end

  // The winner goes after every other requester; the diagonal stays set.
  always_comb begin
    prio_d = prio_q;
    if (|req && take_i) begin
      for (int unsigned j = 0; j < N; j++) begin
        prio_d[32'(winner)*N+j] = (j == 32'(winner));
        prio_d[j*N+32'(winner)] = 1'b1;
      end
    end
  end

  // From reset, a lower index goes first.
  for (genvar i = 0; i < N; i++) begin : g_reset_row
    for (genvar j = 0; j < N; j++) begin : g_reset_col
      assign prio_reset[i*N+j] = (i <= j);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) prio_q <= prio_reset;
    else prio_q <= prio_d;
  end

  assign valid_o = |req;
  assign idx_o   = winner;
  assign gnt_o   = wins;
endmodule
