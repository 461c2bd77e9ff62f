#include "runtime/device_table.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <iterator>
#include <string>

#include "runtime/device_table_errors.h"
#include "runtime/log.h"
#include "runtime/task_exceptions.h"

namespace aclsim::runtime {
namespace {

std::atomic<uint64_t> g_next_generation{1};

struct ThreadContext {
  uint64_t generation = 0;
  Context* context = nullptr;
};
thread_local ThreadContext tls_context;

}  // namespace

uint32_t CurrentThreadId() {
  thread_local uint32_t tid = static_cast<uint32_t>(::syscall(SYS_gettid));
  return tid;
}

// ------------------------------------------------------------------ devices

void DeviceTable::NoteHostWait(device::Device& device) {
  const int64_t now = device.Now();
  int64_t seen = host_observed_ns_.load(std::memory_order_relaxed);
  while (now > seen && !host_observed_ns_.compare_exchange_weak(seen, now, std::memory_order_release)) {
  }
}

DeviceTable::DeviceTable(device::Backend* backend, VisibleDevices visible)
    : backend_(backend), visible_(std::move(visible)), generation_(g_next_generation.fetch_add(1)) {}

DeviceTable::~DeviceTable() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [id, dev] : devices_) {
    dev->device_->SetCompletionSink(nullptr);
    (void)dev->device_->SynchronizeDevice();
  }
  events_.clear();
  streams_.clear();
  contexts_.clear();
  devices_.clear();
  if (tls_context.generation == generation_) tls_context = {};
}

uint32_t DeviceTable::DeviceCount() const {
  switch (visible_.state) {
    case VisibleDevices::State::kUnset: return backend_->DeviceCount();
    case VisibleDevices::State::kOk: return static_cast<uint32_t>(visible_.ids.size());
    default: return 0;
  }
}

Status DeviceTable::DeviceCountStatus() const {
  return visible_.ok() ? OkStatus() : Status(Detail::kNoDevice, visible_.Problem());
}

StatusOr<int32_t> DeviceTable::LogicIdOfUser(int32_t user_id) const {
  if (user_id < 0) return Status(StatusCode::kInvalidArgument, "device id " + std::to_string(user_id) + " is negative");
  if (static_cast<uint32_t>(user_id) >= DeviceCount()) return OutOfRange(user_id, DeviceCount());
  return visible_.state == VisibleDevices::State::kOk ? static_cast<int32_t>(visible_.ids[user_id]) : user_id;
}

StatusOr<int32_t> DeviceTable::UserIdOfLogic(int32_t logic_id) const {
  if (logic_id < 0)
    return Status(StatusCode::kInvalidArgument, "device id " + std::to_string(logic_id) + " is negative");
  if (visible_.state == VisibleDevices::State::kUnset) {
    if (static_cast<uint32_t>(logic_id) < backend_->DeviceCount()) return logic_id;
    return OutOfRange(logic_id, backend_->DeviceCount());
  }
  for (size_t i = 0; i < visible_.ids.size(); ++i) {
    if (visible_.ids[i] == static_cast<uint32_t>(logic_id)) return static_cast<int32_t>(i);
  }
  return Status(Detail::kInvalidDeviceId, "device " + std::to_string(logic_id) +
                                              " is not visible to this program (ASCEND_RT_VISIBLE_DEVICES=\"" +
                                              visible_.value + "\")");
}

StatusOr<DeviceState*> DeviceTable::OpenDeviceLocked(int32_t device_id, bool* out_opened) {
  *out_opened = false;
  if (!visible_.ok()) return Status(Detail::kInvalidDeviceId, visible_.Problem());
  if (device_id < 0 || static_cast<uint32_t>(device_id) >= DeviceCount()) return OutOfRange(device_id, DeviceCount());
  auto it = devices_.find(device_id);
  if (it != devices_.end()) return it->second.get();
  const int32_t backend_id = *LogicIdOfUser(device_id);
  auto opened = backend_->OpenDevice(static_cast<uint32_t>(backend_id));
  if (!opened.ok()) return opened.status();
  auto state = std::make_unique<DeviceState>();
  state->id_ = device_id;
  state->fanout_->SetUserDeviceId(static_cast<uint32_t>(device_id), backend_id != device_id);
  state->device_ = std::make_unique<GatedDevice>(std::move(opened).value());
  DeviceState* raw = state.get();
  devices_.emplace(device_id, std::move(state));
  NoteHostWait(*raw->device_);  // a device joins at its own time (a shared device may be past the origin)
  Log(LogLevel::kInfo,
      "opened device " + std::to_string(device_id) +
          (backend_id != device_id ? " (the backend's device " + std::to_string(backend_id) + ")" : "") + " (" +
          raw->device_->info().profile_name + ")");
  *out_opened = true;
  return raw;
}

