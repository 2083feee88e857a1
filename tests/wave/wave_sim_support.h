// What the d3sim --wave tests share: a scratch name, a traced run's JSON, VCD and view.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/run_command.h"
#include "trace/formats/gtkw.h"
#include "trace/formats/vcd_reader.h"

namespace d3::test {

/// A file name private to this test process (CTest runs the tests of this binary in parallel).
inline std::string scratch(const std::string& name) {
    return testing::TempDir() + "d3wave_" + std::to_string(getpid()) + "_" + name;
}

/// d3sim as a user runs it (tests/support/run_command.h).
inline outcome run(const std::string& cmdline) {
    return run_command(cmdline);
}

struct traced_run {
    nlohmann::json result;
    vcd_file trace;
    std::string vcd, gtkw, err;
};

inline traced_run simulate(const std::string& name, const std::string& args) {
    traced_run r;
    r.vcd = scratch(name + ".vcd");
    r.gtkw = scratch(name + ".gtkw");
    const std::string json = scratch(name + ".json");
    const outcome o =
        run(std::string(D3SIM) + " " + args + " --wave " + r.vcd + " --json " + json + " -q");
    EXPECT_EQ(o.code, 0) << args << "\n" << o.err;
    r.err = o.err;
    std::ifstream jf(json);
    r.result = nlohmann::json::parse(jf);
    r.trace = vcd_file::load(r.vcd);
    return r;
}

inline std::vector<std::string> gtkw_names(const std::string& path) {
    std::ifstream f(path);
    EXPECT_TRUE(f.good()) << path;
    return d3::gtkw_trace_names(f);
}

}  // namespace d3::test
