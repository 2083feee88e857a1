#include "d3sim/primitive_cli.h"

#include <charconv>
#include <exception>
#include <sstream>

#include "cli/did_you_mean.h"
#include "config/config_file.h"
#include "core/decoding/decoder_kind.h"
#include "paper/beyond/doubly_parallel.h"
#include "paper/programs/registry.h"

namespace d3 {
namespace {

bool parse_count(const std::string& s, int& out) {
    std::size_t used = 0;
    long v = 0;
    try {
        v = std::stol(s, &used);
    } catch (const std::exception&) {
        return false;
    }
    if (used != s.size() || v < 1 || v > kMaxBroadcastCount) return false;
    out = static_cast<int>(v);
    return true;
}

// "c,d,p": three whole numbers as the command line writes them (no blank, no '+', no exponent).
bool parse_coord(const std::string& s, coord& out) {
    const char* at = s.data();
    const char* const end = s.data() + s.size();
    for (int* field : {&out.c, &out.d, &out.p}) {
        const auto [next, ec] = std::from_chars(at, end, *field);
        if (ec != std::errc() || next == at) return false;
        at = next;
        if (field != &out.p && (at == end || *at++ != ',')) return false;
    }
    return at == end;
}

// --primitive ... --count.
void add_workload_options(CLI::App& app, run_options& o, primitive_cli& p) {
    app.add_option("--primitive", o.primitive, "communication primitive")
        ->check(CLI::IsMember(d3::primitive_names()))
        ->capture_default_str();
    app.add_option(
           "--source", p.source,
           "source router c,d,p (broadcast, one-to-all, glgl-one-to-all, broadcast-trees; the "
           "all-to-one sink)")
        ->capture_default_str();
    app.add_option("--schedule", p.schedule,
                   "paper: as published, with its delays; none: same rounds, no delays; fixed: a "
                   "corrected conflict-free schedule (only where paper conflicts)")
        ->check(d3::member_of(d3::kScheduleKindNames))
        ->capture_default_str();
    // No default string: a result records --count only when given (its default depends on the
    // primitive), and a file's `count: 1` is read as given.
    app.add_option("--count", p.count,
                   "broadcast, broadcast-trees: number of chained broadcasts N (default 1); "
                   "matrix-product: rows R of X (default M)");
}

}  // namespace

void add_primitive_options(CLI::App& app, run_options& o, primitive_cli& p) {
    add_workload_options(app, o, p);
    app.add_option("--dimension", o.dimension, "hypercube-exchange: the hypercube dimension I")
        ->capture_default_str();
    app.add_option("--embedding", o.embedding,
                   "hypercube primitives: swap (later paper, dilations 1/2/3) or glgl (section "
                   "10's uniform dilation-four paths)")
        ->check(d3::member_of(d3::kEmbeddingNames))
        ->capture_default_str();
    app.add_option("--protocol", p.protocol,
                   "paper: the paper's choice; appendix protocol 1, 2 or 3 (all-to-all, and for "
                   "the others to override the paper's choice); doubly-parallel (all-to-all)")
        ->check(CLI::IsMember({"paper", "1", "2", "3", "doubly-parallel"}))
        ->capture_default_str();
    app.add_option("--perm", o.perm,
                   "permutation: random (with --seed), transpose, drawer-swap, or a FILE of lines "
                   "'c,d,p c',d',p''")
        ->capture_default_str();
    app.add_option("--turnaround", p.turnaround,
                   "all-to-one: a responder answers in the step the request reaches it (paper: "
                   "reply's first hop 4 steps after the request's, L G L D l g l) or one step "
                   "later (next-step: 5 steps)")
        ->check(d3::member_of(d3::kTurnaroundNames))
        ->capture_default_str();
    app.add_option("--headers", p.headers,
                   "headers the primitives launch: source-vector (as published) or destination "
                   "(section 12: the same programs, unicast source vectors launched as "
                   "destination headers read by the routers' tables; broadcasts unchanged)")
        ->check(CLI::IsMember({"source-vector", "destination"}))
        ->capture_default_str();
    app.add_option("--subnetwork", o.subnetworks,
                   "run the primitive in a subnetwork, repeatable, one partition each: "
                   "cabinets=0,2,5 (Theorem 1), positions=0,1,2,4 (N < M routers per drawer), "
                   "drawer-out=X (D3(K,M-1)), cabinet-out=X (D3(K-1,M))");
}

void add_decoder_option(CLI::App& app, run_options& o) {
    app.add_option("--decoder", o.decoder,
                   "header decoder: cpp (C++ reference), rtl (Verilated RTL), lockstep (both on "
                   "every decode; the first difference stops the run)")
        ->check(d3::member_of(d3::kDecoderKindNames))
        ->capture_default_str();
}

std::optional<std::string> check_option_use(const std::vector<std::string>& given,
                                            const std::string& primitive, bool traffic) {
    if (traffic) {  // (--primitive, --schedule, ...: d3sim/traffic_cli.h)
        for (const char* opt : {"--turnaround", "--dimension", "--embedding", "--headers"})
            if (option_in(given, opt))
                return std::string(opt) + " cannot be combined with --traffic";
        return std::nullopt;
    }
    // The same keys in a --config file are read for any primitive (a result records them).
    for (const std::string& opt : primitive_only_options())
        if (option_in(given, opt))
            if (auto why = option_unread(opt, primitive)) return why;
    return std::nullopt;
}

std::optional<std::string> apply_primitive_options(const CLI::App& app, const primitive_cli& p,
                                                   run_options& o) {
    if (!parse_coord(p.source, o.source)) return "--source must be c,d,p (got '" + p.source + "')";
    o.schedule = *parse_as<schedule_kind>(p.schedule);
    o.reply = *parse_as<turnaround>(p.turnaround);
    o.destination_headers = p.headers == "destination";
    o.protocol = p.protocol == "paper"             ? 0
                 : p.protocol == "doubly-parallel" ? kDoublyParallel
                                                   : std::stoi(p.protocol);
    if (app.count("--count") == 0)
        o.count = o.primitive == "matrix-product" ? o.net.m : 1;  // X of M rows: X A is M x KM
    else if (!parse_count(p.count, o.count))
        return "--count must be a whole number between 1 and " +
               std::to_string(kMaxBroadcastCount) + " (got '" + p.count + "')";
    return std::nullopt;
}

}  // namespace d3
