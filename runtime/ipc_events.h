// Events shared between processes (aclrtCreateEventExWithFlag with
// ACL_EVENT_IPC, aclrtIpcGetEventHandle, aclrtIpcOpenEventHandle;
// docs/ipc.md).
//
// An IPC event's state lives in a memory file (runtime/shared_file.h: a
// header page, then the state) that every process holding the event maps:
// the number of records made so far, by any process, and a ring of slots in
// which record n, once it reaches its device, stores n (slot n mod
// kIpcEventSlots, as CANN's runtime keeps a table of record flags). A record
// is a stream value write of its number into its slot; a wait takes the
// current record number when it is submitted (none yet: nothing to wait
// for) and is a stream value wait until that record's slot holds at least
// it; the event is complete when the latest record is. Value waits held by
// a record of another process are re-examined by the device's poller
// (GatedDevice), so the release does not depend on this process doing
// anything.
//
// Each process's simulated device keeps its own clock: a wait released by
// another process's record orders the two processes' work on the host, not
// their device times (docs/differences.md).
//
// Thread-safe; the table's mutex is a leaf (never held while calling the
// device table or a device).
#ifndef ACLSIM_RUNTIME_IPC_EVENTS_H_
#define ACLSIM_RUNTIME_IPC_EVENTS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "runtime/device_table.h"
#include "runtime/status.h"

namespace aclsim::runtime {

// Record slots per event (CANN's IPC_EVENT_P2P_SIZE).
inline constexpr size_t kIpcEventSlots = 8192;
// aclrtIpcEventHandle's size (ACL_IPC_EVENT_HANDLE_SIZE).
inline constexpr size_t kIpcEventHandleBytes = 64;
using IpcEventHandle = std::array<char, kIpcEventHandleBytes>;

class IpcEvents {
 public:
  explicit IpcEvents(DeviceTable* devices) : devices_(devices) {}
  IpcEvents(const IpcEvents&) = delete;
  IpcEvents& operator=(const IpcEvents&) = delete;

  // aclrtCreateEventExWithFlag(ACL_EVENT_IPC): a new event of the current
  // device with state of its own. kUnimplemented on a device without IPC
  // events (CheckSupported).
  StatusOr<Event*> CreateEvent();
  bool IsIpc(Event* event) const;
  // kUnimplemented naming |api| when |event| is an IPC event: the calls
  // CANN's runtime refuses for one (api_error.cc: reset, aclrtQueryEvent,
  // wait status, elapsed time, timestamp, event id, synchronous destroy).
  Status Refuse(Event* event, const char* api) const;
  // Whether IPC events exist on a device of SoC |soc| (the A2 and A3 lines
  // and Ascend950PR, hicann/runtime docs/zh/api_ref/07_event_management.md);
  // kUnimplemented otherwise.
  static Status CheckSupported(const std::string& soc);
  // The handle another process opens; InvalidArgument for an event that is
  // not an IPC event.
  StatusOr<IpcEventHandle> Export(Event* event) const;
  // aclrtIpcOpenEventHandle: a new event of the current device that maps
  // the state |handle| names. InvalidArgument when the handle names no live
  // IPC event (its creator destroyed it or exited, or the bytes are not a
  // handle); kUnimplemented as CreateEvent.
  StatusOr<Event*> OpenEvent(const IpcEventHandle& handle);
  // Forgets |event| (aclrtDestroyEvent); its mapping goes.
  void Forget(Event* event);

  // aclrtRecordEvent / aclrtStreamWaitEvent with an IPC event.
  Status Record(Event* event, Stream* stream);
  Status Wait(Stream* stream, Event* event);
  // Whether the latest record, of any process, has reached its device
  // (true before any record).
  StatusOr<bool> Complete(Event* event);
  // Waits until Complete, at most |timeout_ms| of wall time (-1: no bound;
  // then kEventNotComplete).
  Status Synchronize(Event* event, int32_t timeout_ms);

  struct State;  // the mapped state (ipc_events.cc)

 private:
  struct Entry {
    int32_t pid = 0;            // the creating process
    int32_t fd_in_creator = 0;  // the memory file's descriptor there (its creator keeps it open)
    uint64_t serial = 0;
    void* mapping = nullptr;      // header page and state, shared
    std::shared_ptr<void> owner;  // unmaps (and, in the creator, closes the file) when the last user goes
    State* state() const;
  };
  // A new event of the current device (whose SoC must have IPC events),
  // given its state by |attach|; destroyed again if that fails.
  StatusOr<Event*> NewEvent(const std::function<Status(Event*)>& attach);
  Status Create(Event* event);
  Status Open(const IpcEventHandle& handle, Event* event);
  // The live entry of |event|, or InvalidArgument.
  StatusOr<std::shared_ptr<Entry>> Find(Event* event) const;

  DeviceTable* const devices_;  // borrowed (the Runtime's)
  mutable std::mutex mu_;
  uint64_t next_serial_ = 1;
  std::unordered_map<Event*, std::shared_ptr<Entry>> events_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_IPC_EVENTS_H_
