#include "trace/wave_estimate.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <utility>
#include <vector>

#include "core/decoding/walk.h"

namespace d3 {

namespace {
// Reactive programs (on_receive) launch more than this replay sees: the estimate is a floor for
// them. Calibrated on all-to-all traces (tests/wave): bytes per link event including the reset in
// the next step and the buffer occupancy changes; FST compresses about ninefold.
constexpr std::uint64_t kVcdBytesPerEvent = 140;
constexpr std::uint64_t kFstBytesPerEvent = 16;
constexpr std::uint64_t kBytesPerSignalDecl = 40;
constexpr std::uint64_t kMaxProgramSteps = 1u << 24;
// The writers' memory, measured as the peak resident set with and without --wave (all-to-all on
// D3(2,4), (4,4), (6,6), (4,8), (8,8), broadcast on D3(8,8); docs/performance.md): a VCD writer
// takes about 25 bytes per signal and 1 MiB; fstapi about 78 bytes per signal (its tables and
// the initial values) and 28 bytes per value change it holds, which is about 266 bytes per link
// event (9.5 changes each), up to its block size, 1 << 27 bytes (FST_BREAK_SIZE in fstapi.c).
constexpr std::uint64_t kVcdWriterBytes = 1u << 20;
constexpr std::uint64_t kVcdWriterBytesPerSignal = 25;
constexpr std::uint64_t kFstWriterBytesPerSignal = 78;
constexpr std::uint64_t kFstWriterBytesPerEvent = 266;
constexpr std::uint64_t kFstBlockBytes = std::uint64_t{1} << 27;
// A design-space router's flit-level signals, per flit of a packet's hop, fitted on D3(4,4)
// uniform traffic with 1, 2, 4 and 8 flits per packet, wormhole, 2 VCs (docs/waveforms.md; held
// at or above the file by tests/wave/wave_size_test.cpp); FST in the ratio of its events.
constexpr std::uint64_t kVcdBytesPerFlit = 24;
constexpr std::uint64_t kFstBytesPerFlit = 3;

// The link events inside the scope (`events` over the whole network, spread evenly), the
// signals and the file size of `out`, whose routers and steps are set.
void finish_size(wave_size& out, const topology& t, std::uint64_t events, wave_format f,
                 int flits = 0) {
    out.link_events = t.routers() == 0 ? 0 : events * out.routers / t.routers();
    const bool fst = f == wave_format::fst;
    const std::uint64_t per_event =
        (fst ? kFstBytesPerEvent : kVcdBytesPerEvent) +
        static_cast<std::uint64_t>(flits) * (fst ? kFstBytesPerFlit : kVcdBytesPerFlit);
    const std::uint64_t signals = static_cast<std::uint64_t>(out.routers) *
                                  static_cast<std::uint64_t>(t.link_ports() * 14 + 2);
    out.signals = signals;
    out.bytes = out.link_events * per_event + signals * kBytesPerSignalDecl + out.steps * 16;
}
}  // namespace

wave_size estimate_wave(const topology& t, const workload& w, const wave_scope& s, wave_format f) {
    wave_size out;
    std::uint64_t events = 0;
    std::vector<launch> launched;
    walk_result scratch;
    // A program that answers deliveries sees none in this replay, and one may wait for ever (the
    // permutation's data waits for its exchange): its replay ends with the workload's schedule.
    const std::uint64_t schedule = std::min<std::uint64_t>(
        kMaxProgramSteps, static_cast<std::uint64_t>(w.rounds() + w.delays()));
    for (router_id id = 0; id < t.routers(); ++id) {
        if (s.selects(t.at(id))) ++out.routers;
        auto program = w.program_for(id);
        if (!program) continue;
        const std::uint64_t last =
            program->reacts() == reaction::answers ? schedule : kMaxProgramSteps;
        std::uint64_t step = 0;
        for (; !program->finished(step) && step < last; ++step) {
            launched.clear();
            program->launches(step, launched);
            for (const launch& l : launched) {
                const header& h = l.hdr;
                if (h.broadcast) {
                    walk(t, t.at(id), h, scratch);
                    events += scratch.hops;
                } else {
                    events += h.b;  // at most b traversals; holds make it fewer
                }
            }
        }
        out.steps = std::max(out.steps, step);
    }
    // Traffic spreads evenly over the routers in these primitives.
    finish_size(out, t, events, f);
    return out;
}

wave_size estimate_wave(const topology& t, std::uint64_t packets, int steps_per_packet,
                        std::uint64_t steps, const wave_scope& s, wave_format f, int flits) {
    wave_size out;
    for (router_id id = 0; id < t.routers(); ++id)
        if (s.selects(t.at(id))) ++out.routers;
    out.steps = steps;
    finish_size(out, t, packets * static_cast<std::uint64_t>(steps_per_packet), f, flits);
    return out;
}

std::uint64_t wave_writer_bytes(const wave_size& s, wave_format f) {
    if (f == wave_format::vcd) return kVcdWriterBytes + s.signals * kVcdWriterBytesPerSignal;
    return std::min(s.link_events * kFstWriterBytesPerEvent, kFstBlockBytes) +
           s.signals * kFstWriterBytesPerSignal;
}

std::string human_bytes(std::uint64_t bytes) {
    const char* const units[] = {"B", "kB", "MB", "GB", "TB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    return buf;
}

std::optional<std::uint64_t> parse_bytes(const std::string& s) {
    if (s.empty()) return std::nullopt;
    std::size_t i = 0;
    std::uint64_t v = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        if (v > (~std::uint64_t{0}) / 16) return std::nullopt;
        v = v * 10 + static_cast<std::uint64_t>(s[i++] - '0');
    }
    if (i == 0) return std::nullopt;
    // The unit exactly as listed (as --max-memory's): "256m" or "2gb" is no size.
    static const std::pair<const char*, int> units[] = {
        {"", 0},     {"B", 0},  {"k", 10},  {"kB", 10},  {"K", 10}, {"KB", 10},
        {"KiB", 10}, {"M", 20}, {"MB", 20}, {"MiB", 20}, {"G", 30}, {"GB", 30},
        {"GiB", 30}, {"T", 40}, {"TB", 40}, {"TiB", 40}};
    const std::string unit = s.substr(i);
    int shift = -1;
    for (const auto& [name, bits] : units)
        if (unit == name) shift = bits;
    if (shift < 0) return std::nullopt;
    if (shift && v > ((~std::uint64_t{0}) >> shift)) return std::nullopt;
    return v << shift;
}

std::optional<std::string> size_warning(const std::string& path, const wave_size& s,
                                        const wave_scope& scope, std::uint64_t limit) {
    if (limit == 0 || s.bytes <= limit) return std::nullopt;
    std::string msg = "the waveform " + path + " will be about " + human_bytes(s.bytes) + " (" +
                      std::to_string(s.link_events) + " link events in " +
                      std::to_string(s.routers) + " routers), over the --wave-limit of " +
                      human_bytes(limit);
    if (scope.conflicts_only())
        msg +=
            "; --wave-scope conflicts writes only conflicting links but keeps up to that much "
            "in memory until the run ends";
    else
        msg +=
            "; narrow it with --wave-scope (e.g. 0,0,* or conflicts), write .fst, or raise "
            "--wave-limit (0: no limit)";
    return msg;
}

}  // namespace d3
