#include "core/router/unit_wave.h"

namespace d3 {

namespace {
struct traced_router {
    unit_wave_if* wave = nullptr;
    coord at;
};
traced_router& traced() {
    static traced_router t;
    return t;
}
}  // namespace

void set_unit_wave(unit_wave_if* wave, const coord& router) {
    traced() = {wave, router};
}

unit_wave_if* unit_wave_for(const coord& at) {
    const traced_router& t = traced();
    return t.wave && t.at == at ? t.wave : nullptr;
}

}  // namespace d3
