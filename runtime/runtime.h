// Runtime: the core behind the ACL runtime and model entry points.
//
// Owns the device backend, the opened devices, contexts, streams, events,
// host-backed memory and loaded models, and the calling thread's current
// context. Objects are handed to the api/ edge as raw pointers (they become
// aclrtContext/aclrtStream/aclrtEvent handles); every method that takes one
// checks that it is live and returns kRtInvalidHandle otherwise, so a
// destroyed handle is an error, never a crash.
//
// Behaviour follows CANN (spec §6, and the error codes its runtime and GE
// return for the same inputs): aclrtSetDevice opens the device's primary
// context and makes it current; aclrtResetDevice releases it when the
// per-device count drops to zero; models run on the stream given (the current
// context's default stream for NULL) of the device they were loaded on.
//
// Thread safety: all methods may be called from any thread. Handle
// bookkeeping is under one mutex; device work is done outside it.
#ifndef ACLSIM_RUNTIME_RUNTIME_H_
#define ACLSIM_RUNTIME_RUNTIME_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "runtime/config.h"
#include "runtime/device/backend.h"
#include "runtime/memory.h"
#include "runtime/model/graph.h"
#include "runtime/prof/msproftx.h"
#include "runtime/prof/session_collector.h"
#include "runtime/prof/session_config.h"
#include "runtime/prof/session_data.h"
#include "runtime/prof/subscription.h"
#include "runtime/status.h"
#include "runtime/trace.h"

namespace aclsim::runtime {

class Context;
class DeviceState;

class Stream {
 public:
  Context* context() const { return context_; }
  device::StreamId id() const { return id_; }
  bool is_default() const { return is_default_; }

 private:
  friend class Runtime;
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
  friend class Runtime;
  DeviceState* device_ = nullptr;
  Stream* default_stream_ = nullptr;
  bool primary_ = false;
};

class Event {
 public:
  DeviceState* device() const { return device_; }
  device::EventId id() const { return id_; }

 private:
  friend class Runtime;
  DeviceState* device_ = nullptr;
  device::EventId id_ = 0;
};

// Forwards completion records to every sink attached to one device. The
// device has this fan-out as its sink only while at least one sink is
// attached, so an unobserved device builds no records at all.
class SinkFanout final : public device::CompletionSink {
 public:
  void OnCompletions(const device::CompletionRecord* records, size_t count) override;
  // Both return the number of sinks attached afterwards.
  size_t Add(device::CompletionSink* sink);
  size_t Remove(device::CompletionSink* sink);

 private:
  std::mutex mu_;
  std::vector<device::CompletionSink*> sinks_;  // borrowed; owners detach before dying
};

class DeviceState {
 public:
  int32_t id() const { return id_; }
  device::Device& device() const { return *device_; }

 private:
  friend class Runtime;
  int32_t id_ = 0;
  std::unique_ptr<device::Device> device_;
  int32_t set_count_ = 0;       // aclrtSetDevice calls not yet reset
  Context* primary_ = nullptr;  // owned by Runtime::contexts_
  std::unique_ptr<SinkFanout> fanout_ = std::make_unique<SinkFanout>();
};

struct TensorDescription {
  std::string name;
  model::DataType dtype = model::DataType::kUndefined;
  model::Format format = model::Format::kUndefined;
  std::vector<int64_t> dims;
  size_t size_bytes = 0;
};

struct ModelDescription {
  uint32_t model_id = 0;
  std::string name;
  std::vector<TensorDescription> inputs;
  std::vector<TensorDescription> outputs;
};

// One data buffer of an execution dataset (borrowed for the call).
struct BufferView {
  const void* data = nullptr;
  size_t size = 0;
};

// A completed task with its model op resolved (for aclsim_ext.h tracing).
struct TraceEntry {
  device::CompletionRecord record;
  std::string op_name;  // empty for markers
  std::string op_type;
};

class Runtime {
 public:
  // Creates the backend named in |options| from |registry|.
  static StatusOr<std::unique_ptr<Runtime>> Create(const RuntimeOptions& options,
                                                   const device::BackendRegistry& registry);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  const RuntimeOptions& options() const { return options_; }
  std::string_view backend_name() const { return backend_->name(); }

  // Devices.
  uint32_t DeviceCount() const;
  Status SetDevice(int32_t device_id);
  Status ResetDevice(int32_t device_id, bool force);
  StatusOr<int32_t> GetDevice() const;
  Status SynchronizeDevice();
  StatusOr<device::DeviceInfo> GetDeviceInfo(int32_t device_id);

