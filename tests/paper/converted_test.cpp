// Section 12: "The communication primitives can be converted to destination routing." A unicast
// source vector converted to a destination header (primitives/converted.h) must use exactly the
// same links in the same steps, since section 10's tables give local d' - p, global c' - c and
// local p' - d, which are delta, gamma and pi. Checked over every source and vector of a few
// networks with the lockstep tracer; broadcasts stay as they are.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "paper/programs/converted.h"
#include "paper/programs/lockstep.h"

namespace d3 {
namespace {

std::vector<std::tuple<std::uint64_t, router_id, std::uint16_t>> uses(const topology& t,
                                                                      router_id src,
                                                                      const header& h) {
    std::vector<link_use> u;
    trace_links(t, src, 0, h, u);
    std::vector<std::tuple<std::uint64_t, router_id, std::uint16_t>> out;
    for (const link_use& x : u) out.emplace_back(x.cycle, x.router, x.port);
    return out;
}

TEST(DestinationHeaders, SameLinksInTheSameStepsAsTheSourceVectors) {
    for (auto [k, m] : std::vector<std::pair<int, int>>{{1, 4}, {2, 3}, {3, 4}, {2, 5}}) {
        const topology t(k, m);
        for (router_id r = 0; r < t.routers(); ++r)
            for (int b = 1; b <= 3; ++b)
                for (int g = 0; g < k; ++g)
                    for (int pi = 0; pi < m; ++pi)
                        for (int delta = 0; delta < m; ++delta) {
                            const header sv = make_source_vector_header(false, b, {g, pi, delta});
                            const header dh = to_destination(t, t.at(r), sv);
                            ASSERT_EQ(dh.kind, header_kind::destination);
                            ASSERT_EQ(dh.b, sv.b);
                            EXPECT_EQ(uses(t, r, sv), uses(t, r, dh))
                                << "D3(" << k << "," << m << ") " << to_string(t.at(r)) << " "
                                << to_string(sv);
                        }
        const header bc = make_source_vector_header(true, 3, {0, 0, 0});
        EXPECT_EQ(to_destination(t, t.at(0), bc), bc);
    }
}

}  // namespace
}  // namespace d3
