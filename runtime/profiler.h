// Profiler: everything aclprof* controls — operator subscriptions, collection
// sessions, msproftx stamps, host API timing — plus aclsim's own task trace.
//
// The profiling life cycle is one prof::SessionState moved only through the
// transition table of prof/session_state.h. Completion records reach the
// profiler's sinks (the subscription manager, the session collector, the
// trace) through each device's fan-out; the profiler attaches and detaches
// them (DeviceTable::AddSink/RemoveSink) as subscriptions and sessions come
// and go, and hears from the device table when a device opens (it joins a
// running session, and the host clock) or is lost (its subscriptions end).
//
// Behaviour is CANN HEAD's (spec §2.0–§2.4): Start initialises on its own,
// Stop and Finalize without Init return OK, a repeated Start with the same
// data types returns OK, and subscription and API control exclude each other.
//
// Thread safety: all methods are thread-safe. Lock order: Profiler::mu_ →
// DeviceTable → backend device locks; Profiler::mu_ → ModelRegistry; the
// subscription manager, collector, trace, tx manager and host clock have
// leaf locks of their own. Work that may block on a subscriber (flushing a
// subscription) or on the disk (writing a session) runs without mu_;
// sink_mu_ alone orders attach/detach decisions against it.
#ifndef ACLSIM_RUNTIME_PROFILER_H_
#define ACLSIM_RUNTIME_PROFILER_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/device_table.h"
#include "runtime/host_clock.h"
#include "runtime/model_registry.h"
#include "runtime/mspti_sink.h"
#include "runtime/prof/command_config.h"
#include "runtime/prof/msproftx.h"
#include "runtime/prof/session_collector.h"
#include "runtime/prof/session_config.h"
#include "runtime/prof/session_data.h"
#include "runtime/prof/session_state.h"
#include "runtime/prof/session_writer.h"
#include "runtime/prof/subscription.h"
#include "runtime/prof/task_trace.h"
#include "runtime/status.h"

namespace aclsim::runtime {

// The epoch time (ns) the host clock's origin maps to with the default
// "time_origin": "fixed": 2024-01-01T00:00:00Z. Exported timelines are in
// epoch µs like msprof's, and the same program still gives the same bytes.
inline constexpr int64_t kFixedEpochOriginNs = 1'704'067'200'000'000'000;

// A completed task with its model op resolved (for aclsim_ext.h tracing).
struct TraceEntry {
  device::CompletionRecord record;
  std::string op_name;  // empty for markers
  std::string op_type;
};

class Profiler final : public DeviceObserver {
 public:
  // |devices| and |models| are borrowed and must outlive the profiler. The
  // host clock follows |backend|'s clock mode and subscriptions apply its
  // delivery faults (read once, here); ending a subscription waits at most
  // |drain_timeout| for its reader. Exported times are epoch times: the host
  // clock's reading now maps to the wall clock now when |wall_time_origin|,
  // else the host clock's origin maps to kFixedEpochOriginNs. In the virtual
  // mode the mapping is re-anchored once, when the first device opens, if
  // that device's clock is already past the origin (a shared device that
  // earlier clients moved on, on "remote"): its reading then maps there, so
  // a session's times do not carry what other processes ran.
  Profiler(const device::Backend& backend, DeviceTable* devices, ModelRegistry* models,
           std::chrono::milliseconds drain_timeout = prof::SubscriptionManager::kDefaultDrainTimeout,
           bool wall_time_origin = false, const HostCosts& host_costs = HostCosts{});
  // Shutdown(), then stops and writes a running session.
  ~Profiler() override;

  // The first step of tearing the runtime down (aclFinalize): ends every
  // subscription within one drain timeout, which releases any thread
  // waiting for a stalled reader, and refuses new ones. Idempotent.
  void Shutdown();
  Profiler(const Profiler&) = delete;
  Profiler& operator=(const Profiler&) = delete;

  // DeviceObserver.
  Status OnDeviceOpened(DeviceState* device) override;
  void OnDeviceLost(int32_t device_id) override;

