// Helpers of the SystemC tests. Each TEST elaborates one design; CTest runs each in its own
// process.
#pragma once

#include <gtest/gtest.h>

#include <systemc>

#include "testbench.h"

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

}  // namespace d3::test
