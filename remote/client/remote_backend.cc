#include "remote/client/remote_backend.h"

#include <algorithm>
#include <mutex>
#include <vector>

#include <nlohmann/json.hpp>

#include "remote/client/connection.h"
#include "remote/protocol.h"
#include "runtime/device/sink_slot.h"
#include "runtime/model/graph_writer.h"

namespace aclsim::remote {
namespace {

// Same batch size as sim::SimDevice, so sinks see identical call patterns.
constexpr size_t kSinkBatch = 256;

Status Malformed(const char* what) {
  return Status(ErrorCode::kRtInternalError, std::string("remote protocol: malformed ") + what);
}

class RemoteDevice final : public device::Device {
 public:
  RemoteDevice(uint32_t device_id, std::unique_ptr<Connection> connection, device::DeviceInfo info)
      : device_id_(device_id), connection_(std::move(connection)), info_(std::move(info)) {}

  const device::DeviceInfo& info() const override { return info_; }

  StatusOr<device::StreamId> CreateStream() override { return CallId(MessageType::kCreateStream); }
  Status DestroyStream(device::StreamId stream) override { return CallNoBody(MessageType::kDestroyStream, stream); }
  StatusOr<device::EventId> CreateEvent() override { return CallId(MessageType::kCreateEvent); }
  Status DestroyEvent(device::EventId event) override { return CallNoBody(MessageType::kDestroyEvent, event); }

  StatusOr<device::ExecutableId> LoadGraph(const model::Graph& graph) override {
    Writer w = Request();
    w.Str(model::WriteGraphJson(graph));
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(MessageType::kLoadGraph, w));
    uint64_t id = r.U64();
    ACLSIM_RETURN_IF_ERROR(r.Finish("LoadGraph response"));
    return id;
  }
  Status UnloadGraph(device::ExecutableId exe) override { return CallNoBody(MessageType::kUnloadGraph, exe); }

  StatusOr<std::vector<device::OpCost>> GetGraphCosts(device::ExecutableId exe) override {
    Writer w = Request();
    w.U64(exe);
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(MessageType::kGraphCosts, w));
    uint32_t n = r.U32();
    if (uint64_t{n} * 36 != r.remaining()) return Malformed("GraphCosts response");
    std::vector<device::OpCost> costs(n);
    for (auto& c : costs) {
      c.flops = r.U64();
      c.macs = r.U64();
      c.bytes = r.U64();
      c.block_dim = r.U32();
      c.duration_ns = r.I64();
    }
    ACLSIM_RETURN_IF_ERROR(r.Finish("GraphCosts response"));
    return costs;
  }

  StatusOr<device::TaskId> SubmitGraph(device::StreamId stream, device::ExecutableId exe,
                                       const device::LaunchInfo& launch) override {
    Writer w = Request();
    w.U64(stream);
    w.U64(exe);
    w.U32(launch.model_tag);
    w.U32(launch.host_tid);
    return Submit(MessageType::kSubmitGraph, w);
  }

  StatusOr<device::TaskId> SubmitMarker(device::StreamId stream, const device::MarkerInfo& marker) override {
    Writer w = Request();
    w.U64(stream);
    w.U64(marker.marker_id);
    w.U32(marker.tag);
    w.U32(marker.host_tid);
    return Submit(MessageType::kSubmitMarker, w);
  }

  Status SubmitEventRecord(device::StreamId stream, device::EventId event) override {
    return CallNoBody(MessageType::kSubmitEventRecord, stream, event);
  }
  Status SubmitEventWait(device::StreamId stream, device::EventId event) override {
    return CallNoBody(MessageType::kSubmitEventWait, stream, event);
  }
  Status SynchronizeStream(device::StreamId stream) override {
    return CallNoBody(MessageType::kSynchronizeStream, stream);
  }

