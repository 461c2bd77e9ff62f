#include "runtime/gated_device.h"

#include <algorithm>
#include <string>
#include <utility>

namespace aclsim::runtime {
namespace {

Status UnknownNotify(uint32_t notify) {
  return Status(Detail::kInvalidHandle, "notify " + std::to_string(notify) + " does not exist on this device");
}

}  // namespace

bool ValueSatisfies(uint64_t current, uint64_t value, ValueCompare compare) {
  switch (compare) {
    case ValueCompare::kGeq: return static_cast<int64_t>(current - value) >= 0;
    case ValueCompare::kEq: return current == value;
    case ValueCompare::kAnd: return (current & value) != 0;
    case ValueCompare::kNor: return ~(current | value) != 0;
  }
  return false;
}

GatedDevice::GatedDevice(std::unique_ptr<device::Device> inner) : inner_(std::move(inner)) {}

GatedDevice::~GatedDevice() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  poll_cv_.notify_all();
  if (poller_.joinable()) poller_.join();
}

void GatedDevice::StartPollerLocked() {
  if (polling_ || stopping_) return;
  // A previous poller has left its loop (polling_ false) and needs no lock
  // to finish.
  if (poller_.joinable()) poller_.join();
  polling_ = true;
  poller_ = std::thread([this] { Poll(); });
}

void GatedDevice::Poll() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    poll_cv_.wait_for(lock, std::chrono::milliseconds(1), [this] { return stopping_; });
    if (stopping_) break;
    bool held = false;
    std::vector<device::StreamId> to_drain = ReleaseLocked(
        [&held](const Condition& c) {
          if (c.notify || c.event != 0 || !c.load) return false;
          held = true;
          StatusOr<uint64_t> current = c.load();
          return current.ok() && ValueSatisfies(*current, c.value, c.compare);
        },
        0);
    if (!held) break;
    lock.unlock();
    for (device::StreamId id : to_drain) Drain(id);
    lock.lock();
  }
  polling_ = false;
}

StatusOr<device::StreamId> GatedDevice::CreateStream() {
  ACLSIM_ASSIGN_OR_RETURN(device::StreamId id, inner_->CreateStream());
  std::lock_guard<std::mutex> lock(mu_);
  gates_[id] = Gate{};
  return id;
}

Status GatedDevice::DestroyStream(device::StreamId stream) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = gates_.find(stream);
    if (it != gates_.end()) {
      for (const Held& h : it->second.queue) {
        Unqueue(h);
        ReapLocked(h);
      }
      gates_.erase(it);
    }
  }
  released_.notify_all();
  return inner_->DestroyStream(stream);
}

void GatedDevice::Unqueue(const Held& held) {
  if (held.records != 0 && --pending_records_[held.records] == 0) pending_records_.erase(held.records);
  if (held.waits != 0 && --pending_waits_[held.waits] == 0) pending_waits_.erase(held.waits);
}

void GatedDevice::ReapLocked(const Held& held) {
  for (device::EventId ev : {held.records, held.waits}) {
    if (ev != 0 && doomed_.count(ev) != 0 && pending_records_.count(ev) == 0 && pending_waits_.count(ev) == 0) {
      doomed_.erase(ev);
      (void)inner_->DestroyEvent(ev);
    }
  }
}

Status GatedDevice::DestroyEvent(device::EventId event) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (pending_records_.count(event) != 0 || pending_waits_.count(event) != 0) {
      doomed_[event] = true;
      return OkStatus();
    }
  }
  return inner_->DestroyEvent(event);
}

Status GatedDevice::Submit(device::StreamId stream, Held held) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = gates_.find(stream);
    if (it != gates_.end()) {
      Gate& g = it->second;
      if (g.stop_on_failure && !g.failure.ok()) return g.failure;  // stopped: no new tasks
      if (g.held()) {
        if (held.records != 0) ++pending_records_[held.records];
        if (held.waits != 0) ++pending_waits_[held.waits];
        g.queue.push_back(std::move(held));
        return OkStatus();
      }
    }
  }
  return Run(stream, held.step);
}

