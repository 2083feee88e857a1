#include "sc/router/arbiter_bank.h"

#include <systemc>

namespace d3 {

namespace {
// Set once by the program (d3sim/main.cpp, the tests) before any network is built.
arbiter_bank_maker& arbiter_bank_maker_slot() {
    static arbiter_bank_maker m = nullptr;
    return m;
}
}  // namespace

void set_arbiter_bank_maker(arbiter_bank_maker make) {
    arbiter_bank_maker_slot() = make;
}

std::unique_ptr<arbiter_bank_if> make_arbiter_bank(const arbiter_bank_setup& s) {
    if (!arbiter_bank_maker_slot()) {
        SC_REPORT_ERROR("d3/unit-impl",
                        "--unit-impl switch_allocator needs a build with -DD3_WITH_VERILATOR=ON");
        return nullptr;
    }
    return arbiter_bank_maker_slot()(s);
}

}  // namespace d3
