// How a network gets its routers' decoders: a factory called once per router. Empty: the C++
// reference decoder of the topology. `d3sim --decoder rtl|lockstep` passes one that builds
// Verilated decoders (models/rtl/decoder_select.h); the waveform wraps any of them in probes.
// Plain C++, no SystemC.
#pragma once

#include <functional>
#include <memory>

#include "core/decoding/decoder.h"
#include "core/network/topology.h"

namespace d3 {

/// Makes the decoder of the router at a coordinate.
using decoder_factory = std::function<std::unique_ptr<decoder_if>(const coord&)>;

}  // namespace d3
