#include "backends/fixed_latency/fixed_latency_backend.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/device/faults.h"
#include "runtime/device/sink_slot.h"
#include "runtime/time_limits.h"

namespace aclsim::fixed_latency {
namespace {

constexpr int64_t kMaxOpNs = 1'000'000'000'000;        // 1000 s
constexpr uint64_t kMemoryBytes = uint64_t{16} << 30;  // capacity aclrtMalloc is checked against
constexpr uint32_t kMarkerModelTag = 0xFFFFFFFFu;      // aclsimTaskRecord.modelId of markers

Status NotFound(const char* what, uint64_t id) {
  return Status(Detail::kInvalidHandle,
                std::string("fixed_latency backend: ") + what + " " + std::to_string(id) + " does not exist");
}

Status NotSupported(const std::string& option) {
  return Status(Detail::kOptionUnsupported, "fixed_latency backend: option " + option + " is not supported");
}

class FixedLatencyDevice final : public device::Device {
 public:
  FixedLatencyDevice(uint32_t device_id, int64_t op_ns) : device_id_(device_id), op_ns_(op_ns) {
    info_.profile_name = "fixed_latency";
    info_.soc_name = "fixed_latency";  // what aclrtGetSocName reports
    info_.memory_bytes = kMemoryBytes;
    info_.ai_core_count = 1;
    info_.vector_core_count = 1;
    info_.aicpu_count = 1;
  }

  const device::DeviceInfo& info() const override { return info_; }

  StatusOr<device::StreamId> CreateStream() override {
    std::lock_guard<std::mutex> lock(mu_);
    const device::StreamId id = next_stream_id_++;
    streams_[id] = clock_ns_;
    return id;
  }

  // Destroying a stream waits for its work, like a synchronisation.
  Status DestroyStream(device::StreamId stream) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = streams_.find(stream);
    if (it == streams_.end()) return NotFound("stream", stream);
    Advance(it->second);
    streams_.erase(it);
    return OkStatus();
  }

  StatusOr<device::EventId> CreateEvent() override {
    std::lock_guard<std::mutex> lock(mu_);
    const device::EventId id = next_event_id_++;
    events_[id] = device::EventState{};
    return id;
  }

  Status DestroyEvent(device::EventId event) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (events_.erase(event) == 0) return NotFound("event", event);
    return OkStatus();
  }

  StatusOr<device::ExecutableId> LoadGraph(const model::Graph& graph) override {
    auto exe = std::make_shared<std::vector<OpInfo>>();
    exe->reserve(graph.ops.size());
    for (const auto& op : graph.ops) exe->push_back(OpInfo{op.engine, op.block_dim.value_or(1)});
    std::lock_guard<std::mutex> lock(mu_);
    const device::ExecutableId id = next_exe_id_++;
    executables_.emplace(id, std::move(exe));
    return id;
  }

