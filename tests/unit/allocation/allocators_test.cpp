// core/allocation's allocators against the textbook's definitions (Dally & Towles ch. 19): every
// result a matching of the requests, wavefront and iSLIP with enough iterations maximal, separable
// input-first with one iteration not (the difference the others make); the factory's names.
#include <gtest/gtest.h>

#include <random>

#include "core/allocation/allocator_factory.h"
#include "core/allocation/arbiter_factory.h"
#include "unit/allocation/reference.h"

namespace d3 {
namespace {

struct allocator_shape {
    std::size_t inputs, outputs;
};
constexpr allocator_shape kAllocatorShapes[] = {{1, 1}, {2, 3}, {12, 12}, {5, 9}, {9, 5}, {70, 66}};

// Every allocator with every arbiter kind and 1 to 3 iterations, on seeded random requests of
// every density: each result is a matching of the requests.
TEST(Allocators, EveryResultIsAMatchingOfTheRequests) {
    for (const std::string& name : allocator_names())
        for (const std::string& kind : arbiter_names())
            for (int iterations : {1, 2, 3})
                for (const allocator_shape s : kAllocatorShapes) {
                    std::mt19937_64 rng(s.inputs * 1000 + s.outputs);
                    auto a = make_allocator(name, s.inputs, s.outputs, kind, iterations);
                    request_matrix r(s.inputs, s.outputs);
                    matching m(s.inputs, s.outputs);
                    for (int cycle = 0; cycle < 60; ++cycle) {
                        const auto d = test::random_requests(rng, s.inputs, s.outputs, cycle % 101);
                        std::vector<std::vector<std::uint64_t>> age(
                            s.inputs, std::vector<std::uint64_t>(s.outputs));
                        for (auto& row : age)
                            for (auto& x : row) x = rng() % 16;
                        d.load(r, &age);
                        a->allocate(r, m);
                        ASSERT_EQ(test::matching_fault(d, m), "")
                            << name << "/" << kind << "/" << iterations << " " << s.inputs << "x"
                            << s.outputs << " cycle " << cycle;
                    }
                }
}

// Every allocator that promises it: wavefront always, iSLIP and the separable allocators once
// their iterations reach min(inputs, outputs) (each pass that leaves a requested pair free adds a
// pair).
TEST(Allocators, WavefrontAndEnoughIterationsGiveMaximalMatchings) {
    for (const allocator_shape s : kAllocatorShapes) {
        const int enough = static_cast<int>(std::min(s.inputs, s.outputs));
        for (const std::string& name : allocator_names()) {
            const int iterations = name == "wavefront" ? 1 : enough;
            auto a = make_allocator(name, s.inputs, s.outputs, "round-robin", iterations);
            std::mt19937_64 rng(7);
            request_matrix r(s.inputs, s.outputs);
            matching m(s.inputs, s.outputs);
            for (int cycle = 0; cycle < 100; ++cycle) {
                const auto d = test::random_requests(rng, s.inputs, s.outputs, cycle % 60);
                d.load(r);
                a->allocate(r, m);
                ASSERT_TRUE(test::maximal(d, m)) << name << " " << s.inputs << "x" << s.outputs;
            }
        }
    }
}

// Dally & Towles 19.3's weakness of a one-pass separable allocator: input 1 asks for outputs 0
// and 1, input 0 only for output 0. Input 1's arbiter picks output 0 (its first), and loses it to
// input 0, while output 1, which only input 1 wanted, goes unused.
TEST(Allocators, SeparableInputFirstWithOneIterationIsNotMaximal) {
    test::dense_requests d(2, 2);
    d.asked[0][0] = true;
    d.asked[1][0] = d.asked[1][1] = true;
    request_matrix r(2, 2);
    d.load(r);
    matching m(2, 2);

    make_allocator("separable-input-first", 2, 2, "round-robin", 1)->allocate(r, m);
    EXPECT_EQ(test::matching_fault(d, m), "");
    EXPECT_EQ(m.size(), 1u);
    EXPECT_EQ(m.output_of(0), 0u);
    EXPECT_FALSE(test::maximal(d, m));  // (1, 1) asked, both free

    // A second iteration, iSLIP (its outputs grant first) and the wavefront find both pairs.
    make_allocator("separable-input-first", 2, 2, "round-robin", 2)->allocate(r, m);
    EXPECT_EQ(m.size(), 2u);
    make_allocator("islip", 2, 2, "round-robin", 1)->allocate(r, m);
    EXPECT_EQ(m.size(), 2u);
    make_allocator("wavefront", 2, 2)->allocate(r, m);
    EXPECT_EQ(m.size(), 2u);
}

// An allocator that takes lone requests (no two share an input or an output) grants them with
// allocate_lone exactly as allocate() would: the same pairs now, and the same priorities after
// (a twin that sees every cycle through allocate() matches it on every later cycle, lone or not).
TEST(Allocators, LoneRequestsMovePrioritiesAsAllocateDoes) {
    for (const std::string& name : allocator_names())
        for (const std::string& kind : arbiter_names())
            for (const allocator_shape s : kAllocatorShapes) {
                auto lone = make_allocator(name, s.inputs, s.outputs, kind, 2);
                if (!lone->takes_lone_requests()) continue;
                auto full = make_allocator(name, s.inputs, s.outputs, kind, 2);
                std::mt19937_64 rng(s.inputs * 7 + s.outputs);
                request_matrix r(s.inputs, s.outputs);
                matching m(s.inputs, s.outputs), n(s.inputs, s.outputs);
                int lone_cycles = 0;
                for (int cycle = 0; cycle < 200; ++cycle) {
                    r.clear();
                    std::vector<lone_request> list;
                    const std::size_t tries = 1 + rng() % 4;
                    for (std::size_t k = 0; k < tries; ++k) {
                        const std::size_t in = rng() % s.inputs, out = rng() % s.outputs;
                        if (r.requested(in, out)) continue;
                        r.add(in, out, rng() % 16);
                        list.push_back({in, out});
                    }
                    full->allocate(r, m);
                    if (!r.shared()) {
                        ++lone_cycles;
                        lone->allocate_lone(list.data(), list.size());
                        ASSERT_EQ(m.size(), list.size()) << name << "/" << kind;
                        for (const lone_request& q : list)
                            ASSERT_EQ(m.output_of(q.input), q.output);
                        continue;
                    }
                    lone->allocate(r, n);
                    for (std::size_t in = 0; in < s.inputs; ++in)
                        ASSERT_EQ(n.output_of(in), m.output_of(in))
                            << name << "/" << kind << " " << s.inputs << "x" << s.outputs
                            << " cycle " << cycle;
                }
                EXPECT_GT(lone_cycles, 0);
            }
}

// An allocator that takes listed requests matches a cycle's list (sharing ports or not, a pair
// listed twice) exactly as allocate() matches the same requests in a matrix: the same pairs among
// those that share a port now, the lone ones granted, and the same priorities after (a twin fed
// through allocate() matches it on every later cycle).
TEST(Allocators, ListedRequestsMatchAsAllocateDoes) {
    for (const std::string& name : allocator_names())
        for (const std::string& kind : arbiter_names())
            for (const allocator_shape s : kAllocatorShapes)
                for (int iterations : {1, 2}) {
                    auto listed = make_allocator(name, s.inputs, s.outputs, kind, iterations);
                    if (!listed->takes_listed_requests()) continue;
                    auto full = make_allocator(name, s.inputs, s.outputs, kind, iterations);
                    std::mt19937_64 rng(s.inputs * 11 + s.outputs);
                    request_matrix r(s.inputs, s.outputs);
                    listed_requests list(64);
                    matching m(s.inputs, s.outputs), n(s.inputs, s.outputs);
                    int shared_cycles = 0;
                    for (int cycle = 0; cycle < 300; ++cycle) {
                        r.clear();
                        list.clear();
                        const std::size_t tries = 1 + rng() % 8;
                        for (std::size_t k = 0; k < tries; ++k) {
                            const std::size_t in = rng() % s.inputs, out = rng() % s.outputs;
                            r.add(in, out);
                            list.add(in, out);
                            if (rng() % 8 == 0) list.add(in, out);  // asked twice
                        }
                        list.settle();
                        full->allocate(r, m);
                        listed->allocate_listed(list, n);
                        if (list.shared()) ++shared_cycles;
                        for (std::size_t i = 0; i < list.size(); ++i) {
                            const lone_request& q = list[i];
                            const std::size_t got = list.alone(i) ? q.output : n.output_of(q.input);
                            ASSERT_EQ(got == q.output, m.output_of(q.input) == q.output)
                                << name << "/" << kind << "/" << iterations << " " << s.inputs
                                << "x" << s.outputs << " cycle " << cycle;
                        }
                    }
                    EXPECT_GT(shared_cycles, 0);
                }
}

// An allocator that takes single asks (each input asks for one output at most, given by output)
// grants exactly what allocate() grants for the same requests in a matrix and moves the same
// priorities (a twin fed through allocate() matches it on every later cycle).
TEST(Allocators, SingleAsksMatchAsAllocateDoes) {
    int checked = 0, shared_cycles = 0;
    for (const std::string& name : allocator_names())
        for (const std::string& kind : arbiter_names())
            for (const allocator_shape s : kAllocatorShapes)
                for (int iterations : {1, 2}) {
                    auto single = make_allocator(name, s.inputs, s.outputs, kind, iterations);
                    if (!single->takes_single_asks()) continue;
                    ++checked;
                    auto full = make_allocator(name, s.inputs, s.outputs, kind, iterations);
                    std::mt19937_64 rng(s.inputs * 13 + s.outputs);
                    request_matrix r(s.inputs, s.outputs);
                    matching m(s.inputs, s.outputs);
                    std::vector<std::uint64_t> askers(s.outputs, 0);
                    for (int cycle = 0; cycle < 300; ++cycle) {
                        r.clear();
                        std::uint64_t outputs = 0;
                        std::vector<std::size_t> asked(s.inputs, kNone);
                        for (std::size_t in = 0; in < s.inputs; ++in) {
                            if (rng() % 3 == 0) continue;
                            const std::size_t out = rng() % (1 + rng() % s.outputs);
                            r.add(in, out);
                            asked[in] = out;
                            askers[out] |= std::uint64_t{1} << in;
                            outputs |= std::uint64_t{1} << out;
                        }
                        if (r.shared()) ++shared_cycles;
                        full->allocate(r, m);
                        std::uint64_t several = 0;
                        for (std::size_t out = 0; out < s.outputs; ++out)
                            if ((askers[out] & (askers[out] - 1)) != 0)
                                several |= std::uint64_t{1} << out;
                        std::uint64_t shared = ~std::uint64_t{0};
                        const std::uint64_t granted =
                            single->allocate_single_asks(outputs, askers.data(), shared);
                        ASSERT_EQ(shared, several);
                        for (std::size_t out = 0; out < s.outputs; ++out)
                            ASSERT_EQ(askers[out], 0u);
                        for (std::size_t in = 0; in < s.inputs; ++in)
                            ASSERT_EQ(((granted >> in) & 1u) != 0,
                                      asked[in] != kNone && m.output_of(in) == asked[in])
                                << name << "/" << kind << "/" << iterations << " " << s.inputs
                                << "x" << s.outputs << " cycle " << cycle;
                    }
                }
    EXPECT_GT(checked, 0);
    EXPECT_GT(shared_cycles, 0);
}

// An allocator that takes single asks matches requests given as words from both sides
// (allocate_words, inputs asking for several outputs) exactly as allocate() matches them in a
// matrix, and moves the same priorities (a twin fed through allocate() matches it on every
// later cycle).
TEST(Allocators, WordsMatchAsAllocateDoes) {
    int checked = 0;
    for (const std::string& name : allocator_names())
        for (const std::string& kind : arbiter_names())
            for (const allocator_shape s : kAllocatorShapes)
                for (int iterations : {1, 2}) {
                    auto words = make_allocator(name, s.inputs, s.outputs, kind, iterations);
                    if (!words->takes_single_asks()) continue;
                    ++checked;
                    auto full = make_allocator(name, s.inputs, s.outputs, kind, iterations);
                    std::mt19937_64 rng(s.inputs * 17 + s.outputs);
                    request_matrix r(s.inputs, s.outputs);
                    matching m(s.inputs, s.outputs), n(s.inputs, s.outputs);
                    for (int cycle = 0; cycle < 300; ++cycle) {
                        r.clear();
                        std::vector<std::uint64_t> input_outputs(s.inputs, 0),
                            output_inputs(s.outputs, 0);
                        std::uint64_t inputs = 0, outputs = 0;
                        const std::size_t tries = 1 + rng() % 10;
                        for (std::size_t k = 0; k < tries; ++k) {
                            const std::size_t in = rng() % s.inputs, out = rng() % s.outputs;
                            r.add(in, out);
                            input_outputs[in] |= std::uint64_t{1} << out;
                            output_inputs[out] |= std::uint64_t{1} << in;
                            inputs |= std::uint64_t{1} << in;
                            outputs |= std::uint64_t{1} << out;
                        }
                        full->allocate(r, m);
                        words->allocate_words(inputs, input_outputs.data(), outputs,
                                              output_inputs.data(), n);
                        for (std::size_t in = 0; in < s.inputs; ++in)
                            ASSERT_EQ(n.output_of(in), m.output_of(in))
                                << name << "/" << kind << "/" << iterations << " " << s.inputs
                                << "x" << s.outputs << " cycle " << cycle;
                    }
                }
    EXPECT_GT(checked, 0);
}

TEST(Allocators, FactoryBuildsEveryNameAndRefusesOthers) {
    EXPECT_EQ(allocator_names(),
              (std::vector<std::string>{"separable-input-first", "separable-output-first", "islip",
                                        "wavefront"}));
    for (const std::string& name : allocator_names())
        for (const std::string& kind : arbiter_names()) {
            const allocator_setup s{12, 7, kind, 2};
            EXPECT_FALSE(allocator_error(name, s));
            const auto a = make_allocator(name, s);
            EXPECT_EQ(a->inputs(), 12u);
            EXPECT_EQ(a->outputs(), 7u);
        }
    const auto err = allocator_error("maximum-size", allocator_setup{});
    ASSERT_TRUE(err);
    EXPECT_NE(err->find("'maximum-size'"), std::string::npos);
    EXPECT_NE(err->find("wavefront"), std::string::npos);  // says what is known
    EXPECT_EQ(err->find('\n'), std::string::npos);
    EXPECT_THROW(make_allocator("maximum-size", 4, 4), std::invalid_argument);
    EXPECT_THROW(make_allocator("islip", 4, 4, "lottery"), std::invalid_argument);
    EXPECT_THROW(make_allocator("islip", 4, 4, "round-robin", 0), std::invalid_argument);
    EXPECT_THROW(make_allocator("wavefront", 0, 4), std::invalid_argument);
}

}  // namespace
}  // namespace d3
