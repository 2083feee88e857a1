// Output unit: the router's side of each outgoing link and of the node. Keeps one credit count per
// output and virtual channel (the free slots of the buffer downstream), the credits on their way
// back (each usable from the cycle it arrives), and the time from winning the switch to the next
// router: the allocate and traverse stages' cycles (core/router/pipeline.h) plus the link's
// latency. Sends packets on the links and ejects to the node through the router's socket, and
// bounds ejection per step (`ejection_width`, 0: unbounded). Packets of F > 1 flits (virtual
// cut-through, docs/multi-flit.md): credits count flits, a packet starts only with room for all F
// downstream, and occupies its link (and an ejection lane) for F cycles; the node sees the tail F -
// 1 cycles after the head.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <systemc>
#include <tlm>
#include <vector>

#include "core/containers/cache_line.h"
#include "core/containers/due_cycle_queue.h"
#include "core/network/config.h"
#include "core/network/limits.h"
#include "core/router/step_traits.h"
#include "core/run/stats.h"
#include "sc/protocol.h"

namespace d3 {

class output_unit : public sc_core::sc_object {
  public:
    struct setup {
        int k = 1;  ///< outputs 0..K-1 are global links, K..K+M-2 local links (port_of)
        int outputs = 1;
        int channels = 1;  ///< channels per output (service classes x virtual channels)
        const router_params* params = nullptr;
        router_stats* background = nullptr;  ///< where background packets count (--background)
        /// F > 1: keep the last packets each link started (tails_on; a failure at a step).
        bool records_sent = false;
        /// Per output, its link's latency in cycles when the links do not split into global and
        /// local ones by port_of (a file network's, link_latency); empty: outputs 0..K-1 take
        /// params->global_latency, the others params->local_latency.
        std::vector<int> link_latencies{};
    };
    using fw_if = tlm::tlm_fw_transport_if<link_protocol_types>;
    /// A credit count: free slots of a buffer downstream (at most its depth).
    using credit_count_t = std::uint16_t;
    static_assert(kBufferDepthRange.hi <= std::numeric_limits<credit_count_t>::max(),
                  "a credit count holds the depths a user may give");

    output_unit(const char* name, const setup& s, router_stats& stats);

    /// The forward interfaces behind the router's socket: link output `output`'s, then the
    /// node's (the link table is sized at the first bind: a router's, at the end of elaboration).
    void bind(int output, link_fw_call* link) {
        if (links_.empty()) size_links();
        links_[static_cast<std::size_t>(output)].fw = link;
    }
    void bind_node(link_fw_call* node) { node_ = node; }
    /// The calls behind link output `output` and the node's, and their replacement (--threads:
    /// the recording's, router::defer_links).
    link_fw_call* link_call(int output) const {
        return links_[static_cast<std::size_t>(output)].fw;
    }
    link_fw_call* node_call() const { return node_; }
    void redirect(int output, link_fw_call* to) {
        links_[static_cast<std::size_t>(output)].fw = to;
    }
    void redirect_node(link_fw_call* to) { node_ = to; }
    /// Both at once (the unit tests): the links in output order, then the node.
    void bind(std::initializer_list<fw_if*> links, fw_if* node) {
        int o = 0;
        for (fw_if* l : links) bind(o++, l);
        bind_node(node);
    }

