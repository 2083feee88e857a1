// d3sim --wave as a user runs it: the trace agrees with the JSON result, packets follow the
// topology, the .gtkw names only signals of the trace, scopes and the size warning work.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "trace/formats/gtkw.h"
#include "trace/formats/vcd_reader.h"
#include "trace_check.h"
#include "wave_sim_support.h"

namespace {

using d3::vcd_file;
using d3::test::gtkw_names;
using d3::test::outcome;
using d3::test::run;
using d3::test::scratch;
using d3::test::simulate;
using d3::test::traced_run;

void expect_paths_follow_topology(const traced_run& r, int k, int m, bool exact) {
    const d3::topology t(k, m);
    const auto all = d3::test::crossings(r.trace, t);
    std::uint64_t hops = 0;
    for (const auto& [id, path] : all) {
        hops += path.size();
        for (std::size_t i = 1; i < path.size(); ++i)
            ASSERT_LT(path[i - 1].step, path[i].step)
                << "packet " << id << " crossed twice in a step";
        ASSERT_EQ(path.front().bcast, 0u);
        const std::string why = d3::test::check_path(t, path, exact);
        ASSERT_EQ(why, "") << "packet " << id << " from router " << path.front().source << " to "
                           << path.front().dest << " (gamma " << path.front().gamma << ", pi "
                           << path.front().pi << ", delta " << path.front().delta << ")";
    }
    EXPECT_EQ(hops, r.result["hops"].get<std::uint64_t>());
}

TEST(WaveSim, ConflictPulsesMatchJsonAndGtkwOpensOnThem) {
    const auto r = simulate("a2a_none", "--k 2 --m 4 --primitive all-to-all --schedule none");
    const std::uint64_t conflicts = r.result["conflicts"];
    ASSERT_GT(conflicts, 0u);
    EXPECT_EQ(d3::test::conflict_steps(r.trace), conflicts);
    const auto counter = r.trace.find("d3.conflicts");
    ASSERT_TRUE(counter);
    EXPECT_EQ(r.trace.value_at(*counter, r.trace.end_time()), conflicts);
    EXPECT_EQ(r.trace.value_at(*r.trace.find("d3.rounds"), r.trace.end_time()),
              r.result["rounds"].get<std::uint64_t>());

    const auto names = gtkw_names(r.gtkw);
    ASSERT_FALSE(names.empty());
    for (const std::string& n : names) EXPECT_TRUE(r.trace.find(n)) << n << " is not in the trace";
    // The view shows conflicting links first, and its primary marker is the first conflict step.
    std::ifstream f(r.gtkw);
    const std::string text((std::istreambuf_iterator<char>(f)), {});
    const std::uint64_t first = r.result["first_conflicts"][0]["step"];
    EXPECT_NE(text.find("\n*"), std::string::npos);
    const auto star = text.find("\n*");
    std::istringstream markers(text.substr(star + 2));
    double zoom = 0;
    long long primary = -1, a = -1;
    markers >> zoom >> primary >> a;
    EXPECT_EQ(primary, static_cast<long long>(first));
    EXPECT_EQ(a, static_cast<long long>(first));
    EXPECT_NE(text.find("[markername] Astep " + std::to_string(first)), std::string::npos);
    const auto conflict_line = std::find_if(names.begin(), names.end(), [](const std::string& n) {
        return n.size() > 9 && n.compare(n.size() - 9, 9, ".conflict") == 0;
    });
    ASSERT_NE(conflict_line, names.end());
    const auto id = r.trace.find(*conflict_line);
    EXPECT_EQ(r.trace.value_at(*id, first), 1u) << *conflict_line;
}

TEST(WaveSim, PaperScheduleHasNoConflictPulses) {
    const auto r = simulate("a2a_paper", "--k 2 --m 4 --primitive all-to-all --schedule paper");
    EXPECT_EQ(r.result["conflicts"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(d3::test::conflict_steps(r.trace), 0u);
    for (const std::string& n : gtkw_names(r.gtkw)) EXPECT_TRUE(r.trace.find(n)) << n;
}

TEST(WaveSim, PacketsFollowTheTopologyOneHopPerStep) {
    expect_paths_follow_topology(simulate("paths_paper", "--k 2 --m 4 --schedule paper"), 2, 4,
                                 true);
    expect_paths_follow_topology(simulate("paths_none", "--k 2 --m 4 --schedule none"), 2, 4,
                                 false);
    expect_paths_follow_topology(simulate("paths_k3", "--k 3 --m 3 --schedule paper"), 3, 3, true);
}

TEST(WaveSim, DrawerScopeTracesOnlyThatDrawer) {
    const auto r = simulate("drawer", "--k 2 --m 4 --schedule none --wave-scope 0,1,*");
    std::set<std::string> routers;
    for (const auto& v : r.trace.vars()) {
        const auto p = v.path.find(".p");
        if (v.path.rfind("d3.c", 0) == 0 && p != std::string::npos)
            routers.insert(v.path.substr(0, v.path.find('.', p + 1)));
    }
    EXPECT_EQ(routers,
              (std::set<std::string>{"d3.c0.d1.p0", "d3.c0.d1.p1", "d3.c0.d1.p2", "d3.c0.d1.p3"}));
    // The global counter still counts every conflict of the network.
    EXPECT_EQ(r.trace.value_at(*r.trace.find("d3.conflicts"), r.trace.end_time()),
              r.result["conflicts"].get<std::uint64_t>());
    for (const std::string& n : gtkw_names(r.gtkw)) EXPECT_TRUE(r.trace.find(n)) << n;
}

TEST(WaveSim, ConflictsScopeKeepsOnlyConflictingLinks) {
    const auto r = simulate("conflicts_only", "--k 2 --m 4 --schedule none --wave-scope conflicts");
    EXPECT_EQ(d3::test::conflict_steps(r.trace), r.result["conflicts"].get<std::uint64_t>());
    std::size_t links = 0;
    for (std::size_t i = 0; i < r.trace.vars().size(); ++i) {
        const auto& path = r.trace.vars()[i].path;
        if (path.size() < 9 || path.compare(path.size() - 9, 9, ".conflict") != 0) continue;
        ++links;
        EXPECT_GT(r.trace.time_high(i), 0u) << path << " never conflicts";
    }
    EXPECT_GT(links, 0u);
    const auto full = simulate("conflicts_full", "--k 2 --m 4 --schedule none");
    EXPECT_LT(r.trace.vars().size(), full.trace.vars().size());
    for (const std::string& n : gtkw_names(r.gtkw)) EXPECT_TRUE(r.trace.find(n)) << n;
}

TEST(WaveSim, DecoderPortsAppearWithWaveDecoder) {
    const auto r = simulate("decoder", "--k 2 --m 4 --schedule paper --wave-decoder");
    const auto valid = r.trace.find("d3.c0.d0.p1.decoder.valid");
    const auto hdr = r.trace.find("d3.c0.d0.p1.decoder.hdr_i[45:0]");
    ASSERT_TRUE(valid && hdr);
    EXPECT_GT(r.trace.time_high(*valid), 0u);
    EXPECT_FALSE(r.trace.changes(*hdr).empty());
}

// The decoder's action and route are shown by name: act_o through x.act.txt, route (act_o * 256 +
// port_o) through x.route.txt, both in the conflict groups of the view.
TEST(WaveSim, DecoderActionsAndRoutesAreNamedInTheView) {
    const auto r = simulate("named", "--k 2 --m 4 --schedule none --wave-decoder");
    const std::string base = r.gtkw.substr(0, r.gtkw.size() - 5);
    const auto read_names = [](const std::string& path) {
        std::map<std::uint64_t, std::string> out;
        std::ifstream f(path);
        EXPECT_TRUE(f.good()) << path;
        std::string line;
        while (std::getline(f, line)) {
            if (line.empty() || line[0] == '#') continue;
            const auto sp = line.find(' ');
            out[std::stoull(line.substr(0, sp))] = line.substr(sp + 1);
        }
        return out;
    };
    // Independently: decoder.h's action codes, and the port names of the scopes (g<a>, l<pi>).
    const auto act = read_names(base + ".act.txt");
    EXPECT_EQ(act.at(0), "local");
    EXPECT_EQ(act.at(1), "global");
    EXPECT_EQ(act.at(2), "eject");
    EXPECT_EQ(act.at(3), "broadcast_local");
    EXPECT_EQ(act.at(4), "broadcast_global");
    const auto route = read_names(base + ".route.txt");
    EXPECT_EQ(route.at(0), "hold");
    for (int pi = 1; pi < 4; ++pi) EXPECT_EQ(route.at(pi), "l" + std::to_string(pi));
    for (int a = 0; a < 2; ++a) EXPECT_EQ(route.at(256 + a), "g" + std::to_string(a));
    EXPECT_EQ(route.at(512), "eject");
    EXPECT_EQ(route.count(4), 0u) << "D3(2,4) has no local port 4";

    // The view shows both, through their translate files.
    std::ifstream g(r.gtkw);
    const std::string view((std::istreambuf_iterator<char>(g)), {});
    EXPECT_NE(view.find(".act.txt\n[color] 3\nd3.c0.d0.p0.decoder.act_o[2:0]"), std::string::npos)
        << view;
    EXPECT_NE(view.find(".route.txt\n[color] 3\nd3.c0.d0.p0.decoder.route[10:0]"),
              std::string::npos);

    // route is act_o and port_o together, in every step of every router.
    std::size_t routers = 0;
    for (const char* at : {"c0.d0.p0", "c0.d1.p2", "c1.d3.p1"}) {
        const std::string p = std::string("d3.") + at + ".decoder.";
        const auto a = r.trace.find(p + "act_o[2:0]");
        const auto o = r.trace.find(p + "port_o[7:0]");
        const auto rt = r.trace.find(p + "route[10:0]");
        ASSERT_TRUE(a && o && rt) << at;
        const auto av = d3::test::per_step(r.trace, *a), ov = d3::test::per_step(r.trace, *o),
                   rv = d3::test::per_step(r.trace, *rt);
        for (std::size_t t = 0; t < rv.size(); ++t)
            ASSERT_EQ(rv[t], av[t] * 256 + ov[t]) << at << " step " << t;
        EXPECT_GT(r.trace.changes(*rt).size(), 4u) << at;
        ++routers;
    }
    EXPECT_EQ(routers, 3u);
}

// With several virtual channels each input port also shows its VCs: at every step of every port
// the VCs add up to the port's occupancy, and packets use more than the first VC. Returns the
// packet-steps counted in VCs other than `first`.
std::uint64_t expect_vcs_add_up(const traced_run& r, int k, int m, int vcs, int first) {
    std::uint64_t others = 0;
    std::size_t ports = 0;
    const d3::topology t(k, m);
    for (d3::router_id id = 0; id < t.routers(); ++id) {
        const d3::coord x = t.at(id);
        const std::string at = "d3.c" + std::to_string(x.c) + ".d" + std::to_string(x.d) + ".p" +
                               std::to_string(x.p) + ".";
        std::vector<std::string> names;
        for (int a = 0; a < k; ++a) names.push_back("g" + std::to_string(a));
        for (int pi = 1; pi < m; ++pi) names.push_back("l" + std::to_string(pi));
        for (const std::string& port : names) {
            const auto total = r.trace.find(at + port + ".in_occupancy[7:0]");
            EXPECT_TRUE(total) << at << port;
            if (!total) return 0;
            const auto sum = d3::test::per_step(r.trace, *total);
            std::vector<std::uint64_t> add(sum.size(), 0);
            for (int vc = 0; vc < vcs; ++vc) {
                const auto v =
                    r.trace.find(at + port + ".vc" + std::to_string(vc) + "_occupancy[7:0]");
                EXPECT_TRUE(v) << at << port << " vc " << vc;
                if (!v) return 0;
                const auto per = d3::test::per_step(r.trace, *v);
                for (std::size_t s = 0; s < per.size(); ++s) {
                    add[s] += per[s];
                    if (vc != first) others += per[s];
                }
            }
            EXPECT_EQ(add, sum) << at << port;
            ++ports;
        }
    }
    EXPECT_EQ(ports, static_cast<std::size_t>(t.routers()) * static_cast<std::size_t>(k + m - 1));
    return others;
}

// --vcs 3: b on arrival selects the VC. One VC: no per-VC signals.
TEST(WaveSim, VirtualChannelsAddUpToThePortOccupancy) {
    const auto r = simulate("vcs", "--k 2 --m 4 --schedule none --vcs 3");
    EXPECT_GT(expect_vcs_add_up(r, 2, 4, 3, 0), 0u);
    std::ifstream g(r.gtkw);
    const std::string view((std::istreambuf_iterator<char>(g)), {});
    EXPECT_NE(view.find("vc2_occupancy"), std::string::npos);

    const auto one = simulate("one_vc", "--k 2 --m 4 --schedule none");
    EXPECT_FALSE(one.trace.find("d3.c0.d0.p0.l1.vc0_occupancy[7:0]"));
}

// Pipeline units (core/router/pipeline.h): each packet spends R cycles in its router's route stage
// per visit (a visit ends in a hop, a hold or a delivery: a decode), and A and T cycles in the
// allocate and traverse stages per hop or delivery. Summed over the trace, the signals' areas are
// those counts times the cycles; and the view shows them beside the link.
TEST(WaveSim, PipelineUnitsHoldEachPacketForTheirCycles) {
    const auto r = simulate("pipeline", "--k 2 --m 4 --pipeline route,allocate:2,traverse");
    const std::uint64_t hops = r.result["hops"], holds = r.result["holds"],
                        delivered = r.result["delivered"];
    std::map<std::string, std::uint64_t> area;
    for (std::size_t v = 0; v < r.trace.vars().size(); ++v) {
        const std::string& path = r.trace.vars()[v].path;
        const std::size_t at = path.find(".pipeline.");
        if (at == std::string::npos) continue;
        const auto& ch = r.trace.changes(v);
        for (std::size_t i = 0; i < ch.size(); ++i) {
            const std::uint64_t end = i + 1 < ch.size() ? ch[i + 1].time : r.trace.end_time();
            area[path.substr(at + 10)] += ch[i].value * (end - ch[i].time);
        }
    }
    EXPECT_EQ(area["route"], 1 * (hops + holds + delivered));
    EXPECT_EQ(area["allocate"], 2 * (hops + delivered));
    EXPECT_EQ(area["traverse"], 1 * (hops + delivered));
    // A packet wins the switch the step after it was routed at the earliest (the first packets
    // routed at this router are held), and traverses after the allocate stage's two cycles.
    const auto route = r.trace.find("d3.c0.d0.p1.pipeline.route"),
               alloc = r.trace.find("d3.c0.d0.p1.pipeline.allocate"),
               trav = r.trace.find("d3.c0.d0.p1.pipeline.traverse");
    ASSERT_TRUE(route && alloc && trav);
    const auto first = [&](std::size_t v) {
        for (const auto& c : r.trace.changes(v))
            if (c.value != 0) return c.time;
        return std::uint64_t{0};
    };
    EXPECT_EQ(first(*route), 1u);
    EXPECT_GE(first(*alloc), first(*route) + 1);
    EXPECT_EQ(first(*trav), first(*alloc) + 2);
    std::ifstream g(r.gtkw);
    const std::string view((std::istreambuf_iterator<char>(g)), {});
    EXPECT_NE(view.find(".pipeline.allocate"), std::string::npos);
    // The paper's router has no pipeline signals.
    EXPECT_FALSE(simulate("no_pipeline", "--k 2 --m 2").trace.find("d3.c0.d0.p1.pipeline.route"));
}

// Synthetic traffic traced: the conflicts the links pulse are the JSON's, every packet's
// crossings add up to its hops, the view names only signals of the trace, and the run's figures
// are those of the same run without the waveform (an observer changes nothing).
TEST(WaveSim, TrafficRunsAreTracedWithTheirConflicts) {
    const std::string args = "--k 3 --m 4 --traffic uniform --rate 0.4 --warmup 50 --measure 100";
    const auto r = simulate("traffic", args + " --link-stats " + scratch("traffic_links.csv"));
    const std::uint64_t conflicts = r.result["conflicts"];
    ASSERT_GT(conflicts, 0u);
    EXPECT_EQ(d3::test::conflict_steps(r.trace), conflicts);
    EXPECT_EQ(r.trace.value_at(*r.trace.find("d3.conflicts"), r.trace.end_time()), conflicts);
    std::uint64_t hops = 0;
    for (const auto& [id, path] : d3::test::crossings(r.trace, d3::topology(3, 4)))
        hops += path.size();
    EXPECT_EQ(hops, r.result["hops"].get<std::uint64_t>());
    for (const std::string& n : gtkw_names(r.gtkw)) EXPECT_TRUE(r.trace.find(n)) << n;
    std::ifstream g(r.gtkw);
    const std::string view((std::istreambuf_iterator<char>(g)), {});
    EXPECT_NE(view.find("D3(3,4) traffic uniform rate 0.4, routing minimal"), std::string::npos);
    // The link statistics in front of the waveform see the same conflicts in the measurement
    // steps 50..149 (observer_chain): the CSV's last column against the links' conflict flags.
    std::ifstream csv(scratch("traffic_links.csv"));
    ASSERT_TRUE(csv.good());
    std::string line;
    std::getline(csv, line);  // the header
    std::uint64_t counted = 0;
    while (std::getline(csv, line)) counted += std::stoull(line.substr(line.rfind(',') + 1));
    EXPECT_GT(counted, 0u);
    EXPECT_EQ(counted, d3::test::conflict_steps_in(r.trace, 50, 150));

    const outcome plain = run(std::string(D3SIM) + " " + args + " -q --json -");
    ASSERT_EQ(plain.code, 0) << plain.err;
    nlohmann::json a = r.result, b = nlohmann::json::parse(plain.out);
    for (const char* key : {"wall_seconds", "elaboration_seconds", "peak_rss_kib",
                            "hops_per_second", "estimated_memory_mib", "config"}) {
        a.erase(key);
        b.erase(key);
    }
    EXPECT_EQ(a, b);
    // MDF's and a file network's traces: tests/wave/wave_names_test.cpp.
}

// The packet log and the partition counter sit in front of the waveform (observer_chain): every
// event they do not look at reaches it, the pipeline's stage probes too (before, both dropped
// them, and a --trace-packets or --subnetwork run's pipeline signals stayed 0).
TEST(WaveSim, ObserversInFrontOfTheWaveLoseNoEvent) {
    const std::string args = "--k 2 --m 4 --pipeline route,allocate:2,traverse";
    const auto alone = simulate("chain_alone", args);
    const auto logged =
        simulate("chain_logged", args + " --trace-packets " + scratch("chain_log.csv"));
    std::ifstream a(alone.vcd), b(logged.vcd);
    const std::string ta((std::istreambuf_iterator<char>(a)), {}),
        tb((std::istreambuf_iterator<char>(b)), {});
    ASSERT_FALSE(ta.empty());
    EXPECT_TRUE(ta == tb) << "the trace differs with the packet log in front of it";
    const auto route = logged.trace.find("d3.c0.d0.p1.pipeline.route");
    ASSERT_TRUE(route);
    EXPECT_FALSE(logged.trace.changes(*route).empty());
    std::uint64_t busy = 0;
    for (const auto& c : logged.trace.changes(*route)) busy += c.value;
    EXPECT_GT(busy, 0u);
    // The same with the partition counter in front: two subnetworks D3(1,4) of D3(2,4).
    const auto parts = simulate("chain_parts",
                                "--k 2 --m 4 --pipeline route --subnetwork cabinets=0 "
                                "--subnetwork cabinets=1");
    const auto probe = parts.trace.find("d3.c0.d0.p1.pipeline.route");
    ASSERT_TRUE(probe);
    std::uint64_t routed = 0;
    for (const auto& c : parts.trace.changes(*probe)) routed += c.value;
    EXPECT_GT(routed, 0u);
}

// Two service classes: each class has its own 5 VCs (channels 0-4 privileged, 5-9 standard); the
// standard background fills channels above 4 while the privileged all-to-all runs.
TEST(WaveSim, ServiceClassesShowTheirOwnChannels) {
    const auto r = simulate("classes",
                            "--k 2 --m 4 --service privileged --background uniform "
                            "--background-rate 0.3");
    EXPECT_TRUE(r.result["correct"].get<bool>());
    EXPECT_GT(expect_vcs_add_up(r, 2, 4, 10, 0), 0u);
    std::uint64_t above = 0;
    const d3::topology t(2, 4);
    for (d3::router_id id = 0; id < t.routers(); ++id)
        for (const char* port : {"l1", "l2", "l3", "g0", "g1"}) {
            const d3::coord x = t.at(id);
            const std::string at = "d3.c" + std::to_string(x.c) + ".d" + std::to_string(x.d) +
                                   ".p" + std::to_string(x.p) + "." + port;
            for (int vc = 5; vc < 10; ++vc)
                if (const auto s =
                        r.trace.find(at + ".vc" + std::to_string(vc) + "_occupancy[7:0]"))
                    for (std::uint64_t n : d3::test::per_step(r.trace, *s)) above += n;
        }
    EXPECT_GT(above, 0u) << "the standard background's channels";
}

// With --background the allocator counts the run's conflicts and the background's apart
// (switch_allocator::record_tagged): the counters end on the JSON figures of each.
TEST(WaveSim, FstTraceCarriesTheSameConflicts) {
    // Both are dependencies (tools/install-deps.sh): missing, the test fails and says why.
    ASSERT_FALSE(std::string(FST2VCD).empty()) << "fst2vcd (Debian gtkwave) is not installed";
    const std::string fst = scratch("a2a.fst");
    const std::string back = scratch("a2a_from_fst.vcd");
    const std::string json = scratch("a2a_fst.json");
    const outcome o = run(std::string(D3SIM) + " --k 2 --m 4 --schedule none -q --wave " + fst +
                          " --json " + json);
    ASSERT_EQ(o.code, 0) << o.err;
    ASSERT_EQ(run(std::string(FST2VCD) + " " + fst + " > " + back).code, 0);
    std::ifstream jf(json);
    const auto result = nlohmann::json::parse(jf);
    const vcd_file v = vcd_file::load(back);
    EXPECT_EQ(d3::test::conflict_steps(v), result["conflicts"].get<std::uint64_t>());
    for (const std::string& n : gtkw_names(scratch("a2a.fst.gtkw"))) EXPECT_TRUE(v.find(n)) << n;
}

TEST(WaveSim, WarnsWithTheExpectedSizeOverTheLimit) {
    const auto r = simulate("limited", "--k 2 --m 4 --schedule none --wave-limit 10k");
    EXPECT_NE(r.err.find("warning: the waveform"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("will be about"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--wave-scope"), std::string::npos) << r.err;
    const auto quiet = simulate("unlimited", "--k 2 --m 4 --schedule none");
    EXPECT_EQ(quiet.err.find("warning"), std::string::npos) << quiet.err;
    // --check says it too, with the run's own line, for a primitive and for traffic.
    const std::string first = r.err.substr(0, r.err.find('\n') + 1);
    for (const char* args : {"--k 2 --m 4 --schedule none", "--k 2 --m 4 --traffic uniform"}) {
        const outcome c = run(std::string(D3SIM) + " " + args + " --wave " + scratch("c.vcd") +
                              " --wave-limit 10k --check -q");
        EXPECT_EQ(c.code, 0) << args;
        EXPECT_NE(c.err.find("d3sim: warning: the waveform "), std::string::npos) << args;
        if (std::string(args).find("traffic") == std::string::npos) {
            EXPECT_EQ(c.err.substr(c.err.find("will be")), first.substr(first.find("will be")));
        }
    }
}

TEST(WaveSim, BadWaveOptionsAreOneLineErrors) {
    for (const char* args :
         {"--wave-scope 0,9,*", "--wave-scope 0,1", "--wave-limit lots", "--wave-scope ''"}) {
        const outcome o =
            run(std::string(D3SIM) + " --k 2 --m 4 --wave " + scratch("bad.vcd ") + args);
        EXPECT_EQ(o.code, 2) << args << ": " << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    }
    // A trace named for neither format (its view would be another trace's, x.txt -> x.gtkw).
    for (const char* name : {"x.txt", "x.gtkw", "x"}) {
        const outcome o = run(std::string(D3SIM) + " --k 2 --m 4 --check --wave " + scratch(name));
        EXPECT_EQ(o.code, 2) << name;
        EXPECT_NE(o.err.find("--wave must end in .vcd or .fst"), std::string::npos) << o.err;
    }
}

TEST(WaveSim, TracedK4M4StaysFast) {
    const auto r = simulate("k4m4", "--k 4 --m 4 --schedule none");
    const double seconds =
        r.result["wall_seconds"].get<double>() + r.result["elaboration_seconds"].get<double>();
    EXPECT_LT(seconds, 1.0) << "a traced D3(4,4) all-to-all took " << seconds << " s";
    EXPECT_EQ(d3::test::conflict_steps(r.trace), r.result["conflicts"].get<std::uint64_t>());
}

}  // namespace
