// ServerOptions: the settings of aclsim-device-server (remote/server/
// device_server.h), shared by the server, its sessions and the socket-free
// frame handling (remote/server/frame_handler.h). The limits are described
// in docs/remote_protocol.md, "Limits".
#ifndef ACLSIM_REMOTE_SERVER_SERVER_OPTIONS_H_
#define ACLSIM_REMOTE_SERVER_SERVER_OPTIONS_H_

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/status.h"
#include "sim/sim_options.h"

namespace aclsim::remote {

// The largest request accepted before the Hello is answered.
inline constexpr uint32_t kMaxHelloPayloadBytes = 64u << 10;

struct ServerOptions {
  std::string listen;                                 // "unix:/path" or "tcp:127.0.0.1:PORT" (PORT 0: any free port)
  sim::SimOptions devices;                            // device_count, profile, seed, jitter, clock
  uint32_t max_sessions = 64;                         // sessions past their Hello
  uint32_t max_handshakes = 64;                       // connections not yet past their Hello
  std::chrono::milliseconds handshake_timeout{5000};  // accept to Hello answered
  std::chrono::milliseconds io_timeout{10000};        // bound on one payload read / response write
  uint64_t max_buffered_bytes = uint64_t{256} << 20;  // request payload bytes held by all sessions
  // Per-session handle quotas (over all devices the session opened).
  uint32_t max_streams = 1024;
  uint32_t max_events = 4096;
  uint32_t max_graphs = 256;
  uint32_t socket_mode = 0600;         // file mode of a Unix socket
  std::vector<uint32_t> allowed_uids;  // Unix-socket peers allowed besides the server's own uid
  bool verbose = false;                // log session start/end to stderr

  // Endpoint not loopback / malformed, bad device options → kInvalidArgument.
  Status Validate() const;
};

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_SERVER_SERVER_OPTIONS_H_
