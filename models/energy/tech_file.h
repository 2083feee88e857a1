// A technology file (--power TECH.yaml, tech/*.yaml): the device, wire and cell figures the power
// model (power_model.h) reads, each under a name with its unit. Parsed with yaml-cpp; every key is
// required and checked, an unknown key is refused.
#pragma once

#include <optional>
#include <string>

namespace d3 {

struct tech_params {
    std::string name, source;
    double vdd = 0;                                 ///< V
    double inverter_r = 0;                          ///< ohm, a 1 um inverter
    double ioff_n = 0, ioff_p = 0;                  ///< A/um
    double ioff_sram = 0;                           ///< A per cell
    double cg_pwr = 0, cd_pwr = 0;                  ///< F/um, for power
    double cg = 0, cd = 0, cgdl = 0;                ///< F/um, for delay
    double lambda = 0;                              ///< um
    double metal_pitch = 0;                         ///< mm
    double wire_r = 0;                              ///< ohm/mm
    double wire_c_ground = 0, wire_c_coupling = 0;  ///< F/mm
    double wire_mm_per_cycle = 0;
    // Standard cells: height and width in metal pitches.
    double inv_h = 0, inv_w = 0, dff_h = 0, dff_w = 0, nand_h = 0, nand_w = 0, sram_h = 0,
           sram_w = 0;

    /// The clock the model assumes unless one is given: 20 FO4 delays (BookSim2's power module).
    double default_clock_hz() const;
};

/// Reads `path`; on a problem returns nothing and sets `error` to one line ("TECH: key vdd_v:
/// ...").
std::optional<tech_params> read_tech_file(const std::string& path, std::string& error);

}  // namespace d3
