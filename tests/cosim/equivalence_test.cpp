// The Verilated RTL decoder against the C++ reference d3::decode, bit for bit on every output port
// (act_o, port_o, hold_o, next_o): exhaustively for every D3(K, M) with K <= 4 and M <= 8, and on
// random headers for large networks up to K = M = 256. Plain C++: the --cc model, no SystemC
// kernel. Built three times: against the model d3sim uses (8-bit port widths); with D3_EQUIV_NARROW
// against a model verilated with GlobalPortWidth = 2, LocalPortWidth = 3 (K <= 4, M <= 8); and with
// D3_EQUIV_FAULT against the seeded-fault build, where the check must find exactly the seeded case.
#if D3_EQUIV_NARROW
#include "Vd3_header_decoder_narrow.h"
using verilated_model = Vd3_header_decoder_narrow;
#elif D3_EQUIV_FAULT
#include "Vd3_header_decoder_fault.h"
using verilated_model = Vd3_header_decoder_fault;
#else
#include "Vd3_header_decoder.h"
using verilated_model = Vd3_header_decoder;
#endif

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <random>
#include <tuple>

#include "core/decoding/decoder.h"
#include "core/network/dragonfly.h"
#include "header_space.h"
#include "rtl/verilated_engine.h"

namespace d3 {
namespace {

#if D3_EQUIV_NARROW
constexpr const char* kModel = "Vd3_header_decoder_narrow";
constexpr rtl_limits kLimits{2, 3};
#elif D3_EQUIV_FAULT
constexpr const char* kModel = "Vd3_header_decoder_fault";
constexpr rtl_limits kLimits{8, 8};
#else
constexpr const char* kModel = "Vd3_header_decoder";
constexpr rtl_limits kLimits{8, 8};
#endif

// Runs headers through one Verilated model and the reference; counts differences and reports the
// first ones as test failures (unless `report` is off: the seeded-fault test expects differences).
class checker {
  public:
    checker(int k, int m, bool report = true) : checker(topology(k, m), report) {}
    /// D3 or MDF (the engine drives mdf_i and the routing table entries of the wiring).
    explicit checker(const topology& t, bool report = true)
        : engine_(t, kModel), t_(t), report_(report) {}

    /// True when every output port of the RTL equals the reference's.
    bool check(const header& h, const coord& at) {
        const decision ref = decode(h, at, t_);
        const decision got = engine_.eval(h, at);
        const rtl_ports& raw = engine_.last();
        ++checked_;
        ++by_action_[static_cast<std::size_t>(ref.act)];
        if (raw.act == static_cast<std::uint32_t>(ref.act) && raw.port == ref.port &&
            raw.hold == ref.hold && raw.next == pack(ref.next) && got == ref)
            return true;
        if (++mismatches_ <= 10 && report_)
            ADD_FAILURE() << t_.name() << " at " << to_string(at) << " header " << to_string(h)
                          << ": reference " << to_string(ref) << " (next word 0x" << std::hex
                          << pack(ref.next) << "), RTL act " << std::dec << raw.act << " port "
                          << raw.port << " hold " << raw.hold << " next 0x" << std::hex << raw.next;
        return false;
    }

    std::uint64_t checked() const { return checked_; }
    std::uint64_t mismatches() const { return mismatches_; }
    std::uint64_t count(action a) const { return by_action_[static_cast<std::size_t>(a)]; }

