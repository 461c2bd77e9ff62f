#include "runtime/runtime.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

#include "runtime/device/faults.h"
#include "runtime/log.h"

namespace aclsim::runtime {
namespace {

std::atomic<uint64_t> g_next_generation{1};

struct ThreadContext {
  uint64_t generation = 0;
  Context* context = nullptr;
};
thread_local ThreadContext tls_context;

Status NoContext() {
  return Status(ErrorCode::kRtContextNull,
                "no current context: call aclrtSetDevice or aclrtSetCurrentContext on this thread first");
}

Status InvalidHandle(const char* what) {
  return Status(ErrorCode::kRtInvalidHandle, std::string(what) + " handle is unknown or already destroyed");
}

}  // namespace

uint32_t CurrentThreadId() {
  thread_local uint32_t tid = static_cast<uint32_t>(::syscall(SYS_gettid));
  return tid;
}

StatusOr<std::unique_ptr<Runtime>> Runtime::Create(const RuntimeOptions& options,
                                                   const device::BackendRegistry& registry) {
  ACLSIM_RETURN_IF_ERROR(options.Validate());
  auto backend = registry.Create(options.backend, options.backend_options);
  if (!backend.ok()) return backend.status();
  return std::unique_ptr<Runtime>(new Runtime(options, std::move(backend).value()));
}

Runtime::Runtime(const RuntimeOptions& options, std::unique_ptr<device::Backend> backend)
    : options_(options), generation_(g_next_generation.fetch_add(1)), backend_(std::move(backend)) {
  if (auto faults = device::ParseFaults(options.backend_options.faults_json); faults.ok()) {
    subscriptions_->SetFaults(faults->slow_delivery_us, faults->corrupt_record);
  }
  tx_ = std::make_unique<prof::TxManager>([this] { return ProfHostNowNs(); }, [] { return CurrentThreadId(); },
                                          [this](void* stream, uint64_t mark_id) {
                                            return SubmitMarker(static_cast<Stream*>(stream), mark_id, /*tag=*/11).ok();
                                          },
                                          static_cast<uint32_t>(::getpid()));
}

Runtime::~Runtime() {
  (void)ProfFinalize();    // a running session still writes its files
  subscriptions_.reset();  // flushes and closes every remaining subscription
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [id, dev] : devices_) {
    dev->device_->SetCompletionSink(nullptr);
    (void)dev->device_->SynchronizeDevice();
  }
  for (auto& [id, m] : models_) (void)m->device->device_->UnloadGraph(m->executable);
  models_.clear();
  events_.clear();
  streams_.clear();
  contexts_.clear();
  devices_.clear();
  if (tls_context.generation == generation_) tls_context = {};
}

// ---------------------------------------------------------------- devices

uint32_t Runtime::DeviceCount() const { return backend_->DeviceCount(); }

StatusOr<DeviceState*> Runtime::OpenDeviceLocked(int32_t device_id) {
  if (device_id < 0 || static_cast<uint32_t>(device_id) >= backend_->DeviceCount()) {
    return Status(ErrorCode::kRtInvalidDeviceId, "device id " + std::to_string(device_id) +
                                                     " is out of range (device count " +
                                                     std::to_string(backend_->DeviceCount()) + ")");
  }
  auto it = devices_.find(device_id);
  if (it != devices_.end()) return it->second.get();
  auto opened = backend_->OpenDevice(static_cast<uint32_t>(device_id));
  if (!opened.ok()) return opened.status();
  auto state = std::make_unique<DeviceState>();
  state->id_ = device_id;
  state->device_ = std::move(opened).value();
  DeviceState* raw = state.get();
  if (trace_) AddSinkLocked(raw, trace_.get());
  {
    std::lock_guard<std::mutex> clock_lock(clock_mu_);
    clock_devices_.push_back(raw->device_.get());
  }
  devices_.emplace(device_id, std::move(state));
  Log(LogLevel::kInfo, "opened device " + std::to_string(device_id) + " (" + raw->device_->info().profile_name + ")");
  // A device opened while a session runs joins it if the config lists it.
  if (session_.running && std::find(session_.config.device_ids.begin(), session_.config.device_ids.end(),
                                    static_cast<uint32_t>(device_id)) != session_.config.device_ids.end()) {
    ACLSIM_RETURN_IF_ERROR(StartCollectingLocked(raw));
  }
  return raw;
}

