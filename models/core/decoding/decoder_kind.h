// Which decoder the routers of a run use, as `d3sim --decoder cpp|rtl|lockstep` names it (the
// decoders themselves: rtl/decoder_select.h, in builds with the RTL). Plain C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/enum_names.h"

namespace d3 {

enum class decoder_kind : std::uint8_t {
    cpp,       ///< the C++ reference d3::decode
    rtl,       ///< the Verilated RTL decoder
    lockstep,  ///< both on every decode; the first difference stops the run
};
inline constexpr enum_entry<decoder_kind> kDecoderKindNames[] = {
    {decoder_kind::cpp, "cpp"}, {decoder_kind::rtl, "rtl"}, {decoder_kind::lockstep, "lockstep"}};
constexpr const auto& enum_names_of(decoder_kind) {
    return kDecoderKindNames;
}

}  // namespace d3
