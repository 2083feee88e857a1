// core/decoding/expand: the one meaning of a decision, against the paper's wiring written out here
// ((2.1): local port x of (c,d,p) to (c,d,p+x), global port a to (c+a,p,d); port 0 holds), and
// illegal decisions refused.
#include "core/decoding/expand.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "core/decoding/header.h"
#include "core/network/dragonfly.h"
#include "cosim/header_space.h"

namespace d3 {
namespace {

coord local_hop(const coord& x, int port, int m) {
    return {x.c, x.d, (x.p + port) % m};
}
coord global_hop(const coord& x, int port, int k) {
    return {(x.c + port) % k, x.p, x.d};
}

TEST(Expand, EverySourceVectorDecisionMovesAsThePaperWires) {
    const int k = 3, m = 4;
    const topology t(k, m);
    std::vector<hop> hops;
    for (router_id id = 0; id < t.routers(); ++id) {
        const coord at = t.at(id);
        for (int b = 0; b <= 3; ++b)
            for (int bc = 0; bc <= 1; ++bc)
                for (int g = 0; g < k; ++g)
                    for (int pi = 0; pi < m; ++pi)
                        for (int de = 0; de < m; ++de) {
                            const header h = make_source_vector_header(bc, b, {g, pi, de});
                            const decision d = decode(h, at, t);
                            ASSERT_TRUE(expand(d, at, t, hops)) << to_string(h);
                            std::vector<coord> want;
                            std::vector<bool> held;
                            const auto add = [&](const coord& to, bool hold) {
                                want.push_back(to);
                                held.push_back(hold);
                            };
                            if (b == 0) {
                                add(at, false);
                            } else if (bc && b != 2) {
                                for (int x = 0; x < m; ++x) add(local_hop(at, x, m), x == 0);
                            } else if (bc) {
                                for (int a = 0; a < k; ++a)
                                    add(global_hop(at, a, k), a == 0 && at.d == at.p);
                            } else if (b == 2) {
                                add(global_hop(at, g, k), g == 0 && at.d == at.p);
                            } else {
                                const int x = b == 3 ? de : pi;
                                add(local_hop(at, x, m), x == 0);
                            }
                            ASSERT_EQ(hops.size(), want.size()) << to_string(h);
                            for (std::size_t i = 0; i < want.size(); ++i) {
                                EXPECT_EQ(hops[i].at, want[i]) << to_string(h) << " copy " << i;
                                if (b == 0)
                                    EXPECT_EQ(hops[i].to, kEjectTarget);
                                else
                                    EXPECT_EQ(hops[i].to == kHoldTarget, held[i]) << to_string(h);
                                if (is_link(hops[i].to)) {  // the output leads where it says
                                    const auto far = t.far_end(at, port_of(hops[i].to, k));
                                    EXPECT_EQ(far.at, hops[i].at);
                                }
                            }
                        }
    }
}

// The plain router's route stage expands the reference decoder's decisions without testing their
// ports and hold flag (expand_unicast<false>): on every valid header of each kind (the space the
// co-simulation tests walk, tests/cosim/header_space.h), at every router of D3(3,4) and MDF(3,3),
// a unicast decision is a legal move, and the unchecked expansion makes the same move (and
// unicast_target finds its target).
TEST(Expand, ReferenceDecisionsOnValidHeadersAreLegal) {
    const topology d3(3, 4), mdf(std::make_shared<const dragonfly>(3, 3, arrangement::palmtree));
    for (const topology* t : {&d3, &mdf}) {
        std::uint64_t moves = 0;
        for (router_id id = 0; id < t->routers(); ++id) {
            const coord at = t->at(id);
            const auto check = [&](const header& h) {
                if (!valid(h, *t)) return;
                const decision dec = decode_valid(h, at, *t);
                if (dec.act == action::invalid || dec.act == action::broadcast_local ||
                    dec.act == action::broadcast_global)
                    return;
                hop checked, unchecked;
                ASSERT_TRUE(expand_unicast(dec, at, *t, checked))
                    << to_string(h) << " at " << to_string(at);
                ASSERT_TRUE(expand_unicast<false>(dec, at, *t, unchecked));
                EXPECT_EQ(unchecked.to, checked.to);
                EXPECT_EQ(unchecked.at, checked.at);
                target to = 0;
                ASSERT_TRUE(unicast_target(dec, *t, to));
                EXPECT_EQ(to, checked.to);
                ++moves;
            };
            if (t->is_d3())
                cosim::for_each_header(t->k(), t->m(), check);
            else
                cosim::for_each_mdf_header(t->k(), t->m(), 7u, check);
        }
        EXPECT_GT(moves, 0u);
    }
}

TEST(Expand, IllegalMovesAreRefused) {
    const topology t(3, 4);
    hop h;
    const header any = make_source_vector_header(false, 3, {0, 0, 0});
    EXPECT_FALSE(expand_unicast(make_decision(action::local, 4, false, any), {0, 0, 1}, t, h));
    EXPECT_FALSE(expand_unicast(make_decision(action::local, 0, false, any), {0, 0, 1}, t, h));
    EXPECT_FALSE(expand_unicast(make_decision(action::local, 2, true, any), {0, 0, 1}, t, h));
    EXPECT_FALSE(expand_unicast(make_decision(action::global, 3, false, any), {0, 0, 1}, t, h));
    // Global port 0 at a fixed point loops back: only as a hold.
    EXPECT_FALSE(expand_unicast(make_decision(action::global, 0, false, any), {0, 2, 2}, t, h));
    EXPECT_TRUE(expand_unicast(make_decision(action::global, 0, true, any), {0, 2, 2}, t, h));
    EXPECT_FALSE(expand_unicast(make_decision(action::global, 0, true, any), {0, 1, 2}, t, h));
    EXPECT_FALSE(expand_unicast(make_decision(action::invalid, 0, false, any), {0, 1, 2}, t, h));
    std::vector<hop> hops;
    EXPECT_FALSE(
        expand(make_decision(action::broadcast_global, 0, false, any), {0, 2, 2}, t, hops));
    EXPECT_FALSE(expand(make_decision(action::broadcast_local, 0, false, any), {0, 2, 2}, t, hops));
}

}  // namespace
}  // namespace d3
