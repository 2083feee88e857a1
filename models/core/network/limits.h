// Upper (and lower) limits of every numeric setting a user can give d3sim, in one place: the
// command line refuses a value outside them with the limit in the message (cli/option_limits.cpp),
// and the configuration structs refuse them too (network_config::validate,
// traffic_options::validate), so that no product of two of them overflows an int and no buffer is
// sized by an absurd number. README.md, "Limits", lists them. Plain C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace d3 {

struct value_range {
    long long lo, hi;
};

// Router (network_config::router); 0 selects the documented default where the range allows it.
inline constexpr value_range kBufferDepthRange{1, 1024};
inline constexpr value_range kInjectionWidthRange{0, 1024};
inline constexpr value_range kInjectionDepthRange{0, 4096};
inline constexpr value_range kEjectionWidthRange{0, 1024};
inline constexpr value_range kHoldCapacityRange{0, 65536};
inline constexpr value_range kPipelineStagesRange{1, 64};
inline constexpr value_range kLinkLatencyRange{1, 1024};     ///< --local-latency, --global-latency
inline constexpr value_range kPacketLengthRange{1, 64};      ///< --packet-length, flits
inline constexpr value_range kAllocItersRange{1, 16};        ///< --alloc-iters
inline constexpr value_range kCreditDelayRange{0, 1000};     ///< --credit-delay, cycles
inline constexpr value_range kOutputSpeedupRange{1, 64};     ///< --output-speedup
inline constexpr value_range kOutputQueueRange{0, 1 << 20};  ///< --output-queue, flits
inline constexpr value_range kWatchdogRange{0, 1000000000};

// The other networks' spec options (--topology rsn|hdn|hamming, d3sim network).
inline constexpr value_range kNetworkLevelsRange{1, 8};  ///< --levels
inline constexpr value_range kTrunkingRange{1, 16};      ///< --trunking

// Synthetic traffic phases (steps) and knobs.
inline constexpr value_range kWarmupRange{0, 10000000};
inline constexpr value_range kMeasureRange{1, 10000000};
inline constexpr value_range kDrainLimitRange{0, 100000000};
inline constexpr value_range kUgalThresholdRange{0, 1000000};

// Waveform view and the subcommands' worker counts.
inline constexpr value_range kWaveGroupsRange{0, 1024};
inline constexpr value_range kJobsRange{1, 256};
/// d3sim sweep --seeds: runs per offered load.
inline constexpr value_range kSeedsRange{1, 1000};
/// d3sim validate --k, --m (the full grid is K 1..8, M 4..12; the claims need M >= 4).
inline constexpr value_range kValidateKRange{1, 16};
inline constexpr value_range kValidateMRange{4, 16};

/// --max-memory: at most 1024 TiB (in MiB), far above any machine, so that a value a double
/// cannot hold as a count of bytes (99999999999999999999G) is refused, not taken.
inline constexpr double kMaxMemoryMib = 1024.0 * 1024 * 1024;

// Input files (--perm FILE, --arrangement FILE): read at most this much, lines at most this long.
inline constexpr std::uint64_t kMaxInputFileBytes = 64ull << 20;
inline constexpr std::size_t kMaxInputLineBytes = 4096;

/// Whether v lies in r (both ends included).
constexpr bool in_range(long long v, value_range r) {
    return v >= r.lo && v <= r.hi;
}

/// "WHAT must be from LO to HI (got V)" when v is outside r, else nothing.
inline std::optional<std::string> out_of_range(const std::string& what, long long v,
                                               value_range r) {
    if (in_range(v, r)) return std::nullopt;
    return what + " must be from " + std::to_string(r.lo) + " to " + std::to_string(r.hi) +
           " (got " + std::to_string(v) + ")";
}

}  // namespace d3
