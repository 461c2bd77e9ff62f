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
#include <optional>
#include <set>
#include <shared_mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/gated_device.h"
#include "runtime/status.h"
#include "runtime/visible_devices.h"

namespace aclsim::runtime {

class Context;
class DeviceState;

// The floating-point overflow modes of aclrtSetDeviceSatMode (numbered as
// aclrtFloatOverflowMode).
enum class FloatOverflowMode : uint32_t { kSaturation = 0, kInfNan = 1 };

// The cores the work of a device, a stream or a thread may use
// (aclrtSetDeviceResLimit, aclrtSetStreamResLimit), by aclrtDevResLimitType:
// cube cores, vector cores. Unset: no limit below the device's own.
enum class CoreKind : uint32_t { kCube = 0, kVector = 1 };
struct CoreLimits {
  std::optional<uint32_t> cube;
  std::optional<uint32_t> vector;
  std::optional<uint32_t>& of(CoreKind kind) { return kind == CoreKind::kCube ? cube : vector; }
  const std::optional<uint32_t>& of(CoreKind kind) const { return kind == CoreKind::kCube ? cube : vector; }
};

class Stream {
 public:
  Context* context() const { return context_; }
  device::StreamId id() const { return id_; }
  bool is_default() const { return is_default_; }
  // What aclrtCreateStreamWithConfig was given (0 for other streams).
  uint32_t priority() const { return priority_; }
  uint32_t flags() const { return flags_; }

 private:
  friend class DeviceTable;
  Context* context_ = nullptr;
  device::StreamId id_ = 0;
  bool is_default_ = false;
  uint32_t priority_ = 0;
  uint32_t flags_ = 0;
  // Guarded by the table's mutex (runtime/device_controls.cc).
  uint32_t overflow_switch_ = 0;                                 // aclrtSetStreamOverflowSwitch
  FloatOverflowMode sat_mode_ = FloatOverflowMode::kSaturation;  // the device's when created
  CoreLimits core_limits_;                                       // aclrtSetStreamResLimit
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
  // The backend's device behind the runtime's stream gates (gated_device.h).
  device::Device& device() const { return *device_; }
  GatedDevice& gated() const { return *device_; }
  SinkFanout& fanout() const { return *fanout_; }

 private:
  friend class DeviceTable;
  int32_t id_ = 0;
  // Declared before the device: records in flight may still reach it while
  // the device is torn down.
  std::unique_ptr<SinkFanout> fanout_ = std::make_unique<SinkFanout>();
  std::unique_ptr<GatedDevice> device_;
  // Serialises attach/detach, so the fan-out's sink count and the device's
  // sink never disagree.
  std::mutex sink_mu_;
  int32_t set_count_ = 0;          // aclrtSetDevice calls not yet reset
  Context* primary_ = nullptr;     // owned by DeviceTable::contexts_
  CoreLimits core_limits_;         // aclrtSetDeviceResLimit; guarded by the table's mutex
  std::atomic<bool> lost_{false};  // a call found the device lost (CheckLost)
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

// What the device table asks of the host tasks (runtime/host_tasks.h): a
// stream's synchronisation waits for the host functions it reached, and a
// stream that ends drops those not started.
class DeviceHostTasks {
 public:
  virtual ~DeviceHostTasks() = default;
  // Called without the table's lock: wait for the host tasks of |stream|
  // (resolved, never NULL) or of every stream of |device| launched so far.
  virtual Status WaitStream(Stream* stream) = 0;
  virtual Status WaitDevice(DeviceState* device) = 0;
  // Called without the table's lock before |stream| (not yet checked) is
  // destroyed without force: waits for its host tasks when nothing but the
  // runtime's own thread runs them (they finish without the program's help).
  virtual void Drain(Stream* stream) = 0;
  // Called with the table's lock held (they take only the part's own lock).
  virtual bool Pending(Stream* stream) = 0;
  virtual void OnStreamDestroyed(Stream* stream) = 0;
};

// Where a submission goes: the device and stream of a resolved stream handle.
struct SubmitTarget {
  DeviceState* device = nullptr;
  device::StreamId stream = 0;
  Stream* handle = nullptr;  // the resolved stream (NULL resolved to the default stream)
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
  // |host_tasks| is borrowed; set before the first stream is used, cleared
  // (nullptr) before it is destroyed.
  void SetHostTasks(DeviceHostTasks* host_tasks) { host_tasks_ = host_tasks; }

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

  // Peer access between devices (aclrtDeviceEnablePeerAccess): one-way, from
  // the current context's device to |peer_id|; a device's grants end when it
  // is reset. Any two distinct devices of the table can reach each other.
  // Same ids → InvalidArgument; an id out of range → kInvalidDeviceId
  // (PeerAccessEnabled: InvalidArgument, as CANN documents).
  StatusOr<bool> CanAccessPeer(int32_t device_id, int32_t peer_id) const;
  Status EnablePeerAccess(int32_t peer_id);
  Status DisablePeerAccess(int32_t peer_id);
  StatusOr<bool> PeerAccessEnabled(int32_t device_id, int32_t peer_id) const;

