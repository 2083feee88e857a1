// The decoders of a run, as `d3sim --decoder cpp|rtl|lockstep` selects them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/decoding/decoder_factory.h"
#include "core/decoding/decoder_kind.h"
#include "core/network/topology.h"
#include "rtl/rtl_decoder.h"

namespace d3 {

/// How routers share Verilated models: one model for all (the default, see docs/architecture.md),
/// or one per router as in hardware. The decoder is combinational, so both give the same results.
enum class rtl_sharing : std::uint8_t { shared, per_router };

/// Makes the Verilated model for a network (D3 or MDF): make_rtl_engine, or a test build of the
/// RTL.
using engine_maker = std::function<std::unique_ptr<rtl_engine>(const topology& t)>;

/// Makes every router's decoder. cpp: an empty factory (the network's reference decoders); rtl and
/// lockstep evaluate models made by `make`.
decoder_factory make_decoder_factory(decoder_kind kind, const topology& t, const engine_maker& make,
                                     rtl_sharing sharing = rtl_sharing::shared);

}  // namespace d3
