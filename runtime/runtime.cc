#include "runtime/runtime.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "runtime/task_exceptions.h"
#include "runtime/vendor.h"

namespace aclsim::runtime {

StatusOr<std::unique_ptr<Runtime>> Runtime::Create(const RuntimeOptions& options,
                                                   const device::BackendRegistry& registry) {
  auto backend = registry.Create(options.backend, options.backend_options);
  if (!backend.ok()) return backend.status();
  return std::unique_ptr<Runtime>(new Runtime(options, std::move(backend).value()));
}

Runtime::Runtime(const RuntimeOptions& options, std::unique_ptr<device::Backend> backend)
    : options_(options),
      backend_(std::move(backend)),
      devices_(std::make_unique<DeviceTable>(backend_.get(),
                                             ParseVisibleDevices(options.visible_devices, backend_->DeviceCount()))),
      host_tasks_(std::make_unique<HostTasks>(devices_.get(), backend_->clock_mode())),
      models_(std::make_unique<ModelRegistry>()),
      profiler_(std::make_unique<Profiler>(*backend_, devices_.get(), models_.get(), options.subscription_drain_timeout,
                                           options.time_origin == RuntimeOptions::TimeOrigin::kWall,
                                           options.host_costs)),
      kernels_(std::make_unique<KernelCache>(models_.get(), profiler_.get())),
      stream_sync_(std::make_unique<StreamSync>(devices_.get(), &memory_,
                                                [this]() -> HostClock& { return profiler_->host_clock(); })),
      ipc_events_(std::make_unique<IpcEvents>(devices_.get())) {
  devices_->SetObserver(profiler_.get());
}

Runtime::~Runtime() {
  host_tasks_.reset();  // drops host tasks not run and joins the runtime's host-function thread
  ipc_events_.reset();
  stream_sync_.reset();
  kernels_.reset();
  profiler_.reset();
  devices_->SetObserver(nullptr);
  models_->UnloadAll();
}

StatusOr<void*> Runtime::MallocDevice(size_t size) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, devices_->CurrentDevice());
  return memory_.Allocate(MemoryKind::kDevice, device->id(), size, device->device().info().memory_bytes);
}

StatusOr<std::pair<uint64_t, uint64_t>> Runtime::DeviceMemInfo() {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, devices_->CurrentDevice());
  const uint64_t total = device->device().info().memory_bytes;
  const uint64_t used = std::min(total, memory_.DeviceBytesInUse(device->id()));
  return std::make_pair(total - used, total);
}

StatusOr<uint32_t> Runtime::LoadModel(model::Graph graph) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, devices_->CurrentDevice());
  ACLSIM_ASSIGN_OR_RETURN(ModelRef model, models_->Load(device, std::move(graph)));
  profiler_->OnModelLoaded(model->id, model->ops);
  return model->id;
}

StatusOr<uint32_t> Runtime::LoadModelVariants(model::ModelVariants variants) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, devices_->CurrentDevice());
  ACLSIM_ASSIGN_OR_RETURN(ModelRef model, models_->LoadVariants(device, std::move(variants)));
  profiler_->OnModelLoaded(model->id, model->ops);
  for (const ModelRef& gear : model->gears) profiler_->OnModelLoaded(gear->id, gear->ops);
  return model->id;
}

Status Runtime::UnloadModel(uint32_t model_id) {
  if (!models_->Find(model_id)) return ModelNotLoaded(model_id);
  // CANN asks for unsubscribe first; a model unloaded while subscribed has
  // its records flushed (without any lock) and its subscription ended.
  profiler_->EndForUnload(model_id);
  return models_->Unload(model_id);
}

