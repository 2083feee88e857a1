#include "core/replay/replay_state.h"

#include <algorithm>

#include "core/traffic/routing.h"

namespace d3 {
namespace {

std::uint32_t packets_of(std::uint32_t flits, int packet_length) {
    const auto f = static_cast<std::uint32_t>(packet_length);
    return (flits + f - 1) / f;
}

}  // namespace

replay_state::replay_state(message_trace trace, std::vector<router_id> router_of, int packet_length,
                           const topology& t)
    : trace_(std::move(trace)),
      router_of_(std::move(router_of)),
      topo_(t),
      routing_(make_minimal_routing(t)),
      packet_length_(packet_length),
      msg_(trace_.messages.size()),
      released_from_(trace_.messages.size() + 1, 0),
      due_(t.routers()),
      unreleased_(t.routers(), 0),
      dests_(t.routers()) {
    // The waiters of each message, as compressed rows (a count pass, then a fill pass).
    for (const trace_message& m : trace_.messages)
        for (const std::uint32_t w : m.waits_for) ++released_from_[w + 1];
    for (std::size_t i = 1; i < released_from_.size(); ++i)
        released_from_[i] += released_from_[i - 1];
    waiters_.resize(released_from_.back());
    std::vector<std::uint32_t> fill(released_from_.begin(), released_from_.end() - 1);
    for (std::size_t i = 0; i < trace_.messages.size(); ++i) {
        const trace_message& m = trace_.messages[i];
        for (const std::uint32_t w : m.waits_for)
            waiters_[fill[w]++] = static_cast<std::uint32_t>(i);
        message_state& s = msg_[i];
        s.waiting = static_cast<std::uint32_t>(m.waits_for.size());
        s.packets_left = packets_of(m.flits, packet_length_);
        packets_ += s.packets_left;
        const router_id src = router_of_[m.source];
        ++unreleased_[src];
        dests_[src].insert(dests_[src].end(), s.packets_left, router_of_[m.destination]);
        if (s.waiting == 0) due_[src].push({m.cycle, static_cast<std::uint32_t>(i)});
    }
}

void replay_state::launches(router_id r, std::uint64_t step, std::vector<launch>& out) {
    due_queue& q = due_[r];
    while (!q.empty() && q.top().first <= step) {
        const std::uint32_t i = q.top().second;
        q.pop();
        --unreleased_[r];
        msg_[i].created = step;
        const router_id dst = router_of_[trace_.messages[i].destination];
        const header h = routing_->route(topo_.at(r), topo_.at(dst), unused_rng_);
        for (std::uint32_t p = 0; p < msg_[i].packets_left; ++p) out.push_back({h, i});
    }
}

void replay_state::delivered(const delivery& d) {
    const auto i = static_cast<std::uint32_t>(d.payload);
    if (i >= msg_.size() || msg_[i].packets_left == 0) return;  // the ledger reports it
    if (d.hops >= hop_histogram_.size()) hop_histogram_.resize(d.hops + 1);
    ++hop_histogram_[d.hops];
    if (--msg_[i].packets_left == 0) arrived(i, d.step);
}

void replay_state::arrived(std::uint32_t i, std::uint64_t step) {
    message_state& s = msg_[i];
    s.arrived = step;
    ++arrived_;
    completion_ = std::max(completion_, step);
    latency_.add(step - s.created);
    for (std::uint32_t k = released_from_[i]; k < released_from_[i + 1]; ++k) {
        const std::uint32_t w = waiters_[k];
        message_state& ws = msg_[w];
        ws.latest = std::max(ws.latest, step);
        if (--ws.waiting == 0) release(w, ws.latest + creation_gap(trace_, w));
    }
}

void replay_state::release(std::uint32_t i, std::uint64_t step) {
    due_[router_of_[trace_.messages[i].source]].push({step, i});
}

std::uint32_t replay_state::pairs(router_id src, router_id dst) const {
    return static_cast<std::uint32_t>(std::count(dests_[src].begin(), dests_[src].end(), dst));
}

nlohmann::json replay_state::hop_figures() const {
    std::uint64_t packets = 0, hops = 0;
    for (std::size_t h = 0; h < hop_histogram_.size(); ++h) {
        packets += hop_histogram_[h];
        hops += h * hop_histogram_[h];
    }
    return {{"max",
             hop_histogram_.empty() ? nlohmann::json() : nlohmann::json(hop_histogram_.size() - 1)},
            {"mean",
             packets == 0 ? nlohmann::json() : nlohmann::json(static_cast<double>(hops) / packets)},
            {"histogram", hop_histogram_}};
}

nlohmann::json replay_state::summary() const {
    std::uint64_t flits = 0, dependencies = 0;
    for (const trace_message& m : trace_.messages) {
        flits += m.flits;
        dependencies += m.waits_for.size();
    }
    nlohmann::json per = {{"id", nlohmann::json::array()},
                          {"created", nlohmann::json::array()},
                          {"arrived", nlohmann::json::array()},
                          {"latency", nlohmann::json::array()}};
    for (std::size_t i = 0; i < msg_.size(); ++i) {
        const message_state& s = msg_[i];
        const bool done = s.arrived != ~0ull;
        per["id"].push_back(trace_.messages[i].id);
        per["created"].push_back(s.created == ~0ull ? nlohmann::json() : nlohmann::json(s.created));
        per["arrived"].push_back(done ? nlohmann::json(s.arrived) : nlohmann::json());
        per["latency"].push_back(done ? nlohmann::json(s.arrived - s.created) : nlohmann::json());
    }
    nlohmann::json j = {
        {"format", trace_.format},
        {"nodes", trace_.nodes},
        {"routers", topo_.routers()},
        {"messages", msg_.size()},
        {"flits", flits},
        {"packets", packets_},
        {"packet_length", packet_length_},
        {"dependencies", dependencies},
        {"dropped_dependencies", trace_.dropped_dependencies},
        {"messages_arrived", arrived_},
        {"completion_cycle", arrived_ == 0 ? nlohmann::json() : nlohmann::json(completion_)},
        {"latency",
         {{"mean", latency_.count() ? nlohmann::json(latency_.mean()) : nlohmann::json()},
          {"p50", latency_.percentile(0.5)},
          {"p99", latency_.percentile(0.99)},
          {"max", latency_.max()},
          {"samples", latency_.count()}}},
        {"per_message", per},
        {"packet_hops", hop_figures()}};
    if (!trace_.benchmark.empty()) j["benchmark"] = trace_.benchmark;
    return j;
}

}  // namespace d3
