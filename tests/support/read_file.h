// The whole content of a file as a string (empty when it cannot be read). Shared by the tests
// that read what d3sim wrote (tests/cli).
#pragma once

#include <array>
#include <cstdio>
#include <string>

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

}  // namespace d3::test
