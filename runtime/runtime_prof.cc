// Runtime: collection sessions, step markers, host API records and the host
// clock (spec §2.0, §2.1, §2.3, §4, §7). Kept apart from runtime.cc, which
// holds devices, streams, memory and models.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <random>

#include "runtime/log.h"
#include "runtime/prof/export.h"
#include "runtime/runtime.h"

namespace aclsim::runtime {
namespace {

std::atomic<bool> g_api_trace_on{false};
std::atomic<uint64_t> g_start_count{0};  // process-wide: never reset by Finalize (spec §7.1)

Status MakeDirs(const std::string& path) {
  std::string partial;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    partial = path.substr(0, pos);
    if (partial.empty()) continue;
    if (::mkdir(partial.c_str(), 0750) != 0 && errno != EEXIST) {
      return Status(ErrorCode::kInvalidFile, "cannot create directory '" + partial + "': " + std::strerror(errno));
    }
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || ::access(path.c_str(), W_OK) != 0) {
    return Status(ErrorCode::kInvalidFile, "'" + path + "' is not a writable directory");
  }
  return OkStatus();
}

Status WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) return Status(ErrorCode::kWriteFile, "cannot write '" + path + "'");
  return OkStatus();
}

std::string Upper(const char* s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

const char* MsprofDtype(model::DataType dtype) {
  switch (dtype) {
    case model::DataType::kFloat32: return "FLOAT";
    case model::DataType::kFloat16: return "FLOAT16";
    case model::DataType::kBfloat16: return "BF16";
    case model::DataType::kFloat64: return "DOUBLE";
    default: return nullptr;
  }
}

std::string Join(const model::Graph& g, const std::vector<int32_t>& tensors, int what) {
  std::string out;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const model::Tensor& t = g.tensor(tensors[i]);
    if (i) out += ';';
    if (what == 0) {
      for (size_t d = 0; d < t.shape.size(); ++d) out += (d ? "," : "") + std::to_string(t.shape[d]);
    } else if (what == 1) {
      const char* name = MsprofDtype(t.dtype);
      out += name ? name : Upper(model::DataTypeName(t.dtype));
    } else {
      out += model::FormatName(t.format);
    }
  }
  return out;
}

}  // namespace

bool Runtime::ApiTraceOn() { return g_api_trace_on.load(std::memory_order_relaxed); }

const prof::OpInfo* Runtime::InternOpInfo(const model::Graph& g, const model::Op& op) {
  prof::OpInfo info;
  info.name = op.name;
  info.type = op.type;
  info.task_type = model::EngineName(op.engine);
  info.input_shapes = Join(g, op.inputs, 0);
  info.input_data_types = Join(g, op.inputs, 1);
  info.input_formats = Join(g, op.inputs, 2);
  info.output_shapes = Join(g, op.outputs, 0);
  info.output_data_types = Join(g, op.outputs, 1);
  info.output_formats = Join(g, op.outputs, 2);
  op_infos_.push_back(std::move(info));
  return &op_infos_.back();
}

int64_t Runtime::ProfHostNowNs() {
  std::lock_guard<std::mutex> lock(clock_mu_);
  int64_t now = 0;
  if (options_.backend_options.clock_mode == device::ClockMode::kRealtime) {
    now = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - host_epoch_).count();
  } else {
    // Logical host clock: the latest device time the host has observed.
    for (device::Device* d : clock_devices_) now = std::max(now, d->Now());
  }
  last_host_ns_ = std::max(now, last_host_ns_ + 1);  // strictly increasing
  return last_host_ns_;
}

void Runtime::RecordApi(prof::ApiRecord record) {
  if (!ApiTraceOn()) return;
  std::lock_guard<std::mutex> lock(api_mu_);
  api_records_.push_back(std::move(record));
}

std::string Runtime::LastProfDirectory() const {
  std::lock_guard<std::mutex> lock(mu_);
  return session_.last_job_dir;
}

Status Runtime::StepMarker(Stream* stream, uint64_t index_id, uint32_t tag) {
  auto task = SubmitMarker(stream, index_id, tag);
  return task.ok() ? OkStatus() : task.status();
}

// ------------------------------------------------------------- sessions