StatusOr<DeviceState*> DeviceTable::Open(int32_t device_id) {
  bool opened = false;
  DeviceState* device = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(device, OpenDeviceLocked(device_id, &opened));
  }
  if (opened) ACLSIM_RETURN_IF_ERROR(NotifyOpened(device));
  return device;
}

Status DeviceTable::NotifyOpened(DeviceState* device) {
  return observer_ != nullptr ? observer_->OnDeviceOpened(device) : OkStatus();
}

Status DeviceTable::CheckLost(int32_t device_id, Status status) {
  if (status.detail() != Detail::kDeviceLost) return status;
  if (DeviceState* device = FindOpen(device_id)) device->lost_.store(true, std::memory_order_relaxed);
  if (observer_ != nullptr) observer_->OnDeviceLost(device_id);
  return status;
}

StatusOr<Context*> DeviceTable::NewContextLocked(DeviceState* device, bool primary) {
  auto stream_id = device->device_->CreateStream();
  if (!stream_id.ok()) return stream_id.status();
  auto context = std::make_unique<Context>();
  auto stream = std::make_unique<Stream>();
  context->device_ = device;
  context->primary_ = primary;
  stream->context_ = context.get();
  stream->id_ = *stream_id;
  stream->is_default_ = true;
  stream->sat_mode_ = SatModeLocked(*device);
  context->default_stream_ = stream.get();
  Context* raw = context.get();
  streams_.emplace(stream.get(), std::move(stream));
  contexts_.emplace(raw, std::move(context));
  return raw;
}

void DeviceTable::DestroyContextLocked(Context* context) {
  for (auto it = streams_.begin(); it != streams_.end();) {
    if (it->second->context_ == context) {
      if (host_tasks_ != nullptr) host_tasks_->OnStreamDestroyed(it->first);
      (void)context->device_->device_->DestroyStream(it->second->id_);
      it = streams_.erase(it);
    } else {
      ++it;
    }
  }
  if (tls_context.generation == generation_ && tls_context.context == context) tls_context = {};
  contexts_.erase(context);
}

Context* DeviceTable::CurrentContextLocked() const {
  if (tls_context.generation != generation_) return nullptr;
  Context* c = tls_context.context;
  if (c == nullptr || contexts_.find(c) == contexts_.end()) return nullptr;
  return c;
}

Status DeviceTable::SetDevice(int32_t device_id) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, Open(device_id));
  std::lock_guard<std::mutex> lock(mu_);
  if (dev->primary_ == nullptr) {
    ACLSIM_ASSIGN_OR_RETURN(dev->primary_, NewContextLocked(dev, /*primary=*/true));
  }
  ++dev->set_count_;
  tls_context = {generation_, dev->primary_};
  return OkStatus();
}

Status DeviceTable::ResetDevice(int32_t device_id, bool force) {
  std::lock_guard<std::mutex> lock(mu_);
  if (device_id < 0 || static_cast<uint32_t>(device_id) >= DeviceCount()) {
    return Status(Detail::kInvalidDeviceId, "device id " + std::to_string(device_id) + " is out of range");
  }
  auto it = devices_.find(device_id);
  if (it == devices_.end() || it->second->set_count_ == 0) {
    return Status(Detail::kContextInUse, "device " + std::to_string(device_id) + " was not set with aclrtSetDevice");
  }
  DeviceState* dev = it->second.get();
  dev->set_count_ = force ? 0 : dev->set_count_ - 1;
  if (dev->set_count_ > 0) return OkStatus();
  for (auto grant = peer_access_.begin(); grant != peer_access_.end();) {
    grant = grant->first == device_id ? peer_access_.erase(grant) : std::next(grant);
  }
  (void)dev->device_->SynchronizeDevice();
  NoteHostWait(*dev->device_);
  if (dev->primary_ != nullptr) {
    DestroyContextLocked(dev->primary_);
    dev->primary_ = nullptr;
  }
  return OkStatus();
}

StatusOr<int32_t> DeviceTable::GetDevice() const {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  return c->device_->id_;
}

StatusOr<DeviceState*> DeviceTable::CurrentDevice() const {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  return c->device_;
}

