// The testbench's waveform hooks in-process: a decoder other than the C++ reference (as d3sim
// --decoder rtl|lockstep passes one) shows up in the trace without --wave-decoder.
#include <gtest/gtest.h>

#include <memory>
#include <systemc>

#include "core/decoding/decoder.h"
#include "support/scratch_folder.h"
#include "tb/report.h"
#include "tb/testbench.h"
#include "trace/formats/vcd_reader.h"

namespace d3 {
namespace {

/// Stands in for the Verilated decoder: the reference, counting its calls.
class counting_decoder final : public decoder_if {
  public:
    counting_decoder(int k, int m, std::uint64_t& calls) : ref_(k, m), calls_(calls) {}

  private:
    decision decode_at(const header& h, const coord& at, const decode_context& ctx) override {
        ++calls_;
        return ref_.decode(h, at, ctx);
    }

    reference_decoder ref_;
    std::uint64_t& calls_;
};

TEST(WaveTestbench, NonReferenceDecoderPortsAreTraced) {
    if (sc_core::sc_get_status() != sc_core::SC_ELABORATION)
        GTEST_SKIP() << "one elaboration per process: run through ctest";
    run_options o;
    o.net.k = 2;
    o.net.m = 3;
    o.schedule = schedule_kind::paper;
    o.wave = testing::TempDir() + "tb_decoder.vcd";
    ASSERT_FALSE(o.validate());
    std::uint64_t calls = 0;
    const decoder_factory factory = [&](const coord&) {
        return std::make_unique<counting_decoder>(o.net.k, o.net.m, calls);
    };
    run_result r;
    {
        testbench tb("tb", o, factory);
        r = tb.run();
    }
    EXPECT_TRUE(r.correct);
    ASSERT_GT(calls, 0u);
    const vcd_file v = vcd_file::load(o.wave);
    std::uint64_t decode_steps = 0;
    std::size_t decoders = 0;
    for (std::size_t i = 0; i < v.vars().size(); ++i) {
        const std::string& p = v.vars()[i].path;
        if (p.size() < 14 || p.compare(p.size() - 14, 14, ".decoder.valid") != 0) continue;
        ++decoders;
        decode_steps += v.time_high(i);
    }
    EXPECT_EQ(decoders, 18u);  // every router of D3(2,3)
    EXPECT_GT(decode_steps, 0u);
    EXPECT_LE(decode_steps, calls);  // several decodes of a router in one step share a pulse
    EXPECT_TRUE(v.find("d3.c1.d2.p0.decoder.next_o[45:0]"));
}

}  // namespace
}  // namespace d3

// SystemC defines main() and calls sc_main(): run GoogleTest from there (no d3_test_main).
int sc_main(int argc, char** argv) {
    d3::install_report_handler();
    return d3::test::run_all_tests(argc, argv);
}
