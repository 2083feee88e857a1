// Input unit: the router's input buffers, one per link input port and channel (service class x
// virtual channel, core/router/service.h), and the injection buffers the node fills, one per class;
// the credits upstream for every slot freed (over the link each buffer's packets came on, after the
// pipeline's read-out and the link's latency). Buffers grow on demand up
// to their depth. A bitmask of non-empty buffers makes a step cost the buffers that hold packets.
// Packets of F > 1 flits (virtual cut-through, docs/multi-flit.md): a link buffer of depth D flits
// holds D / F whole packets (the credits upstream count flits); a buffer reads one flit per
// cycle, so the packet behind a served one may leave F cycles later; the injection buffer counts
// packets, and each of its injection_width lanes reads one flit per cycle.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <string>
#include <systemc>
#include <vector>

#include "core/containers/bits.h"
#include "core/containers/cache_line.h"
#include "core/containers/ring_slots.h"
#include "core/network/limits.h"
#include "core/router/service.h"
#include "core/router/step_traits.h"
#include "core/run/stats.h"
#include "sc/protocol.h"
#include "sc/router/entry.h"

namespace d3 {

class input_unit : public sc_core::sc_object {
    /// A buffer: the link buffers share one limit and the injection buffers another (limit()),
    /// so a buffer keeps 16-bit indices and no limit of its own.
    using ring = ring_slots<entry, std::uint16_t>;
    static_assert(kBufferDepthRange.hi <= static_cast<long long>(ring::kMostSlots) &&
                      kInjectionDepthRange.hi <= static_cast<long long>(ring::kMostSlots),
                  "a buffer's 16-bit indices cover the depths a user may give");

  public:
    struct setup {
        int link_inputs = 1;      ///< K + M - 1
        int vcs = 1;              ///< virtual channels per link input
        int buffer_depth = 1;     ///< flits per link buffer
        int packet_length = 1;    ///< flits per packet: the largest (packet::flits)
        int smallest_packet = 0;  ///< flits of the smallest (--packet-sizes; 0: packet_length)
        int injection_depth = 1;  ///< packets in the injection buffer
        int injection_width = 1;  ///< injection entries served per step
        int classes = 1;          ///< service classes: channels per input = classes * vcs
        router_stats* stats = nullptr;  ///< counts the link slots freed (flits_freed)
    };

    input_unit(const char* name, const setup& s);

    /// Buffer index of link input `input`, channel `vc` (class * vcs + vc); the injection buffers
    /// (one per service class) come last.
    int fifo_index(int input, int vc) const { return input * channels_ + vc; }
    /// The injection buffer of service class `cls`.
    int injection(int cls = 0) const { return injq_ + cls; }
    bool is_injection(int fifo) const { return fifo >= injq_; }
    /// Channels per link input (service classes x virtual channels).
    int channels() const { return channels_; }
    /// Buffers in all: request sources 0..buffers()-1 (the hold stage is buffers()).
    int buffers() const { return injq_ + classes_; }
    /// The input port of a buffer (the injection buffers: link_inputs).
    int input_of(int fifo) const { return fifo >= injq_ ? link_inputs_ : fifo / channels_; }
    /// The channel of a link buffer; the class of an injection buffer.
    int channel_of_fifo(int fifo) const { return fifo >= injq_ ? fifo - injq_ : fifo % channels_; }

    /// Takes a packet into a buffer; false when the buffer is full (its sender ignored credits).
    bool accept(int f, packet* p, std::uint64_t ready) {
        ring& q = buffer(f);
        if (__builtin_expect(!q.has_room_in_place(), 0)) {  // full, or the storage must grow
            const std::size_t limit = limit_of(f);
            if (q.full(limit)) return false;
            fill(q.push_slot(limit), f, p, ready);
            return true;
        }
        fill(q.push_slot_in_place(), f, p, ready);
        return true;
    }
    /// accept() when the buffer's storage has room now; false (and nothing taken) when the
    /// buffer is full or its storage must grow first.
    bool accept_in_place(int f, packet* p, std::uint64_t ready) {
        ring& q = buffer(f);
        if (!q.has_room_in_place()) return false;
        fill(q.push_slot_in_place(), f, p, ready);
        return true;
    }

