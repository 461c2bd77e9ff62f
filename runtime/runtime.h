// Runtime: the core behind the ACL entry points, as a facade over parts
// with one owner each:
//
//   DeviceTable     devices, contexts, streams, events, markers, the
//                   thread's current context                (device_table.h)
//   ModelRegistry   loaded models and their op tables       (model_registry.h)
//   Profiler        subscriptions, sessions, msproftx, API timing, the
//                   task trace                              (profiler.h)
//   MemoryRegistry  host-backed device and host memory      (memory.h)
//   KernelCache     compiled single-op kernels              (kernel_cache.h)
//   OpModelRegistry aclop's compiled signatures and options (op_models.h)
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
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/config.h"
#include "runtime/device/backend.h"
#include "runtime/device_table.h"
#include "runtime/kernel_cache.h"
#include "runtime/memory.h"
#include "runtime/model/graph.h"
#include "runtime/model_registry.h"
#include "runtime/op_models.h"
#include "runtime/prof/session_data.h"
#include "runtime/profiler.h"
#include "runtime/single_op.h"
#include "runtime/status.h"

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

  // Memory. Device memory needs a current context (its device's capacity).
  StatusOr<void*> MallocDevice(size_t size);
  // The current device's memory: {free, total} bytes (one pool per device:
  // its profile's memory, less what aclrtMalloc holds on it).
  StatusOr<std::pair<uint64_t, uint64_t>> DeviceMemInfo();
  Status FreeDevice(void* ptr) { return memory_.Free(MemoryKind::kDevice, ptr); }
  StatusOr<void*> MallocHost(size_t size) { return memory_.Allocate(MemoryKind::kHost, -1, size, UINT64_MAX); }
  Status FreeHost(void* ptr) { return memory_.Free(MemoryKind::kHost, ptr); }
  Status Memcpy(void* dst, size_t dest_max, const void* src, size_t count, CopyKind kind) {
    return memory_.Copy(dst, dest_max, src, count, kind);
  }
  Status Memset(void* dst, size_t max_count, int value, size_t count) {
    return memory_.Set(dst, max_count, value, count);
  }
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

 private:
  // LaunchOp on a stream already resolved.
  Status LaunchOnTarget(const SubmitTarget& target, const OpCall& call, uint64_t hash, prof::ApiRecord* out_launch);

  Runtime(const RuntimeOptions& options, std::unique_ptr<device::Backend> backend);

  const RuntimeOptions options_;
  // Destroyed in reverse order: the kernel cache, then the profiler (it writes a running
  // session and flushes subscriptions), then models, then devices, then the
  // backend they came from.
  std::unique_ptr<device::Backend> backend_;
  MemoryRegistry memory_;
  OpModelRegistry op_models_;
  std::unique_ptr<DeviceTable> devices_;
  std::unique_ptr<ModelRegistry> models_;
  std::unique_ptr<Profiler> profiler_;
  std::unique_ptr<KernelCache> kernels_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_RUNTIME_H_
