#include "core/decoding/file_decoder.h"

namespace d3 {

void decode_file_valid(const header& h, const coord& at, const topology& t, decision& d) {
    decode_file_valid_inline(h, at, t, d);
}

decision decode_file(const header& h, const coord& at, const topology& t) {
    if (t.file() == nullptr || !valid(h, t) || !t.contains(at))
        return make_decision(action::invalid, 0, false, h);
    decision d;
    decode_file_valid(h, at, t, d);
    return d;
}

}  // namespace d3
