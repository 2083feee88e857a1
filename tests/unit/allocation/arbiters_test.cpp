// core/allocation's arbiters against references from their definitions (Dally & Towles 18.4-18.5):
// round robin from a pointer moved only on an accepted grant, the matrix arbiter's least recently
// served, oldest first; no starvation; the factory's names.
#include <gtest/gtest.h>

#include <random>

#include "core/allocation/arbiter_factory.h"
#include "core/allocation/matrix_arbiter.h"
#include "unit/allocation/reference.h"

namespace d3 {
namespace {

std::vector<bool> random_vector(std::mt19937_64& rng, std::size_t n, unsigned percent) {
    std::vector<bool> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = rng() % 100 < percent;
    return v;
}

// Reference: the first requester at or after the pointer, cyclically; the pointer moves to one past
// the winner only when the grant is accepted.
TEST(Arbiters, RoundRobinGrantsFromItsPointerAndMovesOnlyWhenAccepted) {
    for (std::size_t n : {1u, 5u, 12u, 70u}) {
        std::mt19937_64 rng(n);
        auto a = make_arbiter("round-robin", n);
        std::size_t pointer = 0;
        for (int step = 0; step < 2000; ++step) {
            const std::vector<bool> asked = random_vector(rng, n, 30);
            std::size_t expected = kNone;
            for (std::size_t k = 0; k < n && expected == kNone; ++k)
                if (asked[(pointer + k) % n]) expected = (pointer + k) % n;
            const auto bits = test::request_bits(asked);
            const std::size_t got = a->arbitrate(bits.data(), {});
            ASSERT_EQ(got, expected) << "n " << n << " step " << step;
            EXPECT_EQ(a->arbitrate(bits.data(), {}), got);  // asking again changes nothing
            if (got != kNone && rng() % 2) {                // the grant accepted half the time
                a->update(got);
                pointer = (got + 1) % n;
            }
        }
    }
}

// Reference: each requester's last service time (at first lower indices count as served longer
// ago); the winner is the requester served least recently.
TEST(Arbiters, MatrixArbiterGrantsTheLeastRecentlyServed) {
    for (std::size_t n : {1u, 4u, 12u, 70u}) {
        std::mt19937_64 rng(100 + n);
        auto a = make_arbiter("matrix", n);
        std::vector<long> served(n);
        for (std::size_t i = 0; i < n; ++i) served[i] = static_cast<long>(i) - static_cast<long>(n);
        for (long step = 0; step < 2000; ++step) {
            const std::vector<bool> asked = random_vector(rng, n, 40);
            std::size_t expected = kNone;
            for (std::size_t i = 0; i < n; ++i)
                if (asked[i] && (expected == kNone || served[i] < served[expected])) expected = i;
            const auto bits = test::request_bits(asked);
            ASSERT_EQ(a->arbitrate(bits.data(), {}), expected) << "n " << n << " step " << step;
            if (expected == kNone || rng() % 4 == 0) continue;  // sometimes not accepted
            a->update(expected);
            served[expected] = step;
        }
    }
}

TEST(Arbiters, MatrixArbiterUpdateMakesTheWinnerLastAgainstEveryOther) {
    matrix_arbiter a(5);
    EXPECT_TRUE(a.ahead(0, 4));  // at first lower indices first
    a.update(2);
    for (std::size_t j : {0u, 1u, 3u, 4u}) {
        EXPECT_TRUE(a.ahead(j, 2));
        EXPECT_FALSE(a.ahead(2, j));
    }
    EXPECT_TRUE(a.ahead(0, 1));  // the others keep their order
}

// Reference: the smallest age, ties to the lowest index; no state.
TEST(Arbiters, OldestFirstGrantsTheOldestTiesToTheLowestIndex) {
    for (std::size_t n : {1u, 7u, 12u, 70u}) {
        std::mt19937_64 rng(200 + n);
        auto a = make_arbiter("oldest-first", n);
        std::vector<std::uint64_t> age(n);
        for (int step = 0; step < 2000; ++step) {
            const std::vector<bool> asked = random_vector(rng, n, 50);
            for (auto& x : age) x = rng() % 8;  // small: many ties
            std::size_t expected = kNone;
            for (std::size_t i = 0; i < n; ++i)
                if (asked[i] && (expected == kNone || age[i] < age[expected])) expected = i;
            const auto bits = test::request_bits(asked);
            ASSERT_EQ(a->arbitrate(bits.data(), {age.data(), 1}), expected);
            if (expected != kNone) a->update(expected);
        }
    }
}

// Persistent requests, every grant accepted: each requester is granted at least once in every n
// consecutive arbitrations (round robin and matrix arbiter alike).
TEST(Arbiters, RoundRobinAndMatrixDoNotStarve) {
    for (const char* kind : {"round-robin", "matrix"}) {
        for (std::size_t n : {3u, 12u, 70u}) {
            std::mt19937_64 rng(300 + n);
            auto a = make_arbiter(kind, n);
            const std::vector<bool> asked = random_vector(rng, n, 60);
            const auto bits = test::request_bits(asked);
            std::vector<long> last(n, -1);
            for (long step = 0; step < 20 * static_cast<long>(n); ++step) {
                const std::size_t w = a->arbitrate(bits.data(), {});
                if (w == kNone) break;
                ASSERT_TRUE(asked[w]);
                a->update(w);
                last[w] = step;
                for (std::size_t i = 0; i < n; ++i)
                    if (asked[i]) {
                        ASSERT_LT(step - last[i], static_cast<long>(n)) << kind;
                    }
            }
        }
    }
}

TEST(Arbiters, FactoryBuildsEveryNameAndRefusesOthers) {
    EXPECT_EQ(arbiter_names(), (std::vector<std::string>{"round-robin", "matrix", "oldest-first"}));
    for (const std::string& name : arbiter_names()) {
        EXPECT_FALSE(arbiter_error(name));
        EXPECT_EQ(make_arbiter(name, 6)->size(), 6u);
    }
    const auto err = arbiter_error("lottery");
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("'lottery'"), std::string::npos);
    EXPECT_EQ(err->find('\n'), std::string::npos);
    EXPECT_THROW(make_arbiter("lottery", 4), std::invalid_argument);
}

}  // namespace
}  // namespace d3