    /// Appends this step's requests: the heads of the link buffers that are ready, in buffer
    /// order, then up to injection_width ready entries of the injection buffers, privileged
    /// class first (each class in order while its entries are ready). `Step`: what the
    /// caller's step handles (core/router/step_traits.h: classes, flits).
    template <typename Step = any_step>
    void collect(std::uint64_t t, request_list& out);

    /// Frees the slots of packets that were served in full: link buffers from the head, the
    /// injection buffer anywhere. `asked`: the list the last collect appended to, its requests
    /// where and as collect left them (the link heads are read from there). Calls freed(fifo) once
    /// per slot (a credit upstream), in buffer order, and changed(fifo) once per buffer
    /// (input_of(fifo), size(fifo) and port_occupancy() say how many are left, asked only by a
    /// caller that traces it). `Step`: as for collect.
    template <typename Step = any_step, typename Freed, typename Changed>
    void release(const request_list& asked, Freed&& freed, Changed&& changed);
    /// release() with the credits upstream for each slot freed (return_credits<Step>).
    template <typename Step = any_step, typename Changed>
    [[gnu::always_inline]] void release(const request_list& asked, Changed&& changed) {
        release<Step>(
            asked, [this](int fifo, int flits) { return_credits<Step>(fifo, flits); }, changed);
    }

    /// Where the credits of input port `input`'s buffers go (input link_inputs: the injection
    /// buffers): the link its packets came on (`bw`, the injection channel's for the node's
    /// port), each `delay` after it is read out, on the buffer's channel. Made once per input, at
    /// the end of elaboration (the table is sized at the first call: allocated into the room
    /// elaboration's transient storage freed, a lower peak RSS in the large networks).
    void bind_upstream(int input, link_bw_call* bw, const sc_core::sc_time& delay);
    /// The call behind input `input`'s credits, and its replacement (--threads:
    /// router::defer_links).
    link_bw_call* upstream_call(int input) const {
        return upstream_[static_cast<std::size_t>(input)].bw;
    }
    void redirect_upstream(int input, link_bw_call* to) {
        upstream_[static_cast<std::size_t>(input)].bw = to;
    }
    /// The credits for a packet of `flits` flits that left buffer `fifo` in this step: one for an
    /// injection buffer (it counts packets), one per flit for a link buffer, one per cycle from
    /// now (`Step::flits`: packets may be of F > 1 flits).
    template <typename Step = any_step>
    [[gnu::always_inline]] void return_credits(int fifo, int flits = 1) {
        if (Step::flits && flits_ > 1 && !is_injection(fifo))
            return return_flit_credits(fifo, flits);
        const auto [input, channel] = input_and_channel(fifo);
        const upstream& u = upstream_[input];
        send_credit(u, channel, u.credit_delay);
    }

    /// --threads N > 1 (F > 1): packet `p`, taken after the last step (replayed) where one
    /// thread takes it before: if it is the only packet of a buffer that step emptied, it is read
    /// after the packet that step served there, as release makes the new front of a buffer it
    /// pops (read_after). Buffers kept by a step with `Step::replays_arrivals`.
    void take_as_before_step(const packet* p) {
        for (const emptied_buffer& b : emptied_) {
            ring& q = buffer(b.fifo);
            if (q.size() == 1 && q.front().pkt == p) return read_after(q.front(), b.served);
        }
    }

    /// The earliest cycle after `t` at which a buffered packet may be served; packets stalled on
    /// a credit wait for the output unit instead. calendar::kNever when none.
    std::uint64_t next_work(std::uint64_t t) const;
    /// next_work(t) after collect<Step>(t, ...) and release<Step> of a `Step` with tracks_next
    /// (step_traits.h): the link heads' part worked out as they read them, not read again.
    /// (The paper's router: one service class, one-flit packets.)
    std::uint64_t next_work_tracked(std::uint64_t t) const {
        assert(classes_ == 1 && flits_ == 1);
        std::uint64_t next = next_link_;
        const ring& inj = buffer(injq_);
        const std::size_t lanes = std::min(inj.size(), static_cast<std::size_t>(injection_width_));
        for (std::size_t j = 0; j < lanes; ++j) {
            const entry& e = inj[j];
            if (e.ready <= t && e.stalled) continue;  // waits for a credit
            next = std::min(next, std::max(e.ready, t + 1));
        }
        return next;
    }

