// Command-mode profiling of the Profiler (profiler.h EnterCommandMode,
// EndCommandMode): the collection the command line configures (acl.json
// "profiler", PROFILER_SAMPLECONFIG) rather than the aclprof API.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "runtime/log.h"
#include "runtime/profiler.h"

namespace aclsim::runtime {

using prof::SessionState;

Status Profiler::EnterCommandMode(prof::CommandConfig config) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == SessionState::kCommand) {
    return Status(Detail::kProfilingRunning, "command-mode profiling is already on (" + command_->source + ")");
  }
  if (state_ != SessionState::kIdle) {
    return Status(Detail::kProfilingApiConflict, config.source + ": profiling through the aclprof API (" +
                                                     prof::SessionStateName(state_) + ") is already active");
  }
  // CANN's default output: $ASCEND_WORK_PATH/profiling_data, else the
  // directory of the program.
  std::string output = config.output;
  if (output.empty()) {
    const char* work = std::getenv("ASCEND_WORK_PATH");
    if (work != nullptr && *work != '\0') {
      output = std::string(work) + "/profiling_data";
    } else {
      char exe[4096];
      const ssize_t n = ::readlink("/proc/self/exe", exe, sizeof(exe) - 1);
      output = n > 0 ? std::string(exe, static_cast<size_t>(n)) : std::string("./x");
      output = output.substr(0, output.rfind('/') + 1);
    }
  }
  auto path = prof::NormalizeResultPath(output);
  if (!path.ok()) return Status(path.status().detail(), config.source + ": " + std::string(path.status().message()));
  session_.init_path = *path;
  session_.set_config = config.set_config;
  command_ = std::move(config);
  state_ = SessionState::kCommand;
  Log(LogLevel::kInfo, "profiling in command mode (" + command_->source + "), output under " + session_.init_path);
  if (!devices_->OpenDevices().empty()) (void)StartCommandLocked(nullptr);  // logged on failure
  return OkStatus();
}

Status Profiler::StartCommandLocked(DeviceState* opening) {
  prof::SessionConfig config = command_->session;
  if (config.device_ids.empty()) {
    for (const DeviceState* dev : devices_->OpenDevices())
      config.device_ids.push_back(static_cast<uint32_t>(dev->id()));
    const uint32_t id = opening != nullptr ? static_cast<uint32_t>(opening->id()) : prof::kHostDeviceId;
    if (std::find(config.device_ids.begin(), config.device_ids.end(), id) == config.device_ids.end() &&
        id != prof::kHostDeviceId) {
      config.device_ids.push_back(id);
    }
  }
  config.device_ids.push_back(prof::kHostDeviceId);
  Status s = StartLocked(config);
  state_ = SessionState::kCommand;  // StartLocked moves to kRunning; the collection stays the command line's
  if (!s.ok()) Log(LogLevel::kError, command_->source + ": the collection could not start: " + s.message());
  return s;
}

Status Profiler::EndCommandMode() {
  Stopped stopped;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ != SessionState::kCommand) return OkStatus();
    if (session_.writer) stopped = StopLocked();
    tx_->Teardown();
    command_.reset();
    state_ = SessionState::kIdle;
  }
  if (stopped.writer) Log(LogLevel::kInfo, "command-mode collection written: " + stopped.writer->job_dir());
  return Write(std::move(stopped));
}

}  // namespace aclsim::runtime
