// The signals of a waveform and their hierarchy, which follows the machine:
//   d3 / cC / dD / pP / (gA | lX)   a directed link: the router's output port (global A, local X)
// on D3(K,M); d3 / gG / rR / (gA | lX) on MDF and d3 / NAME / portN on a file network
// (core/network/router_names.h).
// Global: step, rounds, conflicts. Per link: busy, conflict, requesters, packet, source, dest,
// header, bcast, b, gamma, pi, delta, and in_occupancy (the input buffer of the same port; with
// several VCs also vc0_occupancy, vc1_occupancy, ...). Per router:
// inject_occupancy, hold_occupancy, and probes (for example the decoder's ports) in sub-scopes.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/network/topology.h"
#include "core/run/stats.h"
#include "trace/formats/wave_writer.h"

namespace d3 {

/// Signals of one directed link, declared in this order.
enum link_field : int {
    kBusy,
    kConflict,
    kRequesters,
    kPacket,
    kSource,
    kDest,
    kHeader,
    kBcast,
    kSync,
    kGamma,
    kPi,
    kDelta,
    kLinkFields
};

struct field_info {
    const char* name;
    unsigned width;
};
const field_info& link_field_info(int field);

/// Width of the occupancy signals (buffers, hold stage, pipeline units).
inline constexpr unsigned kOccupancyWidth = 8;

/// "dest" of a broadcast copy: it has no single destination.
inline constexpr std::uint32_t kEveryRouter = 0xFFFFFFFFu;

/// Where the .gtkw groups show a probe of a router (with view or names): in every group of the
/// router's links; only in the group of its link output `port`; or beside the buffer of its input
/// `port` (a link input: in the group of the link into it; -1: the hold stage; link_ports + t: the
/// injection queue).
enum class probe_place : std::uint8_t { router, output, input };

/// A signal added by another part of the model (see wave_trace::add_probe).
struct probe_decl {
    router_id router = 0;  ///< the router whose scope holds it; kEveryRouter: the top scope
    std::string scope;     ///< sub-scope name, e.g. "decoder"
    std::string name;
    unsigned width = 1;
    bool pulse = false;  ///< returns to 0 the step after it was set
    int names = -1;      ///< the value names of wave_trace::add_value_names (-1: plain numbers)
    bool view = false;   ///< shown in the .gtkw groups of its router's links (as named probes are)
    probe_place place = probe_place::router;  ///< which of those groups, and where in them
    int port = 0;                             ///< output or input port (place output, input)
};

class wave_layout {
  public:
    static constexpr signal_id kNone = 0xFFFFFFFFu;

    /// `links[router * link_ports + output]`: links whose signals are declared; `routers[id]`:
    /// routers whose occupancy and probes are declared (a declared link's router must be declared).
    /// vcs: virtual channels per link input; with more than one, each port also gets
    /// vc<v>_occupancy signals. background: also declares background_conflicts.
    wave_layout(const topology& t, std::vector<bool> links, std::vector<bool> routers,
                const std::vector<probe_decl>& probes, int vcs = 1, bool background = false);

    /// Declares every signal to `w` (ids assigned in order) and ends the definitions.
    void declare(wave_writer& w);

    signal_id step() const { return step_; }
    signal_id rounds() const { return rounds_; }
    signal_id conflicts() const { return conflicts_; }
    /// kNone without background traffic.
    signal_id background_conflicts() const { return background_conflicts_; }
    /// First of the kLinkFields signals of link `li` (router * ports + output), or kNone.
    signal_id link(std::size_t li) const { return links_[li]; }
    std::size_t links_total() const { return links_.size(); }
    std::size_t router_of(std::size_t li) const {
        return li / static_cast<std::size_t>(t_.link_ports());
    }
    /// Occupancy of input `input` of router r (link_ports: injection, -1: hold stage), or kNone.
    signal_id buffer(router_id r, int input) const;
    /// Occupancy of VC vc of link input `input` of router r, or kNone (one VC: not declared).
    signal_id vc_buffer(router_id r, int input, int vc) const;
    int vcs() const { return vcs_; }
    /// The input number of the node's injection buffer (link_ports).
    int injection_input() const { return t_.link_ports(); }
    signal_id probe(std::size_t p) const { return probes_[p]; }
    /// The probes declared, in order (probe ids index them).
    const std::vector<probe_decl>& probe_decls() const { return probe_decls_; }
    /// gtkwave's name of probe p: "d3.c0.d0.p1.decoder.act_o[2:0]".
    std::string probe_signal(std::size_t p) const;
    std::size_t signals() const { return count_; }
    std::size_t links_declared() const;

    /// gtkwave's names: "d3.c0.d0.p1.l1", "d3.c0.d0.p1.l1.requesters[7:0]".
    std::string link_path(std::size_t li) const;
    std::string link_signal(std::size_t li, int field) const;
    std::string buffer_signal(router_id r, int input) const;
    std::string vc_buffer_signal(router_id r, int input, int vc) const;
    std::string global_signal(signal_id id) const;
    /// "c0.d0.p1 l1": a link in words, for titles; "c0.d0.p0 g0 (hold)" for a fixed point's
    /// global port 0, which loops back and is the hold stage, not a link ("(unused)": a file
    /// network's padding port).
    std::string link_label(std::size_t li) const;
    /// Whether link li is a fixed point's global port 0 (D3: it leads back to the router).
    bool hold_loop(std::size_t li) const;
    /// The router and input port at the receiving end of link li.
    struct link_input {
        router_id router = 0;
        int input = 0;
    };
    link_input far_input(std::size_t li) const;

  private:
    /// Declares router r's signals in its scope (open).
    void declare_router(wave_writer& w, router_id r);
    /// "d3." and the router's names (core/network/router_names.h).
    std::string router_path(router_id r) const;
    std::string port_name(int output) const;

    const topology& t_;
    std::vector<bool> want_links_;
    std::vector<bool> want_routers_;
    const std::vector<probe_decl>& probe_decls_;
    std::vector<signal_id> links_;
    std::vector<signal_id> buffers_;  ///< router * (ports + 2) + slot (ports: injection, +1: hold)
    std::vector<signal_id> probes_;
    int vcs_ = 1;
    std::vector<signal_id> vc_buffers_;  ///< (router * ports + input) * vcs + vc, with vcs > 1
    signal_id step_ = kNone, rounds_ = kNone, conflicts_ = kNone, background_conflicts_ = kNone;
    bool background_ = false;
    std::size_t count_ = 0;
};

}  // namespace d3
