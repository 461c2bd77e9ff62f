// DeviceTable: the opened devices and everything that lives on them —
// contexts, streams, events and markers — plus the calling thread's current
// context.
//
// Objects are handed to the api/ edge as raw pointers (they become
// aclrtContext/aclrtStream/aclrtEvent handles); every method that takes one
// checks that it is live and returns kInvalidHandle otherwise, so a
// destroyed handle is an error, never a crash. Behaviour follows CANN (spec
// §6): aclrtSetDevice opens the device's primary context and makes it
// current; aclrtResetDevice releases it when the per-device count drops to
// zero.
//
// A device, once opened, stays in the table until the table is destroyed, so
// a DeviceState* is valid for the table's lifetime. Each device has a
// SinkFanout that forwards its completion records to every attached sink
// (trace, session collector, subscriptions) without a lock that another
// sink's attach or detach needs.
//
// Device events go to a DeviceObserver (the profiler): a device opened, or a
// device call reported the device lost. The observer is called without the
// table's lock held, so it may call back into the table.
//
// Thread safety: all methods may be called from any thread. The table's
// bookkeeping is under its own mutex (lock order: profiler → device table →
// backend device lock; the table never calls out while holding it); device
// work (synchronisation, submissions) runs outside it.
#ifndef ACLSIM_RUNTIME_DEVICE_TABLE_H_
#define ACLSIM_RUNTIME_DEVICE_TABLE_H_

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/status.h"
#include "runtime/visible_devices.h"

namespace aclsim::runtime {

class Context;
class DeviceState;

class Stream {
 public:
  Context* context() const { return context_; }
  device::StreamId id() const { return id_; }
  bool is_default() const { return is_default_; }

 private:
  friend class DeviceTable;
  Context* context_ = nullptr;
  device::StreamId id_ = 0;
  bool is_default_ = false;
};

class Context {
 public:
  DeviceState* device() const { return device_; }
  Stream* default_stream() const { return default_stream_; }
  bool is_primary() const { return primary_; }

 private:
  friend class DeviceTable;
  DeviceState* device_ = nullptr;
  Stream* default_stream_ = nullptr;
  bool primary_ = false;
};

class Event {
 public:
  DeviceState* device() const { return device_; }
  device::EventId id() const { return id_; }

 private:
  friend class DeviceTable;
  DeviceState* device_ = nullptr;
  device::EventId id_ = 0;
};

// Forwards completion records to every sink attached to one device. The
// device has this fan-out as its sink only while at least one sink is
// attached, so an unobserved device builds no records at all.
//
// A delivery walks a snapshot of the sink list and holds each sink only while
// calling it, so a sink that blocks delays neither the attach or detach of
// another sink nor deliveries that do not reach it. Remove() returns once no
// delivery is inside the removed sink, so its owner may destroy it.
class SinkFanout final : public device::CompletionSink {
 public:
  void OnCompletions(const device::CompletionRecord* records, size_t count) override;
  // Both return the number of sinks attached afterwards; adding a sink that
  // is already attached, or removing one that is not, changes nothing.
  size_t Add(device::CompletionSink* sink);
  size_t Remove(device::CompletionSink* sink);
  size_t size();
  // Records reach the sinks with |user_id| as their device id: the backend
  // numbers its devices its own way under ASCEND_RT_VISIBLE_DEVICES. Set
  // once, before the fan-out is attached.
  void SetUserDeviceId(uint32_t user_id, bool renumber) {
    user_id_ = user_id;
    renumber_ = renumber;
  }

 private:
  struct Slot {
    device::CompletionSink* sink = nullptr;  // borrowed; owners detach before dying
    std::shared_mutex in_use;                // shared while a delivery calls |sink|
    bool attached = true;                    // guarded by |in_use|
  };
  using SlotList = std::vector<std::shared_ptr<Slot>>;

  uint32_t user_id_ = 0;
  bool renumber_ = false;
  std::mutex mu_;  // guards the list pointer only
  std::shared_ptr<const SlotList> slots_ = std::make_shared<const SlotList>();
};

class DeviceState {
 public:
  int32_t id() const { return id_; }
  device::Device& device() const { return *device_; }
  SinkFanout& fanout() const { return *fanout_; }

 private:
  friend class DeviceTable;
  int32_t id_ = 0;
  // Declared before the device: records in flight may still reach it while
  // the device is torn down.
  std::unique_ptr<SinkFanout> fanout_ = std::make_unique<SinkFanout>();
  std::unique_ptr<device::Device> device_;
  // Serialises attach/detach, so the fan-out's sink count and the device's
  // sink never disagree.
  std::mutex sink_mu_;
  int32_t set_count_ = 0;       // aclrtSetDevice calls not yet reset
  Context* primary_ = nullptr;  // owned by DeviceTable::contexts_
};

// What the profiler learns from the device table.
class DeviceObserver {
 public:
  virtual ~DeviceObserver() = default;
  // |device| was just opened (called once per device, without the table's lock).
  virtual Status OnDeviceOpened(DeviceState* device) = 0;
  // A call into device |device_id| reported kDeviceLost.
  virtual void OnDeviceLost(int32_t device_id) = 0;
};

// Where a submission goes: the device and stream of a resolved stream handle.
struct SubmitTarget {
  DeviceState* device = nullptr;
  device::StreamId stream = 0;
};

class DeviceTable {
 public:
  // |backend| is borrowed and must outlive the table. |visible| maps the
  // device ids the program uses ("user" ids) to the backend's
  // (ASCEND_RT_VISIBLE_DEVICES, runtime/visible_devices.h); unset, they are
  // the same.
  explicit DeviceTable(device::Backend* backend, VisibleDevices visible = {});
  // Detaches every sink, synchronises and closes every device.
  ~DeviceTable();
  DeviceTable(const DeviceTable&) = delete;
  DeviceTable& operator=(const DeviceTable&) = delete;

