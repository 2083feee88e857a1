#include "paper/primitives/all_to_one.h"

#include <stdexcept>

#include "core/workload/lost_inputs.h"

namespace d3 {

namespace {

std::uint64_t encode(int round, int gamma, int pi) {
    return (static_cast<std::uint64_t>(round) << 32) | (static_cast<std::uint64_t>(gamma) << 16) |
           static_cast<std::uint64_t>(pi);
}
int gamma_of(std::uint64_t w) {
    return static_cast<int>((w >> 16) & 0xFFFF);
}
int pi_of(std::uint64_t w) {
    return static_cast<int>(w & 0xFFFF);
}

// Every node answers the request addressed to it; the sink also replays the request schedule.
class all_to_one_program final : public node_program, public answering_program {
  public:
    all_to_one_program(const topology& t, router_id self, router_id sink, const schedule* requests,
                       turnaround reply)
        : t_(t), self_(self), at_(t.at(self)), sink_(sink), requests_(requests), reply_(reply) {}

    void launches(std::uint64_t step, std::vector<launch>& out) override {
        if (requests_ && step < requests_->slots.size()) {
            const auto& l = requests_->slots[step].launches;
            out.insert(out.end(), l.begin(), l.end());
        }
        if (reply_ == turnaround::next_step) answer(step, out);
    }
    void immediate(std::uint64_t step, std::vector<launch>& out) override {
        if (reply_ == turnaround::paper) answer(step, out);
    }
    bool finished(std::uint64_t step) const override {
        const bool requests_done = !requests_ || step >= requests_->slots.size();
        const bool answer_done = answered_ || answer_step_ == kNever;
        return requests_done && answer_done;
    }
    void on_receive(const delivery& d) override {
        if (!answered_by_this(d)) return;
        answer_ = answer_header();
        // the delay D: in the step of the request's delivery, or in the next one
        answer_step_ = d.step + (reply_ == turnaround::paper ? 0 : 1);
    }
    void answers(const delivery& d, std::vector<launch>& out) const override {
        if (answered_by_this(d)) out.push_back({answer_header(), self_});
    }

  private:
    static constexpr std::uint64_t kNever = ~0ull;
    // The sink's request to this router (not the answers reaching the sink).
    bool answered_by_this(const delivery& d) const {
        return d.hdr.broadcast && d.from == sink_ && at_.c == gamma_of(d.payload) &&
               at_.p == pi_of(d.payload);
    }
    header answer_header() const {
        return make_source_vector_header(false, 3, t_.vector_to(at_, t_.at(sink_)));
    }
    void answer(std::uint64_t step, std::vector<launch>& out) {
        if (answer_step_ != step || answered_) return;
        out.push_back({answer_, self_});
        answered_ = true;
    }
    const topology& t_;
    router_id self_;
    coord at_;
    router_id sink_;
    const schedule* requests_;
    turnaround reply_;
    header answer_;
    std::uint64_t answer_step_ = kNever;
    bool answered_ = false;
};

class all_to_one_workload final : public workload {
  public:
    all_to_one_workload(const topology& t, const coord& sink, schedule_kind kind, turnaround reply,
                        schedule s, late_details details)
        : t_(t),
          sink_(t.id(sink)),
          kind_(kind),
          reply_(reply),
          sched_(std::move(s)),
          details_(std::move(details)) {}
    std::string primitive() const override { return "all-to-one"; }
    std::string schedule_name() const override { return to_string(kind_); }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        return std::make_unique<all_to_one_program>(t_, id, sink_, id == sink_ ? &sched_ : nullptr,
                                                    reply_);
    }
    std::size_t rounds() const override { return sched_.rounds(); }
    std::size_t delays() const override { return sched_.delays(); }
    // KM request broadcasts reach every router once; every router sends the sink one message.
    std::uint32_t expected(router_id src, router_id dst) const override {
        const std::uint32_t requests = static_cast<std::uint32_t>(t_.k() * t_.m());
        const std::uint32_t answer = dst == sink_ ? 1u : 0u;
        return src == sink_ ? requests + answer : answer;
    }
    // The sink's requests reach every router; any other router answers the sink only.
    void expected_from(router_id src, router_id routers,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        if (src == sink_) return workload::expected_from(src, routers, out);
        expected_among(src, {sink_}, out);
    }
    nlohmann::json details() const override { return details_.get(); }
    /// The sink's request broadcasts, then one answer from every router.
    std::optional<workload_volume> volume(const topology& t) const override {
        workload_volume v;
        add_schedule_volume(t, sched_, sink_, 1, v);
        v.messages += t.routers();
        v.deliveries += t.routers();
        v.in_flight += t.routers();
        return v;
    }

