#include "trace/rtl_unit_wave.h"

#include <sstream>

namespace d3 {

rtl_unit_wave::rtl_unit_wave(wave_trace& w, const topology& t, const coord& at)
    : w_(w), router_(t.id(at)) {
    set_unit_wave(this, at);
}

rtl_unit_wave::~rtl_unit_wave() {
    set_unit_wave(nullptr, coord{});
}

std::uint32_t rtl_unit_wave::add(const std::string& scope, const std::string& name,
                                 unsigned width) {
    return w_.add_probe(router_, scope, name, width);
}

void rtl_unit_wave::set(std::uint64_t step, std::uint32_t id, std::uint64_t value) {
    w_.probe(step, id, value);
}

std::optional<std::string> parse_wave_rtl_router(const std::string& text, const topology& t,
                                                 coord& out) {
    std::istringstream in(text);
    char s1 = 0, s2 = 0;
    const bool read = static_cast<bool>(in >> out.c >> s1 >> out.d >> s2 >> out.p) && s1 == ',' &&
                      s2 == ',' && (in >> std::ws).eof();
    if (!read || !t.contains(out))
        return "--wave-rtl must be a router c,d,p of " + t.name() + " (got '" + text + "')";
    return std::nullopt;
}

std::optional<std::string> check_wave_rtl(const std::string& router, const network_config& net) {
    if (router.empty()) return std::nullopt;
    const router_params& r = net.router;
    if (r.hold_stage_impl == unit_impl::cpp && r.switch_allocator_impl == unit_impl::cpp &&
        r.replicator_impl == unit_impl::cpp)
        return "--wave-rtl needs a unit in RTL to trace: --unit-impl hold_stage, switch_allocator "
               "or replicator =rtl|lockstep";
    coord at;
    return parse_wave_rtl_router(router, make_topology(net), at);
}

std::unique_ptr<rtl_unit_wave> make_rtl_unit_wave(wave_trace& w, const std::string& router,
                                                  const topology& t) {
    coord at;
    if (router.empty() || parse_wave_rtl_router(router, t, at)) return nullptr;
    return std::make_unique<rtl_unit_wave>(w, t, at);
}

}  // namespace d3