  // |observer| is borrowed; set once, before the first device opens.
  void SetObserver(DeviceObserver* observer) { observer_ = observer; }

  // Devices. Ids are user ids; 0 devices when the visible list is invalid.
  uint32_t DeviceCount() const;
  // OK, or kNoDevice naming ASCEND_RT_VISIBLE_DEVICES when its value
  // selects no device (aclrtGetDeviceCount's answer).
  Status DeviceCountStatus() const;
  // The backend's ("logic") id of user id |user_id|: InvalidArgument when
  // negative, kInvalidDeviceId when not a device of the program.
  StatusOr<int32_t> LogicIdOfUser(int32_t user_id) const;
  // The user id of backend device |logic_id|: InvalidArgument when
  // negative, kInvalidDeviceId when the program does not see it.
  StatusOr<int32_t> UserIdOfLogic(int32_t logic_id) const;
  Status SetDevice(int32_t device_id);
  Status ResetDevice(int32_t device_id, bool force);
  StatusOr<int32_t> GetDevice() const;
  Status SynchronizeDevice();
  StatusOr<device::DeviceInfo> GetDeviceInfo(int32_t device_id);
  // Device time of |device_id| as the host observes it (opens the device).
  StatusOr<device::VirtualTimeNs> DeviceNowNs(int32_t device_id);
  // The current context's device; kNoContext without one.
  StatusOr<DeviceState*> CurrentDevice() const;
  // Opened devices, in id order. The pointers live as long as the table.
  std::vector<DeviceState*> OpenDevices() const;
  DeviceState* FindOpen(int32_t device_id) const;

  // Contexts.
  StatusOr<Context*> CreateContext(int32_t device_id);
  Status DestroyContext(Context* context);
  Status SetCurrentContext(Context* context);
  StatusOr<Context*> GetCurrentContext() const;

  // Streams. A NULL stream means the current context's default stream.
  StatusOr<Stream*> CreateStream();
  Status DestroyStream(Stream* stream);
  StatusOr<Stream*> ResolveStream(Stream* stream) const;
  StatusOr<SubmitTarget> ResolveTarget(Stream* stream) const;
  Status SynchronizeStream(Stream* stream);
  StatusOr<bool> QueryStream(Stream* stream);

  // Events.
  StatusOr<Event*> CreateEvent();
  Status DestroyEvent(Event* event);
  Status RecordEvent(Event* event, Stream* stream);
  Status StreamWaitEvent(Stream* stream, Event* event);
  Status SynchronizeEvent(Event* event);
  StatusOr<device::EventState> QueryEvent(Event* event);
  // Milliseconds between two recorded, completed events.
  StatusOr<float> EventElapsedTime(Event* start, Event* end);

  // Markers (step markers, MarkEx): stream-ordered, zero-length.
  // |host_ready_ns|: MarkerInfo.host_ready_ns (HostClock::ReadyNs).
  StatusOr<device::TaskId> SubmitMarker(Stream* stream, uint64_t marker_id, uint32_t tag, int64_t host_ready_ns);

  // Sinks. Attach and detach |sink| on |device|'s fan-out (the fan-out is the
  // device's sink while any is attached). Remove returns once no delivery is
  // inside |sink|.
  void AddSink(DeviceState* device, device::CompletionSink* sink);
  void RemoveSink(DeviceState* device, device::CompletionSink* sink);

  // The host waited for |device| (a synchronisation, or a call that
  // synchronises) or opened it: the latest device time the host has seen
  // moves to the device's clock. The virtual host clock starts its charges
  // there (HostClock); device time passes the host's only at such points.
  // Every wait of the table notes itself; a caller that synchronises a
  // device directly calls this.
  void NoteHostWait(device::Device& device);
  const std::atomic<int64_t>& host_observed_ns() const { return host_observed_ns_; }

  // Tells the observer that a call into |device_id| found it lost, when
  // |status| says so. Returns |status|.
  Status CheckLost(int32_t device_id, Status status);

 private:
  // Require mu_.
  StatusOr<DeviceState*> OpenDeviceLocked(int32_t device_id, bool* out_opened);
  StatusOr<Context*> NewContextLocked(DeviceState* device, bool primary);
  void DestroyContextLocked(Context* context);
  Context* CurrentContextLocked() const;
  Status CheckStreamLocked(Stream* stream) const;
  Status CheckEventLocked(Event* event) const;
  StatusOr<Stream*> ResolveStreamLocked(Stream* stream) const;
  // Opens |device_id| (if needed) and tells the observer about a new device.
  StatusOr<DeviceState*> Open(int32_t device_id);
  Status NotifyOpened(DeviceState* device);

  device::Backend* const backend_;  // borrowed (owned by the Runtime)
  const VisibleDevices visible_;
  const uint64_t generation_;  // tells this table's thread-local state from a previous one's
  DeviceObserver* observer_ = nullptr;

  std::atomic<int64_t> host_observed_ns_{std::numeric_limits<int64_t>::min()};

  mutable std::mutex mu_;
  std::unordered_map<int32_t, std::unique_ptr<DeviceState>> devices_;
  std::unordered_map<Context*, std::unique_ptr<Context>> contexts_;
  std::unordered_map<Stream*, std::unique_ptr<Stream>> streams_;
  std::unordered_map<Event*, std::unique_ptr<Event>> events_;
};

// The calling thread's OS thread id (cached).
uint32_t CurrentThreadId();

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_DEVICE_TABLE_H_
