// Header decoder of router (c, d, p) of D3(K, M): what the router does with the packet at the head
// of a buffer, and the header the packet carries on. Combinational; docs/header-format.md is the
// specification and models/core/decoder.cpp the reference model (matched bit for bit, tests/cosim).
//
// Source-vector header (B, b; gamma, pi, delta), paper section 8:
//   b = 3 local port delta, b = 2 global port gamma, b = 1 local port pi, b = 0 eject;
//   B = 1: all local ports (b = 3, 1) or all global ports (b = 2) at once.
// Destination header (b; c', d', p') with deflection ports C and D, paper section 10:
//   b = 5 local port D, b = 4 global port C, b = 3 local (d' - p) mod M,
//   b = 2 global (c' - c) mod K, b = 1 local (p' - p) mod M, b = 0 eject.
// Synchronizing header (B, b; gamma, second, first), the later paper (issue 14): b even global port
//   gamma, which is then set to 0; b odd the first local port, which is then replaced by the second.
//   B = 1: b = 5 the first local port, b = 4 all global ports, b = 3 and 1 all local ports,
//   b = 2 global port gamma (a depth-four broadcast tree after one delegation hop).
// Local port 0 holds the packet for one step; so does global port 0 at a fixed point (c, p, p),
// where it loops back to the router itself.
//
// The maximal dragonfly MDF(K,M) of section 11 (mdf_i = 1; models/core/mdf_decoder.cpp is its
// reference): router (g, r) drives c_i = g, d_i = 0, p_i = r. Every global port is a link, so no
// global hop holds. Source vectors read as on D3 (b = 3 local delta, b = 2 global gamma, b = 1
// local pi); the broadcast's all-global step keeps a held copy at router 0 of the group (D3's rule
// d = p read with d = 0). Destination headers (b; g', 0, r') read the group's routing table, which
// sits outside this block (a memory indexed by g'): exit_router_i and exit_port_i are its entry for
// g' = the header's c' field. b = 5 local D, b = 4 global C, b = 3 local to the exit router (hold
// in the own group), b = 2 global exit port (own group: global port 0, held; a router that is
// not the exit router: invalid), b = 1 local to router r'. Synchronizing headers are invalid.
//
// K and M: with the parameters K = M = 0 (the default) they are the inputs k_i and m_i (constant
// during a run), so one netlist serves every network up to the size that the port widths allow:
// K <= 2**GlobalPortWidth, M <= 2**LocalPortWidth. This is the netlist the simulator co-simulates
// (d3sim --decoder rtl on any D3(K,M)). Nonzero parameters K and M build the decoder of one network,
// D3(K,M) or MDF(K,M): k_i and m_i are then not read, and synthesis folds the range checks and the
// modular subtractions against constants (tests/synth proves it equal to the run-time netlist with
// k_i = K, m_i = M, and prints both cell counts). The header's port fields are 8 bits, so both
// widths are at most d3_pkg::FieldWidth = 8 (K, M <= 256). On MDF the group number c_i also takes
// GlobalPortWidth bits: K*M+1 <= 2**GlobalPortWidth.
//
// Written for Verilator and for Yosys (Debian's 0.23; tests/synth), which reads neither an import
// in the module header nor a package type in a port: the ports are plain vectors of the package's
// widths (hdr_i, next_o: header_t; act_o: action_e, cast inside), the layout check takes $bits of a
// signal (not of the package type), and functions assign their name (no `return`).
module d3_header_decoder #(
  parameter int unsigned GlobalPortWidth = d3_pkg::FieldWidth,  // bits of a global port / cabinet, 1..8
  parameter int unsigned LocalPortWidth  = d3_pkg::FieldWidth,  // bits of a local port / drawer / router, 1..8
  // The network the netlist is built for: 0 and 0 read K and M from k_i and m_i at run time;
  // otherwise 1 <= K <= 2**GlobalPortWidth and 2 <= M <= 2**LocalPortWidth, fixed.
  parameter int unsigned K               = 0,
  parameter int unsigned M               = 0,
  // Test only (tests/cosim seeded-fault check): 1 makes a source-vector header at b = 1 leave on
  // local port delta instead of pi. Always 0 in the model the simulator uses.
  parameter int unsigned SeededFault     = 0,
  // Width of port_o: wide enough for a global and for a local port.
  localparam int unsigned PortWidth =
      GlobalPortWidth > LocalPortWidth ? GlobalPortWidth : LocalPortWidth
) (
  input  logic [GlobalPortWidth:0]   k_i,     // K, cabinets (1 .. 2**GlobalPortWidth); not read when K != 0
  input  logic [LocalPortWidth:0]    m_i,     // M, drawers per cabinet, routers per drawer (2 .. 2**LocalPortWidth); not read when M != 0
  input  logic [GlobalPortWidth-1:0] c_i,     // cabinet c of this router (< K)
  input  logic [LocalPortWidth-1:0]  d_i,     // drawer d of this router (< M)
  input  logic [LocalPortWidth-1:0]  p_i,     // router p of this router within its drawer (< M)
  input  logic                       mdf_i,   // 1: MDF(K,M) (c_i a group, d_i 0), 0: D3(K,M)
  input  logic [GlobalPortWidth:0]   groups_i, // MDF: K*M+1 groups (<= 2**GlobalPortWidth); unused on D3
  input  logic [LocalPortWidth-1:0]  exit_router_i, // MDF: routing table entry for group c': router with the link
  input  logic [GlobalPortWidth-1:0] exit_port_i,   // MDF: that router's global port to c' (unused on D3)
  input  logic [d3_pkg::HdrWidth-1:0] hdr_i, // header_t of the packet at the head of the buffer
  output logic [2:0]                 act_o,   // action_e: what to do with the packet
  output logic [PortWidth-1:0]       port_o,  // local or global port for ActLocal / ActGlobal, else 0
  output logic                       hold_o,  // the packet (broadcast: its port-0 copy) stays one step
  output logic [d3_pkg::HdrWidth-1:0] next_o  // header after this step: b - 1 (unchanged on eject, invalid)
);

  // The package's items used below (Yosys 0.23 reads d3_pkg::X, not an import).
  localparam int unsigned FieldWidth = d3_pkg::FieldWidth;
  localparam int unsigned HdrWidth   = d3_pkg::HdrWidth;

  // The ports as the package's types.
  d3_pkg::header_t hdr, next_hdr;
  d3_pkg::action_e act;
  assign hdr    = hdr_i;
  assign next_o = next_hdr;
  assign act_o  = act;

  // Elaboration-time checks: the layout in d3_pkg and the limits of the parameters. The messages
  // are plain strings: Yosys 0.23 prints a $error's format string without its arguments ("1..%0d"),
  // so the numbers are written out (FieldWidth = 8, MaxK = MaxM = 256, HdrWidth = 46).
  if ($bits(hdr) != HdrWidth || $bits(act) != $bits(act_o)) begin : gen_bad_layout
    $error("header_t must be 46 bits and action_e 3 bits (docs/header-format.md)");
  end
  if (GlobalPortWidth < 1 || (1 << GlobalPortWidth) > d3_pkg::MaxK) begin : gen_bad_global_width
    $error("GlobalPortWidth must be 1..8 (K <= 256)");
  end
  if (LocalPortWidth < 1 || (1 << LocalPortWidth) > d3_pkg::MaxM) begin : gen_bad_local_width
    $error("LocalPortWidth must be 1..8 (M <= 256)");
  end

  if ((K == 0) != (M == 0)) begin : gen_bad_network
    $error("K and M are both 0 (read from k_i and m_i) or both set");
  end
  if (K != 0 && (K > (1 << GlobalPortWidth) || M < 2 || M > (1 << LocalPortWidth)))
  begin : gen_bad_fixed
    $error("a fixed network needs K <= 2**GlobalPortWidth and 2 <= M <= 2**LocalPortWidth");
  end

  localparam int unsigned CmpWidth = FieldWidth + 1;  // holds any field and K, M up to 256

  // K and M as the logic below reads them: the parameters' constants, or the inputs.
  logic [GlobalPortWidth:0] k_net;
  logic [LocalPortWidth:0]  m_net;
  if (K != 0) begin : gen_fixed_network
    assign k_net = (GlobalPortWidth + 1)'(K);
    assign m_net = (LocalPortWidth + 1)'(M);
    // Not read in a fixed netlist (Verilator's default --unused-regexp takes "unused" names).
    logic unused_k_m;
    assign unused_k_m = ^{k_i, m_i};
  end else begin : gen_run_time_network
    assign k_net = k_i;
    assign m_net = m_i;
  end

  // (a - b) mod n for a, b < n, without a divider: a - b, plus n when it went negative.
  function automatic logic [GlobalPortWidth-1:0] sub_mod_k(logic [GlobalPortWidth-1:0] a,
                                                           logic [GlobalPortWidth-1:0] b,
                                                           logic [GlobalPortWidth:0]   n);
    logic [GlobalPortWidth:0] diff;
    diff = {1'b0, a} - {1'b0, b};
    if (a < b) diff = diff + n;
    sub_mod_k = diff[GlobalPortWidth-1:0];
  endfunction

  function automatic logic [LocalPortWidth-1:0] sub_mod_m(logic [LocalPortWidth-1:0] a,
                                                          logic [LocalPortWidth-1:0] b,
                                                          logic [LocalPortWidth:0]   n);
    logic [LocalPortWidth:0] diff;
    diff = {1'b0, a} - {1'b0, b};
    if (a < b) diff = diff + n;
    sub_mod_m = diff[LocalPortWidth-1:0];
  endfunction

  // A port field is in range when it is below K (global) or M (local).
  function automatic logic below_k(logic [FieldWidth-1:0] field, logic [GlobalPortWidth:0] k);
    below_k = CmpWidth'(field) < CmpWidth'(k);
  endfunction

  function automatic logic below_m(logic [FieldWidth-1:0] field, logic [LocalPortWidth:0] m);
    below_m = CmpWidth'(field) < CmpWidth'(m);
  endfunction

  // ---- Validity (docs/header-format.md, "makes the header invalid") ----
  logic vector_ok, source_ok, sync_ok, dest_ok, hdr_ok;
  assign vector_ok = below_k(hdr.f0, k_net) && below_m(hdr.f1, m_net) && below_m(hdr.f2, m_net) &&
                     hdr.defl_c == '0 && hdr.defl_d == '0;
  assign source_ok = hdr.b <= d3_pkg::MaxSyncSource && vector_ok;
  assign sync_ok   = hdr.b <= d3_pkg::MaxSyncSync && vector_ok;
  assign dest_ok   = !hdr.bcast && hdr.b <= d3_pkg::MaxSyncDest && below_k(hdr.f0, k_net) &&
                     below_k(hdr.defl_c, k_net) && below_m(hdr.f1, m_net) &&
                     below_m(hdr.f2, m_net) && below_m(hdr.defl_d, m_net);
  // MDF: c' names one of the K*M+1 groups, d' is 0, C a global and D a local port.
  logic mdf_dest_ok;
  assign mdf_dest_ok = !hdr.bcast && hdr.b <= d3_pkg::MaxSyncDest && below_k(hdr.f0, groups_i) &&
                       hdr.f1 == '0 && below_m(hdr.f2, m_net) && below_k(hdr.defl_c, k_net) &&
                       below_m(hdr.defl_d, m_net);
  // MDF, b = 2 towards another group: only the exit router holds the link (no table entry elsewhere).
  logic own_group, not_exit;
  assign own_group = CmpWidth'(hdr.f0) == CmpWidth'(c_i);
  assign not_exit  = mdf_i && hdr.kind == d3_pkg::KindDest && hdr.b == 3'd2 && !own_group &&
                     exit_router_i != p_i;
  always_comb begin
    unique case (hdr.kind)
      d3_pkg::KindSource: hdr_ok = source_ok;
      d3_pkg::KindDest:   hdr_ok = (mdf_i ? mdf_dest_ok : dest_ok) && !not_exit;
      d3_pkg::KindSync:   hdr_ok = sync_ok && !mdf_i;  // D3's only
      default:            hdr_ok = 1'b0;  // reserved kind
    endcase
  end

  // ---- Ports named by the header. Valid fields are below K or M, so their high bits are zero ----
  logic [GlobalPortWidth-1:0] gamma, defl_c, dest_c;
  logic [LocalPortWidth-1:0]  pi, delta, defl_d, dest_d, dest_p;
  assign gamma  = hdr.f0[GlobalPortWidth-1:0];
  assign dest_c = hdr.f0[GlobalPortWidth-1:0];
  assign defl_c = hdr.defl_c[GlobalPortWidth-1:0];
  assign pi     = hdr.f1[LocalPortWidth-1:0];
  assign dest_d = hdr.f1[LocalPortWidth-1:0];
  assign delta  = hdr.f2[LocalPortWidth-1:0];
  assign dest_p = hdr.f2[LocalPortWidth-1:0];
  assign defl_d = hdr.defl_d[LocalPortWidth-1:0];

  // Section 10's tables: row from the destination, column from this router.
  logic [LocalPortWidth-1:0]  to_drawer, to_router;
  logic [GlobalPortWidth-1:0] to_cabinet;
  assign to_drawer  = sub_mod_m(dest_d, p_i, m_net);  // b = 3: (d', p) local
  assign to_cabinet = sub_mod_k(dest_c, c_i, k_net);  // b = 2: (c', c) global
  assign to_router  = sub_mod_m(dest_p, p_i, m_net);  // b = 1: (p', d) local

  // Global port 0 of (c, p, p) leads back to the router itself (never on MDF). The broadcast's
  // all-global step holds a copy here, on MDF at router 0 of the group (d_i = 0).
  logic fixed_point, bcast_hold_point;
  assign bcast_hold_point = d_i == p_i;
  assign fixed_point      = bcast_hold_point && !mdf_i;

  // MDF, b = 3: the local port to the group's exit router towards c' (0 in the own group).
  logic [LocalPortWidth-1:0] to_exit;
  assign to_exit = own_group ? '0 : sub_mod_m(exit_router_i, p_i, m_net);

  // ---- The hop this header asks for ----
  typedef enum logic [1:0] {
    HopLocal,   // one local port
    HopGlobal,  // one global port
    HopAllLocal,
    HopAllGlobal
  } hop_e;

  hop_e                       hop;
  logic [LocalPortWidth-1:0]  local_port;
  logic [GlobalPortWidth-1:0] global_port;
  logic                       global_hold;  // HopGlobal: the packet stays (a loop or MDF's own group)

  always_comb begin
    hop         = HopLocal;
    local_port  = '0;
    global_port = '0;
    global_hold = 1'b0;
    if (hdr.kind == d3_pkg::KindSource) begin
      if (hdr.bcast) begin
        hop = hdr.b == 3'd2 ? HopAllGlobal : HopAllLocal;
      end else begin
        unique case (hdr.b)
          3'd3:    local_port = delta;
          3'd2:    begin hop = HopGlobal; global_port = gamma; end
          default: local_port = SeededFault != 0 ? delta : pi;  // b = 1
        endcase
      end
    end else if (hdr.kind == d3_pkg::KindSync) begin
      if (hdr.bcast && hdr.b == 3'd4) begin
        hop = HopAllGlobal;
      end else if (hdr.bcast && (hdr.b == 3'd3 || hdr.b == 3'd1)) begin
        hop = HopAllLocal;
      end else if (!hdr.b[0]) begin
        hop = HopGlobal;
        global_port = gamma;
      end else begin
        local_port = delta;  // the first local port (f2)
      end
    end else if (mdf_i) begin
      unique case (hdr.b)
        3'd5:    local_port = defl_d;
        3'd4:    begin hop = HopGlobal; global_port = defl_c; end
        3'd3:    local_port = to_exit;
        3'd2:    begin
          hop         = HopGlobal;
          global_port = own_group ? '0 : exit_port_i;
          global_hold = own_group;
        end
        default: local_port = to_router;  // b = 1
      endcase
    end else begin
      unique case (hdr.b)
        3'd5:    local_port = defl_d;
        3'd4:    begin hop = HopGlobal; global_port = defl_c; end
        3'd3:    local_port = to_drawer;
        3'd2:    begin hop = HopGlobal; global_port = to_cabinet; end
        default: local_port = to_router;  // b = 1
      endcase
    end
    // D3: global port 0 at a fixed point loops back (MDF: fixed_point is 0).
    if (hop == HopGlobal && global_port == '0 && fixed_point) global_hold = 1'b1;
  end

  // ---- Outputs ----
  always_comb begin
    act  = d3_pkg::ActInvalid;
    port_o = '0;
    hold_o = 1'b0;
    next_hdr = hdr;
    if (!hdr_ok) begin
      act = d3_pkg::ActInvalid;
    end else if (hdr.b == '0) begin
      act = d3_pkg::ActEject;
    end else begin
      next_hdr.b = hdr.b - 3'd1;
      if (hdr.kind == d3_pkg::KindSync) begin
        if (!hdr.b[0]) next_hdr.f0 = '0;      // the global port is used: set it to 0
        else           next_hdr.f2 = hdr.f1;  // the first local port is replaced by the second
      end
      unique case (hop)
        HopLocal: begin
          act  = d3_pkg::ActLocal;
          port_o = PortWidth'(local_port);
          hold_o = local_port == '0;
        end
        HopGlobal: begin
          act  = d3_pkg::ActGlobal;
          port_o = PortWidth'(global_port);
          hold_o = global_hold;
        end
        HopAllLocal: begin
          act  = d3_pkg::ActBcastLocal;
          hold_o = 1'b1;
        end
        HopAllGlobal: begin
          act  = d3_pkg::ActBcastGlobal;
          hold_o = bcast_hold_point;
        end
      endcase
    end
  end

endmodule
