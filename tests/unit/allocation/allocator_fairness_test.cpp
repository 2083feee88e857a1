// core/allocation's allocators over many cycles: iSLIP's desynchronised pointers under full load
// (McKeown 1999), iSLIP as the separable output-first allocator of round-robin arbiters (Dally &
// Towles 19.3), and no starvation of persistent requests for every allocator and arbiter kind.
#include <gtest/gtest.h>

#include <random>

#include "core/allocation/allocator_factory.h"
#include "core/allocation/arbiter_factory.h"
#include "unit/allocation/reference.h"

namespace d3 {
namespace {

test::dense_requests full(std::size_t n) {
    test::dense_requests d(n, n);
    for (auto& row : d.asked) row.assign(n, true);
    return d;
}

// Every input asks for every output in every cycle: with one iteration, the pointers start
// together and fall apart; from cycle N on, every cycle's matching is perfect.
TEST(AllocatorFairness, IslipDesynchronisesUnderFullLoad) {
    for (std::size_t n : {2u, 4u, 8u, 12u, 16u}) {
        const auto d = full(n);
        request_matrix r(n, n);
        d.load(r);
        matching m(n, n);
        auto a = make_allocator("islip", n, n, "round-robin", 1);
        a->allocate(r, m);
        EXPECT_EQ(m.size(), 1u) << "every output grants input 0 at first";
        for (std::size_t cycle = 1; cycle < 20 * n; ++cycle) {
            a->allocate(r, m);
            ASSERT_EQ(test::matching_fault(d, m), "");
            if (cycle >= n) {
                ASSERT_EQ(m.size(), n) << "N " << n << " cycle " << cycle;
            }
        }
    }
}

// McKeown's rule: a grant pointer moves only when its grant is accepted, and only in the first
// iteration. Cycle 1, two iterations: outputs 0 and 1 both grant input 0 (pointers at 0), which
// accepts output 0 (g0 -> 1); output 1's grant was refused, so g1 stays at 0; in the second
// iteration output 1 grants input 1, accepted, and g1 still stays at 0. Cycle 2: inputs 0 and 2 ask
// for output 1, which grants input 0 (had g1 moved past input 1, it would grant input 2).
TEST(AllocatorFairness, IslipMovesPointersOnlyForAcceptedFirstIterationGrants) {
    auto a = make_allocator("islip", 3, 3, "round-robin", 2);
    request_matrix r(3, 3);
    matching m(3, 3);
    r.add(0, 0);
    r.add(0, 1);
    r.add(1, 1);
    a->allocate(r, m);
    EXPECT_EQ(m.output_of(0), 0u);
    EXPECT_EQ(m.output_of(1), 1u);  // the second iteration's pair
    r.clear();
    r.add(0, 1);
    r.add(2, 1);
    a->allocate(r, m);
    EXPECT_EQ(m.input_of(1), 0u);
}

// Dally & Towles: iSLIP is a separable output-first allocator of round-robin arbiters that move
// only on accepted grants of the first iteration. Both, fed the same requests, match alike.
TEST(AllocatorFairness, IslipIsSeparableOutputFirstWithRoundRobin) {
    for (int iterations : {1, 2, 4}) {
        const std::size_t inputs = 12, outputs = 9;
        auto islip = make_allocator("islip", inputs, outputs, "round-robin", iterations);
        auto sof =
            make_allocator("separable-output-first", inputs, outputs, "round-robin", iterations);
        std::mt19937_64 rng(11);
        request_matrix r(inputs, outputs);
        matching a(inputs, outputs), b(inputs, outputs);
        for (int cycle = 0; cycle < 500; ++cycle) {
            test::random_requests(rng, inputs, outputs, 20 + cycle % 70).load(r);
            islip->allocate(r, a);
            sof->allocate(r, b);
            for (std::size_t in = 0; in < inputs; ++in) ASSERT_EQ(a.output_of(in), b.output_of(in));
        }
    }
}

// Requests that persist (an input's queue for an output never empties) with ages as a queue's
// head would have them (the time of the pair's last service): every requested pair is served at
// least once in every inputs x outputs cycles, by every allocator with every arbiter kind; the
// wavefront within max(inputs, outputs) cycles, one turn of its priority diagonal.
TEST(AllocatorFairness, PersistentRequestsAreServedWithinABound) {
    for (const std::string& name : allocator_names())
        for (const std::string& kind : arbiter_names())
            for (const auto& [inputs, outputs] :
                 {std::pair<std::size_t, std::size_t>{6, 6}, {5, 8}, {12, 12}}) {
                std::mt19937_64 rng(inputs * 31 + outputs);
                const auto d = test::random_requests(rng, inputs, outputs, 50);
                const long bound = name == "wavefront"
                                       ? static_cast<long>(std::max(inputs, outputs))
                                       : static_cast<long>(inputs * outputs);
                auto a = make_allocator(name, inputs, outputs, kind, 1);
                std::vector<std::vector<std::uint64_t>> age(inputs,
                                                            std::vector<std::uint64_t>(outputs));
                request_matrix r(inputs, outputs);
                matching m(inputs, outputs);
                for (long cycle = 0; cycle < 10 * bound; ++cycle) {
                    d.load(r, &age);
                    a->allocate(r, m);
                    for (std::size_t in = 0; in < inputs; ++in)
                        if (m.output_of(in) != kNone)
                            age[in][m.output_of(in)] = static_cast<std::uint64_t>(cycle + 1);
                    for (std::size_t in = 0; in < inputs; ++in)
                        for (std::size_t out = 0; out < outputs; ++out)
                            if (d.asked[in][out]) {
                                ASSERT_LT(cycle + 1 - static_cast<long>(age[in][out]), bound)
                                    << name << "/" << kind << " " << inputs << "x" << outputs
                                    << " pair (" << in << ", " << out << ") cycle " << cycle;
                            }
                }
            }
}

}  // namespace
}  // namespace d3
