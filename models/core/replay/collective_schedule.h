// The builder the collectives' generators share (core/replay/collectives.h): messages appended
// step by step, each waiting for what its source received in the last step it received anything,
// and placed in the trace one cycle after the latest of the messages it waits for (cycle 0 when it
// waits for nothing), so that the replay's creation gap is always 1. Plain C++.
#pragma once

#include <cstdint>
#include <vector>

#include "core/replay/message_trace.h"

namespace d3 {

class collective_schedule {
  public:
    explicit collective_schedule(std::uint32_t ranks);

    /// A message of the current step from `src` to `dst` (ranks), waiting for the messages `src`
    /// received last (none before its first receive).
    void send(std::uint32_t src, std::uint32_t dst, std::uint32_t flits);
    /// Ends the step: the step's messages become what their destinations received last.
    void end_step();
    /// Makes `rank` wait, at its next send, for every message from index `from` on (a barrier:
    /// the broadcast's root starts an iteration when the last one arrived everywhere).
    void wait_for_all_from(std::uint32_t rank, std::size_t from);

    std::size_t messages() const { return trace_.messages.size(); }
    message_trace take() { return std::move(trace_); }

  private:
    message_trace trace_;
    std::vector<std::vector<std::uint32_t>> last_received_;  ///< per rank
    std::vector<std::vector<std::uint32_t>> received_now_;   ///< per rank, this step
};

}  // namespace d3
