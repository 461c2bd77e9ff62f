#include "api/src/error.h"

#include "runtime/log.h"

namespace aclsim::api {
namespace {
thread_local std::string tls_message;
thread_local bool tls_has_message = false;
}  // namespace

void SetError(aclError code, const std::string& message) {
  tls_message = "[aclsim] error " + std::to_string(code) + ": " + message;
  tls_has_message = true;
  Log(LogLevel::kError, tls_message);
}

aclError Convert(const Status& status) {
  if (status.ok()) return ACL_SUCCESS;
  aclError code = static_cast<aclError>(status.code());
  SetError(code, status.message());
  return code;
}

aclError InvalidParam(const char* function, const char* what) {
  SetError(ACL_ERROR_INVALID_PARAM, std::string(function) + ": " + what);
  return ACL_ERROR_INVALID_PARAM;
}

void SetNotSupported(const char* function) {
  SetError(ACL_ERROR_API_NOT_SUPPORT,
           std::string(function) + " is not implemented by aclsim (see docs/api_coverage.md)");
}

const char* RecentErrorMessage() { return tls_has_message ? tls_message.c_str() : nullptr; }

}  // namespace aclsim::api
