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
// Bounds: frames larger than kMaxPayloadBytes close the session; a client
// that does not read a response within |io_timeout| is disconnected; a
// connection beyond |max_sessions| is closed at once. Only Unix-domain
// sockets and loopback TCP addresses are accepted for listening.
//
// Thread safety: Run() on one thread; Stop() from any thread (or SIGTERM /
// SIGINT, which Run() handles).
#ifndef ACLSIM_REMOTE_SERVER_DEVICE_SERVER_H_
#define ACLSIM_REMOTE_SERVER_DEVICE_SERVER_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "remote/protocol.h"
#include "sim/sim_options.h"

namespace aclsim::remote {

struct ServerOptions {
  std::string listen;       // "unix:/path" or "tcp:127.0.0.1:PORT" (PORT 0: any free port)
  sim::SimOptions devices;  // device_count, profile, seed, jitter, clock
  uint32_t max_sessions = 64;
  std::chrono::milliseconds io_timeout{10000};  // bound on sending one response
  bool verbose = false;                         // log session start/end to stderr

  // Endpoint not loopback / malformed, bad device options → kInvalidArgument.
  Status Validate() const;
};

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
