#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "core/run/ledger.h"
#include "core/workload/workload.h"

namespace d3 {
namespace {

// A unicast message from src to dst, launched with the source vector that takes it there.
std::uint64_t launch_unicast(ledger& l, const topology& t, const coord& src, const coord& dst) {
    return l.launch(t.id(src), make_source_vector_header(false, 3, t.vector_to(src, dst)));
}

TEST(Ledger, UnicastExactlyOnce) {
    const topology t(2, 4);
    ledger l(t);
    const coord src{0, 1, 2};
    const coord dst{1, 3, 0};
    const auto msg = launch_unicast(l, t, src, dst);
    EXPECT_EQ(l.summarize().lost, 1u);
    EXPECT_EQ(l.deliver(msg, t.id({0, 0, 0})), ledger::receipt::misrouted);
    EXPECT_EQ(l.deliver(msg, t.id(dst)), ledger::receipt::ok);
    EXPECT_EQ(l.deliver(msg, t.id(dst)), ledger::receipt::duplicate);
    EXPECT_EQ(l.deliver(99, t.id(dst)), ledger::receipt::unknown);
    const auto s = l.summarize();
    EXPECT_EQ(s.injected, 1u);
    EXPECT_EQ(s.delivered, 1u);
    EXPECT_EQ(s.lost, 0u);
    EXPECT_EQ(s.duplicated, 1u);
    EXPECT_EQ(s.misrouted, 1u);
    EXPECT_FALSE(s.correct());
    // Pair counts include the duplicate, so a primitive-level check sees it too.
    ledger::pair_list pairs;
    l.pairs().from(t.id(src), pairs);
    EXPECT_EQ(pairs, (ledger::pair_list{{t.id(dst), 2u}}));
    l.pairs().from(t.id(dst), pairs);
    EXPECT_TRUE(pairs.empty());
}

// --threads: a first copy counted apart (a share's count, node::deliver_staged) is delivered as
// deliver() delivers it once the count is added; a copy that is not a first one at its
// destination is left alone, for deliver() to tell what it is.
TEST(Ledger, AFirstCopyCountedApartIsDeliveredOnceAdded) {
    const topology t(2, 4);
    ledger l(t);
    const coord src{0, 1, 2};
    const coord dst{1, 3, 0};
    const auto msg = launch_unicast(l, t, src, dst);
    std::uint64_t apart = 0;
    EXPECT_FALSE(l.deliver_first_copy(msg, t.id(src), apart));  // not its destination
    EXPECT_TRUE(l.deliver_first_copy(msg, t.id(dst), apart));
    EXPECT_FALSE(l.deliver_first_copy(msg, t.id(dst), apart));      // a second copy
    EXPECT_FALSE(l.deliver_first_copy(msg + 1, t.id(dst), apart));  // never launched
    EXPECT_EQ(apart, 1u);
    EXPECT_EQ(l.summarize().delivered, 0u);
    l.add_delivered(apart);
    EXPECT_EQ(l.deliver(msg, t.id(dst)), ledger::receipt::duplicate);
    const auto s = l.summarize();
    EXPECT_EQ(s.delivered, 1u);
    EXPECT_EQ(s.lost, 0u);
    EXPECT_EQ(s.duplicated, 1u);
}

TEST(Ledger, ADroppedMessageIsExpectedNowhere) {
    const topology t(2, 4);
    ledger l(t);
    const coord src{0, 1, 2}, dst{1, 3, 0};
    const auto kept = launch_unicast(l, t, src, dst);
    const auto taken = launch_unicast(l, t, src, dst);
    const auto delivered = launch_unicast(l, t, src, dst);
    EXPECT_EQ(l.deliver(delivered, t.id(dst)), ledger::receipt::ok);
    EXPECT_FALSE(l.drop(delivered));  // delivered already: not taken by a failure
    EXPECT_TRUE(l.drop(taken));
    EXPECT_FALSE(l.drop(taken));  // once
    EXPECT_FALSE(l.drop(99));
    EXPECT_EQ(l.deliver(kept, t.id(dst)), ledger::receipt::ok);
    ledger::summary s = l.summarize();
    EXPECT_EQ(s.injected, 3u);
    EXPECT_EQ(s.dropped, 1u);
    EXPECT_EQ(s.expected, 2u);
    EXPECT_EQ(s.lost, 0u);
    EXPECT_TRUE(s.correct());
    // Its pair counts nothing: the source's pairs are the two delivered.
    ledger::pair_list pairs;
    l.pairs().from(t.id(src), pairs);
    EXPECT_EQ(pairs, (ledger::pair_list{{t.id(dst), 2u}}));
    // A delivery of it is misrouted.
    EXPECT_EQ(l.deliver(taken, t.id(dst)), ledger::receipt::misrouted);
    EXPECT_FALSE(l.summarize().correct());
}

TEST(Ledger, BroadcastExpectsEveryRouter) {
    const topology t(2, 4);
    ledger l(t);
    const auto msg = l.launch(3, make_source_vector_header(true, 3, {0, 0, 0}));
    EXPECT_EQ(l.summarize().expected, t.routers());
    for (router_id i = 0; i < t.routers(); ++i) EXPECT_EQ(l.deliver(msg, i), ledger::receipt::ok);
    EXPECT_TRUE(l.summarize().correct());
    EXPECT_THROW(l.launch(0, make_source_vector_header(false, 3, {5, 0, 0})),
                 std::invalid_argument);
}

// launch() in two halves (--threads, sc/staged_nodes.h): where a header ends, worked out apart,
// then its record. The destinations are the coordinates the headers were made for; a broadcast
// needs the walk (kWalked) and its record still expects every router; an invalid header throws
// at the record, as launch() does.
TEST(Ledger, ALaunchInTwoHalvesRecordsWhatLaunchDoes) {
    const topology t(3, 4);
    ledger halves(t);
    ledger whole(t);
    const coord src{2, 1, 3};
    const coord dst{0, 3, 1};
    const header sv = make_source_vector_header(false, 3, t.vector_to(src, dst));
    const header dh = make_destination_header(3, dst);
    const header bc = make_source_vector_header(true, 3, {0, 0, 0});
    EXPECT_EQ(halves.destination_of(src, sv), t.id(dst));
    EXPECT_EQ(halves.destination_of(src, dh), t.id(dst));
    EXPECT_EQ(halves.destination_of(src, bc), ledger::kWalked);
    for (const header& h : {sv, dh, bc}) {
        const router_id to = halves.destination_of(src, h);
        EXPECT_EQ(halves.record_launch(t.id(src), h, to), whole.launch(t.id(src), h));
    }
    EXPECT_EQ(halves.summarize().expected, 2 + t.routers());
    EXPECT_EQ(halves.deliver(0, t.id(dst)), ledger::receipt::ok);
    EXPECT_EQ(halves.deliver(1, t.id(dst)), ledger::receipt::ok);
    const header bad = make_source_vector_header(false, 3, {7, 0, 0});
    EXPECT_THROW(halves.record_launch(0, bad, halves.destination_of(t.at(0), bad)),
                 std::invalid_argument);
}

// A failure takes one copy of a broadcast to every router of D3(2,4): the routers of its tree below
// it (here the even ids, by hand) are expected nowhere, the others still once each.
TEST(Ledger, ADroppedCopyOfABroadcastTakesItsDestinationsOnly) {
    const topology t(2, 4);
    ledger l(t);
    const auto msg = l.launch(3, make_source_vector_header(true, 3, {0, 0, 0}));
    EXPECT_EQ(l.deliver(msg, 1), ledger::receipt::ok);
    EXPECT_FALSE(l.drop(msg));                // a broadcast: one copy at a time
    EXPECT_FALSE(l.drop_copy(msg, {0, 1}));   // 1 was delivered: nothing done
    EXPECT_FALSE(l.drop_copy(msg, {0, 99}));  // 99 is no destination of it
    std::vector<router_id> cut;
    for (router_id i = 0; i < t.routers(); i += 2) cut.push_back(i);
    EXPECT_TRUE(l.drop_copy(msg, cut));
    EXPECT_FALSE(l.drop_copy(msg, {0}));  // once
    for (router_id i = 3; i < t.routers(); i += 2)
        EXPECT_EQ(l.deliver(msg, i), ledger::receipt::ok);
    ledger::summary s = l.summarize();
    EXPECT_EQ(s.dropped, t.routers() / 2);
    EXPECT_EQ(s.expected, t.routers() / 2);
    EXPECT_EQ(s.delivered, t.routers() / 2);
    EXPECT_TRUE(s.correct());
    EXPECT_EQ(l.deliver(msg, 2), ledger::receipt::misrouted);  // a cut one arriving after all
    EXPECT_FALSE(l.summarize().correct());
}

// A message with several destinations but not every router: each router delivered to once is
// either one of the expected destinations (ok) or misrouted, below and above them in id order.
TEST(Ledger, SeveralDestinationsFindTheirOwnAndNothingElse) {
    const topology t(2, 4);
    ledger l(t);
    const auto msg = l.launch(5, make_source_vector_header(true, 1, {0, 0, 0}));
    const auto expected = l.summarize().expected;
    ASSERT_GT(expected, 1u);
    ASSERT_LT(expected, t.routers());
    std::uint64_t ok = 0, misrouted = 0;
    router_id first_ok = t.routers();
    for (router_id i = 0; i < t.routers(); ++i) {
        const auto r = l.deliver(msg, i);
        if (r == ledger::receipt::ok) {
            ++ok;
            first_ok = std::min(first_ok, i);
        } else {
            EXPECT_EQ(r, ledger::receipt::misrouted) << "router " << i;
            ++misrouted;
        }
    }
    EXPECT_EQ(ok, expected);
    EXPECT_EQ(misrouted, t.routers() - expected);
    EXPECT_EQ(l.deliver(msg, first_ok), ledger::receipt::duplicate);
    const auto s = l.summarize();
    EXPECT_EQ(s.delivered, expected);
    EXPECT_EQ(s.lost, 0u);
    EXPECT_EQ(s.duplicated, 1u);
    EXPECT_EQ(s.misrouted, misrouted);
}

// Unicast messages keep their destination and count in the message, the others in the ledger's
// lists: a summary and the pair counts take both. A unicast delivered 300 times stays delivered
// (its count saturates, it does not wrap to "lost") and counts every extra copy as a duplicate.
TEST(Ledger, UnicastAndSeveralDestinationsAddUp) {
    const topology t(2, 4);
    ledger l(t);
    const coord src{1, 0, 3};
    const coord dst{0, 2, 1};
    const auto one = launch_unicast(l, t, src, dst);
    const auto all = l.launch(t.id(src), make_source_vector_header(true, 3, {0, 0, 0}));
    const auto two = launch_unicast(l, t, dst, src);
    auto s = l.summarize();
    EXPECT_EQ(s.injected, 3u);
    EXPECT_EQ(s.expected, 2u + t.routers());
    EXPECT_EQ(s.lost, s.expected);
    for (int i = 0; i < 300; ++i) l.deliver(one, t.id(dst));
    for (router_id i = 1; i < t.routers(); ++i) EXPECT_EQ(l.deliver(all, i), ledger::receipt::ok);
    EXPECT_EQ(l.deliver(two, t.id(dst)), ledger::receipt::misrouted);
    s = l.summarize();
    EXPECT_EQ(s.delivered, 1u + (t.routers() - 1));
    EXPECT_EQ(s.lost, 2u);  // `two`, and router 0's copy of `all`
    EXPECT_EQ(s.duplicated, 299u);
    EXPECT_EQ(s.misrouted, 1u);
    ledger::pair_list pairs;
    l.pairs().from(t.id(src), pairs);
    ASSERT_EQ(pairs.size(), t.routers());  // every destination src's messages call for
    for (const auto& [d, n] : pairs)  // router 0: none; dst: the broadcast's and 127 (saturated)
        EXPECT_EQ(n, d == 0 ? 0u : d == t.id(dst) ? 1u + 127u : 1u) << "destination " << d;
}

// A ledger of unicasts only keeps each message's destination and copies in its by-source entry:
// router ids past 16 bits, copies up to the saturated 127, and no copy at all read back as they
// were delivered, source by source.
TEST(Ledger, AllUnicastPairsKeepDestinationsAndCopies) {
    const topology t(16, 32);  // 16,384 routers
    ledger l(t);
    const coord src{15, 31, 30};
    const coord far{14, 30, 29};
    const coord near{0, 0, 1};
    const auto a = launch_unicast(l, t, src, far);
    const auto b = launch_unicast(l, t, src, near);
    const auto c = launch_unicast(l, t, far, src);  // never delivered
    for (int i = 0; i < 200; ++i) l.deliver(a, t.id(far));
    for (int i = 0; i < 3; ++i) l.deliver(b, t.id(near));
    (void)c;
    ledger::pair_list pairs;
    l.pairs().from(t.id(src), pairs);
    EXPECT_EQ(pairs, (ledger::pair_list{{t.id(near), 3u}, {t.id(far), 127u}}));
    l.pairs().from(t.id(far), pairs);
    EXPECT_EQ(pairs, (ledger::pair_list{{t.id(src), 0u}}));
}

// The memory check's hook: called after every `every`-th launch from the watch on, unicast or
// not (a broadcast goes through the walk), and never without a watch.
TEST(Ledger, GrowthWatchIsCalledEveryNLaunches) {
    const topology t(2, 4);
    ledger l(t);
    launch_unicast(l, t, {0, 0, 0}, {1, 2, 3});  // before the watch: not counted
    std::vector<std::uint64_t> seen;
    l.watch_growth(3, [&] { seen.push_back(l.messages()); });
    for (int i = 0; i < 5; ++i) launch_unicast(l, t, {0, 0, 0}, {1, 2, 3});
    EXPECT_EQ(seen, (std::vector<std::uint64_t>{4}));
    l.launch(0, make_source_vector_header(true, 3, {0, 0, 0}));
    EXPECT_EQ(seen, (std::vector<std::uint64_t>{4, 7}));
}

// A workload that expects the listed (source, destination, count) triples, in the order listed
// (a pair may come in pieces whose counts add up).
class expecting final : public workload {
  public:
    std::vector<std::tuple<router_id, router_id, std::uint32_t>> pairs;
    std::string primitive() const override { return "test"; }
    std::string schedule_name() const override { return "none"; }
    std::unique_ptr<node_program> program_for(router_id) const override { return nullptr; }
    std::size_t rounds() const override { return 0; }
    std::size_t delays() const override { return 0; }
    std::uint32_t expected(router_id src, router_id dst) const override {
        std::uint32_t n = 0;
        for (const auto& [s, d, c] : pairs)
            if (s == src && d == dst) n += c;
        return n;
    }
    void expected_from(router_id src, router_id,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        out.clear();
        for (const auto& [s, d, c] : pairs)
            if (s == src) out.emplace_back(d, c);
    }
    /// With `each`, the count every destination expects from a source with pairs (0 from the
    /// others), as the all-to-all gives it (workload::uniform_expected): the test sets `pairs` to
    /// match.
    std::optional<std::uint32_t> each;
    std::optional<std::uint32_t> uniform_expected(router_id src) const override {
        if (!each) return std::nullopt;
        for (const auto& [s, d, c] : pairs)
            if (s == src) return each;
        return 0;
    }
    /// With `units`, the pairs of each source also as a list of destinations, a pair of count c
    /// listed c times (as the traffic keeps them: workload::unit_destinations).
    bool units = false;
    const std::vector<router_id>* unit_destinations(router_id src) const override {
        if (!units) return nullptr;
        lists_.assign(std::max<std::size_t>(lists_.size(), src + 1), {});
        lists_[src].clear();
        for (const auto& [s, d, c] : pairs)
            if (s == src) lists_[src].insert(lists_[src].end(), c, d);
        return &lists_[src];
    }

