#include "runtime/stream_sync.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace aclsim::runtime {
namespace {

constexpr int32_t kForever = -1;

GatedDevice::Bound BoundOf(int32_t timeout_ms) {
  if (timeout_ms == kForever) return std::nullopt;
  return std::chrono::milliseconds(timeout_ms);
}

Status OtherDevice() {
  return Status(Detail::kStreamOfOtherContext, "the notify and the stream belong to different devices");
}

}  // namespace

// ------------------------------------------------------------------ notifies

StatusOr<Notify*> StreamSync::CreateNotify() {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, devices_->CurrentDevice());
  ACLSIM_ASSIGN_OR_RETURN(uint32_t id, device->gated().CreateNotify());
  auto notify = std::make_unique<Notify>();
  notify->device_ = device;
  notify->id_ = id;
  Notify* raw = notify.get();
  std::lock_guard<std::mutex> lock(mu_);
  notifies_.emplace(raw, std::move(notify));
  return raw;
}

StatusOr<Notify> StreamSync::CheckNotify(Notify* notify) {
  std::lock_guard<std::mutex> lock(mu_);
  if (notifies_.count(notify) == 0) return Status(Detail::kInvalidHandle, "the notify is not a live notify");
  return *notify;
}

Status StreamSync::DestroyNotify(Notify* notify) {
  std::unique_ptr<Notify> owned;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = notifies_.find(notify);
    if (it == notifies_.end()) return Status(Detail::kInvalidHandle, "the notify is not a live notify");
    owned = std::move(it->second);
    notifies_.erase(it);
  }
  return owned->device_->gated().DestroyNotify(owned->id_);
}

StatusOr<std::pair<SubmitTarget, uint32_t>> StreamSync::TargetOn(Notify* notify, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(Notify n, CheckNotify(notify));
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  if (target.device != n.device_) return OtherDevice();
  return std::make_pair(target, n.id_);
}

Status StreamSync::RecordNotify(Notify* notify, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(auto on, TargetOn(notify, stream));
  return on.first.device->gated().RecordNotify(on.first.stream, on.second);
}

Status StreamSync::WaitAndResetNotify(Notify* notify, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(auto on, TargetOn(notify, stream));
  return on.first.device->gated().WaitAndResetNotify(on.first.stream, on.second);
}

StatusOr<uint32_t> StreamSync::NotifyId(Notify* notify) {
  ACLSIM_ASSIGN_OR_RETURN(Notify n, CheckNotify(notify));
  return n.id_;
}

Status StreamSync::ResetNotifies(Notify* const* notifies, size_t count) {
  std::vector<Notify> live;
  live.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    auto checked = CheckNotify(notifies[i]);
    if (!checked.ok()) {
      return Status(Detail::kInvalidHandle, "notifies[" + std::to_string(i) + "] is not a live notify");
    }
    live.push_back(*checked);
  }
  for (const Notify& n : live) ACLSIM_RETURN_IF_ERROR(n.device_->gated().ResetNotify(n.id_));
  return OkStatus();
}

// --------------------------------------------------- stream memory operations

Status StreamSync::ValueWrite(void* address, uint64_t value, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  const auto addr = reinterpret_cast<uintptr_t>(address);
  if (addr % sizeof(uint64_t) != 0) {
    return Status(StatusCode::kInvalidArgument, "devAddr is not 8-byte aligned");
  }
  if (!memory_->IsDeviceRange(address, sizeof(uint64_t), target.device->id())) {
    return Status(StatusCode::kInvalidArgument, "devAddr is not 8 bytes of device memory of the stream's device");
  }
  MemoryRegistry* memory = memory_;
  return target.device->gated().ValueWrite(target.stream, addr, value, [memory, address, value] {
    return memory->Copy(address, sizeof(value), &value, sizeof(value), CopyKind::kHostToDevice);
  });
}

Status StreamSync::ValueWait(void* address, uint64_t value, ValueCompare compare, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  if (!memory_->IsDeviceRange(address, sizeof(uint64_t), target.device->id())) {
    return Status(StatusCode::kInvalidArgument, "devAddr is not 8 bytes of device memory of the stream's device");
  }
  MemoryRegistry* memory = memory_;
  return target.device->gated().ValueWait(
      target.stream, reinterpret_cast<uintptr_t>(address), value, compare, [memory, address]() -> StatusOr<uint64_t> {
        uint64_t current = 0;
        ACLSIM_RETURN_IF_ERROR(
            memory->Copy(&current, sizeof(current), address, sizeof(current), CopyKind::kDeviceToHost));
        return current;
      });
}

// ------------------------------------------------------------------- streams

Status StreamSync::SetFailureMode(Stream* stream, bool stop_on_failure) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  return target.device->gated().SetStopOnFailure(target.stream, stop_on_failure);
}

