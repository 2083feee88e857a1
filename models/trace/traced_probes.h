// Wrappers that put more of the model into a wave_trace without touching it:
// - traced_decoder: any decoder_if (the C++ reference or the Verilated RTL) with its ports as
//   signals under c/d/p/decoder: valid (a pulse in each step with a decode), hdr_i, act_o, port_o,
//   hold_o, next_o (the last decode of the step wins when a router decodes several packets), and
//   route, the model's reading of act_o and port_o together (act_o * 256 + port_o). act_o and
//   route are shown by name in the views (translate files x.act.txt, x.route.txt: "global",
//   "hold", "l3", "g2", "eject", "all_local", ...).
// - traced_workload: the node programs of a workload, reporting each round a node starts.
// The decoder's probes are stamped with the step of the decode_context the router passes.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "core/decoding/decoder.h"
#include "core/decoding/decoder_factory.h"
#include "core/workload/workload.h"
#include "trace/wave_trace.h"

namespace d3 {

using decoder_maker = decoder_factory;

/// The value names traced_decoders adds to a view: act_o's and route's, each in its translate
/// file beside the view (wave_trace::names_path_for(gtkw, name)).
inline constexpr const char* kDecoderActNames = "act";
inline constexpr const char* kDecoderRouteNames = "route";

/// The ids of the value names of the decoder's act_o and route (wave_trace::add_value_names).
struct decoder_value_names {
    int act = -1;
    int route = -1;
};

class traced_decoder final : public decoder_if {
  public:
    traced_decoder(std::unique_ptr<decoder_if> inner, wave_trace& w, router_id router,
                   decoder_value_names n = {});

  private:
    decision decode_at(const header& h, const coord& at, const decode_context& ctx) override;

    std::unique_ptr<decoder_if> inner_;
    wave_trace& w_;
    wave_trace::probe_id valid_, hdr_, act_, port_, hold_, next_, route_;
};

/// Wraps `inner` (empty: the reference decoder) so that every router's decoder is traced.
decoder_maker traced_decoders(decoder_maker inner, wave_trace& w, const topology& t);

class traced_workload final : public workload {
  public:
    traced_workload(const workload& inner, wave_trace& w) : inner_(inner), w_(w) {}
    std::string primitive() const override { return inner_.primitive(); }
    std::string schedule_name() const override { return inner_.schedule_name(); }
    std::unique_ptr<node_program> program_for(router_id id) const override;
    std::size_t rounds() const override { return inner_.rounds(); }
    std::size_t delays() const override { return inner_.delays(); }
    std::uint32_t expected(router_id src, router_id dst) const override {
        return inner_.expected(src, dst);
    }
    void expected_from(router_id src, router_id routers,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        inner_.expected_from(src, routers, out);
    }
    const std::vector<router_id>* unit_destinations(router_id src) const override {
        return inner_.unit_destinations(src);
    }
    std::optional<std::uint32_t> uniform_expected(router_id src) const override {
        return inner_.uniform_expected(src);
    }
    std::optional<workload_volume> volume(const topology& t) const override {
        return inner_.volume(t);
    }

  private:
    const workload& inner_;
    wave_trace& w_;
};

}  // namespace d3
