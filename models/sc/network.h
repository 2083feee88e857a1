// D3(K,M): K*M*M routers with their nodes, wired exactly as the paper's (2.1): local port x of
// (c,d,p) to local port -x of (c,d,p+x), global port a of (c,d,p) to global port -a of (c+a,p,d).
// With cfg.shape = mdf the same routers and nodes form MDF(K,M) instead, wired by its global
// arrangement (core/network/dragonfly.h); router (g,r) is coordinate (g,0,r), named router_g_r.
//
// A link is a binding of a router's `out` multi-socket to the far router's `in`; its latency is
// added by the sending output unit (packets) and the receiving router (credits), and what crosses
// it is seen by the link observer. One stepper clocks every router and node.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/decoder_factory.h"
#include "core/network/config.h"
#include "core/network/link_faults.h"
#include "core/network/topology.h"
#include "core/run/ledger.h"
#include "core/run/stats.h"
#include "core/traffic/failure_at_step.h"
#include "core/traffic/occupancy_view.h"
#include "core/workload/workload.h"
#include "sc/module_list.h"
#include "sc/node.h"
#include "sc/packet_pool.h"
#include "sc/router.h"
#include "sc/stepper.h"

namespace d3 {

class network : public sc_core::sc_module, public occupancy_view {
    // Declared first: the routers and nodes below are built from them.
    network_config cfg_;
    topology topo_;
    packet_pool pool_;
    ledger ledger_;
    /// One per router from a decoder_factory; without one, the reference decoder all share.
    std::vector<std::unique_ptr<decoder_if>> decoders_;

  public:
    /// A cfg that does not pass validate() is SC_REPORT_ERROR d3/network; the network keeps its
    /// resolved copy.
    network(const sc_core::sc_module_name& name, const network_config& cfg, const workload& work,
            const decoder_factory& decoders = {}, link_observer* observer = nullptr);

    stepper clock;                ///< steps every node, then every router, per busy cycle
    module_list<router> routers;  ///< index = router id (c*M + d)*M + p
    module_list<node> nodes;      ///< node i is attached to router i

    const topology& topo() const { return topo_; }
    const network_config& config() const { return cfg_; }
    const ledger& deliveries() const { return ledger_; }
    std::size_t packets_alive() const { return pool_.in_use(); }

    /// The figures of the workload's packets (without --background: of every packet).
    router_stats totals() const;
    /// The background traffic's figures (--background; zero otherwise).
    router_stats background_totals() const;
    /// All routers' logged conflicts, in step order (at most `limit`).
    std::vector<conflict_record> first_conflicts(std::size_t limit) const;
    /// One line per router that still holds packets (empty when the network drained).
    std::vector<std::string> leftovers() const;
    std::uint64_t first_hop() const;
    std::uint64_t last_delivery() const;
    /// Launched messages between two looks at the process's memory (memory_limit_mib).
    static constexpr std::uint64_t kMemoryCheckMessages = 16384;
    /// Non-empty when the run stopped at network_config::memory_limit_mib: why, in one line (also
    /// reported as a warning d3/memory). The run's figures are those of the step it stopped at.
    const std::string& memory_stop() const { return memory_stop_; }
    /// Non-empty when the watchdog stopped the run: what it saw.
    const std::string& deadlock() const { return deadlock_; }
    /// The blocked cycle the watchdog found ("router (c,d,p) local 3 vc2 head ... -> ..."), or
    /// empty when none (a stall without a cycle).
    const std::string& wait_cycle() const { return wait_cycle_; }
    using waiting_judge = std::function<router::waiting_verdict(packet&, const waiting_place&)>;
    using waiting_lost = std::function<void(const packet&, const waiting_place&)>;
    /// A failure at the end of step `t` (--fail-links SPEC@T; network_failure.cpp): `judge`
    /// decides each waiting packet's fate (router::fail_waiting: where it waits); a removed one
    /// is dropped from the ledger (ledger::drop), told to `lost` and given back to the pool.
    void fail_waiting(std::uint64_t t, const waiting_judge& judge, const waiting_lost& lost);
    /// The packets some of whose flits are on a cable that `f` fails or in a router it fails by
    /// the end of step t - 1, by serial, with that fate (on_failed_link, in_failed_router): the
    /// paper router's multi-flit packets whose tail has not crossed a failed cable
    /// (router::tails_on over every failed output), a design-space router's packets with a flit
    /// in a failed router or in the input VCs of a failed cable's far end. Empty with one-flit
    /// packets on the paper router.
    std::unordered_map<std::uint64_t, failure_fate> flits_on_failures(const link_faults& f,
                                                                      std::uint64_t t) const;
    /// A failure at the end of step `t` in a run whose nodes hand packets over at their tail's
    /// arrival (node::hands_over_at_tail): each packet ejected to the node of router r whose tail
    /// has not arrived is told to takes(packet, r); a taken one is dropped from the ledger (its
    /// delivery at r), no longer counted ejected by r, told to `lost` and given back to the pool.
    void fail_handing_over(std::uint64_t t,
                           const std::function<bool(const packet&, router_id)>& takes,
                           const std::function<void(const packet&, router_id)>& lost);
    /// Node r's router failed: it launches nothing more; `dropped` is told each launch that
    /// still waited in its queues (node::fail).
    void fail_node(router_id r, const std::function<void(const launch&)>& dropped);
    /// The launches still waiting in the queues of the nodes of live routers, judged by
    /// keep(router, launch) (node::judge_waiting): a failure at a step reroutes or drops those
    /// whose route crosses it.
    void judge_queued(const link_faults& f, const std::function<bool(router_id, launch&)>& keep);

