#include "backends/skeleton/skeleton_backend.h"

#include <string>

#include <nlohmann/json.hpp>

namespace aclsim::skeleton {
namespace {

// What every method answers until it is implemented. kUnimplemented
// crosses the C ABI and the wire as UNIMPLEMENTED; the API edge reports it as
// ACL_ERROR_RT_FEATURE_NOT_SUPPORT with this message.
Status Unimplemented(const char* method) {
  return Status(StatusCode::kUnimplemented, std::string("skeleton backend: ") + method + " is not implemented");
}

class SkeletonDevice final : public device::Device {
 public:
  explicit SkeletonDevice(uint32_t device_id) {
    info_.profile_name = "skeleton";
    info_.soc_name = "skeleton";              // what aclrtGetSocName reports
    info_.memory_bytes = uint64_t{16} << 30;  // aclrtMalloc's capacity (host memory backs it)
    info_.ai_core_count = 1;                  // reported in profiling output
    info_.vector_core_count = 1;
    info_.aicpu_count = 1;
    (void)device_id;
  }

  const device::DeviceInfo& info() const override { return info_; }

  // Streams are in-order task queues; ids are yours to choose (nonzero).
  StatusOr<device::StreamId> CreateStream() override { return Unimplemented("CreateStream"); }
  Status DestroyStream(device::StreamId) override { return Unimplemented("DestroyStream"); }
  StatusOr<device::EventId> CreateEvent() override { return Unimplemented("CreateEvent"); }
  Status DestroyEvent(device::EventId) override { return Unimplemented("DestroyEvent"); }

  // Graphs: copy what you need from |graph| (runtime/model/graph.h).
  StatusOr<device::ExecutableId> LoadGraph(const model::Graph&) override { return Unimplemented("LoadGraph"); }
  Status UnloadGraph(device::ExecutableId) override { return Unimplemented("UnloadGraph"); }
  StatusOr<std::vector<device::OpCost>> GetGraphCosts(device::ExecutableId) override {
    return Unimplemented("GetGraphCosts");
  }

  // Submissions: report each finished task to the sink (see the sink
  // contract in runtime/device/backend.h; device/sink_slot.h does the hard
  // part).
  StatusOr<device::TaskId> SubmitGraph(device::StreamId, device::ExecutableId, const device::LaunchInfo&) override {
    return Unimplemented("SubmitGraph");
  }
  StatusOr<device::TaskId> SubmitMarker(device::StreamId, const device::MarkerInfo&) override {
    return Unimplemented("SubmitMarker");
  }
  Status SubmitEventRecord(device::StreamId, device::EventId) override { return Unimplemented("SubmitEventRecord"); }
  Status SubmitEventWait(device::StreamId, device::EventId) override { return Unimplemented("SubmitEventWait"); }

  // Synchronisation and queries.
  Status SynchronizeStream(device::StreamId) override { return Unimplemented("SynchronizeStream"); }
  StatusOr<bool> QueryStream(device::StreamId) override { return Unimplemented("QueryStream"); }
  Status SynchronizeEvent(device::EventId) override { return Unimplemented("SynchronizeEvent"); }
  StatusOr<device::EventState> QueryEvent(device::EventId) override { return Unimplemented("QueryEvent"); }
  Status SynchronizeDevice() override { return Unimplemented("SynchronizeDevice"); }

  // The device clock (device time, integer nanoseconds; never host time).
  device::VirtualTimeNs Now() override { return 0; }

  // Where completion records go; borrowed until replaced.
  void SetCompletionSink(device::CompletionSink* sink) override { sink_ = sink; }

 private:
  device::DeviceInfo info_;
  device::CompletionSink* sink_ = nullptr;  // unused until submissions produce records
};

class SkeletonBackend final : public device::Backend {
 public:
  explicit SkeletonBackend(const SkeletonOptions& options) : options_(options) {}

  std::string_view name() const override { return "skeleton"; }
  // Say what you do not have yet: the conformance suite skips those tests
  // with this reason. Drop "execution" once streams and submissions work.
  Status CheckFeature(std::string_view feature) const override {
    if (feature == device::kFeatureExecution) {
      return Status(StatusCode::kUnimplemented, "the skeleton backend implements no device method yet");
    }
    return Backend::CheckFeature(feature);
  }
  uint32_t DeviceCount() const override { return options_.device_count; }

  StatusOr<std::unique_ptr<device::Device>> OpenDevice(uint32_t device_id) override {
    if (device_id >= options_.device_count) {
      return Status(Detail::kInvalidDeviceId, "device " + std::to_string(device_id) +
                                                  " does not exist (skeleton backend has " +
                                                  std::to_string(options_.device_count) + ")");
    }
    return std::unique_ptr<device::Device>(new SkeletonDevice(device_id));
  }

 private:
  const SkeletonOptions options_;
};

}  // namespace

StatusOr<SkeletonOptions> ParseSkeletonOptions(const nlohmann::json& options) {
  SkeletonOptions parsed;
  if (!options.is_object()) return Status(Detail::kFileAttrInvalid, "skeleton backend: options must be an object");
  for (const auto& [key, value] : options.items()) {
    uint64_t n = 0;
    if (key != "device_count") return device::UnknownBackendOption("skeleton", key);
    if (!device::AsNonNegativeInteger(value, &n) || n < 1 || n > 64) {
      return Status(Detail::kFileAttrInvalid, "config: aclsim.device_count must be an integer in [1, 64]");
    }
    parsed.device_count = static_cast<uint32_t>(n);
  }
  return parsed;
}

StatusOr<std::unique_ptr<device::Backend>> CreateSkeletonBackend(const SkeletonOptions& options) {
  if (options.device_count < 1 || options.device_count > 64) {
    return Status(StatusCode::kInvalidArgument,
                  "skeleton backend: device_count must be in [1, 64], not " + std::to_string(options.device_count));
  }
  return std::unique_ptr<device::Backend>(new SkeletonBackend(options));
}

void RegisterSkeletonBackend(device::BackendRegistry& registry) {
  registry.Register("skeleton", [](const nlohmann::json& options) -> StatusOr<std::unique_ptr<device::Backend>> {
    ACLSIM_ASSIGN_OR_RETURN(SkeletonOptions parsed, ParseSkeletonOptions(options));
    return CreateSkeletonBackend(parsed);
  });
}

}  // namespace aclsim::skeleton
