// Runtime: the stream-task funnel and model runtime instances
// (runtime/model_ri.h, docs/model_ri.md).
#include <algorithm>
#include <cstring>
#include <deque>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "runtime/runtime.h"
#include "runtime/vendor.h"

namespace aclsim::runtime {
namespace {

// Ops past this many in one instance keep their kernel's own tag (their
// records show the single-op model id): a gear tag has room for 1024.
constexpr uint32_t kMaxTaggedOps = 1u << (30 - vendor::kGearShift);
// An execution that runs more tasks than this is stopped (a label loop).
constexpr size_t kMaxReplayTasks = size_t{1} << 22;

uint32_t InstanceTag(uint32_t id, uint32_t ordinal, const ModelRef& kernel) {
  if (kernel && !IsKernelTag(kernel->id)) return kernel->id;  // a recorded model execution keeps its id
  return ordinal < kMaxTaggedOps ? vendor::GearTag(id, ordinal) : kernel->id;
}

template <typename T>
StatusOr<bool> CompareValues(const void* l, const void* r, uint32_t cond, MemoryRegistry& memory);

}  // namespace

// ---------------------------------------------------------------- funnel

Status Runtime::SubmitTask(const SubmitTarget& target, const OpCall& call, uint64_t hash,
                           std::function<Status()> effect, prof::ApiRecord* out_launch) {
  if (!instances_.MayRecord()) {
    if (effect) ACLSIM_RETURN_IF_ERROR(effect());
    return LaunchOnTarget(target, call, hash, out_launch);
  }
  ACLSIM_ASSIGN_OR_RETURN(ModelRef kernel, kernels_->Get(target.device, call, hash));
  RiTask task;
  task.kind = RiTask::Kind::kOp;
  task.kernel = kernel;
  task.call = std::make_shared<const OpCall>(call);
  task.effect = effect;
  task.copy = call.type == vendor::kMemcpyTaskType || call.type == vendor::kMemsetTaskType;
  task.source_stream = target.stream;
  ACLSIM_ASSIGN_OR_RETURN(bool recorded, instances_.Record(target.handle, std::move(task)));
  if (recorded) return OkStatus();
  if (effect) ACLSIM_RETURN_IF_ERROR(effect());
  return LaunchOnTarget(target, call, hash, out_launch);
}

StatusOr<bool> Runtime::RecordModelExecution(const SubmitTarget& target, const ModelRef& model) {
  if (!instances_.MayRecord()) return false;
  RiTask task;
  task.kind = RiTask::Kind::kOp;
  task.kernel = model;
  task.source_stream = target.stream;
  return instances_.Record(target.handle, std::move(task));
}

StatusOr<bool> Runtime::RecordControl(Stream* stream, RiTask task) {
  const bool control = task.kind != RiTask::Kind::kEventRecord && task.kind != RiTask::Kind::kEventWait &&
                       task.kind != RiTask::Kind::kEventReset;
  if (!control && !instances_.MayRecord()) {
    if (task.kind != RiTask::Kind::kEventReset) return false;
    ACLSIM_RETURN_IF_ERROR(devices_->ResolveTarget(stream).status());  // a reset checks what it is given
    ACLSIM_RETURN_IF_ERROR(devices_->QueryEvent(task.event).status());
    return false;
  }
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  if (task.event != nullptr) {
    ACLSIM_RETURN_IF_ERROR(devices_->QueryEvent(task.event).status());  // a live event
    if (task.event->device() != target.device) {
      return Status(Detail::kStreamOfOtherContext, "event and stream belong to different devices");
    }
  }
  task.source_stream = target.stream;
  return instances_.Record(target.handle, std::move(task));
}

Status Runtime::RecordEvent(Event* event, Stream* stream) {
  if (ipc_events_->IsIpc(event)) {
    ACLSIM_RETURN_IF_ERROR(IpcEventNotCaptured(stream));
    return ipc_events_->Record(event, stream);
  }
  RiTask task;
  task.kind = RiTask::Kind::kEventRecord;
  task.event = event;
  ACLSIM_ASSIGN_OR_RETURN(bool recorded, RecordControl(stream, std::move(task)));
  return recorded ? OkStatus() : devices_->RecordEvent(event, stream);
}

Status Runtime::StreamWaitEvent(Stream* stream, Event* event) {
  if (ipc_events_->IsIpc(event)) {
    ACLSIM_RETURN_IF_ERROR(IpcEventNotCaptured(stream));
    return ipc_events_->Wait(stream, event);
  }
  RiTask task;
  task.kind = RiTask::Kind::kEventWait;
  task.event = event;
  ACLSIM_ASSIGN_OR_RETURN(bool recorded, RecordControl(stream, std::move(task)));
  return recorded ? OkStatus() : devices_->StreamWaitEvent(stream, event);
}

// CANN refuses IPC events on a capturing stream with its feature-not-
// supported error (api_error.cc, EventRecord and StreamWaitEvent).
Status Runtime::IpcEventNotCaptured(Stream* stream) {
  if (instances_.CheckNotCapturing(stream, "").ok()) return OkStatus();
  return Status(StatusCode::kUnimplemented, "an IPC event cannot be recorded or waited for on a stream being captured");
}

Status Runtime::ResetEvent(Event* event, Stream* stream) {
  // Waits resolve at submission on every backend, so a reset changes no
  // timing: it is checked (and recorded) only.
  RiTask task;
  task.kind = RiTask::Kind::kEventReset;
  task.event = event;
  return RecordControl(stream, std::move(task)).status();
}

// ------------------------------------------------------- control tasks

Status Runtime::SetLabel(Label* label, Stream* stream) {
  RiTask task;
  task.kind = RiTask::Kind::kSetLabel;
  task.label = label;
  ACLSIM_ASSIGN_OR_RETURN(bool recorded, RecordControl(stream, std::move(task)));
  (void)recorded;  // a control task is recorded or refused
  return OkStatus();
}

Status Runtime::SwitchLabelByIndex(const void* index, uint32_t max_value, LabelList* list, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(std::vector<Label*> labels, instances_.ListLabels(list));
  if (max_value == 0 || max_value > labels.size()) {
    return Status(StatusCode::kInvalidArgument, "maxValue " + std::to_string(max_value) +
                                                    " must be in [1, the list's " + std::to_string(labels.size()) +
                                                    " labels]");
  }
  uint32_t probe = 0;  // the index must be readable device memory
  ACLSIM_RETURN_IF_ERROR(memory_.Copy(&probe, sizeof(probe), index, sizeof(probe), CopyKind::kDeviceToHost));
  labels.resize(max_value);
  RiTask task;
  task.kind = RiTask::Kind::kSwitchLabel;
  task.targets = std::move(labels);
  task.left = index;
  return RecordControl(stream, std::move(task)).status();
}

Status Runtime::ActiveStream(Stream* active, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(uint32_t index, instances_.BoundIndexLike(stream, active));
  RiTask task;
  task.kind = RiTask::Kind::kActiveStream;
  task.target_stream = index;
  return RecordControl(stream, std::move(task)).status();
}

Status Runtime::SwitchStream(const void* left, uint32_t cond, const void* right, uint32_t dtype, Stream* true_stream,
                             Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(uint32_t index, instances_.BoundIndexLike(stream, true_stream));
  const size_t size = dtype == 0 ? sizeof(int32_t) : sizeof(int64_t);
  int64_t probe = 0;  // both values must be readable device memory
  ACLSIM_RETURN_IF_ERROR(memory_.Copy(&probe, sizeof(probe), left, size, CopyKind::kDeviceToHost));
  ACLSIM_RETURN_IF_ERROR(memory_.Copy(&probe, sizeof(probe), right, size, CopyKind::kDeviceToHost));
  RiTask task;
  task.kind = RiTask::Kind::kSwitchStream;
  task.left = left;
  task.right = right;
  task.cond = cond;
  task.dtype = dtype;
  task.target_stream = index;
  return RecordControl(stream, std::move(task)).status();
}

// ------------------------------------------------------ capture, build

Status Runtime::BeginCapture(Stream* stream, CaptureMode mode) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(Context * context, devices_->GetCurrentContext());
  if (s->context() != context) {
    return Status(Detail::kStreamOfOtherContext, "the stream belongs to another context than the current one");
  }
  ACLSIM_ASSIGN_OR_RETURN(uint32_t id, models_->ReserveId());
  return instances_.BeginCapture(s, id, context->device(), context, mode, CurrentThreadId(), s->is_default());
}

