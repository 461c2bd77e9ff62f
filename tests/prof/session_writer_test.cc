// The PROF_* job files written by prof::SessionWriter: directory layout and
// the JSON of sample.json, host/end_info and device_<id>/info.json.<id>.
#include "runtime/prof/session_writer.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace aclsim::prof {
namespace {

std::string TempDir() {
  char tmpl[] = "/tmp/aclsim-writer-XXXXXX";
  const char* dir = ::mkdtemp(tmpl);
  EXPECT_NE(dir, nullptr);
  return dir == nullptr ? std::string() : std::string(dir);
}

nlohmann::json ReadJson(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str());
}

bool IsDirectory(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

TEST(SessionWriter, GivenASessionThenTheJobTreeAndItsJsonFilesHoldExactValues) {
  const std::string base = TempDir();
  auto writer = SessionWriter::Create(base, 7);
  ASSERT_TRUE(writer.ok()) << writer.status().ToString();
  const std::string job = writer->job_dir();
  EXPECT_EQ(job.rfind(base + "/PROF_", 0), 0u) << job;
  EXPECT_TRUE(IsDirectory(job + "/host/data"));
  ASSERT_TRUE(writer->AddDevice(3).ok());
  EXPECT_TRUE(IsDirectory(job + "/device_3/data"));

  SessionConfig config;
  config.device_ids = {3};
  config.aicore_metrics = 1;
  config.requested_data_types = 0x2;
  ASSERT_TRUE(writer->WriteSample(config, {{16, "/out/\"quoted\""}}).ok());
  const nlohmann::json sample = ReadJson(job + "/sample.json");
  EXPECT_EQ(sample["dataTypeConfig"], "2");
  EXPECT_EQ(sample["aicoreMetrics"], 1);
  EXPECT_EQ(sample["devices"], nlohmann::json::array({3}));
  EXPECT_EQ(sample["setConfig"]["16"], "/out/\"quoted\"");

  SessionData data;
  data.devices.push_back({3, "Ascend910B2", 24, 48});
  data.tasks.resize(5);
  data.apis.resize(2);
  ASSERT_TRUE(writer->WriteResults(data).ok());
  const nlohmann::json end_info = ReadJson(job + "/host/end_info");
  EXPECT_EQ(end_info, nlohmann::json::parse(R"({"tasks": 5, "apiRecords": 2, "txRecords": 0})"));
  const nlohmann::json info = ReadJson(job + "/device_3/info.json.3");
  EXPECT_EQ(info, nlohmann::json::parse(R"({"deviceId": 3, "socName": "Ascend910B2", "aiCoreNum": 24, "aivNum": 48})"));
  EXPECT_TRUE(IsDirectory(job + "/mindstudio_profiler_output"));
  EXPECT_EQ(std::system(("rm -rf '" + base + "'").c_str()), 0);
}

TEST(SessionWriter, GivenAnUnwritableBaseThenInvalidFile) {
  auto writer = SessionWriter::Create("/proc/aclsim-no-such-dir", 0);
  EXPECT_EQ(writer.status().detail(), Detail::kFileUnusable);
}

}  // namespace
}  // namespace aclsim::prof
