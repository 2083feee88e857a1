// Counters and observation records shared by the router model and its observers. Plain C++.
#pragma once

#include <cstdint>
#include <vector>

#include "core/decoding/header.h"
#include "core/decoding/vc.h"
#include "core/network/topology.h"
#include "core/router/pipeline.h"
#include "core/run/packet_event.h"

namespace d3 {

struct router_stats {
    std::uint64_t hops = 0;       ///< link traversals
    std::uint64_t holds = 0;      ///< steps a packet spent in the hold stage (port 0)
    std::uint64_t conflicts = 0;  ///< (link, step) pairs with more than one requester
    std::uint64_t waits = 0;      ///< packet-steps lost to a conflict: a credit, but another won
    std::uint64_t stalls = 0;     ///< (link, step) pairs with requesters but no credit
    std::uint64_t ejected = 0;    ///< packets delivered to the node
    std::uint64_t decodes = 0;    ///< decoder calls
    // Flit accounting (docs/multi-flit.md): each counted where the flits are, so that the run
    // can check that every flit that entered a buffer left it.
    std::uint64_t flits_freed = 0;     ///< F > 1: link input buffer slots freed (one credit each)
    std::uint64_t flits_injected = 0;  ///< flits the node put into the injection buffer
    std::uint64_t flits_sent = 0;      ///< F > 1: flits sent on links
    std::uint64_t flits_ejected = 0;   ///< F > 1: flits delivered to the node
    // Activity counts (core/energy/activity.h) that the figures above do not give.
    std::uint64_t blocked = 0;           ///< switch requests without a credit downstream
    std::uint64_t hold_extra_flits = 0;  ///< F > 1: flits into the hold stage beyond one per packet
    std::uint64_t sa_requests = 0;       ///< design-space router: switch-allocation requests
    std::uint64_t va_requests = 0;       ///< design-space router: VC-allocation requests
    std::uint64_t va_grants = 0;         ///< design-space router: output VCs granted
    /// Per channel downstream (counted with F > 1 only): packets sent into channel c, and
    /// packet-steps a packet waited because it had no room for all its flits there or its link
    /// was busy, at [2c] and [2c + 1]. Grown to the channels counted, so a one-flit run's router
    /// holds none and a run's routers hold as many as its channels (--vcs times the service
    /// classes), not kMaxVcs.
    std::vector<std::uint64_t> per_channel;

    std::uint64_t& vc_packets(int c) { return counted(2 * static_cast<std::size_t>(c)); }
    std::uint64_t& vc_waits(int c) { return counted(2 * static_cast<std::size_t>(c) + 1); }
    std::uint64_t vc_packets(int c) const { return read(2 * static_cast<std::size_t>(c)); }
    std::uint64_t vc_waits(int c) const { return read(2 * static_cast<std::size_t>(c) + 1); }

    router_stats& operator+=(const router_stats& o) {
        hops += o.hops;
        holds += o.holds;
        conflicts += o.conflicts;
        waits += o.waits;
        stalls += o.stalls;
        ejected += o.ejected;
        decodes += o.decodes;
        flits_freed += o.flits_freed;
        flits_injected += o.flits_injected;
        flits_sent += o.flits_sent;
        flits_ejected += o.flits_ejected;
        blocked += o.blocked;
        hold_extra_flits += o.hold_extra_flits;
        sa_requests += o.sa_requests;
        va_requests += o.va_requests;
        va_grants += o.va_grants;
        if (o.per_channel.size() > per_channel.size()) per_channel.resize(o.per_channel.size());
        for (std::size_t i = 0; i < o.per_channel.size(); ++i) per_channel[i] += o.per_channel[i];
        return *this;
    }

