// Validated configuration of a network (D3(K,M) or the comparison MDF(K,M)) and its routers.
// Plain C++, no SystemC.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/energy/power_options.h"
#include "core/enum_names.h"
#include "core/network/topology.h"
#include "core/router/pipeline.h"
#include "core/router/unit_impl.h"
#include "core/vc_router/vc_router_setup.h"

namespace d3 {

/// Output arbitration among packets that want the same directed link in the same step.
enum class arbitration {
    round_robin,     ///< rotating priority over input ports (default)
    oldest_first,    ///< earliest launch step wins
    youngest_first,  ///< latest launch step wins (the paper's "last-in first-out", Protocol 2)
    /// least recently served (Dally and Towles 18.5): a design-space router's allocators only
    matrix,
};

inline constexpr enum_entry<arbitration> kArbitrationNames[] = {
    {arbitration::round_robin, "round-robin"},
    {arbitration::oldest_first, "oldest-first"},
    {arbitration::youngest_first, "youngest-first"},
    {arbitration::matrix, "matrix"}};
constexpr const auto& enum_names_of(arbitration) {
    return kArbitrationNames;
}

/// Per-router knobs. A value of 0 selects the documented default.
/// The router's microarchitecture beyond the paper's (issue 43, docs/design-space.md): any value
/// but the default makes the routers design-space routers (core/vc_router), which move packets
/// flit by flit through allocators chosen by name. The delays are the pipeline's units
/// (router_params::pipeline: route, vc-allocate, allocate, traverse).
struct microarchitecture {
    std::string sw_allocator = "paper";        ///< --sw-allocator: paper or an allocator kind
    std::string vc_allocator = "static";       ///< --vc-allocator: static or an allocator kind
    int alloc_iters = 1;                       ///< --alloc-iters (iSLIP's iterations)
    int input_speedup = 0;                     ///< --input-speedup: 0 = every VC (the paper's)
    int output_speedup = 1;                    ///< --output-speedup
    double internal_speedup = 1.0;             ///< --internal-speedup
    int output_queue = 0;                      ///< --output-queue: flits, 0 = unbounded
    flow_control control = flow_control::vct;  ///< --flow-control
    bool wait_for_tail_credit = false;         ///< --wait-for-tail-credit
    int credit_delay = 0;                      ///< --credit-delay
    vc_class_kind vc_classes = vc_class_kind::phase;  ///< --vc-classes (dynamic VCs)
    bool skip_holds = false;                          ///< --skip-holds
    /// Hop phases a packet may be in (the global links it may cross, plus one): the VC classes
    /// of --vc-classes phase. Set from the routing by the traffic mode (minimal 2, else 3).
    int phases = 2;
    /// Terminal ports per router (the traffic's --concentration): each its own source queue,
    /// injection channel and ejection port. Set by the traffic mode.
    int terminals = 1;