  StatusOr<bool> QueryStream(device::StreamId stream) override {
    Writer w = Request();
    w.U64(stream);
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(MessageType::kQueryStream, w));
    bool idle = r.U8() != 0;
    ACLSIM_RETURN_IF_ERROR(r.Finish("QueryStream response"));
    return idle;
  }

  Status SynchronizeEvent(device::EventId event) override { return CallNoBody(MessageType::kSynchronizeEvent, event); }

  StatusOr<device::EventState> QueryEvent(device::EventId event) override {
    Writer w = Request();
    w.U64(event);
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(MessageType::kQueryEvent, w));
    device::EventState state;
    state.recorded = r.U8() != 0;
    state.complete = r.U8() != 0;
    state.timestamp_ns = r.I64();
    ACLSIM_RETURN_IF_ERROR(r.Finish("QueryEvent response"));
    return state;
  }

  Status SynchronizeDevice() override { return CallNoBody(MessageType::kSynchronizeDevice); }

  device::VirtualTimeNs Now() override {
    Writer w = Request();
    std::lock_guard<std::mutex> lock(mu_);
    auto r = connection_->Call(MessageType::kNow, w);
    if (r.ok()) {
      device::VirtualTimeNs t = r->I64();
      if (r->Finish("Now response").ok()) last_now_ns_ = t;
    }
    return last_now_ns_;
  }

  void SetCompletionSink(device::CompletionSink* sink) override {
    // The slot holds the sink before the server is asked for records and
    // lets it go only after the server stopped sending them.
    if (sink != nullptr) sinks_.Set(sink);
    {
      std::lock_guard<std::mutex> lock(mu_);
      const bool was_on = sink_on_;
      sink_on_ = sink != nullptr;
      if (was_on != sink_on_) {
        Writer w = Request();
        w.U8(sink_on_ ? 1 : 0);
        // Best effort: on a broken connection the sink has nothing to receive.
        (void)connection_->Call(MessageType::kSetSink, w).status();
      }
    }
    if (sink == nullptr) sinks_.Set(nullptr);
  }

 private:
  Writer Request() const {
    Writer w;
    w.U32(device_id_);
    return w;
  }

  StatusOr<uint64_t> CallId(MessageType type) {
    Writer w = Request();
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(type, w));
    uint64_t id = r.U64();
    ACLSIM_RETURN_IF_ERROR(r.Finish(MessageTypeName(static_cast<uint16_t>(type))));
    return id;
  }

  template <typename... Ids>
  Status CallNoBody(MessageType type, Ids... ids) {
    Writer w = Request();
    (w.U64(ids), ...);
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(type, w));
    return r.Finish(MessageTypeName(static_cast<uint16_t>(type)));
  }

  // Submit responses: u64 first task id, u32 record count, records.
  StatusOr<device::TaskId> Submit(MessageType type, const Writer& w) {
    thread_local std::vector<device::CompletionRecord> records;  // reused per submit
    device::CompletionSinkSlot::Delivery delivery;
    device::TaskId first = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(type, w));
      first = r.U64();
      uint32_t n = r.U32();
      if (uint64_t{n} * kRecordWireBytes != r.remaining()) return Malformed("submit response");
      records.resize(n);
      for (auto& rec : records) rec = r.Record();
      ACLSIM_RETURN_IF_ERROR(r.Finish("submit response"));
      delivery = sinks_.Acquire();
    }
    // Delivered without the connection lock (backend.h): a blocking sink
    // holds up only this submission.
    for (size_t i = 0; i < records.size() && delivery.sink() != nullptr; i += kSinkBatch) {
      delivery.Deliver(records.data() + i, std::min(kSinkBatch, records.size() - i));
    }
    return first;
  }

  const uint32_t device_id_;
  std::mutex mu_;  // serialises exchanges on the connection
  const std::unique_ptr<Connection> connection_;
  const device::DeviceInfo info_;
  device::CompletionSinkSlot sinks_;  // the sink: borrowed (Device contract)
  bool sink_on_ = false;              // the server sends records
  device::VirtualTimeNs last_now_ns_ = 0;
};

// The server's clock mode, from the "clock=" word of its Hello text
// (docs/remote_protocol.md): "aclsim-device-server profile=… clock=realtime".
device::ClockMode ServerClockMode(const std::string& server) {
  return server.find(" clock=realtime") != std::string::npos ? device::ClockMode::kRealtime
                                                             : device::ClockMode::kVirtual;
}

