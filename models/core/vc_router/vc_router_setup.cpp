#include "core/vc_router/vc_router_setup.h"

#include "core/allocation/allocator_factory.h"

namespace d3 {

std::optional<std::string> vc_router_setup::validate() const {
    if (link_ports < 1 || terminals < 1) return std::string("a router needs ports");
    if (vcs < 1 || vcs > 64) return "--vcs must be 1..64 (got " + std::to_string(vcs) + ")";
    if (packet_length < 1) return std::string("--packet-length must be at least 1");
    if (buffer_depth < 1 || terminal_depth < 1) return std::string("buffers need a slot");
    if (control == flow_control::vct && (buffer_depth < packet_length))
        return "--flow-control vct needs --buffer-depth >= --packet-length (" +
               std::to_string(buffer_depth) + " < " + std::to_string(packet_length) + ")";
    if (input_speedup < 1 || input_speedup > vcs)
        return "--input-speedup must be 1..VCs (" + std::to_string(vcs) + "), got " +
               std::to_string(input_speedup);
    if (credit_delay < 0) return std::string("--credit-delay must be at least 0");
    if (output_speedup < 1 || output_speedup > 64)
        return "--output-speedup must be 1..64 (got " + std::to_string(output_speedup) + ")";
    if (!(internal_speedup >= 1.0 && internal_speedup <= 16.0))
        return "--internal-speedup must be 1..16 (got " + std::to_string(internal_speedup) + ")";
    if (output_queue < 0) return std::string("--output-queue must be 0 (unbounded) or more");
    if (!static_vcs()) {
        if (class_count < 1 || vcs < class_count)
            return "--vc-allocator " + vc_allocator + " needs at least one VC per class (" +
                   std::to_string(class_count) + " classes, " + std::to_string(vcs) + " VCs)";
    }
    const std::size_t in = static_cast<std::size_t>(link_ports + 1 + terminals);
    if (sw_allocator != "paper")
        if (auto e = allocator_error(
                sw_allocator,
                {in, in * static_cast<std::size_t>(output_speedup), arbiter, alloc_iters}))
            return "--sw-allocator: " + *e;
    if (!static_vcs())
        if (auto e = allocator_error(vc_allocator, {in, in, arbiter, alloc_iters}))
            return "--vc-allocator: " + *e;
    if (link_latency.size() != static_cast<std::size_t>(link_ports) ||
        link_global.size() != static_cast<std::size_t>(link_ports))
        return std::string("a latency and kind per link output");
    return std::nullopt;
}

}  // namespace d3
