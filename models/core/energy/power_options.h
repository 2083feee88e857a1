// --power and its options (docs/energy.md): the technology file, the clock, the flit's width and
// the links' lengths the power model (models/energy/power_model.h) needs, and where its per-router
// figures go. Plain C++.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace d3 {

struct power_options {
    std::string tech;      ///< --power TECH.yaml; empty: no power model
    double clock_ghz = 0;  ///< --clock-ghz; 0: the technology's (20 FO4)
    int flit_bits = 128;   ///< --flit-bits (BookSim2's channel_width)
    /// --link-mm LOCAL,GLOBAL,TERMINAL; 0 (or none): the link's latency x the technology's
    /// wire_mm_per_cycle (BookSim2's rule; a terminal link takes one cycle).
    std::vector<double> link_mm;
    /// --power-out PREFIX: PREFIX.csv (a row per router) and PREFIX.svg (routers by power);
    /// empty: d3sim-power.
    std::string out;

    bool on() const { return !tech.empty(); }
    std::string prefix() const { return out.empty() ? "d3sim-power" : out; }
    std::string csv() const { return prefix() + ".csv"; }
    std::string map() const { return prefix() + ".svg"; }
    /// The length given for kind 0 (local), 1 (global) or 2 (terminal), or 0.
    double given_mm(std::size_t kind) const { return kind < link_mm.size() ? link_mm[kind] : 0; }
    /// Why these values cannot be used, or nothing (the technology file is read by the model).
    std::optional<std::string> validate() const {
        if (!on()) return std::nullopt;
        if (!(clock_ghz >= 0 && clock_ghz <= 100))
            return "--clock-ghz: 0 (the technology's) to 100";
        if (flit_bits < 1 || flit_bits > 4096) return "--flit-bits: 1 to 4096";
        if (link_mm.size() > 3) return "--link-mm: LOCAL,GLOBAL,TERMINAL lengths, at most three";
        for (double mm : link_mm)
            if (!(mm >= 0 && mm <= 1e5))
                return "--link-mm: lengths from 0 (the latency's) to 1e5 mm";
        return std::nullopt;
    }
};

}  // namespace d3
