// SimDevice: one simulated Ascend NPU.
//
// Executes submitted work on an integer-nanosecond virtual clock. Every task's
// start and end are computed when it is submitted, from (in this order of
// precedence) the stream's previous task, event waits, the host's causal
// horizon (the latest device time the host has synchronised on — work
// submitted after a synchronisation cannot start before it), data
// dependencies inside a graph, and free cores of the op's engine (CorePool).
// Ties are impossible to order differently: submission order under the
// device lock is the one total order, so the same call sequence gives the
// same times (and, with jitter, the same seeded jitter stream).
//
// The clock never reads 0 (the time getters' error value): in the virtual
// mode it starts at SimOptions::clock_origin_ns (default one hour,
// runtime/time_limits.h), in the realtime mode it reads the host's steady
// (monotonic) clock, as a real NPU's system counter keeps counting from boot.
//
// In ClockMode::kVirtual host calls never wait: a synchronisation completes
// at once and moves the host horizon. In ClockMode::kRealtime (opt-in, not
// deterministic) synchronisation and queries are paced by the host's steady
// clock, and new work cannot start before the current wall-clock offset.
#ifndef ACLSIM_SIM_SIM_DEVICE_H_
#define ACLSIM_SIM_SIM_DEVICE_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/device/faults.h"
#include "runtime/device/sink_slot.h"
#include "sim/core_pool.h"
#include "sim/cost_model.h"
#include "sim/device_profile.h"
#include "sim/sim_options.h"

namespace aclsim::sim {

class SimDevice final : public device::Device {
 public:
  // Applies |options|' clock mode, jitter and fault plan (its device count and
  // profile are the backend's).
  SimDevice(uint32_t device_id, std::shared_ptr<const DeviceProfile> profile, const SimOptions& options);
  ~SimDevice() override;

  const device::DeviceInfo& info() const override { return info_; }
  StatusOr<device::StreamId> CreateStream() override;
  Status DestroyStream(device::StreamId stream) override;
  StatusOr<device::EventId> CreateEvent() override;
  Status DestroyEvent(device::EventId event) override;
  StatusOr<device::ExecutableId> LoadGraph(const model::Graph& graph) override;
  Status UnloadGraph(device::ExecutableId exe) override;
  StatusOr<std::vector<device::OpCost>> GetGraphCosts(device::ExecutableId exe) override;
  StatusOr<device::TaskId> SubmitGraph(device::StreamId stream, device::ExecutableId exe,
                                       const device::LaunchInfo& launch) override;
  StatusOr<device::TaskId> SubmitMarker(device::StreamId stream, const device::MarkerInfo& marker) override;
  Status SubmitEventRecord(device::StreamId stream, device::EventId event) override;
  Status SubmitEventWait(device::StreamId stream, device::EventId event) override;
  Status SynchronizeStream(device::StreamId stream) override;
  StatusOr<bool> QueryStream(device::StreamId stream) override;
  Status SynchronizeEvent(device::EventId event) override;
  StatusOr<device::EventState> QueryEvent(device::EventId event) override;
  Status SynchronizeDevice() override;
  device::VirtualTimeNs Now() override;
  void SetCompletionSink(device::CompletionSink* sink) override;

 private:
  struct CompiledOp {
    int64_t duration_ns;
    int64_t overhead_ns;  // launch part of duration_ns
    uint64_t flops;
    uint64_t bytes;
    uint32_t block_dim;
    uint32_t stream;
    uint32_t dep_begin;
    uint32_t dep_end;
    model::Engine engine;
    bool dma;  // a copy or memset: stream-ordered, on no compute core
  };
  struct Executable {
    std::vector<CompiledOp> ops;
    std::vector<std::string> names;  // op names (fault injection matches them)
    std::vector<uint32_t> deps;      // producer op indices, ranges per op
    std::vector<device::OpCost> costs;
    uint32_t stream_count = 1;
  };
  struct StreamState {
    device::VirtualTimeNs tail_ns = 0;  // end of the last task on the stream
  };
  struct EventRecordState {
    bool recorded = false;
    device::VirtualTimeNs timestamp_ns = 0;
  };

