// d3sim --wave on a design-space router (core/vc_router): its VC owners and the flits its inputs
// send per step are in the trace and the view, the conflicts counter ends at the JSON's, input
// speedup shows in input_flits; a paper router's trace has none of these signals.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

#include "trace_check.h"
#include "wave_sim_support.h"

namespace {

using d3::test::gtkw_names;
using d3::test::simulate;
using d3::test::traced_run;

const std::string kDesign =
    "--k 2 --m 4 --traffic uniform --packet-length 4 --vcs 2 --warmup 20 "
    "--measure 40 --sw-allocator separable-input-first --vc-allocator separable-input-first "
    "--flow-control wormhole";

std::string text_of(const std::string& path) {
    std::ifstream f(path);
    return std::string((std::istreambuf_iterator<char>(f)), {});
}

// The largest value of every signal whose path contains `part`, and how many changes they have.
struct seen {
    std::uint64_t most = 0, changes = 0, signals = 0;
};
seen signals_with(const traced_run& r, const std::string& part) {
    seen s;
    for (std::size_t v = 0; v < r.trace.vars().size(); ++v) {
        if (r.trace.vars()[v].path.find(part) == std::string::npos) continue;
        ++s.signals;
        for (const auto& c : r.trace.changes(v)) {
            s.most = std::max(s.most, c.value);
            if (c.value != 0) ++s.changes;
        }
    }
    return s;
}

TEST(WaveSim, DesignSpaceRouterShowsItsVcOwnersAndInputFlits) {
    const auto r = simulate("design", kDesign + " --rate 0.3 --input-speedup 1");
    // Per router: every output's VCs (links, hold, the node's ejection), every input's flits.
    for (const char* name : {"d3.c0.d0.p0.vc_owner.g0_vc0", "d3.c0.d0.p0.vc_owner.l3_vc1",
                             "d3.c0.d0.p0.vc_owner.hold_vc0", "d3.c0.d0.p0.vc_owner.node_vc1",
                             "d3.c0.d0.p0.input_flits.g1", "d3.c0.d0.p0.input_flits.l1",
                             "d3.c0.d0.p0.input_flits.hold", "d3.c0.d0.p0.input_flits.node"})
        EXPECT_TRUE(r.trace.find(name)) << name;
    const std::string vcd = text_of(r.vcd);
    EXPECT_NE(vcd.find("$scope module vc_owner $end"), std::string::npos);
    EXPECT_NE(vcd.find("$scope module input_flits $end"), std::string::npos);
    // 5 link ports + hold + node: 7 outputs x 2 VCs and 7 inputs per router, 32 routers.
    EXPECT_EQ(signals_with(r, ".vc_owner.").signals, 32u * 14u);
    EXPECT_EQ(signals_with(r, ".input_flits.").signals, 32u * 7u);
    // Owners come and go (1 + input x 2 + vc: at most 14); one flit per input and step.
    const seen owners = signals_with(r, ".vc_owner.");
    EXPECT_GT(owners.changes, 0u);
    EXPECT_LE(owners.most, 14u);
    const seen flits = signals_with(r, ".input_flits.");
    EXPECT_GT(flits.changes, 0u);
    EXPECT_EQ(flits.most, 1u);
    // The counter ends at the JSON's conflicts (the hold and ejection ports' too), the links'
    // flags show the link conflicts among them.
    const std::uint64_t conflicts = r.result["conflicts"];
    ASSERT_GT(conflicts, 0u);
    EXPECT_EQ(r.trace.value_at(*r.trace.find("d3.conflicts"), r.trace.end_time()), conflicts);
    EXPECT_GT(d3::test::conflict_steps(r.trace), 0u);
    EXPECT_LE(d3::test::conflict_steps(r.trace), conflicts);
    // The view names only signals of the trace, shows the owners of its links' VCs by name and
    // the flits leaving the buffers beside them.
    for (const std::string& n : gtkw_names(r.gtkw)) EXPECT_TRUE(r.trace.find(n)) << n;
    const std::string view = text_of(r.gtkw);
    EXPECT_NE(view.find(".vc_owner."), std::string::npos);
    EXPECT_NE(view.find(".input_flits."), std::string::npos);
    const std::string names = text_of(r.gtkw.substr(0, r.gtkw.size() - 5) + ".vc_owner.txt");
    EXPECT_NE(names.find("0 free\n"), std::string::npos);
    EXPECT_NE(names.find("1 g0.vc0\n"), std::string::npos);
    EXPECT_NE(names.find("hold.vc1\n"), std::string::npos);
}

TEST(WaveSim, DesignSpaceInputSpeedupShowsInInputFlits) {
    const auto r = simulate("design_speedup", kDesign + " --rate 0.5 --input-speedup 2");
    EXPECT_EQ(signals_with(r, ".input_flits.").most, 2u);
    EXPECT_EQ(r.trace.value_at(*r.trace.find("d3.conflicts"), r.trace.end_time()),
              r.result["conflicts"].get<std::uint64_t>());
}

TEST(WaveSim, PaperRouterTraceHasNoDesignSignals) {
    const auto r = simulate("paper_traffic",
                            "--k 2 --m 4 --traffic uniform --rate 0.3 --warmup 20 --measure 40");
    const std::string vcd = text_of(r.vcd), view = text_of(r.gtkw);
    for (const char* part : {"vc_owner", "input_flits"}) {
        EXPECT_EQ(vcd.find(part), std::string::npos) << part;
        EXPECT_EQ(view.find(part), std::string::npos) << part;
    }
    EXPECT_FALSE(std::ifstream(r.gtkw.substr(0, r.gtkw.size() - 5) + ".vc_owner.txt").good());
}

}  // namespace
