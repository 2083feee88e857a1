// The RTL header decoder (rtl/d3_header_decoder.sv), Verilated as a plain C++ model, behind
// decoder_if: `d3sim --decoder rtl`. The decoder is combinational, so decode() drives the model's
// input ports, calls eval() once and reads the outputs back (docs/architecture.md, "Co-simulation
// of the RTL header decoder", says why this is not the SystemC-flavoured model).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/decoding/decoder.h"
#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

/// The output ports of the decoder after an evaluation, as the RTL drove them.
struct rtl_ports {
    std::uint32_t act = 0;   ///< act_o, a d3_pkg::action_e value
    std::uint32_t port = 0;  ///< port_o
    bool hold = false;       ///< hold_o
    std::uint64_t next = 0;  ///< next_o, a packed header (docs/header-format.md)
};

/// One Verilated decoder model with K and M driven on its k_i and m_i ports (and, on MDF, mdf_i,
/// groups_i and the routing table entry of each header).
class rtl_engine {
  public:
    virtual ~rtl_engine() = default;
    /// Drives hdr_i and the router coordinate (c_i, d_i, p_i), evaluates, reads act_o, port_o,
    /// hold_o and next_o.
    virtual decision eval(const header& h, const coord& at) = 0;
    /// The Verilated class, e.g. "Vd3_header_decoder".
    virtual const char* model() const = 0;
    /// Evaluations so far.
    std::uint64_t evals() const { return evals_; }
    /// The raw output ports of the last evaluation (the tests compare them bit for bit).
    const rtl_ports& last() const { return last_; }

  protected:
    std::uint64_t evals_ = 0;
    rtl_ports last_;
};

/// The largest K and M a model verilated with these port widths can decode.
struct rtl_limits {
    int global_port_width = 8;  ///< GlobalPortWidth: K <= 2**width
    int local_port_width = 8;   ///< LocalPortWidth: M <= 2**width
    int max_k() const { return 1 << global_port_width; }
    int max_m() const { return 1 << local_port_width; }
};

/// The Verilated model of the decoder for D3(K,M) or MDF(K,M). Defined by the model library linked
/// with d3_rtl: d3_rtl_model (the RTL as written) or, in the seeded-fault test only,
/// d3_rtl_model_fault. Reports d3/rtl (SC_REPORT_ERROR) when the network is larger than the
/// model's port widths allow.
std::unique_ptr<rtl_engine> make_rtl_engine(const topology& t);

/// Why the network does not fit a model with these limits (D3: K <= 2**GlobalPortWidth, M <=
/// 2**LocalPortWidth; MDF also K*M+1 groups <= 2**GlobalPortWidth, c_i holds the group), or
/// nothing.
std::optional<std::string> rtl_limit_error(const topology& t, const rtl_limits& limits,
                                           const char* model);

/// Reports d3/rtl when the network does not fit a model with these limits (rtl_limit_error).
void check_rtl_limits(const topology& t, const rtl_limits& limits, const char* model);

/// decoder_if over a Verilated model; several decoders may share one engine (it has no state).
class rtl_decoder final : public decoder_if {
  public:
    explicit rtl_decoder(std::shared_ptr<rtl_engine> engine) : engine_(std::move(engine)) {}
    const rtl_engine& engine() const { return *engine_; }

  private:
    decision decode_at(const header& h, const coord& at, const decode_context&) override {
        return engine_->eval(h, at);
    }
    std::shared_ptr<rtl_engine> engine_;
};

}  // namespace d3