  private:
    mutable std::vector<std::vector<router_id>> lists_;
};

// Each (source, destination) pair whose deliveries differ from the expected count is one
// mismatch: never delivered, delivered more often than expected, delivered but not expected.
TEST(Ledger, PairMismatchesCountThePairsThatDiffer) {
    const topology t(2, 2);
    ledger l(t);
    const auto to = [&](router_id src, router_id dst) {
        const auto msg = l.launch(src, make_destination_header(3, t.at(dst)));
        EXPECT_EQ(l.deliver(msg, dst), ledger::receipt::ok);
    };
    to(0, 5);
    to(0, 5);
    to(0, 6);
    to(3, 0);
    const auto lost = l.launch(3, make_destination_header(3, t.at(7)));  // never delivered
    EXPECT_EQ(l.deliver(lost, 6), ledger::receipt::misrouted);           // not counted for (3,6)
    expecting w;
    w.pairs = {{0, 5, 1}, {3, 0, 1}, {0, 6, 1}, {0, 5, 1}};  // (0,5) in two pieces
    EXPECT_EQ(l.pair_mismatches(w), 0u);
    w.pairs.emplace_back(3, 7, 1);  // expected, lost
    EXPECT_EQ(l.pair_mismatches(w), 1u);
    w.pairs = {{0, 5, 1}, {3, 0, 1}, {0, 6, 1}};  // (0,5) delivered twice, expected once
    EXPECT_EQ(l.pair_mismatches(w), 1u);
    w.pairs = {{0, 5, 2}};  // (0,6) and (3,0) delivered, never expected
    EXPECT_EQ(l.pair_mismatches(w), 2u);
    w.pairs = {};
    EXPECT_EQ(l.pair_mismatches(w), 3u);
    // As many deliveries from 0 as expected (3), but one of them to (0,6) instead of (0,5).
    w.pairs = {{0, 5, 3}, {3, 0, 1}};
    EXPECT_EQ(l.pair_mismatches(w), 2u);
}

// A source's mismatch leaves nothing behind for the next source that delivers to the same
// destination, with messages of several destinations (a broadcast's copies) as well as unicasts.
TEST(Ledger, PairMismatchesOfOneSourceDoNotCarryOver) {
    const topology t(2, 2);
    ledger l(t);
    const auto msg = l.launch(0, make_destination_header(3, t.at(5)));
    EXPECT_EQ(l.deliver(msg, 5), ledger::receipt::ok);
    const header all = make_source_vector_header(true, 3, {0, 0, 0});  // every router of D3(2,2)
    const auto bcast = l.launch(1, all);
    for (router_id d = 0; d < t.routers(); ++d) EXPECT_EQ(l.deliver(bcast, d), ledger::receipt::ok);
    expecting w;
    for (router_id d = 0; d < t.routers(); ++d) w.pairs.emplace_back(1, d, 1);
    EXPECT_EQ(l.pair_mismatches(w), 1u);  // (0,5) delivered, never expected; source 1 as expected
    w.pairs.emplace_back(0, 5, 1);
    EXPECT_EQ(l.pair_mismatches(w), 0u);
    w.pairs.emplace_back(1, 5, 1);  // (1,5) expected twice, delivered once
    EXPECT_EQ(l.pair_mismatches(w), 1u);
    w.pairs.erase(w.pairs.end() - 2);  // and (0,5) unexpected again, before source 1's (1,5)
    EXPECT_EQ(l.pair_mismatches(w), 2u);
}

// Deliveries that are the expected pairs one by one, in their order (synthetic traffic: a pair per
// packet), are checked without the sums; any other list goes back to them, with the same count.
TEST(Ledger, PairMismatchesOfPairsInLaunchOrder) {
    const topology t(2, 2);
    ledger l(t);
    const auto launch = [&](router_id src, router_id dst) {
        return l.launch(src, make_destination_header(3, t.at(dst)));
    };
    const auto a = launch(0, 5);
    const auto b = launch(0, 6);
    launch(0, 5);  // never delivered
    l.deliver(a, 5);
    l.deliver(b, 6);
    l.deliver(b, 6);
    expecting w;
    w.pairs = {{0, 5, 1}, {0, 6, 2}, {0, 5, 0}};  // as delivered, in launch order
    EXPECT_EQ(l.pair_mismatches(w), 0u);
    w.pairs = {{0, 6, 2}, {0, 5, 1}};  // the same sums in another order
    EXPECT_EQ(l.pair_mismatches(w), 0u);
    w.pairs = {{0, 5, 1}, {0, 6, 1}, {0, 5, 1}};  // a pair per packet: (0,6) twice, (0,5) lost
    EXPECT_EQ(l.pair_mismatches(w), 2u);
}

// Every (source, destination) pair's message of an all-to-all on `t` launched slot by slot (every
// source in each: interleaved) and delivered, but the last one (from the last source): returned
// with its destination.
std::pair<std::uint64_t, router_id> deliver_all_pairs_but_the_last(ledger& l, const topology& t) {
    const router_id n = t.routers();
    std::vector<std::pair<std::uint64_t, router_id>> sent;  // (message, destination)
    for (router_id i = 0; i < n; ++i)
        for (router_id src = 0; src < n; ++src) {
            const router_id dst = (src + i) % n;
            sent.emplace_back(l.launch(src, make_destination_header(3, t.at(dst))), dst);
        }
    const std::pair<std::uint64_t, router_id> last = sent.back();
    sent.pop_back();
    for (const auto& [msg, dst] : sent) EXPECT_EQ(l.deliver(msg, dst), ledger::receipt::ok);
    return last;
}

// With a message or more per (source, destination) pair, all unicasts (the all-to-all), the check
// sums every pair at once (ledger::dense_pair_mismatches): it still finds each pair lost,
// delivered twice or to the wrong node, or delivered but not expected.
TEST(Ledger, PairMismatchesOfEveryPair) {
    // 8 routers, and 12: sums past the last eight of a row (ledger.cpp: differs).
    for (const topology& t : {topology(2, 2), topology(3, 2)}) {
        const router_id n = t.routers();
        ledger l(t);
        const auto [last, last_dst] = deliver_all_pairs_but_the_last(l, t);
        expecting w;
        // Each figure with the expected pairs given as pairs, and as lists of destinations.
        const auto mismatches = [&](std::uint64_t want) {
            for (const bool units : {false, true}) {
                w.units = units;
                EXPECT_EQ(l.pair_mismatches(w), want) << (units ? "as destinations" : "as pairs");
            }
        };
        for (router_id src = 0; src < n; ++src)
            for (router_id dst = 0; dst < n; ++dst) w.pairs.emplace_back(src, dst, 1);
        mismatches(1);  // lost
        EXPECT_EQ(l.deliver(last, (last_dst + 1) % n), ledger::receipt::misrouted);
        mismatches(1);  // still lost
        EXPECT_EQ(l.deliver(last, last_dst), ledger::receipt::ok);
        mismatches(0);
        EXPECT_EQ(l.deliver(last, last_dst), ledger::receipt::duplicate);
        mismatches(1);
        w.pairs.emplace_back(n - 1, last_dst, 1);  // expected twice, in two pieces
        mismatches(0);
        w.pairs.emplace_back(0, 0, 1);  // expected twice, delivered once
        mismatches(1);
        w.pairs.erase(std::remove(w.pairs.begin(), w.pairs.end(), std::make_tuple(0u, 0u, 1u)),
                      w.pairs.end());
        mismatches(1);                  // (0,0) delivered, never expected
        w.pairs.emplace_back(1, 2, 2);  // a pair of count 2, listed twice as destinations
        mismatches(2);
    }
}

// The all-to-all's check with every pair's count given at once (workload::uniform_expected): each
// sum compared with it finds each pair lost, delivered twice or to the wrong node, and a source
// whose count is 0 (idle) finds each of its deliveries; the same figures as with the pairs listed.
TEST(Ledger, PairMismatchesOfEveryPairExpectedAlike) {
    // 8 routers, and 12: sums past the last eight of a row (ledger.cpp: differs).
    for (const topology& t : {topology(2, 2), topology(3, 2)}) {
        const router_id n = t.routers();
        ledger l(t);
        const auto [last, last_dst] = deliver_all_pairs_but_the_last(l, t);
        expecting w;
        for (router_id src = 0; src < n; ++src)
            for (router_id dst = 0; dst < n; ++dst) w.pairs.emplace_back(src, dst, 1);
        // Each figure with the pairs listed and with their count given alike.
        const auto mismatches = [&](std::uint64_t want, std::uint32_t each = 1) {
            for (const bool alike : {false, true}) {
                w.each = alike ? std::optional<std::uint32_t>{each} : std::nullopt;
                EXPECT_EQ(l.pair_mismatches(w), want) << (alike ? "alike" : "as pairs");
            }
        };
        mismatches(1);  // lost
        EXPECT_EQ(l.deliver(last, (last_dst + 1) % n), ledger::receipt::misrouted);
        mismatches(1);  // still lost
        EXPECT_EQ(l.deliver(last, last_dst), ledger::receipt::ok);
        mismatches(0);
        EXPECT_EQ(l.deliver(last, last_dst), ledger::receipt::duplicate);
        mismatches(1);  // delivered twice
        // Source 0 idle (count 0 alike): each of its n deliveries is a mismatch, and the duplicate.
        w.pairs.erase(std::remove_if(w.pairs.begin(), w.pairs.end(),
                                     [](const auto& p) { return std::get<0>(p) == 0; }),
                      w.pairs.end());
        mismatches(n + 1);
        // Every pair expected twice (source 0's in one piece, the others' in two): each of the n *
        // n sums differs but the duplicated one's.
        for (router_id src = 0; src < n; ++src)
            for (router_id dst = 0; dst < n; ++dst)
                w.pairs.emplace_back(src, dst, src == 0 ? 2 : 1);
        mismatches(std::uint64_t{n} * n - 1, 2);
    }
}

}  // namespace
}  // namespace d3