Status StreamSync::AbortStream(Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  return target.device->gated().AbortStream(target.stream);
}

Status StreamSync::Bounded(DeviceState* device, int64_t end_ns, int32_t timeout_ms, const Status& timeout,
                           const std::function<Status()>& sync) {
  if (timeout_ms != kForever) {
    HostClock& host = host_clock_();
    const int64_t timeout_ns = int64_t{timeout_ms} * 1000000;
    if (host.modelled()) {
      const int64_t now_ns = std::max<int64_t>(device->device().Now(), host.AnchorNs());
      if (end_ns - now_ns > timeout_ns) {
        (void)host.Charge(timeout_ns);  // the host waited that long
        return timeout;
      }
    } else if (end_ns - device->device().Now() > timeout_ns) {
      std::this_thread::sleep_for(std::chrono::milliseconds(timeout_ms));
      if (device->device().Now() < end_ns) return timeout;
    }
  }
  Status s = sync();
  devices_->NoteHostWait(device->device());
  return s;
}

Status StreamSync::SynchronizeStream(Stream* stream, int32_t timeout_ms) {
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  GatedDevice& gated = target.device->gated();
  ACLSIM_RETURN_IF_ERROR(gated.AwaitStream(target.stream, BoundOf(timeout_ms)));
  ACLSIM_ASSIGN_OR_RETURN(int64_t end_ns, gated.StreamEndNs(target.stream));
  const Status timeout(Detail::kStreamNotComplete, "the stream's tasks did not complete within " +
                                                       std::to_string(timeout_ms) + " ms of device time");
  return Bounded(target.device, end_ns, timeout_ms, timeout, [&] { return gated.SynchronizeStream(target.stream); });
}

Status StreamSync::SynchronizeDevice(int32_t timeout_ms) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, devices_->CurrentDevice());
  GatedDevice& gated = device->gated();
  ACLSIM_RETURN_IF_ERROR(gated.AwaitDevice(BoundOf(timeout_ms)));
  ACLSIM_ASSIGN_OR_RETURN(int64_t end_ns, gated.DeviceEndNs());
  const Status timeout(Detail::kStreamNotComplete, "the device's tasks did not complete within " +
                                                       std::to_string(timeout_ms) + " ms of device time");
  return Bounded(device, end_ns, timeout_ms, timeout, [&] { return gated.SynchronizeDeviceForHost(); });
}

Status StreamSync::SynchronizeEvent(Event* event, int32_t timeout_ms) {
  ACLSIM_ASSIGN_OR_RETURN(auto resolved, devices_->ResolveEvent(event));
  DeviceState* const device = resolved.first;
  const device::EventId id = resolved.second;
  GatedDevice& gated = device->gated();
  ACLSIM_RETURN_IF_ERROR(gated.AwaitEvent(id, BoundOf(timeout_ms)));
  ACLSIM_ASSIGN_OR_RETURN(device::EventState state, gated.QueryEvent(id));
  const int64_t end_ns = state.recorded ? state.timestamp_ns : 0;
  const Status timeout(Detail::kEventNotComplete, "the event's record was not reached within " +
                                                      std::to_string(timeout_ms) + " ms of device time");
  return Bounded(device, end_ns, timeout_ms, timeout, [&] { return gated.SynchronizeEvent(id); });
}

// -------------------------------------------------------------------- events

void StreamSync::SetEventKind(Event* event, EventKind kind) {
  std::lock_guard<std::mutex> lock(mu_);
  event_kinds_[event] = kind;
}

void StreamSync::ForgetEvent(Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  event_kinds_.erase(event);
}

EventKind StreamSync::KindOf(Event* event) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = event_kinds_.find(event);
  return it == event_kinds_.end() ? EventKind{} : it->second;
}

StatusOr<uint64_t> StreamSync::EventTimestampUs(Event* event) {
  ACLSIM_ASSIGN_OR_RETURN(auto resolved, devices_->ResolveEvent(event));
  ACLSIM_ASSIGN_OR_RETURN(device::EventState state, resolved.first->gated().QueryEvent(resolved.second));
  if (!state.recorded) return Status(Detail::kEventNotRecorded, "the event has not been recorded");
  if (!state.complete) return Status(Detail::kEventNotRecorded, "the event's record has not completed yet");
  return static_cast<uint64_t>(state.timestamp_ns / 1000);
}

StatusOr<bool> StreamSync::EventWaitsComplete(Event* event) {
  ACLSIM_ASSIGN_OR_RETURN(auto resolved, devices_->ResolveEvent(event));
  GatedDevice& gated = resolved.first->gated();
  if (gated.EventWaitHeld(resolved.second)) return false;
  ACLSIM_ASSIGN_OR_RETURN(device::EventState state, gated.QueryEvent(resolved.second));
  return state.complete;
}

}  // namespace aclsim::runtime
