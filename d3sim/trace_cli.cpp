#include "d3sim/trace_cli.h"

namespace d3 {

void add_trace_options(CLI::App& app, trace_cli& t) {
    const std::string g = "Packet event log";
    app.add_option("--trace-packets", t.path,
                   "write one line per packet event (inject, hold, hop, conflict-wait, deliver) "
                   "to FILE: CSV, or JSON lines for FILE.jsonl")
        ->group(g);
    app.add_option("--trace-format", t.format, "csv or jsonl (default: by the file's extension)")
        ->check(CLI::IsMember({"csv", "jsonl"}))
        ->group(g);
    app.add_option("--trace-packet", t.packets, "only these packets (ids, e.g. 3,17)")->group(g);
    app.add_option("--trace-routers", t.routers,
                   "only events at these routers (c,d,p patterns as for --wave-scope; default all)")
        ->group(g);
    app.add_option("--trace-steps", t.steps, "only events in the step window FROM:TO (inclusive)")
        ->group(g);
}

std::optional<std::string> make_packet_log_options(const trace_cli& t, packet_log_options& out) {
    out.path = t.path;
    out.format = t.format;
    out.routers = t.routers.empty() ? "all" : t.routers;
    if (!t.packets.empty() && !parse_packet_ids(t.packets, out.packets))
        return "--trace-packet must be packet ids separated by commas (got '" + t.packets + "')";
    if (!t.steps.empty() && !parse_step_window(t.steps, out.from, out.to))
        return "--trace-steps must be FROM:TO, FROM: or :TO (got '" + t.steps + "')";
    if (t.path.empty())
        for (const std::string* s : {&t.format, &t.packets, &t.routers, &t.steps})
            if (!s->empty()) return "the --trace-* filters need --trace-packets FILE";
    return std::nullopt;
}

std::optional<std::string> check_wave_usage(const CLI::App& app) {
    if (app.count("--wave") != 0) return std::nullopt;
    for (const CLI::Option* opt : app.get_options())  // --wave-scope, --wave-limit, ...
        if (opt->get_name().rfind("--wave-", 0) == 0 && opt->count() != 0)
            return opt->get_name() + " needs --wave FILE";
    return std::nullopt;
}

}  // namespace d3
