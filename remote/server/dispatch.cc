#include "remote/server/dispatch.h"

#include <cstdio>
#include <string>
#include <vector>

#include "runtime/model/graph_loader.h"

namespace aclsim::remote {

namespace {

// The records a session's current submit produced. SimDevice calls its sink
// synchronously on the submitting thread (after releasing its lock), and each
// session has its own thread, so a thread-local target routes every record
// to the session that caused it even though the devices are shared.
thread_local std::vector<device::CompletionRecord>* t_collector = nullptr;

Status BadArgs(const char* what) {
  return Status(ErrorCode::kRtParamInvalid, std::string("remote protocol: malformed ") + what + " request");
}

// ---- Session-level requests ----

// The first request of a connection: must be a Hello of our version.
Status FirstRequest(SessionState& session, const FrameHeader& h, MessageType type, Reader& r, Writer& body) {
  if (type != MessageType::kHello) {
    session.close_after_reply = true;
    return Status(ErrorCode::kRtParamInvalid, "remote protocol: the first request must be Hello");
  }
  if (h.version != kProtocolVersion) {
    session.close_after_reply = true;
    return Status(ErrorCode::kRtFeatureNotSupport, "remote protocol version mismatch: the client speaks v" +
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
    return Status(ErrorCode::kRtInvalidDeviceId, "device " + std::to_string(id) + " does not exist (server has " +
                                                     std::to_string(session.devices.size()) + ")");
  }
  session.opened.try_emplace(id);
  return OkStatus();
}

// ---- Device-level requests (the device is open on this connection) ----

struct DeviceCall {
  SessionState& session;
  device::Device& dev;
  DeviceState& state;  // what this connection opened on |dev|
  const char* name;    // the request type's name, for error messages
  Reader& r;
  Writer& body;
};

Status OwnStream(const DeviceState& state, device::StreamId s) {
  if (state.streams.count(s) != 0) return OkStatus();
  return Status(ErrorCode::kRtInvalidHandle, "stream " + std::to_string(s) + " does not exist on this connection");
}

Status OwnEvent(const DeviceState& state, device::EventId e) {
  if (state.events.count(e) != 0) return OkStatus();
  return Status(ErrorCode::kRtInvalidHandle, "event " + std::to_string(e) + " does not exist on this connection");
}

Status OwnExe(const DeviceState& state, device::ExecutableId x) {
  if (state.executables.count(x) != 0) return OkStatus();
  return Status(ErrorCode::kRtInvalidHandle, "executable " + std::to_string(x) + " is not loaded on this connection");
}

// Submits with the session's collector installed; appends the records.
template <typename Call>
Status Submit(DeviceCall& c, Call&& call) {
  c.session.records.clear();
  t_collector = &c.session.records;
  StatusOr<device::TaskId> task = call();
  t_collector = nullptr;
  if (!task.ok()) return task.status();
  c.body.U64(*task);
  const size_t n = c.state.sink_on ? c.session.records.size() : 0;
  c.body.U32(static_cast<uint32_t>(n));
  c.body.Reserve(c.body.bytes().size() + n * kRecordWireBytes);
  for (size_t i = 0; i < n; ++i) c.body.Record(c.session.records[i]);
  return OkStatus();
}

Status DeviceInfo(DeviceCall& c) {
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  const device::DeviceInfo& info = c.dev.info();
  c.body.Str(info.profile_name);
  c.body.Str(info.soc_name);
  c.body.U64(info.memory_bytes);
  c.body.U32(info.ai_core_count);
  c.body.U32(info.vector_core_count);
  c.body.U32(info.aicpu_count);
  return OkStatus();
}

// CreateStream and CreateEvent differ only in the handle kind.
Status CreateStreamOrEvent(DeviceCall& c, bool stream) {
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  StatusOr<uint64_t> created = stream ? c.dev.CreateStream() : c.dev.CreateEvent();
  if (!created.ok()) return created.status();
  (stream ? c.state.streams : c.state.events).insert(*created);
  ++(stream ? c.session.counters.streams : c.session.counters.events);
  c.body.U64(*created);
  return OkStatus();
}

Status CreateStream(DeviceCall& c) { return CreateStreamOrEvent(c, true); }
Status CreateEvent(DeviceCall& c) { return CreateStreamOrEvent(c, false); }

Status DestroyStream(DeviceCall& c) {
  device::StreamId s = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnStream(c.state, s));
  ACLSIM_RETURN_IF_ERROR(c.dev.DestroyStream(s));
  c.state.streams.erase(s);
  --c.session.counters.streams;
  return OkStatus();
}

Status DestroyEvent(DeviceCall& c) {
  device::EventId e = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnEvent(c.state, e));
  ACLSIM_RETURN_IF_ERROR(c.dev.DestroyEvent(e));
  c.state.events.erase(e);
  --c.session.counters.events;
  return OkStatus();
}

Status LoadGraph(DeviceCall& c) {
  std::string json = c.r.Str();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_ASSIGN_OR_RETURN(model::Graph graph, model::LoadGraphFromJson(json));
  ACLSIM_ASSIGN_OR_RETURN(device::ExecutableId x, c.dev.LoadGraph(graph));
  c.state.executables.insert(x);
  ++c.session.counters.executables;
  c.body.U64(x);
  return OkStatus();
}

Status UnloadGraph(DeviceCall& c) {
  device::ExecutableId x = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnExe(c.state, x));
  ACLSIM_RETURN_IF_ERROR(c.dev.UnloadGraph(x));
  c.state.executables.erase(x);
  --c.session.counters.executables;
  return OkStatus();
}

