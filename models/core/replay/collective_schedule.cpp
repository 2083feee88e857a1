#include "core/replay/collective_schedule.h"

#include <algorithm>

namespace d3 {

collective_schedule::collective_schedule(std::uint32_t ranks)
    : last_received_(ranks), received_now_(ranks) {
    trace_.format = "collective";
    trace_.nodes = ranks;
}

void collective_schedule::send(std::uint32_t src, std::uint32_t dst, std::uint32_t flits) {
    trace_message m;
    m.source = src;
    m.destination = dst;
    m.flits = flits;
    m.id = trace_.messages.size();
    m.waits_for = last_received_[src];
    for (const std::uint32_t w : m.waits_for)
        m.cycle = std::max(m.cycle, trace_.messages[w].cycle + 1);
    received_now_[dst].push_back(static_cast<std::uint32_t>(trace_.messages.size()));
    trace_.messages.push_back(std::move(m));
}

void collective_schedule::end_step() {
    for (std::size_t r = 0; r < received_now_.size(); ++r) {
        if (received_now_[r].empty()) continue;
        last_received_[r] = std::move(received_now_[r]);
        received_now_[r].clear();
    }
}

void collective_schedule::wait_for_all_from(std::uint32_t rank, std::size_t from) {
    std::vector<std::uint32_t>& w = last_received_[rank];
    w.clear();
    for (std::size_t i = from; i < trace_.messages.size(); ++i)
        w.push_back(static_cast<std::uint32_t>(i));
}

}  // namespace d3
