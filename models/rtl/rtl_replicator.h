// The adapter of the replicator's unit interface (sc/router/replicator.h) to the Verilated
// rtl/d3_replicator.sv (issue 49, docs/rtl-units.md): one model per broadcast list a router has
// open at once (the list's number), each with a line per target (the link ports, then the hold
// stage, then ejection). A list is loaded into its model at its first take, when the C++ list
// still holds every target; each take drives take_i and take_idx_i, reads copy_o and done_o, and
// clocks the model once. rtl: the model decides whether the target gets a copy; lockstep: the C++
// unit decides and the first take where the model says otherwise stops the run
// (SC_REPORT_ERROR("d3/lockstep")). With --wave-rtl on its router, its ports go into the wave
// (replicator.*), a step's takes together. A template over the model: d3sim's build and the
// seeded-fault build share it; include the model's generated header (V*.h) before this file.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/router/unit_wave.h"
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
        declare_wave(unit_wave_for(s.at));
    }
    ~verilated_replicator() override {
        for (auto& v : models_)
            if (v) v->final();
    }
    verilated_replicator(const verilated_replicator&) = delete;
    verilated_replicator& operator=(const verilated_replicator&) = delete;

    bool take(std::uint64_t t, std::uint32_t fan, const std::vector<target>& left, target to,
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
        if (wave_) trace(t, fan, v.remaining_o, line(to), copy, done);
        edge(v);
        v.take_i = 0;
        if (setup_.impl == unit_impl::lockstep && (copy != reference || done == reference))
            report_replicator_mismatch(setup_, fan, left, to, reference, copy, done);
        const bool decided = setup_.impl == unit_impl::lockstep ? reference : copy;
        if (!decided) loaded_[fan] = false;  // the list closes
        return decided;
    }

  private:
    /// --wave-rtl: the ports under the router's scope, replicator.*, declared once for all lists.
    /// A step shows its takes together (a wave has one value per signal and step): the lists'
    /// lines before them (remaining_o), the lines served (take_i), the copies (copy_o) and the
    /// lists done (done_o) in the step, and the last list's number.
    void declare_wave(unit_wave_if* w) {
        wave_ = w;
        if (!w) return;
        w_list_ = w->add("replicator", "list", 32);
        w_targets_ = w->add("replicator", "remaining_o", kReplicatorLines);
        w_taken_ = w->add("replicator", "take_i", kReplicatorLines);
        w_copy_ = w->add("replicator", "copy_o", 8);
        w_done_ = w->add("replicator", "done_o", 8);
    }
    void trace(std::uint64_t t, std::uint32_t fan, std::uint64_t remaining, std::uint32_t idx,
               bool copy, bool done) {
        if (t != step_) {  // the step's first take
            step_ = t;
            step_view_ = {};
        }
        step_view_.remaining |= remaining;
        step_view_.taken |= std::uint64_t{1} << idx;
        step_view_.copies += copy;
        step_view_.done += done;
        wave_->set(t, w_list_, fan);
        wave_->set(t, w_targets_, step_view_.remaining);
        wave_->set(t, w_taken_, step_view_.taken);
        wave_->set(t, w_copy_, step_view_.copies);
        wave_->set(t, w_done_, step_view_.done);
    }
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
    unit_wave_if* wave_ = nullptr;                ///< --wave-rtl of this router
    std::uint32_t w_list_ = 0, w_targets_ = 0, w_taken_ = 0, w_copy_ = 0, w_done_ = 0;
    struct step_takes {
        std::uint64_t remaining = 0, taken = 0;
        std::uint64_t copies = 0, done = 0;
    };
    std::uint64_t step_ = ~std::uint64_t{0};  ///< the step of step_view_
    step_takes step_view_;                    ///< --wave-rtl: the takes of that step
};

}  // namespace d3
