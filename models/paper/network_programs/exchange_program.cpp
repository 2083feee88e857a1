#include "paper/network_programs/exchange_program.h"

#include <algorithm>

namespace d3 {

std::string program_fault(const exchange_program& p, const graph& g) {
    if (p.nodes != g.nodes()) return "program of " + std::to_string(p.nodes) + " nodes";
    std::vector<std::uint32_t> sent(p.nodes, ~0u), received(p.nodes, ~0u);
    for (std::uint32_t r = 0; r < p.rounds.size(); ++r) {
        for (const exchange& e : p.rounds[r].messages) {
            const std::string where = "round " + std::to_string(r) + ", " + std::to_string(e.src) +
                                      " -> " + std::to_string(e.dst);
            if (e.src >= p.nodes || e.dst >= p.nodes) return where + ": no such node";
            if (g.links_between(e.src, e.dst) == 0) return where + ": not neighbours";
            if (sent[e.src] == r) return where + ": the source sends twice";
            if (received[e.dst] == r) return where + ": the destination receives twice";
            sent[e.src] = received[e.dst] = r;
        }
    }
    return {};
}

double program_time(const exchange_program& p, double ts, double tw, double m) {
    double t = 0;
    for (const exchange_round& r : p.rounds) {
        std::uint64_t most = 0;
        for (const exchange& e : r.messages) most = std::max(most, e.items);
        if (!r.messages.empty()) t += ts + tw * m * static_cast<double>(most);
    }
    return t;
}

std::uint64_t program_messages(const exchange_program& p) {
    std::uint64_t n = 0;
    for (const exchange_round& r : p.rounds) n += r.messages.size();
    return n;
}

std::uint64_t program_items(const exchange_program& p) {
    std::uint64_t n = 0;
    for (const exchange_round& r : p.rounds)
        for (const exchange& e : r.messages) n += e.items;
    return n;
}

void write_trace(const exchange_program& p, std::uint32_t flits_per_item, std::ostream& out) {
    out << "# " << p.name << ": " << p.rounds.size() << " rounds, " << program_messages(p)
        << " messages (CYCLE SOURCE DESTINATION FLITS ID WAITS_FOR...)\n";
    // Per node, the messages it received since it last sent.
    std::vector<std::vector<std::uint64_t>> inbox(p.nodes);
    std::uint64_t id = 0;
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
        std::vector<std::pair<std::uint32_t, std::uint64_t>> arrived;
        for (const exchange& e : p.rounds[r].messages) {
            out << r << ' ' << e.src << ' ' << e.dst << ' ' << e.items * flits_per_item << ' '
                << id;
            for (const std::uint64_t w : inbox[e.src]) out << ' ' << w;
            out << '\n';
            inbox[e.src].clear();
            arrived.emplace_back(e.dst, id++);
        }
        for (const auto& [node, message] : arrived) inbox[node].push_back(message);
    }
}

}  // namespace d3
