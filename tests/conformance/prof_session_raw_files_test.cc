// The raw context files of a PROF_* directory (docs/prof_files.md), read the
// way msprof's context loader reads them: every file it requires in host/
// and device_0/ (matched by name prefix, as it matches), the keys it
// requires, values positive and consistent, and the clock relations it
// applies (device counter → host monotonic time through the start pair,
// monotonic time → wall time through start_info) giving exactly the epoch
// times of the exports. Then the "time_origin" key: "fixed" (default) puts
// the host clock's origin at 2024-01-01T00:00:00Z, "wall" at the wall clock.
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "prof_session_fixture.h"

namespace aclsim_conformance {
namespace {

using nlohmann::json;

constexpr int64_t kFixedEpochUs = 1'704'067'200'000'000;  // 2024-01-01T00:00:00Z

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The one file of |dir| whose name starts with |prefix| ("" and a failure
// otherwise): msprof's loader finds its files by prefix.
std::string FileWithPrefix(const std::string& dir, const std::string& prefix) {
  std::vector<std::string> found;
  for (const std::string& name : ListDir(dir)) {
    if (name.rfind(prefix, 0) == 0) found.push_back(name);
  }
  EXPECT_EQ(found.size(), 1u) << prefix << "* in " << dir;
  return found.size() == 1 ? dir + "/" + found[0] : std::string();
}

json ReadJsonWithPrefix(const std::string& dir, const std::string& prefix) {
  const std::string path = FileWithPrefix(dir, prefix);
  json j = json::parse(ReadText(path), nullptr, /*allow_exceptions=*/false);
  EXPECT_TRUE(j.is_object()) << path << " is not a JSON object";
  return j.is_object() ? j : json::object();
}

// The "key: value" lines of a *.log file.
std::map<std::string, std::string> ReadLogWithPrefix(const std::string& dir, const std::string& prefix) {
  std::map<std::string, std::string> values;
  std::istringstream in(ReadText(FileWithPrefix(dir, prefix)));
  std::string line;
  while (std::getline(in, line)) {
    const size_t colon = line.find(": ");
    if (colon != std::string::npos) values[line.substr(0, colon)] = line.substr(colon + 2);
  }
  return values;
}

// |key| of a *.log file's lines, "" when absent.
std::string LogValue(const std::map<std::string, std::string>& log, const std::string& key) {
  auto it = log.find(key);
  return it == log.end() ? std::string() : it->second;
}

// A whole number held in a string, as msprof's files hold their numbers; -1
// and a failure when it is not one.
int64_t NumberIn(const std::string& text, const std::string& what) {
  bool digits = !text.empty() && text.size() <= 19;
  for (char c : text) digits = digits && c >= '0' && c <= '9';
  EXPECT_TRUE(digits) << what << " = \"" << text << "\"";
  return digits ? std::stoll(text) : -1;
}

int64_t StringNumber(const json& j, const std::string& key) {
  const bool is_string = j.contains(key) && j[key].is_string();
  EXPECT_TRUE(is_string) << key << " missing or not a string in " << j.dump();
  return is_string ? NumberIn(j[key].get<std::string>(), key) : -1;
}

// "1704067200000123.456\t" (a CSV time in µs with three decimals) in ns.
int64_t CsvUsToNs(const std::string& cell) {
  const std::string text = cell.substr(0, cell.find('\t'));
  const size_t dot = text.find('.');
  EXPECT_TRUE(dot != std::string::npos && dot + 4 == text.size()) << "\"" << cell << "\"";
  if (dot == std::string::npos) return -1;
  return NumberIn(text.substr(0, dot) + text.substr(dot + 1), "CSV time");
}

// What the loader requires of every directory (host/ and device_<id>/).
void CheckCommonFiles(const std::string& dir) {
  SCOPED_TRACE(dir);
  const json info = ReadJsonWithPrefix(dir, "info.json");
  ASSERT_TRUE(info.contains("platform_version") && info["platform_version"].is_string());
  EXPECT_GT(NumberIn(info["platform_version"].get<std::string>(), "platform_version"), 0);
  EXPECT_EQ(StringNumber(info, "pid"), static_cast<int64_t>(::getpid()));
  // pid_name: the process's name as /proc/<pid>/status gives it.
  std::ifstream comm("/proc/self/comm");
  std::string process_name;
  std::getline(comm, process_name);
  ASSERT_TRUE(info.contains("pid_name") && info["pid_name"].is_string());
  EXPECT_EQ(info["pid_name"].get<std::string>(), process_name);
  ASSERT_TRUE(info.contains("hostname") && info["hostname"].is_string());
  EXPECT_FALSE(info["hostname"].get<std::string>().empty());
  ASSERT_TRUE(info.contains("memoryTotal") && info["memoryTotal"].is_number_integer());
  EXPECT_GT(info["memoryTotal"].get<int64_t>(), 0);
  EXPECT_TRUE(info.contains("netCard") && info["netCard"].is_array());
  ASSERT_TRUE(info.contains("DeviceInfo") && info["DeviceInfo"].is_array());

  const json sample = ReadJsonWithPrefix(dir, "sample.json");
  for (const char* key : {"llc_profiling", "ai_core_profiling_mode"}) {
    ASSERT_TRUE(sample.contains(key) && sample[key].is_string()) << key;
    EXPECT_FALSE(sample[key].get<std::string>().empty()) << key;
  }

  const json start = ReadJsonWithPrefix(dir, "start_info");
  const json end = ReadJsonWithPrefix(dir, "end_info");
  const int64_t begin_us = StringNumber(start, "collectionTimeBegin");
  const int64_t end_us = StringNumber(end, "collectionTimeEnd");
  const int64_t start_mono = StringNumber(start, "clockMonotonicRaw");
  const int64_t end_mono = StringNumber(end, "clockMonotonicRaw");
  EXPECT_GT(begin_us, 0);
  EXPECT_GT(start_mono, 0);
  EXPECT_GE(end_us, begin_us);
  EXPECT_GE(end_mono, start_mono);
  // One mapping of monotonic to wall time holds at both ends (msprof's
  // GetLocalTime takes it from start_info): the same offset.
  EXPECT_EQ(end_us * 1000 - end_mono, begin_us * 1000 - start_mono);

  const auto host_log = ReadLogWithPrefix(dir, "host_start.log");
  EXPECT_GT(NumberIn(LogValue(host_log, "clock_monotonic_raw"), "host clock"), 0);
  EXPECT_GT(NumberIn(LogValue(host_log, "cntvct"), "host cntvct"), 0);
}

TEST_F(ProfSession, GivenASessionThenTheRawFilesHoldWhatMsprofsContextLoaderRequiresAndMapToTheExportedTimes) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(Init());
  aclprofConfig* config = Config(kTaskTimeOnly);
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclprofStart(config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofStop(config));
  ASSERT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclprofDestroyConfig(config));
  const std::string job = LastProfDir();
  const std::string host = job + "/host", device = job + "/device_0";
  CheckCommonFiles(host);
  CheckCommonFiles(device);
  if (HasFailure()) return;

