#include "runtime/host_tasks.h"

#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <string>

namespace aclsim::runtime {
namespace {

// The host task the calling thread is running (nullptr: none): a
// synchronisation it makes must not wait for its own stream.
thread_local const void* tls_running_stream = nullptr;

uint64_t SelfThread() { return static_cast<uint64_t>(pthread_self()); }

std::string StreamName(const SubmitTarget& target) { return "stream " + std::to_string(target.stream); }

Status NotServed(const std::string& what) { return Status(Detail::kStreamNotSubscribed, what); }

Status ShutDown() { return Status(Detail::kNotInitialized, "the runtime is finalizing: host tasks no longer run"); }

}  // namespace

HostTasks::HostTasks(DeviceTable* devices, device::ClockMode mode) : devices_(devices), mode_(mode) {
  devices_->SetHostTasks(this);
}

HostTasks::~HostTasks() {
  Shutdown();
  if (runtime_thread_.joinable()) runtime_thread_.join();
  devices_->SetHostTasks(nullptr);
}

// --------------------------------------------------------------- bookkeeping

HostTasks::StreamState& HostTasks::StateLocked(Stream* stream, DeviceState* device) {
  auto& slot = streams_[stream];
  if (!slot) {
    slot = std::make_shared<StreamState>();
    slot->stream = stream;
    slot->device = device;
  }
  return *slot;
}

HostTasks::StreamState* HostTasks::FindLocked(Stream* stream) {
  auto it = streams_.find(stream);
  return it == streams_.end() ? nullptr : it->second.get();
}

void HostTasks::ForgetIfIdleLocked(Stream* stream) {
  auto it = streams_.find(stream);
  if (it == streams_.end()) return;
  const StreamState& s = *it->second;
  if (s.tasks.empty() && !s.report_thread && !s.hostfunc_thread && !s.runtime_thread) streams_.erase(it);
}

// Tasks become ready in stream order up to (and including) the first blocking
// task not yet finished: that one holds back the rest.
void HostTasks::PromoteLocked(StreamState& s) {
  for (const TaskRef& task : s.tasks) {
    if (task->state == State::kWaiting) {
      task->state = State::kReady;
      ready_[QueueOf(*task)].push_back(task);
    }
    if (task->blocking) break;
  }
}

template <typename Pred>
void HostTasks::DropLocked(StreamState& s, Pred drop, std::vector<Release>* out_released) {
  for (auto it = s.tasks.begin(); it != s.tasks.end();) {
    const TaskRef task = *it;
    if (task->state == State::kRunning || !drop(*task)) {
      ++it;
      continue;
    }
    if (task->state == State::kReady) {
      auto q = ready_.find(QueueOf(*task));
      if (q != ready_.end()) {
        q->second.erase(std::remove(q->second.begin(), q->second.end(), task), q->second.end());
        if (q->second.empty()) ready_.erase(q);
      }
    }
    task->done = true;
    out_released->emplace_back(task->device, task->event);
    it = s.tasks.erase(it);
  }
  PromoteLocked(s);
  cv_.notify_all();
}

void HostTasks::FinishLocked(const TaskRef& task) {
  task->done = true;
  StreamState& s = *task->stream;
  s.tasks.erase(std::remove(s.tasks.begin(), s.tasks.end(), task), s.tasks.end());
  PromoteLocked(s);
  auto it = streams_.find(s.stream);
  if (it != streams_.end() && it->second == task->stream) ForgetIfIdleLocked(s.stream);
  cv_.notify_all();
}

bool HostTasks::ServesLocked(HostTaskKind kind, uint64_t thread) const {
  for (const auto& [stream, s] : streams_) {
    const std::optional<uint64_t>& served = kind == HostTaskKind::kCallback ? s->report_thread : s->hostfunc_thread;
    if (served && *served == thread) return true;
  }
  return false;
}

bool HostTasks::SelfWaitLocked(const StreamState& s) const {
  if (tls_running_stream == &s) return true;
  const uint64_t self = SelfThread();
  for (const TaskRef& task : s.tasks) {
    if (task->state != State::kRunning && !task->runtime_runner && task->runner == self) return true;
  }
  return false;
}

void HostTasks::ReleaseEvents(const std::vector<Release>& released) {
  for (const auto& [device, event] : released) (void)device->DestroyEvent(event);
}

// ------------------------------------------------------------- subscriptions

Status HostTasks::SubscribeReport(uint64_t thread, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(s));
  std::lock_guard<std::mutex> lock(mu_);
  if (shut_) return ShutDown();
  for (const auto& [other, state] : streams_) {
    if (state->report_thread == thread && state->device != target.device) {
      return Status(Detail::kThreadNotSubscribed, "thread " + std::to_string(thread) +
                                                      " already runs the callbacks of a stream of device " +
                                                      std::to_string(state->device->id()));
    }
  }
  StreamState& st = StateLocked(s, target.device);
  if (st.runtime_thread) {
    return NotServed(StreamName(target) + " runs host functions on the runtime's thread (aclrtLaunchHostFunc)");
  }
  if (st.report_thread) {
    return NotServed(StreamName(target) + " already has callback thread " + std::to_string(*st.report_thread));
  }
  st.report_thread = thread;
  return OkStatus();
}

