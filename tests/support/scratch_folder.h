// Every test process's own scratch folder. testing::TempDir() (TEST_TMPDIR) names it while the
// process runs, and it is removed with everything in it when the tests end: the files a test writes
// there can neither collide with another checkout's run of the same test nor stay behind in /tmp.
#pragma once

#include <optional>
#include <string>

namespace d3::test {

class scratch_folder {
  public:
    // A new folder under TEST_TMPDIR, else TMPDIR, else /tmp; TEST_TMPDIR names it until the
    // destructor removes it and gives TEST_TMPDIR its earlier value back.
    scratch_folder();
    ~scratch_folder();
    scratch_folder(const scratch_folder&) = delete;
    scratch_folder& operator=(const scratch_folder&) = delete;

    const std::string& path() const { return path_; }

  private:
    std::string path_;
    std::optional<std::string> earlier_;  // TEST_TMPDIR before
};

// GoogleTest's main with the process's scratch folder around RUN_ALL_TESTS (test_main.cpp, and the
// sc_main of the binaries that run under SystemC).
int run_all_tests(int argc, char** argv);

}  // namespace d3::test
