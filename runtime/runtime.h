// Runtime: the core behind the ACL entry points, as a facade over parts
// with one owner each:
//
//   DeviceTable     devices, contexts, streams, events, markers, the
//                   thread's current context                (device_table.h)
//   ModelRegistry   loaded models and their op tables       (model_registry.h)
//   Profiler        subscriptions, sessions, msproftx, API timing, the
//                   task trace                              (profiler.h)
//   MemoryRegistry  host-backed device and host memory      (memory.h)
//   IpcMemory       device memory shared with other processes (ipc_memory.h)
//   IpcEvents       events shared with other processes (ipc_events.h)
//   VirtualMemory   reserved addresses, physical memory, mappings (virtual_memory.h)
//   HostRegistry    host memory registered for the device    (host_registry.h)
//   KernelCache     compiled single-op kernels              (kernel_cache.h)
//   OpModelRegistry aclop's compiled signatures and options (op_models.h)
//   HostTasks       callbacks and host functions run in stream order on
//                   host threads, and their subscriptions  (host_tasks.h)
//
// The api/ edge calls the parts directly (rt->devices().CreateStream(),
// rt->profiler().Start(…)); the Runtime itself only owns them, wires them
// together (the profiler observes the device table) and runs the calls that
// span parts: loading, unloading and executing a model, and device memory.
// It holds no lock and no policy of its own. docs/architecture.md has the
// lock order and the path of one execution.
//
// Thread safety: all methods may be called from any thread.
#ifndef ACLSIM_RUNTIME_RUNTIME_H_
#define ACLSIM_RUNTIME_RUNTIME_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/config.h"
#include "runtime/device/backend.h"
#include "runtime/device_table.h"
#include "runtime/host_registry.h"
#include "runtime/host_tasks.h"
#include "runtime/ipc_events.h"
#include "runtime/ipc_memory.h"
#include "runtime/kernel_cache.h"
#include "runtime/memory.h"
#include "runtime/model/graph.h"
#include "runtime/model_registry.h"
#include "runtime/model_ri.h"
#include "runtime/op_models.h"
#include "runtime/prof/session_data.h"
#include "runtime/profiler.h"
#include "runtime/random_numbers.h"
#include "runtime/single_op.h"
#include "runtime/status.h"
#include "runtime/stream_sync.h"
#include "runtime/tdt/queue_table.h"
#include "runtime/virtual_memory.h"

namespace aclsim::runtime {

class Runtime {
 public:
  // Creates the backend named in |options| from |registry|, handing it
  // |options.backend_options|; the factory's error is returned unchanged.
  static StatusOr<std::unique_ptr<Runtime>> Create(const RuntimeOptions& options,
                                                   const device::BackendRegistry& registry);
  // Finalizes profiling (a running session is written), ends subscriptions,
  // unloads models, then synchronises and closes the devices.
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  const RuntimeOptions& options() const { return options_; }
  std::string_view backend_name() const { return backend_->name(); }
  const device::Backend& backend() const { return *backend_; }

  DeviceTable& devices() { return *devices_; }
  ModelRegistry& models() { return *models_; }
  Profiler& profiler() { return *profiler_; }
  // Notifies, stream memory operations, bounded waits, failure modes.
  StreamSync& stream_sync() { return *stream_sync_; }
  HostTasks& host_tasks() { return *host_tasks_; }