Status GatedDevice::Run(device::StreamId stream, const Step& step) {
  Status s = step();
  if (!s.ok() && s.code() == StatusCode::kAborted) {
    // Its caller sees this failure; a stopped stream keeps it for every
    // later submission and synchronisation.
    std::lock_guard<std::mutex> lock(mu_);
    auto it = gates_.find(stream);
    if (it != gates_.end() && it->second.stop_on_failure && it->second.failure.ok()) it->second.failure = s;
  }
  return s;
}

void GatedDevice::Drain(device::StreamId stream) {
  for (;;) {
    Held h;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = gates_.find(stream);
      if (it == gates_.end()) return;
      Gate& g = it->second;
      if (g.waiting.has_value() || g.queue.empty()) {
        g.draining = false;
        released_.notify_all();
        return;
      }
      h = std::move(g.queue.front());
      g.queue.pop_front();
    }
    Status s = Run(stream, h.step);
    std::vector<device::StreamId> to_drain;
    {
      std::lock_guard<std::mutex> lock(mu_);
      Unqueue(h);
      // Nobody sees a held task's return value: its failure is the stream's.
      auto it = gates_.find(stream);
      if (!s.ok() && it != gates_.end() && it->second.failure.ok()) it->second.failure = s;
      if (h.records != 0 && pending_records_.count(h.records) == 0) {
        const device::EventId ev = h.records;
        to_drain = ReleaseLocked([ev](const Condition& c) { return c.event == ev; }, ev);
      }
      ReapLocked(h);
    }
    for (device::StreamId id : to_drain) Drain(id);
  }
}

std::vector<device::StreamId> GatedDevice::ReleaseLocked(const std::function<bool(const Condition&)>& satisfied,
                                                         device::EventId event) {
  // In stream id order, so which of several notify waiters is released
  // first does not depend on the map's layout.
  std::vector<device::StreamId> ids;
  for (const auto& [id, g] : gates_) {
    if (g.waiting.has_value()) ids.push_back(id);
  }
  std::sort(ids.begin(), ids.end());
  std::vector<device::StreamId> to_drain;
  for (device::StreamId id : ids) {
    Gate& g = gates_[id];
    if (!satisfied(*g.waiting)) continue;
    const bool notify = g.waiting->notify;
    g.waiting.reset();
    if (event != 0) (void)inner_->SubmitEventWait(id, event);  // later tasks start no earlier than the release
    if (!g.draining && !g.queue.empty()) {
      g.draining = true;
      to_drain.push_back(id);
    }
    if (notify) break;  // a notify releases one waiter, which resets it
  }
  released_.notify_all();
  return to_drain;
}

// ---------------------------------------------------------------- submits

StatusOr<device::TaskId> GatedDevice::SubmitGraph(device::StreamId stream, device::ExecutableId exe,
                                                  const device::LaunchInfo& launch) {
  auto task = std::make_shared<device::TaskId>(0);  // shared with a queued step
  Status s = Submit(stream, {[this, stream, exe, launch, task]() -> Status {
                               auto t = inner_->SubmitGraph(stream, exe, launch);
                               if (!t.ok()) return t.status();
                               *task = *t;
                               return OkStatus();
                             },
                             0, 0});
  if (!s.ok()) return s;
  return *task;
}

StatusOr<device::TaskId> GatedDevice::SubmitMarker(device::StreamId stream, const device::MarkerInfo& marker) {
  auto task = std::make_shared<device::TaskId>(0);  // shared with a queued step
  Status s = Submit(stream, {[this, stream, marker, task]() -> Status {
                               auto t = inner_->SubmitMarker(stream, marker);
                               if (!t.ok()) return t.status();
                               *task = *t;
                               return OkStatus();
                             },
                             0, 0});
  if (!s.ok()) return s;
  return *task;
}

Status GatedDevice::SubmitEventRecord(device::StreamId stream, device::EventId event) {
  return Submit(stream, {[this, stream, event] { return inner_->SubmitEventRecord(stream, event); }, event, 0});
}

