#include "cli/huge_pages.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <vector>

namespace d3 {

namespace {

constexpr const char* kTunable = "glibc.malloc.hugetlb=1";

// The threshold D3_HUGE_PAGES sets: a number of MiB; "off" (or anything else) none.
std::optional<double> threshold_mib(const char* setting) {
    if (setting == nullptr || *setting == '\0') return kHugePagesMib;
    char* end = nullptr;
    const double mib = std::strtod(setting, &end);
    if (end == setting || *end != '\0' || mib < 0) return std::nullopt;
    return mib;
}

}  // namespace

std::optional<std::string> huge_pages_tunables(double estimate_mib, const char* setting,
                                               const char* tunables) {
    const std::optional<double> threshold = threshold_mib(setting);
    if (!threshold || estimate_mib < *threshold) return std::nullopt;
    const std::string given = tunables == nullptr ? "" : tunables;
    if (given.find("glibc.malloc.hugetlb") != std::string::npos) return std::nullopt;
    return given.empty() ? kTunable : given + ":" + kTunable;
}

void restart_on_huge_pages(double estimate_mib) {
    const std::optional<std::string> tunables = huge_pages_tunables(
        estimate_mib, std::getenv("D3_HUGE_PAGES"), std::getenv("GLIBC_TUNABLES"));
    if (!tunables) return;
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    const std::string cmdline{std::istreambuf_iterator<char>(in), {}};
    std::vector<char*> argv;
    for (std::size_t at = 0; at < cmdline.size(); at = cmdline.find('\0', at) + 1)
        argv.push_back(const_cast<char*>(cmdline.c_str() + at));
    if (argv.empty() || setenv("GLIBC_TUNABLES", tunables->c_str(), 1) != 0) return;
    argv.push_back(nullptr);
    std::fflush(nullptr);
    execv("/proc/self/exe", argv.data());
}

}  // namespace d3