    /// Credits in use on an output of a router, as of its last step.
    int occupancy(router_id r, int output) const override {
        return routers[r].output_occupancy(output);
    }

  private:
    SC_HAS_PROCESS(network);
    // The deadlock watch (network_deadlock.cpp).
    void watchdog();
    /// fail_waiting() of design-space routers (network_failure.cpp): each packet judged once,
    /// where its lowest flit waits, and a lost one taken out of every router it spans.
    void fail_waiting_design(std::uint64_t t, const waiting_judge& judge, const waiting_lost& lost);
    /// A packet the failure took: out of the ledger, told to `lost`, back to the pool.
    void take_lost(std::uint64_t t, packet& p, const waiting_place& w, const waiting_lost& lost);
    /// Where a design-space router's packet waits (vc_router::for_each_waiting's place).
    waiting_place design_place(router_id r, int input, int vc) const;
    std::uint64_t progress() const;
    void stop_on_deadlock(const std::vector<std::int64_t>& cycle);
    /// The wait-for graph's numbering: per router its link buffers, then a hold stage per class.
    struct wait_graph_shape {
        int buffers = 0;
        int per_router = 0;
    };
    wait_graph_shape wait_shape() const;
    /// A cycle of the wait-for graph of blocked heads (its nodes in wait order), or empty.
    std::vector<std::int64_t> blocked_cycle() const;
    /// Every node of `cycle` a full link buffer: it can never resolve.
    bool held_for_good(const std::vector<std::int64_t>& cycle) const;
    /// "router (c,d,p) input local 3 vc2 (head ...) -> ... -> back to router ...", or "".
    std::string describe_cycle(const std::vector<std::int64_t>& cycle) const;

    sc_core::sc_event watchdog_event_;
    std::uint64_t last_progress_ = 0;  ///< progress() at the watchdog's last look
    std::string deadlock_;
    std::string memory_stop_;  ///< memory_stop()
    std::string wait_cycle_;

    /// The resident set against cfg_.memory_limit_mib; above it, memory_stop_ and sc_stop().
    void check_memory();
    /// Room for "router_c_d_p" with three numbers of up to 11 characters each.
    using module_name_buffer = std::array<char, 64>;
    /// "kind_c_d_p" (MDF: "kind_g_r"), the name of the router or node at x, written into buf.
    const char* module_name(const char* kind, const coord& x, module_name_buffer& buf) const;
};

}  // namespace d3
