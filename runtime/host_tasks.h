// HostTasks: functions a stream runs on a host thread when it reaches them —
// aclrtLaunchCallback's callbacks (run by the thread aclrtSubscribeReport
// bound to the stream, inside its aclrtProcessReport), aclrtLaunchHostFunc's
// host functions (run by the thread aclrtSubscribeHostFunc bound, inside its
// aclrtProcessHostFunc, or else by the runtime's own host-function thread)
// — and the subscriptions that say which thread serves which stream
// (hicann/runtime docs/zh/api_ref/12_execution_control.md and
// 24_other_APIs.md; docs/host_tasks.md).
//
// Stream order. Launching a host task records an internal device event at
// the stream's current end (Device::SubmitEventRecord): the event's
// timestamp is the device time the stream reaches the task. In the realtime
// clock the host thread waits for that event before it runs the function; in
// the virtual clock the device has scheduled the stream at submission, so
// the task is reached at once (and the host thread moves no clock: the
// same program gives the same timeline however its threads interleave). A
// host task takes no device time: it ends where the stream reaches it, so
// work launched after it starts no earlier. Among the host tasks of one
// stream a blocking task (every host function; a callback launched with
// ACL_CALLBACK_BLOCK) holds back the later ones until it has returned; a
// non-blocking callback holds back nothing.
//
// Synchronising a stream or its device waits for the stream's host tasks
// launched before (DeviceTable calls WaitStream / WaitDevice through
// DeviceHostTasks); a stream with host tasks not yet run is not complete
// (QueryStream). Ending a subscription, destroying the stream (or its
// context, or resetting its device) and Shutdown() drop the tasks no thread
// has started: they never run, and nothing waits for them, so no misuse
// hangs (but aclrtDestroyStream first waits for a stream whose host tasks
// all run on the runtime's own thread). A task already running finishes on
// its thread.
//
// Thread ids are what the program passes: pthread_self() values, as CANN's
// runtime compares them (a std::thread::id printed is that number).
//
// Thread safety: all methods may be called from any thread. Lock order:
// DeviceTable::mu_ → HostTasks::mu_ → backend device lock. No user function
// runs with a lock held, and the part never calls the device table while
// holding its own lock.
#ifndef ACLSIM_RUNTIME_HOST_TASKS_H_
#define ACLSIM_RUNTIME_HOST_TASKS_H_

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/device_table.h"
#include "runtime/status.h"

namespace aclsim::runtime {

enum class HostTaskKind { kCallback, kHostFunc };

class HostTasks final : public DeviceHostTasks {
 public:
  using Fn = void (*)(void*);

  // |devices| is borrowed and must outlive this part; the part registers
  // itself as the table's DeviceHostTasks and unregisters when destroyed.
  // |mode|: the backend's clock mode (the realtime clock waits for the device).
  HostTasks(DeviceTable* devices, device::ClockMode mode);
  // Shutdown(), then joins the runtime's host-function thread.
  ~HostTasks() override;
  HostTasks(const HostTasks&) = delete;
  HostTasks& operator=(const HostTasks&) = delete;

  // aclrtSubscribeReport: |thread| runs |stream|'s callbacks (NULL: the
  // current context's default stream). kStreamNotSubscribed when the stream
  // already has a callback thread or the runtime's host-function thread
  // serves it; kThreadNotSubscribed when |thread| serves a stream of
  // another device.
  Status SubscribeReport(uint64_t thread, Stream* stream);
  // kStreamNotSubscribed when |stream| has no callback thread (or the
  // runtime's thread serves it); kThreadNotSubscribed when another thread
  // does. The stream's callbacks not yet started are dropped.
  Status UnsubscribeReport(uint64_t thread, Stream* stream);
  // aclrtSubscribeHostFunc / aclrtUnSubscribeHostFunc: as above for host
  // functions (kStreamNotSubscribed for a second thread, or for an
  // unsubscribe of a thread that does not serve the stream).
  Status SubscribeHostFunc(uint64_t thread, Stream* stream);
  Status UnsubscribeHostFunc(uint64_t thread, Stream* stream);

