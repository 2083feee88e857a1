// Output unit: the router's side of each outgoing link and of the node. Keeps one credit count per
// output and virtual channel (the free slots of the buffer downstream), the credits on their way
// back (each usable from the cycle it arrives), and the link latency a hop takes (pipeline stages
// minus one plus the link's latency). Sends packets on the links and ejects to the node through
// the router's socket, and bounds ejection per step (`ejection_width`, 0: unbounded).
#pragma once

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

#include "core/config.h"
#include "core/fifo.h"
#include "core/stats.h"
#include "sc/protocol.h"

namespace d3 {

class output_unit : public sc_core::sc_object {
  public:
    struct setup {
        int k = 1;  ///< outputs 0..K-1 are global links, K..K+M-2 local links (port_of)
        int outputs = 1;
        int vcs = 1;  ///< channels per output (service classes x virtual channels)
        const router_params* params = nullptr;
        router_stats* background = nullptr;  ///< where background packets count (--background)
    };
    using fw_if = tlm::tlm_fw_transport_if<link_protocol_types>;

    output_unit(const char* name, const setup& s, router_stats& stats);

    /// The forward interfaces behind the router's socket: one per link output, then the node.
    void bind(std::vector<fw_if*> links, fw_if* node) {
        fw_ = std::move(links);
        node_ = node;
    }

    /// Credits that have arrived by cycle `t` become usable.
    void return_credits(std::uint64_t t);
    /// A credit for `output`, virtual channel `vc`, usable from cycle `due`.
    void credit_arrived(int output, int vc, std::uint64_t due);
    bool has_credit(int output, int vc) const { return credits_[slot(output, vc)] > 0; }

    /// Sends `p` on link `output` into virtual channel `vc` downstream in step `t`.
    void send(int output, int vc, packet* p, std::uint64_t t);

    /// Starts a step: this step's ejection room.
    void begin_step() { eject_room_ = ejection_width_; }
    /// True (and one place taken) when the node can take a packet in this step.
    bool take_eject_room();
    /// Delivers `p` to the node.
    void eject(packet* p);

    /// The earliest cycle after `t` at which a pending credit arrives (calendar::kNever: none).
    std::uint64_t next_credit(std::uint64_t t) const;
    /// Packets sent on `output` that the buffers downstream still hold (all virtual channels).
    int occupancy(int output) const;
    int credits(int output, int vc) const { return credits_[slot(output, vc)]; }

  private:
    router_stats& stats_of(const packet* p) { return p->background ? *background_ : stats_; }
    std::size_t slot(int output, int vc) const {
        return static_cast<std::size_t>(output * vcs_ + vc);
    }

    const int k_;
    const int vcs_;
    const int depth_;
    const int ejection_width_;  ///< 0: unbounded
    const sc_core::sc_time global_delay_;
    const sc_core::sc_time local_delay_;
    router_stats& stats_;
    router_stats* background_;
    std::vector<int> credits_;                     ///< per output and VC
    std::vector<fifo<std::uint64_t>> returning_;   ///< per output and VC: arrival cycles
    std::vector<std::uint32_t> pending_;           ///< slots with credits on their way back
    std::vector<fw_if*> fw_;
    fw_if* node_ = nullptr;
    int eject_room_ = 0;
};

}  // namespace d3
