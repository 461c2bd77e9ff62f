#include "sim/sim_device.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <thread>

#include "runtime/device/wait_interrupt.h"

namespace aclsim::sim {
namespace {

constexpr size_t kRecordBatch = 256;

uint64_t SplitMix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

Status UnknownStream(device::StreamId id) {
  return Status(Detail::kInvalidHandle, "stream " + std::to_string(id) + " does not exist on this device");
}

}  // namespace

SimDevice::SimDevice(uint32_t device_id, std::shared_ptr<const DeviceProfile> profile, const SimOptions& options)
    : device_id_(device_id),
      profile_(std::move(profile)),
      options_(options),
      cost_model_(*profile_),
      epoch_(std::chrono::steady_clock::now()),
      origin_ns_(options.clock_mode == device::ClockMode::kRealtime
                     ? std::max<int64_t>(
                           1, std::chrono::duration_cast<std::chrono::nanoseconds>(epoch_.time_since_epoch()).count())
                     : options.clock_origin_ns),
      host_horizon_ns_(origin_ns_) {
  info_.profile_name = profile_->name;
  info_.soc_name = profile_->soc_name;
  info_.memory_bytes = profile_->memory_bytes;
  info_.ai_core_count = profile_->ai_core_count;
  info_.vector_core_count = profile_->vector_core_count;
  info_.aicpu_count = profile_->aicpu_count;
  pools_.emplace_back(profile_->ai_core_count);
  pools_.emplace_back(profile_->vector_core_count);
  pools_.emplace_back(profile_->aicpu_count);
}

Status SimDevice::LostStatus() const {
  return Status(Detail::kDeviceLost, "device " + std::to_string(device_id_) + " is lost (injected fault lose_device)");
}

bool SimDevice::LosesDeviceAt(uint64_t task_id) {
  const auto& f = options_.faults.lose_device;
  if (!f || !device::FaultPlan::Applies(f->device, device_id_) || task_id <= f->after_tasks) return false;
  lost_ = true;
  return true;
}

bool SimDevice::FailsHere(uint64_t task_id, const std::string* name, int32_t* out_error) {
  if (const auto& f = options_.faults.fail_task;
      f && device::FaultPlan::Applies(f->device, device_id_) && f->task_id == task_id) {
    *out_error = f->error;
    return true;
  }
  if (const auto& f = options_.faults.fail_op; f && name != nullptr &&
                                               device::FaultPlan::Applies(f->device, device_id_) && *name == f->name &&
                                               ++fail_op_seen_ == f->occurrence) {
    *out_error = f->error;
    return true;
  }
  return false;
}

int64_t SimDevice::StallNs(uint64_t task_id) const {
  const auto& f = options_.faults.stall;
  return f && device::FaultPlan::Applies(f->device, device_id_) && f->at_task == task_id ? f->ns : 0;
}

SimDevice::~SimDevice() = default;

StatusOr<SimDevice::StreamState*> SimDevice::FindStream(device::StreamId stream) {
  auto it = streams_.find(stream);
  if (it == streams_.end()) return UnknownStream(stream);
  return &it->second;
}

StatusOr<SimDevice::EventRecordState*> SimDevice::FindEvent(device::EventId event) {
  auto it = events_.find(event);
  if (it == events_.end()) {
    return Status(Detail::kInvalidHandle, "event " + std::to_string(event) + " does not exist on this device");
  }
  return &it->second;
}

device::VirtualTimeNs SimDevice::HostHorizonNs() const {
  if (options_.clock_mode == device::ClockMode::kRealtime) {
    auto wall = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - epoch_);
    return std::max(host_horizon_ns_.load(std::memory_order_relaxed), AddTimeNs(origin_ns_, wall.count()));
  }
  return host_horizon_ns_.load(std::memory_order_relaxed);
}

