#include "core/traffic/traffic.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/network/file_topology.h"
#include "core/network/limits.h"
#include "core/run/memory_estimate.h"
#include "core/traffic/request_reply.h"

namespace d3 {

namespace {
// Payload of a traffic packet: what the receiving node needs to record it. A packet outside the
// measurement carries its creation step; a measured packet its creation step in the low 32 bits
// and its index among its source's measured packets above them.
constexpr std::uint64_t kStepMask = (1ull << 48) - 1;
constexpr std::uint64_t kMeasuredStepMask = (1ull << 32) - 1;
constexpr unsigned kIndexLsb = 32;
constexpr std::uint64_t kIndexMask = (1ull << 30) - 1;
constexpr std::uint64_t kMeasured = 1ull << 62;
// Room each source's window of open measured packets starts with: it grew 1, 2, 4, ... otherwise,
// a reallocation each time; a window that needs more still grows. Small, because it is memory
// every source holds whatever the rate, and a larger start saved no more reallocations at the
// loads measured (docs/performance.md).
constexpr std::size_t kOpenReserve = 8;
static_assert(kWarmupRange.hi + kMeasureRange.hi <= static_cast<long long>(kMeasuredStepMask),
              "a measured packet's step fits its 32 bits");
static_assert(kMeasureRange.hi * kMaxConcentration <= static_cast<long long>(kIndexMask),
              "a source's measured packets fit the index's 30 bits");
static_assert(kMeasured == kReplyMeasured && !(kStepMask & kReplyBit) && !(kMeasured & kReplyBit),
              "a reply's payload bits are apart from a request's");
}  // namespace

bool past_saturation(std::int64_t gain, double backlog, bool drained) {
    if (!drained) return true;
    return gain > 0 && static_cast<double>(gain) > 5 * std::sqrt(2 * std::max(backlog, 1.0));
}

traffic_state::traffic_state(const topology& t, const traffic_options& o)
    : t_(t),
      o_(o),
      pattern_(t, o.pattern, o.seed, o.hotspot_fraction, hotspots_of(o, t), o.shift),
      routing_(make_launch_routing(o.routing, t, view_, o.ugal_threshold, o.ugal, o.valiant)),
      created_to_(t.routers()) {
    if (o.measure_auto) {
        o_.measure = kAutoMeasureSteps;
        auto_ = std::make_unique<auto_window>(static_cast<std::uint64_t>(o.warmup));
    }
    // A source creates at most `concentration` measured packets per measured step.
    const auto most =
        static_cast<std::size_t>(o_.measure) * static_cast<std::size_t>(o.concentration);
    windows_.reserve(t.routers());
    for (router_id i = 0; i < t.routers(); ++i) {
        windows_.push_back({bounded_ring<open_packet>(most), 0});
        windows_.back().open.reserve(kOpenReserve);
    }
    // Each source's record of destinations starts with room for half its share of the packets
    // the run is expected to create, rounded down to a power of two, instead of growing from one
    // by doubling (ten reallocations and copies per source in the MDF(4,8) uniform run at 0.3,
    // eight of them saved). Past that room it doubles through the sizes it had before: a run
    // past saturation holds the memory it did. (With its whole share set aside a record held
    // less, and the D3(8,8) hotspot run of CliTraffic.ARunPastSaturationStopsAtTheMemoryLimit
    // passed its memory limit only after its measurement, at step 5,365 instead of 4,981.)
    const std::uint64_t share = expected_messages() / std::max<std::uint64_t>(t.routers(), 1);
    std::uint64_t room = 1;  // the largest power of two at most share / 2, at least 1
    while (room * 4 <= share) room *= 2;
    for (std::vector<router_id>& v : created_to_) v.reserve(room);
    if (o.request_reply) replies_ = std::make_unique<reply_book>();
    if (!o.packet_sizes.empty())
        sized_ = std::make_unique<sized_packets>(
            std::get<packet_sizes>(packet_sizes::parse(o.packet_sizes)));
    delivery_hooks_ = auto_ || sized_;
}

traffic_state::~traffic_state() = default;

std::unique_ptr<node_program> traffic_workload::program_for(router_id id) const {
    if (state_->faults() && state_->faults()->router_failed(id)) return nullptr;  // sends nothing
    if (state_->options().request_reply)
        return std::make_unique<request_reply_program>(*state_, id);
    return std::make_unique<traffic_program>(*state_, id);
}

std::uint32_t traffic_state::pairs(router_id src, router_id dst) const {
    const auto& v = created_to_[src];
    return static_cast<std::uint32_t>(std::count(v.begin(), v.end(), dst));
}

void traffic_state::pairs_from(router_id src,
                               std::vector<std::pair<router_id, std::uint32_t>>& out) const {
    const std::vector<router_id>& v = created_to_[src];
    out.resize(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) out[i] = {v[i], 1};
}

void traffic_state::route_around_faults(const link_faults& f) {
    faults_ = &f;
    detours_ = std::make_unique<detour_counts>();
    routing_ = route_around(std::move(routing_), t_, f, *detours_);
}

void traffic_state::lost(router_id src, router_id dst, std::uint64_t payload, std::uint64_t serial,
                         bool launched) {
    std::vector<router_id>& to = created_to_[src];
    const auto it = std::find(to.rbegin(), to.rend(), dst);  // the pair check counts, any one
    if (it != to.rend()) to.erase(std::next(it).base());
    if (launched)
        lost_serials_.push_back(serial);
    else
        ++lost_unlaunched_;
    if (payload & kReplyBit) return replies_->lost(payload);  // its round trip ends, lost
    if (replies_) replies_->request_lost(payload);            // its reply is never owed
    --created_;
    if (auto_) {  // counted by auto_created when it was created in the window's reach
        const std::uint64_t step = payload & (payload & kMeasured ? kMeasuredStepMask : kStepMask);
        if (step >= static_cast<std::uint64_t>(o_.warmup) && step < end_of_measurement())
            auto_->lost(step);
    }
    if (!(payload & kMeasured)) return;
    --created_measured_;
    --created_window_;
    // Closed in its source's window as if it had arrived, its hops not counted.
    measured_window& w = windows_[src];
    const std::uint64_t i = ((payload >> kIndexLsb) & kIndexMask) - w.first;
    if (i >= w.open.size() || w.open[i].arrived) return;
    if (w.open[i].hdr.b > 3) --deflected_measured_;
    w.open[i].arrived = true;
    while (!w.open.empty() && w.open.front().arrived) {
        w.open.pop_front();
        ++w.first;
    }
}

void traffic_state::set_view(const occupancy_view& v) {
    view_.target = &v;
}

int traffic_state::terminals_at(router_id r) const {
    const file_topology* f = t_.file();
    if (!f || f->net().uniform_terminals()) return o_.concentration;
    return static_cast<int>(f->net().terminals(r));
}

std::uint64_t traffic_state::terminals_total() const {
    const file_topology* f = t_.file();
    if (!f || f->net().uniform_terminals())
        return std::uint64_t{t_.routers()} * static_cast<std::uint64_t>(o_.concentration);
    return f->net().total_terminals();
}

std::uint64_t traffic_state::expected_messages() const {
    // The memory estimate's count, in packets.
    return expected_traffic_packets(terminals_total(), 1, o_.rate, o_.mean_flits(), o_.warmup,
                                    o_.measure, o_.drain_limit);
}

bool traffic_state::creation_over(std::uint64_t step) const {
    const std::uint64_t end = end_of_measurement();
    if (step < end) return false;
    if (open_ && open_(step)) return false;
    if (step >= end + static_cast<std::uint64_t>(o_.drain_limit)) return true;
    // Every measured packet was created before `end`; creation stops the step after the last of
    // them arrived. (Deliveries of step t may be recorded before or after a node's step t runs;
    // both give the same answer for t, so the run does not depend on SystemC's process order.)
    return delivered_measured_ == created_measured_ &&
           (created_measured_ == 0 || last_measured_delivery_ < step);
}

bool traffic_state::replies_done(std::uint64_t step) const {
    if (step >= end_of_measurement() + static_cast<std::uint64_t>(o_.drain_limit)) return true;
    return !replies_ || (replies_->measured_settled() == created_measured_ &&
                         (created_measured_ == 0 || replies_->last_measured_delivery() < step));
}

void traffic_state::reply_created(router_id src, router_id dst) {
    created_to_[src].push_back(dst);
    replies_->created();
}

void traffic_state::reply_unreachable(std::uint64_t request) {
    replies_->unreachable(request);
}

void traffic_state::reply_delivered(const delivery& d) {
    replies_->delivered(d.payload, d.step);
}

std::uint64_t traffic_state::created(std::uint64_t step, router_id src, router_id dst,
                                     const header& h) {
    ++created_;
    created_to_[src].push_back(dst);
    if (auto_) [[unlikely]]
        auto_created(step);
    const bool measured =
        step >= static_cast<std::uint64_t>(o_.warmup) && step < end_of_measurement();
    if (!measured) return step & kStepMask;
    // Its hops are counted when it arrives (or by summary(), should it never arrive). Every
    // packet's header is checked: the ledger finds where it must arrive (core/run/ledger.h), and
    // the testbench compares those destinations with created_to_ (pairs) after the run.
    measured_window& w = windows_[src];
    const std::uint64_t index = w.first + w.open.size();
    w.open.push_back({h, false});
    ++created_measured_;
    ++created_window_;
    if (h.b > 3) ++deflected_measured_;
    return kMeasured | (index << kIndexLsb) | step;
}

void traffic_state::arrived(router_id src, std::uint64_t index, std::uint64_t hops) {
    measured_window& w = windows_[src];
    const std::uint64_t i = index - w.first;              // wraps for a packet already closed
    if (i >= w.open.size() || w.open[i].arrived) return;  // a duplicate: counted once
    w.open[i].arrived = true;
    hops_measured_ += hops;
    ++hop_histogram_[std::min<std::size_t>(hops, hop_histogram_.size() - 1)];
    while (!w.open.empty() && w.open.front().arrived) {
        w.open.pop_front();
        ++w.first;
    }
}

void traffic_state::delivery_step(std::uint64_t step) {
    const bool in_window =
        step >= static_cast<std::uint64_t>(o_.warmup) && step < end_of_measurement();
    if (in_window) ++delivered_window_;
    if (step < last_delivery_) return;  // a tail arriving later than one delivered before it
    if (delivered_ != 0) max_gap_ = std::max(max_gap_, step - last_delivery_);
    last_delivery_ = step;
    last_in_window_ = in_window;
}

// Flattened: arrived() and the fifo's pops inline (a call per measured packet saved).
[[gnu::flatten]] void traffic_state::delivered(const delivery& d) {
    const std::uint64_t step = d.step;
    if (delivery_hooks_) [[unlikely]]
        hooked_delivery(d);
    // Most deliveries share the step of the last one (a network delivers many per step): its gap
    // is 0 and whether it falls in the measurement window is known.
    if (step == last_delivery_ && delivered_ != 0)
        delivered_window_ += last_in_window_;
    else
        delivery_step(step);
    ++delivered_;
    if (!(d.payload & kMeasured)) return;
    ++delivered_measured_;
    last_measured_delivery_ = std::max(last_measured_delivery_, step);
    latency_.add(step - (d.payload & kMeasuredStepMask));
    arrived(d.from, (d.payload >> kIndexLsb) & kIndexMask, d.hops);
    // Last: a store to this object before the reads above would make them read d again.
    launch_gap_ += d.launch - (d.payload & kMeasuredStepMask);  // the split's (summary)
}

void traffic_state::auto_created(std::uint64_t step) {
    const auto warmup = static_cast<std::uint64_t>(o_.warmup);
    if (step < warmup) return;
    if (step != auto_checked_ && (step - warmup) % kAutoCheckSteps == 0) {
        auto_checked_ = step;
        if (step < end_of_measurement() && auto_->converged_at(step))
            o_.measure = static_cast<int>(step - warmup);
    }
    if (step < end_of_measurement()) auto_->created(step);
}

void traffic_state::hooked_delivery(const delivery& d) {
    if (auto_) auto_delivery(d);
    if (sized_)
        sized_->delivered(d.flits, d.step >= static_cast<std::uint64_t>(o_.warmup) &&
                                       d.step < end_of_measurement());
}

void traffic_state::auto_delivery(const delivery& d) {
    auto_->delivered(d.step);
    if (d.payload & kMeasured) auto_->arrived(d.payload & kMeasuredStepMask, d.step);
}

traffic_program::traffic_program(traffic_state& s, router_id id)
    : s_(s),
      id_(id),
      at_(s.topo().at(id)),
      rng_(stream_seed(s.options().seed, id)),
      terminals_(s.terminals_at(id)),
      minimal_(s.minimal_headers()),
      in_place_(minimal_ && s.pattern().uniform() && !s.sized() &&
                s.options().injection == injection_kind::bernoulli &&
                2 * static_cast<std::size_t>(terminals_) <= traffic_rng::kBlock),
      sized_(s.sized()),
      packet_threshold_(bernoulli_threshold(s.options().rate / s.options().mean_flits())) {
    const traffic_options& o = s.options();
    if (o.injection == injection_kind::on_off)
        on_off_.emplace(o.rate / o.mean_flits(), o.burst_alpha, o.burst_beta, terminals_, rng_);
}

// Flattened: every call GCC can see into (creation_over, created, the vectors' and fifos' pushes,
// the draws) is inlined, which saves the calls and their register saves per step and packet. The
// routing (virtual) and what lives in other files (topology::at, non-uniform patterns) stay calls.
[[gnu::flatten]] void traffic_program::launches(std::uint64_t step, std::vector<launch>& out) {
    if (s_.creation_over(step)) return;
    // Uniform destinations and minimal headers (in_place_): a terminal draws one word for its
    // trial and one more for a packet's destination, at most 2 per terminal. When the engine's
    // block holds that many, they are read in place, in the same order, and taken at the end:
    // the engine's test for the block's end and its position's store saved per draw.
    if (in_place_)
        if (const std::uint64_t* w = rng_.peek(2 * static_cast<std::uint32_t>(terminals_))) {
            std::uint32_t used = 0;
            for (int terminal = 0; terminal < terminals_; ++terminal) {
                if (!bernoulli_of_draw(w[used++], packet_threshold_)) continue;
                const router_id dst = s_.pattern().destination_of_draw(w[used++]);
                const header h = minimal_header(s_.topo().at(dst));
                out.push_back({h, s_.created(step, id_, dst, h), 0, false, false,
                               static_cast<std::uint8_t>(terminal)});
            }
            rng_.skip(used);
            return;
        }
    for (int terminal = 0; terminal < terminals_; ++terminal) {
        if (!(on_off_ ? on_off_->creates(terminal, rng_)
                      : bernoulli_below(rng_, packet_threshold_)))
            continue;
        const router_id dst = s_.pattern().destination(id_, rng_);
        const coord to = s_.topo().at(dst);
        const header h = minimal_ ? minimal_header(to) : s_.routing().route(at_, to, rng_);
        if (h.b == kUnreachable) continue;  // no route around the failed links: not created
        out.push_back({h, s_.created(step, id_, dst, h), 0, false, false,
                       static_cast<std::uint8_t>(terminal)});
        if (sized_) {  // its size, drawn after its destination
            out.back().flits = sized_->draw(rng_);
            s_.created_flits(step, out.back().flits);
        }
    }
}

}  // namespace d3
