// TaskExceptions: the process's handlers of failed device tasks
// (aclrtSetExceptionInfoCallback, aclrtExceptionInfoCallbackRegister; hicann/
// runtime docs/zh/api_ref/13_exception_handling.md) and the calling thread's
// last launched task (aclrtGetThreadLastTaskId, 12_execution_control.md).
//
// A device reports a failed task when it is submitted (the simulator's fault
// plan, docs/faults.md): the submission that gets the device's error calls
// ReportTaskFailure, which hands every handler a TaskFailure naming the
// task, its stream, device, launching thread and error number, on the
// submitting thread, before the ACL call returns. Handlers are kept for the
// process (CANN's are process-level: they outlive aclFinalize), so they are
// not part of a Runtime.
//
// Thread safety: thread-safe; handlers are called with no lock held, on a
// snapshot of the list (a handler removed meanwhile may still be called
// once, as CANN documents for aclrtExceptionInfoCallbackUnregister).
#ifndef ACLSIM_RUNTIME_TASK_EXCEPTIONS_H_
#define ACLSIM_RUNTIME_TASK_EXCEPTIONS_H_

#include <cstdint>
#include <mutex>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/status.h"

namespace aclsim::runtime {

class DeviceState;

// One failed task.
struct TaskFailure {
  uint32_t task_id = 0xFFFFFFFFu;  // the device's task id; 0xFFFFFFFF when the device named none
  uint32_t stream_id = 0;          // the stream's device-local id (aclrtStreamGetId)
  uint32_t thread_id = 0;          // the launching thread's OS id
  uint32_t device_id = 0;          // the program's device id
  uint32_t error = 0;              // the number the device reported
  bool kernel = false;             // an op (kernel) task rather than a marker
};

class TaskExceptions {
 public:
  // |id| identifies a registration (the edge passes its C function pointer).
  using Handler = void (*)(const TaskFailure& failure, uintptr_t id);

  // The process's handlers.
  static TaskExceptions& Process();

  // The one slot of aclrtSetExceptionInfoCallback: |id| 0 empties it.
  void Set(Handler handler, uintptr_t id);
  // aclrtExceptionInfoCallbackRegister / Unregister: one entry per id (a
  // second registration replaces the first); unregistering an unknown id
  // changes nothing. Independent of the slot.
  void Register(Handler handler, uintptr_t id);
  void Unregister(uintptr_t id);
  // Calls the slot, then the registrations in the order they were made.
  void Notify(const TaskFailure& failure);

 private:
  struct Entry {
    Handler handler;
    uintptr_t id;
  };
  std::mutex mu_;  // a leaf
  Entry slot_{nullptr, 0};
  std::vector<Entry> registered_;
};

// A submission of |stream| on |device| failed with |status|: when the
// device reported a task error (Detail::kDeviceError) the handlers hear of
// it and the failing task becomes the thread's last task. The task id is
// the one the device's message names ("task N"). Returns |status|.
Status ReportTaskFailure(const DeviceState& device, device::StreamId stream, bool kernel, Status status);

// The calling thread's last launched task (0 before any): submissions call
// NoteLaunchedTask with the last task id they were given.
void NoteLaunchedTask(uint64_t task_id);
uint32_t ThreadLastTaskId();

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_TASK_EXCEPTIONS_H_