Status GatedDevice::SubmitEventWait(device::StreamId stream, device::EventId event) {
  return Submit(stream, {[this, stream, event] { return DoEventWait(stream, event); }, 0, event});
}

Status GatedDevice::DoEventWait(device::StreamId stream, device::EventId event) {
  std::lock_guard<std::mutex> lock(mu_);
  if (pending_records_.count(event) != 0) {
    // The record is held on another stream: this stream waits for it to
    // reach the backend, then for the record itself (ReleaseLocked).
    auto g = gates_.find(stream);
    if (g != gates_.end()) {
      Condition c;
      c.event = event;
      g->second.waiting = c;
      return OkStatus();
    }
  }
  return inner_->SubmitEventWait(stream, event);
}

// ------------------------------------------------------------ host waits

Status GatedDevice::AwaitStream(device::StreamId stream, Bound timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  auto it = gates_.find(stream);
  if (it == gates_.end()) return OkStatus();
  const uint64_t seq = it->second.abort_seq;
  bool aborted = false;
  auto done = [&] {
    auto g = gates_.find(stream);
    if (g == gates_.end()) return true;
    if (g->second.abort_seq != seq) return aborted = true;
    return !g->second.held();
  };
  if (timeout.has_value()) {
    if (!released_.wait_for(lock, *timeout, done)) {
      return Status(Detail::kStreamNotComplete, "stream " + std::to_string(stream) +
                                                    " is still held by an unsatisfied wait after " +
                                                    std::to_string(timeout->count()) + " ms");
    }
  } else {
    released_.wait(lock, done);
  }
  if (aborted) return Status(StatusCode::kCancelled, "stream " + std::to_string(stream) + " was aborted");
  return OkStatus();
}

Status GatedDevice::AwaitDevice(Bound timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  auto done = [&] { return std::none_of(gates_.begin(), gates_.end(), [](const auto& g) { return g.second.held(); }); };
  if (timeout.has_value()) {
    if (!released_.wait_for(lock, *timeout, done)) {
      return Status(Detail::kStreamNotComplete, "a stream of the device is still held by an unsatisfied wait after " +
                                                    std::to_string(timeout->count()) + " ms");
    }
  } else {
    released_.wait(lock, done);
  }
  return OkStatus();
}

Status GatedDevice::AwaitEvent(device::EventId event, Bound timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  auto done = [&] { return pending_records_.count(event) == 0; };
  if (timeout.has_value()) {
    if (!released_.wait_for(lock, *timeout, done)) {
      return Status(Detail::kEventNotComplete, "the event's record is still held by an unsatisfied wait after " +
                                                   std::to_string(timeout->count()) + " ms");
    }
  } else {
    released_.wait(lock, done);
  }
  return OkStatus();
}

Status GatedDevice::FailureOf(Gate* gate) {
  if (gate->failure.ok()) return OkStatus();
  Status s = gate->failure;
  if (!gate->stop_on_failure) gate->failure = OkStatus();  // reported once; the stream went on
  return s;
}

Status GatedDevice::SynchronizeStream(device::StreamId stream) {
  ACLSIM_RETURN_IF_ERROR(AwaitStream(stream, std::nullopt));
  ACLSIM_RETURN_IF_ERROR(inner_->SynchronizeStream(stream));
  std::lock_guard<std::mutex> lock(mu_);
  auto it = gates_.find(stream);
  return it == gates_.end() ? OkStatus() : FailureOf(&it->second);
}

StatusOr<bool> GatedDevice::QueryStream(device::StreamId stream) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = gates_.find(stream);
    if (it != gates_.end() && it->second.held()) return false;
  }
  return inner_->QueryStream(stream);
}

Status GatedDevice::SynchronizeEvent(device::EventId event) {
  ACLSIM_RETURN_IF_ERROR(AwaitEvent(event, std::nullopt));
  return inner_->SynchronizeEvent(event);
}

StatusOr<device::EventState> GatedDevice::QueryEvent(device::EventId event) {
  ACLSIM_ASSIGN_OR_RETURN(device::EventState state, inner_->QueryEvent(event));
  std::lock_guard<std::mutex> lock(mu_);
  if (pending_records_.count(event) != 0) {
    state.recorded = true;
    state.complete = false;
  }
  return state;
}

