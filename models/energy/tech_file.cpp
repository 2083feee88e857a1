#include "energy/tech_file.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <map>
#include <set>

namespace d3 {

double tech_params::default_clock_hz() const {
    const double fo4 = inverter_r * (3.0 * cd + 12.0 * cg + 12.0 * cgdl);
    return 1.0 / (20.0 * fo4);
}

namespace {

struct reader {
    const YAML::Node& root;
    std::string& error;
    std::set<std::string> seen;

    bool number(const char* key, double& to) {
        seen.insert(key);
        const YAML::Node n = root[key];
        if (!n) return fail(std::string("missing key ") + key);
        try {
            to = n.as<double>();
        } catch (const YAML::Exception&) {
            return fail(std::string("key ") + key + ": a number is needed");
        }
        if (!std::isfinite(to) || to <= 0)
            return fail(std::string("key ") + key + ": a positive number is needed");
        return true;
    }
    bool cell(const char* key, double& h, double& w) {
        seen.insert(key);
        const YAML::Node n = root[key];
        if (!n || !n.IsSequence() || n.size() != 2)
            return fail(std::string("key ") + key + ": [height, width] in metal pitches is needed");
        try {
            h = n[0].as<double>();
            w = n[1].as<double>();
        } catch (const YAML::Exception&) {
            return fail(std::string("key ") + key + ": two numbers are needed");
        }
        if (!(h > 0 && w > 0)) return fail(std::string("key ") + key + ": positive sizes needed");
        return true;
    }
    bool text(const char* key, std::string& to) {
        seen.insert(key);
        const YAML::Node n = root[key];
        if (!n || !n.IsScalar()) return fail(std::string("missing key ") + key);
        to = n.as<std::string>();
        return true;
    }
    bool fail(const std::string& why) {
        if (error.empty()) error = why;
        return false;
    }
};

}  // namespace

std::optional<tech_params> read_tech_file(const std::string& path, std::string& error) {
    YAML::Node root;
    try {
        root = YAML::LoadFile(path);
    } catch (const YAML::Exception& e) {
        error = "--power " + path + ": " + e.msg;
        return std::nullopt;
    }
    if (!root.IsMap()) {
        error = "--power " + path + ": a YAML mapping of technology figures is needed";
        return std::nullopt;
    }
    tech_params t;
    std::string why;
    reader r{root, why, {}};
    const bool ok =
        r.text("name", t.name) && r.text("source", t.source) && r.number("vdd_v", t.vdd) &&
        r.number("inverter_r_ohm", t.inverter_r) && r.number("ioff_n_a_per_um", t.ioff_n) &&
        r.number("ioff_p_a_per_um", t.ioff_p) && r.number("ioff_sram_a", t.ioff_sram) &&
        r.number("cg_pwr_f_per_um", t.cg_pwr) && r.number("cd_pwr_f_per_um", t.cd_pwr) &&
        r.number("cg_f_per_um", t.cg) && r.number("cd_f_per_um", t.cd) &&
        r.number("cgdl_f_per_um", t.cgdl) && r.number("lambda_um", t.lambda) &&
        r.number("metal_pitch_mm", t.metal_pitch) && r.number("wire_r_ohm_per_mm", t.wire_r) &&
        r.number("wire_c_ground_f_per_mm", t.wire_c_ground) &&
        r.number("wire_c_coupling_f_per_mm", t.wire_c_coupling) &&
        r.number("wire_mm_per_cycle", t.wire_mm_per_cycle) &&
        r.cell("inverter_d2_pitches", t.inv_h, t.inv_w) &&
        r.cell("dff_d1_pitches", t.dff_h, t.dff_w) &&
        r.cell("nand2_d1_pitches", t.nand_h, t.nand_w) &&
        r.cell("sram_cell_pitches", t.sram_h, t.sram_w);
    if (ok)
        for (const auto& kv : root)
            if (!r.seen.count(kv.first.as<std::string>())) {
                why = "unknown key " + kv.first.as<std::string>();
                break;
            }
    if (!why.empty()) {
        error = "--power " + path + ": " + why;
        return std::nullopt;
    }
    return t;
}

}  // namespace d3
