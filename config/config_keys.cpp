#include "config/config_keys.h"

#include <algorithm>
#include <cstring>

#include "cli/did_you_mean.h"

namespace d3 {

namespace {
using T = config_type;
using M = config_mode;
}  // namespace

const std::vector<config_key>& config_keys() {
    static const std::vector<config_key> keys{
        {"network.topology", "--topology", T::text},
        {"network.k", "--k", T::integer},
        {"network.m", "--m", T::integer},
        {"network.arrangement", "--arrangement", T::text},
        // --topology rsn|hdn|hamming's network (network_spec.h): recorded only when given.
        {"network.levels", "--levels", T::integer},
        {"network.nucleus", "--nucleus", T::text},
        {"network.diameter_links", "--diameter-links", T::flag},
        {"network.base", "--base", T::text},
        {"network.supernodes", "--supernodes", T::text},
        {"network.dims", "--dims", T::text},
        {"network.trunking", "--trunking", T::integer},
        {"network.fail_links", "--fail-links", T::text},
        {"network.fail_routers", "--fail-routers", T::text},
        // The power model (docs/energy.md).
        {"power.tech", "--power", T::text},
        {"power.clock_ghz", "--clock-ghz", T::number},
        {"power.flit_bits", "--flit-bits", T::integer},
        {"power.link_mm", "--link-mm", T::list},
        {"outputs.power_out", "--power-out", T::text},
        {"network.watchdog", "--watchdog", T::integer},
        {"network.threads", "--threads", T::text},
        // The router, unit by unit (models/sc/router).
        {"router.input_unit.buffer_depth", "--buffer-depth", T::integer},
        {"router.input_unit.vcs", "--vcs", T::integer},
        {"router.injection.width", "--injection-width", T::integer},
        {"router.injection.depth", "--injection-depth", T::integer},
        {"router.ejection.width", "--ejection-width", T::integer},
        {"router.hold_stage.capacity", "--hold-capacity", T::integer},
        {"router.route_stage.decoder", "--decoder", T::text, M::primitive},
        {"router.switch_allocator.arbitration", "--arbitration", T::text},
        // --unit-impl UNIT=IMPL: a key per unit, router.UNIT.impl (config_file.cpp).
        {"router.switch_allocator.impl", "--unit-impl", T::text},
        {"router.replicator.impl", "--unit-impl", T::text},
        {"router.hold_stage.impl", "--unit-impl", T::text},
        {"router.pipeline.units", "--pipeline", T::text},
        // BookSim2's names for the units' cycles (read, and recorded as router.pipeline.units).
        {"router.pipeline.routing_delay", "--routing-delay", T::integer},
        {"router.pipeline.vc_alloc_delay", "--vc-alloc-delay", T::integer},
        {"router.pipeline.sw_alloc_delay", "--sw-alloc-delay", T::integer},
        {"router.pipeline.st_delay", "--st-delay", T::integer},
        // The microarchitecture of a design-space router (docs/design-space.md).
        {"router.switch_allocator.kind", "--sw-allocator", T::text},
        {"router.switch_allocator.iterations", "--alloc-iters", T::integer},
        {"router.switch_allocator.input_speedup", "--input-speedup", T::integer},
        {"router.switch_allocator.output_speedup", "--output-speedup", T::integer},
        {"router.switch_allocator.internal_speedup", "--internal-speedup", T::number},
        {"router.output_unit.queue_depth", "--output-queue", T::integer},
        {"router.vc_allocator.kind", "--vc-allocator", T::text},
        {"router.vc_allocator.classes", "--vc-classes", T::text},
        {"router.flow_control.kind", "--flow-control", T::text},
        {"router.flow_control.wait_for_tail_credit", "--wait-for-tail-credit", T::flag},
        {"router.flow_control.credit_delay", "--credit-delay", T::integer},
        {"router.hold_stage.skip", "--skip-holds", T::flag},
        // The form before pipelines were stages (read, and recorded as router.pipeline.units).
        {"router.pipeline.stages", "--pipeline-stages", T::integer},
        {"router.links.local_latency", "--local-latency", T::integer},
        {"router.links.global_latency", "--global-latency", T::integer},
        {"router.flow_control.packet_length", "--packet-length", T::integer, M::packets},
        {"router.flow_control.packet_sizes", "--packet-sizes", T::text, M::traffic},
        // The workload: one primitive, or synthetic traffic.
        {"workload.primitive", "--primitive", T::text, M::primitive},
        {"workload.schedule", "--schedule", T::text, M::primitive},
        {"workload.source", "--source", T::text, M::primitive},
        {"workload.count", "--count", T::integer, M::primitive},
        {"workload.protocol", "--protocol", T::text, M::primitive},
        {"workload.perm", "--perm", T::text, M::primitive},
        {"workload.turnaround", "--turnaround", T::text, M::primitive},
        {"workload.headers", "--headers", T::text, M::primitive},
        {"workload.embedding", "--embedding", T::text, M::primitive},
        {"workload.dimension", "--dimension", T::integer, M::primitive},
        {"workload.subnetworks", "--subnetwork", T::list, M::primitive},
        // Service levels (d3sim/service_cli): recorded only when given.
        {"workload.service", "--service", T::text, M::primitive},
        {"workload.background.pattern", "--background", T::text, M::primitive},
        {"workload.background.rate", "--background-rate", T::number, M::primitive},
        {"workload.background.routing", "--background-routing", T::text, M::primitive},
        {"workload.background.warmup", "--background-warmup", T::integer, M::primitive},
        {"workload.traffic.pattern", "--traffic", T::text, M::traffic},
        {"workload.traffic.rate", "--rate", T::number, M::traffic},
        {"workload.traffic.concentration", "--concentration", T::integer, M::traffic},
        {"workload.traffic.routing", "--routing", T::text, M::traffic},
        {"workload.traffic.warmup", "--warmup", T::integer, M::traffic},
        {"workload.traffic.measure", "--measure", T::integer_or_auto, M::traffic},
        {"workload.traffic.drain_limit", "--drain-limit", T::integer, M::traffic},
        {"workload.traffic.hotspot_fraction", "--hotspot-fraction", T::number, M::traffic},
        {"workload.traffic.injection", "--injection", T::text, M::traffic},
        {"workload.traffic.hotspot", "--hotspot", T::text, M::traffic},
        {"workload.traffic.shift", "--shift", T::integer, M::traffic},
        {"workload.traffic.burst_alpha", "--burst-alpha", T::number, M::traffic},
        {"workload.traffic.burst_beta", "--burst-beta", T::number, M::traffic},
        {"workload.traffic.request_reply", "--request-reply", T::flag, M::traffic},
        {"workload.traffic.ugal_threshold", "--ugal-threshold", T::integer, M::traffic},
        {"workload.traffic.ugal_rule", "--ugal-rule", T::text, M::traffic},
        {"workload.traffic.ugal_valiant", "--ugal-valiant", T::text, M::traffic},
        // A trace replay (d3sim/replay_cli, docs/traces.md).
        {"workload.trace.file", "--trace", T::text, M::trace},
        {"workload.trace.mapping", "--mapping", T::text, M::replay},
        // A collective (d3sim/replay_cli, docs/collectives.md), replayed as a trace.
        {"workload.collective.name", "--workload", T::text, M::collective},
        {"workload.collective.algorithm", "--algorithm", T::text, M::collective},
        {"workload.collective.size", "--size", T::integer, M::collective},
        {"workload.collective.iterations", "--iterations", T::integer, M::collective},
        {"workload.collective.ranks", "--ranks", T::integer, M::collective},
        {"seed", "--seed", T::unsigned64},
        // Outputs: where results go (not recorded in a result's config).
        {"outputs.json", "--json", T::text},
        {"outputs.junit", "--junit", T::text},
        {"outputs.quiet", "--quiet", T::flag},
        {"outputs.wave", "--wave", T::text},
        {"outputs.wave_scope", "--wave-scope", T::text},
        {"outputs.wave_limit", "--wave-limit", T::text},
        {"outputs.wave_groups", "--wave-groups", T::integer},
        {"outputs.wave_decoder", "--wave-decoder", T::flag},
        {"outputs.wave_rtl", "--wave-rtl", T::text},
        {"outputs.link_stats", "--link-stats", T::text, M::traffic},
        {"outputs.trace_packets", "--trace-packets", T::text},
        {"outputs.trace_format", "--trace-format", T::text},
        {"outputs.trace_packet", "--trace-packet", T::text},
        {"outputs.trace_routers", "--trace-routers", T::text},
        {"outputs.trace_steps", "--trace-steps", T::text},
        // The memory check before a run (tb/memory_limit.h).
        {"limits.max_memory", "--max-memory", T::text},
        // CI gates (cli/gates.h).
        {"gates.max_conflicts", "--max-conflicts", T::integer},
        {"gates.max_latency_p99", "--max-latency-p99", T::integer, M::traffic},
        {"gates.require_drained", "--require-drained", T::flag, M::traffic},
        {"gates.baseline", "--baseline", T::text},
        {"gates.tolerance", "--tolerance", T::text},
    };
    return keys;
}

bool key_applies(config_mode key, config_mode run) {
    switch (key) {
        case M::any:
            return true;
        case M::packets:
            return run != M::primitive;
        case M::replay:
            return run == M::trace || run == M::collective;
        default:
            return key == run;
    }
}

const config_key* find_config_key(const std::string& path) {
    for (const config_key& k : config_keys())
        if (path == k.path) return &k;
    return nullptr;
}

const config_key* find_config_key_of_option(const std::string& option) {
    for (const config_key& k : config_keys())
        if (option == k.option) return &k;
    return nullptr;
}

bool is_config_section(const std::string& path) {
    const std::string prefix = path + ".";
    for (const config_key& k : config_keys())
        if (std::strncmp(k.path, prefix.c_str(), prefix.size()) == 0) return true;
    return false;
}

std::optional<std::string> closest_config_key(const std::string& prefix, const std::string& key) {
    const std::string under = prefix.empty() ? "" : prefix + ".";
    std::vector<std::string> beside, last, paths;  // names beside `key`; every key's last name
    for (const config_key& k : config_keys()) {
        const std::string p = k.path;
        if (p.compare(0, under.size(), under) == 0) {
            const std::string child =
                p.substr(under.size(), p.find('.', under.size()) - under.size());
            if (std::find(beside.begin(), beside.end(), child) == beside.end())
                beside.push_back(child);
        }
        last.push_back(p.substr(p.rfind('.') + 1));
        paths.push_back(p);
    }
    if (const auto m = did_you_mean(key, beside)) return under + *m;
    if (const auto m = did_you_mean(key, last))
        return paths[static_cast<std::size_t>(std::find(last.begin(), last.end(), *m) -
                                              last.begin())];
    return std::nullopt;
}

bool is_output_key(const config_key& k) {
    return std::strncmp(k.path, "outputs.", 8) == 0;
}

bool is_network_spec_key(const config_key& k) {
    for (const char* o : {"--levels", "--nucleus", "--diameter-links", "--base", "--supernodes",
                          "--dims", "--trunking"})
        if (std::strcmp(k.option, o) == 0) return true;
    return false;
}

const char* to_string(config_type t) {
    switch (t) {
        case T::integer:
            return "a whole number";
        case T::integer_or_auto:
            return "a whole number or auto";
        case T::unsigned64:
            return "a whole number from 0 to 2^64-1";
        case T::number:
            return "a number";
        case T::text:
            return "a value";
        case T::flag:
            return "true or false";
        case T::list:
            return "a list of values";
    }
    return "?";
}

}  // namespace d3
