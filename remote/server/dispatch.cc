#include "remote/server/dispatch.h"

#include "remote/server/dispatch_internal.h"
#include "remote/wire_types.h"

#include <cstdio>
#include <string>
#include <vector>

namespace aclsim::remote {

namespace {

// The records a session's current submit produced. SimDevice calls its sink
// synchronously on the submitting thread (after releasing its lock), and each
// session has its own thread, so a thread-local target routes every record
// to the session that caused it even though the devices are shared.
thread_local std::vector<device::CompletionRecord>* t_collector = nullptr;

// ---- Session-level requests ----

// The first request of a connection: must be a Hello of our version.
Status FirstRequest(SessionState& session, const FrameHeader& h, MessageType type, Reader& r, Writer& body) {
  if (type != MessageType::kHello) {
    session.close_after_reply = true;
    return Status(StatusCode::kInvalidArgument, "remote protocol: the first request must be Hello");
  }
  if (h.version != kProtocolVersion) {
    session.close_after_reply = true;
    return Status(Detail::kVersionMismatch, "remote protocol version mismatch: the client speaks v" +
                                                std::to_string(h.version) + ", aclsim-device-server speaks v" +
                                                std::to_string(kProtocolVersion));
  }
  std::string client = r.Str();
  if (!r.ok()) return BadArgs("Hello");
  session.hello_done = true;
  session.Log("hello from " + client);
  body.U16(kProtocolVersion);
  body.U32(static_cast<uint32_t>(session.devices.size()));
  body.Str("aclsim-device-server profile=" + session.devices.front()->info().profile_name +
           " clock=" + (session.options.devices.clock_mode == device::ClockMode::kRealtime ? "realtime" : "virtual"));
  return OkStatus();
}

Status DeviceCount(SessionState& session, Reader& r, Writer& body) {
  ACLSIM_RETURN_IF_ERROR(r.Finish("DeviceCount"));
  body.U32(static_cast<uint32_t>(session.devices.size()));
  return OkStatus();
}

Status ServerStats(SessionState& session, Reader& r, Writer& body) {
  ACLSIM_RETURN_IF_ERROR(r.Finish("ServerStats"));
  body.U32(session.counters.live_sessions.load());
  body.U64(session.counters.streams.load());
  body.U64(session.counters.events.load());
  body.U64(session.counters.executables.load());
  body.U64(session.counters.sessions_closed.load());
  return OkStatus();
}

Status OpenDevice(SessionState& session, Reader& r) {
  uint32_t id = r.U32();
  ACLSIM_RETURN_IF_ERROR(r.Finish("OpenDevice"));
  if (id >= session.devices.size()) {
    return Status(Detail::kInvalidDeviceId, "device " + std::to_string(id) + " does not exist (server has " +
                                                std::to_string(session.devices.size()) + ")");
  }
  session.opened.try_emplace(id);
  return OkStatus();
}

// Device-level requests begin with the device id, which must be open on this
// connection.
Status RouteToDevice(SessionState& session, const FrameHeader& h, MessageType type, Reader& r, Writer& body) {
  if (h.type < kFirstDeviceMessage || h.type > kLastDeviceMessage) {
    return Status(StatusCode::kUnimplemented, "remote protocol: unknown request type " + std::to_string(h.type));
  }
  uint32_t id = r.U32();
  if (!r.ok()) return BadArgs(MessageTypeName(h.type));
  auto it = session.opened.find(id);
  if (it == session.opened.end()) {
    return Status(Detail::kInvalidDeviceId,
                  "device " + std::to_string(id) + " is not open on this connection (send OpenDevice first)");
  }
  DeviceCall call{session, *session.devices[id], it->second, MessageTypeName(static_cast<uint16_t>(type)), r, body};
  return HandleDeviceRequest(type, call);
}

}  // namespace

Status BadArgs(const char* what) {
  return Status(StatusCode::kInvalidArgument, std::string("remote protocol: malformed ") + what + " request");
}

Status Own(const DeviceCall& c, HandleKind kind, uint64_t id) {
  static constexpr const char* kNames[] = {"stream", "event", "executable"};
  if (c.state.Handles(kind).count(id) != 0) return OkStatus();
  return Status(Detail::kInvalidHandle, std::string(kNames[static_cast<int>(kind)]) + " " + std::to_string(id) +
                                            " does not exist on this connection");
}

void Track(DeviceCall& c, HandleKind kind, uint64_t id) {
  c.state.Handles(kind).insert(id);
  ++c.session.counters.Handles(kind);
}

void Untrack(DeviceCall& c, HandleKind kind, uint64_t id) {
  c.state.Handles(kind).erase(id);
  --c.session.counters.Handles(kind);
}

Status Submit(DeviceCall& c, const std::function<StatusOr<device::TaskId>()>& call) {
  c.session.records.clear();
  t_collector = &c.session.records;
  StatusOr<device::TaskId> task = call();
  t_collector = nullptr;
  if (!task.ok()) return task.status();
  c.body.U64(*task);
  const size_t n = c.state.sink_on ? c.session.records.size() : 0;
  c.body.U32(static_cast<uint32_t>(n));
  c.body.Reserve(c.body.bytes().size() + n * kCompletionRecordWireBytes);
  for (size_t i = 0; i < n; ++i) Encode(c.body, c.session.records[i]);
  return OkStatus();
}

Status SetSink(DeviceCall& c) {
  const uint8_t on = c.r.U8();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  c.state.sink_on = on != 0;
  return OkStatus();
}

void CollectingSink::OnCompletions(const device::CompletionRecord* records, size_t count) {
  if (t_collector != nullptr) t_collector->insert(t_collector->end(), records, records + count);
}

void SessionState::Log(const std::string& what) const {
  if (options.verbose)
    std::fprintf(stderr, "aclsim-device-server: session %llu: %s\n", static_cast<unsigned long long>(number),
                 what.c_str());
}

Status Dispatch(SessionState& session, const FrameHeader& h, Reader& r, Writer& body) {
  if ((h.type & kResponseBit) != 0) {
    session.close_after_reply = true;
    return Status(StatusCode::kInvalidArgument, "remote protocol: a client sent a response frame");
  }
  const auto type = static_cast<MessageType>(h.type);
  if (!session.hello_done) return FirstRequest(session, h, type, r, body);
  switch (type) {
    case MessageType::kHello: return Status(StatusCode::kInvalidArgument, "remote protocol: repeated Hello");
    case MessageType::kDeviceCount: return DeviceCount(session, r, body);
    case MessageType::kServerStats: return ServerStats(session, r, body);
    case MessageType::kOpenDevice: return OpenDevice(session, r);
    default: return RouteToDevice(session, h, type, r, body);
  }
}

}  // namespace aclsim::remote
