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

inline std::optional<decoder_kind> parse_decoder_kind(const std::string& s) {
    return parse_enum(kDecoderKindNames, s);
}
inline const char* to_string(decoder_kind k) {
    return name_of(kDecoderKindNames, k);
}

}  // namespace d3