Status Runtime::ExecuteModel(uint32_t model_id, const std::vector<BufferView>& inputs,
                             const std::vector<BufferView>& outputs, Stream* stream, bool synchronous,
                             prof::ApiRecord* out_launch, const std::vector<std::vector<int64_t>>* input_shapes,
                             std::vector<std::vector<int64_t>>* out_output_shapes) {
  bool compiled = false;
  ACLSIM_ASSIGN_OR_RETURN(ModelRef model,
                          models_->PrepareExecution(model_id, inputs, outputs, input_shapes, &compiled));
  if (compiled) profiler_->OnModelLoaded(model->id, model->ops);  // a dynamic-shape model's new shapes
  if (out_output_shapes != nullptr) {
    out_output_shapes->clear();
    for (int32_t t : model->graph.outputs) out_output_shapes->push_back(model->graph.tensor(t).shape);
  }
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  if (target.device != model->device) {
    return Status(Detail::kStreamOfOtherContext,
                  "model " + std::to_string(model_id) + " is loaded on device " + std::to_string(model->device->id()) +
                      ", the stream belongs to device " + std::to_string(target.device->id()));
  }
  ACLSIM_ASSIGN_OR_RETURN(bool recorded, RecordModelExecution(target, model));
  if (recorded) {
    if (synchronous) return Status(Detail::kStreamCaptured, "a synchronous execution cannot be captured");
    return OkStatus();
  }
  device::Device& dev = model->device->device();
  HostClock& host = profiler_->host_clock();
  const int64_t ready = host.ReadyNs(host.costs().model_execute_ns);
  auto task = dev.SubmitGraph(target.stream, model->executable, {model->id, CurrentThreadId(), ready});
  if (!task.ok()) {
    // An aclmdlUnload on another thread may have unloaded the executable
    // after this call found the model: report the model id, as a call
    // made a moment later would.
    if (task.status().detail() == Detail::kInvalidHandle && models_->Find(model_id) == nullptr) {
      return ModelNotLoaded(model_id);
    }
    return devices_->CheckLost(model->device->id(),
                               ReportTaskFailure(*model->device, target.stream, /*kernel=*/true, task.status()));
  }
  NoteLaunchedTask(*task + (model->graph.ops.empty() ? 0 : model->graph.ops.size() - 1));
  if (out_launch != nullptr) {
    out_launch->launched = true;
    out_launch->device_id = static_cast<uint32_t>(model->device->id());
    out_launch->first_task_id = *task;
  }
  if (!synchronous) return OkStatus();
  Status waited = dev.SynchronizeStream(target.stream);
  devices_->NoteHostWait(dev);
  return waited;
}

namespace {

// The one-op call of a copy or memset task of |count| bytes.
OpCall CopyCall(std::string_view type, size_t count, CopyKind kind) {
  OpCall call;
  call.type = std::string(type);
  call.name = call.type;
  call.engine = model::Engine::kAiCpu;  // nominal: the device runs copies on no compute core
  call.inputs = {{model::DataType::kUint8, model::Format::kNd, {static_cast<int64_t>(count)}}};
  call.outputs = call.inputs;
  call.attrs["kind"] = static_cast<int64_t>(kind);
  return call;
}

}  // namespace

Status Runtime::MemcpyAsync(void* dst, size_t dest_max, const void* src, size_t count, CopyKind kind, Stream* stream,
                            prof::ApiRecord* out_launch) {
  const CopyKind direction = kind == CopyKind::kDefault ? memory_.Direction(dst, src, count) : kind;
  if (direction == CopyKind::kHostToHost) {
    return Status(StatusCode::kUnimplemented, "a host-to-host copy is not a stream task: use aclrtMemcpy");
  }
  // The stream is checked before any byte moves.
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  if (direction != CopyKind::kDeviceToDevice && instances_.MayRecord() && instances_.GetInfo(target.handle).active &&
      !memory_.IsPinnedHost(direction == CopyKind::kHostToDevice ? src : dst, count)) {
    return Status(StatusCode::kInvalidArgument,
                  "a capture takes no copy of pageable host memory (use aclrtMallocHost)");
  }
  const OpCall call = CopyCall(vendor::kMemcpyTaskType, count, direction);
  return SubmitTask(
      target, call, OpCallHash(call),
      [this, dst, dest_max, src, count, direction] { return memory_.Copy(dst, dest_max, src, count, direction); },
      out_launch);
}