  // Memory. Device memory needs a current context (its device's capacity).
  StatusOr<void*> MallocDevice(size_t size);
  // The current device's memory: {free, total} bytes (one pool per device:
  // its profile's memory, less what aclrtMalloc holds on it).
  StatusOr<std::pair<uint64_t, uint64_t>> DeviceMemInfo();
  Status FreeDevice(void* ptr) { return memory_.Free(MemoryKind::kDevice, ptr); }
  StatusOr<void*> MallocHost(size_t size) { return memory_.Allocate(MemoryKind::kHost, -1, size, UINT64_MAX); }
  Status FreeHost(void* ptr) { return memory_.Free(MemoryKind::kHost, ptr); }
  // aclrtMemcpy and aclrtMemset: refused while the capture modes forbid them (CheckUnsafeCall).
  Status Memcpy(void* dst, size_t dest_max, const void* src, size_t count, CopyKind kind) {
    ACLSIM_RETURN_IF_ERROR(CheckUnsafeCall("a synchronous copy"));
    return memory_.Copy(dst, dest_max, src, count, kind);
  }
  Status Memset(void* dst, size_t max_count, int value, size_t count) {
    ACLSIM_RETURN_IF_ERROR(CheckUnsafeCall("a synchronous memset"));
    return memory_.Set(dst, max_count, value, count);
  }
  // aclrtMemFlush, aclrtMemInvalidate: simulated device memory is host
  // memory that no cache stands between, so only CANN's check remains (its
  // standard SoCs' FlushCache/InvalidCache): a current context, else
  // kNoContext.
  Status CacheMaintenance() const { return devices_->GetCurrentContext().status(); }
  // aclrtMemcpy2d: |copy|'s rows, host to device or device to host (kDefault
  // takes the direction from the addresses; any other direction that gives
  // → kInvalidArgument); kDeviceToDevice → kUnimplemented (CANN: the
  // synchronous 2D copy has no device-to-device form). Refused as Memcpy is
  // while capturing.
  Status Memcpy2d(const Copy2D& copy, CopyKind kind);
  // aclrtMemcpy2dAsync: host to device, device to host or device to device
  // (a host-to-host direction → kInvalidArgument), as a MEMCPY_ASYNC task of
  // width × height bytes on |stream|, the bytes moved as MemcpyAsync's.
  Status Memcpy2dAsync(const Copy2D& copy, CopyKind kind, Stream* stream, prof::ApiRecord* out_launch = nullptr);
  // Stream copies and memsets (aclrtMemcpyAsync, aclrtMemsetAsync): the
  // bytes move at once (memory is host-backed and ops compute nothing, so no
  // task can observe the difference), and a MEMCPY_ASYNC / MEMSET_ASYNC task
  // of the copy's size is launched on |stream|, timed by the device (host
  // link or HBM bandwidth). kDefault takes the direction from the addresses;
  // a host-to-host copy → kUnimplemented (CANN: not on a stream).
  Status MemcpyAsync(void* dst, size_t dest_max, const void* src, size_t count, CopyKind kind, Stream* stream,
                     prof::ApiRecord* out_launch = nullptr);
  Status MemsetAsync(void* dst, size_t max_count, int value, size_t count, Stream* stream,
                     prof::ApiRecord* out_launch = nullptr);
  // aclrtGetOverflowStatus: the device's 64-byte overflow status (all zero:
  // the simulator computes no values, so no op overflows; docs/devices.md) is
  // written to |dst|, device memory of |size| bytes, at once, and a
  // MEMCPY_ASYNC task of 64 bytes, device to device, is launched on
  // |stream|. aclrtResetOverflowStatus: a MEMSET_ASYNC task of 64 bytes.
  Status GetOverflowStatus(void* dst, size_t size, Stream* stream, prof::ApiRecord* out_launch = nullptr);
  Status ResetOverflowStatus(Stream* stream, prof::ApiRecord* out_launch = nullptr);
  // aclrtReduceAsync: src is reduced into dst at once (as a stream copy
  // moves its bytes) and a MEMCPY_ASYNC task of |count| bytes, device to
  // device, is launched on |stream|, timed as an HBM copy. Both ranges must
  // be device memory of the stream's device (MemoryRegistry::Reduce).
  Status ReduceAsync(void* dst, const void* src, size_t count, ReduceOp op, ReduceType type, Stream* stream,
                     prof::ApiRecord* out_launch = nullptr);
  // aclrtRandomNumAsync: the values (runtime/random_numbers.h) are written
  // to the result at once and a MEMSET_ASYNC task of the result's size is
  // launched on |stream|, timed as a device memory write. Parameters given
  // by address, the counter and the result must be device memory.
  Status RandomNumAsync(const RandomNumRequest& request, Stream* stream, prof::ApiRecord* out_launch = nullptr);

