// The RTL arbiter modules an executable links (`--unit-impl switch_allocator=rtl:MODULE`,
// docs/rtl-units.md, "Bring your own RTL"): registered by register_rtl_units(), looked up by name
// when a router's bank is made and when d3sim checks its options.
#include <systemc>

#include "rtl/reference_arbiters.h"
#include "rtl/rtl_arbiters.h"

namespace d3 {

namespace {
std::vector<arbiter_module>& registered() {
    static std::vector<arbiter_module> modules;
    return modules;
}
}  // namespace

void set_arbiter_modules(const std::vector<arbiter_module>& modules) {
    registered() = modules;
}

const std::vector<arbiter_module>& arbiter_modules() {
    return registered();
}

std::unique_ptr<arbiter_bank_if> make_module_arbiters(const arbiter_bank_setup& s) {
    const std::vector<arbiter_module>& modules = arbiter_modules();
    for (const arbiter_module& m : modules)
        if (*s.module == 0 || std::string(s.module) == m.name) return select_arbiters(s, m.make(s));
    const std::string msg =
        std::string("--unit-impl switch_allocator: no RTL arbiter module ") + s.module;
    SC_REPORT_ERROR("d3/unit-impl", msg.c_str());
    return nullptr;
}

std::optional<std::string> check_arbiter_module(const std::string& module, unit_impl impl) {
    const std::string given =
        "--unit-impl switch_allocator=" + std::string(to_string(impl)) + ":" + module;
    std::string known;
    for (const arbiter_module& m : arbiter_modules()) {
        if (module == m.name) {
            if (impl == unit_impl::lockstep && !has_reference_arbiters(module))
                return given + ": lockstep needs a C++ reference of the module's policy (" +
                       "d3_rr_arbiter, d3_matrix_arbiter); rtl:" + module + " runs it alone";
            return std::nullopt;
        }
        known += (known.empty() ? "" : ", ") + std::string(m.name);
    }
    return given + ": no RTL arbiter module " + module + " in this build (built: " + known +
           "; docs/rtl-units.md, D3_USER_RTL_DIR)";
}

}  // namespace d3