  // Contexts.
  StatusOr<Context*> CreateContext(int32_t device_id);
  Status DestroyContext(Context* context);
  Status SetCurrentContext(Context* context);
  StatusOr<Context*> GetCurrentContext() const;

  // Streams. A NULL stream means the current context's default stream.
  StatusOr<Stream*> CreateStream();
  Status DestroyStream(Stream* stream);
  StatusOr<Stream*> ResolveStream(Stream* stream) const;
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

  // Markers (step markers, later issues): stream-ordered, zero-length.
  StatusOr<device::TaskId> SubmitMarker(Stream* stream, uint64_t marker_id, uint32_t tag);

  // Memory.
  StatusOr<void*> MallocDevice(size_t size);
  Status FreeDevice(void* ptr);
  StatusOr<void*> MallocHost(size_t size);
  Status FreeHost(void* ptr);
  Status Memcpy(void* dst, size_t dest_max, const void* src, size_t count, CopyKind kind);
  Status Memset(void* dst, size_t max_count, int value, size_t count);

  // Models. Loading needs a current context; the model lives on its device.
  StatusOr<uint32_t> LoadModel(model::Graph graph);
  Status UnloadModel(uint32_t model_id);
  StatusOr<ModelDescription> DescribeModel(uint32_t model_id) const;
  StatusOr<std::vector<device::OpCost>> GetModelCosts(uint32_t model_id) const;
  // Checks the datasets against the model, enqueues one execution on |stream|
  // and, when |synchronous|, waits for it.
  // |out_launch| (optional) receives the device and first task launched.
  Status ExecuteModel(uint32_t model_id, const std::vector<BufferView>& inputs, const std::vector<BufferView>& outputs,
                      Stream* stream, bool synchronous, prof::ApiRecord* out_launch = nullptr);
  // Name and type of op |op_index| of a loaded model.
  StatusOr<std::pair<std::string, std::string>> GetModelOp(uint32_t model_id, uint32_t op_index) const;

  // Task tracing (aclsim_ext.h).
  Status StartTrace(size_t capacity);
  Status StopTrace();
  std::vector<TraceEntry> TraceSnapshot() const;
  uint64_t TraceDropped() const;

  // Device time of |device_id| as the host observes it.
  StatusOr<device::VirtualTimeNs> DeviceNowNs(int32_t device_id);

  // Operator subscription (aclprofModelSubscribe / UnSubscribe), with the
  // check order of spec §2.2: model loaded (else kInvalidModelId), config
  // not NULL, profiling mode, then the subscription's own checks.
  Status ModelSubscribe(uint32_t model_id, const prof::SubscribeConfig* config);
  Status ModelUnsubscribe(uint32_t model_id);
  StatusOr<prof::SubscriptionStats> GetSubscriptionStats(uint32_t model_id) const;

  // The profiling mode of spec §2.0.
  enum class ProfMode { kOff, kApiCtrl, kSubscribe };
  ProfMode prof_mode() const;

  // Collection sessions (spec §2.0, §2.1), HEAD behaviour: Start auto-inits,
  // Stop/Finalize without Init return OK, a repeated Start with the same
  // data types returns OK. |dynamic_mode| is PROFILING_MODE=dynamic, read at
  // the edge (→ kFeatureUnsupported).
  Status ProfInit(std::string_view path, bool dynamic_mode);
  Status ProfFinalize();
  Status ProfSetConfig(int32_t type, std::string_view value);
  // NULL config = every open device, default data types (spec §2.1, 9.0+).
  Status ProfStart(const prof::SessionConfig* config);
  Status ProfStop(const prof::SessionConfig* config);
  Status ProfWarmup(const prof::SessionConfig* config);
  // The PROF_* directory of the latest Start ("" before the first).
  std::string LastProfDirectory() const;

  // aclprofGetStepTimestamp's device part: a stream-ordered marker.
  Status StepMarker(Stream* stream, uint64_t index_id, uint32_t tag);

  // msproftx stamps (spec §2.4).
  prof::TxManager& tx() { return *tx_; }

  // Host ACL API timing (ACL_PROF_ACL_API): the edge records calls while
  // ApiTraceOn(). Host clock as described in runtime/prof/session_data.h.
  static bool ApiTraceOn();
  int64_t ProfHostNowNs();
  void RecordApi(prof::ApiRecord record);