  // All private helpers require mu_ held.
  StatusOr<StreamState*> FindStream(device::StreamId stream);
  StatusOr<EventRecordState*> FindEvent(device::EventId event);
  device::VirtualTimeNs HostHorizonNs() const;
  void Observe(device::VirtualTimeNs time_ns);
  int64_t Jitter(int64_t duration_ns);
  // Per-thread scratch of one submission's schedule (start and end of each
  // op), so records can be built after the device lock is released.
  struct Schedule {
    std::vector<int64_t> start_ns;
    std::vector<int64_t> end_ns;
    std::vector<int64_t> stream_tail_ns;
    std::vector<device::CompletionRecord> records;  // one delivery batch
  };
  static Schedule& ThreadSchedule();
  // Places the ops of |exe| on the cores after |s|'s tail (requires mu_).
  // Fills |sched| for the ops placed (|*out_done| of them, all unless a fault
  // stopped the execution at one, which |*out_failure| then reports).
  void ScheduleGraphLocked(StreamState* s, const Executable& exe, device::TaskId first_task, Schedule* sched,
                           size_t* out_done, Status* out_failure);
  // Builds the completion records of the first |done| ops of a scheduled
  // execution and hands them to |delivery|'s sink in batches; runs without mu_.
  void DeliverGraph(const Executable& exe, device::StreamId stream, const device::LaunchInfo& launch,
                    device::TaskId first_task, size_t done, const Schedule& sched,
                    const device::CompletionSinkSlot::Delivery& delivery) const;
  // Realtime mode: blocks (without mu_) until wall time reaches |time_ns|,
  // or until the calling thread's wait interrupt fires
  // (runtime/device/wait_interrupt.h): then kNoDevice naming the reason.
  Status WaitUntil(device::VirtualTimeNs time_ns) const;
  // Realtime mode: the steady-clock instant at which the device clock reads |time_ns|.
  std::chrono::steady_clock::time_point WallTimeOf(device::VirtualTimeNs time_ns) const;
  bool Reached(device::VirtualTimeNs time_ns) const;
  // Fault injection (requires mu_). LostStatus when the device is lost.
  Status LostStatus() const;
  // Whether task |task_id| (op |name|, or a marker when |name| is null) is
  // the one a fault fails; |out_error| receives the code.
  bool FailsHere(uint64_t task_id, const std::string* name, int32_t* out_error);
  bool LosesDeviceAt(uint64_t task_id);
  int64_t StallNs(uint64_t task_id) const;

  const uint32_t device_id_;
  const std::shared_ptr<const DeviceProfile> profile_;  // shared with the backend
  const SimOptions options_;
  const CostModel cost_model_;
  device::DeviceInfo info_;
  const std::chrono::steady_clock::time_point epoch_;
  // The clock's first reading: options_.clock_origin_ns in the virtual mode;
  // in the realtime mode the steady clock's reading at epoch_, so the device
  // clock follows the host's monotonic clock.
  const device::VirtualTimeNs origin_ns_;

  std::mutex mu_;
  std::vector<CorePool> pools_;  // per engine
  std::unordered_map<device::StreamId, StreamState> streams_;
  std::unordered_map<device::EventId, EventRecordState> events_;
  // Shared with submissions that are still delivering the records of an
  // execution after an unload.
  std::unordered_map<device::ExecutableId, std::shared_ptr<const Executable>> executables_;
  uint64_t next_stream_id_ = 1;
  uint64_t next_event_id_ = 1;
  uint64_t next_exe_id_ = 1;
  uint64_t next_task_id_ = 1;
  uint64_t jitter_counter_ = 0;
  // Starts at origin_ns_; written under mu_, read without it by Now() (virtual clock).
  std::atomic<device::VirtualTimeNs> host_horizon_ns_;
  // Records are handed to the sink after mu_ is released (backend.h).
  device::CompletionSinkSlot sinks_;
  bool lost_ = false;
  uint64_t fail_op_seen_ = 0;
};

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_SIM_DEVICE_H_
