// The test processes' scratch folder (tests/support/scratch_folder.h): testing::TempDir() is a
// folder of this process's own, and a scratch folder takes everything in it when it goes.
#include "support/scratch_folder.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace d3::test {
namespace {

namespace fs = std::filesystem;

TEST(ScratchFolder, TempDirIsAFolderOfThisProcesssOwn) {
    const std::string dir = testing::TempDir();
    EXPECT_NE(dir, "/tmp/");
    EXPECT_NE(dir.find("/d3-test-"), std::string::npos) << dir;
    EXPECT_TRUE(fs::is_directory(dir)) << dir;
}

TEST(ScratchFolder, ItsFilesGoWithItAndTempDirComesBack) {
    const std::string before = testing::TempDir();
    std::string path;
    {
        const scratch_folder inner;
        path = inner.path();
        EXPECT_EQ(testing::TempDir(), path + "/");
        EXPECT_EQ(path.rfind(before, 0), 0u) << path << " is not under " << before;
        fs::create_directories(path + "/sub");
        std::ofstream(path + "/sub/file.txt") << "written\n";
        ASSERT_TRUE(fs::exists(path + "/sub/file.txt"));
    }
    EXPECT_FALSE(fs::exists(path)) << path;
    EXPECT_EQ(testing::TempDir(), before);
}

}  // namespace
}  // namespace d3::test