  // Contexts.
  StatusOr<Context*> CreateContext(int32_t device_id);
  Status DestroyContext(Context* context);
  Status SetCurrentContext(Context* context);
  StatusOr<Context*> GetCurrentContext() const;

  // Streams. A NULL stream means the current context's default stream.
  // |priority| and |flags| are kept for the stream's queries.
  StatusOr<Stream*> CreateStream(uint32_t priority = 0, uint32_t flags = 0);
  // |force|: the host does not wait for the stream's tasks (the device still
  // completes them: submitted work is not cancelled).
  Status DestroyStream(Stream* stream, bool force = false);
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
  // The device and device event of a live event (device_table_events.cc).
  StatusOr<std::pair<DeviceState*, device::EventId>> ResolveEvent(Event* event) const;
  // aclrtResetEvent: the event becomes a never-recorded one (a fresh device
  // event); |stream| must be on the event's device.
  Status ResetEvent(Event* event, Stream* stream);

  // Markers (step markers, MarkEx): stream-ordered, zero-length.
  // |host_ready_ns|: MarkerInfo.host_ready_ns (HostClock::ReadyNs).
  StatusOr<device::TaskId> SubmitMarker(Stream* stream, uint64_t marker_id, uint32_t tag, int64_t host_ready_ns);

  // Controls of the device's work (runtime/device_controls.cc; docs/devices.md).
  // The saturation mode (aclrtSetDeviceSatMode) is the process's: streams
  // created afterwards take it; until set, the default of device 0's SoC.
  // kUnimplemented when the SoC lacks the mode.
  Status SetSatMode(FloatOverflowMode mode);
  StatusOr<FloatOverflowMode> GetSatMode();
  // aclrtSetStreamOverflowSwitch / Get: a SoC without stream overflow
  // checking ignores the switch and reports 1.
  Status SetOverflowSwitch(Stream* stream, uint32_t on);
  StatusOr<uint32_t> GetOverflowSwitch(Stream* stream);
  // Core limits. |value| above the device's cores of |kind| is
  // InvalidArgument. The device's limit applies to the process, the stream's
  // to the threads that use the stream (UseStreamCores, per thread, the last
  // call wins); GetThreadCores answers with the first set of: the used
  // stream's, the process's limit on the current device, its cores.
  StatusOr<uint32_t> GetDeviceCores(int32_t device_id, CoreKind kind);
  Status SetDeviceCores(int32_t device_id, CoreKind kind, uint32_t value);
  Status ResetDeviceCores(int32_t device_id);
  StatusOr<uint32_t> GetStreamCores(Stream* stream, CoreKind kind);
  Status SetStreamCores(Stream* stream, CoreKind kind, uint32_t value);
  Status ResetStreamCores(Stream* stream);
  Status UseStreamCores(Stream* stream);
  Status UnuseStreamCores(Stream* stream);
  StatusOr<uint32_t> GetThreadCores(CoreKind kind);
  // The limit of GetThreadCores when one is set below the device's cores
  // (the single-op launch path asks at every launch).
  std::optional<uint32_t> ThreadCoreLimit(CoreKind kind);
  // Whether a call into |device_id| found it lost (aclrtQueryDeviceStatus).
  StatusOr<bool> DeviceLost(int32_t device_id);

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
  // Both ids are devices of the table and differ.
  Status CheckPeerPairLocked(int32_t device_id, int32_t peer_id) const;
  Status NotifyOpened(DeviceState* device);
  // GetThreadCores's answer; |limited|: a stream's or the process's limit
  // gave it (device_controls.cc).
  StatusOr<uint32_t> ThreadCoresLocked(CoreKind kind, bool* limited) const;
  // The saturation mode new streams of |device| take (device_controls.cc).
  FloatOverflowMode SatModeLocked(const DeviceState& device) const;

  device::Backend* const backend_;  // borrowed (owned by the Runtime)
  const VisibleDevices visible_;
  const uint64_t generation_;  // tells this table's thread-local state from a previous one's
  DeviceObserver* observer_ = nullptr;
  DeviceHostTasks* host_tasks_ = nullptr;

  std::atomic<int64_t> host_observed_ns_{std::numeric_limits<int64_t>::min()};

  mutable std::mutex mu_;
  std::unordered_map<int32_t, std::unique_ptr<DeviceState>> devices_;
  std::unordered_map<Context*, std::unique_ptr<Context>> contexts_;
  std::unordered_map<Stream*, std::unique_ptr<Stream>> streams_;
  std::unordered_map<Event*, std::unique_ptr<Event>> events_;
  std::set<std::pair<int32_t, int32_t>> peer_access_;  // (device, peer) pairs granted
  // Set once any core limit was: until then the launch path's
  // ThreadCoreLimit answers without the table's lock.
  std::atomic<bool> any_core_limit_{false};
  std::optional<FloatOverflowMode> sat_mode_;  // aclrtSetDeviceSatMode, until set the SoC's default
};

// The calling thread's OS thread id (cached).
uint32_t CurrentThreadId();

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_DEVICE_TABLE_H_