StatusOr<Context*> Runtime::NewContextLocked(DeviceState* device, bool primary) {
  auto stream_id = device->device_->CreateStream();
  if (!stream_id.ok()) return stream_id.status();
  auto context = std::make_unique<Context>();
  auto stream = std::make_unique<Stream>();
  context->device_ = device;
  context->primary_ = primary;
  stream->context_ = context.get();
  stream->id_ = *stream_id;
  stream->is_default_ = true;
  context->default_stream_ = stream.get();
  Context* raw = context.get();
  streams_.emplace(stream.get(), std::move(stream));
  contexts_.emplace(raw, std::move(context));
  return raw;
}

Status Runtime::DestroyContextLocked(Context* context) {
  for (auto it = streams_.begin(); it != streams_.end();) {
    if (it->second->context_ == context) {
      (void)context->device_->device_->DestroyStream(it->second->id_);
      it = streams_.erase(it);
    } else {
      ++it;
    }
  }
  if (tls_context.generation == generation_ && tls_context.context == context) tls_context = {};
  contexts_.erase(context);
  return OkStatus();
}

Context* Runtime::CurrentContextLocked() const {
  if (tls_context.generation != generation_) return nullptr;
  Context* c = tls_context.context;
  if (c == nullptr || contexts_.find(c) == contexts_.end()) return nullptr;
  return c;
}

Status Runtime::SetDevice(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, OpenDeviceLocked(device_id));
  if (dev->primary_ == nullptr) {
    ACLSIM_ASSIGN_OR_RETURN(dev->primary_, NewContextLocked(dev, /*primary=*/true));
  }
  ++dev->set_count_;
  tls_context = {generation_, dev->primary_};
  return OkStatus();
}

Status Runtime::ResetDevice(int32_t device_id, bool force) {
  std::lock_guard<std::mutex> lock(mu_);
  if (device_id < 0 || static_cast<uint32_t>(device_id) >= backend_->DeviceCount()) {
    return Status(ErrorCode::kRtInvalidDeviceId, "device id " + std::to_string(device_id) + " is out of range");
  }
  auto it = devices_.find(device_id);
  if (it == devices_.end() || it->second->set_count_ == 0) {
    return Status(ErrorCode::kRtContextReleaseError,
                  "device " + std::to_string(device_id) + " was not set with aclrtSetDevice");
  }
  DeviceState* dev = it->second.get();
  dev->set_count_ = force ? 0 : dev->set_count_ - 1;
  if (dev->set_count_ > 0) return OkStatus();
  (void)dev->device_->SynchronizeDevice();
  if (dev->primary_ != nullptr) {
    ACLSIM_RETURN_IF_ERROR(DestroyContextLocked(dev->primary_));
    dev->primary_ = nullptr;
  }
  return OkStatus();
}

StatusOr<int32_t> Runtime::GetDevice() const {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  return c->device_->id_;
}

Status Runtime::SynchronizeDevice() {
  device::Device* dev = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    Context* c = CurrentContextLocked();
    if (c == nullptr) return NoContext();
    dev = c->device_->device_.get();
  }
  return dev->SynchronizeDevice();
}

StatusOr<device::DeviceInfo> Runtime::GetDeviceInfo(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, OpenDeviceLocked(device_id));
  return dev->device_->info();
}

StatusOr<device::VirtualTimeNs> Runtime::DeviceNowNs(int32_t device_id) {
  device::Device* dev = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(DeviceState * state, OpenDeviceLocked(device_id));
    dev = state->device_.get();
  }
  return dev->Now();
}

// --------------------------------------------------------------- contexts

StatusOr<Context*> Runtime::CreateContext(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, OpenDeviceLocked(device_id));
  ACLSIM_ASSIGN_OR_RETURN(Context * c, NewContextLocked(dev, /*primary=*/false));
  tls_context = {generation_, c};
  return c;
}

