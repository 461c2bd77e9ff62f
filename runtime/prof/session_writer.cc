#include "runtime/prof/session_writer.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "runtime/prof/export.h"
#include "runtime/prof/raw_data.h"

namespace aclsim::prof {
namespace {

using OrderedJson = nlohmann::ordered_json;

Status WriteJson(const std::string& path, const OrderedJson& json) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << json.dump(2) << '\n';
  if (!out) return Status(Detail::kFileWrite, "cannot write '" + path + "'");
  return OkStatus();
}

std::string LocalTimestamp() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &local);
  return stamp;
}

Status WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) return Status(Detail::kFileWrite, "cannot write '" + path + "'");
  return OkStatus();
}

// Device facts msprof reads from info.json's DeviceInfo (docs/prof_files.md):
// the chip's platform_version, cube and vector clocks, and the frequency of
// the system counter that timestamps tasks (hwts_frequency).
struct ChipFacts {
  const char* platform_version;
  uint32_t aic_mhz;
  uint32_t aiv_mhz;
  uint32_t hwts_mhz;
};

ChipFacts FactsOf(const std::string& soc) {
  if (soc.rfind("Ascend310P", 0) == 0) return {"4", 1060, 1000, 100};
  if (soc == "Ascend910A") return {"1", 1000, 1000, 100};  // CHIP_V2_1_0; counter rate not confirmed
  return {"5", 1800, 1800, 50};                            // the 910B family (CHIP_V4_1_0)
}

// The host counter aclsim writes as cntvct: its host clock in 10 ns ticks
// (100 MHz, the CPU "Frequency" of info.json).
constexpr int64_t kHostTickNs = 10;

