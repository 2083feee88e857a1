// Lower-bound ("floor") model of the Swapped Dragonfly D3(K,M) all-to-all in SystemC/TLM-2.0.
//
// Independent of the project's code. Keeps only the structure the project's design requires:
//   - K*M*M router modules, each with one multi_passthrough initiator socket "out" and one
//     multi_passthrough target socket "in" of a custom protocol (payload = flit), six named
//     sc_object parts, and one node module (initiator "inject_out", target "eject_in");
//   - every link is a socket binding; every hop is an nb_transport_fw call and every credit an
//     nb_transport_bw call; ring-buffer input FIFOs per virtual channel (vc = b on arrival, which
//     makes l-g-l routing deadlock-free), credit flow control, a hold stage for "port 0",
//     one packet per output per cycle with a round-robin arbiter per output;
//   - one SC_METHOD stepper, one timed notification per cycle, stepping only active routers/nodes.
// Usage: floor_d3 [K] [M] [depth] [order]   (defaults 8 8 4 vector)
//   order "index":  every node sends to destinations 0..N-1 in index order (contended paths);
//   order "vector": in round r every node sends along the same source vector r (the paper's
//                   round structure, parallel paths), destination = (c+gamma, p+delta, d+pi).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <systemc>
#include <tlm>
#include "common.h"
#include "network.h"

namespace floor_bench {

constexpr int kVcs = 4;  // vc = b on arrival: 0..2 on links, 3 at injection

struct packet {
    packet* next = nullptr;   // free list / hold-stage list
    std::uint64_t ready = 0;  // first cycle it may leave the buffer it sits in
    std::uint32_t src = 0, dst = 0;
    std::uint8_t gamma = 0, pi = 0, delta = 0, b = 0;
    std::int16_t out = 0;  // the target at the router it sits in (routed on arrival)
};

using flit = basic_flit<packet>;
using flit_types = basic_flit_types<packet>;

class router;
class node;

// State shared by the whole network: time, active lists, pool, counters and checks.
struct context {
    int K = 0, M = 0, depth = 0;
    bool vector_order = false;
    std::uint32_t n = 0;  // routers
    std::uint64_t now = 0;
    active_set<router, node> active;
    packet_pool<packet> pool;
    std::uint64_t hops = 0, holds = 0, deliveries = 0, misrouted = 0, duplicates = 0;
    std::vector<std::uint64_t> delivered;  // bit src*n+dst
};

class node : public sc_core::sc_module {
  public:
    tlm_utils::simple_initiator_socket<node, 32, flit_types> inject_out;
    tlm_utils::passthrough_target_socket<node, 32, flit_types> eject_in;
    bool queued = false;

    node(sc_core::sc_module_name nm, context& ctx, std::uint32_t id)
        : sc_core::sc_module(nm),
          inject_out("inject_out"),
          eject_in("eject_in"),
          ctx_(ctx),
          id_(id) {
        inject_out.register_nb_transport_bw(this, &node::credit);
        eject_in.register_nb_transport_fw(this, &node::eject);
        credits_.count.assign(1, ctx.depth);
        credits_.pending.reserve(ctx.depth);
        const int M = ctx.M;
        c_ = id / (M * M);
        d_ = id / M % M;
        p_ = id % M;
    }

    // One packet per cycle (round r = next_dst_) if a credit is there.
    void step(std::uint64_t t) {
        credits_.begin_step(t);
        if (credits_.count[0] > 0) {
            const int K = ctx_.K, M = ctx_.M;
            const std::uint32_t r = next_dst_++;
            int c2 = r / (M * M), d2 = r / M % M, p2 = r % M;  // index order: round r -> router r
            if (ctx_.vector_order) {  // round r -> vector (gamma, pi, delta) = (c2, d2, p2)
                const int gamma = c2, pi = d2, delta = p2;
                c2 = (c_ + gamma) % K;
                d2 = (p_ + delta) % M;
                p2 = (d_ + pi) % M;
            }
            const std::uint32_t dst = std::uint32_t((c2 * M + d2) * M + p2);
            packet* p = ctx_.pool.get();
            p->src = id_;
            p->dst = dst;
            p->b = 3;
            p->next = nullptr;
            p->gamma = static_cast<std::uint8_t>((c2 - c_ + K) % K);
            p->delta = static_cast<std::uint8_t>((d2 - p_ + M) % M);
            p->pi = static_cast<std::uint8_t>((p2 - d_ + M) % M);
            --credits_.count[0];
            flit f{p, 3};
            tlm::tlm_phase ph = tlm::BEGIN_REQ;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            inject_out->nb_transport_fw(f, ph, delay);
        }
        if (next_dst_ < ctx_.n) queue();
    }

