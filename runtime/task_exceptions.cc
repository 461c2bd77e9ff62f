#include "runtime/task_exceptions.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "runtime/device_table.h"

namespace aclsim::runtime {
namespace {

thread_local uint32_t tls_last_task = 0;

// The task a device's failure message names: "(task N)" of an op, "task N"
// of a marker (sim/sim_device.cc); 0xFFFFFFFF when there is none.
uint32_t TaskNamedIn(const std::string& message) {
  static constexpr char kKey[] = "task ";
  size_t at = message.find("(task ");
  at = at == std::string::npos ? message.find(kKey) : at + 1;
  if (at == std::string::npos) return 0xFFFFFFFFu;
  uint64_t id = 0;
  size_t i = at + sizeof(kKey) - 1;
  if (i >= message.size() || !std::isdigit(static_cast<unsigned char>(message[i]))) return 0xFFFFFFFFu;
  for (; i < message.size() && std::isdigit(static_cast<unsigned char>(message[i])); ++i) {
    id = id * 10 + static_cast<uint64_t>(message[i] - '0');
    if (id > 0xFFFFFFFFu) return 0xFFFFFFFFu;
  }
  return static_cast<uint32_t>(id);
}

}  // namespace

TaskExceptions& TaskExceptions::Process() {
  static TaskExceptions* const process = new TaskExceptions();  // never destroyed: handlers outlive every runtime
  return *process;
}

void TaskExceptions::Set(Handler handler, uintptr_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  slot_ = id == 0 ? Entry{nullptr, 0} : Entry{handler, id};
}

void TaskExceptions::Register(Handler handler, uintptr_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = std::find_if(registered_.begin(), registered_.end(), [&](const Entry& e) { return e.id == id; });
  if (it != registered_.end()) {
    it->handler = handler;
  } else {
    registered_.push_back({handler, id});
  }
}

void TaskExceptions::Unregister(uintptr_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  registered_.erase(std::remove_if(registered_.begin(), registered_.end(), [&](const Entry& e) { return e.id == id; }),
                    registered_.end());
}

void TaskExceptions::Notify(const TaskFailure& failure) {
  std::vector<Entry> targets;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (slot_.handler != nullptr) targets.push_back(slot_);
    targets.insert(targets.end(), registered_.begin(), registered_.end());
  }
  for (const Entry& e : targets) e.handler(failure, e.id);
}

Status ReportTaskFailure(const DeviceState& device, device::StreamId stream, bool kernel, Status status) {
  if (status.detail() != Detail::kDeviceError) return status;
  TaskFailure failure;
  failure.task_id = TaskNamedIn(status.message());
  failure.stream_id = static_cast<uint32_t>(stream);
  failure.thread_id = CurrentThreadId();
  failure.device_id = static_cast<uint32_t>(device.id());
  failure.error = static_cast<uint32_t>(status.value());
  failure.kernel = kernel;
  if (failure.task_id != 0xFFFFFFFFu) tls_last_task = failure.task_id;
  TaskExceptions::Process().Notify(failure);
  return status;
}

void NoteLaunchedTask(uint64_t task_id) { tls_last_task = static_cast<uint32_t>(task_id); }

uint32_t ThreadLastTaskId() { return tls_last_task; }

}  // namespace aclsim::runtime
