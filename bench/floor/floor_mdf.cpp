// Lower-bound ("floor") model of the maximal dragonfly MDF(K,M) (palmtree) under uniform traffic,
// in SystemC/TLM-2.0, with floor_d3.cpp's structure: router modules with one multi_passthrough
// "out" and "in" socket of a flit protocol and six named parts, a node per router (concentration
// terminals); a link is a socket binding, a hop an nb_transport_fw call, a credit an
// nb_transport_bw call (link and injection buffers). Minimal l-g-l routing with holds (three steps,
// then eject) from an exit table per (group, destination group); vc = b on arrival (5 VCs per
// input as the project, 0..2 used); credits per (output, vc); round robin per link output among
// the ready link-buffer heads, the first `injection width` ready injection entries and the held
// packets; eject and hold take packets without arbitration (project defaults: unlimited). One
// SC_METHOD stepper steps only active routers and nodes. Traffic as models/core/traffic: per router
// an mt19937_64 seeded splitmix64(seed, id), per terminal and step bernoulli(rate), destination
// uniform over all routers (source included); latency = delivery - creation step for packets
// created in [warmup, warmup+measure); creation goes on until every measured packet has arrived
// (d3sim's rule), then the network drains.
// Usage: floor_mdf [K] [M] [concentration] [rate] [warmup] [measure] [seed]  (4 8 4 0.3 200 200 1)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <systemc>
#include <tlm>

#include "common.h"
#include "mdf_setup.h"
#include "network.h"

namespace floor_bench {

constexpr int kVcs = 5;    // per link input, vc = b on arrival (minimal routing: 0..2)
constexpr int kDepth = 8;  // --buffer-depth default
static_assert((kDepth & (kDepth - 1)) == 0, "ring index uses a mask");
constexpr int kDrainLimit = 20000;

struct packet {
    packet* next = nullptr;   // free list / node waiting list
    std::uint64_t ready = 0;  // first cycle it may leave where it sits
    std::uint32_t serial = 0, created = 0, dst = 0;
    std::uint16_t dg = 0;  // destination group
    std::uint8_t dr = 0, b = 0;
    bool measured = false;
};

using flit = basic_flit<packet>;
using flit_types = basic_flit_types<packet>;

class router;
class node;

struct context {
    int K = 0, M = 0, G = 0, conc = 0, inj_width = 0, inj_depth = 0;
    std::uint32_t n = 0;       // routers
    std::uint64_t rate53 = 0;  // bernoulli threshold on 53 bits
    std::uint64_t warmup = 0, end = 0, seed = 1;
    std::uint64_t now = 0;
    bool creating = true;
    std::vector<std::uint16_t> exit_;  // per (group, to): exit router << 8 | global port
    active_set<router, node> active;
    packet_pool<packet> pool;
    std::uint64_t created = 0, delivered = 0, hops = 0, holds = 0, misrouted = 0, duplicates = 0,
                  early = 0;
    std::uint64_t measured_created = 0, measured_delivered = 0, latency_sum = 0;
    std::uint64_t last_measured_delivery = 0;
    std::vector<std::uint64_t> delivered_bits;  // bit per packet serial

    // d3sim's traffic_state::creation_over, asked once per step before any node steps.
    bool creation_over(std::uint64_t t) const {
        if (t < end) return false;
        if (t >= end + kDrainLimit) return true;
        return measured_delivered == measured_created &&
               (measured_created == 0 || last_measured_delivery < t);
    }
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
          id_(id),
          rng_(stream_seed(ctx.seed, id)) {
        inject_out.register_nb_transport_bw(this, &node::credit);
        eject_in.register_nb_transport_fw(this, &node::eject);
        credits_.count.assign(1, ctx.inj_depth);
        credits_.pending.reserve(std::size_t(ctx.inj_depth));
    }