  // The host's CPU list: its last entry has the counter's Frequency (MHz).
  const json host_info = ReadJsonWithPrefix(host, "info.json");
  ASSERT_TRUE(host_info.contains("CPU") && host_info["CPU"].is_array() && !host_info["CPU"].empty());
  const json& cpu = host_info["CPU"].back();
  ASSERT_TRUE(cpu.contains("Frequency") && cpu["Frequency"].is_string());
  EXPECT_GT(std::stod(cpu["Frequency"].get<std::string>()), 0.0);
  // A device's DeviceInfo: exactly one entry, with its counter and core clocks.
  const json device_info = ReadJsonWithPrefix(device, "info.json");
  ASSERT_EQ(device_info["DeviceInfo"].size(), 1u);
  const json& dev = device_info["DeviceInfo"][0];
  EXPECT_GT(StringNumber(dev, "aic_frequency"), 0);
  const int64_t hwts_mhz = StringNumber(dev, "hwts_frequency");
  ASSERT_GT(hwts_mhz, 0);
  ASSERT_EQ(1000 % hwts_mhz, 0) << "a whole number of ns per counter tick";
  const int64_t tick_ns = 1000 / hwts_mhz;

  // The device start pair (dev_start.log + the device directory's
  // host_start.log) and start_info: msprof's conversion of a device time.
  const auto dev_log = ReadLogWithPrefix(device, "dev_start.log");
  const auto pair_log = ReadLogWithPrefix(device, "host_start.log");
  const int64_t dev_cntvct = NumberIn(LogValue(dev_log, "cntvct"), "device cntvct");
  const int64_t pair_host_ns = NumberIn(LogValue(pair_log, "clock_monotonic_raw"), "pair host clock");
  ASSERT_GT(dev_cntvct, 0);
  const json start = ReadJsonWithPrefix(host, "start_info");
  const json end = ReadJsonWithPrefix(host, "end_info");
  const int64_t wall_minus_mono =
      StringNumber(start, "collectionTimeBegin") * 1000 - StringNumber(start, "clockMonotonicRaw");
  const auto epoch_ns_of = [&](uint64_t device_ns) {
    const int64_t host_ns = pair_host_ns + (static_cast<int64_t>(device_ns) - dev_cntvct * tick_ns);
    return host_ns + wall_minus_mono;
  };

