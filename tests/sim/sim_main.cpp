// SystemC defines main() and calls sc_main(): run GoogleTest from there (no d3_test_main).
#include <systemc>

#include "support/scratch_folder.h"
#include "tb/report.h"

int sc_main(int argc, char** argv) {
    d3::install_report_handler();
    return d3::test::run_all_tests(argc, argv);
}
