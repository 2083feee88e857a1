// Traffic patterns, latency statistics, phases and the wait-cycle finder (plain C++).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/run/wait_cycle.h"
#include "core/traffic/latency.h"
#include "core/traffic/pattern.h"
#include "core/traffic/traffic.h"

namespace d3 {
namespace {

// bernoulli_below(r, bernoulli_threshold(p)) answers as bernoulli(r, p) for the same draw: at
// either side of the threshold and along a stream.
TEST(TrafficRng, BernoulliThresholdAnswersAsTheDoubleComparison) {
    for (const double p : {0.0, 1e-9, 0.075, 0.1, 0.3, 1.0 / 3, 0.5, 0.999999, 1.0}) {
        const std::uint64_t t = bernoulli_threshold(p);
        const auto by_double = [p](std::uint64_t x) {
            return static_cast<double>(x) * (1.0 / 9007199254740992.0) < p;
        };
        for (const std::uint64_t x :
             std::vector<std::uint64_t>{t - 2, t - 1, t, t + 1, 0, (1ull << 53) - 1})
            if (x < (1ull << 53)) {
                EXPECT_EQ(x < t, by_double(x)) << p << " " << x;
            }
        traffic_rng a(7), b(7);
        for (int i = 0; i < 1000; ++i) ASSERT_EQ(bernoulli_below(a, t), bernoulli(b, p)) << p;
    }
}

TEST(Pattern, PermutationIsABijectionFixedBySeed) {
    const topology t(2, 4);
    const pattern_generator a(t, traffic_pattern::permutation, 5, 0);
    const pattern_generator b(t, traffic_pattern::permutation, 5, 0);
    const pattern_generator c(t, traffic_pattern::permutation, 6, 0);
    traffic_rng r(1);
    std::set<router_id> image;
    bool differs = false;
    for (router_id s = 0; s < t.routers(); ++s) {
        image.insert(a.destination(s, r));
        EXPECT_EQ(a.destination(s, r), b.destination(s, r));
        differs = differs || a.destination(s, r) != c.destination(s, r);
    }
    EXPECT_EQ(image.size(), t.routers());
    EXPECT_TRUE(differs);
}

TEST(Pattern, DrawerToDrawerSendsAWholeDrawerToOneOtherDrawer) {
    const topology t(3, 4);
    const pattern_generator g(t, traffic_pattern::drawer_to_drawer, 1, 0);
    traffic_rng r(1);
    for (int c = 0; c < 3; ++c)
        for (int d = 0; d < 4; ++d) {
            std::set<std::pair<int, int>> drawers;
            std::set<router_id> dests;
            for (int p = 0; p < 4; ++p) {
                const coord x = t.at(g.destination(t.id({c, d, p}), r));
                drawers.insert({x.c, x.d});
                dests.insert(t.id(x));
            }
            ASSERT_EQ(drawers.size(), 1u);
            EXPECT_NE(*drawers.begin(), std::make_pair(c, d));
            EXPECT_EQ(dests.size(), 4u);
        }
}

TEST(Pattern, TransposeIsAnInvolution) {
    const topology t(3, 4);
    const pattern_generator g(t, traffic_pattern::transpose, 1, 0);
    traffic_rng r(1);
    for (router_id s = 0; s < t.routers(); ++s) {
        const coord x = t.at(s), y = t.at(g.destination(s, r));
        EXPECT_EQ(y, (coord{2 - x.c, x.p, x.d}));
        EXPECT_EQ(g.destination(g.destination(s, r), r), s);
    }
}

TEST(Pattern, UniformAndHotspotShares) {
    const topology t(2, 4);  // 32 routers
    const pattern_generator u(t, traffic_pattern::uniform, 1, 0);
    const pattern_generator h(t, traffic_pattern::hotspot, 1, 0.25);
    traffic_rng r(9);
    std::vector<int> uc(32, 0);
    int hot = 0;
    const int n = 64000;
    for (int i = 0; i < n; ++i) {
        ++uc[u.destination(3, r)];
        hot += h.destination(3, r) == 0;
    }
    for (int c : uc) EXPECT_NEAR(c, n / 32, n / 32 / 5);
    EXPECT_NEAR(static_cast<double>(hot) / n, 0.25 + 0.75 / 32, 0.01);
}

TEST(Latency, NearestRankPercentiles) {
    latency_stats s;
    EXPECT_EQ(s.percentile(0.5), 0u);
    for (int v = 100; v >= 1; --v) s.add(static_cast<std::uint64_t>(v));
    EXPECT_DOUBLE_EQ(s.mean(), 50.5);
    EXPECT_EQ(s.percentile(0.50), 50u);
    EXPECT_EQ(s.percentile(0.99), 99u);
    EXPECT_EQ(s.percentile(1.0), 100u);
    EXPECT_EQ(s.max(), 100u);
    s.add(1000);
    EXPECT_EQ(s.max(), 1000u);
    EXPECT_EQ(s.percentile(0.5), 51u);
    // Long latencies (kept apart from the short ones) rank after every short one.
    latency_stats l;
    for (std::uint64_t v : {5000u, 1024u, 3u, 1023u, 70000u, 1024u}) l.add(v);
    EXPECT_EQ(l.percentile(0.1), 3u);     // rank 1 of 3, 1023, 1024, 1024, 5000, 70000
    EXPECT_EQ(l.percentile(0.3), 1023u);  // rank 2
    EXPECT_EQ(l.percentile(0.45), 1024u);
    EXPECT_EQ(l.percentile(0.6), 1024u);
    EXPECT_EQ(l.percentile(0.8), 5000u);
    EXPECT_EQ(l.percentile(1.0), 70000u);
    EXPECT_EQ(l.max(), 70000u);
    EXPECT_DOUBLE_EQ(l.mean(), (5000 + 1024 + 3 + 1023 + 70000 + 1024) / 6.0);
}

TEST(TrafficOptions, RateMustBeInZeroOne) {
    traffic_options o;
    o.rate = 0;
    EXPECT_TRUE(o.validate());
    o.rate = 1.5;
    EXPECT_TRUE(o.validate());
    o.rate = 1;
    EXPECT_FALSE(o.validate());
    o.measure = 0;
    EXPECT_TRUE(o.validate());
}

// Creation stops the step after the last measured packet arrives (or at the drain limit).
TEST(TrafficState, PhasesAndDrain) {
    const topology t(1, 2);
    traffic_options o;
    o.warmup = 2;
    o.measure = 3;
    o.drain_limit = 10;
    traffic_state s(t, o);
    const header h = make_destination_header(3, t.at(1));
    s.created(1, 0, 1, h);                 // warm-up: not measured
    const auto p = s.created(3, 0, 1, h);  // measured
    EXPECT_FALSE(s.creation_over(4));
    EXPECT_FALSE(s.creation_over(5));  // measured packet still in flight
    s.delivered({0, h, p, 7, false, 1});
    EXPECT_FALSE(s.creation_over(7));
    EXPECT_TRUE(s.creation_over(8));
    const auto j = s.summary();
    EXPECT_EQ(j["latency"]["max"], 4);
    EXPECT_EQ(j["measured_created"], 1);
    EXPECT_EQ(j["hops"]["histogram"][1], 1);  // the one link it crossed
    traffic_state limited(t, o);
    limited.created(3, 0, 1, h);
    EXPECT_FALSE(limited.creation_over(14));
    EXPECT_TRUE(limited.creation_over(15));  // end of measurement 5 + drain limit 10
    // Never delivered: its path is walked. (0,0,0) -> (0,0,1): hold, global 0 swap, local 1.
    EXPECT_EQ(limited.summary()["hops"]["histogram"][1], 1);
}

// A traffic program only records what arrives (reaction::records, which lets the node
// skip the turnaround for each delivery): a delivery launches nothing at once and never makes the
// program unfinished where it was finished (here it ends the drain: the measured packets arrived).
TEST(TrafficProgram, OnlyRecordsDeliveries) {
    const topology t(2, 2);
    traffic_options o;
    o.warmup = 0;
    o.measure = 4;
    o.rate = 1.0;
    traffic_state s(t, o);
    traffic_program prog(s, 0);
    ASSERT_EQ(prog.reacts(), reaction::records);
    std::vector<launch> out;
    prog.launches(1, out);
    ASSERT_FALSE(out.empty());
    std::vector<bool> before;
    for (std::uint64_t step = 0; step < 20; ++step) before.push_back(prog.finished(step));
    for (const launch& l : out) prog.on_receive({0, l.hdr, l.payload, 3, false, 3});
    std::vector<launch> now;
    prog.immediate(3, now);
    EXPECT_TRUE(now.empty());
    int ended = 0;
    for (std::uint64_t step = 0; step < 20; ++step) {
        EXPECT_TRUE(!before[step] || prog.finished(step)) << step;
        ended += !before[step] && prog.finished(step);
    }
    EXPECT_GT(ended, 0);
}

// The node asks finished() only from unfinished_before() on: before it the program is unfinished
// whatever arrives, here until the end of measurement, where a drained run ends at once.
TEST(TrafficProgram, UnfinishedThroughTheMeasurement) {
    const topology t(2, 2);
    traffic_options o;
    o.warmup = 3;
    o.measure = 4;
    o.rate = 1.0;
    traffic_state s(t, o);
    traffic_program prog(s, 0);
    ASSERT_EQ(prog.unfinished_before(), 7u);
    for (std::uint64_t step = 0; step < prog.unfinished_before(); ++step)
        EXPECT_FALSE(prog.finished(step)) << step;
    EXPECT_TRUE(prog.finished(7));  // nothing measured was created: no drain
    std::vector<launch> out;
    prog.launches(4, out);  // measured packets: creation goes on until they arrive
    ASSERT_FALSE(out.empty());
    EXPECT_FALSE(prog.finished(7));
}

// A measured packet's hops are the links it crossed, counted once per packet whatever the order
// of arrival; the packets that never arrive count their path's hops (D3(2,2): from (0,0,0) to
// (0,1,1) local port 1 to (0,0,1), global port 0 to (0,1,0), local port 1: 3 links).
TEST(TrafficState, MeasuredHopsFromArrivalsAndFromPathsOfTheRest) {
    const topology t(2, 2);
    traffic_options o;
    o.warmup = 0;
    o.measure = 10;
    traffic_state s(t, o);
    const header far = make_destination_header(3, {0, 1, 1});
    std::vector<std::uint64_t> p;
    for (int i = 0; i < 4; ++i) p.push_back(s.created(1, 0, t.id({0, 1, 1}), far));
    s.delivered({0, far, p[2], 5, false, 4});  // out of order, with made-up hop counts
    s.delivered({0, far, p[0], 6, false, 0});
    s.delivered({0, far, p[0], 6, false, 3});  // a duplicate: not counted again
    s.delivered({0, far, p[1], 7, false, 1});
    const auto j = s.summary();  // p[3] never arrived: walked
    EXPECT_EQ(j["measured_created"], 4);
    EXPECT_EQ(j["measured_delivered"], 4);  // deliveries, the duplicate included
    EXPECT_EQ(j["hops"]["histogram"], (std::vector<int>{1, 1, 0, 1, 1, 0}));
    EXPECT_DOUBLE_EQ(j["hops"]["mean"].get<double>(), (4 + 0 + 1 + 3) / 4.0);
}

// Past saturation: a gain above five standard deviations of the difference of two looks at a
// steady backlog L, sqrt(2 L) each (Little's law gives L), or an undrained run.
TEST(TrafficState, PastSaturationIsAGainAboveFiveDeviationsOfTheBacklog) {
    EXPECT_FALSE(past_saturation(50, 50.0, true));  // 5 sqrt(100) = 50: not above
    EXPECT_TRUE(past_saturation(51, 50.0, true));
    EXPECT_FALSE(past_saturation(500, 5000.0, true));  // 5 sqrt(10000) = 500
    EXPECT_TRUE(past_saturation(501, 5000.0, true));
    EXPECT_FALSE(past_saturation(7, 0.0, true));  // no backlog counts as one: 5 sqrt(2) = 7.07
    EXPECT_TRUE(past_saturation(8, 0.0, true));
    EXPECT_FALSE(past_saturation(-1000, 10.0, true));  // the network emptied
    EXPECT_TRUE(past_saturation(0, 10.0, false));      // measured packets left at the limit
}

// The summary's gain is created - delivered inside the measurement window: D3(1,2), window
// steps 2..4. Packets created before the window and delivered in it lower the gain; packets
// delivered after it do not count.
TEST(TrafficState, BacklogGainCountsTheMeasurementWindowOnly) {
    const topology t(1, 2);
    traffic_options o;
    o.warmup = 2;
    o.measure = 3;
    o.concentration = 2;  // two packets of one source in step 4
    traffic_state s(t, o);
    const header h = make_destination_header(3, t.at(1));
    const auto before = s.created(1, 0, 1, h);  // warm-up
    std::vector<std::uint64_t> in;
    for (std::uint64_t step : {2, 3, 4, 4}) in.push_back(s.created(step, 0, 1, h));
    s.delivered({0, h, before, 2, false, 1});  // in the window
    s.delivered({0, h, in[0], 4, false, 1});   // in the window
    s.delivered({0, h, in[1], 5, false, 1});   // after it
    const auto j = s.summary();
    EXPECT_EQ(j["backlog_gain"], 4 - 2);
    // per terminal and step: D3(1,2) has 4 routers of 2 terminals, the window 3 steps
    EXPECT_DOUBLE_EQ(j["offered"].get<double>() - j["accepted"].get<double>(), 2.0 / (4 * 2 * 3));
}

// The gap between deliveries and the window's count, with deliveries sharing a step (most of a
// run's, which delivered() takes without working either out again) and a first one at step 0.
TEST(TrafficState, DeliveryGapAndWindowCountOverSharedSteps) {
    const topology t(1, 2);  // 4 routers, one terminal each
    traffic_options o;
    o.warmup = 2;
    o.measure = 3;  // the window: steps 2, 3 and 4
    const header h = make_destination_header(3, t.at(1));
    traffic_state s(t, o);
    const auto p = s.created(1, 0, 1, h);  // warm-up: not measured
    for (std::uint64_t step : {1, 3, 3, 4, 7, 7}) s.delivered({0, h, p, step, false, 1});
    auto j = s.summary();
    EXPECT_EQ(j["delivered"], 6);
    EXPECT_EQ(j["max_delivery_gap"], 3);                           // 4 -> 7
    EXPECT_DOUBLE_EQ(j["accepted"].get<double>(), 3.0 / (4 * 3));  // steps 3, 3 and 4
    traffic_state from0(t, o);
    for (std::uint64_t step : {0, 0, 2, 2}) from0.delivered({0, h, p, step, false, 1});
    j = from0.summary();
    EXPECT_EQ(j["max_delivery_gap"], 2);
    EXPECT_DOUBLE_EQ(j["accepted"].get<double>(), 2.0 / (4 * 3));
}

// Packets of several sizes: a long packet's tail can arrive after a short one's delivered later
// (its step is before the last delivery's). The gap is between the steps deliveries happen at,
// in step order: 1 -> 3 -> 5 here, so 2, not the step difference 3 - 5 wrapped round.
TEST(TrafficState, ADeliveryBeforeTheLastOneMakesNoGap) {
    const topology t(1, 2);
    traffic_options o;
    o.warmup = 0;
    o.measure = 10;
    const header h = make_destination_header(3, t.at(1));
    traffic_state s(t, o);
    const auto p = s.created(0, 0, 1, h);
    for (std::uint64_t step : {1, 5, 3, 5}) s.delivered({0, h, p, step, false, 1});
    const auto j = s.summary();
    EXPECT_EQ(j["delivered"], 4);
    EXPECT_EQ(j["max_delivery_gap"], 4);  // 1 -> 5, the later 3 inside it
}

// A run stopped early (the watchdog, the memory limit) has rates over the measured steps it ran:
// steps warmup..S of a stop in step S, none before the window, the whole window after it.
TEST(TrafficState, AStoppedRunsRatesAreOverTheStepsItMeasured) {
    const topology t(1, 2);  // 4 routers, one terminal each
    traffic_options o;
    o.warmup = 2;
    o.measure = 10;
    const header h = make_destination_header(3, t.at(1));
    traffic_state s(t, o);
    for (std::uint64_t step : {2, 3, 4, 4}) s.created(step, 0, 1, h);
    EXPECT_EQ(s.measured_steps(), 10u);
    EXPECT_FALSE(s.summary().contains("measured_steps"));  // a whole run keeps its keys
    s.stopped_at(4);                                       // steps 2, 3 and 4 measured
    EXPECT_EQ(s.measured_steps(), 3u);
    const auto j = s.summary();
    EXPECT_DOUBLE_EQ(j["offered"].get<double>(), 4.0 / (4 * 3));
    EXPECT_EQ(j["stopped_at_step"], 4);
    EXPECT_EQ(j["measured_steps"], 3);
    s.stopped_at(1);  // in the warm-up: no rate
    EXPECT_EQ(s.measured_steps(), 0u);
    EXPECT_TRUE(s.summary()["offered"].is_null());
    s.stopped_at(50);  // in the drain: the whole window
    EXPECT_EQ(s.measured_steps(), 10u);
}

// The wait-for graph as next[i] = the buffer i waits for, or -1.
std::vector<std::int64_t> cycle_of(const std::vector<std::int64_t>& next) {
    std::vector<wait_edge> edges;
    for (std::size_t i = 0; i < next.size(); ++i)
        if (next[i] >= 0) edges.push_back({static_cast<std::int64_t>(i), next[i]});
    std::reverse(edges.begin(), edges.end());  // any order
    return find_wait_cycle(edges);
}

TEST(WaitCycle, FindsTheCycleAndIgnoresTails) {
    EXPECT_TRUE(cycle_of({}).empty());
    EXPECT_TRUE(cycle_of({1, 2, -1}).empty());
    EXPECT_EQ(cycle_of({0}), (std::vector<std::int64_t>{0}));
    // 0 -> 1 -> 3 -> 5 -> 3; 2 -> 4 -> -1
    EXPECT_EQ(cycle_of({1, 3, 4, 5, -1, 3}), (std::vector<std::int64_t>{3, 5}));
    EXPECT_EQ(cycle_of({-1, 2, 3, 1}), (std::vector<std::int64_t>{1, 2, 3}));
}

TEST(WaitCycle, IdsNeedNotBeDense) {
    const std::int64_t big = 1'000'000'000'000;
    // big+7 -> 3 -> big -> big+7, and 1 -> 2 (2 waits for nothing)
    EXPECT_EQ(find_wait_cycle({{big, big + 7}, {1, 2}, {big + 7, 3}, {3, big}}),
              (std::vector<std::int64_t>{3, big, big + 7}));
    EXPECT_TRUE(find_wait_cycle({{big, big + 1}, {big + 1, big + 2}}).empty());
}

}  // namespace
}  // namespace d3

