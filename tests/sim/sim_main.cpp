// SystemC defines main() and calls sc_main(): run GoogleTest from there (no gtest_main).
#include <gtest/gtest.h>

#include <systemc>

#include "tb/report.h"

int sc_main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    d3::install_report_handler();
    return RUN_ALL_TESTS();
}
