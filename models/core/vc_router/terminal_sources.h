// The terminals' source queues of a design-space router (core/vc_router/vc_router.h): each
// terminal keeps the packets its node created, in order, and moves one flit per cycle over its
// injection channel into its terminal input port, as credits and a free VC there allow (BookSim2's
// source queue and injection channel). Plain C++.
#pragma once

#include <cstdint>
#include <vector>

#include "core/containers/bounded_ring.h"
#include "core/run/packet.h"
#include "core/vc_router/input_vcs.h"
#include "core/vc_router/output_vcs.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

class terminal_sources {
  public:
    explicit terminal_sources(const vc_router_setup& s);

    /// `p` (created by terminal p->terminal mod terminals) may leave from cycle `ready`.
    void add(packet* p, std::uint64_t ready) {
        queues_[static_cast<std::size_t>(p->terminal % setup_.terminals)].packets.push_slot() = {
            p, ready};
        ++packets_;
    }
    /// Each terminal with a packet ready by `t` sends one flit: into(terminal, vc, flit).
    template <typename Into>
    void inject(std::uint64_t t, Into&& into) {
        credits_.return_credits(t);
        if (packets_ == 0) return;
        for (std::size_t q = 0; q < queues_.size(); ++q) {
            source& s = queues_[q];
            if (s.packets.empty() || s.packets.front().ready > t) continue;
            const int terminal = static_cast<int>(q);
            packet* p = s.packets.front().pkt;
            if (s.seq == 0 && !choose_vc(terminal, *p, t)) continue;
            if (credits_.credits(terminal, s.vc) <= 0) continue;
            const bool tail = s.seq + 1 == p->flits;
            credits_.send(terminal, s.vc, tail);
            into(terminal, s.vc, flit_slot{p, t, static_cast<std::uint16_t>(s.seq)});
            if (tail) {
                s.packets.pop_front();
                s.seq = 0;
                --packets_;
            } else {
                ++s.seq;
            }
        }
    }
    /// A slot of VC `vc` of terminal `terminal`'s input port is free from `due`.
    void credit(int terminal, int vc, std::uint64_t due) {
        credits_.credit_arrived(terminal, vc, due);
    }
    /// f(packet, its first flit not sent yet) for each packet waiting, whole or in part.
    template <typename F>
    void for_each_waiting(F&& f) const {
        for (const source& s : queues_)
            for (std::size_t i = 0; i < s.packets.size(); ++i)
                f(*s.packets[i].pkt, i == 0 ? s.seq : 0);
    }
    /// Takes `p` out of its queue (a failure took it): the flits it had not sent; a packet sent
    /// in part gives its VC at the terminal input back.
    void take_out(const packet* p);
    /// Packets waiting (whole or in part).
    std::uint64_t packets() const { return packets_; }
    /// The earliest cycle a waiting packet may start (UINT64_MAX: none).
    std::uint64_t next_ready() const;
    std::uint64_t next_credit() const { return credits_.next_credit(); }

  private:
    struct queued {
        packet* pkt;
        std::uint64_t ready;
    };
    struct source {
        /// Unbounded in effect (the node decides how many wait); no memory while empty.
        bounded_ring<queued> packets{UINT32_MAX};
        int seq = 0;  ///< next flit of the front packet
        int vc = 0;   ///< its VC at the terminal input
    };
    /// The head of `p` takes a free VC with room at its terminal's input in cycle `t` (false:
    /// none now).
    bool choose_vc(int terminal, const packet& p, std::uint64_t t);

    const vc_router_setup& setup_;
    vc_class_map classes_;
    std::vector<source> queues_;
    output_vcs credits_;  ///< the terminal inputs' VCs, as seen from the terminals
    std::uint64_t packets_ = 0;
};

}  // namespace d3