  // Operator subscription (aclprofModelSubscribe / UnSubscribe), with the
  // check order of spec §2.2: model loaded (else kModelNotLoaded), config
  // not NULL, profiling mode, then the subscription's own checks.
  Status Subscribe(uint32_t model_id, const prof::SubscribeConfig* config);
  Status Unsubscribe(uint32_t model_id);
  // ProfOpSubscribe / ProfOpUnSubscribe (prof_acl_api.h): the ops host
  // thread |thread_id| launches on device |device_id| (see
  // prof/subscription.h). Check order: config not NULL, the device open in
  // this process (kFailedPrecondition), profiling mode, then the
  // subscription's own checks. Unsubscribe: profiling mode, then kNotFound
  // unless the thread holds a subscription of that device.
  Status SubscribeThreadOps(uint32_t device_id, uint32_t thread_id, const prof::SubscribeConfig* config);
  Status UnsubscribeThreadOps(uint32_t device_id, uint32_t thread_id);
  // MsprofSetDeviceIdByGeModelIdx / MsprofUnsetDeviceIdByGeModelIdx: the
  // model id belongs to |device_id| for subscriptions, loaded or not (CANN's
  // sample registers id 0 and subscribes to it without a load). A loaded
  // model of the same id wins. Subscribing to a registered model needs its
  // device open (kFailedPrecondition otherwise); it never yields records
  // unless such a model runs. Unset of a pair not set → kNotFound.
  Status RegisterModelDevice(uint32_t model_id, uint32_t device_id);
  Status UnregisterModelDevice(uint32_t model_id, uint32_t device_id);
  // A subscribed model is being unloaded: its records are flushed and the
  // subscription ends, leaving the descriptor to the caller (as CANN does).
  void EndForUnload(uint32_t model_id);
  StatusOr<prof::SubscriptionStats> GetSubscriptionStats(uint32_t model_id) const;

  // Collection sessions (spec §2.0, §2.1). |dynamic_mode| is
  // PROFILING_MODE=dynamic, read at the edge (→ kFeatureUnsupported).
  Status Init(std::string_view path, bool dynamic_mode);
  Status Finalize();
  Status SetConfig(int32_t type, std::string_view value);
  // NULL config = every open device, default data types (spec §2.1, 9.0+).
  Status Start(const prof::SessionConfig* config);
  Status Stop(const prof::SessionConfig* config);
  Status Warmup(const prof::SessionConfig* config);
  // Command mode (prof/command_config.h; spec §2.0 CMD): from now until
  // EndCommandMode the collection is |config|'s. It starts when a device is
  // open (at once if one is, else at the first aclrtSetDevice), collects
  // every device the process opens (or the listed ones) and the host, and is
  // written by EndCommandMode. Meanwhile the aclprof session and
  // subscription calls fail with kProfilingRunning. Only from the idle
  // state: kProfilingRunning in command mode, kProfilingApiConflict when
  // API-mode profiling or a subscription is active; a bad output path →
  // kFileUnusable.
  Status EnterCommandMode(prof::CommandConfig config);
  // Stops and writes the command-mode collection (the runtime's end, i.e.
  // aclFinalize); OK and nothing done outside command mode.
  Status EndCommandMode();
  // The PROF_* directory of the latest Start ("" before the first).
  std::string LastProfDirectory() const;

  // aclprofGetStepTimestamp's device part: a stream-ordered marker.
  Status StepMarker(Stream* stream, uint64_t index_id, uint32_t tag);
  // msproftx stamps (spec §2.4).
  prof::TxManager& tx() { return *tx_; }
  // A model was loaded: sessions and thread subscriptions can resolve its ops
  // from here on.
  void OnModelLoaded(uint32_t model_id, prof::OpTableRef ops);

  // Task tracing (aclsim_ext.h).
  Status StartTrace(size_t capacity);
  Status StopTrace();
  std::vector<TraceEntry> TraceSnapshot() const;
  uint64_t TraceDropped() const;

  // Host ACL API timing (ACL_PROF_ACL_API): the edge records calls while
  // ApiTraceOn(), on the host clock.
  static bool ApiTraceOn();
  // True while a runtime whose host side is modelled (the virtual clock)
  // exists: the edge then charges each timed call's host cost.
  static bool HostModelOn();
  int64_t HostNowNs() { return clock_.NowNs(); }
  // The modelled host side (runtime/host_costs.h): a call's cost.
  HostClock& host_clock() { return clock_; }
  // Epoch ns - host ns (the mapping every export uses); lock-free.
  int64_t EpochOffsetNs() const { return epoch_offset_ns_.load(std::memory_order_relaxed); }
  // MSPTI's kernel source (runtime/mspti_sink.h): while MSPTI's KERNEL or
  // MARKER kind is on, attached to every open device (and to each device
  // that opens); while both are off, detached, so the devices build no
  // completion records for it. Called after a kind is switched.
  void SyncMsptiSink();
  // Device ns → MSPTI record ns: the epoch offset, moved onto the client's
  // timestamp callback's clock when one is registered (sampled now).
  int64_t MsptiEpochOffsetNs();
  uint64_t MsptiUncorrelatedKernels() const;