Status HostTasks::UnsubscribeReport(uint64_t thread, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(s));
  std::vector<Release> released;
  {
    std::lock_guard<std::mutex> lock(mu_);
    StreamState* st = FindLocked(s);
    if (st != nullptr && st->runtime_thread) {
      return NotServed(StreamName(target) + " runs host functions on the runtime's thread (aclrtLaunchHostFunc)");
    }
    if (st == nullptr || !st->report_thread) return NotServed(StreamName(target) + " has no callback thread");
    if (*st->report_thread != thread) {
      return Status(Detail::kThreadNotSubscribed, "thread " + std::to_string(thread) +
                                                      " does not run the callbacks of " + StreamName(target) +
                                                      " (thread " + std::to_string(*st->report_thread) + " does)");
    }
    DropLocked(
        *st, [](const Task& t) { return t.kind == HostTaskKind::kCallback; }, &released);
    st->report_thread.reset();
    ForgetIfIdleLocked(s);
  }
  ReleaseEvents(released);
  return OkStatus();
}

Status HostTasks::SubscribeHostFunc(uint64_t thread, Stream* stream) {
  if (stream == nullptr) return Status(StatusCode::kInvalidArgument, "exeStream is NULL");
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  std::lock_guard<std::mutex> lock(mu_);
  if (shut_) return ShutDown();
  StreamState& st = StateLocked(stream, target.device);
  if (st.hostfunc_thread) {
    return NotServed(StreamName(target) + " already has host-function thread " + std::to_string(*st.hostfunc_thread));
  }
  st.hostfunc_thread = thread;
  return OkStatus();
}

Status HostTasks::UnsubscribeHostFunc(uint64_t thread, Stream* stream) {
  if (stream == nullptr) return Status(StatusCode::kInvalidArgument, "exeStream is NULL");
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  std::vector<Release> released;
  {
    std::lock_guard<std::mutex> lock(mu_);
    StreamState* st = FindLocked(stream);
    if (st == nullptr || st->hostfunc_thread != thread) {
      return NotServed(StreamName(target) + " has no host-function thread " + std::to_string(thread));
    }
    DropLocked(
        *st,
        [&](const Task& t) { return t.kind == HostTaskKind::kHostFunc && !t.runtime_runner && t.runner == thread; },
        &released);
    st->hostfunc_thread.reset();
    ForgetIfIdleLocked(stream);
  }
  ReleaseEvents(released);
  return OkStatus();
}

// ----------------------------------------------------------------- launching

Status HostTasks::LaunchCallback(Fn fn, void* arg, bool blocking, Stream* stream) {
  return Launch(stream, fn, arg, blocking, HostTaskKind::kCallback);
}

Status HostTasks::LaunchHostFunc(Stream* stream, Fn fn, void* arg) {
  return Launch(stream, fn, arg, /*blocking=*/true, HostTaskKind::kHostFunc);
}