#include "core/traffic/rates.h"

namespace d3 {
namespace {

TEST(SweepRates, RangesAndLists) {
    const auto r = parse_rates("0.05:1.0:0.05");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->size(), 20u);
    EXPECT_DOUBLE_EQ(r->front(), 0.05);
    EXPECT_DOUBLE_EQ(r->back(), 1.0);
    EXPECT_DOUBLE_EQ((*r)[2], 0.15);
    EXPECT_EQ(parse_rates("0.1,0.5"), (std::vector<double>{0.1, 0.5}));
    EXPECT_FALSE(parse_rates("0:1:0.5"));  // 0 is not a rate
    EXPECT_FALSE(parse_rates("0.5:1.5:0.5"));
    EXPECT_FALSE(parse_rates("0.1:0.5"));
    EXPECT_FALSE(parse_rates("0.1:0.5:0"));
    EXPECT_FALSE(parse_rates("fast"));
    EXPECT_FALSE(parse_rates(""));
}

// What d3sim sweep says after "--rates: ": the reason, not the format.
TEST(SweepRates, RefusalsSayWhy) {
    const auto why = [](const std::string& s) {
        std::string w;
        EXPECT_FALSE(parse_rates(s, &w)) << s;
        return w;
    };
    EXPECT_EQ(why("0:1:0.5"), "rate 0 is not in (0, 1]");
    EXPECT_EQ(why("0.2,1.5"), "rate 1.5 is not in (0, 1]");
    EXPECT_EQ(why("0.1:1:1e-9"), "the step is too small: 900000001 points, at most 1000");
    EXPECT_EQ(why("0.1:1:1e-300"), "the step is too small: more than 10^15 points, at most 1000");
    EXPECT_EQ(why("0.1:0.5"), "must be FROM:TO:STEP, three numbers");
    EXPECT_EQ(why("0.1:0.5:0"), "the step must be above 0");
    EXPECT_EQ(why("0.5:0.1:0.1"), "TO is below FROM");
    EXPECT_EQ(why("0.1,fast"), "'fast' is not a number");
    EXPECT_EQ(why(""), "no rate given");
}

}  // namespace
}  // namespace d3