  size_t n = 0;
  uint64_t dropped = 0;
  ASSERT_ACL_OK(aclsimTraceGetCount(&n, &dropped));
  ASSERT_EQ(dropped, 0u);
  std::vector<aclsimTaskRecord> records(n);
  ASSERT_ACL_OK(aclsimTraceGetRecords(records.data(), records.size(), &n));
  std::map<std::string, const aclsimTaskRecord*> by_task;
  for (const aclsimTaskRecord& r : records) by_task[std::to_string(r.taskId)] = &r;
  const Csv ops = ReadCsv(OneOutputFile(job, "op_summary", "csv"));
  ASSERT_EQ(ops.rows.size(), 9u);
  const int64_t end_ns = StringNumber(end, "collectionTimeEnd") * 1000;
  for (size_t i = 0; i < ops.rows.size(); ++i) {
    auto it = by_task.find(ops.Cell(i, "Task ID"));
    ASSERT_NE(it, by_task.end()) << "task " << ops.Cell(i, "Task ID");
    const int64_t exported = CsvUsToNs(ops.Cell(i, "Task Start Time(us)"));
    EXPECT_EQ(exported, epoch_ns_of(it->second->startNs)) << ops.Cell(i, "Op Name");
    EXPECT_GT(exported, 0);
    EXPECT_LE(epoch_ns_of(it->second->endNs), end_ns + 999) << "an op ends before the collection does";
  }
}

// collectionTimeBegin of a one-execution session started after aclInit of
// |config_path| ("" = none).
int64_t CollectionBeginUs(const TempDir& dir, const std::string& config_path) {
  EXPECT_ACL_OK(aclInit(config_path.empty() ? nullptr : config_path.c_str()));
  EXPECT_ACL_OK(aclrtSetDevice(0));
  int64_t begin_us = -1;
  {
    LoadedModel model("sample_mlp.json");
    EXPECT_ACL_OK(aclprofInit(dir.c_str(), dir.path().size()));
    uint32_t devices[] = {0};
    aclprofConfig* config = aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
    EXPECT_ACL_OK(aclprofStart(config));
    EXPECT_ACL_OK(model.Execute());
    EXPECT_ACL_OK(aclprofStop(config));
    EXPECT_ACL_OK(aclprofDestroyConfig(config));
    const std::string job = LastProfDir();
    begin_us = StringNumber(ReadJsonWithPrefix(job + "/host", "start_info"), "collectionTimeBegin");
    const Csv ops = ReadCsv(OneOutputFile(job, "op_summary", "csv"));
    EXPECT_EQ(ops.rows.size(), 9u);
    for (size_t i = 0; i < ops.rows.size(); ++i) {
      EXPECT_GE(CsvUsToNs(ops.Cell(i, "Task Start Time(us)")), begin_us * 1000 - 1'000'000) << "near the start";
    }
    EXPECT_ACL_OK(aclprofFinalize());
  }
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
  return begin_us;
}

int64_t WallUs() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

TEST(ProfTimeOrigin, GivenDefaultFixedOriginThenTheTimelineStartsAt2024AndGivenWallThenAtTheWallClock) {
  TempDir fixed_dir, wall_dir;
  TempFile fixed(AclsimConfig(R"({"time_origin": "fixed"})"));
  TempFile wall(AclsimConfig(R"({"time_origin": "wall"})"));
  // The default is "fixed": the host clock's origin is 2024-01-01T00:00:00Z
  // (on a shared device that earlier clients moved on, the device's reading
  // when it opens), and a session begins shortly after it.
  for (const std::string& config : {std::string(), fixed.path()}) {
    const int64_t begin_us = CollectionBeginUs(fixed_dir, config);
    EXPECT_GE(begin_us, kFixedEpochUs) << "config '" << config << "'";
    EXPECT_LT(begin_us, kFixedEpochUs + 1'000'000) << "config '" << config << "'";
  }
  // "wall": the host clock's reading at aclInit is the wall clock then.
  const int64_t before = WallUs();
  const int64_t wall_us = CollectionBeginUs(wall_dir, wall.path());
  const int64_t after = WallUs();
  EXPECT_GE(wall_us, before);
  EXPECT_LE(wall_us, after);
}

TEST(ProfTimeOrigin, GivenBadTimeOriginThenInitFailsNamingTheKey) {
  TempFile bad(AclsimConfig(R"({"time_origin": "local"})"));
  EXPECT_NE(aclInit(bad.c_str()), ACL_SUCCESS);
  EXPECT_NE(RecentErrMsg().find("time_origin"), std::string::npos) << RecentErrMsg();
}

}  // namespace
}  // namespace aclsim_conformance