Status GatedDevice::SynchronizeDeviceForHost() {
  ACLSIM_RETURN_IF_ERROR(AwaitDevice(std::nullopt));
  ACLSIM_RETURN_IF_ERROR(inner_->SynchronizeDevice());
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<device::StreamId> ids;
  for (const auto& [id, g] : gates_) {
    if (!g.failure.ok()) ids.push_back(id);
  }
  if (ids.empty()) return OkStatus();
  return FailureOf(&gates_[*std::min_element(ids.begin(), ids.end())]);
}

bool GatedDevice::EventWaitHeld(device::EventId event) {
  std::lock_guard<std::mutex> lock(mu_);
  return pending_waits_.count(event) != 0;
}

StatusOr<device::EventId> GatedDevice::ProbeLocked() {
  if (probe_ == 0) {
    ACLSIM_ASSIGN_OR_RETURN(probe_, inner_->CreateEvent());
  }
  return probe_;
}

StatusOr<device::VirtualTimeNs> GatedDevice::StreamEndNs(device::StreamId stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(device::EventId probe, ProbeLocked());
  ACLSIM_RETURN_IF_ERROR(inner_->SubmitEventRecord(stream, probe));
  ACLSIM_ASSIGN_OR_RETURN(device::EventState state, inner_->QueryEvent(probe));
  return state.timestamp_ns;
}

StatusOr<device::VirtualTimeNs> GatedDevice::DeviceEndNs() {
  std::vector<device::StreamId> ids;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [id, g] : gates_) ids.push_back(id);
  }
  device::VirtualTimeNs end = inner_->Now();
  for (device::StreamId id : ids) {
    auto t = StreamEndNs(id);
    if (t.ok()) end = std::max(end, *t);  // a stream destroyed meanwhile is done
  }
  return end;
}

// --------------------------------------------------- failure mode, abort

Status GatedDevice::SetStopOnFailure(device::StreamId stream, bool stop) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = gates_.find(stream);
  if (it == gates_.end()) return Status(Detail::kInvalidHandle, "stream does not exist on this device");
  it->second.stop_on_failure = stop;
  it->second.mode_set = true;
  return OkStatus();
}

Status GatedDevice::AbortStream(device::StreamId stream) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = gates_.find(stream);
    if (it == gates_.end()) return Status(Detail::kInvalidHandle, "stream does not exist on this device");
    Gate& g = it->second;
    for (const Held& h : g.queue) {
      Unqueue(h);
      ReapLocked(h);
    }
    g.queue.clear();
    g.waiting.reset();
    g.failure = OkStatus();
    ++g.abort_seq;
  }
  released_.notify_all();
  return OkStatus();
}

// ------------------------------------------------ stream memory operations

Status GatedDevice::ValueWrite(device::StreamId stream, uintptr_t address, uint64_t value,
                               std::function<Status()> store) {
  return Submit(stream, {[this, stream, address, value, store = std::move(store)] {
                           return DoValueWrite(stream, address, value, store);
                         },
                         0, 0});
}

Status GatedDevice::ValueWait(device::StreamId stream, uintptr_t address, uint64_t value, ValueCompare compare,
                              std::function<StatusOr<uint64_t>()> load, bool polled) {
  Condition c;
  c.address = address;
  c.value = value;
  c.compare = compare;
  return Submit(
      stream,
      {[this, stream, c, load = std::move(load), polled] { return DoValueWait(stream, c, load, polled); }, 0, 0});
}

Status GatedDevice::DoValueWrite(device::StreamId stream, uintptr_t address, uint64_t value,
                                 const std::function<Status()>& store) {
  std::vector<device::StreamId> to_drain;
  {
    // Value operations are ordered by mu_: a wait either sees a write's
    // value or is held before the write looks for waiters.
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_RETURN_IF_ERROR(store());
    device::EventId& ev = value_events_[address];
    if (ev == 0) {
      auto created = inner_->CreateEvent();
      if (!created.ok()) {
        value_events_.erase(address);
        return created.status();
      }
      ev = *created;
    }
    ACLSIM_RETURN_IF_ERROR(inner_->SubmitEventRecord(stream, ev));
    to_drain = ReleaseLocked(
        [&](const Condition& c) {
          return !c.notify && c.event == 0 && c.address == address && ValueSatisfies(value, c.value, c.compare);
        },
        ev);
  }
  for (device::StreamId id : to_drain) Drain(id);
  return OkStatus();
}

