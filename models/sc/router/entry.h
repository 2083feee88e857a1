// What the router's units pass between them: a packet waiting in a buffer or the hold stage
// (`entry`), and a request for this step's service (`request`).
#pragma once

#include <cstdint>
#include <vector>

#include "core/decoder.h"
#include "core/expand.h"
#include "sc/protocol.h"

namespace d3 {

struct entry {
    packet* pkt = nullptr;
    std::uint64_t ready = 0;      ///< cycle from which it may be served
    decision dec;                 ///< the route stage's decision (once `decoded`)
    target to = kEjectTarget;     ///< unicast: where it goes
    std::vector<target> targets;  ///< broadcast: the copies not served yet
    bool decoded = false;
    bool done = false;     ///< every copy was served: the slot is freed at the end of the step
    bool stalled = false;  ///< in the last step, every link it asked for lacked a credit

    bool broadcast() const { return !targets.empty(); }
};

/// A packet asking for service in this step, with the buffer it waits in.
struct request {
    entry* e = nullptr;
    std::uint32_t source = 0;  ///< buffer index (input unit), or the hold stage's index
};

}  // namespace d3
