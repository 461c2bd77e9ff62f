#include "runtime/runtime.h"

#include <algorithm>
#include <string>
#include <string_view>

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
      models_(std::make_unique<ModelRegistry>()),
      profiler_(std::make_unique<Profiler>(*backend_, devices_.get(), models_.get(), options.subscription_drain_timeout,
                                           options.time_origin == RuntimeOptions::TimeOrigin::kWall,
                                           options.host_costs)),
      kernels_(std::make_unique<KernelCache>(models_.get(), profiler_.get())) {
  devices_->SetObserver(profiler_.get());
}

Runtime::~Runtime() {
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
    return devices_->CheckLost(model->device->id(), task.status());
  }
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
  ACLSIM_RETURN_IF_ERROR(memory_.Copy(dst, dest_max, src, count, direction));
  const OpCall call = CopyCall(vendor::kMemcpyTaskType, count, direction);
  return LaunchOnTarget(target, call, OpCallHash(call), out_launch);
}

Status Runtime::MemsetAsync(void* dst, size_t max_count, int value, size_t count, Stream* stream,
                            prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  ACLSIM_RETURN_IF_ERROR(memory_.Set(dst, max_count, value, count));
  const OpCall call = CopyCall(vendor::kMemsetTaskType, count, CopyKind::kDeviceToDevice);
  return LaunchOnTarget(target, call, OpCallHash(call), out_launch);
}

Status Runtime::LaunchOp(const OpCall& call, uint64_t hash, Stream* stream, prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  return LaunchOnTarget(target, call, hash, out_launch);
}

Status Runtime::LaunchOnTarget(const SubmitTarget& target, const OpCall& call, uint64_t hash,
                               prof::ApiRecord* out_launch) {
  ACLSIM_ASSIGN_OR_RETURN(ModelRef kernel, kernels_->Get(target.device, call, hash));
  device::Device& dev = target.device->device();
  HostClock& host = profiler_->host_clock();
  const int64_t ready = host.ReadyNs(host.costs().op_launch_ns);
  auto task = dev.SubmitGraph(target.stream, kernel->executable, {kernel->id, CurrentThreadId(), ready});
  if (!task.ok()) return devices_->CheckLost(target.device->id(), task.status());
  if (out_launch != nullptr) {
    out_launch->launched = true;
    out_launch->device_id = static_cast<uint32_t>(target.device->id());
    out_launch->first_task_id = *task;
  }
  return OkStatus();
}

}  // namespace aclsim::runtime
