// Files of the tests that drive d3sim (tests/cli): the whole content of one as a string, and a
// temporary file with a given text.
#pragma once

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

namespace d3::test {

inline std::string read_all(const std::string& path) {
    std::string text;
    if (FILE* f = std::fopen(path.c_str(), "r")) {
        std::array<char, 4096> buf{};
        std::size_t n;
        while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) text.append(buf.data(), n);
        std::fclose(f);
    }
    return text;
}

/// A file name of this process, `prefix`_PID_`name`: tests running at once do not share files.
inline std::string unique_name(const std::string& prefix, const std::string& name) {
    return prefix + "_" + std::to_string(getpid()) + "_" + name;
}

/// Writes `text` to a file `name` in the test's temporary directory and returns its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

}  // namespace d3::test
