#include "core/replay/trace_source.h"

#include <optional>
#include <stdexcept>

#include "core/network/file_topology.h"
#include "core/replay/netrace.h"
#include "core/replay/node_mapping.h"
#include "core/replay/text_trace.h"
#include "core/run/input_file.h"

namespace d3 {
namespace {

// The trace, or one line that starts with "--trace".
std::variant<message_trace, std::string> read_trace(const std::string& path) {
    std::variant<message_trace, std::string> t;
    try {
        t = is_bzip2_file(path) ? read_netrace_file(path)
                                : parse_text_trace(read_input_text(path, "--trace"), path);
    } catch (const std::exception& e) {
        return std::string(e.what());  // "--trace: cannot read PATH: why"
    }
    if (auto* err = std::get_if<std::string>(&t)) return "--trace " + *err;
    return t;
}

// Why the messages of `trace`, placed on `routers`, cannot run on `t`: one of them starts or
// ends on a file network's router without a terminal (a transit router). Or nothing.
std::optional<std::string> transit_problem(const message_trace& trace,
                                           const std::vector<router_id>& routers,
                                           const topology& t) {
    const file_topology* f = t.file();
    if (!f || f->net().uniform_terminals()) return std::nullopt;
    for (const trace_message& m : trace.messages)
        for (std::uint32_t node : {m.source, m.destination})
            if (f->net().terminals(routers[node]) == 0)
                return "node " + std::to_string(node) +
                       " of the trace sends or receives on router " +
                       std::to_string(routers[node]) + " of " + f->name() +
                       ", which has no terminal (a transit router): map the trace's nodes onto "
                       "routers with terminals (--mapping FILE)";
    return std::nullopt;
}

// The replay of `trace`, its nodes placed by o.mapping, or one line saying why not.
std::variant<std::unique_ptr<replay_state>, std::string> mapped(message_trace trace,
                                                                const replay_options& o,
                                                                const topology& t) {
    std::string mapping_text;
    if (!is_named_mapping(o.mapping)) {
        try {
            mapping_text = read_input_text(o.mapping, "--mapping");
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
    }
    auto routers = map_nodes(o.mapping, mapping_text, trace.nodes, t, o.seed);
    if (auto* err = std::get_if<std::string>(&routers))  // a file's errors start with its name
        return "--mapping " + (is_named_mapping(o.mapping) ? o.mapping + ": " : "") + *err;
    if (auto err = transit_problem(trace, std::get<std::vector<router_id>>(routers), t))
        return "--trace: " + *err;
    return std::make_unique<replay_state>(
        std::move(trace), std::move(std::get<std::vector<router_id>>(routers)), o.packet_length, t);
}

}  // namespace

std::variant<std::unique_ptr<replay_state>, std::string> load_replay(const replay_options& o,
                                                                     const topology& t) {
    auto read = read_trace(o.trace);
    if (auto* err = std::get_if<std::string>(&read)) return *err;
    message_trace& trace = std::get<message_trace>(read);
    if (auto err = check_trace(trace)) return "--trace " + o.trace + ": " + *err;
    return mapped(std::move(trace), o, t);
}

std::variant<loaded_collective, std::string> load_collective(const replay_options& o,
                                                             const topology& t) {
    collective_layout layout;
    layout.options = o.collective;
    if (layout.options.ranks == 0) layout.options.ranks = t.routers();
    auto made = make_collective(layout.options);
    if (auto* err = std::get_if<std::string>(&made)) return *err;
    collective_trace& c = std::get<collective_trace>(made);
    layout.algorithm = c.algorithm;
    layout.options.algorithm = c.algorithm;
    layout.steps = c.steps;
    layout.iteration_end = std::move(c.iteration_end);
    auto state = mapped(std::move(c.trace), o, t);
    if (auto* err = std::get_if<std::string>(&state)) return *err;
    return loaded_collective{std::move(std::get<std::unique_ptr<replay_state>>(state)),
                             std::move(layout)};
}

}  // namespace d3
