#include "remote/server/server_options.h"

#include <string>

#include "remote/protocol.h"

namespace aclsim::remote {

Status ServerOptions::Validate() const {
  ACLSIM_RETURN_IF_ERROR(ParseEndpoint(listen).status());
  ACLSIM_RETURN_IF_ERROR(devices.Validate());
  if (max_sessions < 1) return Status(StatusCode::kInvalidArgument, "max_sessions must be >= 1");
  if (max_handshakes < 1) return Status(StatusCode::kInvalidArgument, "max_handshakes must be >= 1");
  if (handshake_timeout.count() < 1) return Status(StatusCode::kInvalidArgument, "handshake_timeout must be >= 1 ms");
  if (max_buffered_bytes < kMaxHelloPayloadBytes) {
    return Status(StatusCode::kInvalidArgument,
                  "max_buffered_bytes must be >= " + std::to_string(kMaxHelloPayloadBytes) + " (one Hello)");
  }
  if (socket_mode > 0777) return Status(StatusCode::kInvalidArgument, "socket_mode must be a file mode in [0, 0777]");
  return OkStatus();
}

}  // namespace aclsim::remote
