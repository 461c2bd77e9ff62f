#include "remote/client/remote_backend.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <vector>

#include <nlohmann/json.hpp>

#include "remote/client/connection.h"
#include "remote/client/remote_device.h"
#include "remote/protocol.h"
#include "remote/wire_types.h"
#include "runtime/device/sink_slot.h"

namespace aclsim::remote {
namespace {

// Same batch size as sim::SimDevice, so sinks see identical call patterns.
constexpr size_t kSinkBatch = 256;

Status Malformed(const char* what) {
  return Status(StatusCode::kInternal, std::string("remote protocol: malformed ") + what);
}

class RemoteDevice final : public RemoteDeviceBase {
 public:
  RemoteDevice(uint32_t device_id, std::unique_ptr<Connection> connection, device::DeviceInfo info)
      : RemoteDeviceBase(device_id), connection_(std::move(connection)), info_(std::move(info)) {}

  const device::DeviceInfo& info() const override { return info_; }

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
        (void)connection_->Call(MessageType::kSetCompletionSink, w).status();
      }
    }
    if (sink == nullptr) sinks_.Set(nullptr);
  }

 private:
  Status Exchange(MessageType type, const Writer& request, const std::function<Status(Reader&)>& decode) override {
    std::lock_guard<std::mutex> lock(mu_);
    ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(type, request));
    return decode(r);
  }

  // Submit responses: u64 first task id, u32 record count, records.
  StatusOr<device::TaskId> SubmitExchange(MessageType type, const Writer& w) override {
    thread_local std::vector<device::CompletionRecord> records;  // reused per submit
    device::CompletionSinkSlot::Delivery delivery;
    device::TaskId first = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      ACLSIM_ASSIGN_OR_RETURN(Reader r, connection_->Call(type, w));
      first = r.U64();
      uint32_t n = r.U32();
      if (uint64_t{n} * kCompletionRecordWireBytes != r.remaining()) return Malformed("submit response");
      records.resize(n);
      for (auto& rec : records) {
        if (!Decode(r, &rec)) return Malformed("completion record");
      }
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

  std::mutex mu_;  // serialises exchanges on the connection
  const std::unique_ptr<Connection> connection_;
  const device::DeviceInfo info_;
  device::CompletionSinkSlot sinks_;  // the sink: borrowed (Device contract)
  bool sink_on_ = false;              // the server sends records
};

// The server's clock mode, from the "clock=" word of its Hello text
// (docs/remote_protocol.md): "aclsim-device-server profile=… clock=realtime".
device::ClockMode ServerClockMode(const std::string& server) {
  return server.find(" clock=realtime") != std::string::npos ? device::ClockMode::kRealtime
                                                             : device::ClockMode::kVirtual;
}

// The server's virtual clock origin, from the "origin_ns=" word of its
// Hello text; the default for a server that does not send it.
int64_t ServerClockOrigin(const std::string& server) {
  const size_t at = server.find(" origin_ns=");
  if (at == std::string::npos) return kDefaultClockOriginNs;
  const long long n = std::strtoll(server.c_str() + at + 11, nullptr, 10);
  return n >= 1 && n <= kMaxClockOriginNs ? static_cast<int64_t>(n) : kDefaultClockOriginNs;
}

class RemoteBackend final : public device::Backend {
 public:
  RemoteBackend(std::string endpoint, const HelloReply& hello, const RemoteOptions& options)
      : endpoint_(std::move(endpoint)),
        device_count_(hello.device_count),
        clock_mode_(ServerClockMode(hello.server)),
        clock_origin_ns_(ServerClockOrigin(hello.server)),
        options_(options) {}

  std::string_view name() const override { return "remote"; }
  uint32_t DeviceCount() const override { return device_count_; }
  device::ClockMode clock_mode() const override { return clock_mode_; }
  int64_t clock_origin_ns() const override { return clock_origin_ns_; }

  Status CheckFeature(std::string_view feature) const override {
    if (feature == device::kFeatureClientDeviceOptions) {
      return Status(StatusCode::kUnimplemented,
                    "backend 'remote' takes no device options: device count, profile, clock, seed and jitter are "
                    "set by aclsim-device-server's command line (" +
                        endpoint_ + "), and it injects no faults");
    }
    if (feature == device::kFeatureFreshDeviceClock) {
      return Status(StatusCode::kUnimplemented,
                    "backend 'remote': the devices of aclsim-device-server (" + endpoint_ +
                        ") are shared by its clients and keep their clocks between them, so a device's clock does "
                        "not start at its origin when this process opens it");
    }
    return device::Backend::CheckFeature(feature);
  }

  StatusOr<std::unique_ptr<device::Device>> OpenDevice(uint32_t device_id) override {
    if (device_id >= device_count_) {
      return Status(Detail::kInvalidDeviceId, "device " + std::to_string(device_id) +
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
      ACLSIM_RETURN_IF_ERROR(DecodeDeviceInfo(r, &info));
    }
    return std::unique_ptr<device::Device>(new RemoteDevice(device_id, std::move(conn), std::move(info)));
  }

 private:
  const std::string endpoint_;
  const uint32_t device_count_;
  const device::ClockMode clock_mode_;
  const int64_t clock_origin_ns_;
  const RemoteOptions options_;
};

}  // namespace

StatusOr<std::unique_ptr<device::Backend>> CreateRemoteBackend(const RemoteOptions& options) {
  if (options.endpoint.empty()) {
    return Status(StatusCode::kInvalidArgument,
                  "config: the remote backend needs aclsim.endpoint (unix:/path or tcp:127.0.0.1:port)");
  }
  ACLSIM_ASSIGN_OR_RETURN(std::unique_ptr<Connection> conn, Connection::Open(options.endpoint, options.io_timeout));
  ACLSIM_ASSIGN_OR_RETURN(HelloReply hello, conn->Handshake());
  if (hello.device_count == 0) {
    return Status(Detail::kNoDevice, "remote device server " + conn->endpoint() + " hosts no devices");
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
