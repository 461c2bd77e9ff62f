#include "remote/server/device_server.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <boost/asio.hpp>
#include <cstdio>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <thread>
#include <vector>

#include "runtime/model/graph_loader.h"
#include "sim/sim_backend.h"

namespace aclsim::remote {

namespace asio = boost::asio;
using boost::system::error_code;

namespace {

// The records a session's current submit produced. SimDevice calls its sink
// synchronously on the submitting thread (with its lock held), and each
// session has its own thread, so a thread-local target routes every record
// to the session that caused it even though the devices are shared.
thread_local std::vector<device::CompletionRecord>* t_collector = nullptr;

class CollectingSink final : public device::CompletionSink {
 public:
  void OnCompletions(const device::CompletionRecord* records, size_t count) override {
    if (t_collector != nullptr) t_collector->insert(t_collector->end(), records, records + count);
  }
};

struct Counters {
  std::atomic<uint32_t> live_sessions{0};
  std::atomic<uint64_t> streams{0};
  std::atomic<uint64_t> events{0};
  std::atomic<uint64_t> executables{0};
  std::atomic<uint64_t> sessions_closed{0};
};

Status BadArgs(const char* what) {
  return Status(ErrorCode::kRtParamInvalid, std::string("remote protocol: malformed ") + what + " request");
}

}  // namespace

Status ServerOptions::Validate() const {
  ACLSIM_RETURN_IF_ERROR(ParseEndpoint(listen).status());
  ACLSIM_RETURN_IF_ERROR(devices.Validate());
  if (max_sessions < 1) return Status(ErrorCode::kInvalidParam, "max_sessions must be >= 1");
  return OkStatus();
}

// One client connection, served on its own thread.
class Session {
 public:
  Session(int family, int protocol, int fd, std::vector<std::unique_ptr<device::Device>>& devices,
          const ServerOptions& options, Counters& counters, uint64_t number)
      : socket_(io_), devices_(devices), options_(options), counters_(counters), number_(number) {
    error_code ec;
    socket_.assign(asio::generic::stream_protocol(family, protocol), fd, ec);
    if (ec) ::close(fd);
  }

  void Start() {
    thread_ = std::thread([this] {
      Serve();
      done_.store(true);
    });
  }
  // Asks the session to end: its pending or next socket operation fails.
  void Close() {
    asio::post(io_, [this] {
      error_code ec;
      socket_.close(ec);
    });
  }
  bool done() const { return done_.load(); }
  void Join() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  struct DeviceState {
    bool sink_on = false;
    std::set<device::StreamId> streams;
    std::set<device::EventId> events;
    std::set<device::ExecutableId> executables;
  };

  void Serve();
  void Cleanup();
  // Runs one async operation on io_ to completion, bounded by |timeout| when
  // given. Returns the operation's error (timed_out when the bound hit).
  template <typename Initiate>
  error_code RunOp(Initiate&& initiate, std::optional<std::chrono::milliseconds> timeout);
  bool ReadFrame(FrameHeader* out_header, std::vector<uint8_t>* out_payload);
  bool WriteResponse(const FrameHeader& request, const Status& status, const Writer& body);
  Status Handle(const FrameHeader& h, Reader& r, Writer& body);
  Status HandleDevice(MessageType type, uint32_t id, DeviceState& state, Reader& r, Writer& body);
  void Log(const std::string& what) const {
    if (options_.verbose)
      std::fprintf(stderr, "aclsim-device-server: session %llu: %s\n", static_cast<unsigned long long>(number_),
                   what.c_str());
  }