Status Runtime::Memcpy2d(const Copy2D& copy, CopyKind kind) {
  ACLSIM_RETURN_IF_ERROR(CheckUnsafeCall("a synchronous copy"));
  if (kind == CopyKind::kDeviceToDevice) {
    return Status(StatusCode::kUnimplemented,
                  "a synchronous 2D copy is host to device or device to host (aclrtMemcpy2dAsync copies device to "
                  "device)");
  }
  const CopyKind direction = kind == CopyKind::kDefault ? memory_.Direction(copy.dst, copy.src, copy.width) : kind;
  if (direction != CopyKind::kHostToDevice && direction != CopyKind::kDeviceToHost) {
    return Status(StatusCode::kInvalidArgument,
                  "the addresses of this ACL_MEMCPY_DEFAULT 2D copy make it neither host to device nor device to host");
  }
  return memory_.CopyRows(copy, direction);
}

Status Runtime::Memcpy2dAsync(const Copy2D& copy, CopyKind kind, Stream* stream, prof::ApiRecord* out_launch) {
  const CopyKind direction = kind == CopyKind::kDefault ? memory_.Direction(copy.dst, copy.src, copy.width) : kind;
  if (direction == CopyKind::kHostToHost) {
    return Status(StatusCode::kInvalidArgument,
                  "a 2D stream copy is host to device, device to host or device to device, not host to host");
  }
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  if (direction != CopyKind::kDeviceToDevice && instances_.MayRecord() && instances_.GetInfo(target.handle).active) {
    const bool host_is_dst = direction == CopyKind::kDeviceToHost;
    if (!memory_.IsPinnedHost(host_is_dst ? copy.dst : copy.src, host_is_dst ? copy.dst_span() : copy.src_span())) {
      return Status(StatusCode::kInvalidArgument,
                    "a capture takes no copy of pageable host memory (use aclrtMallocHost)");
    }
  }
  const OpCall call = CopyCall(vendor::kMemcpyTaskType, copy.width * copy.height, direction);
  return SubmitTask(
      target, call, OpCallHash(call), [this, copy, direction] { return memory_.CopyRows(copy, direction); },
      out_launch);
}

Status Runtime::MemsetAsync(void* dst, size_t max_count, int value, size_t count, Stream* stream,
                            prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  const OpCall call = CopyCall(vendor::kMemsetTaskType, count, CopyKind::kDeviceToDevice);
  return SubmitTask(
      target, call, OpCallHash(call),
      [this, dst, max_count, value, count] { return memory_.Set(dst, max_count, value, count); }, out_launch);
}

Status Runtime::GetOverflowStatus(void* dst, size_t size, Stream* stream, prof::ApiRecord* out_launch) {
  if (size != vendor::kOverflowStatusBytes) {
    return Status(StatusCode::kInvalidArgument, "outputSize " + std::to_string(size) + " is not " +
                                                    std::to_string(vendor::kOverflowStatusBytes) + " bytes");
  }
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  ACLSIM_RETURN_IF_ERROR(memory_.Set(dst, size, 0, size));
  const OpCall call = CopyCall(vendor::kMemcpyTaskType, size, CopyKind::kDeviceToDevice);
  return LaunchOnTarget(target, call, OpCallHash(call), out_launch);
}

Status Runtime::ResetOverflowStatus(Stream* stream, prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  const OpCall call = CopyCall(vendor::kMemsetTaskType, vendor::kOverflowStatusBytes, CopyKind::kDeviceToDevice);
  return LaunchOnTarget(target, call, OpCallHash(call), out_launch);
}

Status Runtime::ReduceAsync(void* dst, const void* src, size_t count, ReduceOp op, ReduceType type, Stream* stream,
                            prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  const OpCall call = CopyCall(vendor::kMemcpyTaskType, count, CopyKind::kDeviceToDevice);
  const int32_t device_id = target.device->id();
  return SubmitTask(
      target, call, OpCallHash(call),
      [this, dst, src, count, op, type, device_id] { return memory_.Reduce(dst, src, count, op, type, device_id); },
      out_launch);
}