Status HostTasks::Launch(Stream* stream, Fn fn, void* arg, bool blocking, HostTaskKind kind) {
  ACLSIM_ASSIGN_OR_RETURN(Stream * s, devices_->ResolveStream(stream));
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(s));
  device::Device& dev = target.device->device();
  Status failed;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shut_) return ShutDown();
    StreamState& st = StateLocked(s, target.device);
    auto task = std::make_shared<Task>();
    task->fn = fn;
    task->arg = arg;
    task->blocking = blocking;
    task->kind = kind;
    task->device = &dev;
    if (kind == HostTaskKind::kCallback && st.runtime_thread) {
      failed = NotServed(StreamName(target) + " runs host functions on the runtime's thread (aclrtLaunchHostFunc)");
    } else if (kind == HostTaskKind::kCallback && !st.report_thread) {
      failed = Status(Detail::kNoCallbackRegistered,
                      StreamName(target) + " has no callback thread: call aclrtSubscribeReport first");
    } else if (kind == HostTaskKind::kHostFunc && !st.hostfunc_thread && st.report_thread) {
      failed = NotServed(StreamName(target) + " runs callbacks on thread " + std::to_string(*st.report_thread) +
                         " (aclrtSubscribeReport): its host functions need a thread of aclrtSubscribeHostFunc");
    }
    if (!failed.ok()) {
      ForgetIfIdleLocked(s);
      return failed;
    }
    task->runtime_runner = kind == HostTaskKind::kHostFunc && !st.hostfunc_thread;
    if (!task->runtime_runner) task->runner = kind == HostTaskKind::kCallback ? *st.report_thread : *st.hostfunc_thread;
    // The event marks the task's place in the stream; it is recorded under
    // mu_ so that tasks of one stream enter the queue in the stream's order.
    auto event = dev.CreateEvent();
    if (event.ok()) {
      task->event = *event;
      failed = dev.SubmitEventRecord(target.stream, *event);
      if (!failed.ok()) (void)dev.DestroyEvent(*event);
    } else {
      failed = event.status();
    }
    if (failed.ok()) {
      if (task->runtime_runner) {
        st.runtime_thread = true;
        StartRuntimeThreadLocked();
      }
      task->stream = streams_[s];
      st.tasks.push_back(task);
      PromoteLocked(st);
      cv_.notify_all();
    } else {
      ForgetIfIdleLocked(s);
    }
  }
  return devices_->CheckLost(target.device->id(), failed);
}

// ----------------------------------------------------------------- running

void HostTasks::Run(const TaskRef& task) {
  // The realtime clock runs the task when the device reaches it; the
  // virtual clock has reached it already (and must not move: a wait here
  // would make the timeline depend on how host threads interleave).
  if (mode_ == device::ClockMode::kRealtime) (void)task->device->SynchronizeEvent(task->event);
  const void* outer = tls_running_stream;
  tls_running_stream = task->stream.get();
  task->fn(task->arg);
  tls_running_stream = outer;
  (void)task->device->DestroyEvent(task->event);
}

Status HostTasks::Process(HostTaskKind kind, int32_t timeout_ms) {
  const uint64_t self = SelfThread();
  const Queue q{kind, false, self};
  std::unique_lock<std::mutex> lock(mu_);
  if (shut_) return ShutDown();
  const char* what = kind == HostTaskKind::kCallback ? "callbacks" : "host functions";
  if (!ServesLocked(kind, self)) {
    return Status(Detail::kThreadNotSubscribed, "thread " + std::to_string(self) + " runs the " + what +
                                                    " of no stream (aclrtSubscribe" +
                                                    (kind == HostTaskKind::kCallback ? "Report" : "HostFunc") + ")");
  }
  auto arrived = [&] { return shut_ || ready_.count(q) != 0 || !ServesLocked(kind, self); };
  if (timeout_ms < 0) {
    cv_.wait(lock, arrived);
  } else if (!cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms), arrived)) {
    return Status(Detail::kReportTimeout,
                  "no " + std::string(what) + " arrived within " + std::to_string(timeout_ms) + " ms");
  }
  if (shut_) return ShutDown();
  if (ready_.count(q) == 0) {
    return Status(Detail::kThreadNotSubscribed,
                  "thread " + std::to_string(self) + " stopped running " + what + " while it waited");
  }
  // Runs what is ready for this thread, including tasks that become ready
  // as the ones before them return.
  for (auto it = ready_.find(q); it != ready_.end(); it = ready_.find(q)) {
    TaskRef task = it->second.front();
    it->second.pop_front();
    if (it->second.empty()) ready_.erase(it);
    task->state = State::kRunning;
    lock.unlock();
    Run(task);
    lock.lock();
    FinishLocked(task);
  }
  return OkStatus();
}