void SimDevice::Observe(device::VirtualTimeNs time_ns) {
  if (time_ns > host_horizon_ns_.load(std::memory_order_relaxed))
    host_horizon_ns_.store(time_ns, std::memory_order_relaxed);
}

bool SimDevice::Reached(device::VirtualTimeNs time_ns) const {
  if (options_.clock_mode != device::ClockMode::kRealtime) return true;
  return std::chrono::steady_clock::now() >= WallTimeOf(time_ns);
}

std::chrono::steady_clock::time_point SimDevice::WallTimeOf(device::VirtualTimeNs time_ns) const {
  return epoch_ + std::chrono::nanoseconds(std::max<int64_t>(0, time_ns - origin_ns_));
}

Status SimDevice::WaitUntil(device::VirtualTimeNs time_ns) const {
  if (options_.clock_mode != device::ClockMode::kRealtime) return OkStatus();
  std::string reason;
  if (!device::SleepUntilOrInterrupted(WallTimeOf(time_ns), &reason)) {
    return Status(Detail::kNoDevice, "device " + std::to_string(device_id_) + ": wait interrupted: " + reason);
  }
  return OkStatus();
}

int64_t SimDevice::Jitter(int64_t duration_ns) {
  if (options_.jitter <= 0.0) return duration_ns;
  uint64_t r = SplitMix64(options_.seed ^ (uint64_t{device_id_} << 56) ^ jitter_counter_++);
  double u = static_cast<double>(r >> 11) * (1.0 / 9007199254740992.0);  // [0, 1)
  double scaled = static_cast<double>(duration_ns) * (1.0 + options_.jitter * (2.0 * u - 1.0));
  return std::max<int64_t>(0, std::llround(scaled));
}

SimDevice::Schedule& SimDevice::ThreadSchedule() {
  // Behind a pointer: the library's thread-local block must stay small.
  thread_local std::unique_ptr<Schedule> schedule;
  if (!schedule) schedule = std::make_unique<Schedule>();
  return *schedule;
}

StatusOr<device::StreamId> SimDevice::CreateStream() {
  std::lock_guard<std::mutex> lock(mu_);
  if (lost_) return LostStatus();
  device::StreamId id = next_stream_id_++;
  streams_[id].tail_ns = HostHorizonNs();
  return id;
}

Status SimDevice::DestroyStream(device::StreamId stream) {
  device::VirtualTimeNs tail = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(StreamState * s, FindStream(stream));
    tail = s->tail_ns;
    Observe(tail);
    streams_.erase(stream);
  }
  (void)WaitUntil(tail);  // the stream is gone either way
  return OkStatus();
}

StatusOr<device::EventId> SimDevice::CreateEvent() {
  std::lock_guard<std::mutex> lock(mu_);
  if (lost_) return LostStatus();
  device::EventId id = next_event_id_++;
  events_.emplace(id, EventRecordState{});
  return id;
}

Status SimDevice::DestroyEvent(device::EventId event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (events_.erase(event) == 0) {
    return Status(Detail::kInvalidHandle, "event " + std::to_string(event) + " does not exist on this device");
  }
  return OkStatus();
}

