// The hold stage's path where another unit decides (hold_unit_if, `--unit-impl
// hold_stage=rtl|lockstep`; the router steps as unit_step): the C++ list keeps the packets in the
// order they entered, the unit is told them, which left and which entered, and decides which are
// ready and the room. One service class (core/network/config.cpp refuses two with a capacity).
#include <systemc>

#include "sc/router/hold_stage.h"

namespace d3 {

namespace {
hold_unit_maker& hold_maker() {
    static hold_unit_maker m = nullptr;
    return m;
}

hold_slot slot_of(const entry& e, std::uint64_t seq, std::uint32_t lane) {
    hold_slot s;
    s.tag = hold_tag(seq);
    s.global = lane == 1;
    s.due = e.ready;
    s.packet = e.pkt ? e.pkt->serial : 0;
    return s;
}
}  // namespace

void hold_stage::use(std::unique_ptr<hold_unit_if> unit) {
    unit_ = std::make_unique<unit_state>();
    unit_->unit = std::move(unit);
}

void set_hold_unit_maker(hold_unit_maker make) {
    hold_maker() = make;
}

std::unique_ptr<hold_unit_if> make_hold_unit(const hold_unit_setup& s) {
    if (!hold_maker()) {
        SC_REPORT_ERROR("d3/unit-impl",
                        "--unit-impl hold_stage needs a build with -DD3_WITH_VERILATOR=ON");
        return nullptr;
    }
    return hold_maker()(s);
}

void hold_stage::collect_unit(std::uint64_t t, std::uint32_t source, request_list& out) {
    unit_state& u = *unit_;
    u.now = t;
    u.held.clear();
    for (const held_entry& h : held_) {
        u.held.push_back(slot_of(h.e, h.seq, h.lane));
        u.held.back().ready = h.e.ready <= t;
    }
    u.unit->collect(t, u.held, u.dropped);
    u.dropped.clear();
    for (std::size_t i = 0; i < held_.size(); ++i)
        if (u.held[i].ready) out.push_back({&held_[i].e, source});
}

// With a capacity there is one service class (config.cpp), whose room the unit decides.
void hold_stage::begin_step_unit() {
    if (classes_ > 1) return begin_step_classes();
    room_[0] = room_left(held_.size());
    if (capacity_ != kUnbounded) room_[0] = unit_->unit->room(room_[0]);
}

void hold_stage::commit_unit() {
    unit_state& u = *unit_;
    for (std::size_t i = 0; i < held_.size(); ++i) u.held[i].left = held_[i].e.done;
    u.entering.clear();
    for (const held_entry& h : entering_) u.entering.push_back(slot_of(h.e, h.seq, h.lane));
    u.unit->commit(u.now, u.held, u.entering);
}

}  // namespace d3
