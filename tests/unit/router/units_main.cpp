// The router's units alone (models/sc/router/): plain objects that never start the simulation, so
// every test of this binary runs in one process. SystemC defines main() and calls sc_main().
#include <gtest/gtest.h>

#include <systemc>

int sc_main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
    return RUN_ALL_TESTS();
}
