#include "d3sim/trace_cli.h"

#include "trace/wave_estimate.h"

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

void add_wave_options(CLI::App& app, std::string& wave, wave_options& opts, std::string& limit) {
    app.add_option(
        "--wave", wave,
        "write a waveform (FILE.vcd, or FILE.fst) and a gtkwave view FILE.gtkw beside it");
    app.add_option("--wave-scope", opts.scope,
                   "traced routers: all, conflicts (only links that conflict), or c,d,p patterns "
                   "joined by ';' with * and ranges, e.g. 0,1,*")
        ->capture_default_str();
    app.add_option("--wave-limit", limit,
                   "warn before writing a waveform expected to be larger (e.g. 64M, 2G; 0: never)")
        ->capture_default_str();
    app.add_option("--wave-groups", opts.groups, "conflicting links shown in the .gtkw view")
        ->capture_default_str();
    app.add_flag(
        "--wave-decoder", opts.decoder,
        "add every router's decoder ports to the waveform (always with a non-C++ decoder)");
    app.add_option("--wave-rtl", opts.rtl_router,
                   "c,d,p: add the RTL units' own ports of this router (--unit-impl "
                   "hold_stage|switch_allocator=rtl|lockstep) to the waveform");
}

std::optional<std::string> apply_wave_limit(const std::string& limit, wave_options& opts) {
    if (auto bytes = parse_bytes(limit))
        opts.limit = *bytes;
    else
        return "--wave-limit must be a size such as 256M or 2G (got '" + limit + "')";
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
