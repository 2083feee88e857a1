#include "cli/option_limits.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "core/decoding/vc.h"
#include "core/network/topology.h"
#include "core/traffic/traffic.h"
#include "paper/programs/registry.h"

namespace d3 {

std::string printable(const std::string& s) {
    std::string out;
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out += c;
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", u);
            out += buf;
        }
    }
    return out;
}

namespace {

// The digits of s as T: a whole decimal number, '-' allowed only when T is signed.
template <typename T>
bool whole_number(const std::string& s, T& v) {
    if (s.empty()) return false;
    const char* first = s.data();
    const char* last = s.data() + s.size();
    const auto [end, ec] = std::from_chars(first, last, v);
    return ec == std::errc() && end == last;
}

}  // namespace

CLI::Validator whole_number_in(value_range r) {
    const std::string range = std::to_string(r.lo) + " to " + std::to_string(r.hi);
    return CLI::Validator(
        [r, range](std::string& s) -> std::string {
            long long v = 0;
            if (whole_number(s, v) && in_range(v, r)) return {};
            return "must be a whole number from " + range + " (got '" + printable(s) + "')";
        },
        "INT in [" + range + "]");
}

CLI::Validator whole_number_in_or(value_range r, const std::string& word) {
    const std::string range = std::to_string(r.lo) + " to " + std::to_string(r.hi);
    return CLI::Validator(
        [r, range, word](std::string& s) -> std::string {
            long long v = 0;
            if (s == word || (whole_number(s, v) && in_range(v, r))) return {};
            return "must be a whole number from " + range + " or " + word + " (got '" +
                   printable(s) + "')";
        },
        "INT in [" + range + "] or " + word);
}

CLI::Validator unsigned_64() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            std::uint64_t v = 0;
            if (whole_number(s, v)) return {};
            return "must be a whole number from 0 to 18446744073709551615 (got '" + printable(s) +
                   "')";
        },
        "UINT64");
}

CLI::Validator a_file_not_stdout() {
    return CLI::Validator(
        [](std::string& s) -> std::string {
            if (s != "-") return {};
            return "must name a file, not - (stdout carries the summary or the table)";
        },
        "FILE");
}

bool decimal_number(const std::string& s) {
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
        return i - from;
    };
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t mantissa = digits();
    if (i < s.size() && s[i] == '.') {
        ++i;
        mantissa += digits();
    }
    if (mantissa == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (digits() == 0) return false;
    }
    return i == s.size();
}

namespace {

/// The bounds `range` ("(0, 1]", "[0, 1]") writes; whether each is included.
struct real_range {
    double lo = 0, hi = 0;
    bool lo_in = true, hi_in = true;
    bool holds(double v) const { return (lo_in ? v >= lo : v > lo) && (hi_in ? v <= hi : v < hi); }
};

real_range parse_range(const std::string& range) {
    real_range r;
    r.lo_in = range.front() == '[';
    r.hi_in = range.back() == ']';
    r.lo = std::strtod(range.c_str() + 1, nullptr);
    r.hi = std::strtod(range.c_str() + range.find(',') + 1, nullptr);
    return r;
}

}  // namespace

CLI::Validator real_number(const std::string& range, const std::string& unit) {
    const real_range bounds = parse_range(range);
    return CLI::Validator(
        [range, unit, bounds](std::string& s) -> std::string {
            const std::string refused = "must be a number in " + range + " (got '" + printable(s);
            if (!decimal_number(s)) return refused + "')";
            errno = 0;
            const double v = std::strtod(s.c_str(), nullptr);
            if (std::isinf(v) || (errno == ERANGE && std::fabs(v) > 1))
                return refused + "', too large for a double)";
            if (errno == ERANGE) return refused + "', too small for a double)";
            if (!bounds.holds(v))
                return "must be in " + range + (unit.empty() ? "" : " " + unit) + " (got '" +
                       printable(s) + "')";
            return {};
        },
        "NUMBER in " + range);
}

void apply_limits(CLI::App& app, const std::vector<option_range>& ranges) {
    const CLI::Validator text(
        [](std::string& s) -> std::string {
            if (s.empty()) return "must not be empty";
            for (const char c : s)
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                    return "must not contain control characters (got '" + printable(s) + "')";
            return {};
        },
        "");
    for (CLI::Option* o : app.get_options())
        if (o->get_type_size() != 0 && o->get_name() != "--help") o->check(text);
    for (const option_range& r : ranges)
        if (CLI::Option* o = app.get_option_no_throw(r.option)) o->check(whole_number_in(r.range));
}

const std::vector<option_range>& d3sim_ranges() {
    static const std::vector<option_range> ranges{
        {"--k", {1, kMaxK}},
        {"--m", {2, kMaxM}},
        {"--buffer-depth", kBufferDepthRange},
        {"--injection-width", kInjectionWidthRange},
        {"--injection-depth", kInjectionDepthRange},
        {"--ejection-width", kEjectionWidthRange},
        {"--hold-capacity", kHoldCapacityRange},
        {"--pipeline-stages", kPipelineStagesRange},
        {"--local-latency", kLinkLatencyRange},
        {"--global-latency", kLinkLatencyRange},
        {"--watchdog", kWatchdogRange},
        {"--vcs", {0, kMaxVcs}},
        {"--packet-length", kPacketLengthRange},
        {"--wave-groups", kWaveGroupsRange},
        {"--concentration", {1, kMaxConcentration}},
        {"--warmup", kWarmupRange},
        {"--background-warmup", kWarmupRange},
        {"--drain-limit", kDrainLimitRange},
        {"--ugal-threshold", kUgalThresholdRange},
        {"--count", {1, kMaxBroadcastCount}},
        {"--dimension", {0, 63}},
        {"--alloc-iters", kAllocItersRange},
        {"--credit-delay", kCreditDelayRange},
        {"--output-speedup", kOutputSpeedupRange},
        {"--output-queue", kOutputQueueRange},
        {"--input-speedup", {0, kMaxVcs}},
        // A collective (docs/collectives.md): flits a message may have (kMaxTraceFlits), and
        // ranks (0: one per router) as trace nodes (kMaxTraceNodes).
        {"--size", {1, 65536}},
        {"--iterations", {1, 100000}},
        {"--ranks", {0, 1 << 20}},
    };
    return ranges;
}

}  // namespace d3