Status Runtime::ProfInit(std::string_view path, bool dynamic_mode) {
  if (dynamic_mode) {
    return Status(ErrorCode::kFeatureUnsupported, "aclprofInit: PROFILING_MODE=dynamic is not supported");
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (prof_mode_ == ProfMode::kApiCtrl) return Status(ErrorCode::kRepeatInitialize, "aclprofInit was already called");
  if (prof_mode_ == ProfMode::kSubscribe) {
    return Status(ErrorCode::kProfApiConflict, "operator subscription is active; aclprofInit cannot be mixed with it");
  }
  ACLSIM_ASSIGN_OR_RETURN(session_.init_path, prof::NormalizeResultPath(path));
  session_.initialized = true;
  prof_mode_ = ProfMode::kApiCtrl;
  return OkStatus();
}

Status Runtime::ProfSetConfig(int32_t type, std::string_view value) {
  ACLSIM_RETURN_IF_ERROR(prof::ValidateSetConfigValue(type, value));
  std::lock_guard<std::mutex> lock(mu_);
  session_.set_config[type] = std::string(value);
  return OkStatus();
}

Status Runtime::StartCollectingLocked(DeviceState* device) {
  const uint32_t id = static_cast<uint32_t>(device->id_);
  if (std::find(session_.collected.begin(), session_.collected.end(), id) != session_.collected.end()) {
    return OkStatus();
  }
  session_.collected.push_back(id);
  prof::ClockSync sync;
  sync.device_id = id;
  sync.device_start_ns = device->device_->Now();
  // The host clock at the moment the device joined; in the virtual mode both
  // clocks are the observed device time, so the offset is zero.
  {
    std::lock_guard<std::mutex> clock_lock(clock_mu_);
    if (options_.backend_options.clock_mode == device::ClockMode::kRealtime) {
      sync.host_start_ns =
          std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - host_epoch_).count();
    } else {
      sync.host_start_ns = sync.device_start_ns;
    }
  }
  session_.clock_sync.push_back(sync);
  AddSinkLocked(device, collector_.get());
  return MakeDirs(session_.job_dir + "/device_" + std::to_string(id) + "/data");
}

