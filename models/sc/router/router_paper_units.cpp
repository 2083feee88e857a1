// The paper router's units (hold stage, replicator, switch allocator, output unit) built for a
// router, and the units of another implementation (--unit-impl) put in their place. A
// design-space router builds its own instead (router_design.cpp); the step is in sc/router.cpp.
#include "core/network/link_faults.h"
#include "sc/router.h"

namespace d3 {

// Not built for a design-space router (its --unit-impl options are refused: network_config).
void router::build_paper_units(const setup& s) {
    hold_.emplace("hold_stage", s.cfg.router);
    replicate_.emplace("replicator", s.pool, fanout_);
    const bool failure_at_step =
        s.cfg.faults() && fault_step(s.cfg.fail_links, s.cfg.fail_routers).has_value();
    if (failure_at_step && s.cfg.router.packet_length > 1) replicate_->record_parents();
    alloc_.emplace(
        "switch_allocator",
        switch_allocator::setup{ports_, s.cfg.router.arb,
                                // request sources: every buffer, then the hold stage
                                static_cast<std::uint32_t>(in_unit_.buffers() + 1), id_, s.observer,
                                classes_, s.background ? &background_stats_ : nullptr},
        stats_);
    output_unit::setup out{
        s.topo.k(), ports_, s.cfg.router.channels(), &s.cfg.router, &background_stats_,
        // a failure at a step judges multi-flit packets by their tails (tails_on)
        failure_at_step};
    if (s.topo.is_file())  // each link its own latency
        for (int o = 0; o < ports_; ++o)
            out.link_latencies.push_back(link_latency(s.cfg.router, s.topo, s.at, o));
    out_unit_.emplace("output_unit", out, stats_);
    if (s.cfg.router.switch_allocator_impl != unit_impl::cpp)
        alloc_->use(make_arbiter_bank(
            {this->name(), s.at, static_cast<std::size_t>(classes_ * ports_), ports_,
             static_cast<std::uint32_t>(in_unit_.buffers() + 1), s.cfg.router.switch_allocator_impl,
             s.cfg.router.switch_allocator_module.c_str()}));
    if (s.cfg.router.replicator_impl != unit_impl::cpp)
        replicate_->use(
            make_replicator_unit({this->name(), s.at, ports_, s.cfg.router.replicator_impl,
                                  s.cfg.router.replicator_module.c_str()}));
    if (s.cfg.router.hold_stage_impl != unit_impl::cpp) use_hold_unit(s);
}

// The hold stage's decisions from another unit (--unit-impl hold_stage=rtl|lockstep): the router
// steps as unit_step.
void router::use_hold_unit(const setup& s) {
    const router_params& r = s.cfg.router;
    hold_->use(
        make_hold_unit({this->name(), s.at, hold_->hold_time(action::local),
                        hold_->hold_time(action::global), static_cast<std::size_t>(r.hold_capacity),
                        r.hold_stage_impl, r.hold_stage_module.c_str()}));
    plain_ = false;
}

}  // namespace d3
