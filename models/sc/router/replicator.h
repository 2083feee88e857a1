// Replicator: the broadcast bit's fan-out. A broadcast entry is served one target at a time
// (the held copy, each link as the switch allocator grants it); every target but the last gets a
// fresh copy of the packet (same message, new serial number), the last takes the packet itself.
// A unicast entry's one target takes the packet. Every copy leaves with the decision's next
// header (the sync counter one lower), except at ejection.
#pragma once

#include <cstdint>
#include <memory>
#include <systemc>
#include <utility>
#include <vector>

#include "core/network/topology.h"
#include "core/router/unit_impl.h"
#include "sc/packet_pool.h"
#include "sc/router/entry.h"
#include "sc/step_deferral.h"

namespace d3 {

/// The fan-out decision in another implementation than the C++ one (issue 49, `d3sim --unit-impl
/// replicator=rtl|lockstep`): the Verilated rtl/d3_replicator.sv through its adapter
/// (models/rtl/rtl_replicator.h), registered by a build with the RTL (register_rtl_units()).
class replicator_unit_if {
  public:
    virtual ~replicator_unit_if() = default;
    /// Whether target `to` of the broadcast list `fan` (its targets not served yet, `to` among
    /// them) gets a fresh copy (else the packet itself, and the list closes). `reference`: the C++
    /// unit's answer (more than one target left). `t`: the router's step (the unit's wave).
    virtual bool take(std::uint64_t t, std::uint32_t fan, const std::vector<target>& left,
                      target to, bool reference) = 0;
};
struct replicator_unit_setup {
    const char* router = "";  ///< the router's SystemC name (reports)
    coord at;
    int ports = 1;  ///< link ports: targets 0..ports-1, then the hold stage and ejection
    unit_impl impl = unit_impl::rtl;
    const char* module = "";  ///< --unit-impl replicator=rtl:MODULE (empty: d3_replicator)
};
using replicator_unit_maker = std::unique_ptr<replicator_unit_if> (*)(const replicator_unit_setup&);
/// Registers the maker (a build with the RTL, before the network is built).
void set_replicator_unit_maker(replicator_unit_maker make);
/// A unit from the registered maker; SC_REPORT_ERROR("d3/unit-impl") when none was registered.
std::unique_ptr<replicator_unit_if> make_replicator_unit(const replicator_unit_setup& s);

class replicator : public sc_core::sc_object {
  public:
    /// `lists`: the broadcast entries' copies (shared with the route stage).
    replicator(const char* name, packet_pool& pool, fanout& lists);

    /// The packet that goes to `to` now (step `t`); marks `e` done after its last target.
    packet* take(entry& e, target to, std::uint64_t t = 0) {
        packet* p = e.broadcast() ? take_copy(e, to, t) : e.pkt;
        if (!e.broadcast()) e.done = true;
        if (to != kEjectTarget) p->hdr = e.dec.next;
        return p;
    }

    std::uint64_t copies() const { return copies_; }

    /// A run whose failure at a step judges multi-flit packets by their tails: each copy's parent
    /// is recorded, so that a copy sent on before its parent's tail arrived shares that tail's
    /// fate (network::flits_on_failures; docs/resilience.md).
    void record_parents() { record_parents_ = true; }
    /// (a copy's serial, the serial of the packet it was copied from), in the order made.
    const std::vector<std::pair<std::uint64_t, std::uint64_t>>& copy_parents() const {
        return parents_;
    }

    /// From now on `unit` decides each broadcast take (--unit-impl replicator=rtl|lockstep).
    void use(std::unique_ptr<replicator_unit_if> unit) { unit_ = std::move(unit); }
    /// --threads N > 1: copies are numbered by `d` (sc/step_deferral.h) for router `router`.
    void defer_copies(step_deferral* d, std::uint32_t router) {
        deferral_ = d;
        router_ = router;
    }

  private:
    /// A broadcast entry: a copy while other targets remain, else the packet (the list closed).
    packet* take_copy(entry& e, target to, std::uint64_t t);

    packet_pool& pool_;
    step_deferral* deferral_ = nullptr;
    std::uint32_t router_ = 0;
    fanout& lists_;
    std::uint64_t copies_ = 0;
    std::unique_ptr<replicator_unit_if> unit_;  ///< none: the C++ decision
    bool record_parents_ = false;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> parents_;  ///< record_parents()
};

}  // namespace d3
