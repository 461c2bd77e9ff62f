// Session: one client connection of the device server, served on its own
// thread with its own io_context (a blocking simulator call never stalls
// other clients). It reads request frames, hands each to its FrameHandler
// (remote/server/frame_handler.h) and writes the framed response, bounding a
// payload read or a response write by the server's io_timeout. Until its
// Hello is answered the whole exchange is bounded by handshake_timeout and
// the request may be at most kMaxHelloPayloadBytes. A payload is buffered
// as it arrives, charged to the server-wide max_buffered_bytes. Realtime
// waits of a request end early (device::WaitInterrupt) when the client
// disconnects or the server stops. When the connection ends — the client
// closed or crashed, a frame was malformed or over a limit, a request broke
// the protocol, or the server is stopping — the frame handler destroys every
// stream, event and executable the client left on the shared devices.
#ifndef ACLSIM_REMOTE_SERVER_SESSION_H_
#define ACLSIM_REMOTE_SERVER_SESSION_H_

#include <atomic>
#include <boost/asio.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "remote/protocol.h"
#include "remote/server/dispatch.h"
#include "remote/server/frame_handler.h"
#include "remote/server/server_options.h"
#include "runtime/device/backend.h"
#include "runtime/device/wait_interrupt.h"

namespace aclsim::remote {

class Session {
 public:
  // Takes ownership of the connected socket |fd| (closed at once if it cannot
  // be adopted: the first read then fails and the session ends).
  Session(int family, int protocol, int fd, std::vector<std::unique_ptr<device::Device>>& devices,
          const ServerOptions& options, Counters& counters, uint64_t number);

  // Starts the session thread; throws std::system_error when there is none.
  void Start();
  // Asks the session to end: its pending or next socket operation fails and
  // a realtime wait in progress ends.
  void Close();
  bool done() const { return done_.load(); }
  // Still waiting for its Hello (not yet answered OK) and not told to close.
  bool handshaking() const { return !past_hello_.load() && !closing_.load() && !done(); }
  void Join();

 private:
  void Serve();
  void Cleanup();
  // Runs one async operation on io_ to completion, bounded by |timeout| when
  // given. Returns the operation's error (timed_out when the bound hit).
  template <typename Initiate>
  boost::system::error_code RunOp(Initiate&& initiate, std::optional<std::chrono::milliseconds> timeout);
  bool ReadFrame(FrameHeader* out_header);
  // Reads |len| payload bytes into payload_, growing it as they arrive.
  // Fails with timed_out past |deadline|, no_buffer_space over the budget.
  boost::system::error_code ReadPayload(uint32_t len, std::chrono::steady_clock::time_point deadline);
  // Charges |bytes| more to the server's buffer budget; false (logged,
  // counted) when that would exceed max_buffered_bytes.
  bool Charge(size_t bytes);
  // Frees payload_ (and its charge) when it is larger than worth keeping, or always.
  void Release(bool always);
  // A non-empty reason once the peer hung up (polled during realtime waits).
  std::string PeerGone();
  bool WriteResponse();
  void Log(const std::string& what) const { frames_.Log(what); }

  boost::asio::io_context io_;
  boost::asio::generic::stream_protocol::socket socket_;
  FrameHandler frames_;
  const std::chrono::steady_clock::time_point handshake_deadline_;
  std::vector<uint8_t> payload_;  // the current request's payload
  size_t charged_ = 0;            // bytes of payload_ charged to Counters::buffered_bytes
  device::WaitInterrupt interrupt_;
  std::thread thread_;
  std::atomic<bool> done_{false};
  std::atomic<bool> past_hello_{false};
  std::atomic<bool> closing_{false};
};

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_SERVER_SESSION_H_
