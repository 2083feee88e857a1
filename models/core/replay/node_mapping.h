// Where the nodes of a trace sit in the network (--mapping, docs/traces.md): `linear` puts node i
// on router i (drawer after drawer), `drawer` deals the nodes out over the drawers (D3) or groups
// (MDF) like cards, so that consecutive nodes sit in different drawers, `random` on a random
// router each (a permutation drawn from --seed), and a file names the router of every node. Plain
// C++.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/network/topology.h"

namespace d3 {

/// The mapping names (a mapping file is anything else).
inline constexpr const char* kMappingNames[] = {"linear", "random", "drawer"};

/// Router of each of the trace's `nodes` nodes, or one line saying why not (more nodes than
/// routers for a named mapping). `mapping` is a name of kMappingNames or the text of a mapping
/// file (`file_text`, named `mapping` in messages): lines "NODE ROUTER_ID", `#` comments, every
/// node of the trace once (several nodes may share a router).
std::variant<std::vector<router_id>, std::string> map_nodes(const std::string& mapping,
                                                            const std::string& file_text,
                                                            std::uint32_t nodes, const topology& t,
                                                            std::uint64_t seed);

/// Whether `mapping` is one of kMappingNames (not a file).
bool is_named_mapping(const std::string& mapping);

}  // namespace d3
