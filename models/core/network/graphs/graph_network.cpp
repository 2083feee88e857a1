#include "core/network/graphs/graph_network.h"

#include <map>
#include <sstream>
#include <utility>

namespace d3 {

void write_network(const graph& g, std::uint32_t terminals, std::uint32_t latency,
                   const std::string& title, std::ostream& out,
                   const std::vector<std::string>& names) {
    out << "# " << title << "\nrouters " << g.nodes() << "\nterminals " << terminals << "\nlatency "
        << latency << '\n';
    for (std::size_t v = 0; v < names.size(); ++v) out << "name " << v << ' ' << names[v] << '\n';
    // port[v][(w, copy)]: v's port for its copy-th link to w, numbered in neighbour order.
    std::vector<std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t>> port(g.nodes());
    for (std::uint32_t v = 0; v < g.nodes(); ++v) {
        std::uint32_t next = 0;
        for (const graph_neighbor& n : g.neighbors(v))
            for (std::uint32_t c = 0; c < n.links; ++c) port[v][{n.node, c}] = next++;
    }
    for (std::uint32_t v = 0; v < g.nodes(); ++v)
        for (const graph_neighbor& n : g.neighbors(v))
            if (v < n.node)
                for (std::uint32_t c = 0; c < n.links; ++c)
                    out << "link " << v << ' ' << port[v][{n.node, c}] << "  " << n.node << ' '
                        << port[n.node][{v, c}] << '\n';
}

network_file graph_network(const graph& g, std::uint32_t terminals, std::uint32_t latency,
                           const std::string& name, const std::vector<std::string>& names) {
    std::stringstream text;
    write_network(g, terminals, latency, name, text, names);
    return network_file::parse(text, name);
}

}  // namespace d3