    void step(std::uint64_t t) {
        credits_.begin_step(t);
        if (ctx_.creating) {
            for (int term = 0; term < ctx_.conc; ++term) {
                if ((rng_() >> 11) >= ctx_.rate53) continue;
                const auto dst = std::uint32_t(rng_() % ctx_.n);
                packet* p = ctx_.pool.get();
                p->serial = std::uint32_t(ctx_.created++);
                if ((p->serial & 63) == 0) ctx_.delivered_bits.push_back(0);
                p->created = std::uint32_t(t);
                p->dst = dst;
                p->dg = std::uint16_t(dst / std::uint32_t(ctx_.M));
                p->dr = std::uint8_t(dst % std::uint32_t(ctx_.M));
                p->b = 3;
                p->measured = t >= ctx_.warmup && t < ctx_.end;
                ctx_.measured_created += p->measured;
                p->next = nullptr;
                if (tail_)
                    tail_->next = p;
                else
                    head_ = p;
                tail_ = p;
            }
        }
        for (int sent = 0; head_ && credits_.count[0] > 0 && sent < ctx_.inj_width; ++sent) {
            packet* p = head_;
            head_ = p->next;
            if (!head_) tail_ = nullptr;
            --credits_.count[0];
            flit f{p, 0};
            tlm::tlm_phase ph = tlm::BEGIN_REQ;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            inject_out->nb_transport_fw(f, ph, delay);
        }
        if (head_ || ctx_.creating) queue();
    }

    void queue() { ctx_.active.add(this); }

  private:
    tlm::tlm_sync_enum credit(flit&, tlm::tlm_phase&, sc_core::sc_time&) {
        credits_.arrive(0, ctx_.now);
        return tlm::TLM_ACCEPTED;
    }
    tlm::tlm_sync_enum eject(flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        packet* p = f.pkt;
        if (p->dst != id_) ++ctx_.misrouted;
        if (ctx_.now < p->created + 4u) ++ctx_.early;  // every path: three steps, then eject
        std::uint64_t& w = ctx_.delivered_bits[p->serial >> 6];
        const std::uint64_t bit = std::uint64_t(1) << (p->serial & 63);
        if (w & bit) ++ctx_.duplicates;
        w |= bit;
        ++ctx_.delivered;
        if (p->measured) {
            ++ctx_.measured_delivered;
            ctx_.latency_sum += ctx_.now - p->created;
            ctx_.last_measured_delivery = ctx_.now;
        }
        ctx_.pool.put(p);
        return tlm::TLM_COMPLETED;
    }

    context& ctx_;
    std::uint32_t id_;
    std::mt19937_64 rng_;
    packet* head_ = nullptr;  // created, waiting for injection (source queue)
    packet* tail_ = nullptr;
    credit_box credits_;
};

class router : public sc_core::sc_module {
  public:
    tlm_utils::multi_passthrough_initiator_socket<router, 32, flit_types> out;
    tlm_utils::multi_passthrough_target_socket<router, 32, flit_types> in;
    bool queued = false;

    // out[0..M-2]: local ports 1..M-1; out[M-1..M+K-2]: global ports 0..K-1; out[M+K-1]: eject.
    // in[0]: injection; in[1..]: links in binding order.
    router(sc_core::sc_module_name nm, context& ctx, int g, int r)
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
          g_(g),
          r_(r),
          exit_row_(&ctx.exit_[std::size_t(g) * ctx.G]) {
        out.register_nb_transport_bw(this, &router::credit);
        in.register_nb_transport_fw(this, &router::receive);
        links_ = ctx.M - 1 + ctx.K;
        eject_ = links_;
        hold_ = links_ + 1;
        // Sources: link buffers 0..bufs_-1, then the injection buffer, then the hold stage.
        bufs_ = links_ * kVcs;
        inj_src_ = bufs_;
        hold_src_ = bufs_ + 1;
        sources_ = bufs_ + 2;
        slot_.assign(std::size_t(bufs_) * kDepth, nullptr);
        head_.assign(std::size_t(bufs_), 0);
        count_.assign(std::size_t(bufs_), 0);
        nonempty_.assign(std::size_t(bufs_ + 63) / 64, 0);
        inj_.assign(std::size_t(ctx.inj_depth), nullptr);
        credits_.count.assign(std::size_t(links_) * kVcs, kDepth);
        credits_.pending.reserve(std::size_t(links_) * kVcs * kDepth);
        for (auto* v : {&rr_, &best_src_, &best_ref_, &touched_}) v->assign(std::size_t(links_), 0);
        best_key_.assign(std::size_t(links_), -1);
    }

    void queue() { ctx_.active.add(this); }

