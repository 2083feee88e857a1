// The router's units alone (models/sc/router/): plain objects that never start the simulation, so
// every test of this binary runs in one process. SystemC defines main() and calls sc_main().
#include "support/scratch_folder.h"

#include <systemc>

int sc_main(int argc, char** argv) {
    sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
    return d3::test::run_all_tests(argc, argv);
}