class RemoteBackend final : public device::Backend {
 public:
  RemoteBackend(std::string endpoint, const HelloReply& hello, const RemoteOptions& options)
      : endpoint_(std::move(endpoint)),
        device_count_(hello.device_count),
        clock_mode_(ServerClockMode(hello.server)),
        options_(options) {}

  std::string_view name() const override { return "remote"; }
  uint32_t DeviceCount() const override { return device_count_; }
  device::ClockMode clock_mode() const override { return clock_mode_; }

  Status CheckFeature(std::string_view feature) const override {
    if (feature == device::kFeatureClientDeviceOptions) {
      return Status(ErrorCode::kApiNotSupport,
                    "backend 'remote' takes no device options: device count, profile, clock, seed and jitter are "
                    "set by aclsim-device-server's command line (" +
                        endpoint_ + "), and it injects no faults");
    }
    if (feature == device::kFeatureFreshDeviceClock) {
      return Status(ErrorCode::kApiNotSupport,
                    "backend 'remote': the devices of aclsim-device-server (" + endpoint_ +
                        ") are shared by its clients and keep their clocks between them, so a device's clock does "
                        "not start at 0 when this process opens it");
    }
    return device::Backend::CheckFeature(feature);
  }

  StatusOr<std::unique_ptr<device::Device>> OpenDevice(uint32_t device_id) override {
    if (device_id >= device_count_) {
      return Status(ErrorCode::kRtInvalidDeviceId, "device " + std::to_string(device_id) +
                                                       " does not exist (remote server " + endpoint_ + " has " +
                                                       std::to_string(device_count_) + ")");
    }
    ACLSIM_ASSIGN_OR_RETURN(std::unique_ptr<Connection> conn, Connection::Open(endpoint_, options_.io_timeout));
    ACLSIM_RETURN_IF_ERROR(conn->Handshake().status());
    Writer w;
    w.U32(device_id);
    {
      ACLSIM_ASSIGN_OR_RETURN(Reader r, conn->Call(MessageType::kOpenDevice, w));
      ACLSIM_RETURN_IF_ERROR(r.Finish("OpenDevice response"));
    }
    device::DeviceInfo info;
    {
      ACLSIM_ASSIGN_OR_RETURN(Reader r, conn->Call(MessageType::kDeviceInfo, w));
      info.profile_name = r.Str();
      info.soc_name = r.Str();
      info.memory_bytes = r.U64();
      info.ai_core_count = r.U32();
      info.vector_core_count = r.U32();
      info.aicpu_count = r.U32();
      ACLSIM_RETURN_IF_ERROR(r.Finish("DeviceInfo response"));
    }
    return std::unique_ptr<device::Device>(new RemoteDevice(device_id, std::move(conn), std::move(info)));
  }

 private:
  const std::string endpoint_;
  const uint32_t device_count_;
  const device::ClockMode clock_mode_;
  const RemoteOptions options_;
};

}  // namespace

StatusOr<std::unique_ptr<device::Backend>> CreateRemoteBackend(const RemoteOptions& options) {
  if (options.endpoint.empty()) {
    return Status(ErrorCode::kInvalidParam,
                  "config: the remote backend needs aclsim.endpoint (unix:/path or tcp:127.0.0.1:port)");
  }
  ACLSIM_ASSIGN_OR_RETURN(std::unique_ptr<Connection> conn, Connection::Open(options.endpoint, options.io_timeout));
  ACLSIM_ASSIGN_OR_RETURN(HelloReply hello, conn->Handshake());
  if (hello.device_count == 0) {
    return Status(ErrorCode::kRtNoDevice, "remote device server " + conn->endpoint() + " hosts no devices");
  }
  return std::unique_ptr<device::Backend>(new RemoteBackend(conn->endpoint(), hello, options));
}

StatusOr<std::unique_ptr<device::Backend>> CreateRemoteBackendFromConfig(const nlohmann::json& options) {
  ACLSIM_ASSIGN_OR_RETURN(RemoteOptions parsed, ParseRemoteOptions(options));
  return CreateRemoteBackend(parsed);
}

void RegisterRemoteBackend(device::BackendRegistry& registry) {
  registry.Register("remote", CreateRemoteBackendFromConfig);
}

}  // namespace aclsim::remote
