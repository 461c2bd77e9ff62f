#include "remote/server/frame_handler.h"

#include <cstdio>
#include <exception>
#include <string>

#include "sim/sim_backend.h"

namespace aclsim::remote {

FrameHandler::FrameHandler(std::vector<std::unique_ptr<device::Device>>& devices, const ServerOptions& options,
                           Counters& counters, uint64_t number)
    : state_(devices, options, counters, number) {
  state_.counters.handshaking++;
}

StatusOr<FrameHeader> FrameHandler::CheckHeader(const uint8_t* raw) {
  auto header = DecodeHeader(raw);
  if (!header.ok()) {
    state_.counters.bad_frames++;
    std::fprintf(stderr, "aclsim-device-server: closing a session: %s\n", header.status().message().c_str());
    return header.status();
  }
  if (!state_.hello_done && header->payload_len > kMaxHelloPayloadBytes) {
    state_.counters.bad_frames++;
    std::fprintf(stderr,
                 "aclsim-device-server: session %llu: a %u-byte request before Hello (at most %u); closing the "
                 "connection\n",
                 static_cast<unsigned long long>(state_.number), header->payload_len, kMaxHelloPayloadBytes);
    return Status(StatusCode::kInvalidArgument,
                  "remote protocol: a request before Hello over " + std::to_string(kMaxHelloPayloadBytes) + " bytes");
  }
  return header;
}

Status FrameHandler::Handle(const FrameHeader& h, const uint8_t* payload) {
  body_.mutable_bytes().clear();
  Reader r(payload, h.payload_len);
  Status status;
  try {
    status = Dispatch(state_, h, r, body_);
  } catch (const std::exception& e) {
    status = Status(StatusCode::kInternal, std::string("device server: ") + e.what());
  }

  response_.prefix.mutable_bytes().clear();
  Writer& prefix = response_.prefix;
  if (h.version < 2) {
    // A v1 client reads {i32 ACL code, string}: enough for it to name the
    // version mismatch of its Hello, the only reply it gets.
    constexpr int32_t kV1FeatureNotSupport = 207000;  // ACL_ERROR_RT_FEATURE_NOT_SUPPORT
    prefix.I32(status.ok() ? 0 : kV1FeatureNotSupport);
    prefix.Str(status.message());
  } else {
    EncodeStatus(prefix, status);
  }
  response_.body = body_.bytes().data();
  response_.body_len = status.ok() ? body_.bytes().size() : 0;
  const size_t len = prefix.bytes().size() + response_.body_len;
  response_.fits = len <= kMaxPayloadBytes;
  if (!response_.fits) {
    std::fprintf(stderr, "aclsim-device-server: response exceeds the frame limit; closing the session\n");
  }
  FrameHeader out;
  out.type = static_cast<uint16_t>(h.type | kResponseBit);
  out.request_id = h.request_id;
  out.payload_len = response_.fits ? static_cast<uint32_t>(len) : 0;
  EncodeHeader(out, response_.header.data());
  return status;
}

void FrameHandler::End() {
  if (ended_) return;
  ended_ = true;
  for (auto& [id, state] : state_.opened) {
    device::Device& dev = *state_.devices[id];
    state.sink_on = false;
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
  if (state_.hello_done) {
    state_.counters.live_sessions--;
    state_.counters.sessions_closed++;
  } else {
    state_.counters.handshaking--;
  }
}

size_t ServeBytes(FrameHandler& frames, const uint8_t* data, size_t size, const ResponseCallback& on_response) {
  size_t handled = 0;
  size_t pos = 0;
  while (size - pos >= kHeaderBytes) {
    auto h = frames.CheckHeader(data + pos);
    if (!h.ok()) break;
    pos += kHeaderBytes;
    if (h->payload_len > size - pos) break;  // hung up mid-frame
    const Status status = frames.Handle(*h, data + pos);
    pos += h->payload_len;
    ++handled;
    if (on_response) on_response(*h, status, frames.response());
    if (!frames.response().fits || frames.close_after_reply()) break;
  }
  frames.End();
  return handled;
}

StatusOr<std::unique_ptr<HostedDevices>> HostedDevices::Create(const sim::SimOptions& options) {
  std::unique_ptr<HostedDevices> hosted(new HostedDevices());
  ACLSIM_ASSIGN_OR_RETURN(hosted->backend_, sim::CreateSimBackend(options));
  for (uint32_t i = 0; i < hosted->backend_->DeviceCount(); ++i) {
    ACLSIM_ASSIGN_OR_RETURN(std::unique_ptr<device::Device> dev, hosted->backend_->OpenDevice(i));
    dev->SetCompletionSink(&hosted->sink_);
    hosted->devices_.push_back(std::move(dev));
  }
  return hosted;
}

}  // namespace aclsim::remote
