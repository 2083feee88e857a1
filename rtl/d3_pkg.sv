// Header layout and decoder actions of the D3(K,M) router, as docs/header-format.md defines them.
// The C++ model (models/core/header.h, models/core/decoder.h) uses the same numbers; the co-simulation
// tests (tests/cosim) check that both agree bit for bit.
package d3_pkg;

  // Port fields in the header are 8 bits wide: a header carries any D3(K,M) with K, M <= 256.
  localparam int unsigned FieldWidth = 8;
  // The sync counter b: 0..3 in a source-vector header, 0..5 in a destination or synchronizing one.
  localparam int unsigned SyncWidth  = 3;
  // 46 used bits; bits 63..46 of the 64-bit container in the C++ model are zero.
  localparam int unsigned HdrWidth   = 46;

  // Largest K and M the header format can carry (kMaxK, kMaxM in models/core/topology.h).
  localparam int unsigned MaxK = 1 << FieldWidth;
  localparam int unsigned MaxM = 1 << FieldWidth;

  // Largest sync counter of each header kind.
  localparam logic [SyncWidth-1:0] MaxSyncSource = 3'd3;
  localparam logic [SyncWidth-1:0] MaxSyncDest   = 3'd5;
  localparam logic [SyncWidth-1:0] MaxSyncSync   = 3'd5;

  // Bits 45..44 of the header (3 is reserved: invalid).
  typedef enum logic [1:0] {
    KindSource = 2'd0,  // source-vector header (B, b; gamma, pi, delta), paper section 8
    KindDest   = 2'd1,  // destination header (b; c', d', p') with deflection ports C, D, section 10
    KindSync   = 2'd2   // synchronizing header (B, b; gamma, second, first), the later paper
  } kind_e;

  // The 46-bit header, most significant field first (bit 45 down to bit 0).
  typedef struct packed {
    kind_e                 kind;    // 45..44  header kind
    logic                  bcast;   // 43      B, the broadcast bit (source-vector headers only)
    logic [SyncWidth-1:0]  b;       // 42..40  sync counter
    logic [FieldWidth-1:0] defl_c;  // 39..32  C, deflection global port (destination, b = 4)
    logic [FieldWidth-1:0] defl_d;  // 31..24  D, deflection local port (destination, b = 5)
    logic [FieldWidth-1:0] f0;      // 23..16  gamma (global port, b = 2) or c' (destination cabinet)
    logic [FieldWidth-1:0] f1;      // 15..8   pi (local port, b = 1), d' (destination drawer) or second local port
    logic [FieldWidth-1:0] f2;      // 7..0    delta (local port, b = 3), p' (destination router) or first local port
  } header_t;

  // What the router does with the packet (enum class action in models/core/decoder.h).
  typedef enum logic [2:0] {
    ActLocal       = 3'd0,  // forward on local port port_o (port 0: hold)
    ActGlobal      = 3'd1,  // forward on global port port_o (port 0 at a fixed point: hold)
    ActEject       = 3'd2,  // b = 0: deliver to the attached node
    ActBcastLocal  = 3'd3,  // copy out of every local port; the port-0 copy is held
    ActBcastGlobal = 3'd4,  // copy out of every global port; at a fixed point the port-0 copy is held
    ActInvalid     = 3'd5   // the header is out of range for this network
  } action_e;

endpackage