std::vector<DeviceState*> DeviceTable::OpenDevices() const {
  std::vector<DeviceState*> out;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [id, dev] : devices_) out.push_back(dev.get());
  }
  std::sort(out.begin(), out.end(), [](const DeviceState* a, const DeviceState* b) { return a->id() < b->id(); });
  return out;
}

DeviceState* DeviceTable::FindOpen(int32_t device_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = devices_.find(device_id);
  return it == devices_.end() ? nullptr : it->second.get();
}

Status DeviceTable::SynchronizeDevice() {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, CurrentDevice());
  if (host_tasks_ != nullptr) ACLSIM_RETURN_IF_ERROR(host_tasks_->WaitDevice(dev));
  Status s = dev->device_->SynchronizeDeviceForHost();
  NoteHostWait(*dev->device_);
  return s;
}

StatusOr<device::DeviceInfo> DeviceTable::GetDeviceInfo(int32_t device_id) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, Open(device_id));
  return dev->device_->info();
}

StatusOr<device::VirtualTimeNs> DeviceTable::DeviceNowNs(int32_t device_id) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, Open(device_id));
  return dev->device_->Now();
}

// ----------------------------------------------------------------- contexts

StatusOr<Context*> DeviceTable::CreateContext(int32_t device_id) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * dev, Open(device_id));
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Context * c, NewContextLocked(dev, /*primary=*/false));
  tls_context = {generation_, c};
  return c;
}

Status DeviceTable::DestroyContext(Context* context) {
  std::lock_guard<std::mutex> lock(mu_);
  if (contexts_.find(context) == contexts_.end()) return InvalidHandle("context");
  if (context->primary_) {
    return Status(StatusCode::kInvalidArgument,
                  "the default context of a device is released with aclrtResetDevice, not aclrtDestroyContext");
  }
  (void)context->device_->device_->SynchronizeDevice();
  NoteHostWait(*context->device_->device_);
  DestroyContextLocked(context);
  return OkStatus();
}

Status DeviceTable::SetCurrentContext(Context* context) {
  std::lock_guard<std::mutex> lock(mu_);
  if (contexts_.find(context) == contexts_.end()) return InvalidHandle("context");
  tls_context = {generation_, context};
  return OkStatus();
}

StatusOr<Context*> DeviceTable::GetCurrentContext() const {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  return c;
}

// ------------------------------------------------------------------ streams

Status DeviceTable::CheckStreamLocked(Stream* stream) const {
  if (streams_.find(stream) == streams_.end()) return InvalidHandle("stream");
  return OkStatus();
}

Status DeviceTable::CheckEventLocked(Event* event) const {
  if (events_.find(event) == events_.end()) return InvalidHandle("event");
  return OkStatus();
}

StatusOr<Stream*> DeviceTable::ResolveStreamLocked(Stream* stream) const {
  if (stream == nullptr) {
    Context* c = CurrentContextLocked();
    if (c == nullptr) return NoContext();
    return c->default_stream_;
  }
  ACLSIM_RETURN_IF_ERROR(CheckStreamLocked(stream));
  return stream;
}

StatusOr<Stream*> DeviceTable::ResolveStream(Stream* stream) const {
  std::lock_guard<std::mutex> lock(mu_);
  return ResolveStreamLocked(stream);
}

StatusOr<SubmitTarget> DeviceTable::ResolveTarget(Stream* stream) const {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  return SubmitTarget{s->context_->device_, s->id_, s};
}

StatusOr<Stream*> DeviceTable::CreateStream(uint32_t priority, uint32_t flags) {
  std::lock_guard<std::mutex> lock(mu_);
  Context* c = CurrentContextLocked();
  if (c == nullptr) return NoContext();
  auto id = c->device_->device_->CreateStream();
  if (!id.ok()) return id.status();
  auto stream = std::make_unique<Stream>();
  stream->context_ = c;
  stream->id_ = *id;
  stream->priority_ = priority;
  stream->flags_ = flags;
  stream->sat_mode_ = SatModeLocked(*c->device_);
  Stream* raw = stream.get();
  streams_.emplace(raw, std::move(stream));
  return raw;
}

Status DeviceTable::DestroyStream(Stream* stream, bool force) {
  if (host_tasks_ != nullptr && !force) host_tasks_->Drain(stream);
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckStreamLocked(stream));
  if (stream->is_default_) {
    return Status(StatusCode::kInvalidArgument, "the default stream of a context cannot be destroyed");
  }
  if (host_tasks_ != nullptr) host_tasks_->OnStreamDestroyed(stream);
  Status destroyed = stream->context_->device_->device_->DestroyStream(stream->id_);
  // Destroying a stream waits for its work; a forced destroy does not, so
  // the host's clock does not move to the device's.
  if (!force) NoteHostWait(*stream->context_->device_->device_);
  ACLSIM_RETURN_IF_ERROR(destroyed);
  streams_.erase(stream);
  return OkStatus();
}

