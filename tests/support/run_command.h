// Runs a command line (d3sim as a user runs it) and returns its exit code, stdout and stderr.
// Shared by the tests that drive executables (tests/cli, tests/cosim, tests/paper).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <unistd.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <string>

namespace d3::test {

struct outcome {
    int code = -1;
    std::string out;
    std::string err;
};

inline outcome run_command(const std::string& command) {
    static std::atomic<int> serial{0};
    const std::string errfile = testing::TempDir() + "d3_stderr_" + std::to_string(getpid()) + "_" +
                                std::to_string(serial++) + ".txt";
    outcome o;
    FILE* p = popen((command + " 2>" + errfile).c_str(), "r");
    if (!p) return o;
    std::array<char, 4096> buf{};
    for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), p)) > 0;) o.out.append(buf.data(), n);
    const int status = pclose(p);
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (FILE* f = fopen(errfile.c_str(), "r")) {
        for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), f)) > 0;)
            o.err.append(buf.data(), n);
        fclose(f);
    }
    std::remove(errfile.c_str());
    return o;
}

/// The command is refused as bad input: exit code 2, one line on stderr that mentions `mentions`,
/// nothing on stdout.
inline void expect_bad_input_command(const std::string& command, const std::string& mentions) {
    const outcome o = run_command(command);
    EXPECT_EQ(o.code, 2) << command;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find(mentions), std::string::npos) << o.err;
    EXPECT_TRUE(o.out.empty()) << o.out;
}

}  // namespace d3::test
