// Limits of issue 12 in the plain C++ core: bounded input files, ranges in the configuration
// structs, 64-bit arithmetic where large settings meet (watchdog, UGAL).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>

#include "core/network/config.h"
#include "core/network/limits.h"
#include "core/run/input_file.h"
#include "core/traffic/routing.h"
#include "core/traffic/traffic.h"

namespace {

using namespace d3;

std::string scratch(const std::string& name, const std::string& text) {
    const std::string p = testing::TempDir() + name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
}

std::string error_of(const std::string& path) {
    try {
        read_input_lines(path, "--perm");
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

TEST(InputFile, ReadsLinesWithAndWithoutTheLastNewline) {
    EXPECT_EQ(read_input_lines(scratch("l1.txt", "a\nb\n"), "x"),
              (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(read_input_lines(scratch("l2.txt", "a\n\nb"), "x"),
              (std::vector<std::string>{"a", "", "b"}));
    EXPECT_TRUE(read_input_lines(scratch("l3.txt", ""), "x").empty());
}

TEST(InputFile, RefusesEndlessLongAndMissingFiles) {
    // A device (endless), a FIFO or a directory is no regular file: refused without reading.
    EXPECT_NE(error_of("/dev/zero").find("--perm: cannot read /dev/zero: not a regular file"),
              std::string::npos);
    const std::string longline =
        scratch("long.txt", "ok\n" + std::string(kMaxInputLineBytes + 1, 'x'));
    EXPECT_NE(error_of(longline).find("line 2 is longer than 4096 bytes"), std::string::npos);
    EXPECT_NE(error_of("/nonexistent/p.txt").find("No such file"), std::string::npos);
    EXPECT_NE(error_of("/").find("cannot read /: a directory, not a file"), std::string::npos);
}

TEST(Limits, NetworkConfigRefusesHugeValuesWithTheRange) {
    network_config c;
    c.router.local_latency = 2147483647;
    ASSERT_TRUE(c.validate());
    EXPECT_EQ(*c.validate(), "local latency must be from 1 to 1024 (got 2147483647)");
    c.router.local_latency = 1;
    c.router.buffer_depth = 1 << 30;
    EXPECT_TRUE(c.validate());
}

TEST(Limits, MemoryLimitIsNoneOrASize) {
    network_config c;
    EXPECT_FALSE(c.validate());  // 0: none
    c.memory_limit_mib = 512;
    EXPECT_FALSE(c.validate());
    for (double bad : {-1.0, std::nan("")}) {
        c.memory_limit_mib = bad;
        ASSERT_TRUE(c.validate());
        EXPECT_EQ(*c.validate(), "the memory limit must be 0 (none) or a size in MiB");
    }
}

TEST(Limits, WatchdogDefaultDoesNotOverflow) {
    network_config c;  // resolved() on values validate() refuses: no signed overflow (UBSan)
    c.router.pipeline.traverse = 2147483646;
    c.router.local_latency = 2147483647;
    EXPECT_EQ(c.resolved().watchdog, kWatchdogRange.hi);
}

TEST(Limits, UgalComparisonIs64Bit) {
    EXPECT_FALSE(ugal_deflects(1, 1, 2147483647));
    EXPECT_TRUE(ugal_deflects(1 << 30, 0, 0));
}

TEST(Limits, TrafficPhasesHaveRanges) {
    traffic_options o;
    o.measure = 2147483647;
    ASSERT_TRUE(o.validate());
    EXPECT_NE(o.validate()->find("--measure must be from 1 to 10000000"), std::string::npos);
    o.measure = 1000;
    o.ugal_threshold = 2147483647;
    EXPECT_TRUE(o.validate());
}

}  // namespace
