// The waveform's size estimate (the --wave-limit warning) against the file the same run writes,
// for synthetic traffic of one-flit and of multi-flit packets: --rate counts flits, and a
// multi-flit packet is one value on each link it crosses in the paper's router, so the estimate
// counts packets there, and adds a design-space router's changes per flit.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <string>

#include "wave_sim_support.h"

namespace {

using d3::test::outcome;
using d3::test::run;
using d3::test::scratch;

// The bytes in "will be about 6.7 MB (...)": 0 when the warning is not there.
double estimated_bytes(const std::string& err) {
    const std::string key = "will be about ";
    const std::size_t at = err.find(key);
    if (at == std::string::npos) return 0;
    char* end = nullptr;
    const double v = std::strtod(err.c_str() + at + key.size(), &end);
    const std::string unit(end + 1, end + 3);
    if (unit == "kB") return v * 1e3;
    if (unit == "MB") return v * 1e6;
    if (unit == "GB") return v * 1e9;
    return v;  // "B"
}

// `router`: "" for the paper's router, or a design-space router's options; its estimate must not
// fall below `at_least` of the file (the limit's warning is for files too large).
void estimate_follows_the_file(const std::string& router, double at_least) {
    for (const int flits : {1, 4, 8}) {
        const std::string vcd = scratch("size" + std::to_string(flits) + ".vcd");
        const std::string args =
            " --k 4 --m 4 --traffic uniform --rate 0.4 --warmup 100 "
            "--measure 300 --buffer-depth 16 --packet-length " +
            std::to_string(flits) + " --wave " + vcd + " " + router;
        const outcome o = run(std::string(D3SIM) + args + " --wave-limit 1 -q");
        ASSERT_EQ(o.code, 0) << o.err;
        const double estimate = estimated_bytes(o.err);
        ASSERT_GT(estimate, 0) << o.err;
        struct stat st {};
        ASSERT_EQ(stat(vcd.c_str(), &st), 0) << vcd;
        const double ratio = estimate / static_cast<double>(st.st_size);
        // Counted at the flit rate, the 4- and 8-flit estimates were 4.2 and 6.6 times the file.
        EXPECT_GT(ratio, at_least) << flits << " flits: " << estimate << " B for " << st.st_size;
        EXPECT_LT(ratio, 1.6) << flits << " flits: " << estimate << " B for " << st.st_size;
    }
}

TEST(WaveSize, TrafficEstimateFollowsTheFileForAnyPacketLength) {
    estimate_follows_the_file("", 0.7);
}

// A design-space router's link, VC-owner and input signals change per flit: counted per packet,
// its 4- and 8-flit estimates fell below the file (docs/waveforms.md).
TEST(WaveSize, DesignSpaceEstimateCountsItsFlits) {
    estimate_follows_the_file("--flow-control wormhole --vcs 2", 0.9);
}

}  // namespace
