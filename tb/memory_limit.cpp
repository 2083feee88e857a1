#include "tb/memory_limit.h"

#include "cli/option_limits.h"
#include "core/network/limits.h"
#include "tb/testbench.h"
#include "tb/traffic_bench.h"
#include "trace/wave_estimate.h"

#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>

namespace d3 {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
// Address space the process takes beyond its resident set (libraries, thread stacks, the reserve
// of d3sim/memory_reserve.h): subtracted from an address-space limit.
constexpr double kAddressSpaceOverheadMiB = 384;

std::optional<double> mem_available_mib() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    double kb = 0;
    std::string unit;
    while (in >> key >> kb) {
        std::getline(in, unit);
        if (key == "MemAvailable:") return kb / 1024.0;
    }
    return std::nullopt;
}

std::optional<double> limit_mib(int resource) {
    rlimit r{};
    if (getrlimit(resource, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return std::nullopt;
    return static_cast<double>(r.rlim_cur) / kMiB;
}

std::string mib_text(double mib) {
    char buf[64];
    if (mib >= 10 * 1024)
        std::snprintf(buf, sizeof buf, "%.1f GiB", mib / 1024);
    else
        std::snprintf(buf, sizeof buf, "%.0f MiB", std::ceil(mib));
    return buf;
}

}  // namespace

namespace {

// What every run has: its routers, their link ports and the channels per input (virtual channels
// of every service class) of the network the run builds.
memory_inputs network_inputs(const topology& t, const network_config& net) {
    memory_inputs in;
    in.routers = t.routers();
    in.link_ports = t.link_ports();
    in.vcs = net.resolved().router.channels();
    return in;
}

// Synthetic traffic of `tr` for `steps` steps of creation (warm-up and measurement) and a drain,
// in packets of the network's length.
void add_traffic(memory_inputs& in, const topology& t, const traffic_options& tr,
                 std::uint64_t steps, const router_params& rp) {
    in.traffic = true;
    in.traffic_packets =
        expected_traffic_packets(t.routers(), tr.concentration, tr.rate, rp.mean_packet(),
                                 tr.warmup, static_cast<int>(steps), tr.drain_limit);
    in.traffic_in_flight =
        expected_traffic_in_flight(t.routers(), tr.concentration, tr.rate, rp.mean_packet(),
                                   rp.pipeline.stages(), rp.local_latency, rp.global_latency);
    in.traffic_flits_in_flight =
        static_cast<std::uint64_t>(static_cast<double>(in.traffic_in_flight) * rp.mean_packet());
}

}  // namespace

memory_estimate estimate_run(const run_options& o, const topology& t, const workload& w) {
    const network_config net = o.network();
    memory_inputs in = network_inputs(t, net);
    // With --background the primitive's volume is the ledger's, and the background is traffic
    // that runs for its warm-up and the primitive's rounds and delays.
    const auto* bg = dynamic_cast<const background_workload*>(&w);
    const workload& primitive = bg ? bg->foreground() : w;
    in.volume = primitive.volume(t);
    if (bg && o.background)
        add_traffic(in, t, *o.background, primitive.rounds() + primitive.delays(), net.router);
    if (!o.wave.empty()) {  // the writer's buffers, from the trace's estimate (as its size warning)
        std::string unused;  // a bad scope is refused with the other wave options
        if (const auto scope = wave_scope::parse(o.wave_opts.scope, t, unused)) {
            const wave_format f = format_of(o.wave);
            in.wave_bytes =
                static_cast<double>(wave_writer_bytes(estimate_wave(t, primitive, *scope, f), f));
        }
    }
    return estimate_memory(in);
}

memory_estimate estimate_network(const run_options& o, const topology& t) {
    return estimate_memory(network_inputs(t, o.network()));
}

memory_estimate estimate_run(const traffic_run_options& o, const topology& t) {
    memory_inputs in = network_inputs(t, o.network());
    add_traffic(in, t, o.traffic, static_cast<std::uint64_t>(o.traffic.measure), o.net.router);
    if (!o.wave.empty())  // the writer's buffers, from the trace's estimate (as its size warning)
        in.wave_bytes =
            static_cast<double>(wave_writer_bytes(o.expected_wave(t), format_of(o.wave)));
    return estimate_memory(in);
}

namespace {

// The lower of the process's address-space and data limits, less its overhead, with its origin
// ("the limit of ulimit -v"); mib 0 when there is none.
memory_budget process_limit() {
    memory_budget b;
    for (const auto& [res, name] :
         {std::pair{RLIMIT_AS, "ulimit -v"}, std::pair{RLIMIT_DATA, "ulimit -d"}})
        if (auto lim = limit_mib(res)) {
            const double usable = std::max(0.0, *lim - kAddressSpaceOverheadMiB);
            if (b.origin.empty() || usable < b.mib)
                b = memory_budget{usable, std::string("the limit of ") + name, "", 0, ""};
        }
    return b;
}

}  // namespace

std::optional<memory_budget> default_memory_budget() {
    std::optional<memory_budget> b;
    if (auto avail = mem_available_mib())
        b = memory_budget{*avail, "the available memory", "", 0, ""};
    const memory_budget lim = process_limit();
    if (!lim.origin.empty() && (!b || lim.mib < b->mib)) b = lim;
    return b;
}

std::optional<double> parse_memory_mib(const std::string& s) {
    if (s == "none") return 0.0;
    // A decimal number (no sign, no hexadecimal), then the unit exactly as listed.
    const std::size_t unit_at = s.find_first_not_of("0123456789.");
    const std::string number = s.substr(0, unit_at);
    const std::string unit = unit_at == std::string::npos ? "" : s.substr(unit_at);
    if (!decimal_number(number)) return std::nullopt;
    const double v = std::strtod(number.c_str(), nullptr);
    double mib = 0;
    if (unit.empty() || unit == "M" || unit == "MiB" || unit == "MB")
        mib = v;
    else if (unit == "G" || unit == "GiB" || unit == "GB")
        mib = v * 1024;
    else if (unit == "T" || unit == "TiB" || unit == "TB")
        mib = v * 1024 * 1024;
    else if (unit == "K" || unit == "KiB" || unit == "KB")
        mib = v / 1024;
    else
        return std::nullopt;
    // More than nothing (none turns the check off) and at most kMaxMemoryMib.
    if (!(mib > 0) || mib > kMaxMemoryMib) return std::nullopt;
    return mib;
}

std::string memory_budget::text() const {
    return given.empty() ? mib_text(mib) : printable(given);
}

namespace {

// The refusal of a run that needs `total` MiB (`needs` says what it needs and ends with ", "),
// or nothing when the budget and the process's own limit let it.
std::optional<std::string> refusal(const std::string& needs, double total, const memory_budget& b) {
    if (b.hard_mib > 0 && total > b.hard_mib && (b.mib <= 0 || b.mib > b.hard_mib))
        return needs + "more than this process may take: " + mib_text(b.hard_mib) + " (" +
               b.hard_origin + ", whatever --max-memory says); choose a smaller network";
    if (b.mib <= 0 || total <= b.mib) return std::nullopt;
    const bool process_limit = b.origin.rfind("the limit of ", 0) == 0;  // --max-memory helps not
    return needs + "more than --max-memory " + b.text() + " (" + b.origin +
           "); choose a smaller network or raise " +
           (process_limit ? "that limit" : "--max-memory");
}

}  // namespace

std::optional<std::string> over_budget(const memory_estimate& e, const memory_budget& b) {
    return refusal(
        "this run needs about " + mib_text(e.total_mib()) + " (routers " + mib_text(e.routers_mib) +
            ", packets " + mib_text(e.ledger_mib + e.traffic_mib) +
            (e.wave_mib > 0 ? ", waveform writer " + mib_text(e.wave_mib) : std::string()) + "), ",
        e.total_mib(), b);
}

std::optional<std::string> network_over_budget(const memory_estimate& e, const memory_budget& b) {
    return refusal("this network needs about " + mib_text(e.total_mib()) +
                       " before any packet (routers " + mib_text(e.routers_mib) + "), ",
                   e.total_mib(), b);
}

namespace {
const char* const kCheckPassed = "d3sim: check passed: estimated ";
}  // namespace

std::string check_passed_line(const memory_estimate& e, const memory_budget& b) {
    // The estimate in whole MiB, whatever its size, so that the line reads back exactly.
    const std::string est = std::to_string(static_cast<long long>(std::ceil(e.total_mib())));
    return kCheckPassed + est + " MiB" +
           (b.mib > 0 ? " (--max-memory " + b.text() + ", " + b.origin + ")"
                      : " (no --max-memory)");
}

std::optional<double> estimate_in_check_output(const std::string& out) {
    const std::size_t at = out.find(kCheckPassed);
    if (at == std::string::npos) return std::nullopt;
    const char* first = out.c_str() + at + std::char_traits<char>::length(kCheckPassed);
    char* end = nullptr;
    const double mib = std::strtod(first, &end);
    if (end == first || std::string_view(end).substr(0, 4) != " MiB") return std::nullopt;
    return mib;
}

memory_budget_or_error resolve_memory_budget(const std::string& option) {
    memory_budget_or_error r;
    const memory_budget lim = process_limit();
    const auto with_limit = [&lim](memory_budget b) {
        b.hard_mib = lim.mib;
        b.hard_origin = lim.origin;
        return b;
    };
    if (option.empty()) {
        if (auto b = default_memory_budget()) r.budget = with_limit(*b);
        return r;
    }
    if (auto mib = parse_memory_mib(option)) {
        r.budget =
            with_limit(memory_budget{*mib, "as given", option == "none" ? "" : option, 0, ""});
        return r;
    }
    r.error =
        "--max-memory must be a size more than 0 and at most 1024T such as 512M, 8G or 1T, "
        "or none for no check (got '" +
        printable(option) + "')";
    return r;
}

}  // namespace d3
