// What the d3sim --wave tests share: running d3sim in a shell, a traced run's JSON, VCD and view.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "trace/gtkw.h"
#include "trace/vcd_reader.h"

namespace d3::test {

struct outcome {
    int code = -1;
    std::string out;
    std::string err;
};

/// A file name private to this test process (CTest runs the tests of this binary in parallel).
inline std::string scratch(const std::string& name) {
    return testing::TempDir() + "d3wave_" + std::to_string(getpid()) + "_" + name;
}

inline outcome run(const std::string& cmdline) {
    const std::string errfile = scratch("stderr.txt");
    FILE* p = popen((cmdline + " 2>" + errfile).c_str(), "r");
    outcome o;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) o.out.append(buf.data(), n);
    const int status = pclose(p);
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream f(errfile);
    o.err.assign(std::istreambuf_iterator<char>(f), {});
    return o;
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
