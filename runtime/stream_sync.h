// StreamSync: the runtime part behind acl_rt.h's notifies, stream memory
// operations (aclrtValueWrite/Wait), bounded synchronisation, stream
// failure modes and aborts, and the per-event flags of
// aclrtCreateEventWithFlag / aclrtCreateEventExWithFlag.
//
// The stream-side work is the device's GatedDevice (gated_device.h); this
// part owns the notify handles and the event flags, checks the addresses of
// value operations against the memory registry, and turns a bounded wait
// into the virtual clock's terms: a host that waits at most T for work
// ending at device time E, when it is at host time H, times out when
// E - H > T, and the host clock moves on by T (so a program that polls
// with a bound eventually sees the work done, as on a device).
//
// Thread safety: thread-safe; the mutex guards the handle maps only (a leaf,
// never held while calling the device table or a device).
#ifndef ACLSIM_RUNTIME_STREAM_SYNC_H_
#define ACLSIM_RUNTIME_STREAM_SYNC_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "runtime/device_table.h"
#include "runtime/host_clock.h"
#include "runtime/memory.h"
#include "runtime/status.h"

namespace aclsim::runtime {

// An aclrtNotify: a notify of one device.
class Notify {
 public:
  DeviceState* device() const { return device_; }
  uint32_t id() const { return id_; }

 private:
  friend class StreamSync;
  DeviceState* device_ = nullptr;
  uint32_t id_ = 0;
};

// How an event was created (the default: by aclrtCreateEvent).
struct EventKind {
  uint32_t flags = 0;      // ACL_EVENT_* of the flagged calls
  bool ex = false;         // aclrtCreateEventExWithFlag
  bool with_flag = false;  // aclrtCreateEventWithFlag
};

class StreamSync {
 public:
  // All borrowed; they outlive this part (the Runtime owns them all).
  // |host_clock| returns the host clock (the profiler's).
  StreamSync(DeviceTable* devices, MemoryRegistry* memory, std::function<HostClock&()> host_clock)
      : devices_(devices), memory_(memory), host_clock_(std::move(host_clock)) {}
  StreamSync(const StreamSync&) = delete;
  StreamSync& operator=(const StreamSync&) = delete;

  // Notifies, on the current context's device. A stream of another device
  // → kStreamOfOtherContext; a destroyed notify → kInvalidHandle.
  StatusOr<Notify*> CreateNotify();
  Status DestroyNotify(Notify* notify);
  Status RecordNotify(Notify* notify, Stream* stream);
  Status WaitAndResetNotify(Notify* notify, Stream* stream);
  StatusOr<uint32_t> NotifyId(Notify* notify);
  // Resets every notify of the list at once (host side).
  Status ResetNotifies(Notify* const* notifies, size_t count);

  // aclrtValueWrite / aclrtValueWait on |stream|: |address| must be 8-byte
  // aligned device memory of the stream's device (else InvalidArgument).
  Status ValueWrite(void* address, uint64_t value, Stream* stream);
  Status ValueWait(void* address, uint64_t value, ValueCompare compare, Stream* stream);

  // Streams.
  Status SetFailureMode(Stream* stream, bool stop_on_failure);
  Status AbortStream(Stream* stream);
  // |timeout_ms| -1 waits without bound; > 0 is a bound (kStreamNotComplete,
  // kEventNotComplete when it passes).
  Status SynchronizeStream(Stream* stream, int32_t timeout_ms);
  Status SynchronizeDevice(int32_t timeout_ms);
  Status SynchronizeEvent(Event* event, int32_t timeout_ms);

  // Events.
  void SetEventKind(Event* event, EventKind kind);
  void ForgetEvent(Event* event);
  EventKind KindOf(Event* event);
  // The end of the event's latest record in microseconds of the device
  // clock; kEventNotRecorded before a record completed.
  StatusOr<uint64_t> EventTimestampUs(Event* event);
  // Whether every wait for |event| has been passed.
  StatusOr<bool> EventWaitsComplete(Event* event);

 private:
  // Waits for work of |device| ending at |end_ns| within |timeout_ms| (-1:
  // any time), then runs |sync|; |timeout| is the status of a bound passed.
  Status Bounded(DeviceState* device, int64_t end_ns, int32_t timeout_ms, const Status& timeout,
                 const std::function<Status()>& sync);
  // A copy of a live notify (its handle may be destroyed meanwhile).
  StatusOr<Notify> CheckNotify(Notify* notify);
  // The stream's target and the notify's id; both on one device.
  StatusOr<std::pair<SubmitTarget, uint32_t>> TargetOn(Notify* notify, Stream* stream);

  DeviceTable* const devices_;
  MemoryRegistry* const memory_;
  const std::function<HostClock&()> host_clock_;
  std::mutex mu_;
  std::unordered_map<Notify*, std::unique_ptr<Notify>> notifies_;
  std::unordered_map<Event*, EventKind> event_kinds_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_STREAM_SYNC_H_
