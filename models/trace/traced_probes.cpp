#include "trace/traced_probes.h"

#include <algorithm>

#include "core/decoding/header.h"
#include "trace/wave_layout.h"

namespace d3 {

namespace {
constexpr const char* kScope = "decoder";
constexpr unsigned kActBits = 3;
constexpr unsigned kPortBits = 8;
constexpr int kActions = static_cast<int>(action::invalid) + 1;

// act_o by name: to_string(action).
std::vector<std::string> action_names() {
    std::vector<std::string> n;
    for (int a = 0; a < kActions; ++a) n.emplace_back(to_string(static_cast<action>(a)));
    return n;
}

// route = act_o * 256 + port_o by name: what the router does with the packet.
std::vector<std::string> route_names(const topology& t) {
    const int ports = std::min(std::max(t.k(), t.m()), 1 << kPortBits);
    std::vector<std::string> n(static_cast<std::size_t>(kActions) << kPortBits);
    const auto at = [&](action a, int port) -> std::string& {
        return n[static_cast<std::size_t>(a) << kPortBits | static_cast<std::size_t>(port)];
    };
    for (int p = 0; p < ports; ++p) {
        at(action::local, p) = p == 0 ? "hold" : "l" + std::to_string(p);
        at(action::global, p) = "g" + std::to_string(p);
    }
    at(action::eject, 0) = "eject";
    at(action::broadcast_local, 0) = "all_local";
    at(action::broadcast_global, 0) = "all_global";
    at(action::invalid, 0) = "invalid";
    return n;
}

class traced_program final : public node_program {
  public:
    traced_program(std::unique_ptr<node_program> inner, wave_trace& w, router_id id)
        : inner_(std::move(inner)), w_(w), id_(id) {}
    // A round is a step in which the node's program launches packets of its own: not the
    // background's (--background), and not answers to deliveries (launch::answer, and whatever
    // immediate() launches: the all-to-one's replies). So d3.rounds ends at the JSON's rounds.
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        const std::size_t before = out.size();
        inner_->launches(step, out);  // steps are network time steps
        if (std::any_of(out.begin() + static_cast<std::ptrdiff_t>(before), out.end(),
                        [](const launch& l) { return !l.background && !l.answer; }))
            w_.on_round(step, id_, round_++);
    }
    bool finished(std::uint64_t step) const override { return inner_->finished(step); }
    void on_receive(const delivery& d) override { inner_->on_receive(d); }
    void immediate(std::uint64_t step, std::vector<launch>& out) override {
        inner_->immediate(step, out);
    }

  private:
    std::unique_ptr<node_program> inner_;
    wave_trace& w_;
    router_id id_;
    std::uint64_t round_ = 0;
};
}  // namespace

traced_decoder::traced_decoder(std::unique_ptr<decoder_if> inner, wave_trace& w, router_id router,
                               decoder_value_names n)
    : inner_(std::move(inner)),
      w_(w),
      valid_(w.add_probe(router, kScope, "valid", 1, /*pulse=*/true)),
      hdr_(w.add_probe(router, kScope, "hdr_i", layout::kWidth)),
      act_(w.add_probe(router, kScope, "act_o", kActBits, false, n.act)),
      port_(w.add_probe(router, kScope, "port_o", kPortBits)),
      hold_(w.add_probe(router, kScope, "hold_o", 1)),
      next_(w.add_probe(router, kScope, "next_o", layout::kWidth)),
      route_(w.add_probe(router, kScope, "route", kActBits + kPortBits, false, n.route)) {}

decision traced_decoder::decode_at(const header& h, const coord& at, const decode_context& ctx) {
    const decision d = inner_->decode(h, at, ctx);
    const std::uint64_t t = ctx.step;
    w_.probe(t, valid_, 1);
    w_.probe(t, hdr_, pack(h));
    w_.probe(t, act_, static_cast<std::uint64_t>(d.act));
    w_.probe(t, port_, d.port);
    w_.probe(t, hold_, d.hold);
    w_.probe(t, next_, pack(d.next));
    w_.probe(t, route_, static_cast<std::uint64_t>(d.act) << kPortBits | d.port);
    return d;
}

decoder_maker traced_decoders(decoder_maker inner, wave_trace& w, const topology& t) {
    const decoder_value_names n{w.add_value_names(kDecoderActNames, action_names()),
                                w.add_value_names(kDecoderRouteNames, route_names(t))};
    return [inner = std::move(inner), &w, t, n](const coord& at) {
        std::unique_ptr<decoder_if> d =
            inner ? inner(at) : std::make_unique<reference_decoder>(t.k(), t.m());
        return std::make_unique<traced_decoder>(std::move(d), w, t.id(at), n);
    };
}

std::unique_ptr<node_program> traced_workload::program_for(router_id id) const {
    auto p = inner_.program_for(id);
    if (!p) return nullptr;
    return std::make_unique<traced_program>(std::move(p), w_, id);
}

}  // namespace d3