  Status UnloadGraph(device::ExecutableId exe) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (executables_.erase(exe) == 0) return NotFound("executable", exe);
    return OkStatus();
  }

  StatusOr<std::vector<device::OpCost>> GetGraphCosts(device::ExecutableId exe) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = executables_.find(exe);
    if (it == executables_.end()) return NotFound("executable", exe);
    std::vector<device::OpCost> costs;
    costs.reserve(it->second->size());
    for (const OpInfo& op : *it->second) costs.push_back(device::OpCost{0, 0, 0, op.block_dim, op_ns_});
    return costs;
  }

  StatusOr<device::TaskId> SubmitGraph(device::StreamId stream, device::ExecutableId exe_id,
                                       const device::LaunchInfo& launch) override {
    std::vector<device::CompletionRecord> records;
    device::CompletionSinkSlot::Delivery delivery;
    device::TaskId first_task = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto s = streams_.find(stream);
      if (s == streams_.end()) return NotFound("stream", stream);
      auto e = executables_.find(exe_id);
      if (e == executables_.end()) return NotFound("executable", exe_id);
      const std::vector<OpInfo>& ops = *e->second;
      first_task = next_task_id_;
      next_task_id_ += ops.size();
      Advance(launch.host_ready_ns);  // no op starts before the host enqueued it
      device::VirtualTimeNs t = std::max(s->second, clock_ns_);
      delivery = sinks_.Acquire();
      if (delivery.sink() != nullptr) records.reserve(ops.size());
      // Timelines saturate at kMaxVirtualTimeNs (runtime/time_limits.h).
      for (size_t i = 0; i < ops.size(); ++i, t = AddTimeNs(t, op_ns_)) {
        if (delivery.sink() == nullptr) continue;
        device::CompletionRecord rec = Record(stream, first_task + i, t, AddTimeNs(t, op_ns_));
        rec.engine = ops[i].engine;
        rec.block_dim = ops[i].block_dim;
        rec.model_tag = launch.model_tag;
        rec.op_index = static_cast<uint32_t>(i);
        rec.host_tid = launch.host_tid;
        records.push_back(rec);
      }
      s->second = t;
    }
    delivery.Deliver(records.data(), records.size());  // outside the device lock (backend.h)
    return first_task;
  }

  StatusOr<device::TaskId> SubmitMarker(device::StreamId stream, const device::MarkerInfo& marker) override {
    device::CompletionRecord rec;
    device::CompletionSinkSlot::Delivery delivery;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto s = streams_.find(stream);
      if (s == streams_.end()) return NotFound("stream", stream);
      Advance(marker.host_ready_ns);
      s->second = std::max(s->second, clock_ns_);
      rec = Record(stream, next_task_id_++, s->second, s->second);
      delivery = sinks_.Acquire();
    }
    rec.kind = device::TaskKind::kMarker;
    rec.model_tag = kMarkerModelTag;
    rec.host_tid = marker.host_tid;
    rec.marker_id = marker.marker_id;
    rec.marker_tag = marker.tag;
    delivery.Deliver(&rec, 1);
    return rec.task_id;
  }

  Status SubmitEventRecord(device::StreamId stream, device::EventId event) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto s = streams_.find(stream);
    if (s == streams_.end()) return NotFound("stream", stream);
    auto e = events_.find(event);
    if (e == events_.end()) return NotFound("event", event);
    s->second = std::max(s->second, clock_ns_);
    e->second.recorded = true;
    e->second.timestamp_ns = s->second;
    return OkStatus();
  }

  // Waiting for an event that was never recorded does not wait (CANN).
  Status SubmitEventWait(device::StreamId stream, device::EventId event) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto s = streams_.find(stream);
    if (s == streams_.end()) return NotFound("stream", stream);
    auto e = events_.find(event);
    if (e == events_.end()) return NotFound("event", event);
    if (e->second.recorded) s->second = std::max(s->second, e->second.timestamp_ns);
    return OkStatus();
  }

  Status SynchronizeStream(device::StreamId stream) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto s = streams_.find(stream);
    if (s == streams_.end()) return NotFound("stream", stream);
    Advance(s->second);
    return OkStatus();
  }

  StatusOr<bool> QueryStream(device::StreamId stream) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (streams_.count(stream) == 0) return NotFound("stream", stream);
    return true;
  }

  Status SynchronizeEvent(device::EventId event) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto e = events_.find(event);
    if (e == events_.end()) return NotFound("event", event);
    if (e->second.recorded) Advance(e->second.timestamp_ns);
    return OkStatus();
  }

  StatusOr<device::EventState> QueryEvent(device::EventId event) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto e = events_.find(event);
    if (e == events_.end()) return NotFound("event", event);
    device::EventState state = e->second;
    state.complete = true;
    return state;
  }

  Status SynchronizeDevice() override {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [id, tail] : streams_) Advance(tail);
    return OkStatus();
  }

  device::VirtualTimeNs Now() override {
    std::lock_guard<std::mutex> lock(mu_);
    return clock_ns_;
  }

  // Must not hold mu_: Set() waits for deliveries, which run without it.
  void SetCompletionSink(device::CompletionSink* sink) override { sinks_.Set(sink); }

 private:
  struct OpInfo {
    model::Engine engine;
    uint32_t block_dim;
  };

  // The device clock moves forward to |time_ns| (requires mu_).
  void Advance(device::VirtualTimeNs time_ns) { clock_ns_ = std::max(clock_ns_, time_ns); }

  device::CompletionRecord Record(device::StreamId stream, device::TaskId task, device::VirtualTimeNs start,
                                  device::VirtualTimeNs end) const {
    device::CompletionRecord rec;
    rec.device_id = device_id_;
    rec.stream_id = stream;
    rec.task_id = task;
    rec.start_ns = start;
    rec.end_ns = end;
    rec.exec_ns = end - start;
    return rec;
  }

  const uint32_t device_id_;
  const int64_t op_ns_;
  device::DeviceInfo info_;

  std::mutex mu_;
  // Latest synchronised device time; starts at the default clock origin
  // (Backend::clock_origin_ns), as a real counter never reads 0.
  device::VirtualTimeNs clock_ns_ = kDefaultClockOriginNs;
  std::unordered_map<device::StreamId, device::VirtualTimeNs> streams_;  // stream → tail (end of its last task)
  std::unordered_map<device::EventId, device::EventState> events_;
  std::unordered_map<device::ExecutableId, std::shared_ptr<const std::vector<OpInfo>>> executables_;
  uint64_t next_stream_id_ = 1;
  uint64_t next_event_id_ = 1;
  uint64_t next_exe_id_ = 1;
  uint64_t next_task_id_ = 1;
  device::CompletionSinkSlot sinks_;  // records are delivered after mu_ is released
};

