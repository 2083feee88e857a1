#include "support/scratch_folder.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace d3::test {
namespace {

std::string parent_folder() {
    for (const char* name : {"TEST_TMPDIR", "TMPDIR"})
        if (const char* v = std::getenv(name); v && *v) return v;
    return "/tmp";
}

}  // namespace

scratch_folder::scratch_folder() {
    if (const char* v = std::getenv("TEST_TMPDIR")) earlier_ = v;
    std::string pattern = parent_folder() + "/d3-test-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    if (!::mkdtemp(name.data()))
        throw std::runtime_error("cannot make a scratch folder " + pattern + ": " +
                                 std::strerror(errno));
    path_ = name.data();
    ::setenv("TEST_TMPDIR", path_.c_str(), 1);
}

scratch_folder::~scratch_folder() {
    std::error_code ignored;  // a destructor has no one to tell
    std::filesystem::remove_all(path_, ignored);
    if (earlier_)
        ::setenv("TEST_TMPDIR", earlier_->c_str(), 1);
    else
        ::unsetenv("TEST_TMPDIR");
}

int run_all_tests(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    const scratch_folder scratch;
    return RUN_ALL_TESTS();
}

}  // namespace d3::test
