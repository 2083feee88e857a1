// Runs a synthetic-traffic testbench in a SystemC test (one elaboration per process) and keeps
// its result and traffic figures; writes --link-stats when the options ask for it.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/output_file.h"
#include "tb/traffic_bench.h"

namespace d3::test {

struct traffic_outcome {
    run_result r;
    nlohmann::json t;
};

inline traffic_outcome run_traffic(const traffic_run_options& o) {
    if (auto err = o.validate()) ADD_FAILURE() << *err;
    traffic_bench tb("tb", o);
    traffic_outcome out;
    out.r = tb.run();
    out.t = tb.traffic_json();
    if (tb.links())  // as d3sim --link-stats writes it
        if (auto err = write_file(o.link_stats, tb.links()->csv())) ADD_FAILURE() << *err;
    return out;
}

/// A run at zero load: correct, more than `samples` packets measured, and its latency the
/// formula's `t0` (the median; the mean at most 0.2 above, nothing below).
inline void expect_zero_load(const traffic_outcome& out, std::uint64_t t0, int samples = 10) {
    EXPECT_TRUE(out.r.correct);
    for (const auto& p : out.r.problems) ADD_FAILURE() << p;
    EXPECT_GT(out.t["latency"]["samples"].get<int>(), samples);
    EXPECT_EQ(out.t["latency"]["p50"].get<std::uint64_t>(), t0);
    const double mean = out.t["latency"]["mean"].get<double>();
    EXPECT_GE(mean, static_cast<double>(t0));  // nothing arrives earlier than the formula
    EXPECT_LT(mean, static_cast<double>(t0) + 0.2);
}

}  // namespace d3::test
