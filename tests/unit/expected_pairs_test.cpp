// The primitive-level check after a run (ledger::pair_mismatches) asks each workload for the
// pairs a source must deliver (workload::expected_from). Workloads with few pairs per source
// list them from their structure instead of asking expected() for all N destinations; here every
// primitive, with each option that changes its pairs, gives the same pairs and counts as that
// exhaustive default on several shapes. A candidate list that missed a pair would make the check
// blind to that pair's loss.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/network/dragonfly.h"
#include "core/network/topology.h"
#include "core/workload/workload.h"
#include "paper/programs/common.h"
#include "paper/programs/registry.h"

namespace d3 {
namespace {

using pairs = std::map<router_id, std::uint64_t>;

pairs as_map(const std::vector<std::pair<router_id, std::uint32_t>>& v) {
    pairs m;
    for (const auto& [dst, n] : v) m[dst] += n;
    return m;
}

std::vector<primitive_options> variants(const std::string& prim) {
    std::vector<primitive_options> out;
    primitive_options o;
    o.primitive = prim;
    out.push_back(o);
    auto with = [&](auto change) {
        primitive_options v = o;
        change(v);
        out.push_back(v);
    };
    with([](primitive_options& v) { v.schedule = schedule_kind::none; });
    with([](primitive_options& v) { v.destination_headers = true; });
    with([](primitive_options& v) { v.source = {1, 1, 1}; });  // a fixed point
    with([](primitive_options& v) { v.source = {1, 0, 1}; });
    if (prim == "permutation")
        for (const char* p : {"transpose", "drawer-swap"})
            for (schedule_kind s : {schedule_kind::paper, schedule_kind::none})
                with([&](primitive_options& v) {
                    v.perm = p;
                    v.schedule = s;
                });
    if (prim == "hypercube-exchange")
        for (int d = 1; d < 6; ++d) with([&](primitive_options& v) { v.dimension = d; });
    if (prim.rfind("hypercube", 0) == 0) with([](primitive_options& v) { v.embedding = "glgl"; });
    if (prim == "broadcast" || prim == "matrix-product")
        with([](primitive_options& v) { v.count = 3; });
    if (prim == "all-to-all")
        for (int p : {2, 3}) with([&](primitive_options& v) { v.protocol = p; });
    return out;
}

TEST(ExpectedPairs, EveryWorkloadListsThePairsTheExhaustiveDefaultFinds) {
    std::vector<topology> shapes{
        topology(2, 4), topology(4, 4), topology(3, 5), topology(4, 2),
        topology(std::make_shared<const dragonfly>(2, 4, arrangement::palmtree))};
    std::map<std::string, int> checked;
    int alike = 0;  // sources whose pairs were given alike
    for (const std::string& prim : primitive_names())
        for (const topology& t : shapes)
            for (const primitive_options& o : variants(prim)) {
                std::unique_ptr<workload> w;
                try {
                    w = make_primitive_workload(t, o);
                } catch (const std::invalid_argument&) {
                    continue;  // not defined for this shape or option
                }
                std::vector<std::pair<router_id, std::uint32_t>> listed, all;
                for (router_id src = 0; src < t.routers(); ++src) {
                    w->expected_from(src, t.routers(), listed);
                    w->workload::expected_from(src, t.routers(), all);
                    ASSERT_EQ(as_map(listed), as_map(all))
                        << prim << " on " << t.name() << " from router " << src;
                    // A count given alike (the all-to-all's) is every destination's.
                    if (const auto each = w->uniform_expected(src)) {
                        ++alike;
                        for (router_id dst = 0; dst < t.routers(); ++dst) {
                            ASSERT_EQ(w->expected(src, dst), *each)
                                << prim << " on " << t.name() << " from " << src << " to " << dst;
                        }
                    }
                }
                ++checked[prim];
            }
    for (const std::string& prim : primitive_names())
        EXPECT_GT(checked[prim], 0) << prim << " was built on no shape";
    EXPECT_GT(alike, 0) << "no workload gave its pairs alike (the all-to-all does)";
}

}  // namespace
}  // namespace d3
