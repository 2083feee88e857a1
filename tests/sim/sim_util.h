// Helpers of the SystemC tests. Each TEST elaborates one design; CTest runs each in its own
// process.
#pragma once

#include <gtest/gtest.h>

#include <systemc>

#include "tb/testbench.h"

/// SystemC elaborates once per process: skip when the binary is run by hand with several tests.
#define D3_REQUIRE_FRESH_KERNEL()                                             \
    do {                                                                      \
        if (sc_core::sc_get_status() != sc_core::SC_ELABORATION)              \
            GTEST_SKIP() << "one elaboration per process: run through ctest"; \
    } while (0)

namespace d3::test {

inline run_result run(const run_options& o) {
    if (auto err = o.validate()) ADD_FAILURE() << *err;
    testbench tb("tb", o);
    return tb.run();
}

/// D3(2,4) all-to-all without a schedule, one-packet buffers and a hold stage of one: the
/// conflicting rounds deadlock (a b=2 packet waiting for a global port blocks the b=0 packets
/// behind it). `watchdog`: the steps without a move that stop it.
inline run_options depth_one_deadlock(int watchdog) {
    run_options o;
    o.net.k = 2;
    o.net.m = 4;
    o.schedule = schedule_kind::none;
    o.net.router.buffer_depth = 1;
    o.net.router.hold_capacity = 1;
    o.net.watchdog = watchdog;
    return o;
}

}  // namespace d3::test
