#include "sc/router/output_unit.h"

#include <algorithm>

#include "core/containers/calendar.h"

namespace d3 {

namespace {
sc_core::sc_time hop_delay(const router_params& p, int latency) {
    return cycles(static_cast<std::uint64_t>(p.pipeline.after_grant()) +
                  static_cast<std::uint64_t>(latency));
}
}  // namespace

output_unit::output_unit(const char* name, const setup& s, router_stats& stats)
    : sc_core::sc_object(name),
      channels_(s.channels),
      depth_(s.params->buffer_depth),
      local_first_(s.params->local_latency == s.params->global_latency || !s.link_latencies.empty()
                       ? kNoSecondRing
                       : static_cast<std::uint32_t>(s.k * s.channels)),
      credits_(static_cast<std::size_t>(s.outputs * s.channels),
               static_cast<credit_count_t>(s.params->buffer_depth)),
      outputs_(s.outputs),
      k_(s.k),
      ejection_width_(s.params->ejection_width),
      flits_(s.params->packet_length),
      eject_delay_(cycles(static_cast<std::uint64_t>(s.params->pipeline.after_grant() +
                                                     s.params->packet_length - 1))),
      global_delay_(hop_delay(*s.params, s.params->global_latency)),
      local_delay_(hop_delay(*s.params, s.params->local_latency)),
      stats_(stats),
      background_(s.background ? s.background : &stats) {
    if (!s.link_latencies.empty()) use_link_latencies(s.link_latencies, *s.params);
    if (flits_ > 1) {
        link_free_.assign(static_cast<std::size_t>(s.outputs), 0);
        lane_free_.assign(static_cast<std::size_t>(ejection_width_), 0);
    }
    if (flits_ > 1 && s.records_sent) {
        sent_kept_ =
            static_cast<std::uint32_t>(static_cast<std::uint64_t>(flits_) +
                                       std::max(to_cycle(global_delay_), to_cycle(local_delay_)));
        last_sent_.assign(sent_kept_ * static_cast<std::size_t>(s.outputs), sent_record());
        sent_next_.assign(static_cast<std::size_t>(s.outputs), 0);
    }
}

std::vector<std::uint64_t> output_unit::tails_on(int output, std::uint64_t t) const {
    std::vector<std::uint64_t> out;
    if (last_sent_.empty() || links_.empty()) return out;
    const std::uint64_t delay = to_cycle(links_[static_cast<std::size_t>(output)].delay);
    for (std::size_t i = 0; i < sent_kept_; ++i) {
        const sent_record& r = last_sent_[static_cast<std::size_t>(output) * sent_kept_ + i];
        if (r.flits != 0 && r.step + r.flits - 1 + delay >= t) out.push_back(r.serial);
    }
    return out;
}

void output_unit::size_links() {
    links_.resize(static_cast<std::size_t>(outputs_));
    for (int o = 0; o < outputs_; ++o)  // outputs 0..K-1 are the global links (port_of)
        links_[static_cast<std::size_t>(o)].delay = o < k_ ? global_delay_ : local_delay_;
}

void output_unit::use_link_latencies(const std::vector<int>& latencies, const router_params& p) {
    links_.resize(static_cast<std::size_t>(outputs_));
    ring_of_output_.resize(static_cast<std::size_t>(outputs_));
    std::vector<int> ring_latency;  // per ring, its links' latency
    for (std::size_t o = 0; o < links_.size(); ++o) {
        const int l = latencies[o];
        links_[o].delay = hop_delay(p, l);
        const auto r = std::find(ring_latency.begin(), ring_latency.end(), l);
        ring_of_output_[o] = static_cast<std::uint16_t>(r - ring_latency.begin());
        if (r == ring_latency.end()) ring_latency.push_back(l);
    }
    if (ring_latency.size() > 2) more_rings_.resize(ring_latency.size() - 2);
    if (ring_latency.size() == 1)
        ring_of_output_.clear();  // one ring: every output's, in place
    else
        local_first_ = 0;  // every output's credits by the table (credit_arrived_by_latency)
}

void output_unit::return_more_credits(std::uint64_t t) {
    for (due_cycle_queue<std::uint32_t>& ring : more_rings_)
        ring.pop_due(t, [this](std::uint32_t s) { make_usable(s); });
}

void output_unit::too_many_credits(std::size_t slot) const {
    const auto s = static_cast<int>(slot);
    const std::string msg = std::string(name()) + ": output " + std::to_string(s / channels_) +
                            " vc" + std::to_string(s % channels_) +
                            " got more credits than its depth";
    SC_REPORT_ERROR("d3/protocol", msg.c_str());
}

int output_unit::free_lanes(std::uint64_t t) const {
    return static_cast<int>(std::count_if(lane_free_.begin(), lane_free_.end(),
                                          [t](std::uint64_t f) { return f <= t; }));
}

void output_unit::take_eject_lane(int flits) {  // a lane carries the packet's flits, one per cycle
    *std::find_if(lane_free_.begin(), lane_free_.end(), [this](std::uint64_t f) {
        return f <= step_;
    }) = step_ + static_cast<std::uint64_t>(flits);
}

std::uint64_t output_unit::next_credit(std::uint64_t t) const {
    std::uint64_t next = calendar::kNever;
    if (!returning_.empty()) next = std::max(returning_.next_due(), t + 1);
    if (!returning_local_.empty())
        next = std::min(next, std::max(returning_local_.next_due(), t + 1));
    for (const due_cycle_queue<std::uint32_t>& ring : more_rings_)
        if (!ring.empty()) next = std::min(next, std::max(ring.next_due(), t + 1));
    for (std::uint64_t f : link_free_)
        if (f > t) next = std::min(next, f);
    return next;
}

std::uint64_t output_unit::credits_outstanding() const {
    std::uint64_t n = 0;  // neither usable nor on their way back
    for (int usable : credits_) n += static_cast<std::uint64_t>(depth_ - usable);
    n -= returning_.size() + returning_local_.size();
    for (const due_cycle_queue<std::uint32_t>& ring : more_rings_) n -= ring.size();
    return n;
}

int output_unit::occupancy(int output, std::uint64_t now) const {
    int n = 0;
    for (int v = 0; v < channels_; ++v) n += depth_ - credits_[slot(output, v)];
    const std::size_t first = slot(output, 0), last = slot(output, channels_ - 1);
    const auto back = [&](std::uint32_t s) { n -= s >= first && s <= last; };
    returning_.for_each_due_before(now, back);
    returning_local_.for_each_due_before(now, back);
    for (const due_cycle_queue<std::uint32_t>& ring : more_rings_)
        ring.for_each_due_before(now, back);
    return n;
}

}  // namespace d3
