// Request dispatch of the device server: one handler per message type of the
// remote protocol (docs/remote_protocol.md), and the per-connection state the
// handlers read and change (handshake done, opened devices and the handles
// this connection created on each). Frame checks, response framing and the
// cleanup of a closed connection's handles are the frame handler's
// (remote/server/frame_handler.h), sockets and threads the session's
// (remote/server/session.h); the handlers here only decode a request, call
// the shared device and encode the response body.
#ifndef ACLSIM_REMOTE_SERVER_DISPATCH_H_
#define ACLSIM_REMOTE_SERVER_DISPATCH_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "remote/protocol.h"
#include "remote/server/server_options.h"
#include "runtime/device/backend.h"

namespace aclsim::remote {

// Set on every device. Routes the records of a session's current submit to
// that session's collector (see dispatch.cc); other records are dropped.
class CollectingSink final : public device::CompletionSink {
 public:
  void OnCompletions(const device::CompletionRecord* records, size_t count) override;
};

// The kinds of handle a connection creates on a device.
enum class HandleKind : uint8_t { kStream, kEvent, kExecutable };

// Server-wide totals, reported by ServerStats; shared by all sessions.
struct Counters {
  std::atomic<uint32_t> live_sessions{0};  // past their Hello
  std::atomic<uint64_t> streams{0};
  std::atomic<uint64_t> events{0};
  std::atomic<uint64_t> executables{0};
  std::atomic<uint64_t> sessions_closed{0};
  std::atomic<uint32_t> handshaking{0};         // connections waiting for their Hello
  std::atomic<uint64_t> buffered_bytes{0};      // request payload bytes held now
  std::atomic<uint64_t> refused_peers{0};       // peer uid not allowed
  std::atomic<uint64_t> refused_handshakes{0};  // 2 x max_handshakes waiting at accept
  std::atomic<uint64_t> evicted_handshakes{0};  // oldest waiting closed: max_handshakes reached
  std::atomic<uint64_t> refused_sessions{0};    // max_sessions reached at Hello
  std::atomic<uint64_t> handshake_timeouts{0};  // no Hello within handshake_timeout
  std::atomic<uint64_t> buffer_closes{0};       // closed: max_buffered_bytes reached
  std::atomic<uint64_t> quota_refusals{0};      // a create/load refused by a per-session quota
  std::atomic<uint64_t> waits_interrupted{0};   // realtime waits ended by a disconnect or stop
  std::atomic<uint64_t> bad_frames{0};          // closed: bad magic, oversized frame or Hello

  std::atomic<uint64_t>& Handles(HandleKind kind) {
    return kind == HandleKind::kStream ? streams : kind == HandleKind::kEvent ? events : executables;
  }
};

// What one connection opened on one device: only these handles may it use,
// and the session destroys them when the connection ends.
struct DeviceState {
  bool sink_on = false;
  std::set<device::StreamId> streams;
  std::set<device::EventId> events;
  std::set<device::ExecutableId> executables;

  std::set<uint64_t>& Handles(HandleKind kind) {
    return kind == HandleKind::kStream ? streams : kind == HandleKind::kEvent ? events : executables;
  }
  const std::set<uint64_t>& Handles(HandleKind kind) const {
    return kind == HandleKind::kStream ? streams : kind == HandleKind::kEvent ? events : executables;
  }
};

// The protocol state of one connection.
struct SessionState {
  SessionState(std::vector<std::unique_ptr<device::Device>>& server_devices, const ServerOptions& server_options,
               Counters& server_counters, uint64_t session_number)
      : devices(server_devices), options(server_options), counters(server_counters), number(session_number) {}

  // Logs |what| for this session on stderr when the server is verbose.
  void Log(const std::string& what) const;

  std::vector<std::unique_ptr<device::Device>>& devices;  // owned by the server, outlives sessions
  const ServerOptions& options;                           // owned by the server
  Counters& counters;                                     // owned by the server
  const uint64_t number;
  bool hello_done = false;         // and counted in live_sessions
  bool close_after_reply = false;  // the request broke the protocol: close once answered
  std::map<uint32_t, DeviceState> opened;
  uint64_t handle_count[3] = {0, 0, 0};  // per HandleKind, over all opened devices
  bool quota_logged[3] = {false, false, false};
  std::vector<device::CompletionRecord> records;
};

// Handles one request (header |h|, payload in |r|) and writes the response
// body to |body|; the returned status goes into the response prefix.
Status Dispatch(SessionState& session, const FrameHeader& h, Reader& r, Writer& body);

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_SERVER_DISPATCH_H_