void Runtime::PublishInstance(const ModelRI& ri, const RiProgram& program) {
  std::vector<ModelRef> kernels;
  for (const auto& tasks : program.streams) {
    for (const RiTask& t : tasks) {
      if (t.kind != RiTask::Kind::kOp || !vendor::IsGearTag(t.tag) || vendor::ExportedModelId(t.tag) != ri.id()) {
        continue;
      }
      const size_t k = (t.tag - vendor::kFirstGearTag) >> vendor::kGearShift;
      if (kernels.size() <= k) kernels.resize(k + 1);
      kernels[k] = t.kernel;
      profiler_->OnModelLoaded(t.tag, t.kernel->ops);
    }
  }
  models_->SetInstance(ri.id(), ri.device(), std::move(kernels));
}

StatusOr<ModelRI*> Runtime::EndCapture(Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(ModelRI * ri, instances_.EndCapture(s, CurrentThreadId(), InstanceTag));
  ACLSIM_ASSIGN_OR_RETURN(RiProgramRef program, instances_.Program(ri));
  PublishInstance(*ri, *program);
  return ri;
}

StatusOr<ModelRI*> Runtime::BuildBegin() {
  ACLSIM_ASSIGN_OR_RETURN(Context * context, devices_->GetCurrentContext());
  ACLSIM_ASSIGN_OR_RETURN(uint32_t id, models_->ReserveId());
  return instances_.CreateBuilt(id, context->device(), context);
}