class FixedLatencyBackend final : public device::Backend {
 public:
  explicit FixedLatencyBackend(const FixedLatencyOptions& options) : options_(options) {}

  device::DeliveryFaults delivery_faults() const override { return options_.delivery; }

  std::string_view name() const override { return "fixed_latency"; }
  uint32_t DeviceCount() const override { return options_.device_count; }

  StatusOr<std::unique_ptr<device::Device>> OpenDevice(uint32_t device_id) override {
    if (device_id >= options_.device_count) {
      return Status(Detail::kInvalidDeviceId, "device " + std::to_string(device_id) +
                                                  " does not exist (fixed_latency backend has " +
                                                  std::to_string(options_.device_count) + ")");
    }
    return std::unique_ptr<device::Device>(new FixedLatencyDevice(device_id, options_.op_ns));
  }

 private:
  const FixedLatencyOptions options_;
};

}  // namespace

StatusOr<FixedLatencyOptions> ParseFixedLatencyOptions(const nlohmann::json& options) {
  FixedLatencyOptions out;
  if (!options.is_object()) return Status(Detail::kFileAttrInvalid, "fixed_latency backend: options must be an object");
  for (const auto& [key, value] : options.items()) {
    uint64_t n = 0;
    if (key == "device_count" || key == "op_ns") {
      if (!device::AsNonNegativeInteger(value, &n)) {
        return Status(Detail::kFileAttrInvalid, "config: aclsim." + key + " must be a non-negative integer");
      }
      if (key == "device_count") {
        // Checked before narrowing: 2^32 + 5 must not become 5.
        if (n < 1 || n > 64) {
          return Status(Detail::kFileAttrInvalid, "config: aclsim.device_count must be an integer in [1, 64]");
        }
        out.device_count = static_cast<uint32_t>(n);
      } else {
        out.op_ns = static_cast<int64_t>(std::min<uint64_t>(n, INT64_MAX));
      }
    } else if (key == "clock") {
      if (value != "virtual") return NotSupported("clock " + value.dump());
    } else if (key == "jitter") {
      if (!value.is_number() || value.get<double>() != 0.0) return NotSupported("jitter");
    } else if (key == "device_profile" || key == "device_profile_path" || key == "seed") {
      return NotSupported(key);
    } else if (key == "faults") {
      ACLSIM_ASSIGN_OR_RETURN(device::FaultPlan plan, device::ParseFaults(value));
      if (plan.fail_task) return NotSupported("faults.fail_task");
      if (plan.fail_op) return NotSupported("faults.fail_op");
      if (plan.lose_device) return NotSupported("faults.lose_device");
      if (plan.stall) return NotSupported("faults.stall");
      out.delivery = plan.delivery;
    } else {
      return device::UnknownBackendOption("fixed_latency", key);
    }
  }
  return out;
}

StatusOr<std::unique_ptr<device::Backend>> CreateFixedLatencyBackend(const FixedLatencyOptions& options) {
  if (options.device_count < 1 || options.device_count > 64) {
    return Status(StatusCode::kInvalidArgument, "fixed_latency backend: device_count must be in [1, 64], not " +
                                                    std::to_string(options.device_count));
  }
  if (options.op_ns < 1 || options.op_ns > kMaxOpNs) {
    return Status(StatusCode::kInvalidArgument,
                  "fixed_latency backend: op_ns must be in [1, 10^12], not " + std::to_string(options.op_ns));
  }
  return std::unique_ptr<device::Backend>(new FixedLatencyBackend(options));
}

}  // namespace aclsim::fixed_latency
