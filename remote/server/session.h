// Session: one client connection of the device server, served on its own
// thread with its own io_context (a blocking simulator call never stalls
// other clients). It reads request frames, hands each to Dispatch()
// (remote/server/dispatch.h) and writes the framed response, bounding a
// payload read or a response write by the server's io_timeout. When the
// connection ends — the client closed or crashed, a frame was malformed, a
// request broke the protocol, or the server is stopping — it destroys every
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
#include "remote/server/device_server.h"
#include "remote/server/dispatch.h"
#include "runtime/device/backend.h"

namespace aclsim::remote {

class Session {
 public:
  // Takes ownership of the connected socket |fd| (closed at once if it cannot
  // be adopted: the first read then fails and the session ends).
  Session(int family, int protocol, int fd, std::vector<std::unique_ptr<device::Device>>& devices,
          const ServerOptions& options, Counters& counters, uint64_t number);

  // Starts the session thread; throws std::system_error when there is none.
  void Start();
  // Asks the session to end: its pending or next socket operation fails.
  void Close();
  bool done() const { return done_.load(); }
  void Join();

 private:
  void Serve();
  void Cleanup();
  // Runs one async operation on io_ to completion, bounded by |timeout| when
  // given. Returns the operation's error (timed_out when the bound hit).
  template <typename Initiate>
  boost::system::error_code RunOp(Initiate&& initiate, std::optional<std::chrono::milliseconds> timeout);
  bool ReadFrame(FrameHeader* out_header, std::vector<uint8_t>* out_payload);
  bool WriteResponse(const FrameHeader& request, const Status& status, const Writer& body);
  void Log(const std::string& what) const { state_.Log(what); }

  boost::asio::io_context io_;
  boost::asio::generic::stream_protocol::socket socket_;
  SessionState state_;
  std::thread thread_;
  std::atomic<bool> done_{false};
};

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_SERVER_SESSION_H_