  // Models. Loading needs a current context; the model lives on its device.
  StatusOr<uint32_t> LoadModel(model::Graph graph);
  // A model as model::LoadModelVariants gives it: one graph, or its gears.
  StatusOr<uint32_t> LoadModelVariants(model::ModelVariants variants);
  // A still-subscribed model's records are flushed and its subscription
  // ends first (the descriptor is left to the caller, as CANN leaves it).
  Status UnloadModel(uint32_t model_id);
  // Checks the datasets against the model, enqueues one execution on
  // |stream| (NULL: the current context's default stream) and, when
  // |synchronous|, waits for it. |out_launch| (optional) receives the device
  // and first task launched. Errors: kModelNotLoaded, kInvalidArgument
  // (datasets), kNoContext, kInvalidHandle, kStreamOfOtherContext (stream
  // of another device), and the device's own.
  // A dynamic-shape model takes its input shapes from |input_shapes| and
  // reports the output shapes it ran with in |out_output_shapes| (both
  // optional; for other models the latter gets the model's output shapes).
  Status ExecuteModel(uint32_t model_id, const std::vector<BufferView>& inputs, const std::vector<BufferView>& outputs,
                      Stream* stream, bool synchronous, prof::ApiRecord* out_launch = nullptr,
                      const std::vector<std::vector<int64_t>>* input_shapes = nullptr,
                      std::vector<std::vector<int64_t>>* out_output_shapes = nullptr);

  // Single operators (single_op.h). Enqueues one launch of |call| on
  // |stream| (NULL: the current context's default stream), compiling its
  // kernel on the stream's device at first use; |hash| is OpCallHash(call),
  // computed once by a caller that launches the same call again.
  // |out_launch| as for ExecuteModel. Errors: kNoContext, kInvalidHandle,
  // the kernel's compile error and the device's own.
  Status LaunchOp(const OpCall& call, uint64_t hash, Stream* stream, prof::ApiRecord* out_launch = nullptr);
  KernelCache::Stats KernelStats() const { return kernels_->stats(); }
  // The op models of the single-operator API (aclop*).
  OpModelRegistry& op_models() { return op_models_; }
  // Device memory shared with other processes (aclrtIpcMem*).
  IpcMemory& ipc_memory() { return ipc_memory_; }
  // Events shared with other processes (ACL_EVENT_IPC, aclrtIpc*EventHandle).
  IpcEvents& ipc_events() { return *ipc_events_; }
  // Reserved addresses, physical memory and their mappings (aclrtMapMem).
  VirtualMemory& virtual_memory() { return virtual_memory_; }
  // Host memory registered for the device (aclrtHostRegister*).
  HostRegistry& host_registry() { return host_registry_; }
  // The aclrtMalloc allocation or aclrtMapMem mapping holding |ptr|.
  StatusOr<std::pair<void*, size_t>> AddressRange(const void* ptr) const { return memory_.AddressRange(ptr); }
  bool IsPinnedHostMemory(const void* ptr) const { return memory_.IsHostAllocation(ptr); }
  // The queues, channels and shared buffers of acl_tdt.h / acl_tdt_queue.h.
  tdt::QueueTable& tdt_queues() { return tdt_queues_; }

