// Logging as CANN logs (runtime/log.h, runtime/plog_sink.h): plog's line
// format, the file layout and names, rotation with a per-process file
// limit, the environment's choices, and lines that cannot reach a file
// going to stderr, counted.
#include "runtime/plog_sink.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "runtime/log.h"

namespace aclsim::log_internal {
namespace {

std::string TempRoot() {
  char dir[] = "/tmp/aclsim_plog_XXXXXX";
  EXPECT_NE(::mkdtemp(dir), nullptr);
  return dir;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void RemoveTree(const std::string& dir) { EXPECT_EQ(std::system(("rm -rf '" + dir + "'").c_str()), 0); }

TEST(PlogFormat, GivenALineThenItHasPlogsHeaderTheCallersLocationAndTheMessage) {
  // 2026-12-02 15:45:27.123456 UTC, shown in local time: pin the zone.
  ::setenv("TZ", "UTC", 1);
  ::tzset();
  const auto when = std::chrono::system_clock::time_point(std::chrono::microseconds(1'796'226'327'123'456));
  EXPECT_EQ(FormatLine("ERROR", 4242, "train", when, "/src/api/src/acl_rt.cc", 88, 4243, "aclrtFree", "bad pointer"),
            "[ERROR] ASCENDCL(4242,train):2026-12-02-15:45:27.123.456 [acl_rt.cc:88]4243 aclrtFree: bad pointer\n");
}

TEST(PlogSink, GivenLinesOfBothClassesThenEachGoesToItsPlogFileNamedByPidAndTime) {
  const std::string root = TempRoot();
  {
    PlogSink sink(PlogOptions{root, false, 1 << 20, 10});
    sink.Write(LogClass::kDebug, "debug line\n");
    sink.Write(LogClass::kRun, "run line\n");
    sink.Write(LogClass::kDebug, "second debug line\n");
    ASSERT_EQ(sink.files(LogClass::kDebug).size(), 1u);
    ASSERT_EQ(sink.files(LogClass::kRun).size(), 1u);
    const std::regex name(root + "/debug/plog/plog-" + std::to_string(::getpid()) + "_[0-9]{17}\\.log");
    EXPECT_TRUE(std::regex_match(sink.files(LogClass::kDebug)[0], name)) << sink.files(LogClass::kDebug)[0];
    EXPECT_EQ(sink.files(LogClass::kRun)[0].rfind(root + "/run/plog/plog-", 0), 0u);
    EXPECT_EQ(ReadText(sink.files(LogClass::kDebug)[0]), "debug line\nsecond debug line\n");
    EXPECT_EQ(ReadText(sink.files(LogClass::kRun)[0]), "run line\n");
    struct stat st {};
    ASSERT_EQ(::stat(sink.files(LogClass::kDebug)[0].c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u);
    EXPECT_EQ(sink.lines_to_stderr(), 0u);
  }
  RemoveTree(root);
}

TEST(PlogSink, GivenAFullFileThenANewOneStartsAndOnlyTheNewestFilesOfTheProcessRemain) {
  const std::string root = TempRoot();
  {
    PlogSink sink(PlogOptions{root, false, 20, 3});  // 20-byte files, 3 kept
    for (int i = 0; i < 10; ++i) sink.Write(LogClass::kDebug, "line " + std::to_string(i) + " of ten\n");  // 15 B
    const auto files = sink.files(LogClass::kDebug);
    ASSERT_EQ(files.size(), 3u);
    // One line per file; names strictly increase; the oldest were deleted.
    EXPECT_EQ(ReadText(files[0]), "line 7 of ten\n");
    EXPECT_EQ(ReadText(files[2]), "line 9 of ten\n");
    EXPECT_LT(files[0], files[1]);
    EXPECT_LT(files[1], files[2]);
    size_t on_disk = 0;
    std::FILE* ls = ::popen(("ls '" + root + "/debug/plog' | wc -l").c_str(), "r");
    ASSERT_NE(ls, nullptr);
    EXPECT_EQ(std::fscanf(ls, "%zu", &on_disk), 1);
    ::pclose(ls);
    EXPECT_EQ(on_disk, 3u);
  }
  RemoveTree(root);
}

TEST(PlogSink, GivenAnUnwritableRootThenLinesGoToStderrCountedWithOneNotice) {
  PlogSink sink(PlogOptions{"/proc/aclsim-no-such-dir", false, 1 << 20, 10});
  ::testing::internal::CaptureStderr();
  sink.Write(LogClass::kDebug, "first\n");
  sink.Write(LogClass::kDebug, "second\n");
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(sink.lines_to_stderr(), 2u);
  EXPECT_NE(err.find("[aclsim] plog: cannot write under /proc/aclsim-no-such-dir"), std::string::npos) << err;
  EXPECT_NE(err.find("first\nsecond\n"), std::string::npos) << err;
  EXPECT_EQ(err.find("plog:", err.find("plog:") + 1), std::string::npos) << "one notice: " << err;
}

TEST(PlogSink, GivenStdoutModeThenLinesGoToStdoutAndNoFileIsMade) {
  const std::string root = TempRoot();
  PlogSink sink(PlogOptions{root, true, 1 << 20, 10});
  ::testing::internal::CaptureStdout();
  sink.Write(LogClass::kDebug, "to stdout\n");
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "to stdout\n");
  EXPECT_TRUE(sink.files(LogClass::kDebug).empty());
  EXPECT_NE(::access((root + "/debug").c_str(), F_OK), 0);
  RemoveTree(root);
}

// The environment, as CANN reads it.
class PlogEnv : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* v : kVars) ::unsetenv(v);
  }
  void TearDown() override {
    for (const char* v : kVars) ::unsetenv(v);
  }
  static constexpr const char* kVars[] = {"ASCEND_PROCESS_LOG_PATH", "ASCEND_WORK_PATH", "ASCEND_LOG_PRINT_TO_STDOUT",
                                          "ASCEND_SLOG_PRINT_TO_STDOUT", "ASCEND_HOST_LOG_FILE_NUM"};
};

TEST_F(PlogEnv, GivenNothingSetThenHomeAscendLogTenFilesAndFiles) {
  ::setenv("HOME", "/home/user", 1);
  const PlogOptions o = PlogOptionsFromEnv();
  EXPECT_EQ(o.root, "/home/user/ascend/log");
  EXPECT_FALSE(o.to_stdout);
  EXPECT_EQ(o.max_files, 10);
  EXPECT_EQ(o.max_file_bytes, 20u * 1024 * 1024);
}

TEST_F(PlogEnv, GivenProcessLogPathThenItWinsOverWorkPath) {
  ::setenv("ASCEND_WORK_PATH", "/work", 1);
  EXPECT_EQ(PlogOptionsFromEnv().root, "/work/log");
  ::setenv("ASCEND_PROCESS_LOG_PATH", "/var/log/npu", 1);
  EXPECT_EQ(PlogOptionsFromEnv().root, "/var/log/npu");
}

TEST_F(PlogEnv, GivenPrintToStdoutThenOnlyTheValue1TurnsItOnAndTheNewVariableDecides) {
  ::setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 1);
  EXPECT_TRUE(PlogOptionsFromEnv().to_stdout);
  ::setenv("ASCEND_LOG_PRINT_TO_STDOUT", "0", 1);  // set: decides, though the old one says 1
  EXPECT_FALSE(PlogOptionsFromEnv().to_stdout);
  ::setenv("ASCEND_LOG_PRINT_TO_STDOUT", "yes", 1);
  EXPECT_FALSE(PlogOptionsFromEnv().to_stdout);
  ::setenv("ASCEND_LOG_PRINT_TO_STDOUT", "1", 1);
  EXPECT_TRUE(PlogOptionsFromEnv().to_stdout);
}

TEST_F(PlogEnv, GivenHostLogFileNumThenOnlyValuesFrom1To1000Apply) {
  ::setenv("ASCEND_HOST_LOG_FILE_NUM", "1000", 1);
  EXPECT_EQ(PlogOptionsFromEnv().max_files, 1000);
  ::setenv("ASCEND_HOST_LOG_FILE_NUM", "1", 1);
  EXPECT_EQ(PlogOptionsFromEnv().max_files, 1);
  for (const char* bad : {"0", "1001", "5x", "-3"}) {
    ::setenv("ASCEND_HOST_LOG_FILE_NUM", bad, 1);
    EXPECT_EQ(PlogOptionsFromEnv().max_files, 10) << bad;
  }
}

// The process-wide logger: its first line reads the environment.
TEST(Log, GivenProcessLogPathThenAnErrorLineLandsInTheDebugPlogWithTheCallersFunction) {
  const std::string root = TempRoot();
  ::setenv("ASCEND_PROCESS_LOG_PATH", root.c_str(), 1);
  ::unsetenv("ASCEND_LOG_PRINT_TO_STDOUT");
  ::unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
  SetLogLevel(LogLevel::kError);
  Log(LogLevel::kInfo, "below the level: not written");
  Log(LogLevel::kError, "device 3 lost");
  LogRun("runtime created");
  std::FILE* ls = ::popen(("cat '" + root + "'/debug/plog/plog-*.log").c_str(), "r");
  ASSERT_NE(ls, nullptr);
  char buf[512] = {};
  const size_t n = std::fread(buf, 1, sizeof(buf) - 1, ls);
  ::pclose(ls);
  const std::string text(buf, n);
  const std::regex line(
      "\\[ERROR\\] "
      "ASCENDCL\\([0-9]+,[^)]+\\):[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}\\.[0-9]{3} "
      "\\[log_test\\.cc:[0-9]+\\][0-9]+ TestBody: device 3 lost\n");
  EXPECT_TRUE(std::regex_match(text, line)) << text;
  ls = ::popen(("cat '" + root + "'/run/plog/plog-*.log").c_str(), "r");
  ASSERT_NE(ls, nullptr);
  const size_t m = std::fread(buf, 1, sizeof(buf) - 1, ls);
  ::pclose(ls);
  EXPECT_NE(std::string(buf, m).find("[INFO] ASCENDCL("), std::string::npos);
  EXPECT_NE(std::string(buf, m).find("TestBody: runtime created\n"), std::string::npos);
  RemoveTree(root);
}

}  // namespace
}  // namespace aclsim::log_internal