  private:
    topology t_;
    router_id sink_;
    schedule_kind kind_;
    turnaround reply_;
    schedule sched_;
    late_details details_;
};

}  // namespace

std::uint64_t all_to_one_answer_step(std::uint64_t step, turnaround reply) {
    // first hop at step+1, three steps, delivery at step+4; the answer is launched in that step
    // (first hop at step+5) or in the next one
    return step + kFirstHopAfterLaunch + 3 + (reply == turnaround::paper ? 0 : 1);
}

std::vector<slot> all_to_one_rounds(const topology& t) {
    std::vector<slot> rounds;
    for (int i = 0; i < t.k() * t.m(); ++i)
        rounds.push_back(
            {{{make_source_vector_header(true, 3, {0, 0, 0}), encode(i, i / t.m(), i % t.m())}}});
    return rounds;
}

namespace {

// Link uses of a round launched at slot 0: the request broadcast (the same in every round) and
// round i's M answers.
std::vector<link_use> all_to_one_request_uses(const topology& t, const coord& sink) {
    std::vector<link_use> uses;
    trace_links(t, t.id(sink), 0, make_source_vector_header(true, 3, {0, 0, 0}), uses);
    return uses;
}

std::vector<link_use> all_to_one_answer_uses(const topology& t, const coord& sink, int i,
                                             turnaround reply) {
    std::vector<link_use> uses;
    link_tracer tracer;
    const int gamma = i / t.m(), pi = i % t.m();
    for (int d = 0; d < t.m(); ++d) {
        const coord r{gamma, d, pi};
        tracer.trace(t, t.id(r), all_to_one_answer_step(0, reply),
                     make_source_vector_header(false, 3, t.vector_to(r, sink)), uses);
    }
    return uses;
}

// The lockstep prediction of `s`, whose rounds are all_to_one_rounds(t) in order.
prediction all_to_one_prediction(const topology& t, const coord& sink, turnaround reply,
                                 const schedule& s) {
    // The request broadcast reaches every router: traced once, not once per round.
    const std::vector<link_use> request = all_to_one_request_uses(t, sink);
    link_calendar cal;
    int i = 0;
    for (std::size_t slot = 0; slot < s.slots.size(); ++slot) {
        if (!s.slots[slot].is_delay()) {
            cal.add(request, slot);
            cal.add(all_to_one_answer_uses(t, sink, i++, reply), slot);
        }
        cal.filled_before(slot + 1);
    }
    return predict(cal);
}

}  // namespace

std::unique_ptr<workload> make_all_to_one_workload(const topology& t, const primitive_options& o) {
    const std::vector<slot> rounds = all_to_one_rounds(t);
    const int protocol = o.protocol != 0 ? o.protocol : 1;
    const coord sink = o.source;
    const turnaround reply = o.reply;
    const schedule paper = protocol_pattern(rounds, protocol);
    schedule chosen = choose_schedule(
        o.schedule, paper, rounds,
        [&](const schedule& s) { return all_to_one_prediction(t, sink, reply, s).conflicts; },
        [&] {
            // The request broadcast (K M rounds of N routers' links were 3.6 GB at D3(32,32))
            // is kept once, each round's list made when the placement asks for it.
            const std::vector<link_use> request = all_to_one_request_uses(t, sink);
            std::vector<link_use> round;
            const auto round_of = [&](std::size_t i) -> const std::vector<link_use>& {
                round = request;
                const std::vector<link_use> answers =
                    all_to_one_answer_uses(t, sink, static_cast<int>(i), reply);
                round.insert(round.end(), answers.begin(), answers.end());
                return round;
            };
            link_calendar cal;
            const placement pl = place_rounds(rounds.size(), round_of, false, cal);
            schedule fixed;
            fixed.slots.resize(pl.slots);
            for (std::size_t i = 0; i < rounds.size(); ++i) fixed.slots[pl.slot[i]] = rounds[i];
            return fixed;
        },
        "all-to-one to " + to_string(sink) + " with Protocol " + std::to_string(protocol));
    nlohmann::json details = {{"sink", to_string(sink)},
                              {"protocol", o.schedule == schedule_kind::paper ? protocol : 0},
                              {"turnaround", to_string(reply)},
                              {"answer_offset", all_to_one_answer_step(0, reply)},
                              {"claimed", !topology::is_fixed_point(sink)}};
    // Every round's broadcast traced (K M N links): made when the result reads it.
    auto lockstep = [t, sink, reply, chosen] {
        return nlohmann::json{
            {"lockstep", to_json(all_to_one_prediction(t, sink, reply, chosen), t)}};
    };
    return std::make_unique<all_to_one_workload>(t, sink, o.schedule, reply, std::move(chosen),
                                                 late_details(std::move(details), lockstep));
}

}  // namespace d3