Status Runtime::BuildEnd(ModelRI* ri) {
  ACLSIM_RETURN_IF_ERROR(instances_.EndBuild(ri, InstanceTag));
  ACLSIM_ASSIGN_OR_RETURN(RiProgramRef program, instances_.Program(ri));
  PublishInstance(*ri, *program);
  return OkStatus();
}

Status Runtime::EndTaskUpdate(Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(ModelRI * ri, instances_.EndUpdate(s, InstanceTag));
  ACLSIM_ASSIGN_OR_RETURN(RiProgramRef program, instances_.Program(ri));
  PublishInstance(*ri, *program);
  return OkStatus();
}

Status Runtime::DestroyInstance(ModelRI* ri) {
  std::vector<void*> memory;
  std::vector<uint32_t> ids;
  ACLSIM_RETURN_IF_ERROR(instances_.Destroy(ri, &memory, &ids));
  for (uint32_t id : ids) models_->RemoveInstance(id);
  for (void* p : memory) (void)memory_.Free(MemoryKind::kDevice, p);
  return OkStatus();
}

StatusOr<RiCondHandle*> Runtime::CondHandleCreate(ModelRI* ri, uint32_t default_value, bool assign_default) {
  ACLSIM_RETURN_IF_ERROR(instances_.Check(ri));
  DeviceState* device = ri->device();
  ACLSIM_ASSIGN_OR_RETURN(void* value, memory_.Allocate(MemoryKind::kDevice, device->id(), sizeof(uint64_t),
                                                        device->device().info().memory_bytes));
  auto handle = instances_.CreateCond(ri, default_value, assign_default, value);
  if (!handle.ok()) (void)memory_.Free(MemoryKind::kDevice, value);
  return handle;
}

