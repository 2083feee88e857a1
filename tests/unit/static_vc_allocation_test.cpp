// Static VC allocation (the paper router's): the channel of a packet's next sync counter b, from
// the definition in core/decoding/vc.h (vc = b, the highest channels shared: min(b, vcs - 1)) and
// core/router/service.h (class c's channels follow the lower classes': c * vcs + vc).
#include "core/router/static_vc_allocation.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace d3 {
namespace {

TEST(StaticVcAllocation, TheChannelIsTheNextSyncCounterWithinTheClass) {
    for (int vcs = 1; vcs <= kMaxVcs; ++vcs) {
        const static_vc_allocation a(vcs);
        for (int b = 0; b <= 5; ++b) {
            const int vc = std::min(b, vcs - 1);
            EXPECT_EQ(a.channel(0, b), vc) << vcs << " " << b;
            EXPECT_EQ(a.channel(1, b), vcs + vc) << vcs << " " << b;
            // The paper's router has one class: the virtual channel itself.
            EXPECT_EQ(a.channel<paper_step<d3_network>>(0, b), vc);
        }
    }
}

TEST(StaticVcAllocation, FiveChannelsSeparateEveryArrivingSyncCounter) {
    // b on arrival is 0..4 (core/decoding/vc.h): with kTrafficVcs channels no two share one.
    const static_vc_allocation a(kTrafficVcs);
    for (int b = 0; b < 5; ++b)
        for (int c = b + 1; c < 5; ++c) EXPECT_NE(a.channel(0, b), a.channel(0, c));
}

}  // namespace
}  // namespace d3
