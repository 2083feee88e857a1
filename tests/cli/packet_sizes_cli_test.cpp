// --packet-sizes (issue 46 item 3; docs/multi-flit.md) as a user runs it: packets of 1 and 8
// flits in equal shares on D3(2,4) at almost no load, where each packet's latency is the
// zero-load formula for its own size (T0(1) + F - 1: 4 or 11 steps with one-cycle links), the
// offered flits are the --rate asked for, and every flit is accounted for; the design-space
// router moves them too; a result reruns; bad input is one line and exit 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli/d3sim_cli.h"
#include "support/read_file.h"

namespace d3 {
namespace {

using test::expect_bad_input;
using test::read_all;
using test::run_d3sim;
using test::write_temp;

std::string unique(const std::string& name) {
    return test::unique_name("d3_packet_sizes", name);
}

nlohmann::json run_json(const std::string& args, const std::string& name) {
    const std::string json = write_temp(unique(name), "");
    const auto r = run_d3sim(args + " --json " + json + " -q");
    EXPECT_EQ(r.code, 0) << r.err;
    return nlohmann::json::parse(read_all(json));
}

const std::string kRun =
    "--k 2 --m 4 --traffic uniform --warmup 100 --buffer-depth 16 "
    "--packet-sizes 1:0.5,8:0.5";

TEST(PacketSizesCli, EachPacketTakesTheZeroLoadLatencyOfItsOwnSize) {
    const auto j = run_json(kRun + " --rate 0.01 --measure 20000", "zero_load.json");
    EXPECT_TRUE(j["correct"].get<bool>());
    const auto& t = j["traffic"];
    EXPECT_EQ(t["packet_length"], 8);  // the network is built for the largest
    EXPECT_EQ(t["delivered"], t["created"]);
    // Latency: 4 steps (one flit) or 4 + 7 (eight), each about half of the packets; a few met
    // another packet and took longer.
    double at4 = 0, at11 = 0, all = 0;
    for (const auto& bin : t["latency"]["histogram"]) {
        const double n = bin[1].get<double>();
        all += n;
        if (bin[0] == 4) at4 += n;
        if (bin[0] == 11) at11 += n;
    }
    ASSERT_GT(all, 1000);
    EXPECT_GT((at4 + at11) / all, 0.97);
    EXPECT_NEAR(at4 / all, 0.5, 0.06);
    EXPECT_NEAR(at11 / all, 0.5, 0.06);
    // --rate counts flits: packets at rate / 4.5, flits at the rate.
    EXPECT_NEAR(t["offered_flits"].get<double>(), 0.01, 0.0015);
    EXPECT_NEAR(t["offered"].get<double>(), 0.01 / 4.5, 0.0004);
    const auto& sizes = t["packet_sizes"];
    EXPECT_EQ(sizes["given"], "1:0.5,8:0.5");
    EXPECT_DOUBLE_EQ(sizes["mean_flits"].get<double>(), 4.5);
    EXPECT_EQ(sizes["flits_created"], sizes["flits_delivered"]);
    EXPECT_EQ(t["flits"]["injected"], sizes["flits_created"]);  // the routers' count, the same
    EXPECT_EQ(t["flits"]["link_sent"], t["flits"]["link_freed"]);
}

TEST(PacketSizesCli, LoadedRunsConserveEveryFlitInBothRouters) {
    for (const std::string router : {"", " --flow-control wormhole --vcs 2"}) {
        const auto j = run_json(
            "--k 2 --m 4 --traffic uniform --warmup 100 --measure 400 --buffer-depth 16 "
            "--packet-sizes 2:1,5:2,8:1 --rate 0.4" +
                router,
            "loaded.json");
        EXPECT_TRUE(j["correct"].get<bool>()) << router;
        const auto& t = j["traffic"];
        EXPECT_EQ(t["delivered"], t["created"]) << router;
        EXPECT_EQ(t["packet_sizes"]["flits_created"], t["packet_sizes"]["flits_delivered"]);
        EXPECT_DOUBLE_EQ(t["packet_sizes"]["mean_flits"].get<double>(), 5.0);  // 2/4+10/4+8/4
    }
}

TEST(PacketSizesCli, AResultRerunsToTheSameFigures) {
    const auto first = run_json(kRun + " --rate 0.05 --measure 300", "first.json");
    EXPECT_EQ(first["config"]["router"]["flow_control"]["packet_sizes"], "1:0.5,8:0.5");
    const std::string saved = write_temp(unique("saved.json"), first.dump());
    const auto again = run_json("--config " + saved, "again.json");
    EXPECT_EQ(again["traffic"]["latency"], first["traffic"]["latency"]);
    EXPECT_EQ(again["traffic"]["packet_sizes"], first["traffic"]["packet_sizes"]);
}

TEST(PacketSizesCli, BadInputIsOneLineAndExit2) {
    const std::string run = "--k 2 --m 4 --traffic uniform --rate 0.1 ";
    expect_bad_input(run + "--packet-sizes 1:0.5,x", "is not SIZE:SHARE");
    expect_bad_input(run + "--packet-sizes 0:1", "outside 1..64");
    expect_bad_input(run + "--packet-sizes 1:1,1:2", "given twice");
    expect_bad_input(run + "--packet-sizes 1:1,8:1 --packet-length 4", "disagree");
    expect_bad_input("--k 2 --m 4 --primitive all-to-all --packet-sizes 1:1,8:1",
                     "needs --traffic");
    expect_bad_input(run + "--packet-sizes 1:1,8:1 --request-reply", "--request-reply");
}

}  // namespace
}  // namespace d3
