#include "sc/router/input_unit.h"

#include <algorithm>

#include "core/containers/calendar.h"
#include "core/router/service.h"

namespace d3 {

input_unit::input_unit(const char* name, const setup& s)
    : sc_core::sc_object(name),
      channels_(channels_per_input(s.vcs, s.classes)),
      injq_(s.link_inputs * channels_),
      busy_(static_cast<std::size_t>((injq_ + 63) / 64), 0),
      link_inputs_(s.link_inputs),
      classes_(s.classes),
      injection_width_(s.injection_width),
      flits_(s.packet_length),
      // Whole packets (validated >= 1), of the smallest size when sizes vary: the credits keep
      // the flits within the depth.
      link_limit_(static_cast<std::uint32_t>(
          s.buffer_depth / (s.smallest_packet > 0 ? std::min(s.smallest_packet, s.packet_length)
                                                  : s.packet_length))),
      injection_limit_(static_cast<std::uint32_t>(s.injection_depth)),
      stats_(s.stats) {
    if (flits_ > 1) lane_free_.assign(static_cast<std::size_t>(injection_width_), 0);
    if (link_limit_ > ring::kMostSlots || injection_limit_ > ring::kMostSlots)
        SC_REPORT_ERROR(name, "a buffer deeper than its 16-bit indices cover");
    in_.resize(static_cast<std::size_t>(injq_ + classes_));
}

void input_unit::bind_upstream(int input, link_bw_call* bw, const sc_core::sc_time& delay) {
    if (upstream_.empty()) upstream_.resize(static_cast<std::size_t>(link_inputs_ + 1));
    upstream& u = upstream_[static_cast<std::size_t>(input)];
    u.bw = bw;
    u.credit_delay = delay;
}

void input_unit::return_flit_credits(int fifo, int flits) {
    const auto [input, channel] = input_and_channel(fifo);
    const upstream& u = upstream_[input];
    if (stats_) stats_->flits_freed += static_cast<std::uint64_t>(flits);
    for (int i = 0; i < flits; ++i)
        send_credit(u, channel, u.credit_delay + cycles(static_cast<std::uint64_t>(i)));
}

std::size_t input_unit::free_lanes(std::uint64_t t) const {
    return static_cast<std::size_t>(std::count_if(lane_free_.begin(), lane_free_.end(),
                                                  [t](std::uint64_t f) { return f <= t; }));
}

void input_unit::take_lane(int flits) {
    for (std::uint64_t& f : lane_free_) {
        if (f > step_) continue;
        f = step_ + static_cast<std::uint64_t>(flits);
        return;
    }
}

void input_unit::take_lanes(const ring& inj, std::size_t asked) {
    for (std::size_t j = 0; j < asked; ++j)
        if (inj[j].done) take_lane(inj[j].pkt->flits);
}

void input_unit::collect_classes(std::uint64_t t, request_list& out) {
    std::size_t width = static_cast<std::size_t>(injection_width_);
    for (std::size_t& n : lanes_asked_) n = 0;
    for (int c = 0; c < classes_ && width > 0; ++c) {  // the privileged class first
        ring& inj = buffer(injq_ + c);
        const std::size_t lanes = std::min(inj.size(), width);
        std::size_t j = 0;
        for (; j < lanes && inj[j].ready <= t; ++j)
            out.push_back({&inj[j], static_cast<std::uint32_t>(injq_ + c)});
        lanes_asked_[c] = j;
        width -= j;
    }
}

std::uint64_t input_unit::next_work(std::uint64_t t) const {
    std::uint64_t next = calendar::kNever;
    const auto consider = [&](const entry& e) {
        if (e.ready <= t && e.stalled) return;  // waits for a credit
        next = std::min(next, std::max(e.ready, t + 1));
    };
    for_busy([&](int f) { consider(in_[static_cast<std::size_t>(f)].front()); });
    const std::size_t width = static_cast<std::size_t>(injection_width_);
    if (classes_ == 1) {
        const ring& inj = buffer(injq_);
        const std::size_t lanes = std::min(inj.size(), width);
        if (flits_ == 1) {
            for (std::size_t j = 0; j < lanes; ++j) consider(inj[j]);
            return next;
        }
        // F > 1: an entry may also wait for a lane (then it did not ask, and its stall flag is
        // old).
        const std::uint64_t lane = *std::min_element(lane_free_.begin(), lane_free_.end());
        for (std::size_t j = 0; j < lanes; ++j)
            next = std::min(next, std::max({inj[j].ready, lane, t + 1}));
        return next;
    }
    for (int f = injq_; f < injq_ + classes_; ++f) {
        const ring& inj = buffer(f);
        const std::size_t lanes = std::min(inj.size(), width);
        for (std::size_t j = 0; j < lanes; ++j) consider(inj[j]);
    }
    return next;
}

std::size_t input_unit::occupancy() const {
    std::size_t n = 0;
    for (const ring& q : in_) n += q.size();
    return n;
}

std::size_t input_unit::port_occupancy(int input) const {
    if (input == link_inputs_) {
        std::size_t n = 0;
        for (int c = 0; c < classes_; ++c) n += buffer(injq_ + c).size();
        return n;
    }
    std::size_t n = 0;
    for (int v = 0; v < channels_; ++v) n += buffer(fifo_index(input, v)).size();
    return n;
}

std::vector<int> input_unit::busy() const {
    std::vector<int> out;
    for_busy([&](int f) { out.push_back(f); });
    for (int c = 0; c < classes_; ++c)
        if (!buffer(injq_ + c).empty()) out.push_back(injq_ + c);
    return out;
}

std::size_t input_unit::allocated_bytes() const {
    std::size_t n = in_.capacity() * sizeof(ring);
    for (const auto& q : in_) n += q.allocated() * sizeof(entry);
    return n;
}

}  // namespace d3