Status Runtime::DestroyContext(Context* context) {
  std::lock_guard<std::mutex> lock(mu_);
  if (contexts_.find(context) == contexts_.end()) return InvalidHandle("context");
  if (context->primary_) {
    return Status(ErrorCode::kRtParamInvalid,
                  "the default context of a device is released with aclrtResetDevice, not aclrtDestroyContext");
  }
  (void)context->device_->device_->SynchronizeDevice();
  return DestroyContextLocked(context);
}

Status Runtime::SetCurrentContext(Context* context) {
  std::lock_guard<std::mutex> lock(mu_);
  if (contexts_.find(context) == contexts_.end()) return InvalidHandle("context");
  tls_context = {generation_, context};
  return OkStatus();
}

StatusOr<Context*> Runtime::GetCurrentContext() const {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  return c;
}

// ---------------------------------------------------------------- streams

Status Runtime::CheckStreamLocked(Stream* stream) const {
  if (streams_.find(stream) == streams_.end()) return InvalidHandle("stream");
  return OkStatus();
}

Status Runtime::CheckEventLocked(Event* event) const {
  if (events_.find(event) == events_.end()) return InvalidHandle("event");
  return OkStatus();
}

StatusOr<Stream*> Runtime::ResolveStreamLocked(Stream* stream) const {
  if (stream == nullptr) {
    Context* c = CurrentContextLocked();
    if (c == nullptr) return NoContext();
    return c->default_stream_;
  }
  ACLSIM_RETURN_IF_ERROR(CheckStreamLocked(stream));
  return stream;
}

StatusOr<Stream*> Runtime::ResolveStream(Stream* stream) const {
  std::lock_guard<std::mutex> lock(mu_);
  return ResolveStreamLocked(stream);
}

StatusOr<Stream*> Runtime::CreateStream() {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  auto id = c->device_->device_->CreateStream();
  if (!id.ok()) return id.status();
  auto stream = std::make_unique<Stream>();
  stream->context_ = c;
  stream->id_ = *id;
  Stream* raw = stream.get();
  streams_.emplace(raw, std::move(stream));
  return raw;
}

Status Runtime::DestroyStream(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckStreamLocked(stream));
  if (stream->is_default_) {
    return Status(ErrorCode::kRtParamInvalid, "the default stream of a context cannot be destroyed");
  }
  ACLSIM_RETURN_IF_ERROR(stream->context_->device_->device_->DestroyStream(stream->id_));
  streams_.erase(stream);
  return OkStatus();
}

Status Runtime::SynchronizeStream(Stream* stream) {
  device::Device* dev = nullptr;
  device::StreamId id = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
    dev = s->context_->device_->device_.get();
    id = s->id_;
  }
  return dev->SynchronizeStream(id);
}

StatusOr<bool> Runtime::QueryStream(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  return s->context_->device_->device_->QueryStream(s->id_);
}

// ----------------------------------------------------------------- events

StatusOr<Event*> Runtime::CreateEvent() {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  auto id = c->device_->device_->CreateEvent();
  if (!id.ok()) return id.status();
  auto event = std::make_unique<Event>();
  event->device_ = c->device_;
  event->id_ = *id;
  Event* raw = event.get();
  events_.emplace(raw, std::move(event));
  return raw;
}

Status Runtime::DestroyEvent(Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  ACLSIM_RETURN_IF_ERROR(event->device_->device_->DestroyEvent(event->id_));
  events_.erase(event);
  return OkStatus();
}

Status Runtime::RecordEvent(Event* event, Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (s->context_->device_ != event->device_) {
    return Status(ErrorCode::kRtStreamContext, "event and stream belong to different devices");
  }
  return event->device_->device_->SubmitEventRecord(s->id_, event->id_);
}

Status Runtime::StreamWaitEvent(Stream* stream, Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (s->context_->device_ != event->device_) {
    return Status(ErrorCode::kRtStreamContext,
                  "cross-device event waits are not supported: event and stream belong to different devices");
  }
  return event->device_->device_->SubmitEventWait(s->id_, event->id_);
}

Status Runtime::SynchronizeEvent(Event* event) {
  device::Device* dev = nullptr;
  device::EventId id = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
    dev = event->device_->device_.get();
    id = event->id_;
  }
  return dev->SynchronizeEvent(id);
}