    /// Credits that have arrived by cycle `t` become usable. A credit beyond the buffer's depth
    /// is a protocol error (d3/protocol), found here rather than on arrival so that an arrival,
    /// which the router downstream makes, writes the ring alone (docs/performance.md). `Step`:
    /// what the caller's step handles (core/router/step_traits.h: its network; on D3 and MDF no
    /// third ring is tested for).
    template <typename Step = any_step>
    void return_credits(std::uint64_t t) {
        const auto usable = [this](std::uint32_t s) { make_usable(s); };
        returning_.pop_due(t, usable);
        // The second latency's ring (D3's and MDF's local links when their latency is not the
        // global links'; else empty): its emptiness tested inline, a call only when it holds
        // credits.
        if (!returning_local_.empty()) returning_local_.pop_due(t, usable);
        if constexpr (Step::many_latencies)
            if (!more_rings_.empty()) return_more_credits(t);
    }
    /// What a credit of `output` is told by (credit_arrived_at): its first slot, so that a credit
    /// of channel vc counts for first + vc, with no product per credit (the router's link sockets
    /// tell each binding's credits by it, link_socket.h's retag).
    std::uint32_t credit_tag(int output) const {
        return static_cast<std::uint32_t>(slot(output, 0));
    }
    /// A credit for `output`, virtual channel `vc`, usable from cycle `due`.
    void credit_arrived(int output, int vc, std::uint64_t due) {
        if (!one_separate_ring()) return credit_arrived_by_latency(credit_tag(output), vc, due);
        credit_arrived_at(credit_tag(output), vc, due);
    }
    /// Whether the credits of `output` do not take the in-place append to the first ring: a
    /// local link whose latency is not the global links' (credit_arrived_in_own_ring_at), any
    /// link of a file network's router whose links have several latencies
    /// (credit_arrived_by_latency).
    bool separate_ring(int output) const { return credit_tag(output) >= local_first_; }
    /// Whether every separate_ring output's credits wait in the second ring (that of
    /// credit_arrived_in_own_ring_at): D3's and MDF's local links, a file network's router whose
    /// links have one latency. Otherwise they take credit_arrived_by_latency.
    bool one_separate_ring() const { return ring_of_output_.empty(); }
    /// credit_arrived of the output whose credit_tag is `tag`.
    void credit_arrived_at(std::uint32_t tag, int vc, std::uint64_t due) {
        ring_of(tag).push(due, tag + static_cast<std::uint32_t>(vc));
    }
    /// credit_arrived when the credit is appended to the ring in place; false (and nothing
    /// recorded) when it must be inserted out of order or the ring must grow.
    bool credit_arrived_in_place(int output, int vc, std::uint64_t due) {
        const std::uint32_t tag = credit_tag(output);
        return ring_of(tag).push_in_place(due, tag + static_cast<std::uint32_t>(vc));
    }
    /// credit_arrived_in_place of the output whose credit_tag is `tag`, not a separate_ring one
    /// (the router's common case: no test of the ring per credit).
    bool credit_arrived_in_place_at(std::uint32_t tag, int vc, std::uint64_t due) {
        return returning_.push_in_place(due, tag + static_cast<std::uint32_t>(vc));
    }
    /// credit_arrived of the output whose credit_tag is `tag`, into its latency's ring (not
    /// one_separate_ring: a file network's router whose links have several latencies).
    void credit_arrived_by_latency(std::uint32_t tag, int vc, std::uint64_t due) {
        const std::uint16_t r = ring_of_output_[tag / static_cast<std::uint32_t>(channels_)];
        due_cycle_queue<std::uint32_t>& ring = r == 0   ? returning_
                                               : r == 1 ? returning_local_
                                                        : more_rings_[r - 2u];
        ring.push(due, tag + static_cast<std::uint32_t>(vc));
    }
    /// credit_arrived_in_place of the output whose credit_tag is `tag`, a separate_ring one, when
    /// one_separate_ring.
    bool credit_arrived_in_own_ring_at(std::uint32_t tag, int vc, std::uint64_t due) {
        return returning_local_.push_in_place(due, tag + static_cast<std::uint32_t>(vc));
    }
    /// Room downstream for a whole packet of `flits` flits (one credit per flit).
    bool has_packet_credits(int output, int vc, int flits) const {
        return credits_[slot(output, vc)] >= flits;
    }
    /// A packet of `flits` flits may start on `output` in step `t`: room downstream and the link
    /// not busy with the flits of an earlier packet.
    bool can_send(int output, int vc, int flits, std::uint64_t t) const {
        return has_packet_credits(output, vc, flits) &&
               (flits_ == 1 || link_free_[static_cast<std::size_t>(output)] <= t);
    }

