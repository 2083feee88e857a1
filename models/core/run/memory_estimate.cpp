#include "core/run/memory_estimate.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>

namespace d3 {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

// Measured constants (bytes), see the header and tools/memory-calibrate.
constexpr double kProcess = 10.6 * kMiB;
constexpr double kPerRouter = 10900;
constexpr double kPerPort = 130;
constexpr double kPerPortVc = 14;
constexpr double kPerPortSquared = 0.35;
constexpr double kPerPacketAlive = 200;  // the pooled packet, its free-list slot, buffer slots
constexpr double kPerMessage = 12 + 4;   // ledger::message, and its entry when checked by source
constexpr double kPerDelivery = 4 + 1;   // several destinations: each one and its count
// The node's random stream (2,920 bytes: twister64's state and tempered block), program and
// queues.
constexpr double kPerTrafficNode = 4500;
// A created packet: ledger message (12, its destination in it), index (4), the pair record (4),
// in vectors that grow by doubling: about 24 bytes.
constexpr double kPerTrafficPacket = 24;
// A flit in flight: its credit in the credit-return rings and its place in the links' rings, with
// the rings' doubling (measured with massif on a slow-link run: docs/performance.md, the memory
// estimate's calibration).
constexpr double kPerFlitInFlight = 60;
// Steps of the drain counted: at loads below saturation the drain is short.
constexpr double kDrainSteps = 200;

}  // namespace

nlohmann::json memory_estimate::to_json() const {
    const auto r = [](double v) { return std::round(v * 10) / 10; };
    return {{"total", r(total_mib())}, {"process", r(process_mib)}, {"routers", r(routers_mib)},
            {"ledger", r(ledger_mib)}, {"traffic", r(traffic_mib)}, {"wave", r(wave_mib)}};
}

memory_estimate estimate_memory(const memory_inputs& in) {
    memory_estimate e;
    const double routers = static_cast<double>(in.routers);
    const double ports = in.link_ports;
    const double vcs = std::max(1, in.vcs);
    e.process_mib = kProcess / kMiB;
    e.routers_mib = routers *
                    (kPerRouter + kPerPort * ports + kPerPortVc * ports * vcs +
                     kPerPortSquared * ports * ports) /
                    kMiB;
    if (in.volume)
        e.ledger_mib = (static_cast<double>(in.volume->messages) * kPerMessage +
                        // a unicast message keeps its destination in itself
                        (in.volume->deliveries > in.volume->messages
                             ? static_cast<double>(in.volume->deliveries) * kPerDelivery
                             : 0.0) +
                        static_cast<double>(in.volume->in_flight) * kPerPacketAlive) /
                       kMiB;
    e.wave_mib = in.wave_bytes / kMiB;
    if (in.traffic)
        e.traffic_mib = (routers * kPerTrafficNode +
                         static_cast<double>(in.traffic_packets) * kPerTrafficPacket +
                         static_cast<double>(in.traffic_in_flight) * kPerPacketAlive +
                         static_cast<double>(in.traffic_flits_in_flight) * kPerFlitInFlight) /
                        kMiB;
    return e;
}

std::optional<std::uint64_t> resident_memory_kib() {
    std::ifstream in("/proc/self/statm");
    std::uint64_t size = 0, resident = 0;
    const long page = sysconf(_SC_PAGESIZE);
    if (!(in >> size >> resident) || page <= 0) return std::nullopt;
    return resident * static_cast<std::uint64_t>(page) / 1024;
}

namespace {
// Packets created per step by all terminals at `rate` flits each.
double packets_per_step(std::uint64_t routers, int concentration, double rate,
                        double packet_length) {
    return static_cast<double>(routers) * concentration * rate / packet_length;
}
}  // namespace

std::uint64_t expected_traffic_in_flight(std::uint64_t routers, int concentration, double rate,
                                         double packet_length, int pipeline_stages,
                                         int local_latency, int global_latency) {
    const double latency =
        3.0 * pipeline_stages + 2.0 * local_latency + global_latency + (packet_length - 1);
    return static_cast<std::uint64_t>(
        packets_per_step(routers, concentration, rate, packet_length) * latency);
}

std::uint64_t expected_traffic_packets(std::uint64_t routers, int concentration, double rate,
                                       double packet_length, int warmup, int measure,
                                       int drain_limit) {
    const double steps = static_cast<double>(warmup) + measure +
                         std::min(static_cast<double>(drain_limit), kDrainSteps);
    return static_cast<std::uint64_t>(
        packets_per_step(routers, concentration, rate, packet_length) * steps);
}

}  // namespace d3