StatusOr<device::ExecutableId> SimDevice::LoadGraph(const model::Graph& graph) {
  auto exe = std::make_shared<Executable>();
  exe->stream_count = std::max<uint32_t>(1, graph.stream_count);
  exe->ops.reserve(graph.ops.size());
  exe->costs.reserve(graph.ops.size());
  std::vector<uint32_t> op_deps;
  for (const auto& op : graph.ops) {
    OpWork work = ComputeOpWork(graph, op);
    uint32_t block_dim = cost_model_.BlockDim(op, work);
    const CostBreakdown cost = cost_model_.Cost(op, work, block_dim);
    const int64_t duration = cost.duration_ns;
    op_deps.clear();
    for (int32_t t : op.inputs) {
      int32_t producer = graph.tensor(t).producer;
      if (producer >= 0) op_deps.push_back(static_cast<uint32_t>(producer));
    }
    std::sort(op_deps.begin(), op_deps.end());
    op_deps.erase(std::unique(op_deps.begin(), op_deps.end()), op_deps.end());
    CompiledOp compiled{};
    compiled.duration_ns = duration;
    compiled.overhead_ns = duration - std::min(duration, cost.work_ns);
    compiled.flops = work.flops;
    compiled.bytes = work.bytes;
    compiled.block_dim = block_dim;
    compiled.stream = op.stream;
    compiled.engine = op.engine;
    compiled.dma = IsCopyTask(op);
    compiled.dep_begin = static_cast<uint32_t>(exe->deps.size());
    exe->deps.insert(exe->deps.end(), op_deps.begin(), op_deps.end());
    compiled.dep_end = static_cast<uint32_t>(exe->deps.size());
    exe->ops.push_back(compiled);
    exe->names.push_back(op.name);
    exe->costs.push_back(device::OpCost{work.flops, work.macs, work.bytes, block_dim, duration});
  }
  std::lock_guard<std::mutex> lock(mu_);
  device::ExecutableId id = next_exe_id_++;
  executables_.emplace(id, std::move(exe));
  return id;
}

Status SimDevice::UnloadGraph(device::ExecutableId exe) {
  std::lock_guard<std::mutex> lock(mu_);
  if (executables_.erase(exe) == 0) {
    return Status(Detail::kInvalidHandle, "executable " + std::to_string(exe) + " is not loaded");
  }
  return OkStatus();
}

StatusOr<std::vector<device::OpCost>> SimDevice::GetGraphCosts(device::ExecutableId exe) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = executables_.find(exe);
  if (it == executables_.end()) {
    return Status(Detail::kInvalidHandle, "executable " + std::to_string(exe) + " is not loaded");
  }
  return it->second->costs;
}

StatusOr<device::TaskId> SimDevice::SubmitGraph(device::StreamId stream, device::ExecutableId exe_id,
                                                const device::LaunchInfo& launch) {
  Schedule& sched = ThreadSchedule();
  std::shared_ptr<const Executable> exe;
  device::CompletionSinkSlot::Delivery delivery;
  device::TaskId first_task = 0;
  size_t done = 0;
  Status failure;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (lost_) return LostStatus();
    ACLSIM_ASSIGN_OR_RETURN(StreamState * s, FindStream(stream));
    auto it = executables_.find(exe_id);
    if (it == executables_.end()) {
      return Status(Detail::kInvalidHandle, "executable " + std::to_string(exe_id) + " is not loaded");
    }
    exe = it->second;
    Observe(launch.host_ready_ns);  // the host had enqueued it by then: no op starts earlier
    delivery = sinks_.Acquire();
    first_task = next_task_id_;
    next_task_id_ += exe->ops.size();
    ScheduleGraphLocked(s, *exe, first_task, &sched, &done, &failure);
  }
  // Records leave the device after its lock is released: a sink that blocks
  // (backpressure from a stalled reader) holds up only this submission.
  if (delivery.sink() != nullptr) DeliverGraph(*exe, stream, launch, first_task, done, sched, delivery);
  if (!failure.ok()) return failure;
  return first_task;
}