    /// A hint that link `output` will be sent on in this step (loads what the call reads).
    void prefetch(int output) const {
        __builtin_prefetch(links_[static_cast<std::size_t>(output)].fw);
    }
    /// The credit count of `output`, virtual channel `vc` (what send takes its credits from).
    credit_count_t& credit_count(int output, int vc) { return credits_[slot(output, vc)]; }
    /// Sends `p` on link `output` into virtual channel `vc` downstream in step `t`.
    template <typename Step = any_step>
    void send(int output, int vc, packet* p, std::uint64_t t) {
        send<Step>(credit_count(output, vc), output, vc, p, t);
    }
    /// send() taking the credits from `credit`, credit_count(output, vc): worked out by the caller
    /// before it writes the packet's header (a struct of bytes, which may alias anything), so that
    /// GCC keeps the address the allocator's credit test worked out instead of working it out
    /// again. Always inline (as eject): the router inlines its grant, which calls both, into the
    /// switch allocator, and GCC left them out of line there. `Step`: what the caller's step
    /// handles (core/router/step_traits.h: flits, background).
    template <typename Step = any_step>
    [[gnu::always_inline]] void send(credit_count_t& credit, int output, int vc, packet* p,
                                     std::uint64_t t) {
        ++p->hops;
        // One-flit packets: the run's hops are the links' flits (link_flits_total) less the
        // background's, counted here; with F > 1 each counts its packets.
        std::uint64_t carried = 1;        // flits onto the link (the activity counts)
        if (Step::flits && flits_ > 1) {  // the link carries the packet's flits, one per cycle
            router_stats& s = Step::background ? stats_of(p) : stats_;
            ++s.hops;
            const int flits = p->flits;
            carried = static_cast<std::uint64_t>(flits);
            credit -= flits;
            link_free_[static_cast<std::size_t>(output)] = t + static_cast<std::uint64_t>(flits);
            if (!sent_next_.empty()) record_sent(output, *p, t);
            ++s.vc_packets(vc);
            s.flits_sent += static_cast<std::uint64_t>(flits);
        } else {
            --credit;
            if (Step::background && p->background) ++background_->hops;
        }
        flit f;  // member by member: flit::seq is not the paper router's
        f.pkt = p;
        f.vc = static_cast<std::uint8_t>(vc);
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        link& l = links_[static_cast<std::size_t>(output)];
        l.flits += carried;
        sc_core::sc_time delay = l.delay;
        const tlm::tlm_sync_enum r = l.fw->nb_transport_fw(f, ph, delay);
        if (r != tlm::TLM_ACCEPTED) check_return(name(), "nb_transport_fw", r, tlm::TLM_ACCEPTED);
    }

    /// Starts step `t`: this step's ejection room (with F > 1 flits, the free ejection lanes).
    /// `Step` as for send.
    template <typename Step = any_step>
    void begin_step(std::uint64_t t = 0) {
        if (Step::flits) step_ = t;  // read with F > 1 flits only: a store less per plain step
        const bool lanes = Step::flits && flits_ > 1 && ejection_width_ != 0;
        eject_room_ = lanes ? free_lanes(t) : ejection_width_;
    }
    /// True (and one place taken) when the node can take packet `p` in this step (`Step` as
    /// for send).
    template <typename Step = any_step>
    bool take_eject_room(const packet& p) {
        if (ejection_width_ == 0) return true;
        if (eject_room_ == 0) return false;
        --eject_room_;
        if (Step::flits && flits_ > 1) take_eject_lane(p.flits);
        return true;
    }
    /// Delivers `p` to the node (`Step` as for send).
    template <typename Step = any_step>
    [[gnu::always_inline]] void eject(packet* p) {
        router_stats& s = Step::background ? stats_of(p) : stats_;
        ++s.ejected;
        flit f;
        f.pkt = p;
        f.vc = 0;
        tlm::tlm_phase ph = tlm::BEGIN_REQ;
        // Through the allocate and traverse stages; the node records the delivery at the tail.
        sc_core::sc_time tail = eject_delay_;
        if (Step::flits && flits_ > 1) {
            s.flits_ejected += p->flits;
            tail = tail_delay(*p);
        }
        const tlm::tlm_sync_enum r = node_->nb_transport_fw(f, ph, tail);
        if (r != tlm::TLM_COMPLETED) check_return(name(), "nb_transport_fw", r, tlm::TLM_COMPLETED);
    }