  asio::io_context io_;
  asio::generic::stream_protocol::socket socket_;
  std::vector<std::unique_ptr<device::Device>>& devices_;  // owned by the server, outlives sessions
  const ServerOptions& options_;                           // owned by the server
  Counters& counters_;                                     // owned by the server
  const uint64_t number_;
  std::thread thread_;
  std::atomic<bool> done_{false};
  bool hello_done_ = false;
  bool close_after_reply_ = false;
  std::map<uint32_t, DeviceState> opened_;
  std::vector<device::CompletionRecord> records_;
};

template <typename Initiate>
error_code Session::RunOp(Initiate&& initiate, std::optional<std::chrono::milliseconds> timeout) {
  bool finished = false;
  error_code result;
  initiate([&](const error_code& ec, size_t) {
    finished = true;
    result = ec;
  });
  io_.restart();
  if (timeout) {
    io_.run_for(*timeout);
    if (!finished) {
      error_code ignored;
      socket_.close(ignored);
      io_.restart();
      io_.run();
      return asio::error::timed_out;
    }
  } else {
    while (!finished && io_.run_one() > 0) {
    }
  }
  return finished ? result : asio::error::operation_aborted;
}

bool Session::ReadFrame(FrameHeader* out_header, std::vector<uint8_t>* out_payload) {
  std::array<uint8_t, kHeaderBytes> raw{};
  error_code ec = RunOp([&](auto handler) { asio::async_read(socket_, asio::buffer(raw), handler); }, std::nullopt);
  if (ec) {
    Log(ec == asio::error::eof ? "client closed the connection" : "read failed: " + ec.message());
    return false;
  }
  auto header = DecodeHeader(raw.data());
  if (!header.ok()) {
    std::fprintf(stderr, "aclsim-device-server: closing a session: %s\n", header.status().message().c_str());
    return false;
  }
  out_payload->resize(header->payload_len);
  if (header->payload_len > 0) {
    ec = RunOp([&](auto handler) { asio::async_read(socket_, asio::buffer(*out_payload), handler); },
               options_.io_timeout);
    if (ec) {
      Log("payload read failed: " + ec.message());
      return false;
    }
  }
  *out_header = *header;
  return true;
}

bool Session::WriteResponse(const FrameHeader& request, const Status& status, const Writer& body) {
  Writer prefix;
  prefix.I32(static_cast<int32_t>(status.code()));
  prefix.Str(status.message());
  const size_t body_len = status.ok() ? body.bytes().size() : 0;
  FrameHeader h;
  h.type = static_cast<uint16_t>(request.type | kResponseBit);
  h.request_id = request.request_id;
  h.payload_len = static_cast<uint32_t>(prefix.bytes().size() + body_len);
  if (prefix.bytes().size() + body_len > kMaxPayloadBytes) {
    std::fprintf(stderr, "aclsim-device-server: response exceeds the frame limit; closing the session\n");
    return false;
  }
  std::array<uint8_t, kHeaderBytes> raw{};
  EncodeHeader(h, raw.data());
  std::array<asio::const_buffer, 3> buffers = {asio::buffer(raw), asio::buffer(prefix.bytes()),
                                               asio::buffer(body.bytes().data(), body_len)};
  error_code ec = RunOp([&](auto handler) { asio::async_write(socket_, buffers, handler); }, options_.io_timeout);
  if (ec) {
    Log("write failed: " + ec.message());
    return false;
  }
  return true;
}

void Session::Serve() {
  Log("connected");
  FrameHeader h;
  std::vector<uint8_t> payload;
  Writer body;
  while (ReadFrame(&h, &payload)) {
    body.mutable_bytes().clear();
    Reader r(payload);
    Status status;
    try {
      status = Handle(h, r, body);
    } catch (const std::exception& e) {
      status = Status(ErrorCode::kRtInternalError, std::string("device server: ") + e.what());
    }
    if (!WriteResponse(h, status, body) || close_after_reply_) break;
  }
  Cleanup();
}

void Session::Cleanup() {
  error_code ec;
  socket_.close(ec);
  for (auto& [id, state] : opened_) {
    device::Device& dev = *devices_[id];
    if (state.sink_on) state.sink_on = false;
    for (device::StreamId s : state.streams) (void)dev.DestroyStream(s);
    for (device::EventId e : state.events) (void)dev.DestroyEvent(e);
    for (device::ExecutableId x : state.executables) (void)dev.UnloadGraph(x);
    counters_.streams -= state.streams.size();
    counters_.events -= state.events.size();
    counters_.executables -= state.executables.size();
    Log("freed " + std::to_string(state.streams.size()) + " stream(s), " + std::to_string(state.events.size()) +
        " event(s), " + std::to_string(state.executables.size()) + " executable(s) on device " + std::to_string(id));
  }
  opened_.clear();
  counters_.live_sessions--;
  counters_.sessions_closed++;
}

Status Session::Handle(const FrameHeader& h, Reader& r, Writer& body) {
  if ((h.type & kResponseBit) != 0) {
    close_after_reply_ = true;
    return Status(ErrorCode::kRtParamInvalid, "remote protocol: a client sent a response frame");
  }
  const auto type = static_cast<MessageType>(h.type);
  if (!hello_done_) {
    if (type != MessageType::kHello) {
      close_after_reply_ = true;
      return Status(ErrorCode::kRtParamInvalid, "remote protocol: the first request must be Hello");
    }
    if (h.version != kProtocolVersion) {
      close_after_reply_ = true;
      return Status(ErrorCode::kRtFeatureNotSupport, "remote protocol version mismatch: the client speaks v" +
                                                         std::to_string(h.version) + ", aclsim-device-server speaks v" +
                                                         std::to_string(kProtocolVersion));
    }
    std::string client = r.Str();
    if (!r.ok()) return BadArgs("Hello");
    hello_done_ = true;
    Log("hello from " + client);
    body.U16(kProtocolVersion);
    body.U32(static_cast<uint32_t>(devices_.size()));
    body.Str("aclsim-device-server profile=" + devices_.front()->info().profile_name +
             " clock=" + (options_.devices.clock_mode == device::ClockMode::kRealtime ? "realtime" : "virtual"));
    return OkStatus();
  }
  switch (type) {
    case MessageType::kHello: return Status(ErrorCode::kRtParamInvalid, "remote protocol: repeated Hello");
    case MessageType::kDeviceCount:
      ACLSIM_RETURN_IF_ERROR(r.Finish("DeviceCount"));
      body.U32(static_cast<uint32_t>(devices_.size()));
      return OkStatus();
    case MessageType::kServerStats:
      ACLSIM_RETURN_IF_ERROR(r.Finish("ServerStats"));
      body.U32(counters_.live_sessions.load());
      body.U64(counters_.streams.load());
      body.U64(counters_.events.load());
      body.U64(counters_.executables.load());
      body.U64(counters_.sessions_closed.load());
      return OkStatus();
    case MessageType::kOpenDevice: {
      uint32_t id = r.U32();
      ACLSIM_RETURN_IF_ERROR(r.Finish("OpenDevice"));
      if (id >= devices_.size()) {
        return Status(ErrorCode::kRtInvalidDeviceId, "device " + std::to_string(id) + " does not exist (server has " +
                                                         std::to_string(devices_.size()) + ")");
      }
      opened_.try_emplace(id);
      return OkStatus();
    }
    default: break;
  }
  if (static_cast<uint16_t>(type) < static_cast<uint16_t>(MessageType::kDeviceInfo) ||
      static_cast<uint16_t>(type) > static_cast<uint16_t>(MessageType::kSetSink)) {
    return Status(ErrorCode::kRtFeatureNotSupport, "remote protocol: unknown request type " + std::to_string(h.type));
  }
  uint32_t id = r.U32();
  if (!r.ok()) return BadArgs(MessageTypeName(h.type));
  auto it = opened_.find(id);
  if (it == opened_.end()) {
    return Status(ErrorCode::kRtInvalidDeviceId,
                  "device " + std::to_string(id) + " is not open on this connection (send OpenDevice first)");
  }
  return HandleDevice(type, id, it->second, r, body);
}

Status Session::HandleDevice(MessageType type, uint32_t id, DeviceState& state, Reader& r, Writer& body) {
  device::Device& dev = *devices_[id];
  const char* name = MessageTypeName(static_cast<uint16_t>(type));
  auto own_stream = [&](device::StreamId s) -> Status {
    if (state.streams.count(s) != 0) return OkStatus();
    return Status(ErrorCode::kRtInvalidHandle, "stream " + std::to_string(s) + " does not exist on this connection");
  };
  auto own_event = [&](device::EventId e) -> Status {
    if (state.events.count(e) != 0) return OkStatus();
    return Status(ErrorCode::kRtInvalidHandle, "event " + std::to_string(e) + " does not exist on this connection");
  };
  auto own_exe = [&](device::ExecutableId x) -> Status {
    if (state.executables.count(x) != 0) return OkStatus();
    return Status(ErrorCode::kRtInvalidHandle, "executable " + std::to_string(x) + " is not loaded on this connection");
  };
  // Submits with the session's collector installed; appends the records.
  auto submit = [&](auto&& call) -> Status {
    records_.clear();
    t_collector = &records_;
    StatusOr<device::TaskId> task = call();
    t_collector = nullptr;
    if (!task.ok()) return task.status();
    body.U64(*task);
    const size_t n = state.sink_on ? records_.size() : 0;
    body.U32(static_cast<uint32_t>(n));
    body.Reserve(body.bytes().size() + n * kRecordWireBytes);
    for (size_t i = 0; i < n; ++i) body.Record(records_[i]);
    return OkStatus();
  };

  switch (type) {
    case MessageType::kDeviceInfo: {
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      const device::DeviceInfo& info = dev.info();
      body.Str(info.profile_name);
      body.Str(info.soc_name);
      body.U64(info.memory_bytes);
      body.U32(info.ai_core_count);
      body.U32(info.vector_core_count);
      body.U32(info.aicpu_count);
      return OkStatus();
    }
    case MessageType::kCreateStream:
    case MessageType::kCreateEvent: {
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      const bool stream = type == MessageType::kCreateStream;
      StatusOr<uint64_t> created = stream ? dev.CreateStream() : dev.CreateEvent();
      if (!created.ok()) return created.status();
      (stream ? state.streams : state.events).insert(*created);
      ++(stream ? counters_.streams : counters_.events);
      body.U64(*created);
      return OkStatus();
    }
    case MessageType::kDestroyStream: {
      device::StreamId s = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_stream(s));
      ACLSIM_RETURN_IF_ERROR(dev.DestroyStream(s));
      state.streams.erase(s);
      --counters_.streams;
      return OkStatus();
    }
    case MessageType::kDestroyEvent: {
      device::EventId e = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_event(e));
      ACLSIM_RETURN_IF_ERROR(dev.DestroyEvent(e));
      state.events.erase(e);
      --counters_.events;
      return OkStatus();
    }
    case MessageType::kLoadGraph: {
      std::string json = r.Str();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_ASSIGN_OR_RETURN(model::Graph graph, model::LoadGraphFromJson(json));
      ACLSIM_ASSIGN_OR_RETURN(device::ExecutableId x, dev.LoadGraph(graph));
      state.executables.insert(x);
      ++counters_.executables;
      body.U64(x);
      return OkStatus();
    }
    case MessageType::kUnloadGraph: {
      device::ExecutableId x = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_exe(x));
      ACLSIM_RETURN_IF_ERROR(dev.UnloadGraph(x));
      state.executables.erase(x);
      --counters_.executables;
      return OkStatus();
    }
    case MessageType::kGraphCosts: {
      device::ExecutableId x = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_exe(x));
      ACLSIM_ASSIGN_OR_RETURN(std::vector<device::OpCost> costs, dev.GetGraphCosts(x));
      body.U32(static_cast<uint32_t>(costs.size()));
      for (const auto& c : costs) {
        body.U64(c.flops);
        body.U64(c.macs);
        body.U64(c.bytes);
        body.U32(c.block_dim);
        body.I64(c.duration_ns);
      }
      return OkStatus();
    }
    case MessageType::kSubmitGraph: {
      device::StreamId s = r.U64();
      device::ExecutableId x = r.U64();
      device::LaunchInfo launch;
      launch.model_tag = r.U32();
      launch.host_tid = r.U32();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_stream(s));
      ACLSIM_RETURN_IF_ERROR(own_exe(x));
      return submit([&] { return dev.SubmitGraph(s, x, launch); });
    }
    case MessageType::kSubmitMarker: {
      device::StreamId s = r.U64();
      device::MarkerInfo marker;
      marker.marker_id = r.U64();
      marker.tag = r.U32();
      marker.host_tid = r.U32();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_stream(s));
      return submit([&] { return dev.SubmitMarker(s, marker); });
    }
    case MessageType::kSubmitEventRecord:
    case MessageType::kSubmitEventWait: {
      device::StreamId s = r.U64();
      device::EventId e = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_stream(s));
      ACLSIM_RETURN_IF_ERROR(own_event(e));
      return type == MessageType::kSubmitEventRecord ? dev.SubmitEventRecord(s, e) : dev.SubmitEventWait(s, e);
    }
    case MessageType::kSynchronizeStream: {
      device::StreamId s = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_stream(s));
      return dev.SynchronizeStream(s);
    }
    case MessageType::kQueryStream: {
      device::StreamId s = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_stream(s));
      ACLSIM_ASSIGN_OR_RETURN(bool idle, dev.QueryStream(s));
      body.U8(idle ? 1 : 0);
      return OkStatus();
    }
    case MessageType::kSynchronizeEvent: {
      device::EventId e = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_event(e));
      return dev.SynchronizeEvent(e);
    }
    case MessageType::kQueryEvent: {
      device::EventId e = r.U64();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      ACLSIM_RETURN_IF_ERROR(own_event(e));
      ACLSIM_ASSIGN_OR_RETURN(device::EventState es, dev.QueryEvent(e));
      body.U8(es.recorded ? 1 : 0);
      body.U8(es.complete ? 1 : 0);
      body.I64(es.timestamp_ns);
      return OkStatus();
    }
    case MessageType::kSynchronizeDevice: ACLSIM_RETURN_IF_ERROR(r.Finish(name)); return dev.SynchronizeDevice();
    case MessageType::kNow:
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      body.I64(dev.Now());
      return OkStatus();
    case MessageType::kSetSink: {
      uint8_t on = r.U8();
      ACLSIM_RETURN_IF_ERROR(r.Finish(name));
      state.sink_on = on != 0;
      return OkStatus();
    }
    default: return Status(ErrorCode::kRtFeatureNotSupport, std::string("remote protocol: unexpected ") + name);
  }
}