void SimDevice::ScheduleGraphLocked(StreamState* s, const Executable& exe, device::TaskId first_task, Schedule* sched,
                                    size_t* out_done, Status* out_failure) {
  const device::VirtualTimeNs base = std::max(s->tail_ns, HostHorizonNs());
  const size_t n = exe.ops.size();
  sched->start_ns.resize(n);
  sched->end_ns.resize(n);
  sched->stream_tail_ns.assign(exe.stream_count, base);
  const bool faulty = !options_.faults.empty();
  size_t i = 0;
  for (; i < n; ++i) {
    const CompiledOp& op = exe.ops[i];
    int64_t ready = sched->stream_tail_ns[op.stream];
    for (uint32_t d = op.dep_begin; d < op.dep_end; ++d) ready = std::max(ready, sched->end_ns[exe.deps[d]]);
    if (faulty) {
      const uint64_t task_id = first_task + i;
      int32_t error = 0;
      if (LosesDeviceAt(task_id)) {
        *out_failure = LostStatus();
        break;
      }
      if (FailsHere(task_id, &exe.names[i], &error)) {
        *out_failure =
            Status::DeviceError(error, "op '" + exe.names[i] + "' (task " + std::to_string(task_id) +
                                           ") failed on device " + std::to_string(device_id_) + " (injected fault)");
        break;
      }
      ready = AddTimeNs(ready, StallNs(task_id));
    }
    const int64_t duration = Jitter(op.duration_ns);
    const int64_t start = op.dma ? std::min(ready, kMaxVirtualTimeNs)
                                 : pools_[static_cast<size_t>(op.engine)].Acquire(op.block_dim, ready, duration);
    sched->start_ns[i] = start;
    sched->end_ns[i] = AddTimeNs(start, duration);
    sched->stream_tail_ns[op.stream] = sched->end_ns[i];
  }
  *out_done = i;
  // Ops that completed before a failure are reported; the stream continues
  // after the last of them.
  s->tail_ns = *std::max_element(sched->stream_tail_ns.begin(), sched->stream_tail_ns.end());
}

void SimDevice::DeliverGraph(const Executable& exe, device::StreamId stream, const device::LaunchInfo& launch,
                             device::TaskId first_task, size_t done, const Schedule& sched,
                             const device::CompletionSinkSlot::Delivery& delivery) const {
  std::vector<device::CompletionRecord>& batch = ThreadSchedule().records;
  batch.resize(kRecordBatch);
  device::CompletionRecord rec;
  rec.device_id = device_id_;
  rec.kind = device::TaskKind::kOp;
  rec.stream_id = stream;
  rec.model_tag = launch.model_tag;
  rec.host_tid = launch.host_tid;
  size_t fill = 0;
  for (size_t i = 0; i < done; ++i) {
    const CompiledOp& op = exe.ops[i];
    const int64_t duration = sched.end_ns[i] - sched.start_ns[i];
    rec.engine = op.engine;
    rec.block_dim = op.block_dim;
    rec.task_id = first_task + i;
    rec.op_index = static_cast<uint32_t>(i);
    rec.start_ns = sched.start_ns[i];
    rec.end_ns = sched.end_ns[i];
    rec.exec_ns = std::max<int64_t>(0, duration - op.overhead_ns);
    rec.flops = op.flops;
    rec.bytes = op.bytes;
    batch[fill++] = rec;
    if (fill == kRecordBatch) {
      delivery.Deliver(batch.data(), fill);
      fill = 0;
    }
  }
  delivery.Deliver(batch.data(), fill);
}

StatusOr<device::TaskId> SimDevice::SubmitMarker(device::StreamId stream, const device::MarkerInfo& marker) {
  std::unique_lock<std::mutex> lock(mu_);
  if (lost_) return LostStatus();
  ACLSIM_ASSIGN_OR_RETURN(StreamState * s, FindStream(stream));
  Observe(marker.host_ready_ns);
  s->tail_ns = std::max(s->tail_ns, HostHorizonNs());
  device::TaskId task = next_task_id_++;
  if (!options_.faults.empty()) {
    int32_t error = 0;
    if (LosesDeviceAt(task)) return LostStatus();
    if (FailsHere(task, nullptr, &error)) {
      return Status::DeviceError(error, "marker task " + std::to_string(task) + " failed (injected fault)");
    }
    s->tail_ns = AddTimeNs(s->tail_ns, StallNs(task));
  }
  device::CompletionSinkSlot::Delivery delivery = sinks_.Acquire();
  if (delivery.sink() != nullptr) {
    device::CompletionRecord rec;
    rec.device_id = device_id_;
    rec.kind = device::TaskKind::kMarker;
    rec.stream_id = stream;
    rec.task_id = task;
    rec.host_tid = marker.host_tid;
    rec.marker_id = marker.marker_id;
    rec.marker_tag = marker.tag;
    rec.model_tag = 0xFFFFFFFFu;
    rec.start_ns = rec.end_ns = s->tail_ns;
    lock.unlock();  // delivered without the device lock, like graph records
    delivery.Deliver(&rec, 1);
  }
  return task;
}