StatusOr<device::EventState> Runtime::QueryEvent(Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  return event->device_->device_->QueryEvent(event->id_);
}

StatusOr<float> Runtime::EventElapsedTime(Event* start, Event* end) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(start));
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(end));
  if (start->device_ != end->device_) {
    return Status(ErrorCode::kRtParamInvalid, "events belong to different devices");
  }
  ACLSIM_ASSIGN_OR_RETURN(device::EventState s, start->device_->device_->QueryEvent(start->id_));
  ACLSIM_ASSIGN_OR_RETURN(device::EventState e, end->device_->device_->QueryEvent(end->id_));
  if (!s.recorded || !e.recorded) {
    return Status(ErrorCode::kRtInternalError, "aclrtEventElapsedTime needs two recorded events");
  }
  if (!s.complete || !e.complete) {
    return Status(ErrorCode::kRtEventTimestampInvalid, "an event has not completed yet");
  }
  return static_cast<float>(static_cast<double>(e.timestamp_ns - s.timestamp_ns) / 1e6);
}

StatusOr<device::TaskId> Runtime::SubmitMarker(Stream* stream, uint64_t marker_id, uint32_t tag) {
  device::Device* dev = nullptr;
  device::StreamId id = 0;
  int32_t device_id = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
    dev = s->context_->device_->device_.get();
    id = s->id_;
    device_id = s->context_->device_->id_;
  }
  auto task = dev->SubmitMarker(id, {marker_id, tag, CurrentThreadId()});
  if (!task.ok() && task.status().code() == ErrorCode::kRtLostHeartbeat) OnDeviceLost(device_id);
  return task;
}

// ----------------------------------------------------------------- memory

StatusOr<void*> Runtime::MallocDevice(size_t size) {
  int32_t device_id = 0;
  uint64_t capacity = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    Context* c = CurrentContextLocked();
    if (c == nullptr) return NoContext();
    device_id = c->device_->id_;
    capacity = c->device_->device_->info().memory_bytes;
  }
  return memory_.Allocate(MemoryKind::kDevice, device_id, size, capacity);
}

Status Runtime::FreeDevice(void* ptr) { return memory_.Free(MemoryKind::kDevice, ptr); }

StatusOr<void*> Runtime::MallocHost(size_t size) { return memory_.Allocate(MemoryKind::kHost, -1, size, UINT64_MAX); }

Status Runtime::FreeHost(void* ptr) { return memory_.Free(MemoryKind::kHost, ptr); }

Status Runtime::Memcpy(void* dst, size_t dest_max, const void* src, size_t count, CopyKind kind) {
  return memory_.Copy(dst, dest_max, src, count, kind);
}

Status Runtime::Memset(void* dst, size_t max_count, int value, size_t count) {
  return memory_.Set(dst, max_count, value, count);
}

// ----------------------------------------------------------------- models

StatusOr<uint32_t> Runtime::LoadModel(model::Graph graph) {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  auto loaded = std::make_unique<LoadedModel>();
  loaded->device = c->device_;
  auto exe = c->device_->device_->LoadGraph(graph);
  if (!exe.ok()) return exe.status();
  loaded->executable = *exe;
  for (int32_t t : graph.inputs) loaded->input_sizes.push_back(static_cast<size_t>(graph.tensor(t).SizeBytes()));
  for (int32_t t : graph.outputs) loaded->output_sizes.push_back(static_cast<size_t>(graph.tensor(t).SizeBytes()));
  for (const auto& op : graph.ops) loaded->op_infos.push_back(InternOpInfo(graph, op));
  loaded->graph = std::move(graph);
  loaded->id = next_model_id_++;
  collector_->RegisterModel(loaded->id, loaded->op_infos);
  uint32_t id = loaded->id;
  Log(LogLevel::kInfo, "loaded model " + std::to_string(id) + " '" + loaded->graph.name + "' with " +
                           std::to_string(loaded->graph.ops.size()) + " ops");
  models_.emplace(id, std::move(loaded));
  return id;
}