    /// The paper's router: none of the above set.
    bool paper() const {
        return sw_allocator == "paper" && vc_allocator == "static" && alloc_iters == 1 &&
               input_speedup == 0 && output_speedup == 1 && internal_speedup == 1.0 &&
               output_queue == 0 && control == flow_control::vct && !wait_for_tail_credit &&
               credit_delay == 0 && vc_classes == vc_class_kind::phase && !skip_holds;
    }
};

struct router_params {
    int buffer_depth = 8;  ///< flits per link input buffer (credit count of the upstream port)
    int injection_width =
        0;  ///< packets a node may launch per step; 0 = M (paper, sections 7 and 9)
    int injection_depth = 0;  ///< injection buffer; 0 = 2 x injection width
    int ejection_width = 0;   ///< packets delivered to the node per step; 0 = unlimited (paper)
    int hold_capacity = 0;    ///< packets the hold stage (port 0) keeps at once; 0 = unlimited
    /// Which units take cycles of their own (core/router/pipeline.h); none = the paper's one hop
    /// per time step.
    pipeline_spec pipeline;
    int local_latency = 1;   ///< cycles on a local link
    int global_latency = 1;  ///< cycles on a global link
    arbitration arb = arbitration::round_robin;
    /// Virtual channels per link input, separated by the sync counter b the packet arrives with
    /// (core/decoding/vc.h); 0 = 1 (the paper's router, used by the primitives). The
    /// synthetic-traffic testbench resolves 0 to kTrafficVcs.
    int vcs = 0;
    /// Service classes (core/router/service.h): 1, or 2 (privileged and standard) with --background
    /// or
    /// --service. Each class has its own `vcs` channels per input, injection buffer and credits.
    int service_classes = 1;
    /// Flits per packet (docs/multi-flit.md): virtual cut-through flow control, buffers and
    /// credits counted in flits, a link carries one flit per cycle. 1 = the paper's one-unit
    /// packets (synthetic traffic only for more). With packet_sizes: the largest size.
    int packet_length = 1;
    /// --packet-sizes SIZE:SHARE,... (core/network/packet_sizes.h): packets of several sizes,
    /// each carrying its own (packet::flits); empty: every packet is packet_length flits.
    std::string packet_sizes;
    microarchitecture design;
    /// The switch allocator's per-output arbiters: C++, the Verilated rtl/d3_rr_arbiter.sv, or both
    /// in lockstep (--unit-impl switch_allocator=..., issue 49).
    unit_impl switch_allocator_impl = unit_impl::cpp;
    /// The RTL arbiter module it runs (--unit-impl switch_allocator=rtl:MODULE; empty: the paper's
    /// d3_rr_arbiter): one with its port list, from rtl/ or D3_USER_RTL_DIR (docs/rtl-units.md).
    std::string switch_allocator_module;
    /// The replicator's fan-out decision: C++, the Verilated rtl/d3_replicator.sv, or both
    /// (--unit-impl replicator=...).
    unit_impl replicator_impl = unit_impl::cpp;
    /// Its RTL module (--unit-impl replicator=rtl:MODULE; empty: rtl/d3_replicator.sv).
    std::string replicator_module;
    /// Which held packets are ready and the hold stage's room: C++, the Verilated
    /// rtl/d3_hold_stage.sv, or both (--unit-impl hold_stage=...).
    unit_impl hold_stage_impl = unit_impl::cpp;
    /// Its RTL module (--unit-impl hold_stage=rtl:MODULE; empty: rtl/d3_hold_stage.sv).
    std::string hold_stage_module;

    /// Whether the routers are design-space routers (core/vc_router): a microarchitecture other
    /// than the paper's, or a VC-allocation unit with cycles.
    bool design_space() const { return !design.paper() || pipeline.vc_allocate != 0; }

    /// Flits of the smallest packet: packet_length unless packet_sizes has several (validated).
    int smallest_packet() const;
    /// Flits per packet on average: packet_length unless packet_sizes has several.
    double mean_packet() const;

