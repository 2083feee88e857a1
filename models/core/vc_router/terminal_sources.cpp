#include "core/vc_router/terminal_sources.h"

#include <algorithm>

#include "core/vc_router/vc_class.h"

namespace d3 {

terminal_sources::terminal_sources(const vc_router_setup& s)
    : setup_(s),
      classes_(s),
      queues_(static_cast<std::size_t>(s.terminals)),
      credits_(s.vcs, std::vector<int>(static_cast<std::size_t>(s.terminals), s.terminal_depth),
               s.wait_for_tail_credit) {}

// Static VCs: the one b fixes. Allocated ones: any VC of the terminal's input (a source has no
// channel dependency to break), drawn anew each cycle it tries from a hash of the packet and the
// cycle; a VC in use or without room makes it try again next cycle (BookSim2 draws a random
// injection VC per attempt the same way).
bool terminal_sources::choose_vc(int terminal, const packet& p, std::uint64_t t) {
    int v = vc_of(p.hdr.b, setup_.vcs);
    if (!classes_.fixed()) {
        const std::uint64_t h = (p.msg * 0x9E3779B97F4A7C15ull) ^ (t * 0xC2B2AE3D27D4EB4Full);
        v = static_cast<int>((h >> 33) % static_cast<std::uint64_t>(setup_.vcs));
    }
    const int need = setup_.control == flow_control::vct ? p.flits : 1;
    if (!credits_.free(terminal, v) || credits_.credits(terminal, v) < need) return false;
    credits_.take(terminal, v, terminal);
    queues_[static_cast<std::size_t>(terminal)].vc = v;
    return true;
}

void terminal_sources::take_out(const packet* p) {
    const int terminal = p->terminal % setup_.terminals;
    source& s = queues_[static_cast<std::size_t>(terminal)];
    const std::size_t n = s.packets.size();
    for (std::size_t i = 0; i < n; ++i) {  // each once round the ring: the others go back
        const queued q = s.packets.front();
        s.packets.pop_front();
        if (q.pkt != p) {
            s.packets.push_back(q);
            continue;
        }
        --packets_;
        if (i == 0 && s.seq != 0) {  // sent in part: it holds a VC at the terminal input
            credits_.release(terminal, s.vc);
            s.seq = 0;
        }
    }
}

std::uint64_t terminal_sources::next_ready() const {
    std::uint64_t next = UINT64_MAX;
    for (const source& s : queues_)
        if (!s.packets.empty()) next = std::min(next, s.packets.front().ready);
    return next;
}

}  // namespace d3