 private:
  struct LoadedModel {
    uint32_t id = 0;
    DeviceState* device = nullptr;
    device::ExecutableId executable = 0;
    model::Graph graph;
    std::vector<size_t> input_sizes;
    std::vector<size_t> output_sizes;
    std::vector<const prof::OpStrings*> prof_ops;  // interned on first subscribe
    std::vector<const prof::OpInfo*> op_infos;     // for collection sessions
  };

  Runtime(const RuntimeOptions& options, std::unique_ptr<device::Backend> backend);

  // Require mu_.
  StatusOr<DeviceState*> OpenDeviceLocked(int32_t device_id);
  StatusOr<Context*> NewContextLocked(DeviceState* device, bool primary);
  Status DestroyContextLocked(Context* context);
  Context* CurrentContextLocked() const;
  Status CheckStreamLocked(Stream* stream) const;
  Status CheckEventLocked(Event* event) const;
  StatusOr<Stream*> ResolveStreamLocked(Stream* stream) const;
  // A device call reported kRtLostHeartbeat (must not hold mu_).
  void OnDeviceLost(int32_t device_id);
  void AddSinkLocked(DeviceState* device, device::CompletionSink* sink);
  void RemoveSinkLocked(DeviceState* device, device::CompletionSink* sink);
  // Sessions (runtime_prof.cc). Require mu_.
  Status StartCollectingLocked(DeviceState* device);
  Status StopSessionLocked(prof::SessionData* out_data, std::string* out_job_dir);
  static Status WriteSession(prof::SessionData data, const std::string& job_dir);  // no lock needed
  const prof::OpInfo* InternOpInfo(const model::Graph& graph, const model::Op& op);

  struct ProfSession {
    bool initialized = false;                   // aclprofInit (or an auto-init by Start)
    std::string init_path;                      // absolute
    std::map<int32_t, std::string> set_config;  // aclprofSetConfig values
    bool running = false;
    bool warm = false;
    prof::SessionConfig config;       // of the running (or warm) session
    std::vector<uint32_t> collected;  // device ids attached so far
    std::vector<prof::ClockSync> clock_sync;
    std::string job_dir;  // PROF_* of the running session
    std::string last_job_dir;
    int64_t host_start_ns = 0;
  };

  const RuntimeOptions options_;
  const uint64_t generation_;  // tells this runtime's thread-local state from a previous one's
  std::unique_ptr<device::Backend> backend_;
  MemoryRegistry memory_;

  mutable std::mutex mu_;
  std::unordered_map<int32_t, std::unique_ptr<DeviceState>> devices_;
  std::unordered_map<Context*, std::unique_ptr<Context>> contexts_;
  std::unordered_map<Stream*, std::unique_ptr<Stream>> streams_;
  std::unordered_map<Event*, std::unique_ptr<Event>> events_;
  std::unordered_map<uint32_t, std::unique_ptr<LoadedModel>> models_;
  uint32_t next_model_id_ = 1;
  std::unique_ptr<TaskTrace> trace_;
  std::unique_ptr<TaskTrace> stopped_trace_;  // readable after StopTrace
  ProfMode prof_mode_ = ProfMode::kOff;
  ProfSession session_;
  std::deque<prof::OpInfo> op_infos_;  // stable addresses; referenced by sessions
  std::unique_ptr<prof::SessionCollector> collector_ = std::make_unique<prof::SessionCollector>();
  mutable std::mutex api_mu_;
  std::vector<prof::ApiRecord> api_records_;
  // The logical host clock (virtual mode) reads these devices' clocks; own
  // mutex so that msproftx can read the clock without the runtime lock.
  std::mutex clock_mu_;
  std::vector<device::Device*> clock_devices_;
  int64_t last_host_ns_ = 0;
  const std::chrono::steady_clock::time_point host_epoch_ = std::chrono::steady_clock::now();
  std::unique_ptr<prof::TxManager> tx_;
  // Declared last: destroyed first, so its delivery thread stops (after
  // flushing) before any device it listens to goes away.
  std::unique_ptr<prof::SubscriptionManager> subscriptions_ = std::make_unique<prof::SubscriptionManager>();
};

// The calling thread's OS thread id (cached).
uint32_t CurrentThreadId();

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_RUNTIME_H_
