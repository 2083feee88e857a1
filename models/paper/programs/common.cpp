#include "paper/programs/common.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <utility>

#include "core/decoding/walk.h"

namespace d3 {

std::string nothing_to_fix(const std::string& what) {
    return "--schedule fixed: the paper's " + what +
           " has no link conflict, so there is nothing to fix (use --schedule paper)";
}

std::string describe_link(const topology& t, router_id r, int port) {
    const coord at = t.at(r);
    const port_ref p = port_of(port, t.k());
    const coord far = t.far_end(at, p).at;
    return t.label(at) + " " + (p.global ? "g" : "l") + std::to_string(p.port) + " -> " +
           t.label(far);
}

nlohmann::json to_json(const prediction& p, const topology& t) {
    nlohmann::json first = nlohmann::json::array();
    for (const conflict_record& c : p.first)
        first.push_back({{"step", c.step},
                         {"router", c.router},
                         {"link", describe_link(t, c.router, c.port)},
                         {"uses", c.requesters}});
    return {{"conflicts", p.conflicts}, {"first_conflicts", first}};
}

std::vector<link_use> slot_uses(const topology& t, const std::vector<router_id>& nodes,
                                const slot& s) {
    std::vector<link_use> uses;
    link_tracer tracer;
    for (router_id n : nodes)
        for (const launch& l : s.launches) tracer.trace(t, n, 0, l.hdr, uses);
    return uses;
}

prediction predict(const link_calendar& cal) {
    return {cal.conflicts(), cal.first_conflicts()};
}

prediction predict(const topology& t, const schedule& s, const std::vector<router_id>& nodes) {
    link_calendar cal;
    std::vector<link_use> uses;
    link_tracer tracer;
    for (std::size_t i = 0; i < s.slots.size(); ++i) {
        if (s.slots[i].is_delay()) continue;
        uses.clear();
        for (router_id n : nodes)
            for (const launch& l : s.slots[i].launches) tracer.trace(t, n, i, l.hdr, uses);
        cal.add(uses);
        cal.filled_before(i + 1);
    }
    return predict(cal);
}

schedule place_schedule(const topology& t, const std::vector<slot>& rounds,
                        const std::vector<router_id>& nodes, bool reorder) {
    std::vector<std::vector<link_use>> uses;
    uses.reserve(rounds.size());
    for (const slot& r : rounds) uses.push_back(slot_uses(t, nodes, r));
    link_calendar cal;
    const placement pl = place_rounds(
        uses.size(), [&](std::size_t i) -> const std::vector<link_use>& { return uses[i]; },
        reorder, cal);
    schedule s;
    s.slots.resize(pl.slots);
    for (std::size_t i = 0; i < rounds.size(); ++i) s.slots[pl.slot[i]] = rounds[i];
    return s;
}

schedule choose_schedule(schedule_kind kind, const schedule& paper, const std::vector<slot>& rounds,
                         const std::function<std::uint64_t(const schedule&)>& conflicts,
                         const std::function<schedule()>& make_fixed, const std::string& what) {
    switch (kind) {
        case schedule_kind::paper:
            return paper;
        case schedule_kind::none:
            return protocol_pattern(rounds, 1);
        case schedule_kind::fixed:
            break;
    }
    if (conflicts(paper) == 0) throw std::invalid_argument(nothing_to_fix(what));
    return make_fixed();
}

schedule choose_schedule(const topology& t, schedule_kind kind, const schedule& paper,
                         const std::vector<slot>& rounds, const std::vector<slot>& fixed_order,
                         const std::vector<router_id>& nodes, bool reorder,
                         const std::string& what) {
    return choose_schedule(
        kind, paper, rounds, [&](const schedule& s) { return predict(t, s, nodes).conflicts; },
        [&] { return place_schedule(t, fixed_order, nodes, reorder); }, what);
}

schedule_workload::schedule_workload(std::string primitive, std::string schedule_name, schedule s,
                                     std::vector<router_id> nodes, router_id routers,
                                     expectation expected, late_details details)
    : primitive_(std::move(primitive)),
      schedule_name_(std::move(schedule_name)),
      sched_(std::move(s)),
      runs_(routers, false),
      expected_(std::move(expected)),
      details_(std::move(details)) {
    for (router_id n : nodes) runs_.at(n) = true;
}

schedule_workload::schedule_workload(std::string primitive, std::string schedule_name, schedule s,
                                     std::vector<router_id> nodes, router_id routers,
                                     std::uint32_t each, late_details details)
    : schedule_workload(
          std::move(primitive), std::move(schedule_name), std::move(s), std::move(nodes), routers,
          [each](router_id, router_id) { return each; }, std::move(details)) {
    each_ = each;
}

void add_schedule_volume(const topology& t, const schedule& s, router_id at, std::uint64_t nodes,
                         workload_volume& v) {
    walk_result w;
    std::optional<header> walked;  // the header `w` is the walk of: rounds often repeat one
    std::vector<std::uint64_t> copies(s.slots.size(), 0);  // per slot, copies of one node
    for (std::size_t i = 0; i < s.slots.size(); ++i)
        for (const launch& l : s.slots[i].launches) {
            if (!walked || !(*walked == l.hdr)) {
                walk(t, t.at(at), l.hdr, w);
                walked = l.hdr;
            }
            v.messages += nodes;
            v.deliveries += nodes * w.destinations.size();
            copies[i] += w.destinations.size();
        }
    std::uint64_t window = 0, most = 0;  // copies launched in four consecutive slots
    for (std::size_t i = 0; i < copies.size(); ++i) {
        window += copies[i] - (i >= 4 ? copies[i - 4] : 0);
        most = std::max(most, window);
    }
    v.in_flight = std::max(v.in_flight, nodes * most);
}

std::optional<workload_volume> schedule_workload::volume(const topology& t) const {
    workload_volume v;
    std::uint64_t nodes = 0;
    router_id first = 0;
    for (router_id r = 0; r < runs_.size(); ++r)
        if (runs_[r] && nodes++ == 0) first = r;
    if (nodes != 0) add_schedule_volume(t, sched_, first, nodes, v);
    return v;
}

std::unique_ptr<node_program> schedule_workload::program_for(router_id id) const {
    if (!runs_.at(id)) return nullptr;
    return std::make_unique<schedule_program>(sched_);
}

}  // namespace d3