    /// The earliest cycle after `t` at which a pending credit arrives or a busy link becomes
    /// free (calendar::kNever: none).
    std::uint64_t next_credit(std::uint64_t t) const;
    /// Packets sent on `output` that the buffers downstream still hold (all virtual channels),
    /// with the credits that arrived before cycle `now` counted as back, whether or not the
    /// router has stepped since (an idle router makes them usable only in its next step).
    int occupancy(int output, std::uint64_t now) const;
    int credits(int output, int vc) const { return credits_[slot(output, vc)]; }
    /// Flits sent on link `output` since the run began (the activity counts, core/energy).
    std::uint64_t link_flits(int output) const {
        return links_.empty() ? 0 : links_[static_cast<std::size_t>(output)].flits;
    }
    /// Flits sent on all its links since the run began.
    std::uint64_t link_flits_total() const {
        std::uint64_t n = 0;
        for (const link& l : links_) n += l.flits;
        return n;
    }
    /// Credits neither usable nor on their way back: flits still downstream (0 once drained).
    std::uint64_t credits_outstanding() const;
    /// Whether what a credit's arrival reads and writes lies in one aligned cache line (a layout
    /// check).
    bool credit_fields_share_a_line() const {
        return in_one_cache_line(&channels_, &returning_ + 1);
    }
    /// F > 1 and setup::records_sent: the serials of the packets sent on link `output` whose tail
    /// has not reached the
    /// router downstream by the end of step `t` - 1 (a failure at step t: their flits are on the
    /// cable), from the last packets sent on it (last_sent_).
    std::vector<std::uint64_t> tails_on(int output, std::uint64_t t) const;
    /// Credits on their way back in the local links' ring (links of another latency than the
    /// global ones; 0 when the latencies are equal).
    std::size_t local_credits_returning() const { return returning_local_.size(); }
    /// The rings of returning credits: one per distinct latency of its links.
    std::size_t credit_rings() const {
        return 1 + (local_first_ != kNoSecondRing ? 1 : 0) + more_rings_.size();
    }

  private:
    /// The link table, with each output's delay. Sized at the end of elaboration, not in the
    /// constructor: allocated into the room elaboration's transient storage freed, which lowers
    /// the peak RSS of the large networks, as router::upstream_.
    void size_links();
    /// The link table and the credit rings by setup::link_latencies (a file network's): a ring
    /// per distinct latency, in the order of the first output of each.
    void use_link_latencies(const std::vector<int>& latencies, const router_params& p);
    /// return_credits of the third and later rings (links of three latencies or more).
    void return_more_credits(std::uint64_t t);
    /// The credit of `slot` that came back is usable (return_credits).
    [[gnu::always_inline]] void make_usable(std::uint32_t slot) {
        if (credits_[slot] == depth_) return too_many_credits(slot);
        ++credits_[slot];
    }
    /// A credit of `slot` beyond the depth (d3/protocol).
    [[gnu::cold, gnu::noinline]] void too_many_credits(std::size_t slot) const;
    /// F > 1: the first free ejection lane is busy for the packet's `flits` cycles.
    void take_eject_lane(int flits);
    /// F > 1: the delay of `p`'s delivery, its tail's: A + T + its flits - 1 (eject_delay_ less
    /// the flits it has fewer than the largest).
    sc_core::sc_time tail_delay(const packet& p) const {
        return eject_delay_ - cycles(static_cast<std::uint64_t>(flits_ - p.flits));
    }
    router_stats& stats_of(const packet* p) { return p->background ? *background_ : stats_; }
    int free_lanes(std::uint64_t t) const;  ///< F > 1: ejection lanes free in step t
    /// F > 1: `p` starts on link `output` in step `t` (tails_on reads it).
    void record_sent(int output, const packet& p, std::uint64_t t) {
        const auto o = static_cast<std::size_t>(output);
        std::uint32_t& next = sent_next_[o];
        last_sent_[o * sent_kept_ + next] = {p.serial, t, p.flits};
        if (++next == sent_kept_) next = 0;
    }
    std::size_t slot(int output, int vc) const {
        // Unsigned: no sign extension per credit counted, taken or arriving (input_unit::mark).
        return static_cast<std::uint32_t>(output * channels_ + vc);
    }

