#include "api/src/error.h"

#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "api/src/edge.h"
#include "runtime/log.h"

namespace aclsim::api {
namespace {

// The thread's last message, in storage that never allocates: recording an
// error must not fail (it runs in the edge's exception handlers too).
constexpr size_t kMessageCapacity = 2048;
thread_local char tls_message[kMessageCapacity];
thread_local bool tls_has_message = false;

void Record(aclError code, const char* function, const char* separator, const char* message) noexcept {
  std::snprintf(tls_message, sizeof(tls_message), "[aclsim] error %d: %s%s%s", code, function, separator, message);
  tls_has_message = true;
  try {
    Log(LogLevel::kError, tls_message);
  } catch (...) {
    // The log line is lost; the message for aclGetRecentErrMsg() is kept.
  }
}

}  // namespace

void SetError(aclError code, const std::string& message) noexcept { Record(code, "", "", message.c_str()); }

aclError Convert(const Status& status) noexcept {
  if (status.ok()) return ACL_SUCCESS;
  aclError code = static_cast<aclError>(status.code());
  SetError(code, status.message());
  return code;
}

aclError InvalidParam(const char* function, const char* what) noexcept {
  Record(ACL_ERROR_INVALID_PARAM, function, ": ", what);
  return ACL_ERROR_INVALID_PARAM;
}

void SetNotSupported(const char* function) noexcept {
  Record(ACL_ERROR_API_NOT_SUPPORT, function, "", " is not implemented by aclsim (see docs/api_coverage.md)");
}

const char* RecentErrorMessage() noexcept { return tls_has_message ? tls_message : nullptr; }

aclError ExceptionAtEdge(const char* function) noexcept {
  aclError code = ACL_ERROR_INTERNAL_ERROR;
  const char* what = "unknown exception";
  try {
    throw;
  } catch (const std::bad_alloc&) {
    code = ACL_ERROR_BAD_ALLOC;
    what = "out of memory";
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  Record(code, function, ": ", what);
  return code;
}

}  // namespace aclsim::api
