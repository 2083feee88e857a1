// The power model (models/energy) against figures BookSim2's power module printed for its own
// 32 nm technology file (tech/booksim2-32nm.yaml is that file): the repeated wires it designs, the
// figures that depend on the configuration alone (leakage, area: closed forms of the configuration,
// BookSim2's report for MDF(4,8) with 264 routers of 15 ports), the clock of 20 FO4 worked out by
// hand; and the technology file's refusals.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "energy/power_model.h"
#include "energy/tech_file.h"

namespace d3 {
namespace {

tech_params booksim_tech() {
    std::string error;
    const auto t = read_tech_file(D3_SOURCE_DIR "/tech/booksim2-32nm.yaml", error);
    EXPECT_TRUE(t) << error;
    return *t;
}

TEST(PowerModel, TheClockIsTwentyFo4) {
    const tech_params t = booksim_tech();
    // FO4 = R (3 Cd + 12 Cg + 12 Cgdl) = 606.321 x 8.4906e-15 s
    const double fo4 = 606.321 * (3 * 2.67e-16 + 12 * 5.34e-16 + 12 * 1.068e-16);
    EXPECT_NEAR(t.default_clock_hz(), 1 / (20 * fo4), 1.0);
    EXPECT_NEAR(t.default_clock_hz() / 1e9, 9.712, 0.001);
}

// BookSim2 printed "L = 2 K = 8.1 M = 2 N = 1", "L = 20 K = 9.6 M = 17 N = 1" and, for its
// dragonfly's 100-cycle links, "L = 200 K = -1 M = -1 N = -1" (no design).
TEST(PowerModel, WiresAreDesignedAsBookSim2DesignsThem) {
    const power_model m(booksim_tech(), power_setup{});
    const wire_design a = m.optimise_wire(2.0), b = m.optimise_wire(20.0);
    EXPECT_NEAR(a.k, 8.1, 1e-9);
    EXPECT_EQ(a.m, 2);
    EXPECT_EQ(a.n, 1);
    EXPECT_EQ(a.pieces, 1);
    EXPECT_NEAR(b.k, 9.6, 1e-9);
    EXPECT_EQ(b.m, 17);
    EXPECT_EQ(b.n, 1);
    const wire_design c = m.optimise_wire(200.0);
    EXPECT_GT(c.pieces, 1);  // cut into pieces that each have a design
    EXPECT_GT(c.k, 0);
    const wire_design piece = m.optimise_wire(200.0 / c.pieces);
    EXPECT_EQ(piece.pieces, 1);
    EXPECT_EQ(piece.m, c.m);
}

// BookSim2's report for MDF(4,8) (264 routers x 15 inputs, 5 VCs x 256 flits, 128 bits): input
// leakage 186.856 W and input area 199.313 mm2, which are inputs x depth x IoffSRAM x Vdd x W and
// inputs x (W x H_SRAM) x (depth x W_SRAM) x pitch^2.
TEST(PowerModel, BufferLeakageAndAreaAreBookSim2s) {
    power_setup s;
    s.buffer_flits = 5 * 256;
    const power_model m(booksim_tech(), s);
    power_figures f;
    m.buffers(f, 264 * 15, 0, 0, 1000);
    EXPECT_NEAR(f.input_leakage, 3960 * 1280 * 3.2e-7 * 0.9 * 128, 1e-9);
    EXPECT_NEAR(f.input_leakage, 186.856, 0.001);
    EXPECT_NEAR(f.input_area, 199.313, 0.001);
    EXPECT_EQ(f.input_read, 0);
    // Reads and writes are linear in the flits: twice the flits, twice the power.
    power_figures one, two;
    m.buffers(one, 15, 100, 100, 1000);
    m.buffers(two, 15, 200, 200, 1000);
    EXPECT_NEAR(two.input_read, 2 * one.input_read, 1e-9 * one.input_read);
    EXPECT_GT(one.input_write, one.input_read);  // a write also flips the cell
}

// BookSim2's switch area and leakage for the same network: 24.9142 mm2, 168.969 W.
TEST(PowerModel, CrossbarAreaAndLeakageAreBookSim2s) {
    const power_model m(booksim_tech(), power_setup{});
    power_figures f;
    const std::vector<std::uint64_t> idle(15, 0);
    for (int r = 0; r < 264; ++r) m.crossbar(f, idle, idle, 1000);
    EXPECT_NEAR(f.switch_area, 264 * std::pow(15 * 128 * 2 * 8e-5, 2), 1e-9);
    EXPECT_NEAR(f.switch_area, 24.9142, 0.0001);
    EXPECT_NEAR(f.switch_leakage, 168.969, 0.001);
    EXPECT_NEAR(f.output_area, 0.415236, 1e-6);
    EXPECT_EQ(f.switch_datapath, 0);
}

// A traversal's datapath power is half of its output's wire and half of its input's: a port in
// the first half of the crossbar drives half as much wire, so traffic there costs less.
TEST(PowerModel, TheCrossbarsFirstHalfCostsLess) {
    const power_model m(booksim_tech(), power_setup{});
    std::vector<std::uint64_t> in(8, 0), out(8, 0);
    power_figures near, far;
    in[0] = out[0] = 100;
    m.crossbar(near, in, out, 1000);
    in[0] = out[0] = 0;
    in[7] = out[7] = 100;
    m.crossbar(far, in, out, 1000);
    EXPECT_LT(near.switch_datapath, far.switch_datapath);
    EXPECT_GT(near.switch_datapath, far.switch_datapath / 2);
    EXPECT_DOUBLE_EQ(near.switch_control, far.switch_control);
}

std::string write_tech(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + "d3_tech_" + name + ".yaml";
    std::ofstream(path) << text;
    return path;
}

TEST(TechFile, BadFilesAreRefusedInOneLine) {
    std::string source;
    {
        std::ifstream in(D3_SOURCE_DIR "/tech/booksim2-32nm.yaml");
        source.assign(std::istreambuf_iterator<char>(in), {});
    }
    std::string error;
    EXPECT_FALSE(read_tech_file("/nonexistent/tech.yaml", error));
    EXPECT_NE(error.find("--power /nonexistent/tech.yaml"), std::string::npos) << error;
    const auto refused = [&](const std::string& name, const std::string& text,
                             const std::string& says) {
        std::string e;
        EXPECT_FALSE(read_tech_file(write_tech(name, text), e)) << name;
        EXPECT_NE(e.find(says), std::string::npos) << e;
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    };
    refused("unknown", source + "extra_key: 1\n", "unknown key extra_key");
    std::string no_vdd = source;
    no_vdd.replace(no_vdd.find("vdd_v: 0.9"), 10, "vdd_v: -1 ");
    refused("negative", no_vdd, "key vdd_v: a positive number");
    std::string cell = source;
    cell.replace(cell.find("[8, 16]"), 7, "[8]    ");
    refused("cell", cell, "key dff_d1_pitches");
    refused("list", "- 1\n- 2\n", "a YAML mapping");
}

}  // namespace
}  // namespace d3
