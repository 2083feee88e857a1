#include "core/run/input_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "core/network/limits.h"

namespace d3 {

std::vector<std::string> read_input_lines(const std::string& path, const std::string& what) {
    const auto fail = [&](const std::string& why) {
        return std::invalid_argument(what + ": cannot read " + path + ": " + why);
    };
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"),
                                                            &std::fclose);
    if (!f) throw fail(std::strerror(errno));
    std::vector<std::string> lines(1);
    std::uint64_t total = 0;
    char buf[8192];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f.get())) > 0;) {
        total += n;
        if (total > kMaxInputFileBytes)
            throw fail("larger than " + std::to_string(kMaxInputFileBytes >> 20) + " MiB");
        for (std::size_t i = 0; i < n; ++i) {
            if (buf[i] == '\n') {
                lines.emplace_back();
                continue;
            }
            if (lines.back().size() >= kMaxInputLineBytes)
                throw fail("line " + std::to_string(lines.size()) + " is longer than " +
                           std::to_string(kMaxInputLineBytes) + " bytes");
            lines.back() += buf[i];
        }
    }
    if (std::ferror(f.get())) throw fail(std::strerror(errno));
    if (lines.back().empty()) lines.pop_back();
    return lines;
}

}  // namespace d3