StatusOr<std::vector<ModelRI*>> Runtime::AddCondTask(RiCondHandle* handle, uint32_t type, uint32_t size,
                                                     Stream* stream) {
  const bool fits = type == 0 ? (size == 1 || size == 2) : type == 1 ? size == 1 : (size >= 1 && size <= 1024);
  if (!fits) {
    return Status(StatusCode::kInvalidArgument, "size " + std::to_string(size) +
                                                    " does not fit the condition type (IF: 1 or 2, WHILE: 1, "
                                                    "SWITCH: 1..1024)");
  }
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  std::vector<uint32_t> ids;
  for (uint32_t i = 0; i < size; ++i) {
    ACLSIM_ASSIGN_OR_RETURN(uint32_t id, models_->ReserveId());
    ids.push_back(id);
  }
  return instances_.AddCond(s, handle, type, ids);
}

Status Runtime::BeginCaptureInto(Stream* stream, ModelRI* sub, CaptureMode mode) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  if (s->is_default()) {
    return Status(StatusCode::kUnimplemented, "the default stream cannot capture: use a stream of aclrtCreateStream");
  }
  return instances_.BeginCaptureInto(s, sub, mode, CurrentThreadId());
}

Status Runtime::DestroyStream(Stream* stream, bool force) {
  ACLSIM_RETURN_IF_ERROR(instances_.CheckNotCapturing(stream, "destroying the stream"));
  ACLSIM_RETURN_IF_ERROR(devices_->DestroyStream(stream, force));
  instances_.OnStreamDestroyed(stream);
  return OkStatus();
}

Status Runtime::SynchronizeDevice() {
  auto device = devices_->CurrentDevice();
  if (device.ok()) ACLSIM_RETURN_IF_ERROR(instances_.CheckDeviceNotCapturing(*device, "synchronizing the device"));
  return devices_->SynchronizeDevice();
}

Status Runtime::CheckUnsafeCall(const char* what) const {
  auto context = devices_->GetCurrentContext();
  if (!context.ok()) return OkStatus();  // the call itself reports the missing context
  return instances_.CheckUnsafeCall(*context, CurrentThreadId(), what);
}

namespace {

const char* TaskTypeName(RiTask::Kind kind) {
  switch (kind) {
    case RiTask::Kind::kOp: return "KERNEL";
    case RiTask::Kind::kEventRecord: return "EVENT_RECORD";
    case RiTask::Kind::kEventWait: return "EVENT_WAIT";
    case RiTask::Kind::kEventReset: return "EVENT_RESET";
    case RiTask::Kind::kSetLabel: return "LABEL_SET";
    case RiTask::Kind::kSwitchLabel: return "LABEL_SWITCH_BY_INDEX";
    case RiTask::Kind::kActiveStream: return "STREAM_ACTIVE";
    case RiTask::Kind::kSwitchStream: return "STREAM_SWITCH";
    case RiTask::Kind::kEndGraph: return "MODEL_END_GRAPH";
    case RiTask::Kind::kCond: return "COND";
  }
  return "?";
}

nlohmann::json TensorsJson(const std::vector<OpTensor>& tensors) {
  nlohmann::json out = nlohmann::json::array();
  for (const OpTensor& t : tensors) {
    out.push_back({{"dtype", static_cast<int>(t.dtype)}, {"format", static_cast<int>(t.format)}, {"shape", t.shape}});
  }
  return out;
}

}  // namespace

StatusOr<std::string> Runtime::InstanceJson(ModelRI* ri, bool verbose) {
  ACLSIM_ASSIGN_OR_RETURN(RiProgramRef program, instances_.Program(ri));
  nlohmann::json doc;
  doc["modelId"] = ri->id();
  doc["deviceId"] = ri->device()->id();
  nlohmann::json streams = nlohmann::json::array();
  nlohmann::json events = nlohmann::json::array();
  for (size_t s = 0; s < program->streams.size(); ++s) {
    nlohmann::json tasks = nlohmann::json::array();
    for (size_t i = 0; i < program->streams[s].size(); ++i) {
      const RiTask& t = program->streams[s][i];
      nlohmann::json task = {{"taskId", i}, {"taskType", TaskTypeName(t.kind)}, {"streamId", t.source_stream}};
      std::string name = TaskTypeName(t.kind);
      if (t.kind == RiTask::Kind::kOp && t.kernel) {
        name = t.call ? t.call->name : t.kernel->graph.name;
        task["opName"] = name;
        if (t.call) task["opType"] = t.call->type;
        if (verbose && t.call) {
          task["inputs"] = TensorsJson(t.call->inputs);
          task["outputs"] = TensorsJson(t.call->outputs);
        }
      }
      tasks.push_back(task);
      events.push_back({{"name", name}, {"ph", "X"}, {"pid", ri->id()}, {"tid", s}, {"ts", i}, {"dur", 1}});
    }
    streams.push_back({{"index", s}, {"tasks", std::move(tasks)}});
  }
  doc["streams"] = std::move(streams);
  doc["traceEvents"] = std::move(events);
  return doc.dump(2) + "\n";
}