  // aclrtLaunchCallback: kNoCallbackRegistered without a callback thread;
  // kStreamNotSubscribed when the runtime's host-function thread serves it.
  Status LaunchCallback(Fn fn, void* arg, bool blocking, Stream* stream);
  // aclrtLaunchHostFunc (always blocking): the stream's host-function
  // thread runs it, or else the runtime's own thread (which then serves the
  // stream); kStreamNotSubscribed when a callback thread serves the stream
  // and no host-function thread does.
  Status LaunchHostFunc(Stream* stream, Fn fn, void* arg);

  // aclrtProcessReport / aclrtProcessHostFunc on the calling thread: runs
  // the tasks of |kind| ready for it, waiting up to |timeout_ms| (-1:
  // forever) for the first. kThreadNotSubscribed when the thread serves no
  // stream for |kind| (or stops serving while it waits), kReportTimeout
  // when nothing arrived in time, kNotInitialized after Shutdown().
  Status Process(HostTaskKind kind, int32_t timeout_ms);

  // Drops every task not started, wakes every waiter; later launches fail
  // with kNotInitialized.
  void Shutdown();

  // DeviceHostTasks.
  Status WaitStream(Stream* stream) override;
  Status WaitDevice(DeviceState* device) override;
  void Drain(Stream* stream) override;
  bool Pending(Stream* stream) override;
  void OnStreamDestroyed(Stream* stream) override;

 private:
  struct StreamState;
  enum class State { kWaiting, kReady, kRunning };
  struct Task {
    Fn fn = nullptr;
    void* arg = nullptr;
    bool blocking = true;
    HostTaskKind kind = HostTaskKind::kCallback;
    uint64_t runner = 0;          // the serving thread (unused for the runtime's host-function thread)
    bool runtime_runner = false;  // the runtime's host-function thread runs it
    bool done = false;            // returned, or dropped
    State state = State::kWaiting;
    device::Device* device = nullptr;  // borrowed from the table (devices live as long as it)
    device::EventId event = 0;         // where the stream reaches the task
    std::shared_ptr<StreamState> stream;
  };
  using TaskRef = std::shared_ptr<Task>;
  struct StreamState {
    Stream* stream = nullptr;  // the key; never dereferenced
    DeviceState* device = nullptr;
    std::optional<uint64_t> report_thread;
    std::optional<uint64_t> hostfunc_thread;
    bool runtime_thread = false;  // the runtime's host-function thread serves it
    std::deque<TaskRef> tasks;    // launched and not finished, in stream order
  };
  // Ready tasks by who runs them: (kind, the runtime's thread, the serving thread).
  using Queue = std::tuple<HostTaskKind, bool, uint64_t>;
  // A device event to destroy once no lock is held.
  using Release = std::pair<device::Device*, device::EventId>;

  // Require mu_.
  StreamState& StateLocked(Stream* stream, DeviceState* device);
  StreamState* FindLocked(Stream* stream);
  void PromoteLocked(StreamState& s);
  // Drops the tasks of |s| not started for which |drop| holds.
  template <typename Pred>
  void DropLocked(StreamState& s, Pred drop, std::vector<Release>* out_released);
  void FinishLocked(const TaskRef& task);
  bool ServesLocked(HostTaskKind kind, uint64_t thread) const;
  static Queue QueueOf(const Task& task) { return {task.kind, task.runtime_runner, task.runner}; }
  // True when the calling thread would wait for itself on |s|.
  bool SelfWaitLocked(const StreamState& s) const;
  void ForgetIfIdleLocked(Stream* stream);

  Status Launch(Stream* stream, Fn fn, void* arg, bool blocking, HostTaskKind kind);
  Status WaitFor(const std::vector<TaskRef>& tasks, std::unique_lock<std::mutex>& lock);
  void Run(const TaskRef& task);
  void StartRuntimeThreadLocked();
  void RuntimeThreadMain();
  static void ReleaseEvents(const std::vector<Release>& released);

  DeviceTable* const devices_;
  const device::ClockMode mode_;

  std::mutex mu_;
  std::condition_variable cv_;  // any change: a task ready or finished, a subscription ended, shutdown
  bool shut_ = false;
  std::unordered_map<Stream*, std::shared_ptr<StreamState>> streams_;
  std::map<Queue, std::deque<TaskRef>> ready_;
  std::thread runtime_thread_;  // started at the first host function it runs
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_HOST_TASKS_H_
