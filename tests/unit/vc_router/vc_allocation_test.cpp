// The VC allocation unit (core/vc_router/vc_allocation.h) with one VC per class: each head asks
// for one output VC, and the allocator takes the cycle by output VC (allocate_single_asks). Its
// grants, cycle after cycle under random requests, are those of the same allocator kind fed
// the same requests through a request matrix (allocate), in increasing input VC.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "core/allocation/allocator_factory.h"
#include "core/vc_router/output_vcs.h"
#include "core/vc_router/vc_allocation.h"

namespace d3 {
namespace {

using grant = std::tuple<int, int, int>;  // input VC, VC at the output, output VC index

TEST(VcAllocation, OneVcPerClassGrantsAsTheRequestMatrixDoes) {
    constexpr int kInputs = 7, kOutputs = 6, kCycles = 3000;
    std::mt19937_64 rng(43);
    for (const std::string name : {"separable-input-first", "separable-output-first", "static"}) {
        for (const int vcs : {1, 2, 3}) {
            SCOPED_TRACE(name + " vcs " + std::to_string(vcs));
            vc_router_setup s;
            s.vcs = vcs;
            s.class_count = vcs;
            s.vc_allocator = name;
            ASSERT_TRUE(one_vc_per_class(s));
            vc_allocation unit(s, kInputs, kOutputs);
            ASSERT_TRUE(unit.single_asks());
            auto reference =
                make_allocator(name == "static" ? "separable-input-first" : name,
                               static_cast<std::size_t>(kInputs * vcs),
                               static_cast<std::size_t>(kOutputs * vcs), "round-robin", 1);
            const output_vcs outs(vcs, std::vector<int>(kOutputs, 4), false);
            request_matrix r(static_cast<std::size_t>(kInputs * vcs),
                             static_cast<std::size_t>(kOutputs * vcs));
            matching m(static_cast<std::size_t>(kInputs * vcs),
                       static_cast<std::size_t>(kOutputs * vcs));
            std::uint64_t granted = 0;
            for (int cycle = 0; cycle < kCycles; ++cycle) {
                r.clear();
                const double p = std::uniform_real_distribution<double>(0.05, 1.0)(rng);
                // Few outputs asked for: most cycles share some output VC.
                const int outputs = 1 + static_cast<int>(rng() % kOutputs);
                for (int iv = 0; iv < kInputs * vcs; ++iv) {
                    if (!std::bernoulli_distribution(p)(rng)) continue;
                    const int output = static_cast<int>(rng() % static_cast<unsigned>(outputs));
                    const int vc = static_cast<int>(rng() % static_cast<unsigned>(vcs));
                    unit.request(iv, output, vc_range{vc, 1}, outs, [] { return 0u; });
                    r.add(static_cast<std::size_t>(iv),
                          static_cast<std::size_t>(output * vcs + vc));
                }
                std::vector<grant> got, want;
                unit.allocate([&](int iv, int vc, int index) { got.emplace_back(iv, vc, index); });
                reference->allocate(r, m);
                for (int iv = 0; iv < kInputs * vcs; ++iv) {
                    const std::size_t o = m.output_of(static_cast<std::size_t>(iv));
                    if (o != kNone)
                        want.emplace_back(iv, static_cast<int>(o) % vcs, static_cast<int>(o));
                }
                ASSERT_EQ(got, want) << "cycle " << cycle;
                granted += got.size();
            }
            EXPECT_GT(granted, static_cast<std::uint64_t>(kCycles));
        }
    }
}

}  // namespace
}  // namespace d3