// -------------------------------------------------------------- execute

Status Runtime::ExecuteInstance(ModelRI* ri, Stream* stream, bool synchronous) {
  ACLSIM_RETURN_IF_ERROR(instances_.Check(ri));
  if (ri->sub()) {
    return Status(StatusCode::kUnimplemented, "a sub-instance runs through its parent's condition task");
  }
  if (!synchronous) {
    ACLSIM_RETURN_IF_ERROR(instances_.CheckNotCapturing(stream, "executing an instance"));
    if (stream != nullptr && instances_.IsModelStream(stream)) {
      return Status(StatusCode::kInvalidArgument, "the stream is bound to a model runtime instance");
    }
  }
  ACLSIM_ASSIGN_OR_RETURN(RiProgramRef program, instances_.Program(ri));
  if (synchronous) {
    if (!ri->built()) {
      return Status(StatusCode::kInvalidArgument,
                    "aclmdlRIExecute runs a built instance; execute a captured one "
                    "with aclmdlRIExecuteAsync");
    }
    ACLSIM_ASSIGN_OR_RETURN(stream, instances_.FirstHeadStream(ri));
  }
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  if (target.device != ri->device()) {
    return Status(Detail::kStreamOfOtherContext, "model runtime instance " + std::to_string(ri->id()) +
                                                     " belongs to device " + std::to_string(ri->device()->id()) +
                                                     ", the stream to device " + std::to_string(target.device->id()));
  }
  HostClock& host = profiler_->host_clock();
  const int64_t ready = host.ReadyNs(host.costs().model_execute_ns);
  for (RiCondHandle* cond : instances_.CondsOf(ri)) {
    if (!cond->assign_default) continue;
    const uint64_t value = cond->default_value;
    ACLSIM_RETURN_IF_ERROR(memory_.Copy(cond->value, sizeof(value), &value, sizeof(value), CopyKind::kHostToDevice));
  }
  size_t steps = 0;
  ACLSIM_RETURN_IF_ERROR(Replay(*program, target, ready, &steps));
  if (!synchronous) return OkStatus();
  device::Device& dev = target.device->device();
  Status waited = dev.SynchronizeStream(target.stream);
  devices_->NoteHostWait(dev);
  return waited;
}

namespace {

template <typename T>
StatusOr<bool> CompareValues(const void* l, const void* r, uint32_t cond, MemoryRegistry& memory) {
  T a{};
  T b{};
  ACLSIM_RETURN_IF_ERROR(memory.Copy(&a, sizeof(a), l, sizeof(a), CopyKind::kDeviceToHost));
  ACLSIM_RETURN_IF_ERROR(memory.Copy(&b, sizeof(b), r, sizeof(b), CopyKind::kDeviceToHost));
  switch (cond) {
    case 0: return a == b;
    case 1: return a != b;
    case 2: return a > b;
    case 3: return a >= b;
    case 4: return a < b;
    default: return a <= b;
  }
}

}  // namespace