class DeviceServer::Impl {
 public:
  explicit Impl(const ServerOptions& options) : options_(options), signals_(io_, SIGTERM, SIGINT) {}

  Status Init();
  void Run();
  void Stop() {
    asio::post(io_, [this] { Shutdown(); });
  }
  const std::string& endpoint() const { return endpoint_; }
  ~Impl() {
    if (!unix_path_.empty()) ::unlink(unix_path_.c_str());
  }

 private:
  template <typename Acceptor>
  void Accept(Acceptor& acceptor, int family, int protocol);
  void StartSession(int family, int protocol, int fd);
  void Reap(bool all);
  void Shutdown();

  const ServerOptions options_;
  asio::io_context io_;
  asio::signal_set signals_;
  std::optional<asio::local::stream_protocol::acceptor> unix_acceptor_;
  std::optional<asio::ip::tcp::acceptor> tcp_acceptor_;
  std::string endpoint_;
  std::string unix_path_;  // socket file to remove at exit
  CollectingSink sink_;    // set on every device; outlives them
  std::unique_ptr<device::Backend> backend_;
  std::vector<std::unique_ptr<device::Device>> devices_;
  Counters counters_;
  std::list<std::unique_ptr<Session>> sessions_;  // accessed on the io_ thread only
  uint64_t next_session_ = 1;
  bool stopping_ = false;
};

