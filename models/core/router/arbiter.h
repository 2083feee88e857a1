// Output arbitration: one winner per directed link per step. Plain C++, no SystemC.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/network/config.h"

namespace d3 {

/// A packet asking for an output in this step.
struct candidate {
    std::uint32_t source = 0;  ///< input the packet waits in (round-robin key)
    std::uint64_t age = 0;     ///< launch step: smaller is older
    std::uint64_t seq = 0;     ///< unique tie-breaker (packet number)
};

/// Arbiter of one output port.
class arbiter {
  public:
    arbiter(arbitration policy, std::uint32_t sources) : policy_(policy), sources_(sources) {}

    /// Index of the winner among c[0..n), n >= 1. Round robin then gives the winner's input the
    /// lowest priority for the next grant.
    std::size_t pick(const candidate* c, std::size_t n) {
        return pick(policy_, sources_, next_, c, n);
    }
    /// pick() of an arbiter whose policy and sources are kept elsewhere (one set for many
    /// arbiters: the switch allocator's), `next` its round-robin state.
    static std::size_t pick(arbitration policy, std::uint32_t sources, std::uint32_t& next,
                            const candidate* c, std::size_t n);

    std::uint32_t next() const { return next_; }

  private:
    arbitration policy_;
    std::uint32_t sources_;
    std::uint32_t next_ = 0;  ///< round robin: the input with the highest priority
};

}  // namespace d3