std::string Hostname() {
  char name[256] = {};
  if (::gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

// What a session recorded, or (for data that did not record it) "NA", the
// value msprof writes when it cannot tell.
std::string OrNaString(const std::string& s) { return s.empty() ? "NA" : s; }

// "YYYY-MM-DD hh:mm:ss.uuuuuu" in UTC of an epoch time in ns.
std::string UtcDate(int64_t epoch_ns) {
  const time_t secs = static_cast<time_t>(epoch_ns / 1'000'000'000);
  tm utc{};
  gmtime_r(&secs, &utc);
  char stamp[48];
  const size_t n = std::strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S", &utc);
  std::snprintf(stamp + n, sizeof(stamp) - n, ".%06lld", static_cast<long long>((epoch_ns % 1'000'000'000) / 1000));
  return stamp;
}

OrderedJson DeviceInfoJson(const DeviceDescription& d) {
  const ChipFacts f = FactsOf(d.soc_name);
  OrderedJson info;
  info["id"] = d.device_id;
  info["env_type"] = 3;
  info["ai_core_num"] = d.ai_core_count;
  info["aic_frequency"] = std::to_string(f.aic_mhz);
  info["aiv_num"] = d.vector_core_count;
  info["aiv_frequency"] = std::to_string(f.aiv_mhz);
  info["hwts_frequency"] = std::to_string(f.hwts_mhz);
  return info;
}

// info.json (host) or info.json.<id> (|device|): the context msprof's loader
// requires (platform_version, pid, hostname, CPU with Frequency, memoryTotal,
// netCard, DeviceInfo), plus aclsim's own short device keys.
OrderedJson InfoJson(const SessionData& data, const DeviceDescription* device) {
  OrderedJson info;
  info["drvVersion"] = 467732;
  info["platform_version"] = FactsOf(device != nullptr      ? device->soc_name
                                     : data.devices.empty() ? std::string()
                                                            : data.devices.front().soc_name)
                                 .platform_version;
  info["pid"] = std::to_string(data.pid);
  info["pid_name"] = OrNaString(data.pid_name);
  info["hostname"] = OrNaString(data.hostname);
  const long cpus = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
  OrderedJson cpu;
  cpu["Id"] = 0;
  cpu["Name"] = "aclsim host";
  cpu["Frequency"] = "100.000000";  // MHz of the host counter (kHostTickNs)
  cpu["Logical_CPU_Count"] = cpus;
  cpu["Type"] = "x86_64";
  info["CPU"] = OrderedJson::array({cpu});
  info["cpuNums"] = cpus;
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  info["memoryTotal"] = pages > 0 && page > 0 ? static_cast<int64_t>(pages) * page / 1024 : 0;  // kB
  info["netCard"] = OrderedJson::array();
  OrderedJson devices = OrderedJson::array();
  std::string ids;
  for (const auto& d : data.devices) {
    if (device != nullptr && d.device_id != device->device_id) continue;
    devices.push_back(DeviceInfoJson(d));
    ids += (ids.empty() ? "" : ",") + std::to_string(d.device_id);
  }
  info["devices"] = ids;
  info["DeviceInfo"] = std::move(devices);
  if (device != nullptr) {
    info["deviceId"] = device->device_id;
    info["socName"] = device->soc_name;
    info["aiCoreNum"] = device->ai_core_count;
    info["aivNum"] = device->vector_core_count;
  }
  return info;
}

// start_info / end_info: a host monotonic time and the wall time (epoch µs)
// it maps to. |mono_ns| is moved down so that the pair is exact in µs.
OrderedJson TimeInfo(const SessionData& data, int64_t host_ns, bool begin) {
  const int64_t epoch_ns = host_ns + data.epoch_offset_ns;
  const int64_t mono_ns = host_ns - ((epoch_ns % 1000) + 1000) % 1000;
  const int64_t epoch_us = (mono_ns + data.epoch_offset_ns) / 1000;
  OrderedJson j;
  j["collectionDateBegin"] = begin ? UtcDate(epoch_us * 1000) : "";
  j["collectionDateEnd"] = begin ? "" : UtcDate(epoch_us * 1000);
  j["collectionTimeBegin"] = begin ? std::to_string(epoch_us) : "";
  j["collectionTimeEnd"] = begin ? "" : std::to_string(epoch_us);
  j["clockMonotonicRaw"] = std::to_string(mono_ns);
  return j;
}

// host_start.log: the host's monotonic time and its counter at the start.
std::string HostStartLog(int64_t host_ns) {
  const int64_t cnt = host_ns / kHostTickNs;
  return "[Host]\nclock_monotonic_raw: " + std::to_string(cnt * kHostTickNs) + "\ncntvct: " + std::to_string(cnt) +
         "\ncntvct_diff: 0\n";
}

}  // namespace

Status MakeDirectories(const std::string& path) {
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    partial = path.substr(0, pos);
    if (partial.empty()) continue;
    if (::mkdir(partial.c_str(), 0750) != 0 && errno != EEXIST) {
      return Status(Detail::kFileUnusable, "cannot create directory '" + partial + "': " + std::strerror(errno));
    }
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || ::access(path.c_str(), W_OK) != 0) {
    return Status(Detail::kFileUnusable, "'" + path + "' is not a writable directory");
  }
  return OkStatus();
}

StatusOr<SessionWriter> SessionWriter::Create(const std::string& base, uint64_t start_index) {
  ACLSIM_RETURN_IF_ERROR(MakeDirectories(base));
  const int64_t unix_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  std::random_device entropy;
  const uint64_t salt = (static_cast<uint64_t>(entropy()) << 32) ^ entropy();
  std::string job = base + "/" + ProfDirectoryName(start_index, unix_ms, static_cast<uint32_t>(::getpid()), salt);
  ACLSIM_RETURN_IF_ERROR(MakeDirectories(job + "/host/data"));
  return SessionWriter(std::move(job));
}

Status SessionWriter::AddDevice(uint32_t device_id) const {
  return MakeDirectories(job_dir_ + "/device_" + std::to_string(device_id) + "/data");
}

Status SessionWriter::WriteSample(const SessionConfig& config, const std::map<int32_t, std::string>& set_config) const {
  OrderedJson sample;
  sample["dataTypeConfig"] = std::to_string(config.requested_data_types);
  sample["aicoreMetrics"] = config.aicore_metrics;
  sample["devices"] = config.device_ids;
  OrderedJson values = OrderedJson::object();
  for (const auto& [type, value] : set_config) values[std::to_string(type)] = value;
  sample["setConfig"] = std::move(values);
  // What msprof's context loader requires of sample.json in host/ and in
  // each device_<id>/ (docs/prof_files.md).
  sample["ai_core_profiling"] = "on";
  sample["ai_core_profiling_mode"] = "task-based";
  sample["llc_profiling"] = "read";
  ACLSIM_RETURN_IF_ERROR(WriteJson(job_dir_ + "/host/sample.json", sample));
  return WriteJson(job_dir_ + "/sample.json", sample);
}

Status SessionWriter::WriteResults(const SessionData& data) const {
  const std::string host = job_dir_ + "/host/";
  OrderedJson end_info = TimeInfo(data, data.host_end_ns, false);
  end_info["tasks"] = data.tasks.size();
  end_info["apiRecords"] = data.apis.size();
  end_info["txRecords"] = data.tx.size();
  ACLSIM_RETURN_IF_ERROR(WriteJson(host + "end_info", end_info));
  ACLSIM_RETURN_IF_ERROR(WriteJson(host + "start_info", TimeInfo(data, data.host_start_ns, true)));
  ACLSIM_RETURN_IF_ERROR(WriteJson(host + "info.json", InfoJson(data, nullptr)));
  ACLSIM_RETURN_IF_ERROR(WriteText(host + "host_start.log", HostStartLog(data.host_start_ns)));
  std::string sample;
  {
    std::ifstream in(job_dir_ + "/sample.json", std::ios::binary);
    sample.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  for (const auto& d : data.devices) {
    const std::string id = std::to_string(d.device_id);
    const std::string dir = job_dir_ + "/device_" + id + "/";
    if (!sample.empty()) ACLSIM_RETURN_IF_ERROR(WriteText(dir + "sample.json", sample));
    ACLSIM_RETURN_IF_ERROR(WriteJson(dir + "info.json." + id, InfoJson(data, &d)));
    ACLSIM_RETURN_IF_ERROR(WriteJson(dir + "start_info." + id, TimeInfo(data, data.host_start_ns, true)));
    ACLSIM_RETURN_IF_ERROR(WriteJson(dir + "end_info." + id, TimeInfo(data, data.host_end_ns, false)));
    // The device's start pair: its counter (hwts_frequency ticks) at a tick
    // boundary, and the host monotonic time of that same instant, so that
    // msprof's (cnt - cntvct) / freq + clock_monotonic_raw is exact.
    int64_t device_start = 0, host_start = data.host_start_ns;
    for (const ClockSync& cs : data.clock_sync) {
      if (cs.device_id == d.device_id) device_start = cs.device_start_ns, host_start = cs.host_start_ns;
    }
    const int64_t tick_ns = 1000 / FactsOf(d.soc_name).hwts_mhz;
    const int64_t cnt = device_start / tick_ns;
    const int64_t host_at_cnt = host_start - (device_start - cnt * tick_ns);
    ACLSIM_RETURN_IF_ERROR(WriteText(
        dir + "dev_start.log." + id,
        "[Device]\nclock_monotonic_raw: " + std::to_string(cnt * tick_ns) + "\ncntvct: " + std::to_string(cnt) + "\n"));
    ACLSIM_RETURN_IF_ERROR(WriteText(dir + "host_start.log." + id,
                                     "[Host]\nclock_monotonic_raw: " + std::to_string(host_at_cnt) + "\ncntvct: " +
                                         std::to_string(host_at_cnt / kHostTickNs) + "\ncntvct_diff: 0\n"));
  }
  // The raw data first: `msprof --export` regenerates the output below from
  // it alone (runtime/prof/raw_data.h).
  const std::string timestamp = LocalTimestamp();
  ACLSIM_RETURN_IF_ERROR(WriteRawData(data, timestamp, job_dir_));
  ACLSIM_RETURN_IF_ERROR(WriteSessionOutput(data, job_dir_ + "/mindstudio_profiler_output", timestamp));
  return WriteSessionDb(data, job_dir_ + "/msprof_" + timestamp + ".db");
}

void FillProcessFacts(SessionData* data) {
  data->pid = static_cast<uint32_t>(::getpid());
  std::ifstream comm("/proc/self/comm");  // what /proc/<pid>/status "Name:" gives, as msprof reads it
  data->pid_name.clear();
  std::getline(comm, data->pid_name);
  data->hostname = Hostname();
}

}  // namespace aclsim::prof
