// The "remote" backend's options: the keys of the configuration's "aclsim"
// object for a client of aclsim-device-server (README.md, "Configuration").
//
//   endpoint       "unix:/path" or "tcp:127.0.0.1:PORT" (required to connect)
//   io_timeout_ms  bound on every request/response exchange and on connect,
//                  1…3600000 ms (default 10000)
//
// The devices belong to the server: the device options of the simulator
// (device_count, device_profile, device_profile_path, clock, seed, jitter,
// faults) are set on the server's command line, and a client that sets one
// gets kUnimplemented ("this backend does not implement that") naming the
// server's flag, rather than having it silently ignored.
#ifndef ACLSIM_REMOTE_CLIENT_REMOTE_OPTIONS_H_
#define ACLSIM_REMOTE_CLIENT_REMOTE_OPTIONS_H_

#include <chrono>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "runtime/status.h"

namespace aclsim::remote {

struct RemoteOptions {
  std::string endpoint;  // "unix:/path" or "tcp:127.0.0.1:port"
  // Bound on every request/response exchange (and on connect).
  std::chrono::milliseconds io_timeout{10000};
};

// Parses the backend options object (device::BackendFactory) of "remote".
// A server-owned device option → kUnimplemented; a wrong type or value →
// kFileAttrInvalid naming the key; any other key → kFileAttrInvalid naming
// the backend and the key. An empty endpoint is CreateRemoteBackend's to
// reject.
StatusOr<RemoteOptions> ParseRemoteOptions(const nlohmann::json& options);

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_CLIENT_REMOTE_OPTIONS_H_
