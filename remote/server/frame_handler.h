// FrameHandler: the socket-free part of one device-server connection. It
// owns the connection's protocol state (remote/server/dispatch.h), checks
// each request header, dispatches each complete request, frames the
// response, and when the connection ends destroys every stream, event and
// executable the client left on the shared devices. The session
// (remote/server/session.h) moves the bytes: it reads a header and its
// payload off the socket under the time and buffer bounds, and writes the
// response this returns. Tests and the wire-protocol fuzzer
// (tests/fuzz/remote_frames_fuzz.cc) drive it from a buffer.
//
// Accounting in Counters: a connection counts as handshaking from
// construction until its Hello is answered, then as a live session; End()
// takes it out of either (a live session also counts as closed).
//
// Thread safety: one connection, one thread at a time; the devices and
// Counters it shares with other connections are thread-safe.
#ifndef ACLSIM_REMOTE_SERVER_FRAME_HANDLER_H_
#define ACLSIM_REMOTE_SERVER_FRAME_HANDLER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "remote/protocol.h"
#include "remote/server/dispatch.h"
#include "remote/server/server_options.h"
#include "runtime/device/backend.h"
#include "sim/sim_options.h"

namespace aclsim::remote {

// The framed response to one request, as three pieces sent back to back.
struct ResponseFrame {
  std::array<uint8_t, kHeaderBytes> header{};
  Writer prefix;                  // the status (or a v1 client's {i32 code, string})
  const uint8_t* body = nullptr;  // the type-specific body, only after an OK status
  size_t body_len = 0;
  bool fits = true;  // false: larger than kMaxPayloadBytes, not sendable (logged)
};

class FrameHandler {
 public:
  FrameHandler(std::vector<std::unique_ptr<device::Device>>& devices, const ServerOptions& options, Counters& counters,
               uint64_t number);
  ~FrameHandler() { End(); }
  FrameHandler(const FrameHandler&) = delete;
  FrameHandler& operator=(const FrameHandler&) = delete;

  // The Hello is answered: the connection is a live session.
  bool hello_done() const { return state_.hello_done; }
  // The last request broke the protocol: close once it is answered.
  bool close_after_reply() const { return state_.close_after_reply; }
  uint64_t number() const { return state_.number; }
  const ServerOptions& options() const { return state_.options; }
  Counters& counters() { return state_.counters; }
  // Logs |what| for this connection when the server is verbose.
  void Log(const std::string& what) const { state_.Log(what); }

  // Checks the header of the next request, |raw| (kHeaderBytes bytes): the
  // magic, the payload bound and, before the Hello, kMaxHelloPayloadBytes.
  // A failure is logged and counted (bad_frames); the connection must close.
  StatusOr<FrameHeader> CheckHeader(const uint8_t* raw);

  // Handles request |h| whose payload is |payload| (|h.payload_len| bytes)
  // and frames the response (response()). Returns the request's status (an
  // exception from a handler becomes kInternal). |payload| is only borrowed.
  Status Handle(const FrameHeader& h, const uint8_t* payload);
  // The response to the last Handle(); valid until the next one.
  const ResponseFrame& response() const { return response_; }

  // Destroys every handle this connection created and takes it out of the
  // counters. Idempotent; no request may be handled after it.
  void End();

 private:
  SessionState state_;
  Writer body_;
  ResponseFrame response_;
  bool ended_ = false;
};

// Serves |size| bytes at |data| as everything one client sent before it
// hung up: headers and payloads back to back, as a session reads them, but
// from memory and with no time bounds. Calls |on_response| (when given) for
// every request handled, and stops after the first bad header, at a frame
// cut short by the end of the data, after a response that does not fit and
// after a request that broke the protocol. Then End()s the connection.
// Returns the number of requests handled.
using ResponseCallback = std::function<void(const FrameHeader& request, const Status& status, const ResponseFrame&)>;
size_t ServeBytes(FrameHandler& frames, const uint8_t* data, size_t size, const ResponseCallback& on_response = {});

// The devices of a server: a sim backend's devices, each with a
// CollectingSink set (the sink outlives them).
class HostedDevices {
 public:
  // Errors: those of sim::CreateSimBackend and of opening a device.
  static StatusOr<std::unique_ptr<HostedDevices>> Create(const sim::SimOptions& options);
  std::vector<std::unique_ptr<device::Device>>& devices() { return devices_; }

 private:
  HostedDevices() = default;
  CollectingSink sink_;
  std::unique_ptr<device::Backend> backend_;
  std::vector<std::unique_ptr<device::Device>> devices_;
};

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_SERVER_FRAME_HANDLER_H_