  private:
    std::uint64_t& counted(std::size_t i) {
        if (i >= per_channel.size()) per_channel.resize(i + 2);
        return per_channel[i];
    }
    std::uint64_t read(std::size_t i) const { return i < per_channel.size() ? per_channel[i] : 0; }
};

/// A link conflict: more than one packet wanted output `port` of `router` in `step`.
struct conflict_record {
    std::uint64_t step = 0;
    router_id router = 0;
    std::uint16_t port = 0;  ///< output index (see port_of)
    std::uint16_t requesters = 0;
};

/// What one output port did in one step; given to observers (waves, link statistics).
struct link_event {
    std::uint64_t step = 0;
    router_id router = 0;
    std::uint16_t port = 0;  ///< output index (see port_of)
    /// Packets that wanted this link in this step (a design-space router: its switch-allocation
    /// rows that asked for it, each with a flit and a credit).
    std::uint16_t requesters = 0;
    bool sent = false;  ///< one of them crossed (a design-space router: one flit of it)
    /// Flits that crossed onto the link in this step: a sent packet's F in the paper's router (it
    /// holds the link F cycles, docs/multi-flit.md); in a design-space router each flit that
    /// crossed (more than one with an output speedup).
    std::uint16_t flits = 0;
    /// Packets that started on the link in this step: the paper router's sent packet; a
    /// design-space router's head flits.
    std::uint16_t packets = 0;
    /// The conflicts this (link, step) adds to the run's figures (switch_allocator::record,
    /// record_tagged): kRunConflict (JSON `conflicts`), kBackgroundConflict (`background.
    /// conflicts`). Without background traffic: kRunConflict when requesters > 1.
    std::uint8_t counted = 0;
    static constexpr std::uint8_t kRunConflict = 1, kBackgroundConflict = 2;
    std::uint64_t serial = 0;  ///< the packet that crossed
    std::uint64_t msg = 0;
    router_id src = 0;
    header hdr;  ///< as carried on the wire (sync counter already stepped down)
};

/// `e`'s packet crossed: the packet's identity and header as it went.
inline void mark_sent(link_event& e, const packet& p) {
    e.sent = true;
    e.serial = p.serial;
    e.msg = p.msg;
    e.src = p.src;
    e.hdr = p.hdr;
}

class link_observer {
  public:
    virtual ~link_observer() = default;
    /// Called once per output port and step in which at least one packet requested it.
    virtual void on_link(const link_event& e) = 0;
    /// Called when the number of packets in an input buffer (or the hold stage, input -1) changes.
    virtual void on_buffer(std::uint64_t step, router_id router, int input, std::size_t occupancy) {
        (void)step, (void)router, (void)input, (void)occupancy;
    }
    /// With more than one virtual channel per input: the packets in VC `vc` of link input
    /// `input` whenever that number changes (after on_buffer for the port).
    virtual void on_vc_buffer(std::uint64_t step, router_id router, int input, int vc,
                              std::size_t occupancy) {
        (void)step, (void)router, (void)input, (void)vc, (void)occupancy;
    }
    /// With a pipeline (core/router/pipeline.h) and wants_stages(): in step `step`, a packet of
    /// `router` is in `unit` from cycle `from` (>= step) until cycle `to` (exclusive).
    virtual void on_stage(std::uint64_t step, router_id router, pipeline_unit unit,
                          std::uint64_t from, std::uint64_t to) {
        (void)step, (void)router, (void)unit, (void)from, (void)to;
    }
    virtual bool wants_stages() const { return false; }
    /// Called per packet event (core/run/packet_event.h) when wants_packets() is true.
    virtual void on_packet(const packet_event& e) { (void)e; }
    virtual bool wants_packets() const { return false; }

    // A design-space router (core/vc_router/vc_router.h) only. Its ports as these callbacks name
    // them: link ports 0..link_ports-1 (port_of), kHoldPort (its hold port, as on_buffer's -1)
    // and link_ports + t for terminal t (the node's port when the router has one terminal).
    static constexpr int kHoldPort = -1;
    static constexpr int kFreeVc = -2;  ///< on_vc_grant's input and in_vc when a VC is released
    /// VC allocation granted VC `out_vc` of output `output` to VC `in_vc` of input `input` in
    /// `step`; input and in_vc kFreeVc: the VC was released (its packet's tail left, or with
    /// wait_for_tail_credit the tail's credit came back).
    virtual void on_vc_grant(std::uint64_t step, router_id router, int output, int out_vc,
                             int input, int in_vc) {
        (void)step, (void)router, (void)output, (void)out_vc, (void)input, (void)in_vc;
    }
    /// Input port `input` sent `flits` (> 0) flits through the switch in `step` (at most the
    /// input speedup).
    virtual void on_input_flits(std::uint64_t step, router_id router, int input, int flits) {
        (void)step, (void)router, (void)input, (void)flits;
    }
    /// More than one switch-allocation row asked for an output that is not a link in `step` (its
    /// hold port or a terminal's ejection port): a conflict the run counts (JSON `conflicts`)
    /// that no on_link reports.
    virtual void on_inner_conflict(std::uint64_t step, router_id router, int output,
                                   std::size_t requesters) {
        (void)step, (void)router, (void)output, (void)requesters;
    }
};

/// An observer in front of another: passes every event on to `next` (none: nullptr). The base of
/// the observers that look at part of the events (the packet log, link statistics, partition
/// crossings), so that everything they do not look at still reaches the waveform behind them.
class observer_chain : public link_observer {
  public:
    explicit observer_chain(link_observer* next) : next_(next) {}
    void on_link(const link_event& e) override {
        if (next_) next_->on_link(e);
    }
    void on_buffer(std::uint64_t step, router_id router, int input, std::size_t n) override {
        if (next_) next_->on_buffer(step, router, input, n);
    }
    void on_vc_buffer(std::uint64_t step, router_id router, int input, int vc,
                      std::size_t n) override {
        if (next_) next_->on_vc_buffer(step, router, input, vc, n);
    }
    void on_stage(std::uint64_t step, router_id router, pipeline_unit unit, std::uint64_t from,
                  std::uint64_t to) override {
        if (next_) next_->on_stage(step, router, unit, from, to);
    }
    bool wants_stages() const override { return next_ && next_->wants_stages(); }
    void on_packet(const packet_event& e) override {
        if (next_) next_->on_packet(e);
    }
    bool wants_packets() const override { return next_ && next_->wants_packets(); }
    void on_vc_grant(std::uint64_t step, router_id router, int output, int out_vc, int input,
                     int in_vc) override {
        if (next_) next_->on_vc_grant(step, router, output, out_vc, input, in_vc);
    }
    void on_input_flits(std::uint64_t step, router_id router, int input, int flits) override {
        if (next_) next_->on_input_flits(step, router, input, flits);
    }
    void on_inner_conflict(std::uint64_t step, router_id router, int output,
                           std::size_t requesters) override {
        if (next_) next_->on_inner_conflict(step, router, output, requesters);
    }

  private:
    link_observer* next_;
};

}  // namespace d3
