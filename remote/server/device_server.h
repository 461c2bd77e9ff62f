// DeviceServer: the process side of the remote backend (aclsim-device-server).
//
// Hosts one set of simulated devices (sim::CreateSimBackend) and serves the
// remote protocol (remote/protocol.h, docs/remote_protocol.md) to any
// number of client connections, up to |max_sessions| at once. Every
// connection is a session with its own thread and its own Boost.Asio
// io_context (blocking simulator calls — realtime synchronisation — never
// stall other clients); the listening socket and signal handling run on the
// main io_context. Sessions share the devices: streams, events and
// executables live on the shared SimDevices, but each session only sees and
// may use the ones it created, and when a session ends (client closed,
// crashed, or broke the protocol) the server destroys all of them.
//
// Bounds (docs/remote_protocol.md, "Limits"): a connection must complete
// its Hello within |handshake_timeout|; at most |max_handshakes| connections
// may be waiting for theirs and at most |max_sessions| may be past it (a
// Hello beyond that is answered UNAVAILABLE). Frames larger than
// kMaxPayloadBytes close the session; request payloads are buffered as they
// arrive, at most |max_buffered_bytes| for all sessions together (the
// connection that would exceed it is closed). Each session may hold at most
// |max_streams| / |max_events| / |max_graphs| handles. A client that does
// not read a response within |io_timeout| is disconnected. Realtime waits
// end early when the client disconnects or the server stops. Only
// Unix-domain sockets (file mode |socket_mode|, peers whose uid is the
// server's or in |allowed_uids|) and loopback TCP addresses are accepted.
// Every refusal and limit-forced close is logged to stderr and counted
// (ServerStats).
//
// Thread safety: Run() on one thread; Stop() from any thread (or SIGTERM /
// SIGINT, which Run() handles).
#ifndef ACLSIM_REMOTE_SERVER_DEVICE_SERVER_H_
#define ACLSIM_REMOTE_SERVER_DEVICE_SERVER_H_

#include <memory>
#include <string>

#include "remote/protocol.h"
#include "remote/server/server_options.h"

namespace aclsim::remote {

class DeviceServer {
 public:
  // Creates the devices and binds the listening socket. Invalid options or a
  // Unix socket path another live server listens on → kInvalidArgument; a stale
  // socket file left by a dead server is replaced; bind/listen failure →
  // kInternal.
  static StatusOr<std::unique_ptr<DeviceServer>> Create(const ServerOptions& options);
  ~DeviceServer();

  // The bound endpoint (with the real port when 0 was asked for).
  const std::string& endpoint() const;

  // Serves until Stop() or SIGTERM/SIGINT; then closes every session, joins
  // their threads and removes the Unix socket file.
  void Run();
  void Stop();

  class Impl;

 private:
  explicit DeviceServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_SERVER_DEVICE_SERVER_H_
