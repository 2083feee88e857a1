// Header decoding: what a router does with a packet at the head of a buffer (sections 8 and 10).
// The decoder sits behind decoder_if so that the Verilated RTL decoder can replace the reference.
// Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

enum class action : std::uint8_t {
    local = 0,            ///< forward on local port `port` (port 0: hold)
    global = 1,           ///< forward on global port `port` (port 0 at a fixed point: hold)
    eject = 2,            ///< b = 0: deliver to the attached node
    broadcast_local = 3,  ///< copy out of every local port; the port-0 copy is held
    broadcast_global =
        4,        ///< copy out of every global port; at a fixed point the port-0 copy is held
    invalid = 5,  ///< the header is out of range for this network
};

const char* to_string(action a);

struct decision {
    action act = action::invalid;
    std::uint8_t port = 0;
    /// The packet stays in this router for the step: local port 0, or global port 0 at a fixed
    /// point. For broadcasts: the port-0 copy is held.
    bool hold = false;
    /// The header the packet carries after this step (the sync counter stepped down).
    header next;

    friend bool operator==(const decision& a, const decision& b) {
        return a.act == b.act && a.port == b.port && a.hold == b.hold && a.next == b.next;
    }
    friend bool operator!=(const decision& a, const decision& b) { return !(a == b); }
};

std::string to_string(const decision& d);

/// A decision for header h, written into `d` where it is kept (a route stage's entry): the next
/// header is h with b one lower (unless act is eject or invalid). Written in place, the header is
/// copied whole and its counter lowered there, where a returned 11-byte decision is put together
/// byte by byte in registers and then copied.
[[gnu::always_inline]] inline void set_decision(decision& d, action act, int port, bool hold,
                                                const header& h) {
    const std::uint8_t b = h.b;  // read before d is written (h may be d.next)
    d.next = h;
    if (act != action::eject && act != action::invalid) d.next.b = static_cast<std::uint8_t>(b - 1);
    d.act = act;
    d.port = static_cast<std::uint8_t>(port);
    d.hold = hold;
}
inline decision make_decision(action act, int port, bool hold, const header& h) {
    decision d;
    set_decision(d, act, port, hold, h);
    return d;
}

/// A move on local port `port` (port 0: the packet holds for the step), into `d`.
[[gnu::always_inline]] inline void set_local_hop(decision& d, int port, const header& h) {
    set_decision(d, action::local, port, port == 0, h);
}
/// A move on global port `port` at `at` (port 0 at a fixed point, where it loops back: a hold),
/// into `d`.
[[gnu::always_inline]] inline void set_global_hop(decision& d, int port, const coord& at,
                                                  const header& h) {
    set_decision(d, action::global, port, port == 0 && topology::is_fixed_point(at), h);
}
inline decision local_hop(int port, const header& h) {
    decision d;
    set_local_hop(d, port, h);
    return d;
}
inline decision global_hop(int port, const coord& at, const header& h) {
    decision d;
    set_global_hop(d, port, at, h);
    return d;
}

/// Section 8's source vector (B, b; gamma, pi, delta) at router `at`: b = 3 local port delta, b = 2
/// global port gamma, b = 1 local port pi, b = 0 eject; port 0 holds (global port 0 only where it
/// loops back, at a fixed point); with B = 1 every local (b odd) or global (b = 2) port. Inline:
/// the route stage decodes one per router visit (into its entry's decision `d`).
[[gnu::always_inline]] inline void decode_source_vector(const header& h, const coord& at,
                                                        decision& d) {
    if (h.b == 0) return set_decision(d, action::eject, 0, false, h);
    if (h.broadcast) {
        if (h.b == 2)
            return set_decision(d, action::broadcast_global, 0, topology::is_fixed_point(at), h);
        return set_decision(d, action::broadcast_local, 0, true, h);
    }
    if (h.b == 2) return set_global_hop(d, h.gamma(), at, h);
    return set_local_hop(d, h.b == 3 ? h.delta() : h.pi(), h);
}
inline decision decode_source_vector(const header& h, const coord& at) {
    decision d;
    decode_source_vector(h, at, d);
    return d;
}

/// decode_valid() of the other kinds of header (sync and destination), out of line.
decision decode_valid_other(const header& h, const coord& at, int k, int m);

/// The reference decoder for a header already known to be valid on D3(k, m) (valid(h, k, m)) at a
/// router `at` of it. A valid header's next header is valid again (the decoder only lowers b,
/// clears gamma or moves a port field), so a path needs the check once (route stage, walk).
inline decision decode_valid(const header& h, const coord& at, int k, int m) {
    if (h.kind == header_kind::source_vector) return decode_source_vector(h, at);
    return decode_valid_other(h, at, k, m);
}

