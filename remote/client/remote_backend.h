// The "remote" device backend: device::Backend over an aclsim-device-server.
//
// Each Device method becomes one request of the remote protocol
// (remote/protocol.h, docs/remote_protocol.md) to a server process that
// hosts simulated devices (remote/server). Graphs cross the wire as
// "aclsim.graph.v1" JSON (model::WriteGraphJson). The simulator computes a
// submission's completion records eagerly, so a SubmitGraph/SubmitMarker
// response carries all of them and the client hands them to its
// CompletionSink before the submit call returns — in the same order and in
// the same batches (of 256) as the in-process simulator, so for the same
// server options (profile, seed, jitter) and the same call sequence the
// records are byte-identical to sim::SimDevice's.
//
// Configuration: RemoteOptions (remote_options.h): the endpoint
// ("unix:/path" or "tcp:127.0.0.1:port", loopback only) and the I/O
// timeout. The device count, profile, seed, jitter and clock are the
// server's (aclsim-device-server flags): a client configuration that sets
// one is refused with kUnimplemented. The backend reports the server's
// clock mode (from its Hello) and lacks the features
// device::kFeatureClientDeviceOptions and device::kFeatureFreshDeviceClock
// (the server's devices are shared and keep their clocks between clients).
//
// Connections: the backend handshakes once at creation (to learn the device
// count) and each opened Device owns its own connection; closing the Device
// (or the process dying) makes the server free every stream, event and
// executable it created.
//
// Errors: creation with an empty/malformed endpoint → kInvalidArgument; nothing
// listening → kNoDevice; protocol version mismatch → kVersionMismatch.
// Once the server is gone (connection closed, reset, or no response within
// the I/O timeout, 10 s by default) every call of that Device returns
// kNoDevice at once; Now() then returns the last time it observed.
//
// Thread safety: every Device method may be called from any thread; one
// mutex per Device serialises its exchanges. The sink is called on the
// submitting thread with that mutex held (as SimDevice holds its lock): a
// sink must not call back into the device.
#ifndef ACLSIM_REMOTE_CLIENT_REMOTE_BACKEND_H_
#define ACLSIM_REMOTE_CLIENT_REMOTE_BACKEND_H_

#include <memory>

#include <nlohmann/json_fwd.hpp>

#include "remote/client/remote_options.h"
#include "runtime/device/backend.h"

namespace aclsim::remote {

// Connects to |options.endpoint|, handshakes and returns the backend.
StatusOr<std::unique_ptr<device::Backend>> CreateRemoteBackend(const RemoteOptions& options);

// The factory of "remote": ParseRemoteOptions(|options|), then
// CreateRemoteBackend.
StatusOr<std::unique_ptr<device::Backend>> CreateRemoteBackendFromConfig(const nlohmann::json& options);

// Registers CreateRemoteBackendFromConfig as "remote" in |registry|.
// remote/CMakeLists.txt names it with aclsim_register_backend.
void RegisterRemoteBackend(device::BackendRegistry& registry);

}  // namespace aclsim::remote

#endif  // ACLSIM_REMOTE_CLIENT_REMOTE_BACKEND_H_