Status GraphCosts(DeviceCall& c) {
  device::ExecutableId x = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnExe(c.state, x));
  ACLSIM_ASSIGN_OR_RETURN(std::vector<device::OpCost> costs, c.dev.GetGraphCosts(x));
  c.body.U32(static_cast<uint32_t>(costs.size()));
  for (const auto& cost : costs) {
    c.body.U64(cost.flops);
    c.body.U64(cost.macs);
    c.body.U64(cost.bytes);
    c.body.U32(cost.block_dim);
    c.body.I64(cost.duration_ns);
  }
  return OkStatus();
}

Status SubmitGraph(DeviceCall& c) {
  device::StreamId s = c.r.U64();
  device::ExecutableId x = c.r.U64();
  device::LaunchInfo launch;
  launch.model_tag = c.r.U32();
  launch.host_tid = c.r.U32();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnStream(c.state, s));
  ACLSIM_RETURN_IF_ERROR(OwnExe(c.state, x));
  return Submit(c, [&] { return c.dev.SubmitGraph(s, x, launch); });
}

Status SubmitMarker(DeviceCall& c) {
  device::StreamId s = c.r.U64();
  device::MarkerInfo marker;
  marker.marker_id = c.r.U64();
  marker.tag = c.r.U32();
  marker.host_tid = c.r.U32();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnStream(c.state, s));
  return Submit(c, [&] { return c.dev.SubmitMarker(s, marker); });
}

// SubmitEventRecord and SubmitEventWait share their body: stream, event.
Status SubmitEventOp(DeviceCall& c, bool record) {
  device::StreamId s = c.r.U64();
  device::EventId e = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnStream(c.state, s));
  ACLSIM_RETURN_IF_ERROR(OwnEvent(c.state, e));
  return record ? c.dev.SubmitEventRecord(s, e) : c.dev.SubmitEventWait(s, e);
}

Status SubmitEventRecord(DeviceCall& c) { return SubmitEventOp(c, true); }
Status SubmitEventWait(DeviceCall& c) { return SubmitEventOp(c, false); }

Status SynchronizeStream(DeviceCall& c) {
  device::StreamId s = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnStream(c.state, s));
  return c.dev.SynchronizeStream(s);
}

Status QueryStream(DeviceCall& c) {
  device::StreamId s = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnStream(c.state, s));
  ACLSIM_ASSIGN_OR_RETURN(bool idle, c.dev.QueryStream(s));
  c.body.U8(idle ? 1 : 0);
  return OkStatus();
}

Status SynchronizeEvent(DeviceCall& c) {
  device::EventId e = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnEvent(c.state, e));
  return c.dev.SynchronizeEvent(e);
}