    /// A failure during the run (router::fail_waiting): calls visit(fifo, entry) for every
    /// packet buffered, between steps; those it returns true for are taken out, each with its
    /// credits upstream (a link buffer's: one per flit, one per cycle; an injection buffer's: one).
    template <typename Visit>
    void take_out(Visit&& visit) {
        for (int f = 0; f < buffers(); ++f) {
            ring& q = buffer(f);
            std::vector<int> flits;  // of those taken out (visit may give the packet back)
            for (std::size_t i = 0; i < q.size(); ++i) {
                const int n = q[i].pkt->flits;
                if (visit(f, q[i])) {
                    q[i].done = true;  // (no entry between steps is done: release took those)
                    flits.push_back(n);
                }
            }
            if (flits.empty()) continue;
            q.remove_if([](const entry& e) { return e.done; });
            if (f < injq_ && q.empty()) mark(f, false);
            for (const int n : flits) return_credits(f, n);
        }
    }

    std::size_t size(int fifo) const { return buffer(fifo).size(); }
    /// No room for another packet (a link buffer: its depth's D / F packets).
    bool full(int fifo) const { return buffer(fifo).full(limit_of(fifo)); }
    /// Packets in every virtual channel of an input port (the injection port: link_inputs).
    std::size_t port_occupancy(int input) const;
    /// Packets in all buffers, summed when asked (at the end of a run) rather than counted at every
    /// arrival and release.
    std::size_t occupancy() const;
    const entry& head(int fifo) const { return buffer(fifo).front(); }
    /// Non-empty buffers, in order.
    std::vector<int> busy() const;
    /// Bytes of buffer storage allocated now.
    std::size_t allocated_bytes() const;
    /// Whether what an arrival reads and writes lies in one aligned cache line (a layout check).
    bool arrival_fields_share_a_line() const { return in_one_cache_line(&channels_, &busy_ + 1); }

  private:
    /// An arrival's entry in buffer `f`: every field but the decision, which the route stage
    /// writes before it is read (decoded).
    void fill(entry& e, int f, packet* p, std::uint64_t ready) {
        e.pkt = p;
        e.ready = ready;
        e.to = kEjectTarget;
        e.fan = fanout::kNone;
        e.decoded = false;
        e.done = false;
        e.stalled = false;
        if (__builtin_expect(f < injq_, 1)) mark(f, true);  // most arrivals come over a link
    }
    /// F > 1: a link buffer reads the packet it served in the last step (`served` flits, one a
    /// cycle) before its next one, `front`.
    void read_after(entry& front, int served) {
        front.ready = std::max(front.ready, step_ + static_cast<std::uint64_t>(served));
    }
    ring& buffer(int f) { return in_[static_cast<std::size_t>(f)]; }
    const ring& buffer(int f) const { return in_[static_cast<std::size_t>(f)]; }
    /// Most packets buffer `f` takes: a link buffer's D / F, an injection buffer's depth.
    std::size_t limit_of(int f) const { return f < injq_ ? link_limit_ : injection_limit_; }
    // Indexed unsigned: the word's index needs no sign extension per arrival and per release
    // (as output_unit::slot's).
    void mark(int f, bool busy) {
        const auto i = static_cast<std::uint32_t>(f);
        const std::uint64_t bit = 1ull << (i & 63);
        if (busy)
            busy_[i >> 6] |= bit;
        else
            busy_[i >> 6] &= ~bit;
    }
    template <typename F>
    void for_busy(F&& f) const;
    /// collect()'s injection entries with two classes.
    void collect_classes(std::uint64_t t, request_list& out);
    /// F > 1: the injection entries that may ask in step t (free lanes), and a lane taken for
    /// the `flits` cycles of a packet that left.
    std::size_t free_lanes(std::uint64_t t) const;
    void take_lane(int flits);
    /// F > 1: a lane taken for each packet served among the first `asked` of injection buffer
    /// `inj` (before they are removed).
    void take_lanes(const ring& inj, std::size_t asked);