Status Runtime::UnloadModel(uint32_t model_id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (models_.find(model_id) == models_.end()) {
      return Status(ErrorCode::kGeExecModelIdInvalid, "model id " + std::to_string(model_id) + " is not loaded");
    }
  }
  // A model unloaded while still subscribed (CANN asks for unsubscribe
  // first): its records are flushed and the subscription ends, so nothing
  // writes to the caller's descriptor any more; the descriptor is left open
  // for the caller, as CANN leaves it. Flushing runs without the lock.
  bool device_idle = false;
  uint32_t device_id = 0;
  const bool ended = subscriptions_->EndForUnload(model_id, &device_idle, &device_id);
  std::lock_guard<std::mutex> lock(mu_);
  if (ended) {
    if (device_idle) {
      auto dev = devices_.find(static_cast<int32_t>(device_id));
      if (dev != devices_.end()) RemoveSinkLocked(dev->second.get(), subscriptions_.get());
    }
    if (!subscriptions_->HasActive() && prof_mode_ == ProfMode::kSubscribe) prof_mode_ = ProfMode::kOff;
  }
  auto it = models_.find(model_id);
  if (it == models_.end()) {
    return Status(ErrorCode::kGeExecModelIdInvalid, "model id " + std::to_string(model_id) + " is not loaded");
  }
  device::Device& dev = *it->second->device->device_;
  (void)dev.SynchronizeDevice();
  ACLSIM_RETURN_IF_ERROR(dev.UnloadGraph(it->second->executable));
  models_.erase(it);
  return OkStatus();
}

StatusOr<ModelDescription> Runtime::DescribeModel(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(model_id);
  if (it == models_.end()) {
    return Status(ErrorCode::kGeExecModelIdInvalid, "model id " + std::to_string(model_id) + " is not loaded");
  }
  const model::Graph& g = it->second->graph;
  ModelDescription desc;
  desc.model_id = model_id;
  desc.name = g.name;
  auto describe = [&](int32_t index) {
    const model::Tensor& t = g.tensor(index);
    return TensorDescription{t.name, t.dtype, t.format, t.shape, static_cast<size_t>(t.SizeBytes())};
  };
  for (int32_t t : g.inputs) desc.inputs.push_back(describe(t));
  for (int32_t t : g.outputs) desc.outputs.push_back(describe(t));
  return desc;
}

StatusOr<std::vector<device::OpCost>> Runtime::GetModelCosts(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(model_id);
  if (it == models_.end()) {
    return Status(ErrorCode::kGeExecModelIdInvalid, "model id " + std::to_string(model_id) + " is not loaded");
  }
  return it->second->device->device_->GetGraphCosts(it->second->executable);
}

StatusOr<std::pair<std::string, std::string>> Runtime::GetModelOp(uint32_t model_id, uint32_t op_index) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(model_id);
  if (it == models_.end() || op_index >= it->second->graph.ops.size()) {
    return Status(ErrorCode::kInvalidParam,
                  "no op " + std::to_string(op_index) + " in model " + std::to_string(model_id));
  }
  const model::Op& op = it->second->graph.ops[op_index];
  return std::make_pair(op.name, op.type);
}

