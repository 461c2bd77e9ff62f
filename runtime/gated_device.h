// GatedDevice: a device seen through the runtime's stream gates.
//
// Backends compute every task's times when it is submitted, so a stream can
// only wait for what was already submitted (an event record). CANN's stream
// memory waits (aclrtValueWait) and notify waits (aclrtWaitAndResetNotify)
// block a stream until another stream — possibly submitted later, from
// another host thread — writes a value or records the notify. GatedDevice
// sits between the device table and the backend's device and holds such a
// stream: while its wait is unsatisfied, everything submitted to it (graphs,
// markers, event records and waits, further value and notify operations) is
// queued in submission order instead of reaching the backend, and host waits
// on it (stream, event and device synchronisation) block. The write or
// record that satisfies the wait is an event record on its own stream; the
// held stream first waits for that event on the backend (so its later tasks
// start no earlier than the write, on the device's clock) and then its queue
// is submitted, in order, by the thread that released it.
//
// It also keeps what CANN keeps per stream on the host side: the failure
// mode (aclrtSetStreamFailureMode: a task that fails when submitted is
// reported by its submission, a held task's failure by the next
// synchronisation of the stream; in stop mode the first failure is kept:
// every later submission is refused and every synchronisation reports it),
// and aborts
// (aclrtStreamAbort: queued tasks are dropped, host waits on the stream end
// with kCancelled).
//
// Values are host-backed device memory: a value write stores into memory
// when it reaches the backend (|store|), a wait reads memory when it does
// (|load|); a held wait is re-examined when a value write to the same
// address reaches the backend, against the value written. A wait on memory
// that another process writes (an IPC event's record slots,
// runtime/ipc_events.h) is |polled|: while it is held, the device's poller
// thread re-examines it every millisecond, and its release orders the
// stream's later tasks after the write on the host only (no write of this
// device's clock precedes them). Only memory that every writer accesses
// atomically is polled.
//
// Thread safety: every method may be called from any thread. mu_ is taken
// after the device table's lock and before the backend's device lock; held
// work is submitted without it (records go to sinks from that thread).
#ifndef ACLSIM_RUNTIME_GATED_DEVICE_H_
#define ACLSIM_RUNTIME_GATED_DEVICE_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/status.h"

namespace aclsim::runtime {

// aclrtValueWait's comparisons (ACL_STREAM_WAIT_VALUE_*).
enum class ValueCompare : uint32_t { kGeq = 0, kEq = 1, kAnd = 2, kNor = 3 };
bool ValueSatisfies(uint64_t current, uint64_t value, ValueCompare compare);

class GatedDevice final : public device::Device {
 public:
  // Takes ownership of the backend's device.
  explicit GatedDevice(std::unique_ptr<device::Device> inner);
  ~GatedDevice() override;

  const device::DeviceInfo& info() const override { return inner_->info(); }
  StatusOr<device::StreamId> CreateStream() override;
  // Drops the stream's held work (nothing can release it any more).
  Status DestroyStream(device::StreamId stream) override;
  StatusOr<device::EventId> CreateEvent() override { return inner_->CreateEvent(); }
  // An event a held record or wait still names is destroyed once they ran
  // (CANN: destroying an event before it completes is allowed).
  Status DestroyEvent(device::EventId event) override;
  StatusOr<device::ExecutableId> LoadGraph(const model::Graph& graph) override { return inner_->LoadGraph(graph); }
  Status UnloadGraph(device::ExecutableId exe) override { return inner_->UnloadGraph(exe); }
  StatusOr<std::vector<device::OpCost>> GetGraphCosts(device::ExecutableId exe) override {
    return inner_->GetGraphCosts(exe);
  }
  // A held stream's submission is queued: task id 0.
  StatusOr<device::TaskId> SubmitGraph(device::StreamId stream, device::ExecutableId exe,
                                       const device::LaunchInfo& launch) override;
  StatusOr<device::TaskId> SubmitMarker(device::StreamId stream, const device::MarkerInfo& marker) override;
  Status SubmitEventRecord(device::StreamId stream, device::EventId event) override;
  Status SubmitEventWait(device::StreamId stream, device::EventId event) override;
  Status SynchronizeStream(device::StreamId stream) override;
  StatusOr<bool> QueryStream(device::StreamId stream) override;
  Status SynchronizeEvent(device::EventId event) override;
  StatusOr<device::EventState> QueryEvent(device::EventId event) override;
  // The backend's device-wide wait only: the runtime's own waits (device
  // reset, context destruction, model unload) do not wait for held streams,
  // which may never be released.
  Status SynchronizeDevice() override { return inner_->SynchronizeDevice(); }
  // aclrtSynchronizeDevice: waits for held streams too, then reports the
  // first unreported failure (lowest stream id).
  Status SynchronizeDeviceForHost();
  device::VirtualTimeNs Now() override { return inner_->Now(); }
  void SetCompletionSink(device::CompletionSink* sink) override { inner_->SetCompletionSink(sink); }

  // Stream memory operations. |store| writes |value| at |address|, |load|
  // reads it (both check the memory and run when the operation reaches the
  // backend, without any lock).
  Status ValueWrite(device::StreamId stream, uintptr_t address, uint64_t value, std::function<Status()> store);
  Status ValueWait(device::StreamId stream, uintptr_t address, uint64_t value, ValueCompare compare,
                   std::function<StatusOr<uint64_t>()> load, bool polled = false);