Status Runtime::ProfStart(const prof::SessionConfig* config) {
  prof::SessionConfig defaults;
  std::lock_guard<std::mutex> lock(mu_);
  if (config == nullptr) {
    // HEAD 9.0+: NULL means every active device with the default data types.
    for (const auto& [id, dev] : devices_) defaults.device_ids.push_back(static_cast<uint32_t>(id));
    std::sort(defaults.device_ids.begin(), defaults.device_ids.end());
    defaults.device_ids.push_back(prof::kHostDeviceId);
    defaults.requested_data_types = prof::kAclApi | prof::kTaskTime | prof::kMsproftx;
    defaults.data_type_config = prof::RewriteDataTypeConfig(defaults.requested_data_types);
    config = &defaults;
  }
  ACLSIM_RETURN_IF_ERROR(prof::CheckSessionConfig(*config));
  if (prof_mode_ == ProfMode::kSubscribe) {
    return Status(ErrorCode::kProfApiConflict, "operator subscription is active; aclprofStart cannot be mixed with it");
  }
  if (session_.running) {
    if (config->data_type_config == session_.config.data_type_config) return OkStatus();
    return Status(ErrorCode::kInvalidProfilingConfig,
                  "a session is already running with another dataTypeConfig; stop it first");
  }
  if (prof_mode_ == ProfMode::kOff) {  // HEAD: Start initialises on its own
    auto path = prof::NormalizeResultPath(session_.set_config.count(16) ? session_.set_config[16] : "./");
    if (!path.ok()) return path.status();
    session_.init_path = *path;
    session_.initialized = true;
    prof_mode_ = ProfMode::kApiCtrl;
  }
  std::string base = session_.init_path;
  if (auto it = session_.set_config.find(16); it != session_.set_config.end()) {
    ACLSIM_ASSIGN_OR_RETURN(base, prof::NormalizeResultPath(it->second));
  }
  ACLSIM_RETURN_IF_ERROR(MakeDirs(base));
  const int64_t unix_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  std::random_device entropy;
  const std::string job =
      base + "/" +
      prof::ProfDirectoryName(g_start_count.fetch_add(1), unix_ms, static_cast<uint32_t>(::getpid()),
                              (static_cast<uint64_t>(entropy()) << 32) ^ entropy());
  ACLSIM_RETURN_IF_ERROR(MakeDirs(job + "/host/data"));

  session_.running = true;
  session_.warm = false;
  session_.config = *config;
  session_.collected.clear();
  session_.clock_sync.clear();
  session_.job_dir = job;
  session_.last_job_dir = job;
  session_.host_start_ns = 0;
  (void)collector_->Take();
  for (uint32_t id : config->device_ids) {
    auto it = devices_.find(static_cast<int32_t>(id));
    if (it != devices_.end()) ACLSIM_RETURN_IF_ERROR(StartCollectingLocked(it->second.get()));
  }
  if (config->data_type_config & prof::kMsproftx) {
    tx_->Enable();
    tx_->Collect(true);
  }
  {
    std::lock_guard<std::mutex> api_lock(api_mu_);
    api_records_.clear();
  }
  g_api_trace_on.store((config->data_type_config & prof::kAclApi) != 0);
  std::string sample = "{\n  \"dataTypeConfig\": \"" + std::to_string(config->requested_data_types) +
                       "\",\n  \"aicoreMetrics\": " + std::to_string(config->aicore_metrics) + ",\n  \"devices\": [";
  for (size_t i = 0; i < config->device_ids.size(); ++i) {
    sample += (i ? ", " : "") + std::to_string(config->device_ids[i]);
  }
  sample += "],\n  \"setConfig\": {";
  bool first = true;
  for (const auto& [type, value] : session_.set_config) {
    sample += std::string(first ? "" : ", ") + "\"" + std::to_string(type) + "\": \"" + value + "\"";
    first = false;
  }
  sample += "}\n}\n";
  Log(LogLevel::kInfo, "profiling session started: " + job);
  return WriteText(job + "/sample.json", sample);
}

Status Runtime::StopSessionLocked(prof::SessionData* out, std::string* out_job_dir) {
  g_api_trace_on.store(false);
  for (uint32_t id : session_.collected) {
    auto it = devices_.find(static_cast<int32_t>(id));
    if (it == devices_.end()) continue;
    (void)it->second->device_->SynchronizeDevice();  // work already submitted is collected, not lost
    RemoveSinkLocked(it->second.get(), collector_.get());
  }
  tx_->Collect(false);
  out->pid = static_cast<uint32_t>(::getpid());
  out->data_type_config = session_.config.requested_data_types;
  out->aicore_metrics = session_.config.aicore_metrics;
  std::vector<uint32_t> ids = session_.collected;
  std::sort(ids.begin(), ids.end());
  for (uint32_t id : ids) {
    const auto& info = devices_.at(static_cast<int32_t>(id))->device_->info();
    out->devices.push_back({id, info.soc_name, info.ai_core_count, info.vector_core_count});
  }
  out->clock_sync = session_.clock_sync;
  out->tasks = collector_->Take();
  // Step markers: normalise the framework tags (MindSpore 60000/60001) to
  // 0/1; msproftx MarkEx markers (tag 11) keep theirs.
  for (auto& t : out->tasks) {
    if (t.is_marker && t.marker_tag != 11) t.marker_tag = (t.marker_tag == 0 || t.marker_tag == 60000) ? 0 : 1;
  }
  out->tx = tx_->TakeRecords();
  for (auto& r : out->tx) {  // MarkEx: device time of its marker
    if (r.event_type != 3) continue;
    for (const auto& t : out->tasks) {
      if (t.is_marker && t.marker_tag == 11 && t.marker_id == r.mark_id) {
        r.has_device = true;
        r.device_id = t.device_id;
        r.device_ns = t.start_ns;
        break;
      }
    }
  }
  {
    std::lock_guard<std::mutex> api_lock(api_mu_);
    out->apis.swap(api_records_);
  }
  *out_job_dir = session_.job_dir;
  session_.running = false;
  session_.collected.clear();
  session_.clock_sync.clear();
  session_.job_dir.clear();
  return OkStatus();
}