    struct upstream;
    /// The input port of buffer `fifo` (link_inputs for an injection buffer) and its channel
    /// there (an injection buffer's: its class). The test is signed, so that where the caller
    /// knows the kind of buffer (release's loops) the compiler drops it; the division unsigned
    /// (no sign fixes).
    struct input_channel {
        std::size_t input;
        std::uint32_t channel;
    };
    [[gnu::always_inline]] input_channel input_and_channel(int fifo) const {
        if (fifo >= injq_)
            return {static_cast<std::size_t>(link_inputs_),
                    static_cast<std::uint32_t>(fifo - injq_)};
        const auto f = static_cast<std::uint32_t>(fifo);
        const auto channels = static_cast<std::uint32_t>(channels_);
        return {f / channels, f % channels};
    }
    /// A credit of `channel` over input `u`'s link upstream, `delay` from now. Inline: a call of
    /// its own per freed slot saved and restored the router's registers.
    [[gnu::always_inline]] void send_credit(const upstream& u, std::uint32_t channel,
                                            sc_core::sc_time delay) {
        // Its members set one by one: a brace initialiser zeroed the padding too (a store more per
        // credit).
        flit f;
        f.vc = static_cast<std::uint8_t>(channel);
        tlm::tlm_phase ph = tlm::END_REQ;
        const tlm::tlm_sync_enum r = u.bw->nb_transport_bw(f, ph, delay);
        if (r != tlm::TLM_ACCEPTED) check_return(name(), "nb_transport_bw", r, tlm::TLM_ACCEPTED);
    }
    /// F > 1: a link buffer frees one slot per flit as each leaves, one per cycle.
    [[gnu::noinline]] void return_flit_credits(int fifo, int flits);
    // What a packet's arrival (accept, fifo_index, injection) reads and writes, in one cache line:
    // another router calls it, so none of this is cached (docs/performance.md, tenth round).
    alignas(kCacheLine) const
        int channels_;  ///< channels per link input (classes x virtual channels)
    const int injq_;
    std::vector<ring> in_;             ///< link buffers, then the injection buffer
    std::vector<std::uint64_t> busy_;  ///< bit f: link buffer f is not empty
    const int link_inputs_;
    const int classes_;
    const int injection_width_;
    const int flits_;  ///< flits per packet (the largest: packet::flits has each one's)
    const std::uint32_t link_limit_;       ///< packets a link buffer takes
    const std::uint32_t injection_limit_;  ///< packets an injection buffer takes
    std::uint64_t step_ = 0;               ///< the step of the last collect
    /// tracks_next: the earliest cycle after the last step at which a link head may be served.
    std::uint64_t next_link_ = 0;
    std::vector<std::uint64_t> lane_free_;  ///< F > 1: per injection lane, first free cycle
    /// The link heads the last collect asked for: `links_` requests from `first_` on in its list,
    /// in buffer order (release reads them there: no list of its own to fill, and each head's
    /// entry at hand).
    std::size_t first_ = 0;
    std::size_t links_ = 0;
    /// Per class, the injection entries the last collect asked for (the first ones of the buffer:
    /// no later entry was served, so release tests these alone).
    std::size_t lanes_asked_[kServiceClasses] = {};
    /// Per input port (the injection buffers' last), what its buffers' credits need: the link
    /// and its delay. Per input, not per buffer: the buffer's channel is worked out from its
    /// index (input_and_channel) for the memory of the large networks.
    struct upstream {
        link_bw_call* bw = nullptr;
        sc_core::sc_time credit_delay;
    };
    std::vector<upstream> upstream_;
    router_stats* stats_;
    /// Step::replays_arrivals: the link buffers the last step emptied, and the flits of the
    /// packet each served last.
    struct emptied_buffer {
        int fifo;
        int served;
    };
    std::vector<emptied_buffer> emptied_;
};

// Always inline: GCC kept collect<true>'s loop out of line, a call per router step. The lowest
// busy bit as the calendar finds its clients' (core/containers/bits.h).
template <typename F>
[[gnu::always_inline]] inline void input_unit::for_busy(F&& f) const {
    for (std::size_t w = 0; w < busy_.size(); ++w)
        for (std::uint64_t bits = busy_[w]; bits != 0; bits &= bits - 1)
            f(static_cast<int>(w * 64 + lowest_bit(bits)));
}

// Always inline, as for_busy: GCC kept it out of line, a call per router step.
template <typename Step>
[[gnu::always_inline]] inline void input_unit::collect(std::uint64_t t, request_list& out) {
    // read with F > 1 flits or tracks_next only: a store less per plain step
    if (Step::flits || Step::tracks_next) step_ = t;
    if (Step::replays_arrivals) emptied_.clear();
    // tracks_next: the earliest head not ready yet, in a local (the member, which the pushes to
    // `out` might alias, was loaded and stored at every head) written back after the loop.
    std::uint64_t next_link = ~std::uint64_t{0};
    first_ = out.size();
    for_busy([&](int f) {
        entry& e = in_[static_cast<std::size_t>(f)].front();
        if (e.ready > t) {
            if (Step::tracks_next) next_link = std::min(next_link, e.ready);
            return;
        }
        request& r = out.emplace_back();  // member by member: no braced temporary to copy
        r.e = &e;
        r.source = static_cast<std::uint32_t>(f);
    });
    if (Step::tracks_next) next_link_ = next_link;
    links_ = out.size() - first_;
    if (Step::classes && classes_ != 1) return collect_classes(t, out);
    // One class: the injection buffer's first lanes while they are ready.
    ring& inj = buffer(injq_);
    std::size_t lanes = std::min(inj.size(), static_cast<std::size_t>(injection_width_));
    if (Step::flits && flits_ > 1)
        lanes = std::min(lanes, free_lanes(t));  // (F > 1 runs: one class)
    std::size_t j = 0;
    for (; j < lanes && inj[j].ready <= t; ++j) {
        request& r = out.emplace_back();
        r.e = &inj[j];
        r.source = static_cast<std::uint32_t>(injq_);
    }
    lanes_asked_[0] = j;
}

template <typename Step, typename Freed, typename Changed>
void input_unit::release(const request_list& asked, Freed&& freed, Changed&& changed) {
    const int flits = Step::flits ? flits_ : 1, classes = Step::classes ? classes_ : 1;
    assert(first_ + links_ <= asked.size());
    // A link head asked for stays its buffer's head until here (only release pops a link buffer).
    const request* r = asked.data() + first_;
    // tracks_next: next_link_ in a local for the loop, written back after it (the credits' calls
    // upstream made GCC store and reload the member around each; they never read it).
    std::uint64_t next_link = next_link_;
    for (const request* const end = r + links_; r != end; ++r) {
        if (!r->e->done) {
            // served in the next step unless it waits for a credit (next_work)
            if (Step::tracks_next && !r->e->stalled) next_link = step_ + 1;
            continue;
        }
        const int f = static_cast<int>(r->source);
        const int served = flits > 1 ? r->e->pkt->flits : 1;  // (before the pop: its entry)
        ring& q = buffer(f);
        q.pop_front();
        if (q.empty()) {
            mark(f, false);
            if (Step::replays_arrivals && flits > 1) emptied_.push_back({f, served});
        } else if (flits > 1) {
            read_after(q.front(), served);
        } else if (Step::tracks_next)  // a new head, never asked: not stalled
            next_link = std::min(next_link, std::max(q.front().ready, step_ + 1));
        if (f >= injq_) __builtin_unreachable();  // a link buffer (for freed's inlined tests)
        freed(f, served);
        changed(f);
    }
    if (Step::tracks_next) next_link_ = next_link;
    links_ = 0;
    for (int c = 0; c < classes; ++c) {
        ring& inj = buffer(injq_ + c);
        if (inj.empty()) continue;
        if (flits > 1) take_lanes(inj, lanes_asked_[c]);
        const std::size_t n = inj.remove_if([](const entry& e) { return e.done; }, lanes_asked_[c]);
        if (n == 0) continue;
        // The first credit outside the loop: with one entry served (the common case), GCC's setup
        // of the call loop cost more than the call. (An injection buffer's credit is a packet's.)
        freed(injq_ + c, 1);
        for (std::size_t i = 1; i < n; ++i) freed(injq_ + c, 1);
        changed(injq_ + c);
    }
}

}  // namespace d3