Status SimDevice::SubmitEventRecord(device::StreamId stream, device::EventId event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (lost_) return LostStatus();
  ACLSIM_ASSIGN_OR_RETURN(StreamState * s, FindStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(EventRecordState * e, FindEvent(event));
  s->tail_ns = std::max(s->tail_ns, HostHorizonNs());
  e->recorded = true;
  e->timestamp_ns = s->tail_ns;
  return OkStatus();
}

Status SimDevice::SubmitEventWait(device::StreamId stream, device::EventId event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (lost_) return LostStatus();
  ACLSIM_ASSIGN_OR_RETURN(StreamState * s, FindStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(EventRecordState * e, FindEvent(event));
  if (e->recorded) s->tail_ns = std::max(s->tail_ns, e->timestamp_ns);
  return OkStatus();
}

Status SimDevice::SynchronizeStream(device::StreamId stream) {
  device::VirtualTimeNs tail = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (lost_) return LostStatus();
    ACLSIM_ASSIGN_OR_RETURN(StreamState * s, FindStream(stream));
    tail = s->tail_ns;
  }
  ACLSIM_RETURN_IF_ERROR(WaitUntil(tail));
  std::lock_guard<std::mutex> lock(mu_);
  Observe(tail);
  return OkStatus();
}

StatusOr<bool> SimDevice::QueryStream(device::StreamId stream) {
  std::lock_guard<std::mutex> lock(mu_);
  if (lost_) return LostStatus();
  ACLSIM_ASSIGN_OR_RETURN(StreamState * s, FindStream(stream));
  return Reached(s->tail_ns);
}

Status SimDevice::SynchronizeEvent(device::EventId event) {
  device::VirtualTimeNs t = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (lost_) return LostStatus();
    ACLSIM_ASSIGN_OR_RETURN(EventRecordState * e, FindEvent(event));
    if (!e->recorded) return OkStatus();  // CANN: nothing recorded → returns at once
    t = e->timestamp_ns;
  }
  ACLSIM_RETURN_IF_ERROR(WaitUntil(t));
  std::lock_guard<std::mutex> lock(mu_);
  Observe(t);
  return OkStatus();
}

StatusOr<device::EventState> SimDevice::QueryEvent(device::EventId event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (lost_) return LostStatus();
  ACLSIM_ASSIGN_OR_RETURN(EventRecordState * e, FindEvent(event));
  device::EventState state;
  state.recorded = e->recorded;
  state.timestamp_ns = e->timestamp_ns;
  state.complete = !e->recorded || Reached(e->timestamp_ns);
  return state;
}

Status SimDevice::SynchronizeDevice() {
  device::VirtualTimeNs latest = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (lost_) return LostStatus();
    latest = host_horizon_ns_.load(std::memory_order_relaxed);
    for (const auto& [id, s] : streams_) latest = std::max(latest, s.tail_ns);
  }
  ACLSIM_RETURN_IF_ERROR(WaitUntil(latest));
  std::lock_guard<std::mutex> lock(mu_);
  Observe(latest);
  return OkStatus();
}

device::VirtualTimeNs SimDevice::Now() {
  if (options_.clock_mode != device::ClockMode::kRealtime) return HostHorizonNs();  // one atomic load
  std::lock_guard<std::mutex> lock(mu_);
  return HostHorizonNs();
}

void SimDevice::SetCompletionSink(device::CompletionSink* sink) { sinks_.Set(sink); }

}  // namespace aclsim::sim
