// The SystemC-flavoured Verilated decoder (verilate(... SYSTEMC TRACE ...), library d3_rtl_sc) as a
// SystemC module: driven through sc_signals, evaluated by the kernel in delta cycles, checked
// against d3::decode on every header of D3(3,4) at every coordinate that matters, and traced to a
// VCD. It also times one decode through delta cycles, the figure docs/architecture.md compares with
// the plain C++ model that d3sim --decoder rtl evaluates.
#include "Vd3_header_decoder_sc.h"  // Verilated headers before <systemc> (docs: TOOLCHAIN)
#include "verilated_vcd_sc.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <systemc>

#include "core/decoding/decoder.h"
#include "header_space.h"

namespace d3 {
namespace {

constexpr int K = 3, M = 4;

class sc_decoder_bench : public sc_core::sc_module {
  public:
    sc_core::sc_signal<std::uint32_t> k{"k"}, m{"m"}, c{"c"}, d{"d"}, p{"p"}, act{"act"},
        port{"port"}, groups{"groups"}, exit_router{"exit_router"}, exit_port{"exit_port"};
    sc_core::sc_signal<bool> mdf{"mdf"};  // D3 here: mdf_i = 0, the MDF inputs unused
    sc_core::sc_signal<std::uint64_t> hdr{"hdr"}, next{"next"};
    sc_core::sc_signal<bool> hold{"hold"};
    Vd3_header_decoder_sc dut{"dut"};

    std::uint64_t checked = 0, mismatches = 0, timed = 0;
    double timed_seconds = 0;
    std::string first_mismatch;

    /// The first `traced` decodes take one time step each (so the VCD shows them); the rest are
    /// evaluated in delta cycles only, and timed.
    sc_decoder_bench(const sc_core::sc_module_name& name, int traced)
        : sc_core::sc_module(name), traced_(traced) {
        dut.k_i(k);
        dut.m_i(m);
        dut.mdf_i(mdf);
        dut.groups_i(groups);
        dut.exit_router_i(exit_router);
        dut.exit_port_i(exit_port);
        dut.c_i(c);
        dut.d_i(d);
        dut.p_i(p);
        dut.hdr_i(hdr);
        dut.act_o(act);
        dut.port_o(port);
        dut.hold_o(hold);
        dut.next_o(next);
        SC_THREAD(drive);
    }

  private:
    SC_HAS_PROCESS(sc_decoder_bench);

    void drive() {
        k.write(K);
        m.write(M);
        const auto start = std::chrono::steady_clock::now();
        for (const coord& at : cosim::coords_that_matter(K, M))
            cosim::for_each_header(K, M, [&](const header& h) { apply(h, at); });
        timed_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    void apply(const header& h, const coord& at) {
        c.write(static_cast<std::uint32_t>(at.c));
        d.write(static_cast<std::uint32_t>(at.d));
        p.write(static_cast<std::uint32_t>(at.p));
        hdr.write(pack(h));
        if (checked < static_cast<std::uint64_t>(traced_)) {
            wait(1, sc_core::SC_NS);
        } else {
            // Delta 1: the model's eval method sees the new inputs and writes its outputs;
            // delta 2: the outputs are visible here.
            wait(sc_core::SC_ZERO_TIME);
            wait(sc_core::SC_ZERO_TIME);
            ++timed;
        }
        const decision ref = decode(h, at, K, M);
        ++checked;
        if (act.read() == static_cast<std::uint32_t>(ref.act) && port.read() == ref.port &&
            hold.read() == ref.hold && next.read() == pack(ref.next))
            return;
        if (mismatches++ == 0) {
            std::ostringstream os;
            os << to_string(at) << " header " << to_string(h) << ": reference " << to_string(ref)
               << ", SystemC model act " << act.read() << " port " << port.read() << " hold "
               << hold.read() << " next 0x" << std::hex << next.read();
            first_mismatch = os.str();
        }
    }

    int traced_;
};

TEST(SystemCModel, EqualsReferenceAndTraces) {
    if (sc_core::sc_get_status() != sc_core::SC_ELABORATION)
        GTEST_SKIP() << "one elaboration per process: run through ctest";
    Verilated::traceEverOn(true);
    sc_decoder_bench bench("bench", 64);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    VerilatedVcdSc vcd;
    bench.dut.trace(&vcd, 99);
    const std::string path = testing::TempDir() + "d3_header_decoder_sc.vcd";
    vcd.open(path.c_str());
    sc_core::sc_start();
    vcd.close();

    std::uint64_t per_coord = 0;
    per_coord = cosim::for_each_header(K, M, [](const header&) {});
    EXPECT_EQ(bench.checked, per_coord * cosim::coords_that_matter(K, M).size());
    EXPECT_EQ(bench.mismatches, 0u) << bench.first_mismatch;

    // The VCD has the ports and one time step per traced decode.
    std::ifstream f(path);
    std::stringstream text;
    text << f.rdbuf();
    const std::string vcd_text = text.str();
    for (const char* port : {"hdr_i", "act_o", "port_o", "hold_o", "next_o", "k_i", "m_i"})
        EXPECT_NE(vcd_text.find(port), std::string::npos) << port;
    EXPECT_NE(vcd_text.find("\n#63"), std::string::npos) << "64 traced decodes";

    // The cost of one decode through the kernel, against the reference function alone.
    const double sc_ns = bench.timed_seconds / static_cast<double>(bench.timed) * 1e9;
    std::uint64_t sink = 0;
    const auto start = std::chrono::steady_clock::now();
    for (const coord& at : cosim::coords_that_matter(K, M))
        cosim::for_each_header(K, M, [&](const header& h) { sink += decode(h, at, K, M).port; });
    const double cpp_ns =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
        static_cast<double>(bench.checked) * 1e9;
    std::printf(
        "SystemC model D3(%d,%d): %llu decodes equal; %.0f ns per decode through delta cycles, "
        "d3::decode %.1f ns (sink %llu); VCD %s\n",
        K, M, static_cast<unsigned long long>(bench.checked), sc_ns, cpp_ns,
        static_cast<unsigned long long>(sink % 10), path.c_str());
}

}  // namespace
}  // namespace d3
