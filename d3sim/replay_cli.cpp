#include "d3sim/replay_cli.h"

#include "core/decoding/decoder_kind.h"

namespace d3 {

void add_replay_options(CLI::App& app, replay_cli& r) {
    const std::string g = "Trace replay";
    app.add_option("--trace", r.trace,
                   "replay a message trace instead of a primitive: the text format of "
                   "docs/traces.md, or a netrace v1 file (bzip2)")
        ->group(g);
    app.add_option("--mapping", r.mapping,
                   "where the trace's nodes sit: linear (node i on router i), random (drawn "
                   "from --seed), drawer (dealt out over the drawers), or a FILE of "
                   "'NODE ROUTER_ID' lines")
        ->capture_default_str()
        ->group(g);
}

std::optional<std::string> check_replay_usage(const CLI::App& app, const replay_cli& r) {
    if (r.trace.empty()) {
        if (app.count("--mapping") != 0) return std::string("--mapping needs --trace FILE");
        return std::nullopt;
    }
    for (const char* opt :
         {"--traffic", "--primitive", "--schedule", "--source", "--count", "--protocol", "--perm",
          "--turnaround", "--dimension", "--embedding", "--headers", "--subnetwork", "--service",
          "--background", "--wave", "--max-latency-p99", "--require-drained"})
        if (app.count(opt) != 0) return std::string(opt) + " cannot be combined with --trace";
    if (app.count("--decoder") != 0) {
        const std::string d = app.get_option("--decoder")->as<std::string>();
        if (d != to_string(decoder_kind::cpp))
            return "--decoder " + d +
                   " cannot be combined with --trace (its routers run the C++ "
                   "reference)";
    }
    return std::nullopt;
}

replay_run_options make_replay_run(const replay_cli& r, const run_options& o) {
    replay_run_options x;
    x.net = o.net;
    x.replay.trace = r.trace;
    x.replay.mapping = r.mapping;
    x.replay.seed = o.seed;
    x.replay.packet_length = o.net.router.packet_length;
    x.trace = o.trace;
    return x;
}

}  // namespace d3
