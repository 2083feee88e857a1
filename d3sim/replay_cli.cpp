#include "d3sim/replay_cli.h"

#include "core/decoding/decoder_kind.h"

namespace d3 {
namespace {

void add_collective_options(CLI::App& app, collective_options& c) {
    const std::string g = "Collectives (docs/collectives.md)";
    app.add_option("--workload", c.collective,
                   "run an MPI collective, replayed as a trace: allreduce, alltoall, bcast, "
                   "halo3d, fft")
        ->group(g);
    app.add_option("--algorithm", c.algorithm,
                   "the collective's algorithm: allreduce ring|recursive-doubling, alltoall "
                   "pairwise|bruck, bcast binomial, halo3d neighbours, fft transpose (default: "
                   "the first)")
        ->group(g);
    app.add_option("--size", c.size,
                   "flits per message (allreduce: the vector; alltoall, fft: "
                   "per pair; bcast: the data; halo3d: per neighbour)")
        ->capture_default_str()
        ->group(g);
    app.add_option("--iterations", c.iterations, "times the collective runs, one after the other")
        ->capture_default_str()
        ->group(g);
    app.add_option("--ranks", c.ranks, "ranks (0: one per router), placed by --mapping")
        ->capture_default_str()
        ->group(g);
}

}  // namespace

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
    add_collective_options(app, r.collective);
}

std::optional<std::string> check_replay_usage(const CLI::App& app, const replay_cli& r) {
    const bool collective = !r.collective.collective.empty();
    for (const char* opt : {"--algorithm", "--size", "--iterations", "--ranks"})
        if (!collective && app.count(opt) != 0) return std::string(opt) + " needs --workload";
    if (!r.any()) {
        if (app.count("--mapping") != 0)
            return std::string("--mapping needs --trace FILE or --workload");
        return std::nullopt;
    }
    if (collective && !r.trace.empty())
        return std::string("--workload cannot be combined with --trace");
    if (collective) {
        collective_options c = r.collective;
        if (c.ranks == 0) c.ranks = 2;  // the network's routers, checked when it is known
        if (auto err = check_collective(c)) return err;
    }
    const std::string mode = collective ? "--workload" : "--trace";
    for (const char* opt :
         {"--traffic", "--primitive", "--schedule", "--source", "--count", "--protocol", "--perm",
          "--turnaround", "--dimension", "--embedding", "--headers", "--subnetwork", "--service",
          "--background", "--wave", "--max-latency-p99", "--require-drained"})
        if (app.count(opt) != 0) return std::string(opt) + " cannot be combined with " + mode;
    if (app.count("--decoder") != 0) {
        const std::string d = app.get_option("--decoder")->as<std::string>();
        if (d != to_string(decoder_kind::cpp))
            return "--decoder " + d + " cannot be combined with " + mode +
                   " (its routers run the C++ "
                   "reference)";
    }
    return std::nullopt;
}

replay_run_options make_replay_run(const replay_cli& r, const run_options& o) {
    replay_run_options x;
    x.net = o.net;
    x.replay.trace = r.trace;
    x.replay.mapping = r.mapping;
    x.replay.collective = r.collective;
    x.replay.seed = o.seed;
    x.replay.packet_length = o.net.router.packet_length;
    x.trace = o.trace;
    return x;
}

}  // namespace d3
