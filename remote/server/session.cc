#include "remote/server/session.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <exception>

namespace aclsim::remote {

namespace asio = boost::asio;
using boost::system::error_code;

Session::Session(int family, int protocol, int fd, std::vector<std::unique_ptr<device::Device>>& devices,
                 const ServerOptions& options, Counters& counters, uint64_t number)
    : socket_(io_), state_(devices, options, counters, number) {
  error_code ec;
  socket_.assign(asio::generic::stream_protocol(family, protocol), fd, ec);
  if (ec) ::close(fd);
}

void Session::Start() {
  thread_ = std::thread([this] {
    Serve();
    done_.store(true);
  });
}

void Session::Close() {
  asio::post(io_, [this] {
    error_code ec;
    socket_.close(ec);
  });
}

void Session::Join() {
  if (thread_.joinable()) thread_.join();
}

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
               state_.options.io_timeout);
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
  if (request.version < 2) {
    // A v1 client reads {i32 ACL code, string}: enough for it to name the
    // version mismatch of its Hello, the only reply it gets.
    constexpr int32_t kV1FeatureNotSupport = 207000;  // ACL_ERROR_RT_FEATURE_NOT_SUPPORT
    prefix.I32(status.ok() ? 0 : kV1FeatureNotSupport);
    prefix.Str(status.message());
  } else {
    EncodeStatus(prefix, status);
  }
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
  error_code ec = RunOp([&](auto handler) { asio::async_write(socket_, buffers, handler); }, state_.options.io_timeout);
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
      status = Dispatch(state_, h, r, body);
    } catch (const std::exception& e) {
      status = Status(StatusCode::kInternal, std::string("device server: ") + e.what());
    }
    if (!WriteResponse(h, status, body) || state_.close_after_reply) break;
  }
  Cleanup();
}

void Session::Cleanup() {
  error_code ec;
  socket_.close(ec);
  for (auto& [id, state] : state_.opened) {
    device::Device& dev = *state_.devices[id];
    if (state.sink_on) state.sink_on = false;
    for (device::StreamId s : state.streams) (void)dev.DestroyStream(s);
    for (device::EventId e : state.events) (void)dev.DestroyEvent(e);
    for (device::ExecutableId x : state.executables) (void)dev.UnloadGraph(x);
    state_.counters.streams -= state.streams.size();
    state_.counters.events -= state.events.size();
    state_.counters.executables -= state.executables.size();
    Log("freed " + std::to_string(state.streams.size()) + " stream(s), " + std::to_string(state.events.size()) +
        " event(s), " + std::to_string(state.executables.size()) + " executable(s) on device " + std::to_string(id));
  }
  state_.opened.clear();
  state_.counters.live_sessions--;
  state_.counters.sessions_closed++;
}

}  // namespace aclsim::remote