Status DeviceServer::Impl::Init() {
  ACLSIM_RETURN_IF_ERROR(options_.Validate());
  ACLSIM_ASSIGN_OR_RETURN(Endpoint ep, ParseEndpoint(options_.listen));
  ACLSIM_ASSIGN_OR_RETURN(backend_, sim::CreateSimBackend(options_.devices));
  for (uint32_t i = 0; i < backend_->DeviceCount(); ++i) {
    ACLSIM_ASSIGN_OR_RETURN(std::unique_ptr<device::Device> dev, backend_->OpenDevice(i));
    dev->SetCompletionSink(&sink_);
    devices_.push_back(std::move(dev));
  }
  error_code ec;
  if (ep.kind == Endpoint::Kind::kUnix) {
    struct stat st {};
    if (::lstat(ep.path.c_str(), &st) == 0) {
      if (!S_ISSOCK(st.st_mode)) {
        return Status(ErrorCode::kInvalidParam, "listen path " + ep.path + " exists and is not a socket");
      }
      asio::local::stream_protocol::socket probe(io_);
      probe.connect(asio::local::stream_protocol::endpoint(ep.path), ec);
      if (!ec) return Status(ErrorCode::kInvalidParam, "another server is listening on " + ep.path);
      ::unlink(ep.path.c_str());  // stale socket of a dead server
    }
    unix_acceptor_.emplace(io_);
    asio::local::stream_protocol::endpoint bind_ep(ep.path);
    unix_acceptor_->open(bind_ep.protocol(), ec);
    if (!ec) unix_acceptor_->bind(bind_ep, ec);
    if (!ec) unix_path_ = ep.path;
    if (!ec) unix_acceptor_->listen(asio::socket_base::max_listen_connections, ec);
  } else {
    tcp_acceptor_.emplace(io_);
    asio::ip::address address = asio::ip::make_address(ep.host, ec);
    if (!ec && !address.is_loopback()) {
      return Status(ErrorCode::kInvalidParam, "refusing to listen on non-loopback address " + ep.host);
    }
    asio::ip::tcp::endpoint bind_ep(address, ep.port);
    if (!ec) tcp_acceptor_->open(bind_ep.protocol(), ec);
    if (!ec) tcp_acceptor_->set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) tcp_acceptor_->bind(bind_ep, ec);
    if (!ec) tcp_acceptor_->listen(asio::socket_base::max_listen_connections, ec);
    if (!ec) ep.port = tcp_acceptor_->local_endpoint(ec).port();
  }
  if (ec) {
    return Status(ErrorCode::kRtInternalError, "cannot listen on " + options_.listen + ": " + ec.message());
  }
  endpoint_ = FormatEndpoint(ep);
  return OkStatus();
}

