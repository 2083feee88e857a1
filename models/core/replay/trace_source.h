// Reads a --trace FILE and maps its nodes (--mapping): a bzip2 file is a netrace v1 trace
// (core/replay/netrace.h), any other the text format (core/replay/text_trace.h). Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include "core/network/topology.h"
#include "core/replay/collective_report.h"
#include "core/replay/replay_state.h"

namespace d3 {

struct replay_options {
    std::string trace;               ///< --trace FILE (empty: a collective)
    collective_options collective;   ///< --workload ... (collective empty: a trace file)
    std::string mapping = "linear";  ///< --mapping linear|random|drawer|FILE
    std::uint64_t seed = 1;          ///< --seed (random mapping)
    int packet_length = 1;           ///< the network's --packet-length
};

/// The replay's state for `t`, or one line saying why the trace or the mapping cannot be used.
std::variant<std::unique_ptr<replay_state>, std::string> load_replay(const replay_options& o,
                                                                     const topology& t);

/// A collective's replay: its state and what its report needs.
struct loaded_collective {
    std::unique_ptr<replay_state> state;
    collective_layout layout;
};

/// The replay of o.collective (o.collective.ranks 0: one rank per router of `t`), or one line
/// saying why it cannot be built or mapped.
std::variant<loaded_collective, std::string> load_collective(const replay_options& o,
                                                             const topology& t);

}  // namespace d3