    void step(std::uint64_t t) {
        credits_.begin_step(t);
        ntouched_ = 0;
        taken_inj_ = false;
        const std::size_t held = held_.size();  // packets held before this step (all ready)
        // 1. Route every request: the ready head of each non-empty link buffer, the first
        //    inj_width ready injection entries, every held packet (hold time is one cycle).
        //    Eject and hold are served at once; link requests with a credit compete per output.
        for (std::size_t w = 0; w < nonempty_.size(); ++w) {
            for (std::uint64_t bits = nonempty_[w]; bits; bits &= bits - 1) {
                const int s = int(w * 64) + __builtin_ctzll(bits);
                packet* p = slot_[std::size_t(s) * kDepth + head_[s]];
                if (p->ready <= t) offer(p, s, s, t);
            }
        }
        const int lanes = inj_n_ < ctx_.inj_width ? inj_n_ : ctx_.inj_width;
        for (int j = 0; j < lanes && inj_[std::size_t(j)]->ready <= t; ++j)
            offer(inj_[std::size_t(j)], inj_src_, j, t);
        for (std::size_t j = 0; j < held; ++j) offer(held_[j], hold_src_, int(j), t);
        // 2. Grants: one packet per link output, round robin over the sources.
        for (int i = 0; i < ntouched_; ++i) {
            const int o = touched_[std::size_t(i)];
            const int s = best_src_[std::size_t(o)];
            best_key_[std::size_t(o)] = -1;
            rr_[std::size_t(o)] = s + 1 == sources_ ? 0 : s + 1;
            packet* p = take(s, best_ref_[std::size_t(o)]);
            --p->b;
            --credits_.count[std::size_t(o * kVcs + p->b)];
            flit f{p, p->b};
            tlm::tlm_phase ph = tlm::BEGIN_REQ;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            out[o]->nb_transport_fw(f, ph, delay);
            ++ctx_.hops;
        }
        // 3. Compact the injection buffer and the hold stage (entries taken out of order).
        if (taken_inj_) {
            int k = 0;
            for (int j = 0; j < inj_n_; ++j)
                if (inj_[std::size_t(j)]) inj_[std::size_t(k++)] = inj_[std::size_t(j)];
            inj_n_ = k;
        }
        if (held) {
            std::size_t k = 0;
            for (packet* p : held_)
                if (p) held_[k++] = p;
            held_.resize(k);
        }
        if (occupancy_ > 0) queue();
    }

  private:
    // The next target of a packet from its sync counter b: out index, eject_ or hold_.
    int route(const packet* p) {
        switch (p->b) {
            case 3: {
                if (p->dg == g_) return hold_;
                const int er = exit_row_[p->dg] >> 8;
                return er == r_ ? hold_ : local_out(er);
            }
            case 2: {
                if (p->dg == g_) return hold_;
                const int e = exit_row_[p->dg];
                if ((e >> 8) != r_) ++ctx_.misrouted;  // not the exit router: the table has no link
                return ctx_.M - 1 + (e & 0xff);
            }
            case 1:
                return p->dr == r_ ? hold_ : local_out(p->dr);
            default:
                return eject_;
        }
    }
    int local_out(int to) const {
        const int x = to - r_;
        return (x < 0 ? x + ctx_.M : x) - 1;
    }

    void offer(packet* p, int s, int ref, std::uint64_t t) {
        const int o = route(p);
        if (o >= links_) {  // eject or hold: no arbitration
            take(s, ref);
            tlm::tlm_phase ph = tlm::BEGIN_REQ;
            sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
            if (o == eject_) {
                flit f{p, 0};
                out[eject_]->nb_transport_fw(f, ph, delay);
            } else {
                --p->b;
                p->ready = t + 1;
                ++occupancy_;
                held_.push_back(p);  // appended behind this step's held packets
                ++ctx_.holds;
            }
            return;
        }
        if (credits_.count[std::size_t(o * kVcs + p->b - 1)] == 0) return;  // waits for a credit
        int key = s - rr_[std::size_t(o)];
        if (key < 0) key += sources_;
        int& best = best_key_[std::size_t(o)];
        if (best < 0)
            touched_[std::size_t(ntouched_++)] = o;
        else if (key >= best)
            return;  // ties: the first asked (oldest of one source) wins
        best = key;
        best_src_[std::size_t(o)] = s;
        best_ref_[std::size_t(o)] = ref;
    }

