// Route stage: reads a packet's header once per router visit through the decoder behind
// decoder_if (the C++ reference, the Verilated RTL, or both in lockstep) and expands the decision
// into the packet's targets (core/decoding/expand.h): a link output, the hold stage, the node, or
// every copy of a broadcast. A decision that is not a legal move at this router is reported as
// d3/router.
#pragma once

#include <cstdint>
#include <systemc>
#include <type_traits>
#include <vector>

#include "core/decoding/decoder.h"
#include "core/decoding/file_decoder.h"
#include "core/decoding/mdf_decoder.h"
#include "core/network/topology.h"
#include "core/router/step_traits.h"
#include "sc/router/entry.h"

namespace d3 {

class route_stage : public sc_core::sc_object {
  public:
    /// `router_name`: the router's hierarchical name, passed to the decoder with each decode;
    /// `lists`: where broadcast entries keep their copies (shared with the replicator).
    route_stage(const char* name, decoder_if& decoder, const topology& t, const coord& at,
                const char* router_name, fanout& lists);

    /// Decodes `e`'s header in step `t` and sets its targets (marks it decoded), on network `Net`
    /// (any_network: tested per decode). Always inline: once per router visit (with the router's
    /// step made twice, router::step_as, GCC left it out of line: a call per decode).
    /// A Net other than any_network is for the reference decoder only (the plain step's router).
    /// True for a unicast (its target in e.to), false for a broadcast (its copies in e.fan's list).
    template <typename Net = any_network>
    [[gnu::always_inline]] bool route(entry& e, std::uint64_t t, Net = {}) {
        const packet& p = *e.pkt;
        constexpr bool any = std::is_same_v<Net, any_network>;
        if ((!any || reference_) && p.header_checked) {  // the common case
            if constexpr (std::is_same_v<Net, d3_network>)
                d3::decode_valid_d3(p.hdr, at_, *reference_, e.dec);
            else if constexpr (std::is_same_v<Net, mdf_network>)
                d3::decode_mdf_valid_inline(p.hdr, at_, *reference_, e.dec);
            else if constexpr (std::is_same_v<Net, file_network>)
                d3::decode_file_valid_inline(p.hdr, at_, *reference_, e.dec);
            else
                d3::decode_valid(p.hdr, at_, *reference_, e.dec);
        } else {
            decode_first(e, t);
        }
        e.decoded = true;
        ++decodes_;
        const action a = e.dec.act;
        if (a == action::broadcast_local || a == action::broadcast_global) {
            fan_out(e, t);
            return false;
        }
        // The reference decoder's decisions (a Net other than any_network): only their action
        // is tested, and only their target worked out (core/decoding/expand.h).
        if constexpr (any) {
            hop h;
            if (!expand_unicast(e.dec, at_, topo_, h)) fail(e, t);
            e.to = h.to;
        } else {
            if (!unicast_target(e.dec, topo_, e.to)) fail(e, t);
        }
        return true;
    }

    std::uint64_t decodes() const { return decodes_; }
    /// Whether the decoder is the reference one (topology_decoder): decoded inline, not called.
    bool reference() const { return reference_ != nullptr; }
    const topology& topo() const { return topo_; }

  private:
    /// A header not known to be valid (packet::header_checked: one that no node launched, as in
    /// the router tests) decoded with its check, or any decoder but the reference.
    [[gnu::noinline]] void decode_first(entry& e, std::uint64_t t);
    /// A broadcast decision: the entry's list of copies.
    [[gnu::noinline]] void fan_out(entry& e, std::uint64_t t);
    /// Reports a decision that is no legal move here (d3/router).
    [[gnu::cold, gnu::noinline]] void fail(const entry& e, std::uint64_t t) const;

    decoder_if& decoder_;
    /// The reference decoder's topology when decoder_ is the reference (topology_decoder): then
    /// d3::decode is called directly, without the virtual call (the same function it makes).
    const topology* reference_ = nullptr;
    fanout& lists_;
    const topology& topo_;
    const coord at_;
    decode_context ctx_;
    std::vector<hop> hops_;
    std::uint64_t decodes_ = 0;
};

}  // namespace d3
