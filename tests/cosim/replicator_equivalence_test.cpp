// The Verilated replicator (rtl/d3_replicator.sv) against the C++ replicator of the paper's router
// (sc/router/replicator.h): an entry's decision is loaded, its targets are served one at a time in
// the order the switch grants them, and each take's fresh copy (or the packet itself) and the
// entry's end must agree. Every list of four target lines in every order of service, unicast
// entries between them, seeded random lists of twenty lines (a D3 router's link ports and more),
// and the seeded fault (no copy for the last but one target) must be found. The C++ unit is an
// sc_object: SystemC's main runs the tests (tests/sim/sim_main.cpp); no simulation is started.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include "Vd3_replicator_t20.h"
#include "Vd3_replicator_t4.h"
#include "Vd3_replicator_t4_fault.h"
#include "sc/packet_pool.h"
#include "sc/router/replicator.h"

namespace d3 {
namespace {

template <typename Model>
class pair_under_test {
  public:
    pair_under_test() {
        Model& v = *rtl_;
        v.clk_i = 0;
        v.load_i = 0;
        v.take_i = 0;
        v.rst_ni = 0;
        v.eval();
        v.rst_ni = 1;
        v.eval();
    }
    /// An entry served at `order` (target lines, in order of service; one line: a unicast entry
    /// unless `broadcast`). False at the first take where the two differ.
    bool serve(const std::vector<int>& order, bool broadcast) {
        Model& v = *rtl_;
        entry e;
        e.pkt = pool_.acquire();
        packet* const original = e.pkt;
        std::uint64_t mask = 0;
        for (int t : order) mask |= std::uint64_t{1} << t;
        if (broadcast) {
            e.fan = lists_.open();
            for (int t : order) lists_[e.fan].push_back(static_cast<target>(t));
        }
        v.load_i = 1;  // the decision arrives: loaded at this edge
        v.broadcast_i = broadcast;
        v.targets_i = mask;
        edge();
        v.load_i = 0;
        bool same = true;
        for (int t : order) {
            packet* p = ref_.take(e, static_cast<target>(t));
            v.take_i = 1;
            v.take_idx_i = static_cast<std::uint8_t>(t);
            v.eval();
            same = same && (p != original) == (v.copy_o != 0) && e.done == (v.done_o != 0);
            edge();
            v.take_i = 0;
            if (p != original) pool_.release(p);
        }
        pool_.release(original);
        return same && v.remaining_o == 0;
    }

  private:
    void edge() {
        Model& v = *rtl_;
        v.eval();
        v.clk_i = 1;
        v.eval();
        v.clk_i = 0;
    }
    std::unique_ptr<Model> rtl_ = std::make_unique<Model>();
    packet_pool pool_;
    fanout lists_;
    replicator ref_{"replicator", pool_, lists_};
};

// Every non-empty list of `lines` targets in every order of service, each followed by a unicast
// entry: the number of entries that differ.
template <typename Model>
long differing_entries(int lines) {
    pair_under_test<Model> p;
    long differing = 0;
    for (std::uint32_t mask = 1; mask < (1u << lines); ++mask) {
        std::vector<int> order;
        for (int t = 0; t < lines; ++t)
            if (mask >> t & 1) order.push_back(t);
        do {
            differing += !p.serve(order, true);
            differing += !p.serve({order.back()}, false);
        } while (std::next_permutation(order.begin(), order.end()));
    }
    return differing;
}

TEST(RtlReplicator, EveryListOfFourTargetsInEveryOrder) {
    EXPECT_EQ(differing_entries<Vd3_replicator_t4>(4), 0);
}

TEST(RtlReplicator, SeededRandomListsOfTwentyTargets) {
    pair_under_test<Vd3_replicator_t20> p;
    std::mt19937_64 g(1);
    for (int i = 0; i < 20000; ++i) {
        std::vector<int> all(20);
        std::iota(all.begin(), all.end(), 0);
        std::shuffle(all.begin(), all.end(), g);
        all.resize(1 + g() % 20);
        const bool broadcast = g() % 4 != 0 || all.size() > 1;
        if (!broadcast) all.resize(1);
        ASSERT_TRUE(p.serve(all, broadcast)) << "entry " << i;
    }
}

TEST(RtlReplicator, TheSeededFaultIsFound) {
    EXPECT_GT(differing_entries<Vd3_replicator_t4_fault>(4), 0);
}

}  // namespace
}  // namespace d3
