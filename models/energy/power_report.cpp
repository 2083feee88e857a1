#include "energy/power_report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace d3 {

power_run model_power(const tech_params& tech, const power_setup& setup,
                      const network_activity& a) {
    power_run p{tech, setup, {}, {}};
    const power_model model(tech, setup);
    p.setup.clock_hz = model.clock_hz();
    p.routers = model.per_router(a);
    for (const power_figures& f : p.routers) p.total += f;
    return p;
}

nlohmann::json power_json(const power_run& p) {
    const power_figures& f = p.total;
    return {
        {"tech", p.tech.name},
        {"clock_ghz", p.setup.clock_hz / 1e9},
        {"flit_bits", p.setup.flit_bits},
        {"buffer_flits_per_input", p.setup.buffer_flits},
        {"link_mm",
         {{"local", p.setup.local_mm},
          {"global", p.setup.global_mm},
          {"terminal", p.setup.terminal_mm}}},
        {"total_w", f.total()},
        {"dynamic_w", f.dynamic()},
        {"leakage_w", f.leakage()},
        {"area_mm2", f.area()},
        {"components_w",
         {{"channel_wire", f.channel_wire},
          {"channel_clock", f.channel_clock},
          {"channel_retiming", f.channel_retiming},
          {"channel_leakage", f.channel_leakage},
          {"input_read", f.input_read},
          {"input_write", f.input_write},
          {"input_leakage", f.input_leakage},
          {"switch", f.switch_datapath},
          {"switch_control", f.switch_control},
          {"switch_leakage", f.switch_leakage},
          {"output_dff", f.output_dff},
          {"output_clock", f.output_clock},
          {"output_control", f.output_control},
          {"hold_stage", f.hold_stage}}},
        {"area_mm2_by_part",
         {{"channel", f.channel_area},
          {"switch", f.switch_area},
          {"input", f.input_area},
          {"output", f.output_area}}},
        {"per_router_mean_w", p.routers.empty() ? 0.0 : f.total() / p.routers.size()},
    };
}

std::string power_line(const power_run& p) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "power %.4g W (dynamic %.4g W, leakage %.4g W) at %.3g GHz, area %.4g mm2, %s",
                  p.total.total(), p.total.dynamic(), p.total.leakage(), p.setup.clock_hz / 1e9,
                  p.total.area(), p.tech.name.c_str());
    return line;
}

std::string power_csv(const topology& t, const power_run& p, const network_activity& a) {
    std::ostringstream os;
    os.precision(6);
    os << "router,c,d,p,total_w,dynamic_w,leakage_w,area_mm2,buffer_w,crossbar_w,output_w,"
          "channel_w,buffer_writes,buffer_reads,crossbar_traversals,local_flits,global_flits\n";
    for (std::size_t r = 0; r < p.routers.size(); ++r) {
        const power_figures& f = p.routers[r];
        const router_activity& x = a.routers[r];
        const coord at = t.at(static_cast<router_id>(r));
        os << r << ',' << at.c << ',' << at.d << ',' << at.p << ',' << f.total() << ','
           << f.dynamic() << ',' << f.leakage() << ',' << f.area() << ','
           << f.input_read + f.input_write + f.input_leakage << ','
           << f.switch_datapath + f.switch_control + f.switch_leakage << ','
           << f.output_dff + f.output_clock + f.output_control + f.hold_stage << ','
           << f.channel_wire + f.channel_clock + f.channel_retiming + f.channel_leakage << ','
           << x.buffer_writes << ',' << x.buffer_reads << ',' << x.crossbar << ',' << x.local_flits
           << ',' << x.global_flits << '\n';
    }
    return os.str();
}

namespace {

/// White (lowest) to dark red (highest).
std::string colour(double share) {
    const int g = static_cast<int>(255 * (1 - share)), b = static_cast<int>(235 * (1 - share));
    char c[16];
    std::snprintf(c, sizeof c, "#%02x%02x%02x", 255 - static_cast<int>(80 * share), g, b);
    return c;
}

}  // namespace

std::string power_map_svg(const topology& t, const power_run& p) {
    const int cols = t.m(), rows = t.groups(), cell = 14, left = 70, top = 40;
    double lo = 1e300, hi = 0;
    for (const power_figures& f : p.routers) {
        lo = std::min(lo, f.total());
        hi = std::max(hi, f.total());
    }
    std::ostringstream os;
    os << "<svg xmlns='http://www.w3.org/2000/svg' width='" << left + cols * cell + 20
       << "' height='" << top + rows * cell + 20 << "' font-family='sans-serif' font-size='10'>\n"
       << "<text x='4' y='14'>" << t.name() << " router power (W): " << lo << " (white) to " << hi
       << " (red); rows " << (t.is_d3() ? "(c,d)" : "group") << ", columns p</text>\n";
    for (std::size_t r = 0; r < p.routers.size(); ++r) {
        const auto row = static_cast<int>(r) / cols, col = static_cast<int>(r) % cols;
        const double share = hi > lo ? (p.routers[r].total() - lo) / (hi - lo) : 0;
        const coord at = t.at(static_cast<router_id>(r));
        os << "<rect x='" << left + col * cell << "' y='" << top + row * cell << "' width='" << cell
           << "' height='" << cell << "' fill='" << colour(share) << "'><title>" << t.label(at)
           << ": " << p.routers[r].total() << " W</title></rect>\n";
        if (col == 0)
            os << "<text x='4' y='" << top + row * cell + 10 << "'>"
               << (t.is_d3() ? "(" + std::to_string(at.c) + "," + std::to_string(at.d) + ")"
                             : std::to_string(at.c))
               << "</text>\n";
    }
    os << "</svg>\n";
    return os.str();
}

}  // namespace d3
