// Reads a --trace FILE and maps its nodes (--mapping): a bzip2 file is a netrace v1 trace
// (core/replay/netrace.h), any other the text format (core/replay/text_trace.h). Plain C++.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>

#include "core/network/topology.h"
#include "core/replay/replay_state.h"

namespace d3 {

struct replay_options {
    std::string trace;               ///< --trace FILE
    std::string mapping = "linear";  ///< --mapping linear|random|drawer|FILE
    std::uint64_t seed = 1;          ///< --seed (random mapping)
    int packet_length = 1;           ///< the network's --packet-length
};

/// The replay's state for `t`, or one line saying why the trace or the mapping cannot be used.
std::variant<std::unique_ptr<replay_state>, std::string> load_replay(const replay_options& o,
                                                                     const topology& t);

}  // namespace d3