Status Runtime::ExecuteModel(uint32_t model_id, const std::vector<BufferView>& inputs,
                             const std::vector<BufferView>& outputs, Stream* stream, bool synchronous,
                             prof::ApiRecord* out_launch) {
  device::Device* dev = nullptr;
  device::StreamId stream_id = 0;
  device::ExecutableId exe = 0;
  int32_t device_id = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = models_.find(model_id);
    if (it == models_.end()) {
      return Status(ErrorCode::kGeExecModelIdInvalid, "model id " + std::to_string(model_id) + " is not loaded");
    }
    const LoadedModel& m = *it->second;
    auto check = [](const char* what, const std::vector<BufferView>& bufs, const std::vector<size_t>& sizes) -> Status {
      if (bufs.size() != sizes.size()) {
        return Status(ErrorCode::kInvalidParam, std::string(what) + " dataset has " + std::to_string(bufs.size()) +
                                                    " buffers, the model has " + std::to_string(sizes.size()));
      }
      for (size_t i = 0; i < bufs.size(); ++i) {
        if (bufs[i].data == nullptr || bufs[i].size < sizes[i]) {
          return Status(ErrorCode::kInvalidParam, std::string(what) + " buffer " + std::to_string(i) + " holds " +
                                                      std::to_string(bufs[i].size) + " bytes at " +
                                                      (bufs[i].data ? "a valid address" : "NULL") +
                                                      ", the model needs " + std::to_string(sizes[i]));
        }
      }
      return OkStatus();
    };
    ACLSIM_RETURN_IF_ERROR(check("input", inputs, m.input_sizes));
    ACLSIM_RETURN_IF_ERROR(check("output", outputs, m.output_sizes));
    ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
    if (s->context_->device_ != m.device) {
      return Status(ErrorCode::kRtStreamContext, "model " + std::to_string(model_id) + " is loaded on device " +
                                                     std::to_string(m.device->id_) + ", the stream belongs to device " +
                                                     std::to_string(s->context_->device_->id_));
    }
    dev = m.device->device_.get();
    device_id = m.device->id_;
    stream_id = s->id_;
    exe = m.executable;
  }
  auto task = dev->SubmitGraph(stream_id, exe, {model_id, CurrentThreadId()});
  if (!task.ok()) {
    if (task.status().code() == ErrorCode::kRtLostHeartbeat) OnDeviceLost(device_id);
    return task.status();
  }
  if (out_launch != nullptr) {
    out_launch->launched = true;
    out_launch->device_id = static_cast<uint32_t>(device_id);
    out_launch->first_task_id = *task;
  }
  if (synchronous) return dev->SynchronizeStream(stream_id);
  return OkStatus();
}

// ------------------------------------------------------------------ trace

Status Runtime::StartTrace(size_t capacity) {
  std::lock_guard<std::mutex> lock(mu_);
  if (trace_) return Status(ErrorCode::kRepeatInitialize, "tracing is already on");
  trace_ = std::make_unique<TaskTrace>(capacity);
  for (auto& [id, dev] : devices_) AddSinkLocked(dev.get(), trace_.get());
  return OkStatus();
}

Status Runtime::StopTrace() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!trace_) return Status(ErrorCode::kInvalidParam, "tracing is not on");
  for (auto& [id, dev] : devices_) RemoveSinkLocked(dev.get(), trace_.get());
  stopped_trace_ = std::move(trace_);  // records stay readable until the next StartTrace
  return OkStatus();
}

std::vector<TraceEntry> Runtime::TraceSnapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<TraceEntry> out;
  const TaskTrace* trace = trace_ ? trace_.get() : stopped_trace_.get();
  if (trace == nullptr) return out;
  for (const auto& rec : trace->Snapshot()) {
    TraceEntry entry{rec, {}, {}};
    if (rec.kind == device::TaskKind::kOp) {
      auto it = models_.find(rec.model_tag);
      if (it != models_.end() && rec.op_index < it->second->graph.ops.size()) {
        entry.op_name = it->second->graph.ops[rec.op_index].name;
        entry.op_type = it->second->graph.ops[rec.op_index].type;
      }
    }
    out.push_back(std::move(entry));
  }
  return out;
}

uint64_t Runtime::TraceDropped() const {
  std::lock_guard<std::mutex> lock(mu_);
  const TaskTrace* trace = trace_ ? trace_.get() : stopped_trace_.get();
  return trace ? trace->dropped() : 0;
}

void Runtime::OnDeviceLost(int32_t device_id) {
  // Subscriptions on a lost device flush what they have and close, so their
  // readers see EOF instead of waiting for records that will never come.
  if (subscriptions_->CloseDevice(static_cast<uint32_t>(device_id)) == 0) return;
  std::lock_guard<std::mutex> lock(mu_);
  auto dev = devices_.find(device_id);
  if (dev != devices_.end()) RemoveSinkLocked(dev->second.get(), subscriptions_.get());
  if (!subscriptions_->HasActive() && prof_mode_ == ProfMode::kSubscribe) prof_mode_ = ProfMode::kOff;
  Log(LogLevel::kError, "device " + std::to_string(device_id) + " lost: its subscriptions were flushed and closed");
}

// ------------------------------------------------------------- sinks

