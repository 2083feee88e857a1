#include "core/traffic/request_reply.h"

#include <algorithm>

#include "core/router/service.h"
#include "core/traffic/random.h"
#include "core/traffic/route_around.h"

namespace d3 {

namespace {
constexpr std::uint64_t kLow32 = (1ull << 32) - 1;
constexpr std::uint64_t kReplyStepMask = (1ull << 30) - 1;  // bits 32 to 61
/// Seeds the replies' streams apart from the requests' (stream_seed(seed, id)).
constexpr std::uint64_t kReplyStream = 0x7265706C79ull;  // "reply"
}  // namespace

std::uint64_t reply_book::payload_for(std::uint64_t request, std::uint64_t step) {
    return kReplyBit | (request & kReplyMeasured) | ((step & kReplyStepMask) << 32) |
           (request & kLow32);
}

void reply_book::delivered(std::uint64_t payload, std::uint64_t step) {
    ++delivered_;
    if (!(payload & kReplyMeasured)) return;
    ++measured_delivered_;
    last_measured_ = std::max(last_measured_, step);
    round_trip_.add(step - (payload & kLow32));
    reply_latency_.add(step - ((payload >> 32) & kReplyStepMask));
}

void reply_book::unreachable(std::uint64_t request) {
    ++unreachable_;
    if (request & kReplyMeasured) ++measured_unreachable_;
}

void reply_book::lost(std::uint64_t payload) {
    --created_;  // as a lost request leaves requests_created
    ++replies_lost_;
    if (payload & kReplyMeasured) ++measured_replies_lost_;
}

void reply_book::request_lost(std::uint64_t request) {
    ++requests_lost_;
    if (request & kReplyMeasured) ++measured_requests_lost_;
}

nlohmann::json reply_book::summary(std::uint64_t requests_created, std::uint64_t requests_delivered,
                                   std::uint64_t measured_requests, bool failure_at_step) const {
    const auto stats = [](const latency_stats& l) {
        return l.count() == 0 ? nlohmann::json()
                              : nlohmann::json({{"mean", l.mean()},
                                                {"p50", l.percentile(0.50)},
                                                {"p99", l.percentile(0.99)},
                                                {"max", l.max()},
                                                {"samples", l.count()}});
    };
    nlohmann::json rt = stats(round_trip_);
    if (!rt.is_null()) rt["from"] = "request creation at its source to reply delivery there";
    nlohmann::json j = {{"request_class", to_string(service::standard)},
                        {"reply_class", to_string(service::privileged)},
                        {"requests_created", requests_created},
                        {"requests_delivered", requests_delivered},
                        {"replies_created", created_},
                        {"replies_delivered", delivered_},
                        {"replies_unreachable", unreachable_},
                        {"measured_requests", measured_requests},
                        {"measured_replies_delivered", measured_delivered_},
                        {"round_trip", rt},
                        {"reply_latency", stats(reply_latency_)}};
    if (failure_at_step)  // docs/resilience.md, "Failures at a step": request-reply
        j["lost"] = {{"requests", requests_lost_},
                     {"replies", replies_lost_},
                     {"measured_requests", measured_requests_lost_},
                     {"measured_replies", measured_replies_lost_},
                     {"round_trips", measured_requests_lost_ + measured_replies_lost_}};
    return j;
}

request_reply_program::request_reply_program(traffic_state& s, router_id id)
    : s_(s),
      id_(id),
      at_(s.topo().at(id)),
      rng_(stream_seed(s.options().seed ^ kReplyStream, id)),
      requests_(s, id) {}

void request_reply_program::launches(std::uint64_t step, std::vector<launch>& out) {
    const std::size_t first = out.size();
    requests_.launches(step, out);
    for (std::size_t i = first; i < out.size(); ++i)
        out[i].service = static_cast<std::uint8_t>(service::standard);
}

void request_reply_program::on_receive(const delivery& d) {
    if (d.payload & kReplyBit) {
        s_.reply_delivered(d);
        return;
    }
    s_.delivered(d);
    pending_.push_back({d.from, d.payload});
}

void request_reply_program::immediate(std::uint64_t step, std::vector<launch>& out) {
    const bool minimal = s_.minimal_headers();
    for (const pending& p : pending_) {
        const coord to = s_.topo().at(p.to);
        const header h = minimal ? minimal_header(to) : s_.routing().route(at_, to, rng_);
        if (h.b == kUnreachable) {  // no route around the failed links (route_around counts it)
            s_.reply_unreachable(p.request);
            continue;
        }
        s_.reply_created(id_, p.to);
        launch l;
        l.hdr = h;
        l.payload = reply_book::payload_for(p.request, step);
        l.service = static_cast<std::uint8_t>(service::privileged);
        l.answer = true;
        out.push_back(l);
    }
    pending_.clear();
}

}  // namespace d3
