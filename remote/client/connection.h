// One client connection to an aclsim-device-server: framing, timeouts and
// the request/response exchange of the remote protocol (remote/protocol.h).
//
// The remote backend (remote_backend.cc) opens one Connection per opened
// device; tests use it directly to speak the protocol. It is written on
// plain POSIX sockets (poll() with a deadline on every exchange) so that a
// silent or dead server can never block a caller: every wait is bounded by
// the connection's I/O timeout.
//
// Errors (documented in docs/remote_protocol.md, "Client errors"):
//   kNoDevice        nothing listens at the endpoint, the server closed the
//                     connection or died, or an exchange timed out. The
//                     connection is then broken for good: every later Call
//                    returns kNoDevice at once.
//   kInternal        the peer broke the protocol (bad magic, oversized
//                     frame, mismatched request id); also breaks the connection.
//   kVersionMismatch protocol version mismatch in the handshake.
//   anything else     the status the server returned for that request (the
//                     connection stays usable).
//
// Thread safety: none; the owner serialises calls (RemoteDevice holds a
// mutex around each exchange).
#ifndef ACLSIM_REMOTE_CLIENT_CONNECTION_H_
#define ACLSIM_REMOTE_CLIENT_CONNECTION_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "remote/protocol.h"
#include "runtime/status.h"

namespace aclsim::remote {

inline constexpr std::chrono::milliseconds kDefaultIoTimeout{10000};

// What the server says about itself in its Hello response.
struct HelloReply {
  uint16_t version = 0;
  uint32_t device_count = 0;
  std::string server;  // free text, e.g. "aclsim-device-server profile=Ascend910B2 clock=virtual"
};

class Connection {
 public:
  // Connects to |endpoint| ("unix:/path" or "tcp:127.0.0.1:port") without a
  // handshake. Malformed or non-loopback endpoint → kInvalidArgument; nothing
  // listening / connect timeout → kNoDevice.
  static StatusOr<std::unique_ptr<Connection>> Open(std::string_view endpoint,
                                                    std::chrono::milliseconds io_timeout = kDefaultIoTimeout);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Sends Hello announcing protocol |version| (tests pass other values to
  // provoke a mismatch) and checks the answer. Mismatch → kVersionMismatch
  // with both versions in the message.
  StatusOr<HelloReply> Handshake(uint16_t version = kProtocolVersion);

  // Sends |request| as a |type| request and waits for its response. On
  // success returns a Reader over the response body (after status and
  // message); it borrows this connection's receive buffer and is valid until
  // the next Call. A non-OK server status is returned as that Status.
  StatusOr<Reader> Call(MessageType type, const Writer& request);

  bool broken() const { return !broken_reason_.empty(); }
  const std::string& endpoint() const { return endpoint_; }

 private:
  Connection(int fd, std::string endpoint, std::chrono::milliseconds io_timeout)
      : fd_(fd), endpoint_(std::move(endpoint)), io_timeout_(io_timeout) {}
  StatusOr<Reader> Exchange(uint16_t version, MessageType type, const Writer& request);
  // Marks the connection broken with |code| and returns that error.
  Status Break(const Status& failure);
  Status SendAll(const uint8_t* header, const std::vector<uint8_t>& payload,
                 std::chrono::steady_clock::time_point deadline);
  Status RecvAll(uint8_t* out, size_t n, std::chrono::steady_clock::time_point deadline);

  int fd_ = -1;
  const std::string endpoint_;
  const std::chrono::milliseconds io_timeout_;
  uint64_t next_request_id_ = 1;
  std::string broken_reason_;  // non-empty once broken
  std::vector<uint8_t> rx_;    // last response payload
};

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_CLIENT_CONNECTION_H_
