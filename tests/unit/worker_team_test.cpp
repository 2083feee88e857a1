// The thread team of --threads: every phase runs each share once, on its own thread, and what a
// phase wrote is seen after it by the caller and by the next phase, whether the threads spun or
// slept between phases.
#include "core/run/worker_team.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>
#include <vector>

namespace d3 {
namespace {

TEST(WorkerTeam, EveryPhaseRunsEachShareOnceOnItsThread) {
    constexpr std::size_t kThreads = 3;
    std::vector<std::uint64_t> runs(kThreads, 0), sums(kThreads, 0);
    std::vector<std::thread::id> ids(kThreads);
    std::uint64_t phase = 0;  // written by the caller between phases, read in them
    worker_team team(kThreads, [&](std::size_t w) {
        ++runs[w];
        sums[w] += phase;
        ids[w] = std::this_thread::get_id();
    });
    EXPECT_EQ(team.threads(), kThreads);
    std::uint64_t expected = 0;
    for (phase = 1; phase <= 600; ++phase) {
        // Now and then longer than the spin between phases: the workers sleep and are woken.
        if (phase % 200 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        team.dispatch();
        expected += phase;
        for (std::size_t w = 0; w < kThreads; ++w) {
            ASSERT_EQ(runs[w], phase) << w;
            ASSERT_EQ(sums[w], expected) << w;
        }
    }
    EXPECT_EQ(ids[0], std::this_thread::get_id());
    EXPECT_EQ(std::set<std::thread::id>(ids.begin(), ids.end()).size(), kThreads);
}

TEST(WorkerTeam, OneThreadRunsOnTheCaller) {
    int runs = 0;
    worker_team team(1, [&](std::size_t w) { runs += w == 0 ? 1 : 100; });
    team.dispatch();
    team.dispatch();
    EXPECT_EQ(runs, 2);
}

}  // namespace
}  // namespace d3
