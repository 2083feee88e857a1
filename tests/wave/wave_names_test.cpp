// Waves of the networks other than D3 (issue 48 item 5): MDF and a network given as a file are
// traced with their own names (MDF's group and router, the file's router names and port
// numbers), never D3's (c, d, p). The names are written out here from each network's definition,
// not taken from the model, and every hop of the run shows as one busy step of a link.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

#include "trace/formats/vcd_reader.h"
#include "trace_check.h"
#include "wave_sim_support.h"

namespace {

using d3::test::outcome;
using d3::test::run;
using d3::test::scratch;
using d3::test::simulate;
using d3::test::traced_run;

/// Busy steps over every link whose scope begins with "d3.": one per hop of a one-flit packet.
std::uint64_t busy_steps(const d3::vcd_file& v) {
    std::uint64_t n = 0;
    const std::string tail = ".busy";
    for (std::size_t i = 0; i < v.vars().size(); ++i) {
        const std::string& p = v.vars()[i].path;
        if (p.size() > tail.size() && p.compare(p.size() - tail.size(), tail.size(), tail) == 0)
            for (std::uint64_t on : d3::test::per_step(v, i)) n += on;
    }
    return n;
}

bool has_d3_coordinates(const d3::vcd_file& v) {
    for (const auto& var : v.vars())
        if (var.path.find(".c0.") != std::string::npos ||
            var.path.find(".d0.") != std::string::npos)
            return true;
    return false;
}

std::string read(const std::string& path) {
    std::ifstream f(path);
    return std::string((std::istreambuf_iterator<char>(f)), {});
}

// MDF(2,4): K M + 1 = 9 groups of 4 routers, each with global ports g0, g1 and local l1..l3.
TEST(WaveNames, MdfRoutersAreGroupsAndRouters) {
    const traced_run r =
        simulate("names_mdf",
                 "--topology mdf --k 2 --m 4 --traffic uniform --rate 0.3 --warmup 20 "
                 "--measure 20");
    for (int g = 0; g < 9; ++g)
        for (int x = 0; x < 4; ++x)
            for (const char* port : {"g0", "g1", "l1", "l2", "l3"}) {
                const std::string name =
                    "d3.g" + std::to_string(g) + ".r" + std::to_string(x) + "." + port + ".busy";
                EXPECT_TRUE(r.trace.find(name)) << name;
            }
    EXPECT_FALSE(has_d3_coordinates(r.trace));
    EXPECT_GT(r.result["hops"].get<std::uint64_t>(), 0u);
    EXPECT_EQ(busy_steps(r.trace), r.result["hops"].get<std::uint64_t>());
    // The view's translate file names router id i as group i / 4, router i % 4.
    const std::string names = read(scratch("names_mdf.routers.txt"));
    for (int id = 0; id < 36; ++id) {
        const std::string line = "\n" + std::to_string(id) + " g" + std::to_string(id / 4) + ".r" +
                                 std::to_string(id % 4) + "\n";
        EXPECT_NE(names.find(line), std::string::npos) << line;
    }
}

// The paper's all-to-all on MDF(2,4) (source vectors) is traced under the same names.
TEST(WaveNames, MdfPrimitiveIsTracedToo) {
    const traced_run r =
        simulate("names_mdf_a2a", "--topology mdf --k 2 --m 4 --primitive all-to-all");
    EXPECT_TRUE(r.trace.find("d3.g8.r3.g1.busy"));
    EXPECT_FALSE(has_d3_coordinates(r.trace));
    EXPECT_EQ(busy_steps(r.trace), r.result["hops"].get<std::uint64_t>());
}

// A triangle with named routers: the scopes are the names, the ports port0 and port1.
TEST(WaveNames, FileNetworkRoutersKeepTheFilesNames) {
    const std::string net = scratch("triangle.net");
    std::ofstream(net) << "routers 3\nlink 0 0 1 0\nlink 1 1 2 0\nlink 2 1 0 1\n"
                          "name 0 north\nname 1 east_1\nname 2 west\n";
    const traced_run r = simulate("names_file", "--topology file:" + net +
                                                    " --traffic uniform --rate 0.3 --warmup 20 "
                                                    "--measure 20");
    for (const char* router : {"north", "east_1", "west"})
        for (const char* port : {"port0", "port1"}) {
            const std::string name = std::string("d3.") + router + "." + port + ".busy";
            EXPECT_TRUE(r.trace.find(name)) << name;
        }
    EXPECT_FALSE(has_d3_coordinates(r.trace));
    EXPECT_EQ(busy_steps(r.trace), r.result["hops"].get<std::uint64_t>());
    const std::string names = read(scratch("names_file.routers.txt"));
    EXPECT_NE(names.find("\n0 north\n1 east_1\n2 west\n"), std::string::npos) << names;
}

// --wave-scope takes MDF's g,r (one group here) and refuses D3's c,d,p with one line.
TEST(WaveNames, MdfScopeTakesGroupAndRouter) {
    const traced_run r = simulate("names_mdf_scope",
                                  "--topology mdf --k 2 --m 4 --traffic uniform --rate 0.3 "
                                  "--warmup 10 --measure 10 --wave-scope 1,*");
    for (const auto& var : r.trace.vars()) {
        if (var.path.find(".busy") == std::string::npos) continue;
        EXPECT_EQ(var.path.rfind("d3.g1.", 0), 0u) << var.path;
    }
    EXPECT_TRUE(r.trace.find("d3.g1.r3.l3.busy"));
    const outcome bad =
        run(std::string(D3SIM) + " --topology mdf --k 2 --m 4 --traffic uniform --wave " +
            scratch("bad.vcd") + " --wave-scope 0,0,0");
    EXPECT_EQ(bad.code, 2);
    EXPECT_EQ(bad.err,
              "d3sim: error: --wave-scope: '0,0,0' is not all, conflicts or g,r with each field a "
              "number, a range a-b or * (groups 0..8, routers 0..3)\n");
    // The packet log's router patterns are the same (before, MDF's went unchecked and logged all).
    const outcome log =
        run(std::string(D3SIM) + " --topology mdf --k 2 --m 4 --traffic uniform --trace-packets " +
            scratch("bad.csv") + " --trace-routers 0,0,0");
    EXPECT_EQ(log.code, 2);
    EXPECT_NE(log.err.find("--trace-routers: --wave-scope: '0,0,0' is not all, conflicts or g,r"),
              std::string::npos)
        << log.err;
}

}  // namespace