  // Model runtime instances and labels (model_ri.h; runtime_ri.cc).
  InstanceTable& instances() { return instances_; }
  // Stream tasks the edge submits itself: recorded while |stream| captures
  // or is bound to an instance being built, else run now.
  Status RecordEvent(Event* event, Stream* stream);
  Status StreamWaitEvent(Stream* stream, Event* event);
  Status ResetEvent(Event* event, Stream* stream);
  // The control tasks of a stream bound to an instance being built.
  Status SetLabel(Label* label, Stream* stream);
  Status SwitchLabelByIndex(const void* index, uint32_t max_value, LabelList* list, Stream* stream);
  Status ActiveStream(Stream* active, Stream* stream);
  Status SwitchStream(const void* left, uint32_t cond, const void* right, uint32_t dtype, Stream* true_stream,
                      Stream* stream);
  Status BeginCapture(Stream* stream, CaptureMode mode);
  StatusOr<ModelRI*> EndCapture(Stream* stream);
  StatusOr<ModelRI*> BuildBegin();
  Status BuildEnd(ModelRI* ri);
  Status EndTaskUpdate(Stream* stream);
  // Replays |ri| on |stream| (NULL: the default stream); |synchronous|
  // waits for it. aclmdlRIExecute runs a built instance on its head stream.
  Status ExecuteInstance(ModelRI* ri, Stream* stream, bool synchronous);
  Status DestroyInstance(ModelRI* ri);
  // Condition tasks: a handle with 8 bytes of device memory on |ri|'s
  // device; its task on the capturing |stream| with |size| sub-instances
  // (IF: 1 or 2, WHILE: 1, SWITCH: 1..1024); a capture into a sub-instance.
  StatusOr<RiCondHandle*> CondHandleCreate(ModelRI* ri, uint32_t default_value, bool assign_default);
  StatusOr<std::vector<ModelRI*>> AddCondTask(RiCondHandle* handle, uint32_t type, uint32_t size, Stream* stream);
  Status BeginCaptureInto(Stream* stream, ModelRI* sub, CaptureMode mode);
  // aclmdlRIDebugJsonPrint's document: the instance's tasks per stream
  // (|verbose|: with each op's tensors) and a trace-event list of them.
  StatusOr<std::string> InstanceJson(ModelRI* ri, bool verbose);
  // aclrtDestroyStream: a capturing stream is refused; a bound one is unbound.
  Status DestroyStream(Stream* stream, bool force);
  // aclrtSynchronizeDevice: refused while a stream of the device captures.
  Status SynchronizeDevice();
  // aclrtMemcpy, aclrtMemset and the like, by the capture modes.
  Status CheckUnsafeCall(const char* what) const;

 private:
  // The one path of every stream task the runtime launches: |effect| (what
  // the task does to memory, may be empty) then |call| on |target| — or,
  // when the stream records (InstanceTable::Record), both kept for the
  // instance's executions.
  Status SubmitTask(const SubmitTarget& target, const OpCall& call, uint64_t hash, std::function<Status()> effect,
                    prof::ApiRecord* out_launch);
  // A control or event task for |stream|: recorded, or false to run it.
  StatusOr<bool> RecordControl(Stream* stream, RiTask task);
  // Registers the records' tags of |ri|'s program with the registry and the profiler.
  void PublishInstance(const ModelRI& ri, const RiProgram& program);
  // |steps| counts the tasks run across sub-instances (the loop guard).
  Status Replay(const RiProgram& program, const SubmitTarget& target, int64_t ready, size_t* steps);
  Status RunCond(const RiCondHandle& cond, const SubmitTarget& target, int64_t ready, size_t* steps);
  // Records a model execution on a recording stream (true), else false.
  StatusOr<bool> RecordModelExecution(const SubmitTarget& target, const ModelRef& model);

  // LaunchOp on a stream already resolved.
  Status IpcEventNotCaptured(Stream* stream);
  Status LaunchOnTarget(const SubmitTarget& target, const OpCall& call, uint64_t hash, prof::ApiRecord* out_launch);

  Runtime(const RuntimeOptions& options, std::unique_ptr<device::Backend> backend);

  const RuntimeOptions options_;
  // Destroyed in reverse order: the kernel cache, then the profiler (it writes a running
  // session and flushes subscriptions), then models, then devices, then the
  // backend they came from.
  std::unique_ptr<device::Backend> backend_;
  MemoryRegistry memory_;
  IpcMemory ipc_memory_{&memory_};          // after memory_: its mappings go first
  VirtualMemory virtual_memory_{&memory_};  // likewise
  HostRegistry host_registry_;
  OpModelRegistry op_models_;
  tdt::QueueTable tdt_queues_;
  InstanceTable instances_;
  std::unique_ptr<DeviceTable> devices_;
  std::unique_ptr<HostTasks> host_tasks_;
  std::unique_ptr<ModelRegistry> models_;
  std::unique_ptr<Profiler> profiler_;
  std::unique_ptr<KernelCache> kernels_;
  std::unique_ptr<StreamSync> stream_sync_;  // borrows devices_, memory_ and profiler_
  std::unique_ptr<IpcEvents> ipc_events_;    // borrows devices_
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_RUNTIME_H_