  private:
    verilated_engine<verilated_model> engine_;
    topology t_;
    bool report_;
    std::uint64_t checked_ = 0, mismatches_ = 0;
    std::array<std::uint64_t, 6> by_action_{};
};

#if D3_EQUIV_FAULT
// The exhaustive check finds the seeded fault, and only it: every difference is a source-vector
// header at b = 1 (no broadcast) with pi != delta, and every such valid header differs.
TEST(SeededFault, ExhaustiveCheckFindsExactlyTheSeededCase) {
    constexpr int k = 3, m = 4;
    checker chk(k, m, false);
    std::uint64_t differ = 0, expected = 0, elsewhere = 0;
    for (const coord& at : cosim::coords_that_matter(k, m))
        cosim::for_each_header(k, m, [&](const header& h) {
            const bool seeded = h.kind == header_kind::source_vector && !h.broadcast && h.b == 1 &&
                                h.pi() != h.delta() && valid(h, k, m);
            const bool same = chk.check(h, at);
            differ += !same;
            expected += seeded;
            elsewhere += !same && !seeded;
        });
    EXPECT_GT(differ, 0u);
    EXPECT_EQ(differ, expected);
    EXPECT_EQ(elsewhere, 0u);
    std::printf("%s: D3(%d,%d): %llu of %llu decodes differ, all of them the seeded case\n", kModel,
                k, m, static_cast<unsigned long long>(differ),
                static_cast<unsigned long long>(chk.checked()));
}
#else
class Exhaustive : public testing::TestWithParam<int> {};

// Every header of tests/cosim/header_space.h at every coordinate that matters, for one K and every
// M = 2..8.
TEST_P(Exhaustive, EveryHeaderEveryCoordinate) {
    const int k = GetParam();
    ASSERT_LE(k, kLimits.max_k());
    std::uint64_t total = 0, valid = 0;
    for (int m = 2; m <= 8 && m <= kLimits.max_m(); ++m) {
        checker chk(k, m);
        std::uint64_t per_coord = 0;
        const auto coords = cosim::coords_that_matter(k, m);
        for (const coord& at : coords)
            per_coord = cosim::for_each_header(k, m, [&](const header& h) { chk.check(h, at); });
        EXPECT_EQ(chk.mismatches(), 0u) << "D3(" << k << "," << m << ")";
        EXPECT_EQ(chk.checked(), per_coord * coords.size());
        total += chk.checked();
        valid += chk.checked() - chk.count(action::invalid);
        // The space reaches every action.
        for (int a = 0; a <= static_cast<int>(action::invalid); ++a)
            EXPECT_GT(chk.count(static_cast<action>(a)), 0u) << to_string(static_cast<action>(a));
    }
    std::printf("%s: K=%d, M=2..8: %llu (header, coordinate) pairs, %llu valid, all equal\n",
                kModel, k, static_cast<unsigned long long>(total),
                static_cast<unsigned long long>(valid));
    RecordProperty("checked", std::to_string(total));
}

INSTANTIATE_TEST_SUITE_P(SmallNetworks, Exhaustive, testing::Values(1, 2, 3, 4),
                         [](const testing::TestParamInfo<int>& i) {
                             return "K" + std::to_string(i.param);
                         });

// MDF(K,M) (issue 14): mdf_i = 1 and the routing table entries of the wiring. Every header of
// header_space.h's MDF space (kinds selected by bit) at every router of the chosen groups (all
// groups when `groups` is empty); returns (checked, valid) and expects no mismatch and every
// action reached when all kinds are walked.
struct mdf_counts {
    std::uint64_t checked = 0, valid = 0;
};

mdf_counts check_mdf(int k, int m, arrangement a, unsigned kinds, std::vector<int> groups = {}) {
    const topology t(std::make_shared<const dragonfly>(k, m, a));
    checker chk(t);
    if (groups.empty())
        for (int g = 0; g < t.groups(); ++g) groups.push_back(g);
    std::uint64_t per_router = 0;
    for (int g : groups)
        for (int r = 0; r < m; ++r)
            per_router = cosim::for_each_mdf_header(k, m, kinds, [&](const header& h) {
                chk.check(h, {g, 0, r});
            });
    EXPECT_EQ(chk.mismatches(), 0u) << t.name() << " " << to_string(a);
    EXPECT_EQ(chk.checked(), per_router * groups.size() * static_cast<std::uint64_t>(m));
    if (kinds == 7u) {
        for (int x = 0; x <= static_cast<int>(action::invalid); ++x) {
            EXPECT_GT(chk.count(static_cast<action>(x)), 0u) << to_string(static_cast<action>(x));
        }
    }
    return {chk.checked(), chk.checked() - chk.count(action::invalid)};
}

// Every header at every router of small MDFs that fit the model (the narrow model: K*M+1 <= 4).
TEST(Mdf, EveryHeaderEveryRouterOfSmallNetworks) {
    std::uint64_t total = 0, valid = 0;
    const std::vector<std::pair<int, int> > shapes = {{1, 2}, {1, 3}, {2, 2},
                                                      {2, 3}, {2, 4}, {3, 3}};
    for (arrangement a : {arrangement::palmtree, arrangement::consecutive})
        for (const auto& [k, m] : shapes) {
            if (k * m + 1 > kLimits.max_k() || m > kLimits.max_m()) continue;
            const mdf_counts n = check_mdf(k, m, a, 7u);
            total += n.checked;
            valid += n.valid;
        }
    EXPECT_GT(valid, 0u);
    std::printf(
        "%s: MDF palmtree and consecutive, K*M+1 <= %d: %llu (header, router) pairs, %llu "
        "valid, all equal\n",
        kModel, kLimits.max_k(), static_cast<unsigned long long>(total),
        static_cast<unsigned long long>(valid));
}

#if !D3_EQUIV_NARROW
// MDF(4,8), the all-to-all's network (bounded to a few seconds): every source-vector header at
// every router of four groups (first, second, middle, last: the decoder reads the group only
// through its routing table) and every destination header at every router of two groups (the
// table entries of all their destinations) on palmtree; on consecutive half of that.
TEST(Mdf, SourceVectorsEveryRouterOfMdf4_8) {
    std::uint64_t total = 0;
    total += check_mdf(4, 8, arrangement::palmtree, 1u << 0, {0, 1, 16, 32}).checked;
    total += check_mdf(4, 8, arrangement::palmtree, 1u << 1, {0, 32}).checked;
    total += check_mdf(4, 8, arrangement::consecutive, 1u << 0, {5, 31}).checked;
    total += check_mdf(4, 8, arrangement::consecutive, 1u << 1, {7}).checked;
    std::printf("%s: MDF(4,8): %llu (header, router) pairs, all equal\n", kModel,
                static_cast<unsigned long long>(total));
}

// The largest MDFs the header carries (K*M+1 = 256 groups: groups_i and c_i at full width), on
// random headers at random routers: mostly in-range fields, some out of range.
TEST(Mdf, RandomHeadersOnLargeNetworks) {
    constexpr std::uint64_t kPerNetwork = 200'000;
    std::mt19937_64 rng(20261123);
    const auto below = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const auto chance = [&](int percent) { return below(100) < percent; };
    std::uint64_t total = 0, valid = 0;
    const std::array<std::tuple<int, int, arrangement>, 3> nets{{{15, 17, arrangement::palmtree},
                                                                 {5, 51, arrangement::consecutive},
                                                                 {127, 2, arrangement::palmtree}}};
    for (const auto& [k, m, a] : nets) {
        const topology t(std::make_shared<const dragonfly>(k, m, a));
        checker chk(t);
        const auto in = [&](int n) { return chance(95) ? below(n) : below(256); };
        for (std::uint64_t i = 0; i < kPerNetwork; ++i) {
            header h;
            h.kind = chance(50)   ? header_kind::destination
                     : chance(90) ? header_kind::source_vector
                                  : header_kind::sync;
            const bool dest = h.kind == header_kind::destination;
            h.broadcast = chance(dest ? 3 : 15);
            h.b = static_cast<std::uint8_t>(chance(90) ? below(dest ? 6 : 4) : below(8));
            h.f0 = static_cast<std::uint8_t>(in(dest ? t.groups() : k));
            h.f1 = static_cast<std::uint8_t>(dest ? (chance(95) ? 0 : below(256)) : in(m));
            h.f2 = static_cast<std::uint8_t>(in(m));
            h.defl_c = static_cast<std::uint8_t>(dest ? in(k) : chance(95) ? 0 : below(256));
            h.defl_d = static_cast<std::uint8_t>(dest ? in(m) : chance(95) ? 0 : below(256));
            chk.check(h, {below(t.groups()), 0, below(m)});
        }
        EXPECT_EQ(chk.mismatches(), 0u) << t.name();
        total += chk.checked();
        valid += chk.checked() - chk.count(action::invalid);
    }
    EXPECT_GT(valid, total / 4);
    std::printf(
        "%s: %llu random headers on MDF(15,17), MDF(5,51), MDF(127,2), %llu valid, all "
        "equal\n",
        kModel, static_cast<unsigned long long>(total), static_cast<unsigned long long>(valid));
}
#endif

#endif  // D3_EQUIV_FAULT

#if !D3_EQUIV_NARROW && !D3_EQUIV_FAULT
// Random headers on large networks, up to the largest the format carries (K = M = 256). Mostly
// in-range fields (so that most headers are valid and every b and port is exercised), some
// out-of-range ones (invalid headers), the fixed point one time in four.
TEST(Random, LargeNetworks) {
    constexpr std::uint64_t kPerNetwork = 500'000;
    const std::array<std::pair<int, int>, 12> nets{{{256, 256},
                                                    {255, 256},
                                                    {256, 255},
                                                    {256, 2},
                                                    {1, 256},
                                                    {200, 129},
                                                    {128, 128},
                                                    {129, 255},
                                                    {17, 33},
                                                    {64, 200},
                                                    {3, 250},
                                                    {250, 7}}};
    std::mt19937_64 rng(20240611);
    const auto below = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const auto chance = [&](int percent) { return below(100) < percent; };
    std::uint64_t total = 0;
    std::array<std::uint64_t, 6> by_action{};
    for (const auto& [k, m] : nets) {
        checker chk(k, m);
        const auto global = [&] { return chance(92) ? below(k) : below(256); };
        const auto local = [&] { return chance(92) ? below(m) : below(256); };
        for (std::uint64_t i = 0; i < kPerNetwork; ++i) {
            coord at{below(k), below(m), below(m)};
            if (chance(25)) at.d = at.p;
            header h;
            h.kind = chance(50)   ? header_kind::destination
                     : chance(30) ? header_kind::sync
                                  : header_kind::source_vector;
            const bool dest = h.kind == header_kind::destination;
            const bool sync = h.kind == header_kind::sync;
            h.broadcast = chance(dest ? 3 : 15);
            h.b = static_cast<std::uint8_t>(chance(90) ? below(dest || sync ? 6 : 4) : below(8));
            h.f0 = static_cast<std::uint8_t>(global());
            h.f1 = static_cast<std::uint8_t>(local());
            h.f2 = static_cast<std::uint8_t>(local());
            h.defl_c = static_cast<std::uint8_t>(dest ? global() : chance(95) ? 0 : below(256));
            h.defl_d = static_cast<std::uint8_t>(dest ? local() : chance(95) ? 0 : below(256));
            chk.check(h, at);
        }
        EXPECT_EQ(chk.mismatches(), 0u) << "D3(" << k << "," << m << ")";
        total += chk.checked();
        for (int a = 0; a <= static_cast<int>(action::invalid); ++a)
            by_action[static_cast<std::size_t>(a)] += chk.count(static_cast<action>(a));
    }
    EXPECT_GE(total, 1'000'000u);
    std::printf("%s: %llu random headers on %zu networks up to D3(256,256), all equal:", kModel,
                static_cast<unsigned long long>(total), nets.size());
    for (int a = 0; a <= static_cast<int>(action::invalid); ++a) {
        std::printf(" %s %llu", to_string(static_cast<action>(a)),
                    static_cast<unsigned long long>(by_action[static_cast<std::size_t>(a)]));
        EXPECT_GT(by_action[static_cast<std::size_t>(a)], 10'000u);
    }
    std::printf("\n");
    RecordProperty("checked", std::to_string(total));
}
#endif

}  // namespace
}  // namespace d3
