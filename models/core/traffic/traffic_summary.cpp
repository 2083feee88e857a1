// A traffic run's figures (traffic_state::summary and the measurement window it reads): the
// JSON object `traffic` of the result, from the counts traffic.cpp keeps while the run goes.
#include "core/traffic/traffic.h"

#include <algorithm>
#include <cmath>

#include "core/decoding/walk.h"
#include "core/network/file_topology.h"
#include "core/network/graphs/worst_case.h"
#include "core/traffic/request_reply.h"

namespace d3 {

nlohmann::json traffic_state::auto_summary() const {
    const auto_window::window w = auto_->result(end_of_measurement());
    return {
        {"rule", "MSER-5 warm-up; ended when the 95 % interval of 10 group means was within 1 %"},
        {"converged", w.converged},
        {"warmup_settled", w.settled},
        {"window_begin", w.begin},
        {"window_end", w.end},
        {"window_steps", w.end - w.begin},
        {"relative_ci95", w.relative_ci95 ? nlohmann::json(*w.relative_ci95) : nlohmann::json()}};
}

traffic_state::window_figures traffic_state::window() const {
    if (!auto_) return {latency_, created_window_, delivered_window_, measured_steps()};
    auto_window::window w = auto_->result(end_of_measurement());
    return {std::move(w.latency), w.created, w.delivered, w.end - w.begin};
}

std::uint64_t traffic_state::measured_steps() const {
    const auto measure = static_cast<std::uint64_t>(o_.measure);
    if (!stopped_at_) return measure;
    // Creation ran in the steps up to and including the one the run stopped in.
    const auto warmup = static_cast<std::uint64_t>(o_.warmup);
    return *stopped_at_ < warmup ? 0 : std::min(measure, *stopped_at_ + 1 - warmup);
}

nlohmann::json traffic_state::summary() const {
    const window_figures f = window();
    const latency_stats& latency = f.latency;
    const double node_steps = static_cast<double>(terminals_total()) * static_cast<double>(f.steps);
    const double n = static_cast<double>(std::max<std::uint64_t>(created_measured_, 1));
    // A header launched with b > 3 took a deflected route (created(); a file network's b is its
    // minimal route's hops: none).
    const std::uint64_t deflected = t_.is_file() ? 0 : deflected_measured_.load();
    // Measured packets that never arrived (a run stopped by its watchdog): the hops of their
    // contention-free path.
    std::uint64_t hops = hops_measured_;
    std::vector<std::uint64_t> histogram(hop_histogram_.begin(), hop_histogram_.end());
    walk_result w;
    for (router_id src = 0; src < windows_.size(); ++src) {
        const bounded_ring<open_packet>& open = windows_[src].open;
        for (std::size_t i = 0; i < open.size(); ++i) {
            if (open[i].arrived) continue;
            walk(t_, t_.at(src), open[i].hdr, w);
            if (!w.error.empty() || w.destinations.size() != 1)
                throw std::logic_error("traffic: header " + to_string(open[i].hdr) + " from " +
                                       t_.label(t_.at(src)) + " is not a unicast path");
            hops += w.hops;
            ++histogram[std::min<std::size_t>(w.hops, histogram.size() - 1)];
        }
    }
    // Figures of no packet are null, not 0: a run that measured nothing has no latency (a zero
    // would read as a perfect network, and pass a latency gate).
    const auto measured = [&](auto v) {
        return latency.count() == 0 ? nlohmann::json() : nlohmann::json(v);
    };
    // The split of the measured packets' latency (each entered its router's injection buffer
    // the step before its first hop, packet::launch): queueing from the launches, network the
    // rest of the latency from creation, over the same packets (latency_: every measured one).
    const double queueing = delivered_measured_ == 0
                                ? 0.0
                                : static_cast<double>(launch_gap_ - delivered_measured_) /
                                      static_cast<double>(delivered_measured_);
    const auto split = [&](double v) {
        return delivered_measured_ == 0 ? nlohmann::json() : nlohmann::json(v);
    };
    const auto created = [&](double v) {
        return created_measured_ == 0 ? nlohmann::json() : nlohmann::json(v);
    };
    // A rate over the measured steps; none when the run stopped before the window began.
    const auto per_node_step = [&](std::uint64_t n) {
        return node_steps == 0 ? nlohmann::json()
                               : nlohmann::json(static_cast<double>(n) / node_steps);
    };
    const std::uint64_t end = end_of_measurement();
    const bool drained =
        delivered_measured_ == created_measured_ &&
        (created_measured_ == 0 ||
         last_measured_delivery_ < end + static_cast<std::uint64_t>(o_.drain_limit)) &&
        (!replies_ || replies_->measured_settled() == created_measured_);
    // The packets the network (source queues included) gained over the measurement window, and
    // its steady backlog by Little's law (created per step x mean latency from creation).
    const auto gain = static_cast<std::int64_t>(f.created - f.delivered);
    const double backlog =
        latency.count() == 0 || f.steps == 0
            ? 0.0
            : static_cast<double>(f.created) / static_cast<double>(f.steps) * latency.mean();
    nlohmann::json j = {
        {"pattern", to_string(o_.pattern)},
        {"routing", to_string(o_.routing)},
        {"rate", o_.rate},
        {"concentration", o_.concentration},
        {"warmup", o_.warmup},
        {"measure", o_.measure},
        {"drain_limit", o_.drain_limit},
        {"seed", o_.seed},
        {"ugal_threshold", o_.ugal_threshold},
        {"offered", per_node_step(f.created)},
        {"accepted", per_node_step(f.delivered)},
        {"backlog_gain", gain},
        {"saturated", past_saturation(gain, backlog, drained)},
        {"latency",
         {{"from", "creation at the source node, source queueing included (steps)"},
          {"mean", measured(latency.mean())},
          {"p50", measured(latency.percentile(0.50))},
          {"p99", measured(latency.percentile(0.99))},
          {"max", measured(latency.max())},
          {"samples", latency.count()},
          {"histogram", latency.histogram()},
          {"queueing",
           {{"from", "creation to entry into the source router's injection buffer (steps)"},
            {"mean", split(queueing)}}},
          {"network",
           {{"from", "entry into the source router's injection buffer to delivery (steps)"},
            {"mean", split(latency_.mean() - queueing)}}}}},
        {"hops", {{"mean", created(static_cast<double>(hops) / n)}, {"histogram", histogram}}},
        {"deflected", deflected},
        {"deflected_fraction", created(static_cast<double>(deflected) / n)},
        {"measured_created", created_measured_.load()},
        {"measured_delivered", delivered_measured_},
        {"drained", drained},
        {"drain_steps", last_measured_delivery_ > end ? last_measured_delivery_ - end : 0},
        {"created", created_.load()},
        {"delivered", delivered_},
        {"max_delivery_gap", max_gap_},
    };
    if (stopped_at_) {  // a run that ran to its end keeps the keys it always had
        j["stopped_at_step"] = *stopped_at_;
        j["measured_steps"] = measured_steps();
    }
    if (auto_) j["measure_auto"] = auto_summary();
    if (replies_)
        j["request_reply"] =
            replies_->summary(created_, delivered_, created_measured_, failure_at_.has_value());
    if (!o_.hotspot_nodes.empty()) j["hotspots"] = hotspots_of(o_, t_);
    if (const file_topology* net = t_.file(); net && !net->net().uniform_terminals())
        j["terminals"] = terminals_total();                   // the routers' counts differ
    if (const worst_case_traffic* w = pattern_.worst_case())  // its channel and bound
        j["worst_case"] = {
            {"router", w->router},
            {"port", w->port},
            {"load", w->load},
            {"bound", w->load == 0 ? nlohmann::json()
                                   : nlohmann::json(
                                         1.0 / (static_cast<double>(o_.concentration) * w->load))}};
    if (faults_) {
        j["faults"] = faults_json(t_, *faults_, *detours_);
        if (failure_at_) {  // a failure during the run: what it took
            j["faults"]["failed_at"] = *failure_at_;
            j["faults"]["lost"] = lost_serials_.size() + lost_unlaunched_;
            j["faults"]["lost_packets"] = lost_serials_;
            j["faults"]["lost_unlaunched"] = lost_unlaunched_;
        }
    } else if (failure_at_) {  // the run ended before the failure's step
        j["faults"] = {{"failed_at", *failure_at_}, {"lost", 0}, {"not_reached", true}};
    }
    if (o_.injection == injection_kind::on_off) {  // Bernoulli runs keep the keys they had
        j["injection"] = to_string(o_.injection);
        j["burst_alpha"] = o_.burst_alpha;
        j["burst_beta"] = o_.burst_beta;
        j["burst_on_rate"] =
            o_.rate / o_.mean_flits() * (o_.burst_alpha + o_.burst_beta) / o_.burst_alpha;
    }
    if (o_.packet_length > 1) flit_rates(j, f, per_node_step);  // one-flit runs: no new keys
    return j;
}

template <typename PerNodeStep>
void traffic_state::flit_rates(nlohmann::json& j, const window_figures& f,
                               PerNodeStep per_node_step) const {
    j["packet_length"] = o_.packet_length;
    if (!sized_) {
        j["offered_flits"] = per_node_step(f.created * o_.packet_length);
        j["accepted_flits"] = per_node_step(f.delivered * o_.packet_length);
        return;
    }
    j["packet_sizes"] = sized_->summary();
    if (!auto_) {  // counted in the window
        j["offered_flits"] = per_node_step(sized_->window_created());
        j["accepted_flits"] = per_node_step(sized_->window_delivered());
        return;
    }
    // --measure auto finds its window after the run: its packets at the run's mean size.
    const double mean = sized_->mean_created();
    j["offered_flits"] = per_node_step(
        static_cast<std::uint64_t>(std::llround(static_cast<double>(f.created) * mean)));
    j["accepted_flits"] = per_node_step(
        static_cast<std::uint64_t>(std::llround(static_cast<double>(f.delivered) * mean)));
}

}  // namespace d3
