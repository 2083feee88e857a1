// The waveform's whole-network counters against the JSON result of the same run: d3.rounds for
// every primitive, d3.conflicts and d3.background_conflicts with a background.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "wave_sim_support.h"

namespace {

using d3::test::gtkw_names;
using d3::test::simulate;

// A round is a step in which the node programs launch their own packets: not the background's,
// not the answers to deliveries (the all-to-one's replies, the matrix product's second phase).
TEST(WaveSim, RoundsCounterEndsAtTheJsonRoundsForEveryPrimitive) {
    for (const char* args :
         {"broadcast", "one-to-all", "all-to-one", "all-to-one --turnaround next-step",
          "all-to-all", "all-to-all --schedule none", "all-to-all --protocol 2", "permutation",
          "glgl-one-to-all", "broadcast-trees", "hypercube-exchange", "hypercube-allreduce",
          "vector-matrix", "matrix-product", "transpose --k 4",
          "all-to-all --background uniform --background-rate 0.3"}) {
        const std::string a = args;
        const std::string k = a.find("--k") == std::string::npos ? " --k 2" : "";
        const auto r = simulate("rounds", "--m 4 --primitive " + a + k);
        const auto rounds = r.trace.find("d3.rounds");
        ASSERT_TRUE(rounds) << args;
        EXPECT_EQ(r.trace.value_at(*rounds, r.trace.end_time()),
                  r.result["rounds"].get<std::uint64_t>())
            << args;
    }
}

TEST(WaveSim, BackgroundConflictCountersMatchJson) {
    for (const char* service : {"standard", "privileged"}) {
        const auto r = simulate(std::string("bg_") + service,
                                std::string("--k 2 --m 4 --primitive all-to-all --service ") +
                                    service + " --background uniform --background-rate 0.3");
        const std::uint64_t own = r.result["conflicts"];
        const std::uint64_t bg = r.result["background"]["conflicts"];
        EXPECT_GT(bg, 0u) << service;
        const auto counter = r.trace.find("d3.conflicts");
        ASSERT_TRUE(counter) << service;
        EXPECT_EQ(r.trace.value_at(*counter, r.trace.end_time()), own) << service;
        const auto bg_counter = r.trace.find("d3.background_conflicts");
        ASSERT_TRUE(bg_counter) << service;
        EXPECT_EQ(r.trace.value_at(*bg_counter, r.trace.end_time()), bg) << service;
        const auto names = gtkw_names(r.gtkw);
        EXPECT_NE(std::find(names.begin(), names.end(), "d3.background_conflicts[31:0]"),
                  names.end());
    }
    const auto plain = simulate("bg_none", "--k 2 --m 4 --primitive all-to-all --schedule none");
    EXPECT_FALSE(plain.trace.find("d3.background_conflicts"));
}

}  // namespace
