// What --power reports (docs/energy.md): the JSON `power` (totals and BookSim2's components), a CSV
// row per router and an SVG heat map of the routers by position. Plain C++.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/energy/activity.h"
#include "core/network/topology.h"
#include "energy/power_model.h"

namespace d3 {

struct power_run {
    tech_params tech;
    power_setup setup;  ///< as used (lengths and clock resolved)
    std::vector<power_figures> routers;
    power_figures total;
};

/// Runs the model on `a`: every router's figures and their sum.
power_run model_power(const tech_params& tech, const power_setup& setup, const network_activity& a);

/// JSON `power`: total_w, dynamic_w, leakage_w, area_mm2, the components and the setup.
nlohmann::json power_json(const power_run& p);

/// One line for the summary: "power 1.23 W (dynamic 1.1, leakage 0.13) at 9.7 GHz, area 45 mm2".
std::string power_line(const power_run& p);

/// A row per router: its position, its figures (W, mm2) and its activity.
std::string power_csv(const topology& t, const power_run& p, const network_activity& a);

/// The routers as cells coloured by total power: a row per group of M routers (D3's drawer (c, d),
/// MDF's group), a column per p.
std::string power_map_svg(const topology& t, const power_run& p);

}  // namespace d3
