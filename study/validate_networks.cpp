// The other networks' rows by the run (validate_networks.h). A run is `d3sim --topology ... --trace
// FILE` with one terminal per router (trace node i is router i) and as many virtual channels as
// the diameter (a file network's distance classes); a round of F-flit messages costs the run
// 2 + F steps (the injection step, the link, one step per further flit) and the next round's
// messages leave one step after the last arrival, so a program of rounds ends at its time with
// t_s = 2 and t_w = 1, less one.
#include "study/validate_networks.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "cli/output_file.h"
#include "paper/claims/network_claims.h"
#include "paper/network_programs/hdn_total_exchange.h"
#include "paper/network_programs/network_program.h"

namespace d3 {

namespace {

constexpr double kRunStartup = 2;  ///< t_s of the run: the injection step and the link

network_spec rsn(int levels, const std::string& nucleus, bool diameter_links = false) {
    network_spec s;
    s.topology = "rsn";
    s.levels = levels;
    s.nucleus = nucleus;
    s.diameter_links = diameter_links;
    return s;
}

network_spec hdn(const std::string& base, int levels, const std::string& super_nodes) {
    network_spec s;
    s.topology = "hdn";
    s.base = base;
    s.levels = levels;
    s.super_nodes = super_nodes;
    return s;
}

network_spec hamming(const std::string& dims, std::uint32_t trunking = 1) {
    network_spec s;
    s.topology = "hamming";
    s.dims = dims;
    s.trunking = trunking;
    return s;
}

// The shapes of network_claims() the simulator can run (at most file_topology::kMaxRouters
// routers, a diameter of at most file_topology::kMaxDiameter), with their programs.
struct planned_shape {
    network_spec spec;
    std::vector<std::string> programs;  ///< "emul" stands for emul:J, every J
};

std::vector<planned_shape> planned_shapes() {
    const std::vector<std::string> rsn_programs{"emul", "ascend", "descend"};
    const std::vector<std::string> te{"total-exchange"};
    return {
        {rsn(2, "complete:3"), {}},
        {rsn(2, "complete:4"), {}},
        {rsn(2, "complete:4", true), {}},
        {rsn(2, "hypercube:2"), rsn_programs},
        {rsn(2, "hypercube:3", true), {}},
        {rsn(2, "mesh:2x2"), {}},
        {rsn(1, "hypercube:3"), rsn_programs},
        {rsn(2, "hypercube:1"), rsn_programs},
        // Diameter 7: run since the simulator takes a destination header's b up to 7.
        {rsn(2, "hypercube:3"), rsn_programs},
        {rsn(2, "mesh:2x3"), {}},
        {rsn(3, "complete:3"), {}},
        {hdn("hypercube:1", 1, "-"), te},
        {hdn("hypercube:2", 1, "0"), te},
        {hdn("hypercube:1", 2, "0;0"), te},
        {hdn("torus:3x3", 1, "0"), {}},
        {hdn("torus:2x3x5", 1, "0,1,2"), {}},
        {hdn("torus:3x3", 1, "0,1"), {}},
        {hdn("hypercube:3", 1, "0,1,2"), {}},
        {hdn("hypercube:4", 1, "0,1,2,3"), {}},
        // Diameters 8 to 11: run since a file network's header counts up to 15 hops (b is 4 bits
        // there). The larger shapes of diameter 8 and more (600 routers and up) are left out:
        // one packet per ordered pair and its packet log take minutes and hundreds of MB each.
        {hdn("hypercube:3", 1, "-"), {}},
        {hdn("hypercube:2", 2, "0;0,1"), te},
        {hdn("hypercube:1", 3, "0;0;0"), te},
        {hdn("torus:2x3x5", 2, "0,1,2;0,1,2"), {}},
        {hdn("torus:2x3x5", 1, "0,1"), {}},
        {hdn("torus:2x3x5", 2, "0,1,2;1,2"), {}},
        {hamming("3,3"), {}},
        {hamming("4,4"), {}},
        {hamming("2,5"), {}},
        {hamming("5,11"), {}},
        {hamming("8,8"), {}},
        {hamming("4,4", 2), {}},
        {hamming("3,4,5"), {}},
        {hamming("4,4,4", 2), {}},
    };
}

std::vector<std::string> spec_args(const network_spec& s) {
    std::vector<std::string> a{"--topology", s.topology};
    if (s.topology == "rsn") {
        a.insert(a.end(), {"--levels", std::to_string(s.levels), "--nucleus", s.nucleus});
        if (s.diameter_links) a.emplace_back("--diameter-links");
    } else if (s.topology == "hdn") {
        a.insert(a.end(), {"--base", s.base, "--levels", std::to_string(s.levels), "--supernodes",
                           s.super_nodes});
    } else {
        a.insert(a.end(), {"--dims", s.dims, "--trunking", std::to_string(s.trunking)});
    }
    return a;
}

// A file name for the shape: its name without the characters a path or a shell would mind.
std::string slug(const std::string& name) {
    std::string s;
    for (char c : name) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
    return s;
}

// One packet per ordered pair of routers, all created at step 0.
void write_all_pairs(std::uint32_t nodes, std::ostream& out) {
    for (std::uint32_t s = 0; s < nodes; ++s)
        for (std::uint32_t d = 0; d < nodes; ++d)
            if (s != d) out << "0 " << s << ' ' << d << " 1\n";
}

// The dimensions of the hypercube RSN(l, Q_n) emulates: n 2^(l-1).
std::uint32_t cube_dimensions(const built_network& b) {
    std::uint32_t n = 0;
    while ((1u << n) < b.rsn_nucleus.g.nodes()) ++n;
    return n << (b.levels - 1);
}

}  // namespace

std::optional<std::string> network_runs::plan(const std::string& dir, std::vector<job>& jobs) {
    const std::string base = dir + "/networks";
    std::error_code ec;
    std::filesystem::create_directories(base, ec);
    if (ec) return "cannot create " + base + ": " + ec.message();
    for (const planned_shape& p : planned_shapes()) {
        auto built = build_network(p.spec);
        if (auto* err = std::get_if<std::string>(&built)) return *err;
        const built_network& b = std::get<built_network>(built);
        const distance_figures d = all_pairs_distances(b.g);
        const degree_figures deg = degrees(b.g);
        shape s{p.spec,           b.name,           b.g.nodes(), d.diameter, d.average,
                deg.min_distinct, deg.max_distinct, b.hdn,       {},         {}};
        std::vector<std::string> args = spec_args(p.spec);
        args.insert(args.end(),
                    {"--vcs", std::to_string(std::max(1, d.diameter)), "-q", "--no-progress"});
        auto add_run = [&](const std::string& program, const std::string& file, run r) {
            std::vector<std::string> a = args;
            a.insert(a.end(), {"--trace", file});
            const std::string stem = base + "/" + slug(b.name) + "-" + slug(program);
            if (program == "all-pairs") {  // its hops give the ports each router uses
                s.packet_log = stem + ".csv";
                a.insert(a.end(), {"--trace-packets", s.packet_log});
            }
            r.job = jobs.size();
            r.program = program;
            jobs.push_back({b.name + " " + program, a, stem + ".json", stem + ".log"});
            s.runs.push_back(r);
        };
        const std::string pairs = base + "/" + slug(b.name) + ".trace";
        std::ostringstream pairs_text;
        write_all_pairs(s.nodes, pairs_text);
        if (auto err = write_file(pairs, pairs_text.str())) return err;
        add_run("all-pairs", pairs, {0, "", 0, 0, std::uint64_t{s.nodes} * (s.nodes - 1)});
        std::vector<std::string> programs;
        for (const std::string& name : p.programs)
            if (name != "emul")
                programs.push_back(name);
            else
                for (std::uint32_t j = 1; j <= cube_dimensions(b); ++j)
                    programs.push_back("emul:" + std::to_string(j));
        for (const std::string& name : programs) {
            auto prog = network_program(b, name);
            if (auto* err = std::get_if<std::string>(&prog)) return *err;
            const exchange_program& x = std::get<exchange_program>(prog);
            const std::string file = base + "/" + slug(b.name) + "-" + slug(name) + ".trace";
            std::ostringstream text;
            write_trace(x, 1, text);
            if (auto err = write_file(file, text.str())) return err;
            add_run(
                name, file,
                {0, "", program_time(x, kRunStartup, 1, 1), x.rounds.size(), program_messages(x)});
        }
        shapes_.push_back(std::move(s));
    }
    return std::nullopt;
}

namespace {

std::string fixed3(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

// What a run gave, or why it gives nothing: a failed run, an incorrect one (a packet lost or
// delivered twice), or messages missing.
struct run_reading {
    bool ok = false;
    std::string why;
    std::uint64_t completion = 0;
    int max_hops = 0;
    double mean_hops = 0;
    std::uint64_t routers = 0;
};

run_reading read_run(const network_run_result& r, std::uint64_t messages) {
    run_reading x;
    if (r.result.is_null()) {
        x.why = "the run failed (exit code " + std::to_string(r.exit_code) + ")";
        return x;
    }
    const nlohmann::json& t = r.result.value("trace", nlohmann::json::object());
    const std::uint64_t arrived = t.value("messages_arrived", 0ull);
    if (r.exit_code != 0 || !r.result.value("correct", false) || arrived != messages) {
        x.why = "the run was not correct (" + std::to_string(arrived) + " of " +
                std::to_string(messages) + " messages arrived)";
        return x;
    }
    x.ok = true;
    x.completion = t.value("completion_cycle", 0ull);
    const nlohmann::json& h = t.value("packet_hops", nlohmann::json::object());
    x.max_hops = h.value("max", 0);
    x.mean_hops = h.value("mean", 0.0);
    x.routers = t.value("routers", 0ull);
    return x;
}

// A row by the run beside the counted row `c`: it holds where the run gives the brute force's
// figure and the counted row holds.
claim_row beside(const claim_row& c, const std::string& measured, bool agrees,
                 const std::string& disagreement) {
    claim_row r = network_row(c.id + "-run", c.claim + ", by the run", c.network, c.paper, measured,
                              agrees && c.v == verdict::holds, agrees ? c.note : disagreement);
    return r;
}

// The fewest and the most output ports a router sent packets on in the packet log at `path`
// (its hop events; columns step,event,packet,message,source,destination,router,input,vc,output,
// b), over `routers` routers; nothing when the log cannot be read.
std::optional<std::pair<std::size_t, std::size_t>> ports_used(const std::string& path,
                                                              std::uint32_t routers) {
    std::ifstream in(path);
    std::string line;
    if (!std::getline(in, line)) return std::nullopt;
    std::map<std::string, std::set<std::string>> used;  // router -> outputs
    while (std::getline(in, line)) {
        std::string f[10];
        std::istringstream row(line);
        for (std::string& x : f) std::getline(row, x, ',');
        if (f[1] == "hop") used[f[6]].insert(f[9]);
    }
    std::size_t least = used.size() < routers ? 0 : SIZE_MAX, most = 0;
    for (const auto& [router, outputs] : used) {
        least = std::min(least, outputs.size());
        most = std::max(most, outputs.size());
    }
    return std::make_pair(used.empty() ? 0 : least, most);
}

bool is_degree_row(const std::string& id) {
    return id == "rsn-degree" || id == "hdn-degree" || id == "ham-degree";
}
bool is_nodes_row(const std::string& id) {
    return id == "rsn-nodes" || id == "hdn-nodes" || id == "ham-nodes";
}
bool is_diameter_row(const std::string& id) {
    return id == "rsn-diameter" || id == "rsn-diameter-dl" || id == "hcn-diameter" ||
           id == "hdn-diameter" || id == "ham-diameter";
}

}  // namespace

namespace {

// The rounds a program's run took: its steps (last step + 1) over a round's, t_s + t_w = 3 with
// one-item messages, rounded up (0 when the run gives nothing). A round is no barrier in the run:
// a message whose sender received nothing in the round before leaves at its round's cycle (the
// trace's CYCLE), so a run may end before 3 steps a round (RSN(2,Q_1)) but not a round sooner.
std::size_t run_rounds(const run_reading& x) {
    const auto round = static_cast<std::uint64_t>(kRunStartup + 1);
    return x.ok ? static_cast<std::size_t>((x.completion + 1 + round - 1) / round) : 0;
}

// rsn-emul (the worst J) and rsn-ascend (ascend, descend) beside their counted rows.
void rsn_program_rows(const network_runs::shape& s, const std::vector<claim_row>& counted,
                      const std::function<network_run_result(std::size_t)>& result_of,
                      std::vector<claim_row>& out) {
    std::size_t emul = 0, emul_brute = 0;
    bool agrees = true;
    std::string why;
    std::map<std::string, std::pair<std::size_t, std::size_t>> updown;  // run, brute force
    for (const network_runs::run& r : s.runs) {
        if (r.program == "all-pairs" || r.program == "total-exchange") continue;
        const run_reading x = read_run(result_of(r.job), r.messages);
        const std::size_t rounds = run_rounds(x);
        agrees = agrees && rounds == r.program_rounds;
        if (!x.ok && why.empty()) why = r.program + ": " + x.why;
        if (r.program.rfind("emul:", 0) == 0) {
            emul = std::max(emul, rounds);
            emul_brute = std::max(emul_brute, r.program_rounds);
        } else {
            updown[r.program] = {rounds, r.program_rounds};
        }
    }
    const std::string disagree =
        why.empty() ? "a run did not end in its rounds, 3 steps a round (a finding)" : why;
    for (const claim_row& c : counted) {
        if (c.network != s.name) continue;
        if (c.id == "rsn-emul")
            out.push_back(beside(c,
                                 std::to_string(emul) + " rounds by the run, the worst J (brute " +
                                     "force: " + std::to_string(emul_brute) + ")",
                                 agrees, disagree));
        if (c.id == "rsn-ascend" && updown.size() == 2)
            out.push_back(beside(
                c,
                std::to_string(updown["ascend"].first) + " ascend, " +
                    std::to_string(updown["descend"].first) +
                    " descend by the run (brute force: " + std::to_string(updown["ascend"].second) +
                    ", " + std::to_string(updown["descend"].second) + ")",
                agrees, disagree));
    }
}

// The total exchange against Theorem 3 in the run's units: t_s = 2 steps, t_w = 1 step per flit,
// m = 1 flit per item.
void hdn_program_row(const network_runs::shape& s, const network_runs::run& r,
                     const network_run_result& result, std::vector<claim_row>& out) {
    const run_reading x = read_run(result, r.messages);
    const double paper = hdn_theorem_three(*s.hdn, s.nodes, kRunStartup, 1, 1);
    const double steps = static_cast<double>(x.completion + 1);
    const std::string measured =
        x.ok ? std::to_string(x.completion + 1) + " (last step " + std::to_string(x.completion) +
                   " + 1) by the run (the program's stage sum: " +
                   std::to_string(static_cast<long long>(r.program_steps)) + ")"
             : x.why;
    const bool agrees = x.ok && steps == r.program_steps;
    out.push_back(network_row(
        "hdn-te-run",
        "HDN Theorem 3 by the run: total exchange in (2^(k+1) - 2)(t_s + t_w m n_k/2) + 2^k "
        "T_0(m n_k/2), t_s = 2 steps (injection and link), t_w = 1 step per flit, m = 1 flit",
        s.name, std::to_string(static_cast<long long>(paper)), measured, agrees && steps == paper,
        agrees ? "the run ends at the program's stage sum; stage 3 carries n_k items, T_0's "
                 "argument is m n_k / n_0 (docs/networks.md, findings)"
               : "the run and the program's stage sum disagree (a finding)"));
}

}  // namespace

std::vector<claim_row> network_runs::rows(
    const std::vector<claim_row>& counted,
    const std::function<network_run_result(std::size_t)>& result_of) const {
    std::vector<claim_row> out;
    const std::string disagree = "the run and the brute force disagree (a finding)";
    for (const shape& s : shapes_) {
        const run& pairs_run = s.runs.front();
        const run_reading all = read_run(result_of(pairs_run.job), pairs_run.messages);
        // A shape whose diameter the counted rows do not have (HDNs the simulator runs) has its
        // own rows here.
        std::vector<claim_row> own;
        const bool known = std::any_of(counted.begin(), counted.end(), [&](const claim_row& c) {
            return c.network == s.name && is_diameter_row(c.id);
        });
        if (!known && s.hdn) dual_net_shape_claims(*s.hdn, 0, own);
        out.insert(out.end(), own.begin(), own.end());
        for (const claim_row& c : known ? counted : own) {
            if (c.network != s.name) continue;
            if (is_nodes_row(c.id)) {
                const std::string m = all.ok
                                          ? std::to_string(all.routers) + " routers by the run, " +
                                                std::to_string(pairs_run.messages) +
                                                " packets each delivered once (brute force: " +
                                                std::to_string(s.nodes) + ")"
                                          : all.why;
                out.push_back(beside(c, m, all.ok && all.routers == s.nodes, disagree));
            } else if (is_degree_row(c.id)) {
                const auto used = all.ok ? ports_used(s.packet_log, s.nodes) : std::nullopt;
                const std::string m =
                    used ? std::to_string(used->first) + ".." + std::to_string(used->second) +
                               " neighbours sent to by the run (brute force: " +
                               std::to_string(s.min_distinct) + ".." +
                               std::to_string(s.max_distinct) + " distinct neighbours)"
                    : all.ok ? "no packet log"
                             : all.why;
                out.push_back(beside(
                    c, m, used && used->first == s.min_distinct && used->second == s.max_distinct,
                    disagree));
            } else if (is_diameter_row(c.id)) {
                const std::string m =
                    all.ok ? "max hops " + std::to_string(all.max_hops) + ", mean " +
                                 fixed3(all.mean_hops) +
                                 " by the run (brute force: " + std::to_string(s.diameter) +
                                 ", average " + fixed3(s.average) + ")"
                           : all.why;
                const bool agrees = all.ok && all.max_hops == s.diameter &&
                                    std::abs(all.mean_hops - s.average) < 1e-9;
                out.push_back(beside(c, m, agrees, disagree));
            }
        }
        if (s.spec.topology == "rsn" && s.runs.size() > 1)
            rsn_program_rows(s, counted, result_of, out);
        for (const run& r : s.runs)
            if (r.program == "total-exchange") hdn_program_row(s, r, result_of(r.job), out);
    }
    return out;
}

}  // namespace d3