    void set_bit(int s) { nonempty_[std::size_t(s >> 6)] |= std::uint64_t(1) << (s & 63); }
    void clear_bit(int s) { nonempty_[std::size_t(s >> 6)] &= ~(std::uint64_t(1) << (s & 63)); }

    // Takes the packet of source s (entry ref); a freed buffer slot sends a credit upstream.
    packet* take(int s, int ref) {
        --occupancy_;
        packet* p;
        int input;
        std::uint8_t vc = 0;
        if (s == hold_src_) {
            p = held_[std::size_t(ref)];
            held_[std::size_t(ref)] = nullptr;
            return p;
        }
        if (s == inj_src_) {
            p = inj_[std::size_t(ref)];
            inj_[std::size_t(ref)] = nullptr;
            taken_inj_ = true;
            input = 0;
        } else {
            p = slot_[std::size_t(s) * kDepth + head_[std::size_t(s)]];
            head_[std::size_t(s)] = std::uint8_t((head_[std::size_t(s)] + 1) & (kDepth - 1));
            if (--count_[std::size_t(s)] == 0) clear_bit(s);
            input = 1 + s / kVcs;
            vc = std::uint8_t(s % kVcs);
        }
        flit f{nullptr, vc};
        tlm::tlm_phase ph = tlm::END_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        in[input]->nb_transport_bw(f, ph, delay);
        return p;
    }

    // A packet on input `idx` (binding order of "in"), usable from the next cycle.
    tlm::tlm_sync_enum receive(int idx, flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        f.pkt->ready = ctx_.now + 1;
        if (idx == 0) {
            if (inj_n_ >= ctx_.inj_depth)
                SC_REPORT_FATAL("floor/overflow", "injection buffer overflow: credits broken");
            inj_[std::size_t(inj_n_++)] = f.pkt;
        } else {
            const int s = (idx - 1) * kVcs + f.vc;
            const std::size_t us = std::size_t(s);
            if (count_[us] >= kDepth)
                SC_REPORT_FATAL("floor/overflow", "input buffer overflow: credits broken");
            slot_[us * kDepth + ((head_[us] + count_[us]) & (kDepth - 1))] = f.pkt;
            if (count_[us]++ == 0) set_bit(s);
        }
        ++occupancy_;
        queue();
        return tlm::TLM_ACCEPTED;
    }

    tlm::tlm_sync_enum credit(int o, flit& f, tlm::tlm_phase&, sc_core::sc_time&) {
        if (o >= links_) SC_REPORT_FATAL("floor/protocol", "credit on the ejection channel");
        credits_.arrive(o * kVcs + f.vc, ctx_.now);
        return tlm::TLM_ACCEPTED;
    }

    part input_unit_, hold_stage_, route_stage_, replicator_, switch_allocator_, output_unit_;
    context& ctx_;
    int g_, r_;
    const std::uint16_t* exit_row_;
    int links_ = 0, eject_ = 0, hold_ = 0, bufs_ = 0, inj_src_ = 0, hold_src_ = 0, sources_ = 0;
    std::vector<packet*> slot_;
    std::vector<std::uint8_t> head_, count_;
    std::vector<std::uint64_t> nonempty_;
    std::vector<packet*> inj_;
    int inj_n_ = 0;
    bool taken_inj_ = false;
    std::vector<packet*> held_;  // the hold stage's packets, in the order they entered
    int occupancy_ = 0;
    credit_box credits_;
    std::vector<int> rr_, best_key_, best_src_, best_ref_, touched_;
    int ntouched_ = 0;
};

class network final : public network_base<context, router, node> {
  public:
    // noinline: run.sh reads elaboration as this constructor's inclusive cost.
    [[gnu::noinline]] network(sc_core::sc_module_name nm, const mdf_args& a) : network_base(nm) {
        const int K = a.K, M = a.M, G = K * M + 1;
        ctx_.K = K;
        ctx_.M = M;
        ctx_.G = G;
        ctx_.conc = a.conc;
        ctx_.inj_width = M;
        ctx_.inj_depth = 2 * M;  // d3sim defaults: width M, depth 2 x width
        ctx_.n = std::uint32_t(G * M);
        ctx_.rate53 = bernoulli53(a.rate);
        ctx_.warmup = std::uint64_t(a.warmup);
        ctx_.end = std::uint64_t(a.warmup + a.measure);
        ctx_.seed = a.seed;
        const palmtree wiring(K, M, ctx_.exit_);
        bad_wiring_ = wiring.bad;
        ctx_.active.reserve(ctx_.n);
        char name[48];
        for (int g = 0; g < G; ++g)
            for (int r = 0; r < M; ++r) {
                std::snprintf(name, sizeof name, "router_%d_%d", g, r);
                routers_.emplace_back(new router(name, ctx_, g, r));
                std::snprintf(name, sizeof name, "node_%d_%d", g, r);
                nodes_.emplace_back(new node(name, ctx_, std::uint32_t(nodes_.size())));
            }
        wiring.bind(routers_, nodes_);
        start();
    }