    void queue() { ctx_.active.add(this); }

  private:
    tlm::tlm_sync_enum credit(flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        credits_.arrive(f.vc - 3, ctx_.now);
        return tlm::TLM_ACCEPTED;
    }
    tlm::tlm_sync_enum eject(flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        packet* p = f.pkt;
        if (p->dst != id_) ++ctx_.misrouted;
        const std::uint64_t bit = std::uint64_t(p->src) * ctx_.n + p->dst;
        std::uint64_t& w = ctx_.delivered[bit >> 6];
        if (w >> (bit & 63) & 1) ++ctx_.duplicates;
        w |= std::uint64_t(1) << (bit & 63);
        ++ctx_.deliveries;
        ctx_.pool.put(p);
        return tlm::TLM_COMPLETED;
    }

    context& ctx_;
    std::uint32_t id_;
    int c_, d_, p_;
    std::uint32_t next_dst_ = 0;
    credit_box credits_;
};

class router : public sc_core::sc_module {
  public:
    tlm_utils::multi_passthrough_initiator_socket<router, 32, flit_types> out;
    tlm_utils::multi_passthrough_target_socket<router, 32, flit_types> in;
    bool queued = false;

    router(sc_core::sc_module_name nm, context& ctx, int c, int d, int p)
        : sc_core::sc_module(nm),
          out("out"),
          in("in"),
          input_unit_("input_unit"),
          hold_stage_("hold_stage"),
          route_stage_("route_stage"),
          replicator_("replicator"),
          switch_allocator_("switch_allocator"),
          output_unit_("output_unit"),
          ctx_(ctx),
          fixed_(d == p),
          c_(c),
          d_(d),
          p_(p) {
        out.register_nb_transport_bw(this, &router::credit);
        in.register_nb_transport_fw(this, &router::receive);
        links_ = (ctx.M - 1) + ctx.K - (fixed_ ? 1 : 0);  // out[0..links_-1]; out[links_] = eject
        eject_ = links_;
        hold_ = links_ + 1;             // target index of the hold stage
        const int inputs = 1 + links_;  // injection + one per incoming link
        buffers_ = inputs * kVcs;
        sources_ = buffers_ + 1;  // every buffer, then the hold stage
        slot_.assign(std::size_t(buffers_) * ctx.depth, nullptr);
        head_.assign(buffers_, 0);
        count_.assign(buffers_, 0);
        nonempty_.assign((sources_ + 63) / 64, 0);
        credits_.count.assign(links_ * kVcs, ctx.depth);
        credits_.pending.reserve(links_ * kVcs * ctx.depth);
        const int targets = hold_ + 1;
        rr_.assign(targets, 0);
        best_key_.assign(targets, -1);
        best_src_.assign(targets, 0);
        touched_.assign(targets, 0);
    }

    void queue() { ctx_.active.add(this); }

    void step(std::uint64_t t) {
        credits_.begin_step(t);
        // 1. Requests: the head of every non-empty source that is ready and has room onward;
        //    per target, keep the requester first in round-robin order from rr_[target].
        int ntouched = 0;
        for (std::size_t w = 0; w < nonempty_.size(); ++w) {
            for (std::uint64_t bits = nonempty_[w]; bits; bits &= bits - 1) {
                const int s = int(w * 64) + __builtin_ctzll(bits);
                packet* p =
                    s == buffers_ ? hold_head_ : slot_[std::size_t(s) * ctx_.depth + head_[s]];
                if (p->ready > t) continue;
                const int o = p->out;
                if (o < links_ && credits_.count[o * kVcs + p->b - 1] == 0) continue;
                int key = s - rr_[o];
                if (key < 0) key += sources_;
                if (best_key_[o] < 0)
                    touched_[ntouched++] = o;
                else if (key >= best_key_[o])
                    continue;
                best_key_[o] = key;
                best_src_[o] = s;
            }
        }
        // 2. Grants: one packet per target.
        for (int i = 0; i < ntouched; ++i) {
            const int o = touched_[i];
            const int s = best_src_[o];
            best_key_[o] = -1;
            rr_[o] = s + 1 == sources_ ? 0 : s + 1;
            packet* p = pop(s);
            if (o == hold_) {
                --p->b;
                p->ready = t + 1;
                p->out = static_cast<std::int16_t>(route(p));
                push_hold(p);
                ++ctx_.holds;
                continue;
            }
            tlm::tlm_phase ph = tlm::BEGIN_REQ;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            if (o == eject_) {
                if (p->dst != id()) ++ctx_.misrouted;
                flit f{p, 0};
                out[o]->nb_transport_fw(f, ph, delay);
            } else {
                --p->b;
                --credits_.count[o * kVcs + p->b];
                flit f{p, p->b};
                out[o]->nb_transport_fw(f, ph, delay);
                ++ctx_.hops;
            }
        }
        if (occupancy_ > 0) queue();
    }

