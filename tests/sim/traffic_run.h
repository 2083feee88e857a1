// Runs a synthetic-traffic testbench in a SystemC test (one elaboration per process) and keeps
// its result and traffic figures; writes --link-stats when the options ask for it.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "output_file.h"
#include "traffic_bench.h"

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

}  // namespace d3::test