Status QueryEvent(DeviceCall& c) {
  device::EventId e = c.r.U64();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  ACLSIM_RETURN_IF_ERROR(OwnEvent(c.state, e));
  ACLSIM_ASSIGN_OR_RETURN(device::EventState es, c.dev.QueryEvent(e));
  c.body.U8(es.recorded ? 1 : 0);
  c.body.U8(es.complete ? 1 : 0);
  c.body.I64(es.timestamp_ns);
  return OkStatus();
}

Status SynchronizeDevice(DeviceCall& c) {
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  return c.dev.SynchronizeDevice();
}

Status Now(DeviceCall& c) {
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  c.body.I64(c.dev.Now());
  return OkStatus();
}

Status SetSink(DeviceCall& c) {
  uint8_t on = c.r.U8();
  ACLSIM_RETURN_IF_ERROR(c.r.Finish(c.name));
  c.state.sink_on = on != 0;
  return OkStatus();
}

Status HandleDevice(MessageType type, DeviceCall& c) {
  switch (type) {
    case MessageType::kDeviceInfo: return DeviceInfo(c);
    case MessageType::kCreateStream: return CreateStream(c);
    case MessageType::kDestroyStream: return DestroyStream(c);
    case MessageType::kCreateEvent: return CreateEvent(c);
    case MessageType::kDestroyEvent: return DestroyEvent(c);
    case MessageType::kLoadGraph: return LoadGraph(c);
    case MessageType::kUnloadGraph: return UnloadGraph(c);
    case MessageType::kGraphCosts: return GraphCosts(c);
    case MessageType::kSubmitGraph: return SubmitGraph(c);
    case MessageType::kSubmitMarker: return SubmitMarker(c);
    case MessageType::kSubmitEventRecord: return SubmitEventRecord(c);
    case MessageType::kSubmitEventWait: return SubmitEventWait(c);
    case MessageType::kSynchronizeStream: return SynchronizeStream(c);
    case MessageType::kQueryStream: return QueryStream(c);
    case MessageType::kSynchronizeEvent: return SynchronizeEvent(c);
    case MessageType::kQueryEvent: return QueryEvent(c);
    case MessageType::kSynchronizeDevice: return SynchronizeDevice(c);
    case MessageType::kNow: return Now(c);
    case MessageType::kSetSink: return SetSink(c);
    default: return Status(ErrorCode::kRtFeatureNotSupport, std::string("remote protocol: unexpected ") + c.name);
  }
}

// Device-level requests begin with the device id, which must be open on this
// connection.
Status RouteToDevice(SessionState& session, const FrameHeader& h, MessageType type, Reader& r, Writer& body) {
  if (static_cast<uint16_t>(type) < static_cast<uint16_t>(MessageType::kDeviceInfo) ||
      static_cast<uint16_t>(type) > static_cast<uint16_t>(MessageType::kSetSink)) {
    return Status(ErrorCode::kRtFeatureNotSupport, "remote protocol: unknown request type " + std::to_string(h.type));
  }
  uint32_t id = r.U32();
  if (!r.ok()) return BadArgs(MessageTypeName(h.type));
  auto it = session.opened.find(id);
  if (it == session.opened.end()) {
    return Status(ErrorCode::kRtInvalidDeviceId,
                  "device " + std::to_string(id) + " is not open on this connection (send OpenDevice first)");
  }
  DeviceCall call{session, *session.devices[id], it->second, MessageTypeName(static_cast<uint16_t>(type)), r, body};
  return HandleDevice(type, call);
}

}  // namespace

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
    return Status(ErrorCode::kRtParamInvalid, "remote protocol: a client sent a response frame");
  }
  const auto type = static_cast<MessageType>(h.type);
  if (!session.hello_done) return FirstRequest(session, h, type, r, body);
  switch (type) {
    case MessageType::kHello: return Status(ErrorCode::kRtParamInvalid, "remote protocol: repeated Hello");
    case MessageType::kDeviceCount: return DeviceCount(session, r, body);
    case MessageType::kServerStats: return ServerStats(session, r, body);
    case MessageType::kOpenDevice: return OpenDevice(session, r);
    default: return RouteToDevice(session, h, type, r, body);
  }
}

}  // namespace aclsim::remote