    /// Channels per link input, the buffers and credits of each (core/router/service.h). Call on
    /// resolved parameters (vcs not 0).
    int channels() const;
};

struct network_spec;  // core/network/graphs/network_spec.h

struct network_config {
    int k = 4;
    int m = 4;
    /// D3(K,M), or the maximal dragonfly MDF(K,M) of section 11 with the same routers, or a
    /// network given as a file (net_file; k its routers' most ports, m 1: file_network_config).
    topology_kind shape = topology_kind::d3;
    /// A file network's path (`--topology file:PATH`, core/network/file_topology.h).
    std::string net_file;
    /// `--topology rsn|hdn|hamming`: the network built in memory by build_network and simulated
    /// as a file network (shape file, net_file empty), with `built_terminals` terminals per
    /// router (the traffic's --concentration) and links of router.global_latency cycles. Null
    /// otherwise (a pointer: configurations are copied often, and D3's and MDF's pay nothing).
    std::shared_ptr<const network_spec> built;
    int built_terminals = 1;
    /// A network built from `built` (not read from net_file).
    bool is_built() const { return built != nullptr; }
    /// MDF only: the global arrangement, "palmtree", "consecutive" or the path of a wiring file
    /// (core/network/dragonfly.h).
    std::string arrangement = "palmtree";
    router_params router;
    /// Steps in which no packet entered the network, moved (a hop or a hold) or was delivered, with
    /// packets in flight, after which the run is declared deadlocked and stopped; 0 = 1000 plus ten
    /// hop times. At least min_watchdog() (validate()).
    int watchdog = 0;
    /// Threads that step the routers of a cycle (--threads; models/sc/step_deferral.h): 1 is the
    /// one thread of the kernel; any count gives the results of one thread.
    int threads = 1;
    /// Why threads > 1 cannot run this configuration (the configurations whose routers write
    /// outside themselves in ways the recording does not cover), or nothing.
    std::optional<std::string> check_threads() const;
    /// The process's resident memory (MiB) above which the run stops (--max-memory): looked at
    /// each time network::kMemoryCheckMessages more messages have been launched, so a run past
    /// saturation, whose source queues grow without bound, stops before it takes the machine
    /// (network::memory_stop()). 0: no limit.
    double memory_limit_mib = 0;
    /// Background traffic runs with the workload (--background): routers keep its figures apart
    /// from the workload's (router::background_stats).
    bool background = false;
    /// Failed cables (--fail-links): `random:N`, `fraction:X` or a file (core/network/
    /// link_faults.h); empty: none. Read against the topology and the run's seed by the testbench.
    std::string fail_links;
    /// Failed routers (--fail-routers): `random:N`, `fraction:X` or a file of `c d p` lines
    /// (core/network/link_faults.h); empty: none.
    std::string fail_routers;
    /// The power model's options (--power; core/energy/power_options.h): not the network's, but
    /// every mode's configuration carries them here.
    power_options power;
    /// Whether any link or router fails (--fail-links, --fail-routers).
    bool faults() const { return !fail_links.empty() || !fail_routers.empty(); }

    /// Why this configuration cannot be simulated, or nothing when it can: check_model() and a
    /// watchdog of at least min_watchdog() steps (or 0).
    std::optional<std::string> validate() const;
    /// What the model needs to be well defined (ranges, a buffer that holds a packet, ...): all of
    /// validate() but the watchdog's lower bound, which keeps healthy runs from being stopped
    /// (the network checks this; Watchdog.OneStepShorterStopsAHealthyRun builds one below it).
    std::optional<std::string> check_model() const;
    /// The longest a healthy run goes without any packet entering, moving or being delivered
    /// while packets are in flight, in steps: R + A + T + L + F - 1, the route, allocate and
    /// traverse cycles of the pipeline, the slower link's latency and the packet's flits after
    /// the first (docs/architecture.md, "Deadlock"). A shorter watchdog could stop a healthy run.
    /// 64-bit: called on configurations validate() may refuse.
    long long min_watchdog() const;
    /// The same configuration with every 0 default replaced by its value. Call after validate().
    network_config resolved() const;
};

/// The topology a configuration describes (reads the wiring file of an MDF, the network file of a
/// file network). Throws std::invalid_argument with a one-line reason.
topology make_topology(const network_config& c);

/// link_latency on a file network: the file's latency of that link.
int file_link_latency(const topology& t, const coord& at, int port);
/// The latency in cycles of the link on port `port` (port_of's numbering) of router `at`: a file
/// network's own, link by link; D3's and MDF's, the global or the local links' (`r`'s). Inline:
/// each router asks it for every port as it is built.
inline int link_latency(const router_params& r, const topology& t, const coord& at, int port) {
    if (t.is_file()) return file_link_latency(t, at, port);
    return port_of(port, t.k()).global ? r.global_latency : r.local_latency;
}

/// `c` on the network `spec` built in memory (--topology rsn|hdn|hamming): shape file, K its
/// routers' most ports, M = 1, both link latencies the global one. Builds it; throws
/// std::invalid_argument with build_network's one-line reason.
void use_built_network(network_config& c, const network_spec& spec);

/// `c` on the network file at `path`: shape file, K its routers' most ports, M = 1 and both link
/// latencies the file's longest (the horizon's and the watchdog's; each link keeps its own,
/// link_latency). Reads the file; throws std::invalid_argument with a one-line reason.
void use_network_file(network_config& c, const std::string& path);

/// --threads: "auto" (the cores available) or a positive count into `threads`; an error line
/// (empty when valid).
std::string parse_threads(const std::string& text, int& threads);

}  // namespace d3