template <typename Acceptor>
void DeviceServer::Impl::Accept(Acceptor& acceptor, int family, int protocol) {
  using Socket = typename Acceptor::protocol_type::socket;
  acceptor.async_accept([this, &acceptor, family, protocol](const error_code& ec, Socket socket) {
    if (stopping_) return;
    if (ec) {
      if (ec == asio::error::operation_aborted) return;
      std::fprintf(stderr, "aclsim-device-server: accept failed: %s\n", ec.message().c_str());
    } else {
      StartSession(family, protocol, socket.release());
    }
    Accept(acceptor, family, protocol);
  });
}

void DeviceServer::Impl::StartSession(int family, int protocol, int fd) {
  Reap(false);
  if (sessions_.size() >= options_.max_sessions) {
    std::fprintf(stderr, "aclsim-device-server: %u sessions already; refusing a connection\n", options_.max_sessions);
    ::close(fd);
    return;
  }
  counters_.live_sessions++;
  sessions_.push_back(std::make_unique<Session>(family, protocol, fd, devices_, options_, counters_, next_session_++));
  try {
    sessions_.back()->Start();
  } catch (const std::system_error& e) {  // no thread for it: drop this client, keep serving
    std::fprintf(stderr, "aclsim-device-server: cannot start a session thread: %s\n", e.what());
    sessions_.pop_back();
    counters_.live_sessions--;
  }
}