Status GatedDevice::DoValueWait(device::StreamId stream, const Condition& c,
                                const std::function<StatusOr<uint64_t>()>& load, bool polled) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(uint64_t current, load());
  if (ValueSatisfies(current, c.value, c.compare)) {
    auto ev = value_events_.find(c.address);
    // Written by a stream: no earlier than that write on the device.
    return ev == value_events_.end() ? OkStatus() : inner_->SubmitEventWait(stream, ev->second);
  }
  auto it = gates_.find(stream);
  if (it == gates_.end()) return Status(Detail::kInvalidHandle, "stream does not exist on this device");
  Condition held = c;
  if (polled) {
    held.load = load;
    StartPollerLocked();
  }
  it->second.waiting = std::move(held);
  return OkStatus();
}

// ---------------------------------------------------------------- notifies

StatusOr<uint32_t> GatedDevice::CreateNotify() {
  std::lock_guard<std::mutex> lock(mu_);
  const uint32_t id = next_notify_++;
  notifies_[id] = NotifyState{};
  return id;
}

Status GatedDevice::DestroyNotify(uint32_t notify) {
  device::EventId ev = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = notifies_.find(notify);
    if (it == notifies_.end()) return UnknownNotify(notify);
    ev = it->second.event;
    notifies_.erase(it);
  }
  if (ev != 0) (void)inner_->DestroyEvent(ev);
  return OkStatus();
}

Status GatedDevice::ResetNotify(uint32_t notify) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = notifies_.find(notify);
  if (it == notifies_.end()) return UnknownNotify(notify);
  it->second.recorded = false;
  return OkStatus();
}

Status GatedDevice::RecordNotify(device::StreamId stream, uint32_t notify) {
  return Submit(stream, {[this, stream, notify] { return DoRecordNotify(stream, notify); }, 0, 0});
}

Status GatedDevice::WaitAndResetNotify(device::StreamId stream, uint32_t notify) {
  return Submit(stream, {[this, stream, notify] { return DoWaitNotify(stream, notify); }, 0, 0});
}

Status GatedDevice::DoRecordNotify(device::StreamId stream, uint32_t notify) {
  std::vector<device::StreamId> to_drain;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = notifies_.find(notify);
    if (it == notifies_.end()) return UnknownNotify(notify);
    NotifyState& n = it->second;
    if (n.event == 0) {
      ACLSIM_ASSIGN_OR_RETURN(n.event, inner_->CreateEvent());
    }
    ACLSIM_RETURN_IF_ERROR(inner_->SubmitEventRecord(stream, n.event));
    n.recorded = true;
    bool taken = false;
    to_drain = ReleaseLocked(
        [&](const Condition& c) {
          if (taken || !c.notify || c.notify_id != notify) return false;
          taken = true;
          return true;
        },
        n.event);
    if (taken) n.recorded = false;  // the waiter reset it
  }
  for (device::StreamId id : to_drain) Drain(id);
  return OkStatus();
}

Status GatedDevice::DoWaitNotify(device::StreamId stream, uint32_t notify) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = notifies_.find(notify);
  if (it == notifies_.end()) return UnknownNotify(notify);
  NotifyState& n = it->second;
  if (n.recorded) {
    n.recorded = false;
    return inner_->SubmitEventWait(stream, n.event);
  }
  auto g = gates_.find(stream);
  if (g == gates_.end()) return Status(Detail::kInvalidHandle, "stream does not exist on this device");
  Condition c;
  c.notify = true;
  c.notify_id = notify;
  g->second.waiting = c;
  return OkStatus();
}

}  // namespace aclsim::runtime
