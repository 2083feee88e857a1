// The adapter of a design-space router's switch allocator (allocator_if,
// core/allocation/unit_allocator.h) to the Verilated rtl/d3_separable_allocator.sv (issue 49,
// docs/rtl-units.md), built with kAllocatorPorts rows and columns: the rows and columns a router
// uses are the first ones, the others never ask (a pointer past the ones in use acts as pointer
// 0, as the C++ arbiter's wrap does). Per allocation: the request matrix onto req_i (row i is word
// i), eval, the matching read from gnt_o, one clock edge with take_i high. It takes no lone or
// listed requests: every allocation comes through allocate() (the C++ allocator's contract makes
// those the same). rtl: the RTL's matching is the router's; lockstep: the C++ separable
// input-first allocator beside it decides, and the first allocation where they differ stops the
// run (SC_REPORT_ERROR("d3/lockstep")). A template over the model: d3sim's build and the
// seeded-fault build share it; include the model's generated header (V*.h) before this file.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/allocation/allocator_factory.h"
#include "core/allocation/unit_allocator.h"
#include "rtl/model_clock.h"

namespace d3 {

/// "<router>: switch_allocator (separable input-first): requests in0->out2 ...: C++ reference
/// matches ...; RTL matches ...".
std::string describe_allocator_mismatch(const unit_allocator_setup& s,
                                        const request_matrix& requests, const matching& reference,
                                        const matching& rtl);
/// Reports it as d3/lockstep (an error: the run stops).
void report_allocator_mismatch(const unit_allocator_setup& s, const request_matrix& requests,
                               const matching& reference, const matching& rtl);
/// Reports d3/unit-impl: the router has more rows or columns than the RTL's kAllocatorPorts.
void report_allocator_too_large(const unit_allocator_setup& s);

template <class Model>
class verilated_allocator final : public allocator_if {
  public:
    explicit verilated_allocator(const unit_allocator_setup& s)
        : setup_(s), rtl_grants_(s.inputs, s.outputs) {
        if (s.inputs > kAllocatorPorts || s.outputs > kAllocatorPorts)
            report_allocator_too_large(s);
        if (s.impl == unit_impl::lockstep)
            reference_ = make_allocator("separable-input-first", s.inputs, s.outputs);
        v_.clk_i = 0;
        v_.take_i = 0;
        clear_requests();
        reset_model(v_);
    }
    ~verilated_allocator() override { v_.final(); }
    verilated_allocator(const verilated_allocator&) = delete;
    verilated_allocator& operator=(const verilated_allocator&) = delete;

    std::size_t inputs() const override { return setup_.inputs; }
    std::size_t outputs() const override { return setup_.outputs; }

    void allocate(const request_matrix& requests, matching& grants) override {
        for (std::size_t i = 0; i < setup_.inputs; ++i)
            v_.req_i[i] = static_cast<std::uint32_t>(requests.row(i)[0]);
        v_.take_i = 1;
        v_.eval();
        matching& mine = reference_ ? rtl_grants_ : grants;
        mine.clear();
        for (std::size_t i = 0; i < setup_.inputs; ++i)
            if (const std::uint32_t w = v_.gnt_o[i]; w != 0)
                mine.match(i, static_cast<std::size_t>(__builtin_ctz(w)));
        clock_edge(v_);
        v_.take_i = 0;
        if (!reference_) return;
        reference_->allocate(requests, grants);
        if (!same(grants, rtl_grants_))
            report_allocator_mismatch(setup_, requests, grants, rtl_grants_);
    }

  private:
    static constexpr std::size_t kAllocatorPorts = static_cast<std::size_t>(d3::kAllocatorPorts);
    void clear_requests() {
        for (std::size_t i = 0; i < kAllocatorPorts; ++i) v_.req_i[i] = 0;
    }
    bool same(const matching& a, const matching& b) const {
        for (std::size_t i = 0; i < setup_.inputs; ++i)
            if (a.output_of(i) != b.output_of(i)) return false;
        return true;
    }

    unit_allocator_setup setup_;
    Model v_;
    std::unique_ptr<allocator_if> reference_;  ///< lockstep: the C++ allocator
    matching rtl_grants_;                      ///< lockstep: the RTL's matching
};

}  // namespace d3