Status DeviceTable::SynchronizeStream(Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * resolved, ResolveStream(stream));
  if (host_tasks_ != nullptr) ACLSIM_RETURN_IF_ERROR(host_tasks_->WaitStream(resolved));
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, ResolveTarget(resolved));
  Status s = target.device->device_->SynchronizeStream(target.stream);
  NoteHostWait(*target.device->device_);
  return s;
}

StatusOr<bool> DeviceTable::QueryStream(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (host_tasks_ != nullptr && host_tasks_->Pending(s)) return false;
  return s->context_->device_->device_->QueryStream(s->id_);
}

// ------------------------------------------------------------------- events

StatusOr<Event*> DeviceTable::CreateEvent() {
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

Status DeviceTable::DestroyEvent(Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  ACLSIM_RETURN_IF_ERROR(event->device_->device_->DestroyEvent(event->id_));
  events_.erase(event);
  return OkStatus();
}

Status DeviceTable::RecordEvent(Event* event, Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (s->context_->device_ != event->device_) {
    return Status(Detail::kStreamOfOtherContext, "event and stream belong to different devices");
  }
  return event->device_->device_->SubmitEventRecord(s->id_, event->id_);
}

Status DeviceTable::StreamWaitEvent(Stream* stream, Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, ResolveStreamLocked(stream));
  if (s->context_->device_ != event->device_) {
    return Status(Detail::kStreamOfOtherContext,
                  "cross-device event waits are not supported: event and stream belong to different devices");
  }
  return event->device_->device_->SubmitEventWait(s->id_, event->id_);
}

Status DeviceTable::SynchronizeEvent(Event* event) {
  device::Device* dev = nullptr;
  device::EventId id = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
    dev = event->device_->device_.get();
    id = event->id_;
  }
  Status s = dev->SynchronizeEvent(id);
  NoteHostWait(*dev);
  return s;
}

StatusOr<device::EventState> DeviceTable::QueryEvent(Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(event));
  return event->device_->device_->QueryEvent(event->id_);
}

StatusOr<float> DeviceTable::EventElapsedTime(Event* start, Event* end) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(start));
  ACLSIM_RETURN_IF_ERROR(CheckEventLocked(end));
  if (start->device_ != end->device_) {
    return Status(StatusCode::kInvalidArgument, "events belong to different devices");
  }
  ACLSIM_ASSIGN_OR_RETURN(device::EventState s, start->device_->device_->QueryEvent(start->id_));
  ACLSIM_ASSIGN_OR_RETURN(device::EventState e, end->device_->device_->QueryEvent(end->id_));
  if (!s.recorded || !e.recorded) {
    return Status(StatusCode::kInternal, "aclrtEventElapsedTime needs two recorded events");
  }
  if (!s.complete || !e.complete) {
    return Status(Detail::kEventNotRecorded, "an event has not completed yet");
  }
  return static_cast<float>(static_cast<double>(e.timestamp_ns - s.timestamp_ns) / 1e6);
}

StatusOr<device::TaskId> DeviceTable::SubmitMarker(Stream* stream, uint64_t marker_id, uint32_t tag,
                                                   int64_t host_ready_ns) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, ResolveTarget(stream));
  auto task = target.device->device_->SubmitMarker(target.stream, {marker_id, tag, CurrentThreadId(), host_ready_ns});
  if (!task.ok()) {
    return CheckLost(target.device->id_, ReportTaskFailure(*target.device, target.stream, false, task.status()));
  }
  NoteLaunchedTask(*task);
  return task;
}

// -------------------------------------------------------------------- sinks

void DeviceTable::AddSink(DeviceState* device, device::CompletionSink* sink) {
  std::lock_guard<std::mutex> lock(device->sink_mu_);
  const size_t before = device->fanout_->size();
  if (device->fanout_->Add(sink) == 1 && before == 0) device->device_->SetCompletionSink(device->fanout_.get());
}

void DeviceTable::RemoveSink(DeviceState* device, device::CompletionSink* sink) {
  std::lock_guard<std::mutex> lock(device->sink_mu_);
  const size_t before = device->fanout_->size();
  if (device->fanout_->Remove(sink) == 0 && before != 0) device->device_->SetCompletionSink(nullptr);
}

}  // namespace aclsim::runtime