  // Never throws: a record that cannot be stored (allocation failure) is
  // counted in ApiRecordsLost() instead.
  void RecordApi(prof::ApiRecord record) noexcept;
  uint64_t ApiRecordsLost() const;
  // MsprofRegTypeInfo: the name under which reported API records of
  // (|level|, |type|) appear; unnamed types are "type_0x<type>".
  void SetApiTypeName(uint16_t level, uint32_t type, std::string name);
  std::string ApiTypeName(uint16_t level, uint32_t type) const;

 private:
  struct Session {
    std::string init_path;                      // absolute
    std::map<int32_t, std::string> set_config;  // aclprofSetConfig values
    prof::SessionConfig config;                 // of the running (or warm) session
    std::vector<uint32_t> collected;            // device ids attached so far
    std::vector<prof::ClockSync> clock_sync;
    int64_t host_start_ns = 0;                  // host clock at Start
    std::optional<prof::SessionWriter> writer;  // the running session's PROF_* directory
    std::string last_job_dir;
  };
  // What a stopped session leaves to be written (without mu_).
  struct Stopped {
    prof::SessionData data;
    std::optional<prof::SessionWriter> writer;
  };

  struct SubscribeTarget {
    DeviceState* device = nullptr;
    prof::OpTableRef ops;
  };
  // The loaded model |model_id|, else a registered one.
  StatusOr<SubscribeTarget> FindSubscribeTarget(uint32_t model_id) const;  // requires mu_
  // Looks up (state_, event); kProceed → OK and the caller moves state_.
  Status Check(prof::SessionEvent event, const Status& input = OkStatus()) const;  // requires mu_
  Status StartLocked(const prof::SessionConfig& config);
  Status StartCommandLocked(DeviceState* opening);  // the command-mode session, at its first device
  Status StartCollectingLocked(DeviceState* device);
  Stopped StopLocked();
  void DetachCollectorLocked();
  void FillStopped(prof::SessionData* out);
  void AttachSubscriptions(DeviceState* device);
  // Detaches the subscription sink from |device_id| if no subscription on it
  // remains, and leaves subscription mode when none remains anywhere.
  void AfterSubscriptionEnded(uint32_t device_id);
  static Status Write(Stopped stopped);

  DeviceTable* const devices_;   // borrowed
  ModelRegistry* const models_;  // borrowed
  HostClock clock_;
  std::atomic<int64_t> epoch_offset_ns_{0};  // epoch ns - host ns; written under mu_ once a device opens
  int64_t epoch_base_ns_ = 0;                // the epoch ns the anchor maps to
  int64_t epoch_anchor_ns_ = 0;              // the host clock's reading at construction
  bool epoch_anchored_ = false;              // under mu_: the first device has opened (or realtime)

  mutable std::mutex mu_;
  prof::SessionState state_ = prof::SessionState::kIdle;
  std::optional<prof::CommandConfig> command_;  // under mu_: set in kCommand
  Session session_;
  std::unique_ptr<TaskTrace> trace_;
  std::unique_ptr<TaskTrace> stopped_trace_;  // readable after StopTrace
  std::unique_ptr<prof::SessionCollector> collector_ = std::make_unique<prof::SessionCollector>();
  mutable std::mutex api_mu_;
  std::vector<prof::ApiRecord> api_records_;
  uint64_t api_records_lost_ = 0;
  std::map<std::pair<uint16_t, uint32_t>, std::string> api_type_names_;  // under api_mu_
  std::map<uint32_t, uint32_t> registered_models_;                       // model id → device id, under mu_
  std::unique_ptr<prof::TxManager> tx_;
  // MSPTI's host clock (the records' time base) is this runtime's while it lives.
  void ConnectMspti();
  void DisconnectMspti();
  std::unique_ptr<MsptiSink> mspti_sink_;  // under mu_: created by the first AttachMsptiSink
  std::vector<int32_t> mspti_devices_;     // under mu_: devices it is attached to
  // Orders attach/detach of the subscription sink against subscribe and
  // unsubscribe; held without mu_ while a subscription flushes.
  std::mutex sink_mu_;
  // Declared last: destroyed first, so its delivery thread stops (after
  // flushing) before anything it reads goes away.
  std::unique_ptr<prof::SubscriptionManager> subscriptions_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_PROFILER_H_