  // Notifies of this device (ids from 0, in creation order).
  StatusOr<uint32_t> CreateNotify();
  Status DestroyNotify(uint32_t notify);
  Status RecordNotify(device::StreamId stream, uint32_t notify);
  // The stream waits until the notify is recorded, then resets it.
  Status WaitAndResetNotify(device::StreamId stream, uint32_t notify);
  Status ResetNotify(uint32_t notify);

  // Failure mode and abort.
  Status SetStopOnFailure(device::StreamId stream, bool stop);
  Status AbortStream(device::StreamId stream);

  // Host waits with a wall-clock bound (nullopt: none) until nothing of the
  // stream (of any stream; of the event's records) is held: OK, or
  // kStreamNotComplete / kEventNotComplete when the bound passed, or
  // kCancelled when the stream was aborted meanwhile.
  using Bound = std::optional<std::chrono::milliseconds>;
  Status AwaitStream(device::StreamId stream, Bound timeout);
  Status AwaitDevice(Bound timeout);
  Status AwaitEvent(device::EventId event, Bound timeout);
  // True while a wait for |event| is held (aclrtQueryEventWaitStatus).
  bool EventWaitHeld(device::EventId event);
  // The device time at which the stream's submitted work ends (or, of the
  // device, the latest of its streams).
  StatusOr<device::VirtualTimeNs> StreamEndNs(device::StreamId stream);
  StatusOr<device::VirtualTimeNs> DeviceEndNs();

 private:
  using Step = std::function<Status()>;
  struct Held {
    Step step;
    device::EventId records = 0;  // an event record (counted in pending_records_)
    device::EventId waits = 0;    // an event wait (counted in pending_waits_)
  };
  struct Condition {
    bool notify = false;        // else a value (or an event)
    device::EventId event = 0;  // a record of this event still held on another stream
    uintptr_t address = 0;
    uint64_t value = 0;
    ValueCompare compare = ValueCompare::kEq;
    uint32_t notify_id = 0;
    std::function<StatusOr<uint64_t>()> load;  // a polled wait's reading of memory (the poller's)
  };
  struct Gate {
    std::optional<Condition> waiting;  // the unsatisfied wait holding the stream
    bool draining = false;             // a thread is submitting the queue
    std::deque<Held> queue;
    bool stop_on_failure = false;
    bool mode_set = false;
    Status failure;          // the first failed task not yet reported
    uint64_t abort_seq = 0;  // counts aborts, so waiters notice one
    bool held() const { return waiting.has_value() || draining || !queue.empty(); }
  };
  struct NotifyState {
    bool recorded = false;
    device::EventId event = 0;  // recorded at each record (0 before the first)
  };

  // Runs |held| now, or queues it behind the stream's held work.
  Status Submit(device::StreamId stream, Held held);
  // Runs one step and notes a failure of the stream. Without mu_.
  Status Run(device::StreamId stream, const Step& step);
  // Submits a released stream's queue until it is empty or held again.
  void Drain(device::StreamId stream);
  // Releases the streams whose wait |satisfied| answers; |event| is the
  // record they wait for on the backend. Requires mu_; returns the streams
  // to drain (without mu_). |event| 0: none (a release by the poller).
  std::vector<device::StreamId> ReleaseLocked(const std::function<bool(const Condition&)>& satisfied,
                                              device::EventId event);
  // Executes a value write / notify record / waits on a stream that is not held.
  Status DoValueWrite(device::StreamId stream, uintptr_t address, uint64_t value, const std::function<Status()>& store);
  Status DoValueWait(device::StreamId stream, const Condition& c, const std::function<StatusOr<uint64_t>()>& load,
                     bool polled);
  Status DoRecordNotify(device::StreamId stream, uint32_t notify);
  Status DoWaitNotify(device::StreamId stream, uint32_t notify);
  Status DoEventWait(device::StreamId stream, device::EventId event);
  void Unqueue(const Held& held);     // requires mu_
  void ReapLocked(const Held& held);  // destroys doomed events |held| named last
  StatusOr<device::EventId> ProbeLocked();
  // The poller: started (requires mu_) when a polled value wait is held, it
  // re-examines held polled waits every millisecond and ends once none is.
  void StartPollerLocked();
  void Poll();
  Status FailureOf(Gate* gate);  // requires mu_: what a synchronisation reports

  const std::unique_ptr<device::Device> inner_;
  std::mutex mu_;
  std::condition_variable released_;
  std::unordered_map<device::StreamId, Gate> gates_;
  std::unordered_map<uintptr_t, device::EventId> value_events_;  // last value write per address
  std::unordered_map<uint32_t, NotifyState> notifies_;
  uint32_t next_notify_ = 0;
  std::unordered_map<device::EventId, int> pending_records_;
  std::unordered_map<device::EventId, int> pending_waits_;
  device::EventId probe_ = 0;                         // records the end of a stream for StreamEndNs
  std::unordered_map<device::EventId, bool> doomed_;  // destroyed while held
  std::thread poller_;
  bool polling_ = false;   // poller_ runs its loop
  bool stopping_ = false;  // the device goes: the poller ends
  std::condition_variable poll_cv_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_GATED_DEVICE_H_
