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
  // Only a connection past its Hello takes a session slot.
  const uint32_t max = session.options.max_sessions;
  uint32_t live = session.counters.live_sessions.load();
  do {
    if (live >= max) {
      session.close_after_reply = true;
      session.counters.refused_sessions++;
      std::fprintf(stderr, "aclsim-device-server: %u sessions already (--max-sessions); refusing %s\n", max,
                   client.c_str());
      return Status(Detail::kNoDevice, "aclsim-device-server: " + std::to_string(max) +
                                           " sessions already (--max-sessions); try again later");
    }
  } while (!session.counters.live_sessions.compare_exchange_weak(live, live + 1));
  session.counters.handshaking--;
  session.hello_done = true;
  session.Log("hello from " + client);
  body.U16(kProtocolVersion);
  body.U32(static_cast<uint32_t>(session.devices.size()));
  body.Str("aclsim-device-server profile=" + session.devices.front()->info().profile_name +
           " clock=" + (session.options.devices.clock_mode == device::ClockMode::kRealtime ? "realtime" : "virtual") +
           " origin_ns=" + std::to_string(session.options.devices.clock_origin_ns));
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
  const Counters& c = session.counters;
  body.U32(c.handshaking.load());
  for (const auto* v :
       {&c.buffered_bytes, &c.refused_peers, &c.refused_handshakes, &c.evicted_handshakes, &c.refused_sessions,
        &c.handshake_timeouts, &c.buffer_closes, &c.quota_refusals, &c.waits_interrupted, &c.bad_frames}) {
    body.U64(v->load());
  }
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

// OK unless |type| creates a handle this session already holds its quota of
// (ServerOptions::max_streams / max_events / max_graphs, over all devices).
Status CheckQuota(SessionState& session, MessageType type) {
  HandleKind kind;
  uint32_t max;
  const char* what;
  const char* flag;
  switch (type) {
    case MessageType::kCreateStream:
      kind = HandleKind::kStream, max = session.options.max_streams, what = "streams";
      flag = "--max-streams-per-session";
      break;
    case MessageType::kCreateEvent:
      kind = HandleKind::kEvent, max = session.options.max_events, what = "events";
      flag = "--max-events-per-session";
      break;
    case MessageType::kLoadGraph:
      kind = HandleKind::kExecutable, max = session.options.max_graphs, what = "loaded graphs";
      flag = "--max-graphs-per-session";
      break;
    default: return OkStatus();
  }
  const int k = static_cast<int>(kind);
  if (session.handle_count[k] < max) return OkStatus();
  session.counters.quota_refusals++;
  const std::string why =
      "session limit reached: this session already holds " + std::to_string(max) + " " + what + " (" + flag + ")";
  if (!session.quota_logged[k]) {  // once per session and kind; the counter counts every refusal
    session.quota_logged[k] = true;
    std::fprintf(stderr, "aclsim-device-server: session %llu: %s\n", static_cast<unsigned long long>(session.number),
                 why.c_str());
  }
  return Status(Detail::kDeviceMemory, "aclsim-device-server: " + why);
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
  ACLSIM_RETURN_IF_ERROR(CheckQuota(session, type));
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
  if (c.state.Handles(kind).insert(id).second) ++c.session.handle_count[static_cast<int>(kind)];
  ++c.session.counters.Handles(kind);
}

void Untrack(DeviceCall& c, HandleKind kind, uint64_t id) {
  if (c.state.Handles(kind).erase(id) != 0) --c.session.handle_count[static_cast<int>(kind)];
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