    bool bad_wiring() const { return bad_wiring_; }

  private:
    void before_step(std::uint64_t t) override { ctx_.creating = !ctx_.creation_over(t); }
    std::uint64_t progress() const override {
        return ctx_.hops + ctx_.holds + ctx_.delivered + ctx_.created;
    }
    bool done() const override {  // creation over, every packet delivered, no router busy
        return !ctx_.creating && ctx_.delivered == ctx_.created && ctx_.active.routers_idle();
    }

    bool bad_wiring_ = false;
};

}  // namespace floor_bench

int sc_main(int argc, char* argv[]) {
    using namespace floor_bench;
    mdf_args a;
    if (!a.parse(argc, argv)) {
        std::fprintf(stderr,
                     "usage: floor_mdf [K] [M] [concentration] [rate] [warmup] [measure] [seed]\n");
        return 2;
    }
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    network top("mdf", a);
    const auto t1 = clock::now();
    const std::size_t objects = count_objects(sc_core::sc_get_top_level_objects());
    sc_core::sc_start();
    const auto t2 = clock::now();
    const auto secs = [](clock::duration d) { return std::chrono::duration<double>(d).count(); };

    const context& c = top.ctx();
    std::uint64_t set_bits = 0;
    for (std::uint64_t w : c.delivered_bits) set_bits += std::uint64_t(__builtin_popcountll(w));
    const bool ok = !top.stalled() && !top.bad_wiring() && c.delivered == c.created &&
                    set_bits == c.created && c.misrouted == 0 && c.duplicates == 0 &&
                    c.early == 0 && c.measured_delivered == c.measured_created && c.created > 0;
    std::printf(
        "MDF(%d,%d) palmtree uniform rate %.3f, minimal, %d VCs, depth %d, injection %d/%d, "
        "%d terminals/router: routers %u, objects %zu, steps %llu\n",
        a.K, a.M, a.rate, kVcs, kDepth, c.inj_width, c.inj_depth, a.conc, c.n, objects,
        (unsigned long long)top.steps());
    std::printf(
        "created %llu delivered %llu (distinct %llu), hops %llu, holds %llu, hops/packet %.2f\n",
        (unsigned long long)c.created, (unsigned long long)c.delivered,
        (unsigned long long)set_bits, (unsigned long long)c.hops, (unsigned long long)c.holds,
        double(c.hops) / double(c.delivered ? c.delivered : 1));
    std::printf("measured %llu delivered %llu, latency mean %.2f\n",
                (unsigned long long)c.measured_created, (unsigned long long)c.measured_delivered,
                double(c.latency_sum) / double(c.measured_delivered ? c.measured_delivered : 1));
    std::printf("misrouted %llu, duplicates %llu, early %llu, stalled %d, bad wiring %d: %s\n",
                (unsigned long long)c.misrouted, (unsigned long long)c.duplicates,
                (unsigned long long)c.early, int(top.stalled()), int(top.bad_wiring()),
                ok ? "CHECKS PASSED" : "CHECKS FAILED");
    std::printf("wall: elaboration %.3f s, simulation %.3f s (teardown follows)\n", secs(t1 - t0),
                secs(t2 - t1));
    return ok ? 0 : 1;
}
