// The main of the test binaries that do not run under SystemC (instead of GTest::gtest_main).
#include "support/scratch_folder.h"

int main(int argc, char** argv) {
    return d3::test::run_all_tests(argc, argv);
}