void HostTasks::StartRuntimeThreadLocked() {
  if (!runtime_thread_.joinable()) runtime_thread_ = std::thread([this] { RuntimeThreadMain(); });
}

void HostTasks::RuntimeThreadMain() {
  const Queue q{HostTaskKind::kHostFunc, true, 0};
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return shut_ || ready_.count(q) != 0; });
    if (shut_) return;
    auto it = ready_.find(q);
    TaskRef task = it->second.front();
    it->second.pop_front();
    if (it->second.empty()) ready_.erase(it);
    task->state = State::kRunning;
    lock.unlock();
    Run(task);
    lock.lock();
    FinishLocked(task);
  }
}

// ----------------------------------------------------- the device table's view

Status HostTasks::WaitFor(const std::vector<TaskRef>& tasks, std::unique_lock<std::mutex>& lock) {
  cv_.wait(lock,
           [&] { return shut_ || std::all_of(tasks.begin(), tasks.end(), [](const TaskRef& t) { return t->done; }); });
  return OkStatus();
}

Status HostTasks::WaitStream(Stream* stream) {
  std::unique_lock<std::mutex> lock(mu_);
  StreamState* s = FindLocked(stream);
  if (s == nullptr || s->tasks.empty()) return OkStatus();
  if (SelfWaitLocked(*s)) {
    return Status(StatusCode::kFailedPrecondition,
                  "the calling thread runs a host task of this stream, or is the thread that must run one: waiting "
                  "for the stream would wait for itself");
  }
  const std::vector<TaskRef> tasks(s->tasks.begin(), s->tasks.end());
  return WaitFor(tasks, lock);
}

Status HostTasks::WaitDevice(DeviceState* device) {
  std::unique_lock<std::mutex> lock(mu_);
  std::vector<TaskRef> tasks;
  for (const auto& [stream, s] : streams_) {
    if (s->device != device || s->tasks.empty()) continue;
    if (SelfWaitLocked(*s)) {
      return Status(StatusCode::kFailedPrecondition,
                    "the calling thread runs a host task of this device, or is the thread that must run one: waiting "
                    "for the device would wait for itself");
    }
    tasks.insert(tasks.end(), s->tasks.begin(), s->tasks.end());
  }
  return WaitFor(tasks, lock);
}

void HostTasks::Drain(Stream* stream) {
  std::unique_lock<std::mutex> lock(mu_);
  StreamState* s = FindLocked(stream);
  if (s == nullptr || s->tasks.empty() || SelfWaitLocked(*s)) return;
  if (!std::all_of(s->tasks.begin(), s->tasks.end(), [](const TaskRef& t) { return t->runtime_runner; })) return;
  const std::vector<TaskRef> tasks(s->tasks.begin(), s->tasks.end());
  (void)WaitFor(tasks, lock);
}

bool HostTasks::Pending(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  StreamState* s = FindLocked(stream);
  return s != nullptr && !s->tasks.empty();
}

void HostTasks::OnStreamDestroyed(Stream* stream) {
  std::vector<Release> released;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = streams_.find(stream);
    if (it == streams_.end()) return;
    DropLocked(
        *it->second, [](const Task&) { return true; }, &released);
    streams_.erase(it);
  }
  ReleaseEvents(released);
}

void HostTasks::Shutdown() {
  std::vector<Release> released;
  {
    std::lock_guard<std::mutex> lock(mu_);
    shut_ = true;
    for (auto& [stream, s] : streams_)
      DropLocked(
          *s, [](const Task&) { return true; }, &released);
    streams_.clear();
    cv_.notify_all();
  }
  ReleaseEvents(released);
}

}  // namespace aclsim::runtime
