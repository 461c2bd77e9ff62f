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

#include "runtime/prof/export.h"

namespace aclsim::prof {
namespace {

using Json = nlohmann::ordered_json;

Status WriteJson(const std::string& path, const Json& json) {
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
  Json sample;
  sample["dataTypeConfig"] = std::to_string(config.requested_data_types);
  sample["aicoreMetrics"] = config.aicore_metrics;
  sample["devices"] = config.device_ids;
  Json values = Json::object();
  for (const auto& [type, value] : set_config) values[std::to_string(type)] = value;
  sample["setConfig"] = std::move(values);
  return WriteJson(job_dir_ + "/sample.json", sample);
}

Status SessionWriter::WriteResults(const SessionData& data) const {
  Json end_info;
  end_info["tasks"] = data.tasks.size();
  end_info["apiRecords"] = data.apis.size();
  end_info["txRecords"] = data.tx.size();
  ACLSIM_RETURN_IF_ERROR(WriteJson(job_dir_ + "/host/end_info", end_info));
  for (const auto& d : data.devices) {
    Json info;
    info["deviceId"] = d.device_id;
    info["socName"] = d.soc_name;
    info["aiCoreNum"] = d.ai_core_count;
    info["aivNum"] = d.vector_core_count;
    const std::string id = std::to_string(d.device_id);
    ACLSIM_RETURN_IF_ERROR(WriteJson(job_dir_ + "/device_" + id + "/info.json." + id, info));
  }
  return WriteSessionOutput(data, job_dir_ + "/mindstudio_profiler_output", LocalTimestamp());
}

}  // namespace aclsim::prof
