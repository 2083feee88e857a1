// The adapter of the replicator's unit interface (sc/router/replicator.h) to the Verilated
// rtl/d3_replicator.sv (issue 49, docs/rtl-units.md): one model per broadcast list a router has
// open at once (the list's number), each with a line per target (the link ports, then the hold
// stage, then ejection). A list is loaded into its model at its first take, when the C++ list
// still holds every target; each take drives take_i and take_idx_i, reads copy_o and done_o, and
// clocks the model once. rtl: the model decides whether the target gets a copy; lockstep: the C++
// unit decides and the first take where the model says otherwise stops the run
// (SC_REPORT_ERROR("d3/lockstep")). A template over the model: d3sim's build and the seeded-fault
// build share it; include the model's generated header (V*.h) before this file.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sc/router/replicator.h"

namespace d3 {

/// "<router> (c,d,p): replicator list F, targets left t1 t2 ..., serving T: C++ reference gives
/// a copy|the packet (the last); RTL: copy_o C, done_o D".
std::string describe_replicator_mismatch(const replicator_unit_setup& s, std::uint32_t fan,
                                         const std::vector<target>& left, target to, bool reference,
                                         bool copy, bool done);
/// Reports it as d3/lockstep (an error: the run stops).
void report_replicator_mismatch(const replicator_unit_setup& s, std::uint32_t fan,
                                const std::vector<target>& left, target to, bool reference,
                                bool copy, bool done);

template <class Model>
class verilated_replicator final : public replicator_unit_if {
  public:
    explicit verilated_replicator(const replicator_unit_setup& s) : setup_(s), router_(s.router) {
        setup_.router = router_.c_str();
    }
    ~verilated_replicator() override {
        for (auto& v : models_)
            if (v) v->final();
    }
    verilated_replicator(const verilated_replicator&) = delete;
    verilated_replicator& operator=(const verilated_replicator&) = delete;

    bool take(std::uint32_t fan, const std::vector<target>& left, target to,
              bool reference) override {
        if (fan >= models_.size()) {
            models_.resize(fan + 1);
            loaded_.resize(fan + 1, false);
        }
        if (!models_[fan]) models_[fan] = fresh();
        Model& v = *models_[fan];
        if (!loaded_[fan]) {  // the list's first take: every target is left
            std::uint64_t mask = 0;
            for (target x : left) mask |= std::uint64_t{1} << line(x);
            v.load_i = 1;
            v.broadcast_i = 1;
            v.targets_i = mask;
            edge(v);
            v.load_i = 0;
            loaded_[fan] = true;
        }
        v.take_i = 1;
        v.take_idx_i = static_cast<std::uint8_t>(line(to));
        v.eval();
        const bool copy = v.copy_o != 0;
        const bool done = v.done_o != 0;
        edge(v);
        v.take_i = 0;
        if (setup_.impl == unit_impl::lockstep && (copy != reference || done == reference))
            report_replicator_mismatch(setup_, fan, left, to, reference, copy, done);
        const bool decided = setup_.impl == unit_impl::lockstep ? reference : copy;
        if (!decided) loaded_[fan] = false;  // the list closes
        return decided;
    }

  private:
    std::uint32_t line(target x) const {
        const auto ports = static_cast<std::uint32_t>(setup_.ports);
        return is_link(x) ? x : x == kHoldTarget ? ports : ports + 1;
    }
    static void edge(Model& v) {
        v.eval();
        v.clk_i = 1;
        v.eval();
        v.clk_i = 0;
    }
    static std::unique_ptr<Model> fresh() {
        auto v = std::make_unique<Model>();
        v->clk_i = 0;
        v->load_i = 0;
        v->take_i = 0;
        v->rst_ni = 0;
        v->eval();
        v->rst_ni = 1;
        v->eval();
        return v;
    }

    replicator_unit_setup setup_;
    std::string router_;                          ///< setup_.router, kept
    std::vector<std::unique_ptr<Model>> models_;  ///< per list number
    std::vector<bool> loaded_;                    ///< per list number: its list is in the model
};

}  // namespace d3