Status Runtime::WriteSession(prof::SessionData data, const std::string& job_dir) {
  std::string end_info = "{\n  \"tasks\": " + std::to_string(data.tasks.size()) +
                         ",\n  \"apiRecords\": " + std::to_string(data.apis.size()) +
                         ",\n  \"txRecords\": " + std::to_string(data.tx.size()) + "\n}\n";
  ACLSIM_RETURN_IF_ERROR(WriteText(job_dir + "/host/end_info", end_info));
  for (const auto& d : data.devices) {
    std::string info = "{\n  \"deviceId\": " + std::to_string(d.device_id) + ",\n  \"socName\": \"" + d.soc_name +
                       "\",\n  \"aiCoreNum\": " + std::to_string(d.ai_core_count) +
                       ",\n  \"aivNum\": " + std::to_string(d.vector_core_count) + "\n}\n";
    ACLSIM_RETURN_IF_ERROR(WriteText(
        job_dir + "/device_" + std::to_string(d.device_id) + "/info.json." + std::to_string(d.device_id), info));
  }
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof(stamp), "%Y%m%d%H%M%S", &local);
  return prof::WriteSessionOutput(data, job_dir + "/mindstudio_profiler_output", stamp);
}

Status Runtime::ProfStop(const prof::SessionConfig* config) {
  prof::SessionData data;
  std::string job_dir;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (prof_mode_ == ProfMode::kSubscribe) {
      return Status(ErrorCode::kProfApiConflict,
                    "operator subscription is active; aclprofStop cannot be mixed with it");
    }
    if (prof_mode_ == ProfMode::kOff) return OkStatus();  // HEAD: not initialised → no-op
    if (config != nullptr) ACLSIM_RETURN_IF_ERROR(prof::CheckSessionConfig(*config));
    if (!session_.running) return OkStatus();  // nothing running: nothing to stop
    if (config != nullptr) {
      if (config->data_type_config != session_.config.data_type_config) {
        return Status(ErrorCode::kInvalidProfilingConfig,
                      "aclprofStop needs the dataTypeConfig the session was started with");
      }
    }
    ACLSIM_RETURN_IF_ERROR(StopSessionLocked(&data, &job_dir));
  }
  Log(LogLevel::kInfo, "profiling session stopped: " + job_dir);
  // Written without the runtime lock: |data| is this call's own, and the
  // OpInfo entries it points to are never modified or freed while the
  // runtime lives (std::deque keeps element addresses on push_back).
  return WriteSession(std::move(data), job_dir);
}

Status Runtime::ProfWarmup(const prof::SessionConfig* config) {
  if (config == nullptr) return Status(ErrorCode::kInvalidParam, "aclprofWarmup: config is NULL");
  ACLSIM_RETURN_IF_ERROR(prof::CheckSessionConfig(*config));
  std::lock_guard<std::mutex> lock(mu_);
  if (prof_mode_ == ProfMode::kOff) return Status(ErrorCode::kProfNotRun, "aclprofWarmup needs aclprofInit first");
  if (prof_mode_ == ProfMode::kSubscribe || session_.running) {
    return Status(ErrorCode::kProfApiConflict, "aclprofWarmup after aclprofStart or during subscription");
  }
  session_.warm = true;
  session_.config = *config;
  return OkStatus();
}

Status Runtime::ProfFinalize() {
  prof::SessionData data;
  std::string job_dir;
  bool write = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (prof_mode_ == ProfMode::kSubscribe) {
      return Status(ErrorCode::kProfApiConflict,
                    "operator subscription is active; aclprofFinalize cannot be mixed with it");
    }
    if (prof_mode_ == ProfMode::kOff) return OkStatus();  // HEAD: not initialised → no-op
    if (session_.running) {
      ACLSIM_RETURN_IF_ERROR(StopSessionLocked(&data, &job_dir));
      write = true;
    }
    tx_->Teardown();
    session_.initialized = false;
    session_.warm = false;
    prof_mode_ = ProfMode::kOff;
  }
  if (!write) return OkStatus();
  return WriteSession(std::move(data), job_dir);
}

}  // namespace aclsim::runtime
