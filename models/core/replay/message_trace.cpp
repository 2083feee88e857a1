#include "core/replay/message_trace.h"

#include <algorithm>

namespace d3 {

std::uint64_t creation_gap(const message_trace& t, std::size_t i) {
    const trace_message& m = t.messages[i];
    if (m.waits_for.empty()) return 0;
    std::uint64_t latest = 0;
    for (const std::uint32_t w : m.waits_for) latest = std::max(latest, t.messages[w].cycle);
    return m.cycle > latest ? m.cycle - latest : 1;
}

std::optional<std::string> check_trace(const message_trace& t) {
    if (t.messages.empty()) return "the trace has no message";
    for (std::size_t i = 0; i < t.messages.size(); ++i) {
        const trace_message& m = t.messages[i];
        if (m.source >= kMaxTraceNodes || m.destination >= kMaxTraceNodes)
            return "message " + std::to_string(m.id) + ": a node beyond " +
                   std::to_string(kMaxTraceNodes - 1);
        if (m.flits == 0 || m.flits > kMaxTraceFlits)
            return "message " + std::to_string(m.id) + ": flits must be 1.." +
                   std::to_string(kMaxTraceFlits);
        for (const std::uint32_t w : m.waits_for)
            if (w >= i)
                return "message " + std::to_string(m.id) +
                       " waits for a message that is not before it";
    }
    return std::nullopt;
}

}  // namespace d3
