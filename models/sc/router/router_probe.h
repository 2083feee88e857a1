// Router probe: the paper router's one place that tells its link observer (waves, link statistics,
// the packet log; core/run/stats.h) what its units did. The units and the step call it only when
// the step handles an observer (core/router/step_traits.h: observed) and one is attached (on()):
// the paper's router has none, and its step has no test of it.
#pragma once

#include <cstdint>

#include "core/network/config.h"
#include "core/router/pipeline.h"
#include "core/run/packet_event.h"
#include "core/run/stats.h"
#include "sc/router/entry.h"
#include "sc/router/input_unit.h"

namespace d3 {

class router_probe {
  public:
    struct setup {
        link_observer* observer = nullptr;
        router_id router = 0;
        const router_params* params = nullptr;  ///< the pipeline's cycles, the channels
        const input_unit* inputs = nullptr;     ///< buffer indices to ports and channels
    };
    explicit router_probe(const setup& s);

    /// An observer is attached.
    bool on() const { return observer_ != nullptr; }
    /// The observer takes packet events (--trace-packets).
    bool logs_packets() const { return log_packets_; }
    link_observer* observer() const { return observer_; }

    /// A packet entered buffer `fifo` in step `now`: its port's occupancy (and an injection's
    /// packet event).
    void arrived(std::uint64_t now, int fifo, const packet& p) const;
    /// The occupancy of buffer `fifo`'s input port (and of the buffer, with several channels)
    /// changed in step `t`.
    void buffer_changed(std::uint64_t t, int fifo) const;
    /// The hold stage holds `held` packets after step `t`.
    void hold_changed(std::uint64_t t, std::size_t held) const;
    /// The route stage of its own cycles took a packet in step `t` until `ready`.
    void routed(std::uint64_t t, std::uint64_t ready) const;
    /// A packet from request source `source` (a buffer, or the hold stage) crossed the switch to
    /// `to` in step `t`: its packet event (hop, hold or deliver) and the switch's pipeline
    /// stages.
    void switched(const packet& p, std::uint64_t t, std::uint32_t source, target to) const;
    /// A packet from `source` with a credit lost link output `output` to another in step `t`.
    void lost(const packet& p, std::uint64_t t, std::uint32_t source, int output) const;

  private:
    void log_packet(packet_event_kind kind, const packet& p, std::uint64_t t, std::uint32_t source,
                    int output) const;
    void switch_stages(std::uint64_t t) const;

    link_observer* observer_;
    router_id id_;
    const router_params* params_;
    const input_unit* inputs_;
    bool log_packets_;  ///< the observer takes packet events (--trace-packets)
    bool log_stages_;   ///< the observer traces the pipeline's units (core/router/pipeline.h)
};

}  // namespace d3
