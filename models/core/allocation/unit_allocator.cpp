#include "core/allocation/unit_allocator.h"

#include <stdexcept>

namespace d3 {

namespace {
unit_allocator_maker& maker() {
    static unit_allocator_maker m = nullptr;
    return m;
}
}  // namespace

void set_unit_allocator_maker(unit_allocator_maker make) {
    maker() = make;
}

std::unique_ptr<allocator_if> make_unit_allocator(const unit_allocator_setup& s) {
    if (!maker())
        throw std::logic_error(
            "--unit-impl switch_allocator needs a build with -DD3_WITH_VERILATOR=ON");
    return maker()(s);
}

}  // namespace d3
