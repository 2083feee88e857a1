#include "core/network/config.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <thread>

#include "core/allocation/allocator_factory.h"
#include "core/allocation/arbiter_factory.h"
#include "core/decoding/vc.h"
#include "core/network/dragonfly.h"
#include "core/network/file_topology.h"
#include "core/network/limits.h"
#include "core/network/packet_sizes.h"
#include "core/network/topology.h"
#include "core/router/service.h"

namespace d3 {

namespace {

bool known(const std::vector<std::string>& names, const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
}

// The microarchitecture's options (docs/design-space.md): names, ranges, and what the
// design-space router does not model (service classes, background traffic).
std::optional<std::string> check_design(const router_params& r, bool background) {
    const microarchitecture& d = r.design;
    const auto listed = [](const char* first) {
        std::string s = first;
        for (const std::string& n : allocator_names()) s += ", " + n;
        return s;
    };
    if (d.sw_allocator != "paper" && !known(allocator_names(), d.sw_allocator))
        return "--sw-allocator " + d.sw_allocator + " is not one of: " + listed("paper");
    if (d.vc_allocator != "static" && !known(allocator_names(), d.vc_allocator))
        return "--vc-allocator " + d.vc_allocator + " is not one of: " + listed("static");
    if (auto e = out_of_range("allocation iterations", d.alloc_iters, kAllocItersRange)) return e;
    if (auto e = out_of_range("credit delay", d.credit_delay, kCreditDelayRange)) return e;
    if (auto e = out_of_range("output speedup", d.output_speedup, kOutputSpeedupRange)) return e;
    if (auto e = out_of_range("output queue", d.output_queue, kOutputQueueRange)) return e;
    if (!(d.internal_speedup >= 1.0 && d.internal_speedup <= 16.0))
        return "--internal-speedup must be 1 to 16 allocation rounds per cycle (got " +
               std::to_string(d.internal_speedup) + ")";
    if (!r.design_space()) {
        if (r.arb == arbitration::matrix)
            return std::string(
                "--arbitration matrix is an allocator's arbiter: it needs a "
                "design-space router (--sw-allocator, --vc-allocator, ...)");
        return std::nullopt;
    }
    const int vcs = r.vcs == 0 ? 1 : r.vcs;
    if (d.input_speedup < 0 || d.input_speedup > vcs)
        return "--input-speedup must be 1.." + std::to_string(vcs) +
               " (the VCs) or 0 for all (got " + std::to_string(d.input_speedup) + ")";
    if (!known(arbiter_names(), std::string(to_string(r.arb))))
        return std::string("--arbitration ") + to_string(r.arb) +
               " is the paper router's; a design-space "
               "router's allocators take round-robin, matrix or oldest-first";
    if (d.vc_allocator != "static" && d.vc_classes != vc_class_kind::sync && vcs < d.phases)
        return "--vc-allocator " + d.vc_allocator +
               " by phase or remaining global hops needs a VC per phase: --vcs " +
               std::to_string(d.phases) + " or more (got " + std::to_string(vcs) + ")";
    if (r.service_classes != 1 || background)
        return std::string(
            "service classes and --background need the paper's router (no "
            "--sw-allocator, --vc-allocator, ... options)");
    return std::nullopt;
}

// --unit-impl hold_stage=rtl|lockstep: d3sim's build of rtl/d3_hold_stage.sv (kHoldSlots packets,
// hold times up to kHoldMostTime cycles) in the paper's router; one capacity for every class.
std::optional<std::string> check_hold_unit(const router_params& r) {
    const std::string unit = "--unit-impl hold_stage=" + std::string(to_string(r.hold_stage_impl));
    if (r.design_space()) return unit + " runs in the paper's router, not in a design-space router";
    const long after = r.pipeline.after_grant();
    if (after + std::max(r.local_latency, r.global_latency) > kHoldMostTime)
        return unit + " needs hold times of at most " + std::to_string(kHoldMostTime) +
               " cycles (the pipeline's allocate and traverse cycles plus a link's latency)";
    if (r.hold_capacity > kHoldSlots)
        return unit + " needs --hold-capacity 0.." + std::to_string(kHoldSlots) +
               " (the RTL's slots)";
    if (r.hold_capacity != 0 && r.service_classes != 1)
        return unit + " with --hold-capacity needs one service class (the RTL's one capacity)";
    return std::nullopt;
}

// --unit-impl switch_allocator=rtl|lockstep in a design-space router: d3sim's build of
// rtl/d3_separable_allocator.sv (kAllocatorPorts rows and columns, round-robin arbiters, one
// pass), for --sw-allocator separable-input-first; no module of one's own.
std::optional<std::string> check_unit_allocator(const router_params& r, const std::string& unit) {
    const microarchitecture& d = r.design;
    if (d.sw_allocator != "separable-input-first")
        return unit +
               " runs in the paper's router or, in a design-space router, with "
               "--sw-allocator separable-input-first (the RTL allocator)";
    if (!r.switch_allocator_module.empty())
        return unit + ":" + r.switch_allocator_module +
               ": a design-space router runs d3_separable_allocator, no module of its own";
    if (d.alloc_iters != 1) return unit + " needs --alloc-iters 1 (the RTL's one pass)";
    if (d.output_speedup != 1) return unit + " needs --output-speedup 1";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> network_config::check_model() const {
    if (shape == topology_kind::mdf) {
        if (auto err = topology::check_mdf(k, m)) return err;
    } else if (shape == topology_kind::file) {
        if (net_file.empty() && !is_built())
            return std::string("--topology file needs a path: file:PATH");
        if (k < 1 || k > kMaxK || m != 1)
            return "a file network has K = its routers' most ports, 1.." + std::to_string(kMaxK) +
                   ", and M = 1 (got K=" + std::to_string(k) + ", M=" + std::to_string(m) + ")";
    } else if (auto err = topology::check(k, m)) {
        return err;
    }
    const router_params& r = router;
    if (auto e = out_of_range("buffer depth", r.buffer_depth, kBufferDepthRange)) return e;
    if (auto e = out_of_range("injection width", r.injection_width, kInjectionWidthRange)) return e;
    if (auto e = out_of_range("injection depth", r.injection_depth, kInjectionDepthRange)) return e;
    if (auto e = out_of_range("ejection width", r.ejection_width, kEjectionWidthRange)) return e;
    if (auto e = out_of_range("hold capacity", r.hold_capacity, kHoldCapacityRange)) return e;
    for (pipeline_unit u : kPipelineUnits)
        if (auto e = out_of_range(std::string("pipeline ") + to_string(u) + " cycles",
                                  r.pipeline.cycles(u), {0, kPipelineStagesRange.hi - 1}))
            return e;
    if (auto e = out_of_range("pipeline stages", r.pipeline.stages(), kPipelineStagesRange))
        return e;
    if (auto e = out_of_range("local latency", r.local_latency, kLinkLatencyRange)) return e;
    if (auto e = out_of_range("global latency", r.global_latency, kLinkLatencyRange)) return e;
    if (auto e = out_of_range("virtual channels", r.vcs, {0, kMaxVcs})) return e;
    if (auto e = out_of_range("service classes", r.service_classes, {1, kServiceClasses})) return e;
    if (auto e = out_of_range("packet length", r.packet_length, kPacketLengthRange)) return e;
    if (auto e = check_design(r, background)) return e;
    if (!r.packet_sizes.empty()) {  // the network is built for the largest size
        auto sizes = packet_sizes::parse(r.packet_sizes);
        if (auto* e = std::get_if<std::string>(&sizes)) return *e;
        if (std::get<packet_sizes>(sizes).largest() != r.packet_length)
            return "--packet-sizes " + r.packet_sizes +
                   ": the packet length must be the largest "
                   "size (got --packet-length " +
                   std::to_string(r.packet_length) + ")";
    }
    if (r.buffer_depth < r.packet_length && r.design.control == flow_control::vct)
        return "--buffer-depth " + std::to_string(r.buffer_depth) +
               " flits must hold a whole packet (--packet-length " +
               std::to_string(r.packet_length) + "): virtual cut-through";
    if (auto e = out_of_range("watchdog", watchdog, kWatchdogRange)) return e;
    if (!(memory_limit_mib >= 0)) return "the memory limit must be 0 (none) or a size in MiB";
    const int width = r.injection_width == 0 ? m : r.injection_width;
    if (r.injection_depth != 0 && r.injection_depth < width)
        return "--injection-depth " + std::to_string(r.injection_depth) +
               " must hold at least one step of injection (--injection-width " +
               std::to_string(width) + ")";
    if (r.switch_allocator_impl != unit_impl::cpp) {  // the RTL is the paper's round-robin arbiter
        const std::string unit =
            "--unit-impl switch_allocator=" + std::string(to_string(r.switch_allocator_impl));
        if (r.arb != arbitration::round_robin)
            return unit + " needs --arbitration round-robin (the RTL's arbiter)";
        if (r.design_space())
            if (auto e = check_unit_allocator(r, unit)) return e;
    }
    if (r.replicator_impl != unit_impl::cpp) {  // a line per target: links, hold, ejection
        const std::string unit =
            "--unit-impl replicator=" + std::string(to_string(r.replicator_impl));
        if (r.design_space())
            return unit + " runs in the paper's router, not in a design-space router";
        if (k + m + 1 > kReplicatorLines)
            return unit + " needs K + M + 1 <= " + std::to_string(kReplicatorLines) +
                   " (the RTL's target lines: the link ports, the hold stage, ejection)";
    }
    if (r.hold_stage_impl != unit_impl::cpp) return check_hold_unit(r);
    return std::nullopt;
}

double router_params::mean_packet() const {
    if (packet_sizes.empty()) return packet_length;
    const auto sizes = packet_sizes::parse(packet_sizes);
    const auto* p = std::get_if<d3::packet_sizes>(&sizes);
    return p ? p->mean() : packet_length;
}

int router_params::smallest_packet() const {
    if (packet_sizes.empty()) return packet_length;
    const auto sizes = packet_sizes::parse(packet_sizes);
    const auto* p = std::get_if<d3::packet_sizes>(&sizes);
    return p ? p->smallest() : packet_length;
}

std::optional<std::string> network_config::check_threads() const {
    if (threads < 1) return std::string("--threads must be a positive count or auto");
    if (threads == 1) return std::nullopt;
    const router_params& r = router;
    const char* why = r.design_space() ? "a design-space router"
                      : r.switch_allocator_impl != unit_impl::cpp ||
                              r.replicator_impl != unit_impl::cpp ||
                              r.hold_stage_impl != unit_impl::cpp
                          ? "a router unit in RTL (--unit-impl)"
                      : faults() ? "failed links or routers (--fail-links, --fail-routers)"
                                 : nullptr;
    if (!why) return std::nullopt;
    return "--threads " + std::to_string(threads) + " does not run " + why +
           " yet: use --threads 1 (docs/architecture.md, \"Threads\")";
}

std::optional<std::string> network_config::validate() const {
    if (auto e = check_model()) return e;
    if (auto e = check_threads()) return e;
    if (watchdog != 0 && watchdog < min_watchdog()) {
        const router_params& r = router;
        const pipeline_spec& p = r.pipeline;
        std::string why = "route " + std::to_string(p.route) + " + allocate " +
                          std::to_string(p.allocate) + " + traverse " + std::to_string(p.traverse) +
                          " cycles + link latency " +
                          std::to_string(std::max(r.local_latency, r.global_latency));
        if (r.packet_length > 1)
            why += " + the " + std::to_string(r.packet_length - 1) + " flits after the head";
        return "--watchdog " + std::to_string(watchdog) +
               " steps is shorter than a healthy run may go without any packet moving, " +
               std::to_string(min_watchdog()) + " steps (" + why + "): give at least " +
               std::to_string(min_watchdog()) + ", or 0 for the default";
    }
    return std::nullopt;
}

// The longest a packet in flight waits for its next move (network::progress(): an entry from its
// node, a hop, a hold, a delivery) when nothing else moves in between, from the router's units:
// after a hop or a hold it is at the next router (or out of the hold stage) A + T + L cycles after
// it won the switch (L of the link it took or did not take), and is routed for R cycles; after its
// entry it is ready 1 cycle later and routed for R; a packet without a credit gets the last of its
// F credits A + L + F - 1 cycles after the packet ahead of it moved (output_unit, router::
// return_flit_credits); a node without injection credits gets one A + 1 cycles after a packet left
// the injection buffer; a busy link or ejection lane is free F cycles after the packet on it
// moved. A packet delivered leaves the pool at once (node::nb_transport_fw). Any other wait (a lost
// arbitration, a full hold stage, the ejection width) means another packet moved in that step.
// The longest of these is at most R + A + T + L + F - 1 (L >= 1), exact for one-flit packets
// (D3(2,4)'s permutation with --pipeline route:5,allocate:5 stops 10 steps without a move).
long long network_config::min_watchdog() const {
    const router_params& r = router;
    // A design-space router adds its VC-allocation unit and the credit delay (the same waits).
    return static_cast<long long>(r.pipeline.extra()) + r.design.credit_delay +
           std::max(r.local_latency, r.global_latency) + r.packet_length - 1;
}

network_config network_config::resolved() const {
    network_config c = *this;
    if (c.router.injection_width == 0) c.router.injection_width = m;
    if (c.router.vcs == 0) c.router.vcs = 1;
    if (c.router.injection_depth == 0) c.router.injection_depth = 2 * c.router.injection_width;
    if (c.watchdog == 0) {  // 64-bit: resolved() may see a configuration validate() refuses
        const long long hop = static_cast<long long>(c.router.pipeline.stages()) +
                              std::max(c.router.local_latency, c.router.global_latency);
        c.watchdog = static_cast<int>(std::min<long long>(1000 + 10 * hop, kWatchdogRange.hi));
    }
    return c;
}

int router_params::channels() const {
    return channels_per_input(vcs, service_classes);
}

topology make_topology(const network_config& c) {
    if (c.shape == topology_kind::d3) return topology(c.k, c.m);
    if (c.shape == topology_kind::file && c.is_built())
        return topology(file_topology::build(*c.built,
                                             static_cast<std::uint32_t>(c.built_terminals),
                                             static_cast<std::uint32_t>(c.router.global_latency)));
    if (c.shape == topology_kind::file) {
        try {
            return topology(file_topology::read(c.net_file));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("--topology file:") + e.what());
        }
    }
    if (auto err = topology::check_mdf(c.k, c.m)) throw std::invalid_argument(*err);
    if (const auto a = parse_arrangement(c.arrangement))
        return topology(std::make_shared<const dragonfly>(c.k, c.m, *a));
    try {  // named like the option that gave the file, so a --config file's line is found
        return topology(
            std::make_shared<const dragonfly>(dragonfly::from_file(c.k, c.m, c.arrangement)));
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("--arrangement: ") + e.what());
    }
}

int file_link_latency(const topology& t, const coord& at, int port) {
    return t.file()->link_latency(t.id(at), port);
}

void use_built_network(network_config& c, const network_spec& spec) {
    c.shape = topology_kind::file;
    c.net_file.clear();
    c.built = std::make_shared<const network_spec>(spec);
    const topology t = make_topology(c);
    c.k = t.k();
    c.m = t.m();
    c.router.local_latency = c.router.global_latency;
}

void use_network_file(network_config& c, const std::string& path) {
    c.shape = topology_kind::file;
    c.net_file = path;
    const topology t = make_topology(c);
    c.k = t.k();
    c.m = t.m();
    c.router.local_latency = c.router.global_latency = t.file()->longest_latency();
    // A step's injection: a packet per terminal (resolved() would take M = 1).
    if (c.router.injection_width == 0)
        c.router.injection_width = static_cast<int>(t.file()->net().terminals());
}

std::string parse_threads(const std::string& text, int& threads) {
    if (text == "auto") {
        threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        return {};
    }
    const std::string bad = "--threads must be a positive count or auto (got '" + text + "')";
    if (text.empty() || text.size() > 4 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        return bad;
    const long n = std::strtol(text.c_str(), nullptr, 10);
    if (n < 1 || n > 1024) return bad;
    threads = static_cast<int>(n);
    return {};
}

}  // namespace d3
