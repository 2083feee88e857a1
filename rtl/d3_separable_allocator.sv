// The design-space routers' separable input-first switch allocator with round-robin arbiters
// (models/core/allocation/separable_allocator.h, Dally & Towles 19.3): each free input's arbiter
// picks one of the free outputs it asks for, then each output's arbiter picks one of the inputs
// that picked it; a matched pair's input and output leave the next pass. Only the first pass moves
// the arbiters: a matched pair's input pointer to one past its output, its output pointer to one
// past its input (the C++ allocator's update). `Iterations` passes (BookSim2's alloc_iters).
// The rows are the allocator's inputs: a design-space router's input ports times its input
// speedup; which virtual channel of a row asks is chosen before (core/vc_router/switch_allocation.h).
// Timing: gnt_o is combinational from req_i and the pointers; the pointers move at the rising
// edge when take_i is high; reset (active low, asynchronous) sets every pointer to 0.
module d3_separable_allocator #(
  parameter int unsigned Inputs = 4,       // rows (1..64)
  parameter int unsigned Outputs = 4,      // columns (1..64)
  parameter int unsigned Iterations = 1,   // passes (1..4)
  parameter int unsigned SeededFault = 0,  // tests only (1): an output pointer stays on its winner
  localparam int unsigned MaxPorts = (Inputs > Outputs) ? Inputs : Outputs,
  localparam int unsigned PtrWidth = (MaxPorts > 1) ? $clog2(MaxPorts) : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [Inputs*Outputs-1:0] req_i,   // bit i * Outputs + o: input i asks for output o
  input  logic                      take_i,  // the matching is used: the pointers move at the edge
  output logic [Inputs*Outputs-1:0] gnt_o    // the matching, as req_i
);
  if (Inputs < 1 || Inputs > 64 || Outputs < 1 || Outputs > 64) begin : g_check_ports
    $error("Inputs and Outputs must be 1..64");
  end
  if (Iterations < 1 || Iterations > 4) begin : g_check_iterations
    $error("Iterations must be 1..4");
  end

  // Pointers: input i's at bits i * PtrWidth, output o's at bits o * PtrWidth.
  logic [Inputs*PtrWidth-1:0]  in_ptr_q, in_ptr_d;
  logic [Outputs*PtrWidth-1:0] out_ptr_q, out_ptr_d;

  logic [Inputs-1:0]          free_in;
  logic [Outputs-1:0]         free_out;
  logic [Inputs*Outputs-1:0]  pick;  // bit i * Outputs + o: input i picked output o
  // A round-robin pick: the requests `asking`, those at or after the pointer (`later`), the
  // winner one-hot (`won`): the first of `later`, else the first of `asking`.
  logic [MaxPorts-1:0]        asking, later, won;
  logic [PtrWidth-1:0]        ptr, x;

  always_comb begin
    gnt_o = '0;
    free_in = '1;
    free_out = '1;
    in_ptr_d = in_ptr_q;
    out_ptr_d = out_ptr_q;
    pick = '0;
    asking = '0;
    later = '0;
    won = '0;
    ptr = '0;
    x = '0;
    for (int unsigned it = 0; it < Iterations; it++) begin
      // Each free input picks one of the free outputs it asks for.
      for (int unsigned i = 0; i < Inputs; i++) begin
        asking = '0;
        asking[Outputs-1:0] = free_in[i] ? req_i[i*Outputs+:Outputs] & free_out : '0;
        ptr = in_ptr_q[i*PtrWidth+:PtrWidth];
        later = asking & ~((MaxPorts'(1) << ptr) - MaxPorts'(1));
        won = (later != '0) ? later & (~later + MaxPorts'(1)) : asking & (~asking + MaxPorts'(1));
        pick[i*Outputs+:Outputs] = won[Outputs-1:0];
      end
      // Each output picks one of the inputs that picked it.
      for (int unsigned o = 0; o < Outputs; o++) begin
        asking = '0;
        for (int unsigned i = 0; i < Inputs; i++) asking[i] = pick[i*Outputs+o];
        ptr = out_ptr_q[o*PtrWidth+:PtrWidth];
        later = asking & ~((MaxPorts'(1) << ptr) - MaxPorts'(1));
        won = (later != '0) ? later & (~later + MaxPorts'(1)) : asking & (~asking + MaxPorts'(1));
        x = '0;
        for (int unsigned b = 0; b < Inputs; b++) if (won[b]) x = PtrWidth'(b);
        if (won != '0) begin
          free_out[o] = 1'b0;
          // Only the first pass moves the arbiters: the output's past its input.
          if (it == 0)
            out_ptr_d[o*PtrWidth+:PtrWidth] =
                (SeededFault != 0 || 32'(x) + 1 < Inputs) ? x + PtrWidth'(SeededFault == 0) : '0;
        end
        for (int unsigned i = 0; i < Inputs; i++) begin
          if (won[i]) begin
            gnt_o[i*Outputs+o] = 1'b1;
            free_in[i] = 1'b0;
            // The input's past its output.
            if (it == 0) in_ptr_d[i*PtrWidth+:PtrWidth] = (o + 1 < Outputs) ? PtrWidth'(o + 1) : '0;
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_ptr_q <= '0;
      out_ptr_q <= '0;
    end else if (take_i) begin
      in_ptr_q <= in_ptr_d;
      out_ptr_q <= out_ptr_d;
    end
  end
endmodule