Status Runtime::RandomNumAsync(const RandomNumRequest& request, Stream* stream, prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  // The values are generated when the task runs (now, or at each execution
  // of an instance that recorded it); the task's size from those of now.
  auto generate = [this, request]() -> StatusOr<std::vector<uint8_t>> {
    auto value = [&](const RandomParam& p, const char* what) -> StatusOr<uint64_t> {
      if (p.size > sizeof(uint64_t)) {
        return Status(StatusCode::kInvalidArgument, std::string(what) + ".size exceeds 8 bytes");
      }
      uint64_t v = 0;
      if (!p.is_addr) {
        std::memcpy(&v, p.value, p.size);
        return v;
      }
      void* addr = nullptr;
      std::memcpy(&addr, p.value, sizeof(addr));
      ACLSIM_RETURN_IF_ERROR(memory_.Copy(&v, sizeof(v), addr, p.size, CopyKind::kDeviceToHost));
      return v;
    };
    RandomValues v;
    v.distribution = request.distribution;
    v.type = request.type;
    ACLSIM_ASSIGN_OR_RETURN(v.a, value(request.a, "parameter"));
    ACLSIM_ASSIGN_OR_RETURN(v.b, value(request.b, "parameter"));
    ACLSIM_ASSIGN_OR_RETURN(v.seed, value(request.seed, "randomSeed"));
    ACLSIM_ASSIGN_OR_RETURN(v.count, value(request.count, "randomNum"));
    ACLSIM_RETURN_IF_ERROR(
        memory_.Copy(v.counter.data(), sizeof(v.counter), request.counter, sizeof(v.counter), CopyKind::kDeviceToHost));
    return GenerateRandom(v);
  };
  ACLSIM_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, generate());
  const OpCall call = CopyCall(vendor::kMemsetTaskType, bytes.size(), CopyKind::kDeviceToDevice);
  void* result = request.result;
  return SubmitTask(
      target, call, OpCallHash(call),
      [this, generate, result]() -> Status {
        ACLSIM_ASSIGN_OR_RETURN(std::vector<uint8_t> b, generate());
        return memory_.Copy(result, b.size(), b.data(), b.size(), CopyKind::kHostToDevice);
      },
      out_launch);
}

Status Runtime::LaunchOp(const OpCall& call, uint64_t hash, Stream* stream, prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  // A core limit of the calling thread (its stream's or the process's)
  // compiles the kernel for at most that many cores, as CANN's op
  // compiler tiles for the cores the limit leaves.
  if (call.engine != model::Engine::kAiCpu) {
    const CoreKind kind = call.engine == model::Engine::kAiCore ? CoreKind::kCube : CoreKind::kVector;
    if (const std::optional<uint32_t> limit = devices_->ThreadCoreLimit(kind)) {
      OpCall limited = call;
      limited.core_limit = std::max<uint32_t>(1, *limit);
      return SubmitTask(target, limited, OpCallHash(limited), nullptr, out_launch);
    }
  }
  return SubmitTask(target, call, hash, nullptr, out_launch);
}

Status Runtime::LaunchOnTarget(const SubmitTarget& target, const OpCall& call, uint64_t hash,
                               prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(ModelRef kernel, kernels_->Get(target.device, call, hash));
  device::Device& dev = target.device->device();
  HostClock& host = profiler_->host_clock();
  const int64_t ready = host.ReadyNs(host.costs().op_launch_ns);
  auto task = dev.SubmitGraph(target.stream, kernel->executable, {kernel->id, CurrentThreadId(), ready});
  if (!task.ok()) {
    return devices_->CheckLost(target.device->id(),
                               ReportTaskFailure(*target.device, target.stream, /*kernel=*/true, task.status()));
  }
  NoteLaunchedTask(*task + (kernel->graph.ops.empty() ? 0 : kernel->graph.ops.size() - 1));
  if (out_launch != nullptr) {
    out_launch->launched = true;
    out_launch->device_id = static_cast<uint32_t>(target.device->id());
    out_launch->first_task_id = *task;
  }
  return OkStatus();
}

}  // namespace aclsim::runtime