Status Runtime::RunCond(const RiCondHandle& cond, const SubmitTarget& target, int64_t ready, size_t* steps) {
  auto read = [&]() -> StatusOr<uint64_t> {
    uint64_t v = 0;
    ACLSIM_RETURN_IF_ERROR(memory_.Copy(&v, sizeof(v), cond.value, sizeof(v), CopyKind::kDeviceToHost));
    return v;
  };
  auto run = [&](ModelRI* sub) -> Status {
    ACLSIM_ASSIGN_OR_RETURN(RiProgramRef program, instances_.Program(sub));
    return Replay(*program, target, ready, steps);
  };
  ACLSIM_ASSIGN_OR_RETURN(uint64_t value, read());
  switch (cond.type) {
    case 0:  // IF: the first when non-zero, else the second (if any)
      if (value != 0) return run(cond.subs[0]);
      return cond.subs.size() > 1 ? run(cond.subs[1]) : OkStatus();
    case 1:  // WHILE: the body while the value is non-zero, read again after each pass
      while (value != 0) {
        ACLSIM_RETURN_IF_ERROR(run(cond.subs[0]));
        ACLSIM_ASSIGN_OR_RETURN(value, read());
      }
      return OkStatus();
    default:  // SWITCH: the value's case; none past the last
      return value < cond.subs.size() ? run(cond.subs[static_cast<size_t>(value)]) : OkStatus();
  }
}

Status Runtime::Replay(const RiProgram& program, const SubmitTarget& target, int64_t ready, size_t* steps) {
  device::Device& dev = target.device->device();
  const uint32_t tid = CurrentThreadId();
  std::deque<uint32_t> pending(program.heads.begin(), program.heads.end());
  while (!pending.empty()) {
    uint32_t s = pending.front();
    pending.pop_front();
    for (size_t i = 0; i < program.streams[s].size(); ++i) {
      if (++*steps > kMaxReplayTasks) {
        return Status(Detail::kModelExecute, "the execution ran more than " + std::to_string(kMaxReplayTasks) +
                                                 " tasks (a label loop that never ends?)");
      }
      const RiTask& t = program.streams[s][i];
      switch (t.kind) {
        case RiTask::Kind::kOp: {
          if (t.effect) ACLSIM_RETURN_IF_ERROR(t.effect());
          auto task = dev.SubmitGraph(target.stream, t.kernel->executable, {t.tag, tid, ready});
          if (!task.ok()) return devices_->CheckLost(target.device->id(), task.status());
          break;
        }
        case RiTask::Kind::kEventRecord: ACLSIM_RETURN_IF_ERROR(devices_->RecordEvent(t.event, target.handle)); break;
        case RiTask::Kind::kEventWait: ACLSIM_RETURN_IF_ERROR(devices_->StreamWaitEvent(target.handle, t.event)); break;
        case RiTask::Kind::kEventReset: ACLSIM_RETURN_IF_ERROR(devices_->QueryEvent(t.event).status()); break;
        case RiTask::Kind::kSetLabel: break;
        case RiTask::Kind::kSwitchLabel: {
          uint32_t index = 0;
          ACLSIM_RETURN_IF_ERROR(memory_.Copy(&index, sizeof(index), t.left, sizeof(index), CopyKind::kDeviceToHost));
          const auto& jump = t.jumps[std::min<size_t>(index, t.jumps.size() - 1)];
          s = jump.first;
          i = jump.second;  // the label's own (empty) task; the loop moves past it
          break;
        }
        case RiTask::Kind::kActiveStream: pending.push_back(t.target_stream); break;
        case RiTask::Kind::kSwitchStream: {
          ACLSIM_ASSIGN_OR_RETURN(bool taken, t.dtype == 0 ? CompareValues<int32_t>(t.left, t.right, t.cond, memory_)
                                                           : CompareValues<int64_t>(t.left, t.right, t.cond, memory_));
          if (taken) {
            s = t.target_stream;
            i = static_cast<size_t>(-1);  // from the first task of the stream switched to
          }
          break;
        }
        case RiTask::Kind::kEndGraph: i = program.streams[s].size(); break;
        case RiTask::Kind::kCond: ACLSIM_RETURN_IF_ERROR(RunCond(*t.cond_handle, target, ready, steps)); break;
      }
    }
  }
  return OkStatus();
}

}  // namespace aclsim::runtime