void DeviceServer::Impl::Reap(bool all) {
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (all || (*it)->done()) {
      (*it)->Join();
      it = sessions_.erase(it);
    } else {
      ++it;
    }
  }
}

void DeviceServer::Impl::Shutdown() {
  if (stopping_) return;
  stopping_ = true;
  error_code ec;
  signals_.cancel(ec);
  if (unix_acceptor_) unix_acceptor_->close(ec);
  if (tcp_acceptor_) tcp_acceptor_->close(ec);
  for (auto& s : sessions_) s->Close();
}

void DeviceServer::Impl::Run() {
  signals_.async_wait([this](const error_code& ec, int) {
    if (!ec) Shutdown();
  });
  if (unix_acceptor_) Accept(*unix_acceptor_, AF_UNIX, 0);
  if (tcp_acceptor_) {
    Accept(*tcp_acceptor_, tcp_acceptor_->local_endpoint().protocol().family(), IPPROTO_TCP);
  }
  io_.run();
  Reap(true);
  if (!unix_path_.empty()) {
    ::unlink(unix_path_.c_str());
    unix_path_.clear();
  }
}

DeviceServer::DeviceServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DeviceServer::~DeviceServer() = default;

StatusOr<std::unique_ptr<DeviceServer>> DeviceServer::Create(const ServerOptions& options) {
  auto impl = std::make_unique<Impl>(options);
  ACLSIM_RETURN_IF_ERROR(impl->Init());
  return std::unique_ptr<DeviceServer>(new DeviceServer(std::move(impl)));
}

const std::string& DeviceServer::endpoint() const { return impl_->endpoint(); }
void DeviceServer::Run() { impl_->Run(); }
void DeviceServer::Stop() { impl_->Stop(); }

}  // namespace aclsim::remote
