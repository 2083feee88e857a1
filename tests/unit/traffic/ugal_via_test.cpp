// UGAL through an intermediate router (--ugal-valiant router, issue 43): BookSim2's
// ugal_dragonflynew on MDF. The via header's path, its VC classes and the routing decision, each
// against an expectation derived here: routes from a search of the dragonfly's port table (not
// dragonfly::exit_to, which the decoder and the routing use), BookSim2's phases stepped along them,
// and its UGAL-L rule replayed over the routing's own random draws.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/walk.h"
#include "core/network/dragonfly.h"
#include "core/traffic/routing.h"
#include "core/vc_router/vc_class.h"
#include "support/fake_view.h"
#include "support/mdf_topology.h"
#include "support/route_path.h"

namespace d3 {
namespace {

using test::mdf;

// The router of group g and its port whose global link reaches group `to`, by search.
std::pair<int, int> link_by_search(const topology& t, int g, int to) {
    for (int r = 0; r < t.m(); ++r)
        for (int a = 0; a < t.k(); ++a)
            if (t.mdf()->global_neighbor(g, r, a).group == to) return {r, a};
    ADD_FAILURE() << "no link from group " << g << " to " << to;
    return {0, 0};
}

// The routers BookSim2's dragonfly_port visits from `from` to router `to`: local to the router
// holding the link to to's group, the link, local to `to` (each hop only when it moves).
std::vector<coord> minimal_by_search(const topology& t, coord from, const coord& to) {
    std::vector<coord> out;
    if (from.c != to.c) {
        const auto [r, a] = link_by_search(t, from.c, to.c);
        if (r != from.p) out.push_back(from = {from.c, 0, r});
        const port_end& e = t.mdf()->global_neighbor(from.c, r, a);
        out.push_back(from = {e.group, 0, e.router});
    }
    if (from != to) out.push_back(to);
    return out;
}

// The routers a header's path moves through (route_path repeats a router where it holds).
std::vector<coord> moves(const topology& t, const coord& src, const header& h) {
    std::vector<coord> out;
    coord at = src;
    for (const coord& x : route_path(t, src, h))
        if (x != at) out.push_back(at = x);
    return out;
}

// Every (source, destination, intermediate router) of two small MDFs: the via header takes six
// steps, holds included, along BookSim2's path (minimal to the intermediate router, then minimal
// to the destination), and walk() counts its hops.
TEST(UgalVia, ViaHeaderTakesBookSimsPathInSixSteps) {
    for (const topology& t :
         {mdf(2, 3, arrangement::palmtree), mdf(3, 2, arrangement::consecutive)})
        for (router_id s = 0; s < t.routers(); ++s)
            for (router_id d = 0; d < t.routers(); ++d)
                for (router_id i = 0; i < t.routers(); ++i) {
                    const coord src = t.at(s), dst = t.at(d), via = t.at(i);
                    const header h = make_via_header(dst, via.c, via.p);
                    ASSERT_TRUE(valid(h, t)) << to_string(h);
                    std::vector<coord> want = minimal_by_search(t, src, via);
                    for (const coord& x : minimal_by_search(t, via, dst)) want.push_back(x);
                    ASSERT_EQ(route_path(t, src, h).size(), 6u) << to_string(h);
                    EXPECT_EQ(moves(t, src, h), want) << t.name() << " " << to_string(h);
                    const walk_result w = walk(t, src, h);
                    ASSERT_EQ(w.destinations, std::vector<router_id>{d});
                    EXPECT_EQ(w.hops, want.size());
                }
}

// A via header is MDF's: its C is a group there (up to K*M); on D3 it is invalid. It packs as
// kind 3 and reads back.
TEST(UgalVia, ViaHeaderIsMdfsAndPacksAsKindThree) {
    const topology t = mdf(2, 3, arrangement::palmtree);
    const header h = make_via_header({4, 0, 2}, 6, 1);
    EXPECT_EQ(h.kind, header_kind::via);
    EXPECT_EQ(h.b, 6);
    EXPECT_FALSE(check(h, t).has_value());
    EXPECT_EQ(to_string(h), "(6;(4,0,2),via=(6,1))");
    EXPECT_EQ(pack(h) >> layout::kKindBit, 3u);
    EXPECT_EQ(unpack(pack(h)), h);
    EXPECT_FALSE(valid(h, 8, 8));
    EXPECT_EQ(decode(h, {0, 0, 0}, 8, 8).act, action::invalid);
    header bad = make_via_header({4, 0, 2}, 7, 1);
    EXPECT_FALSE(valid(bad, t));
    EXPECT_NE(check(bad, t)->find("via group C must be below K*M+1=7"), std::string::npos);
    bad = make_via_header({4, 0, 2}, 6, 1);
    bad.b = 7;
    EXPECT_FALSE(valid(bad, t));
}

// BookSim2's VCs on the via path (vc-classes remaining, 3 VCs): phase 0 until the packet is at the
// intermediate router, phase 1 from there, phase 2 once a phase-1 packet takes a global link; a
// hop's VC is the phase after its router's update.
TEST(UgalVia, ViaLegIsTheFirstClassAsBookSimsPhaseZero) {
    const topology t = mdf(2, 3, arrangement::palmtree);
    vc_router_setup s;
    s.vc_allocator = "separable-input-first";
    s.vcs = 3;
    s.classes = vc_class_kind::remaining;
    s.class_count = 3;
    const vc_class_map classes(s);
    for (router_id i = 0; i < t.routers(); ++i) {
        const coord src{0, 0, 0}, dst{5, 0, 2}, via = t.at(i);
        // UGAL routes those minimally (in the destination's group both routes' first output is
        // the same, which the rule never deflects to with a threshold of 0 or more).
        if (via.c == src.c || via.c == dst.c) continue;
        coord at = src;
        header h = make_via_header(dst, via.c, via.p);
        int phase = 0, globals = 0;
        for (int step = 0; step < 6; ++step) {
            if (phase == 0 && at == via) phase = 1;
            const decision d = decode(h, at, t);
            if (d.hold) {
                h = d.next;
                continue;
            }
            if (d.act == action::global) {
                ++globals;
                if (phase == 1) phase = 2;
            }
            EXPECT_EQ(classes.next(globals, d.next).first, phase)
                << "via " << t.label(via) << " step " << step;
            at = d.act == action::global ? t.global_neighbor(at, d.port)
                                         : t.local_neighbor(at, d.port);
            h = d.next;
        }
        EXPECT_EQ(at, dst);
    }
}

// The decision, replayed: same-group packets minimal without a draw; otherwise an intermediate
// group and router drawn uniformly, minimal when the group is the source's, else the via header
// when the minimal route's first output holds more than twice the via route's plus T.
TEST(UgalVia, RouterValiantDecidesAsBookSimsUgalL) {
    const topology t = mdf(2, 4, arrangement::palmtree);
    constexpr int kThreshold = 3;
    const auto first_output = [&](const coord& src, const coord& to) {
        const std::vector<coord> p = minimal_by_search(t, src, to);
        if (p.front().c == src.c) return index_of({false, mod(p.front().p - src.p, t.m())}, t.k());
        return index_of({true, link_by_search(t, src.c, to.c).second}, t.k());
    };
    fake_view v;
    const auto r = make_ugal_routing(t, v, kThreshold, ugal_rule::local, ugal_valiant::router);
    int vias = 0, minimal_by_queue = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        const coord src = t.at(static_cast<router_id>(seed * 7 % t.routers()));
        const coord dst = t.at(static_cast<router_id>(seed * 13 % t.routers()));
        traffic_rng rng(seed), copy(seed), fill(seed + 1000);
        v.q.clear();
        for (int o = 0; o < t.k() + t.m() - 1; ++o) v.q[{t.id(src), o}] = uniform_int(fill, 12);
        const header h = r->route(src, dst, rng);
        if (src.c == dst.c) {
            EXPECT_EQ(h, make_destination_header(3, dst)) << seed;
            continue;
        }
        const coord via{uniform_int(copy, t.groups()), 0, uniform_int(copy, t.m())};
        const bool other_group = via.c != src.c;
        const int q_min = v.occupancy(t.id(src), first_output(src, dst));
        const int q_via = other_group ? v.occupancy(t.id(src), first_output(src, via)) : 0;
        if (other_group && q_min > 2 * q_via + kThreshold) {
            EXPECT_EQ(h, make_via_header(dst, via.c, via.p)) << seed;
            ++vias;
        } else {
            EXPECT_EQ(h, make_destination_header(3, dst)) << seed;
            minimal_by_queue += other_group;
        }
    }
    EXPECT_GT(vias, 0);
    EXPECT_GT(minimal_by_queue, 0);
}

// The option's limits: MDF and the local rule only; the most steps it launches.
TEST(UgalVia, RouterValiantNeedsMdfAndTheLocalRule) {
    EXPECT_FALSE(ugal_valiant_error(ugal_valiant::router, ugal_rule::local, topology_kind::mdf));
    EXPECT_TRUE(ugal_valiant_error(ugal_valiant::router, ugal_rule::global, topology_kind::mdf));
    EXPECT_TRUE(ugal_valiant_error(ugal_valiant::router, ugal_rule::local, topology_kind::d3));
    EXPECT_FALSE(ugal_valiant_error(ugal_valiant::group, ugal_rule::global, topology_kind::d3));
    const topology t = mdf(2, 3, arrangement::palmtree);
    EXPECT_EQ(most_steps(routing_kind::ugal, t, ugal_valiant::router), 6);
    fake_view v;
    EXPECT_THROW(make_ugal_routing(t, v, 0, ugal_rule::global, ugal_valiant::router),
                 std::invalid_argument);
}

}  // namespace
}  // namespace d3
