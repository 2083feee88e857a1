// The paper router's hold stage (models/sc/router/hold_stage.h): where a packet spends a hop time
// when the decoder sends it to port 0 while its sync counter b still counts down (the decoder's next
// header carries b - 1; the hold stage only keeps time), so that every source-vector path takes
// exactly three steps. Up to Slots packets, kept in the order they entered (slot 0 the oldest):
// up to Admits packets admitted in a cycle (admission 0 first) enter at the clock edge with its hold time (local_time_i or
// global_time_i cycles, by the link it did not take), counts down once per cycle, and is ready when
// its count reaches 0; the packets that leave (left_i, among the ready ones) are dropped at the edge
// and the others close up, keeping their order, the one admitted behind them. A packet a failure
// takes (drop_i) leaves at the edge whatever its count, and is out of count_o and room_o at once, in
// the cycle drop_i is asserted (docs/resilience.md, "Failures at a step").
// Timing: ready_o and id_o are registered (from the slots: a dropped slot still shows its packet
// until the edge); count_o and room_o are the slots' less the slots drop_i names; the slots change
// at the rising clock edge; reset (active low, asynchronous) empties them.
module d3_hold_stage #(
  parameter int unsigned Slots = 4,        // packets held at once (1..32)
  parameter int unsigned IdWidth = 8,      // the packet's tag, as the router keeps it (1..32)
  parameter int unsigned TimeWidth = 4,    // hold time counters (1..8 bits)
  parameter int unsigned Admits = 1,       // packets admitted per cycle (1..8)
  parameter int unsigned SeededFault = 0,  // tests only (1): a packet leaves one cycle early
  localparam int unsigned CountWidth = $clog2(Slots + 1)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic [CountWidth-1:0]      capacity_i,     // packets the router lets in (1..Slots)
  input  logic [TimeWidth-1:0]       local_time_i,   // hold time of a local hop (>= 1)
  input  logic [TimeWidth-1:0]       global_time_i,  // hold time of a global hop (>= 1)
  input  logic [Admits-1:0]          admit_i,        // admission j: a packet enters at this edge
  input  logic [Admits*IdWidth-1:0]  admit_id_i,     // admission j's tag at bits j*IdWidth
  input  logic [Admits-1:0]          admit_global_i, // admission j replaces a global hop
  input  logic [Slots-1:0]           left_i,         // slot i's packet left in this cycle
  input  logic [Slots-1:0]           drop_i,         // slot i's packet is taken out at this edge
  output logic [Slots-1:0]           ready_o,        // slot i holds a packet whose time is up
  output logic [Slots*IdWidth-1:0]   id_o,           // slot i's tag at bits i*IdWidth
  output logic [CountWidth-1:0]      count_o,        // packets held, those dropped not counted
  output logic [CountWidth-1:0]      room_o          // capacity_i - count_o (0 when full)
);
  if (Slots < 1 || Slots > 32) begin : g_check_slots
    $error("Slots must be 1..32");
  end
  if (Admits < 1 || Admits > 8) begin : g_check_admits
    $error("Admits must be 1..8");
  end
  if (IdWidth < 1 || IdWidth > 32 || TimeWidth < 1 || TimeWidth > 8) begin : g_check_widths
    $error("IdWidth must be 1..32 and TimeWidth 1..8");
  end

  // Slot i's tag and count at bits i*IdWidth and i*TimeWidth (flat vectors: Yosys's reader).
  logic [Slots-1:0]           valid_q, valid_d;
  logic [Slots*IdWidth-1:0]   id_q, id_d;
  logic [Slots*TimeWidth-1:0] wait_q, wait_d;
  logic [CountWidth-1:0]      count, n;
  logic [TimeWidth-1:0]       w;

  always_comb begin
    count = '0;
    for (int unsigned i = 0; i < Slots; i++) count += CountWidth'(valid_q[i] && !drop_i[i]);
  end

  // The packets that stay (neither left nor dropped) close up in order (counting down); those
  // admitted follow them, in the order of their admissions, each with one cycle of its hold time
  // behind it at the edge.
  always_comb begin
    n       = '0;
    w       = '0;
    valid_d = '0;
    id_d    = id_q;
    wait_d  = wait_q;
    for (int unsigned i = 0; i < Slots; i++) begin
      if (valid_q[i] && !(left_i[i] && ready_o[i]) && !drop_i[i]) begin
        w = wait_q[i*TimeWidth+:TimeWidth];
        valid_d = valid_d | (Slots'(1) << n);
        id_d[32'(n)*IdWidth+:IdWidth] = id_q[i*IdWidth+:IdWidth];
        wait_d[32'(n)*TimeWidth+:TimeWidth] = (w == '0) ? '0 : w - TimeWidth'(1);
        n = n + CountWidth'(1);
      end
    end
    for (int unsigned j = 0; j < Admits; j++) begin
      if (admit_i[j] && 32'(n) < Slots) begin
        valid_d = valid_d | (Slots'(1) << n);
        id_d[32'(n)*IdWidth+:IdWidth] = admit_id_i[j*IdWidth+:IdWidth];
        wait_d[32'(n)*TimeWidth+:TimeWidth] =
            (admit_global_i[j] ? global_time_i : local_time_i) - TimeWidth'(1);
        n = n + CountWidth'(1);
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      id_q    <= '0;
      wait_q  <= '0;
    end else begin
      valid_q <= valid_d;
      id_q    <= id_d;
      wait_q  <= wait_d;
    end
  end

  for (genvar i = 0; i < Slots; i++) begin : g_out
    if (SeededFault != 0) begin : g_fault
      assign ready_o[i] = valid_q[i] && wait_q[i*TimeWidth+:TimeWidth] <= TimeWidth'(1);
    end else begin : g_ready
      assign ready_o[i] = valid_q[i] && wait_q[i*TimeWidth+:TimeWidth] == '0;
    end
  end
  assign id_o    = id_q;
  assign count_o = count;
  assign room_o  = (capacity_i > count) ? capacity_i - count : '0;
endmodule
