// Virtual channels separated by the sync counter b (paper section 10). Plain C++.
//
// Every hop steps b down by one, and a packet's b on arrival selects its virtual channel at the
// receiving input. A packet in channel b only ever waits for channel b-1 downstream (or for the
// node, b = 0), so the channel dependency graph has no cycle and l-g-l routing cannot deadlock,
// however the buffers fill. D3's and MDF's destination headers launch with b <= 5 and arrive
// with b <= 4: five channels (b = 0..4) cover minimal (b = 3), Valiant (b = 4) and UGAL-style
// (b = 5) routing. A file network's headers launch with b <= 15 (its routes' hops, a 4-bit b
// there; Valiant's two legs b <= 30) and arrive with b <= 29: a channel per distance class, as
// many as the longest route has hops (docs/networks.md, "Deadlock freedom" and "Routers and
// diameter").
// With fewer channels the highest ones are shared (vc = min(b, vcs - 1)), which is only
// guaranteed deadlock-free when vcs > the largest b a packet arrives with.
#pragma once

namespace d3 {

/// Largest number of virtual channels per input (b on arrival is 0..29; two spare). Nothing per
/// router is sized by it: the input VC state and the per-channel statistics take the run's --vcs.
inline constexpr int kMaxVcs = 32;
/// Channels the synthetic-traffic testbench uses by default: one per b on arrival, 0..4.
inline constexpr int kTrafficVcs = 5;

/// The virtual channel of a packet that arrives with sync counter b.
inline int vc_of(int b, int vcs) {
    return b < vcs ? b : vcs - 1;
}

}  // namespace d3
