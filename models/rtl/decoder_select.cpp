#include "rtl/decoder_select.h"

#include <memory>

#include "rtl/lockstep_decoder.h"
#include "rtl/rtl_decoder.h"

namespace d3 {

decoder_factory make_decoder_factory(decoder_kind kind, const topology& t, const engine_maker& make,
                                     rtl_sharing sharing) {
    if (kind == decoder_kind::cpp) return {};
    // One model made now, which also checks that the network fits the model's port widths; per
    // router, every router then gets its own.
    std::shared_ptr<rtl_engine> shared = make(t);
    if (sharing == rtl_sharing::per_router) shared.reset();
    const auto engine = [t, make, shared]() -> std::shared_ptr<rtl_engine> {
        return shared ? shared : std::shared_ptr<rtl_engine>(make(t));
    };
    if (kind == decoder_kind::rtl)
        return [engine](const coord&) -> std::unique_ptr<decoder_if> {
            return std::make_unique<rtl_decoder>(engine());
        };
    return [engine, t](const coord&) -> std::unique_ptr<decoder_if> {
        return std::make_unique<lockstep_decoder>(std::make_unique<topology_decoder>(t),
                                                  std::make_unique<rtl_decoder>(engine()));
    };
}

}  // namespace d3
