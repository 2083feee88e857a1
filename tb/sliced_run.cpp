#include "tb/sliced_run.h"

#include <algorithm>
#include <cstdio>
#include <systemc>

#include "sc/protocol.h"

namespace d3 {

void run_sliced(const std::function<void(std::uint64_t step)>& report) {
    // A slice reaches at least the next pending event: with SC_EXIT_ON_STARVATION, sc_start()
    // does not move time to the end of a slice with no event in it, so a sparse timer (the
    // watchdog's, after the last packet) would otherwise be approached by empty slices forever.
    const sc_core::sc_time slice = step_time() * 64.0;
    while (sc_core::sc_pending_activity() && sc_core::sc_get_status() != sc_core::SC_STOPPED) {
        const sc_core::sc_time before = sc_core::sc_time_stamp();
        const auto deltas = sc_core::sc_delta_count();
        sc_core::sc_start(std::max(slice, sc_core::sc_time_to_pending_activity()),
                          sc_core::SC_EXIT_ON_STARVATION);
        report(to_cycle(sc_core::sc_time_stamp()));
        if (sc_core::sc_time_stamp() == before && sc_core::sc_delta_count() == deltas) break;
    }
    std::fprintf(stderr, "\r%70s\r", "");
}

}  // namespace d3