  private:
    std::uint32_t id() const { return std::uint32_t((c_ * ctx_.M + d_) * ctx_.M + p_); }

    // The next target of a packet from its sync counter b: out index, eject_ or hold_.
    int route(const packet* p) const {
        switch (p->b) {
            case 3:
                return p->delta ? p->delta - 1 : hold_;
            case 2:
                if (!fixed_) return ctx_.M - 1 + p->gamma;
                return p->gamma ? ctx_.M - 2 + p->gamma : hold_;
            case 1:
                return p->pi ? p->pi - 1 : hold_;
            default:
                return eject_;
        }
    }

    void set_bit(int s) { nonempty_[s >> 6] |= std::uint64_t(1) << (s & 63); }
    void clear_bit(int s) { nonempty_[s >> 6] &= ~(std::uint64_t(1) << (s & 63)); }

    // Takes the head of source s; an input buffer slot freed sends a credit upstream.
    packet* pop(int s) {
        --occupancy_;
        if (s == buffers_) {
            packet* p = hold_head_;
            hold_head_ = p->next;
            if (!hold_head_) {
                hold_tail_ = nullptr;
                clear_bit(s);
            }
            return p;
        }
        const int depth = ctx_.depth;
        packet* p = slot_[std::size_t(s) * depth + head_[s]];
        head_[s] = std::uint8_t(head_[s] + 1 == depth ? 0 : head_[s] + 1);
        if (--count_[s] == 0) clear_bit(s);
        const unsigned us = unsigned(s);
        flit f{nullptr, std::uint8_t(us % kVcs)};
        tlm::tlm_phase ph = tlm::END_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        in[int(us / kVcs)]->nb_transport_bw(f, ph, delay);
        return p;
    }

    void push_hold(packet* p) {
        ++occupancy_;
        p->next = nullptr;
        if (hold_tail_)
            hold_tail_->next = p;
        else {
            hold_head_ = p;
            set_bit(buffers_);
        }
        hold_tail_ = p;
    }

    // A packet on input `idx` (binding order of "in"), usable from the next cycle.
    tlm::tlm_sync_enum receive(int idx, flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        const int s = idx * kVcs + f.vc;
        const int depth = ctx_.depth;
        if (count_[s] >= depth) {
            SC_REPORT_FATAL("floor/overflow", "input buffer overflow: credit protocol broken");
        }
        int tail = head_[s] + count_[s];
        if (tail >= depth) tail -= depth;
        slot_[std::size_t(s) * depth + tail] = f.pkt;
        if (count_[s]++ == 0) set_bit(s);
        f.pkt->ready = ctx_.now + 1;
        f.pkt->out = static_cast<std::int16_t>(route(f.pkt));
        ++occupancy_;
        queue();
        return tlm::TLM_ACCEPTED;
    }

    tlm::tlm_sync_enum credit(int o, flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        credits_.arrive(o * kVcs + f.vc, ctx_.now);
        return tlm::TLM_ACCEPTED;
    }

