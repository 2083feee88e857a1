// The edges of a design-space router (core/vc_router/vc_router.h) in SystemC: its flits go out on
// the router's link sockets, its credits back over the links they came on, its deliveries to the
// node, and its heads are decoded by the router's route stage. Built by the router when its
// configuration is a design-space one (router_params::design_space); the paper's router has none.
#pragma once

#include <cstdint>
#include <vector>

#include "core/vc_router/vc_router.h"
#include "sc/delivery_sink.h"
#include "sc/protocol.h"
#include "sc/router/entry.h"
#include "sc/router/route_stage.h"
#include "sc/stepper.h"

namespace d3 {

class design_io final : public vc_router_io {
  public:
    using fw_if = link_fw_call;
    using bw_if = link_bw_call;

    design_io(const char* router_name, stepper& clock, route_stage& route)
        : name_(router_name),
          clock_(clock),
          route_(route),
          net_(!route.reference() || route.topo().is_file() ? network_kind::any
               : route.topo().is_d3()                       ? network_kind::d3
                                                            : network_kind::mdf) {}

    /// Link output `o` (in port order) and its latency; then the node.
    void bind_output(fw_if* link, std::uint64_t latency) {
        outputs_.push_back({link, latency, cycles(latency)});
    }
    void bind_node(fw_if* node) { node_ = node; }
    /// Deliveries go to `sink` (the node's node::direct_delivery) by a direct call, not over
    /// the node's binding.
    void deliver_into(delivery_sink& sink) { sink_ = &sink; }
    /// Link output `o` leads to a design-space router stepped as `owner`, which its router hands
    /// flits directly (vc_router::link_flits): wake() wakes `owner`.
    void link_output(int o, stepper::client& owner) {
        outputs_[static_cast<std::size_t>(o)].peer_client = &owner;
    }
    /// Link output `o`'s latency (bind_output).
    std::uint64_t output_latency(int o) const {
        return outputs_[static_cast<std::size_t>(o)].latency;
    }
    /// Link input `input`'s latency (bind_input).
    std::uint64_t input_latency(int input) const {
        return inputs_[static_cast<std::size_t>(input)].latency;
    }
    /// Link input `input`'s way back (its credits) and its latency.
    void bind_input(int input, bw_if* link, std::uint64_t latency);

    void send_flit(int output, int vc, packet* p, int seq, std::uint64_t depart) override;
    void wake(int output, std::uint64_t ready) override {
        clock_.wake_router(*outputs_[static_cast<std::size_t>(output)].peer_client, ready);
    }
    void send_credit(int input, int vc, std::uint64_t at) override;
    void deliver(packet* p, std::uint64_t at) override;
    bool route(const packet& p, std::uint64_t t, target& to, header& next) override;

  private:
    template <typename If>
    struct edge {
        If* link = nullptr;
        std::uint64_t latency = 0;
        sc_core::sc_time delay;  ///< the latency as a delay, worked out once
        /// The design-space router at the other end of a link output (link_output): its client
        /// (flits wake it), or nullptr.
        stepper::client* peer_client = nullptr;
    };
    /// Delay from now to cycle `at` plus edge `e`'s latency (at now: its delay, as it is).
    template <typename If>
    sc_core::sc_time after(std::uint64_t at, const edge<If>& e) const {
        const std::uint64_t now = clock_.now();
        return at == now ? e.delay : cycles(at - now + e.latency);
    }

    /// How route_ decodes: the reference decoder inline for the network's kind (as the paper's
    /// plain step does), or any decoder.
    enum class network_kind : std::uint8_t { any, d3, mdf };

    const char* name_;
    stepper& clock_;
    route_stage& route_;
    network_kind net_;
    std::vector<edge<fw_if>> outputs_;
    std::vector<edge<bw_if>> inputs_;
    fw_if* node_ = nullptr;
    delivery_sink* sink_ = nullptr;  ///< deliver_into's
    /// route(): the entry the route stage decodes into, reused (each decode writes its decision
    /// and target; only they are read).
    entry decoding_;
    /// deliver(): the cycles ahead of now of the last delivery and that distance as a delay
    /// (most deliveries are as far ahead as the one before).
    std::uint64_t deliver_ahead_ = 0;
    sc_core::sc_time deliver_delay_ = sc_core::SC_ZERO_TIME;
};

}  // namespace d3
