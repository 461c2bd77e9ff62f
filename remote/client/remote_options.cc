#include "remote/client/remote_options.h"

#include <nlohmann/json.hpp>

#include "runtime/device/backend.h"

namespace aclsim::remote {
namespace {

using nlohmann::json;

constexpr uint64_t kMaxIoTimeoutMs = 3'600'000;

// The simulator's device options and the aclsim-device-server flag that sets
// each instead.
constexpr std::pair<const char*, const char*> kServerOwned[] = {
    {"device_count", "--device-count N"},
    {"device_profile", "--profile NAME"},
    {"device_profile_path", "--profile FILE.json"},
    {"clock", "--clock virtual|realtime"},
    {"seed", "--seed S"},
    {"jitter", "--jitter J"},
};

Status ServerOwned(const std::string& key) {
  if (key == "faults") {
    return Status(Detail::kOptionUnsupported,
                  "config: aclsim.faults is not supported by backend 'remote': aclsim-device-server's devices "
                  "inject no faults (docs/faults.md; use backend 'sim')");
  }
  for (const auto& [option, flag] : kServerOwned) {
    if (key == option) {
      return Status(Detail::kOptionUnsupported, "config: aclsim." + key + " is set by aclsim-device-server (" + flag +
                                                    "), not by a client of backend 'remote'");
    }
  }
  return OkStatus();
}

Status AttrError(const std::string& what) { return Status(Detail::kFileAttrInvalid, "config: " + what); }

}  // namespace

StatusOr<RemoteOptions> ParseRemoteOptions(const json& options) {
  RemoteOptions o;
  if (options.is_null()) return o;
  if (!options.is_object()) return AttrError("the options of backend 'remote' must be an object");
  for (auto it = options.begin(); it != options.end(); ++it) {
    const std::string& key = it.key();
    const json& v = it.value();
    ACLSIM_RETURN_IF_ERROR(ServerOwned(key));
    if (key == "endpoint") {
      if (!v.is_string()) return AttrError("endpoint must be a string (unix:/path or tcp:127.0.0.1:port)");
      o.endpoint = v.get<std::string>();
    } else if (key == "io_timeout_ms") {
      uint64_t ms = 0;
      if (!device::AsNonNegativeInteger(v, &ms) || ms < 1 || ms > kMaxIoTimeoutMs) {
        return AttrError("io_timeout_ms must be an integer in [1, " + std::to_string(kMaxIoTimeoutMs) + "]");
      }
      o.io_timeout = std::chrono::milliseconds(ms);
    } else {
      return device::UnknownBackendOption("remote", key);
    }
  }
  return o;
}

}  // namespace aclsim::remote
