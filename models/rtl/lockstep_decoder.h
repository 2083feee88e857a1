// Lockstep co-simulation, as in ibex's dv/cosim: every decode goes to the C++ reference decoder and
// to the RTL; the first difference stops the run with SC_REPORT_ERROR("d3/lockstep") naming the
// router, the step, the header and both outputs. `d3sim --decoder lockstep`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/decoding/decoder.h"
#include "core/decoding/header.h"
#include "core/network/topology.h"

namespace d3 {

class lockstep_decoder final : public decoder_if {
  public:
    /// `reference` is the model the run follows; `rtl` must agree with it on every decode.
    lockstep_decoder(std::unique_ptr<decoder_if> reference, std::unique_ptr<decoder_if> rtl)
        : reference_(std::move(reference)), rtl_(std::move(rtl)) {}

    /// Decodes compared so far.
    std::uint64_t decodes() const { return decodes_; }

  private:
    /// Both decoders' answer, which must be equal; else reports d3/lockstep (an error: the run
    /// stops) naming the router and step of `ctx`.
    decision decode_at(const header& h, const coord& at, const decode_context& ctx) override;

    std::unique_ptr<decoder_if> reference_;
    std::unique_ptr<decoder_if> rtl_;
    std::uint64_t decodes_ = 0;
};

/// What a mismatch report says: "<router> (c,d,p) step S (decode N of this router): header H ...:
/// C++ reference: ...; RTL: ...".
std::string describe_mismatch(const std::string& router, std::uint64_t step, std::uint64_t decode,
                              const header& h, const coord& at, const decision& reference,
                              const decision& rtl);

}  // namespace d3