    part input_unit_, hold_stage_, route_stage_, replicator_, switch_allocator_, output_unit_;
    context& ctx_;
    bool fixed_;
    int c_, d_, p_;
    int links_ = 0, eject_ = 0, hold_ = 0, buffers_ = 0, sources_ = 0;
    std::vector<packet*> slot_;
    std::vector<std::uint8_t> head_, count_;
    std::vector<std::uint64_t> nonempty_;
    packet* hold_head_ = nullptr;
    packet* hold_tail_ = nullptr;
    int occupancy_ = 0;
    credit_box credits_;
    std::vector<int> rr_, best_key_, best_src_, touched_;
};

class network final : public network_base<context, router, node> {
  public:
    // noinline: run.sh reads elaboration as this constructor's inclusive cost.
    [[gnu::noinline]] network(sc_core::sc_module_name nm, int K, int M, int depth,
                              bool vector_order)
        : network_base(nm) {
        ctx_.K = K;
        ctx_.M = M;
        ctx_.depth = depth;
        ctx_.vector_order = vector_order;
        ctx_.n = std::uint32_t(K * M * M);
        const std::uint32_t n = ctx_.n;
        ctx_.delivered.assign((std::uint64_t(n) * n + 63) / 64, 0);
        ctx_.active.reserve(n);
        char name[48];
        for (int c = 0; c < K; ++c)
            for (int d = 0; d < M; ++d)
                for (int p = 0; p < M; ++p) {
                    std::snprintf(name, sizeof name, "router_%d_%d_%d", c, d, p);
                    routers_.emplace_back(new router(name, ctx_, c, d, p));
                    std::snprintf(name, sizeof name, "node_%d_%d_%d", c, d, p);
                    nodes_.emplace_back(new node(name, ctx_, std::uint32_t(nodes_.size())));
                }
        auto at = [&](int c, int d, int p) -> router& { return *routers_[(c * M + d) * M + p]; };
        for (std::uint32_t i = 0; i < n; ++i)  // injection is input 0 of every router
            nodes_[i]->inject_out.bind(routers_[i]->in);
        for (int c = 0; c < K; ++c)
            for (int d = 0; d < M; ++d)
                for (int p = 0; p < M; ++p) {
                    router& r = at(c, d, p);
                    for (int i = 1; i < M; ++i) r.out.bind(at(c, d, (p + i) % M).in);
                    for (int a = 0; a < K; ++a)
                        if (!(a == 0 && d == p)) r.out.bind(at((c + a) % K, p, d).in);
                    r.out.bind(nodes_[(c * M + d) * M + p]->eject_in);
                }
        start();
    }

  private:
    std::uint64_t progress() const override { return ctx_.hops + ctx_.holds + ctx_.deliveries; }
    bool done() const override { return ctx_.deliveries == std::uint64_t(ctx_.n) * ctx_.n; }
};

}  // namespace floor_bench

int sc_main(int argc, char* argv[]) {
    using namespace floor_bench;
    const int K = argc > 1 ? std::atoi(argv[1]) : 8;
    const int M = argc > 2 ? std::atoi(argv[2]) : 8;
    const int depth = argc > 3 ? std::atoi(argv[3]) : 4;
    const std::string order = argc > 4 ? argv[4] : "vector";
    if (K < 1 || M < 2 || depth < 1 || depth > 255 || (order != "index" && order != "vector")) {
        std::fprintf(stderr, "usage: floor_d3 [K] [M] [depth] [index|vector]\n");
        return 2;
    }
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    network top("d3", K, M, depth, order == "vector");
    const auto t1 = clock::now();
    const std::size_t objects = count_objects(sc_core::sc_get_top_level_objects());
    sc_core::sc_start();
    const auto t2 = clock::now();
    const auto secs = [](clock::duration d) { return std::chrono::duration<double>(d).count(); };

    const context& ctx = top.ctx();
    const std::uint64_t n = ctx.n, pairs = n * n;
    // Closed form: hold when delta == 0 (1/M of pairs), pi == 0 (1/M), or gamma == 0 at a fixed
    // point, i.e. c2 == c and d2 == d (1/(K*M)); every other step is a hop.
    const std::uint64_t holds = 2 * pairs / M + pairs / (std::uint64_t(K) * M);
    const std::uint64_t hops = 3 * pairs - holds;
    std::uint64_t set_bits = 0;
    for (std::uint64_t w : ctx.delivered) set_bits += std::uint64_t(__builtin_popcountll(w));
    const bool ok = !top.stalled() && ctx.deliveries == pairs && ctx.hops == hops &&
                    ctx.holds == holds && ctx.misrouted == 0 && ctx.duplicates == 0 &&
                    set_bits == pairs;
    std::printf("D3(%d,%d) depth %d, %s order: routers %llu, objects %zu, steps %llu\n", K, M,
                depth, order.c_str(), (unsigned long long)n, objects,
                (unsigned long long)top.steps());
    std::printf(
        "deliveries %llu (expect %llu), hops %llu (expect %llu), holds %llu (expect %llu)\n",
        (unsigned long long)ctx.deliveries, (unsigned long long)pairs, (unsigned long long)ctx.hops,
        (unsigned long long)hops, (unsigned long long)ctx.holds, (unsigned long long)holds);
    std::printf("misrouted %llu, duplicates %llu, distinct delivered %llu, stalled %d: %s\n",
                (unsigned long long)ctx.misrouted, (unsigned long long)ctx.duplicates,
                (unsigned long long)set_bits, int(top.stalled()),
                ok ? "CHECKS PASSED" : "CHECKS FAILED");
    std::printf("wall: elaboration %.3f s, simulation %.3f s (teardown follows)\n", secs(t1 - t0),
                secs(t2 - t1));
    return ok ? 0 : 1;
}