    /// The ring a credit of the output tagged `tag` waits in: its latency class's
    /// (one_separate_ring).
    due_cycle_queue<std::uint32_t>& ring_of(std::uint32_t tag) {
        return tag >= local_first_ ? returning_local_ : returning_;
    }
    static constexpr std::uint32_t kNoSecondRing = ~std::uint32_t{0};

    // What a credit's arrival (credit_arrived) reads and writes, in one cache line: the router
    // downstream calls it, so none of this is cached (docs/performance.md, tenth round). The
    // arrival appends to the ring; the counts, after it, are this router's own, read and written
    // in its step. The credits on their way back wait in one ring per link latency: a credit's
    // delay is its link's, so a ring is appended to in due order, where one ring for links of
    // 10 and 100 cycles sorted each local credit past the global ones (issue 44).
    alignas(kCacheLine) const int channels_;
    const int depth_;
    /// The first credit slot of the local links when their latency differs from the global
    /// links' (their credits go to returning_local_); past every slot (kNoSecondRing) when it is
    /// the same; 0 when ring_of_output_ tells the rings (every credit by the table).
    std::uint32_t local_first_;
    due_cycle_queue<std::uint32_t>
        returning_;  ///< the credits on their way back (the global links'): slot, arrival cycle
    due_cycle_queue<std::uint32_t> returning_local_;  ///< the local links' (another latency)
    std::vector<credit_count_t> credits_;  ///< per output and VC: free slots downstream, known here
    const int outputs_;
    const int k_;
    const int ejection_width_;            ///< 0: unbounded
    const int flits_;                     ///< flits per packet
    const sc_core::sc_time eject_delay_;  ///< A + T (core/router/pipeline.h) + F - 1 (the tail)
    const sc_core::sc_time global_delay_;
    const sc_core::sc_time local_delay_;
    router_stats& stats_;
    router_stats* background_;
    /// Per link output, its interface (protocol.h: the calls' own interface) and the time a packet
    /// sent on it takes to the router downstream, side by side: a send reads one record, without
    /// choosing between the global and the local delay.
    struct link {
        link_fw_call* fw = nullptr;
        sc_core::sc_time delay;
        std::uint64_t flits = 0;  ///< flits sent on it in the whole run (activity counts)
    };
    std::vector<link> links_;
    link_fw_call* node_ = nullptr;
    int eject_room_ = 0;
    std::uint64_t step_ = 0;                ///< the step begin_step started
    std::vector<std::uint64_t> link_free_;  ///< F > 1: per output, first cycle it is free
    std::vector<std::uint64_t> lane_free_;  ///< F > 1: per ejection lane, first free cycle
    /// F > 1: per link output, the last sent_kept_ packets sent on it, a ring each (sent_next_:
    /// where the next goes). A link starts a packet at most once per cycle, so a packet whose
    /// tail is still on it started in the last F + (its delay) cycles: that many are kept.
    struct sent_record {
        std::uint64_t serial = 0;
        std::uint64_t step = 0;
        std::uint64_t flits = 0;  ///< 0: no packet
    };
    std::vector<sent_record> last_sent_;
    std::vector<std::uint32_t> sent_next_;
    std::uint32_t sent_kept_ = 0;
    /// A file network's router whose links have several latencies: per output, its ring (0
    /// returning_, 1 returning_local_, r >= 2 more_rings_[r - 2]); empty otherwise.
    std::vector<std::uint16_t> ring_of_output_;
    /// The rings of the third and later latencies (links of three latencies or more).
    std::vector<due_cycle_queue<std::uint32_t>> more_rings_;
};

}  // namespace d3
