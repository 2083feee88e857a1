// Transparent huge pages for the runs whose routers take gigabytes. Elaborating a network of
// hundreds of thousands of routers spends much of its time in page faults and TLB misses on the
// heap; glibc's malloc asks the kernel for huge pages (madvise, as Debian's kernel is set) when its
// tunable glibc.malloc.hugetlb=1 is set, and it reads its tunables only when a process starts. So
// a run estimated at `kHugePagesMib` or more starts itself again, with the same arguments and the
// tunable added to GLIBC_TUNABLES, before it has written anything. Nothing else changes: the same
// run, the same results. D3_HUGE_PAGES=off turns it off; D3_HUGE_PAGES=<MiB> sets the threshold.
#pragma once

#include <optional>
#include <string>

namespace d3 {

/// The estimate at and above which a run restarts on huge pages, without D3_HUGE_PAGES.
inline constexpr double kHugePagesMib = 2048;

/// The GLIBC_TUNABLES a run estimated at `estimate_mib` restarts with, or nothing when it runs as
/// it is: below the threshold (`setting`: D3_HUGE_PAGES, null when unset), turned off, or already
/// started with the tunable (`tunables`: GLIBC_TUNABLES as the process has it, null when unset).
std::optional<std::string> huge_pages_tunables(double estimate_mib, const char* setting,
                                               const char* tunables);

/// Restarts this process (/proc/self/exe with /proc/self/cmdline) on huge pages when
/// huge_pages_tunables says so; returns when it does not, or when the restart fails.
void restart_on_huge_pages(double estimate_mib);

}  // namespace d3
