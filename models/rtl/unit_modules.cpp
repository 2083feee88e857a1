#include "rtl/unit_modules.h"

#include <systemc>

namespace d3 {

namespace {
struct registry {
    std::vector<replicator_module> replicators;
    std::vector<hold_module> holds;
};
registry& registered() {
    static registry r;
    return r;
}

template <class Module, class Setup>
auto make_named(const std::vector<Module>& modules, const Setup& s, const char* unit)
    -> decltype(modules.front().make(s)) {
    for (const Module& m : modules)
        if (*s.module == 0 || std::string(s.module) == m.name) return m.make(s);
    const std::string msg =
        std::string("--unit-impl ") + unit + ": no RTL " + unit + " module " + s.module;
    SC_REPORT_ERROR("d3/unit-impl", msg.c_str());
    return nullptr;
}

template <class Module>
std::optional<std::string> check_named(const std::vector<Module>& modules, const char* unit,
                                       const std::string& module, unit_impl impl) {
    std::string known;
    for (const Module& m : modules) {
        if (module == m.name) return std::nullopt;
        known += (known.empty() ? "" : ", ") + std::string(m.name);
    }
    return "--unit-impl " + std::string(unit) + "=" + to_string(impl) + ":" + module + ": no RTL " +
           unit + " module " + module + " in this build (built: " + known +
           "; docs/rtl-units.md, D3_USER_RTL_DIR/" + unit + ")";
}
}  // namespace

void set_unit_modules(const std::vector<replicator_module>& replicators,
                      const std::vector<hold_module>& holds) {
    registered() = {replicators, holds};
}

std::unique_ptr<replicator_unit_if> make_module_replicator(const replicator_unit_setup& s) {
    return make_named(registered().replicators, s, "replicator");
}

std::unique_ptr<hold_unit_if> make_module_hold(const hold_unit_setup& s) {
    return make_named(registered().holds, s, "hold_stage");
}

std::optional<std::string> check_unit_module(rtl_unit unit, const std::string& module,
                                             unit_impl impl) {
    if (unit == rtl_unit::replicator)
        return check_named(registered().replicators, "replicator", module, impl);
    return check_named(registered().holds, "hold_stage", module, impl);
}

std::optional<std::string> check_unit_modules(const router_params& r) {
    if (!r.replicator_module.empty())
        if (auto err =
                check_unit_module(rtl_unit::replicator, r.replicator_module, r.replicator_impl))
            return err;
    if (!r.hold_stage_module.empty())
        return check_unit_module(rtl_unit::hold_stage, r.hold_stage_module, r.hold_stage_impl);
    return std::nullopt;
}

}  // namespace d3
