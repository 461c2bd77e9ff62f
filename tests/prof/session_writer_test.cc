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

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
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
  data.pid = 4242;
  data.devices.push_back({3, "Ascend910B2", 24, 48});
  data.clock_sync.push_back({3, 3'600'000'000'500, 3'600'000'000'007});  // host ns, device ns
  data.host_start_ns = 3'600'000'000'000;
  data.host_end_ns = 3'600'002'000'000;
  data.epoch_offset_ns = 1'704'067'200'000'000'000 - 3'600'000'000'000;
  data.tasks.resize(5);
  data.apis.resize(2);
  ASSERT_TRUE(writer->WriteResults(data).ok());
  const nlohmann::json end_info = ReadJson(job + "/host/end_info");
  EXPECT_EQ(end_info,
            nlohmann::json::parse(R"({"collectionDateBegin": "", "collectionDateEnd": "2024-01-01 00:00:00.002000",
      "collectionTimeBegin": "", "collectionTimeEnd": "1704067200002000", "clockMonotonicRaw": "3600002000000",
      "tasks": 5, "apiRecords": 2, "txRecords": 0})"));
  const nlohmann::json start_info = ReadJson(job + "/host/start_info");
  EXPECT_EQ(start_info, nlohmann::json::parse(R"({"collectionDateBegin": "2024-01-01 00:00:00.000000",
      "collectionDateEnd": "", "collectionTimeBegin": "1704067200000000", "collectionTimeEnd": "",
      "clockMonotonicRaw": "3600000000000"})"));
  EXPECT_EQ(ReadJson(job + "/device_3/start_info.3"), start_info);
  const nlohmann::json info = ReadJson(job + "/device_3/info.json.3");
  EXPECT_EQ(info["deviceId"], 3);
  EXPECT_EQ(info["socName"], "Ascend910B2");
  EXPECT_EQ(info["platform_version"], "5");
  EXPECT_EQ(info["pid"], "4242");
  EXPECT_EQ(info["devices"], "3");
  EXPECT_EQ(info["DeviceInfo"], nlohmann::json::parse(R"([{"id": 3, "env_type": 3, "ai_core_num": 24,
      "aic_frequency": "1800", "aiv_num": 48, "aiv_frequency": "1800", "hwts_frequency": "50"}])"));
  const nlohmann::json host_info = ReadJson(job + "/host/info.json");
  EXPECT_EQ(host_info["CPU"][0]["Frequency"], "100.000000");
  EXPECT_GT(host_info["memoryTotal"].get<int64_t>(), 0);
  EXPECT_FALSE(host_info["hostname"].get<std::string>().empty());
  EXPECT_EQ(host_info["DeviceInfo"].size(), 1u);
  // The start pairs: the host counter at 100 MHz, the device's at hwts_frequency
  // (50 MHz, 20 ns) on a tick boundary, with the host time of that same instant.
  EXPECT_EQ(ReadText(job + "/host/host_start.log"),
            "[Host]\nclock_monotonic_raw: 3600000000000\ncntvct: 360000000000\ncntvct_diff: 0\n");
  EXPECT_EQ(ReadText(job + "/device_3/dev_start.log.3"),
            "[Device]\nclock_monotonic_raw: 3600000000000\ncntvct: 180000000000\n");
  EXPECT_EQ(ReadText(job + "/device_3/host_start.log.3"),
            "[Host]\nclock_monotonic_raw: 3600000000493\ncntvct: 360000000049\ncntvct_diff: 0\n");
  EXPECT_EQ(ReadJson(job + "/host/sample.json")["ai_core_profiling_mode"], "task-based");
  EXPECT_EQ(ReadJson(job + "/device_3/sample.json")["llc_profiling"], "read");
  EXPECT_TRUE(IsDirectory(job + "/mindstudio_profiler_output"));
  EXPECT_EQ(std::system(("rm -rf '" + base + "'").c_str()), 0);
}

TEST(SessionWriter, GivenAnUnwritableBaseThenInvalidFile) {
  auto writer = SessionWriter::Create("/proc/aclsim-no-such-dir", 0);
  EXPECT_EQ(writer.status().detail(), Detail::kFileUnusable);
}

}  // namespace
}  // namespace aclsim::prof