void SinkFanout::OnCompletions(const device::CompletionRecord* records, size_t count) {
  std::lock_guard<std::mutex> lock(mu_);
  for (device::CompletionSink* sink : sinks_) sink->OnCompletions(records, count);
}

size_t SinkFanout::Add(device::CompletionSink* sink) {
  std::lock_guard<std::mutex> lock(mu_);
  if (std::find(sinks_.begin(), sinks_.end(), sink) == sinks_.end()) sinks_.push_back(sink);
  return sinks_.size();
}

size_t SinkFanout::Remove(device::CompletionSink* sink) {
  std::lock_guard<std::mutex> lock(mu_);
  sinks_.erase(std::remove(sinks_.begin(), sinks_.end(), sink), sinks_.end());
  return sinks_.size();
}

void Runtime::AddSinkLocked(DeviceState* device, device::CompletionSink* sink) {
  if (device->fanout_->Add(sink) == 1) device->device_->SetCompletionSink(device->fanout_.get());
}

void Runtime::RemoveSinkLocked(DeviceState* device, device::CompletionSink* sink) {
  if (device->fanout_->Remove(sink) == 0) device->device_->SetCompletionSink(nullptr);
}

// ------------------------------------------------------------- profiling

Runtime::ProfMode Runtime::prof_mode() const {
  std::lock_guard<std::mutex> lock(mu_);
  return prof_mode_;
}

Status Runtime::ModelSubscribe(uint32_t model_id, const prof::SubscribeConfig* config) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = models_.find(model_id);
  if (it == models_.end()) {
    return Status(ErrorCode::kInvalidModelId, "model id " + std::to_string(model_id) + " is not loaded");
  }
  if (config == nullptr) return Status(ErrorCode::kInvalidParam, "subscribe config is NULL");
  if (prof_mode_ == ProfMode::kApiCtrl) {
    return Status(ErrorCode::kProfApiConflict,
                  "a collection session (aclprofInit) is active; subscription cannot be mixed with it");
  }
  LoadedModel& m = *it->second;
  if (m.prof_ops.empty()) {
    for (const auto& op : m.graph.ops) m.prof_ops.push_back(prof::OpNameTable::Global().Intern(op.type, op.name));
  }
  prof::SubscribedModel sub;
  sub.model_id = model_id;
  sub.device_id = static_cast<uint32_t>(m.device->id_);
  sub.ops = m.prof_ops;
  for (const auto& op : m.graph.ops) sub.subgraph.push_back(op.type == "FFTS_PLUS" ? 1 : 0);
  bool first_on_device = false;
  ACLSIM_RETURN_IF_ERROR(subscriptions_->Subscribe(std::move(sub), *config, &first_on_device));
  if (first_on_device) AddSinkLocked(m.device, subscriptions_.get());
  prof_mode_ = ProfMode::kSubscribe;
  return OkStatus();
}

Status Runtime::ModelUnsubscribe(uint32_t model_id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (models_.find(model_id) == models_.end()) {
      return Status(ErrorCode::kInvalidModelId, "model id " + std::to_string(model_id) + " is not loaded");
    }
    if (prof_mode_ == ProfMode::kApiCtrl) {
      return Status(ErrorCode::kProfApiConflict, "a collection session (aclprofInit) is active");
    }
  }
  // Flushing may wait for the reader, so it runs without the runtime lock.
  bool device_idle = false;
  uint32_t device_id = 0;
  ACLSIM_RETURN_IF_ERROR(subscriptions_->Unsubscribe(model_id, &device_idle, &device_id));
  std::lock_guard<std::mutex> lock(mu_);
  if (device_idle) {
    auto dev = devices_.find(static_cast<int32_t>(device_id));
    if (dev != devices_.end()) RemoveSinkLocked(dev->second.get(), subscriptions_.get());
  }
  if (!subscriptions_->HasActive() && prof_mode_ == ProfMode::kSubscribe) prof_mode_ = ProfMode::kOff;
  return OkStatus();
}

StatusOr<prof::SubscriptionStats> Runtime::GetSubscriptionStats(uint32_t model_id) const {
  return subscriptions_->Stats(model_id);
}

}  // namespace aclsim::runtime
