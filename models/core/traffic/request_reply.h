// --request-reply: closed request-reply traffic (BookSim2's use_read_write, requests and replies
// of one size). Every request a node delivers makes that node send a reply back to the request's
// source, in the step of the delivery (the node's turnaround: first hop the next step). Requests
// travel in the standard service class, replies in the privileged one: each class has its own
// virtual channels, injection buffer and credits (core/router/service.h), and a node consumes
// every reply without sending anything, so replies never wait for requests and the exchange is
// free of protocol deadlock (docs/traffic-d3.md, "Request-reply"). Plain C++.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/traffic/latency.h"
#include "core/traffic/traffic.h"
#include "core/traffic/twister.h"

namespace d3 {

/// A reply's payload bit (a request's payload never sets it: core/traffic/traffic.cpp).
inline constexpr std::uint64_t kReplyBit = 1ull << 63;
/// A measured packet's payload bit (traffic.cpp's kMeasured, which a reply copies).
inline constexpr std::uint64_t kReplyMeasured = 1ull << 62;

/// The replies of a run: counts, the round trip of measured requests (request creation to reply
/// delivery) and the replies' own latency.
class reply_book {
  public:
    /// The payload of the reply, created at `step`, to a request whose payload is `request`:
    /// whether the request was measured, its creation step (bits 0 to 31 of a measured request's
    /// payload) and the reply's creation step (bits 32 to 61).
    static std::uint64_t payload_for(std::uint64_t request, std::uint64_t step);
    void created() { ++created_; }
    /// A reply arrived at `step` (its payload from payload_for).
    void delivered(std::uint64_t payload, std::uint64_t step);
    /// A reply to the request of payload `request` has no route around the failed links: it is
    /// not created, and the request's round trip ends there.
    void unreachable(std::uint64_t request);
    /// A failure during the run took the reply of payload `payload` (launched or still queued at
    /// its source): it is not delivered, and its request's round trip ends there, lost.
    void lost(std::uint64_t payload);
    /// A failure during the run took the request of payload `request`: no reply is owed for it.
    void request_lost(std::uint64_t request);
    /// Replies of measured requests that arrived.
    std::uint64_t measured_delivered() const { return measured_delivered_; }
    /// Measured requests whose round trip ended: the reply arrived, had no route or was lost.
    std::uint64_t measured_settled() const {
        return measured_delivered_ + measured_unreachable_ + measured_replies_lost_;
    }
    /// The latest step a reply of a measured request arrived in.
    std::uint64_t last_measured_delivery() const { return last_measured_; }
    /// The JSON's traffic.request_reply: requests created and delivered are traffic_state's
    /// (the lost ones not among them); `failure_at_step`: what a failure during the run took.
    nlohmann::json summary(std::uint64_t requests_created, std::uint64_t requests_delivered,
                           std::uint64_t measured_requests, bool failure_at_step = false) const;

  private:
    std::uint64_t created_ = 0, delivered_ = 0, measured_delivered_ = 0, last_measured_ = 0;
    std::uint64_t unreachable_ = 0, measured_unreachable_ = 0;
    std::uint64_t requests_lost_ = 0, measured_requests_lost_ = 0, replies_lost_ = 0,
                  measured_replies_lost_ = 0;
    latency_stats round_trip_, reply_latency_;
};

/// A node's program: traffic_program's requests (standard class), and a reply to each request
/// it receives (privileged class), launched in the step of the delivery.
class request_reply_program final : public node_program {
  public:
    request_reply_program(traffic_state& s, router_id id);
    void launches(std::uint64_t step, std::vector<launch>& out) override;
    /// Creation is over (traffic_state::creation_over) and every measured request's reply came
    /// back before `step`.
    bool finished(std::uint64_t step) const override {
        return requests_.finished(step) && s_.replies_done(step);
    }
    std::uint64_t unfinished_before() const override { return requests_.unfinished_before(); }
    void on_receive(const delivery& d) override;
    void immediate(std::uint64_t step, std::vector<launch>& out) override;
    reaction reacts() const override { return reaction::answers; }

  private:
    struct pending {
        router_id to;
        std::uint64_t request;  ///< the request's payload
    };
    traffic_state& s_;
    router_id id_;
    coord at_;
    traffic_rng rng_;  ///< the replies' routing (a stream of its own: the requests' are unchanged)
    traffic_program requests_;
    std::vector<pending> pending_;  ///< requests delivered in this step, not answered yet
};

}  // namespace d3