/// The reference decoder as a pure function: header h at router `at` of D3(k, m).
inline decision decode(const header& h, const coord& at, int k, int m) {
    if (!valid(h, k, m)) return make_decision(action::invalid, 0, false, h);
    return decode_valid(h, at, k, m);
}

/// The reference decoder of MDF(K,M) (core/decoding/mdf_decoder.cpp) for a header known to be valid
/// there (valid(h, t)) at a router of it.
decision decode_mdf_valid(const header& h, const coord& at, const topology& t);
/// The same, written into `d` (a route stage's entry). Out of line: the inline form, for a route
/// stage that knows it serves MDF, is core/decoding/mdf_decoder.h.
void decode_mdf_valid(const header& h, const coord& at, const topology& t, decision& d);

/// The reference decoder of MDF(K,M) (core/decoding/mdf_decoder.cpp): destination headers through
/// the group's routing tables, l-g-l with holds so that every minimal path takes three steps as on
/// D3.
inline decision decode_mdf(const header& h, const coord& at, const topology& t) {
    if (t.mdf() == nullptr || !valid(h, t) || !t.contains(at))
        return make_decision(action::invalid, 0, false, h);
    return decode_mdf_valid(h, at, t);
}

/// The reference decoder of a network given as a file (core/decoding/file_decoder.h) for a header
/// known to be valid there (valid(h, t)), into `d`.
void decode_file_valid(const header& h, const coord& at, const topology& t, decision& d);
/// The same, checking the header and the router first.
decision decode_file(const header& h, const coord& at, const topology& t);

/// The reference decoder of any topology.
inline decision decode(const header& h, const coord& at, const topology& t) {
    if (t.is_d3()) return decode(h, at, t.k(), t.m());
    return t.is_file() ? decode_file(h, at, t) : decode_mdf(h, at, t);
}
/// decode() for a header known to be valid on `t` (valid(h, t)) at a router of `t`.
inline decision decode_valid(const header& h, const coord& at, const topology& t) {
    if (t.is_d3()) return decode_valid(h, at, t.k(), t.m());
    if (!t.is_file()) return decode_mdf_valid(h, at, t);
    decision d;
    decode_file_valid(h, at, t, d);
    return d;
}
/// decode_valid() on D3 into `d` (a route stage's entry). Its kind test repeats decode_valid(h, at,
/// k, m)'s on purpose: going through that one reads k and m before the kind is known, on every
/// decode.
[[gnu::always_inline]] inline void decode_valid_d3(const header& h, const coord& at,
                                                   const topology& t, decision& d) {
    if (h.kind == header_kind::source_vector) return decode_source_vector(h, at, d);
    d = decode_valid_other(h, at, t.k(), t.m());
}
/// decode_valid() into `d` (a route stage's entry).
[[gnu::always_inline]] inline void decode_valid(const header& h, const coord& at, const topology& t,
                                                decision& d) {
    if (t.is_d3()) return decode_valid_d3(h, at, t, d);
    if (t.is_file()) return decode_file_valid(h, at, t, d);
    decode_mdf_valid(h, at, t, d);
}

/// Who asks for a decode: the router and the step. Decoders that report or trace (lockstep,
/// waveform probes) read it instead of asking the simulation kernel.
struct decode_context {
    router_id router = 0;
    const char* name = "";  ///< the router's hierarchical name
    std::uint64_t step = 0;
};

/// Replaceable decoder, called once per packet per router visit.
class decoder_if {
  public:
    virtual ~decoder_if() = default;
    decision decode(const header& h, const coord& at, const decode_context& ctx = {}) {
        return decode_at(h, at, ctx);
    }

  protected:
    virtual decision decode_at(const header& h, const coord& at, const decode_context& ctx) = 0;
};

/// decoder_if over the pure reference function.
class reference_decoder final : public decoder_if {
  public:
    reference_decoder(int k, int m) : k_(k), m_(m) {}

  private:
    decision decode_at(const header& h, const coord& at, const decode_context&) override {
        return d3::decode(h, at, k_, m_);
    }
    int k_;
    int m_;
};

/// decoder_if over the reference decoder of a topology (D3 or MDF); holds a copy of `t` (cheap:
/// an MDF wiring is shared).
class topology_decoder final : public decoder_if {
  public:
    explicit topology_decoder(topology t) : t_(std::move(t)) {}
    /// The topology it decodes for (the route stage calls d3::decode on it directly, without the
    /// virtual call, when its decoder is this one).
    const topology& topo() const { return t_; }

  private:
    decision decode_at(const header& h, const coord& at, const decode_context&) override {
        return d3::decode(h, at, t_);
    }
    topology t_;
};

}  // namespace d3
