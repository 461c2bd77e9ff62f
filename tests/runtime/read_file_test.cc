// Tests of the whole-file reader every input file goes through
// (runtime/read_file.h): regular files only, a size cap, the caller's codes.
#include "runtime/read_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "tests/testing/status_printers.h"
#include "tests/testing/temp_fifo.h"

namespace aclsim {
namespace {

using ::testing::HasSubstr;

constexpr FileErrorCodes kCodes{Detail::kFileUnusable, Detail::kFileRead};

class ReadFileTest : public ::testing::Test {
 protected:
  // A regular file of |bytes| next to the FIFO, removed by TearDown.
  std::string File(const std::string& bytes) {
    path_ = fifo_.path() + ".file";
    std::ofstream(path_, std::ios::binary) << bytes;
    return path_;
  }
  void TearDown() override {
    if (!path_.empty()) std::remove(path_.c_str());
  }

  testing::TempFifo fifo_;
  std::string path_;
};

TEST_F(ReadFileTest, GivenRegularFileThenWholeContent) {
  std::string out = "stale";
  ASSERT_TRUE(ReadRegularFile(File("abc"), 100, "model", kCodes, &out).ok());
  EXPECT_EQ(out, "abc");
  ASSERT_TRUE(ReadRegularFile(File(""), 100, "model", kCodes, &out).ok());
  EXPECT_EQ(out, "");
}

TEST_F(ReadFileTest, GivenMissingFileThenCannotOpenCodeNamingThePath) {
  std::string out;
  Status s = ReadRegularFile("/nonexistent/x.json", 100, "model", kCodes, &out);
  EXPECT_EQ(s.detail(), Detail::kFileUnusable);
  EXPECT_THAT(s.message(), HasSubstr("model: cannot open file '/nonexistent/x.json'"));
}

// Each returns at once: nothing is read from a device, and opening the FIFO
// does not wait for a writer.
TEST_F(ReadFileTest, GivenDeviceFifoOrDirectoryThenCannotReadCodeWithoutReading) {
  for (const std::string& path : {std::string("/dev/zero"), std::string("/dev/null"), fifo_.path(), std::string("/")}) {
    std::string out;
    Status s = ReadRegularFile(path, 100, "model", kCodes, &out);
    EXPECT_EQ(s.detail(), Detail::kFileRead) << path;
    EXPECT_THAT(s.message(), HasSubstr("not a regular file")) << path;
    EXPECT_THAT(s.message(), HasSubstr("'" + path + "'"));
  }
}

TEST_F(ReadFileTest, GivenFileAboveTheCapThenCannotReadCodeAndAtTheCapRead) {
  std::string out;
  ASSERT_TRUE(ReadRegularFile(File(std::string(100, 'x')), 100, "model", kCodes, &out).ok());
  EXPECT_EQ(out.size(), 100u);
  Status s = ReadRegularFile(File(std::string(101, 'x')), 100, "config", kCodes, &out);
  EXPECT_EQ(s.detail(), Detail::kFileRead);
  EXPECT_THAT(s.message(), HasSubstr("config: file '" + path_ + "' is larger than the limit of 100 bytes"));
}

TEST(ReadFileCaps, GivenDocumentedCapsThenValues) {
  EXPECT_EQ(kMaxModelFileBytes, size_t{2} << 30);
  EXPECT_EQ(kMaxConfigFileBytes, size_t{16} << 20);
  EXPECT_EQ(kMaxProfileFileBytes, size_t{1} << 20);
}

}  // namespace
}  // namespace aclsim
