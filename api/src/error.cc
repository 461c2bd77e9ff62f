#include "api/src/error.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <new>
#include <string>

#include "api/src/edge.h"
#include "api/src/error_table.h"
#include "runtime/log.h"

namespace aclsim::api {
namespace {

// The thread's last message. Its buffer is taken once per thread with
// malloc and then reused, so recording an error never throws (it runs in the
// edge's exception handlers too); if even that first malloc fails, a
// fixed message stands in. Only a pointer lives in thread-local storage:
// libascendcl.so's TLS block is static (op_desc.h) and must stay small enough
// to be dlopen'ed (by Python, for one).
constexpr size_t kMessageCapacity = 2048;
struct FreeDeleter {
  void operator()(char* p) const noexcept { std::free(p); }
};
thread_local std::unique_ptr<char, FreeDeleter> tls_message;
thread_local bool tls_has_message = false;
// The code of the thread's last failure, for aclrtGetLastError.
thread_local aclError tls_last_error = ACL_SUCCESS;
char g_no_memory_message[] = "[aclsim] error: out of memory while recording an error message";

char* MessageBuffer() noexcept {
  if (!tls_message) tls_message.reset(static_cast<char*>(std::malloc(kMessageCapacity)));
  return tls_message.get();
}

void Record(aclError code, const char* function, const char* separator, const char* message) noexcept {
  char* buffer = MessageBuffer();
  tls_has_message = true;
  tls_last_error = code;
  if (buffer == nullptr) return;
  std::snprintf(buffer, kMessageCapacity, "[aclsim] error %d: %s%s%s", code, function, separator, message);
  try {
    Log(LogLevel::kError, buffer);
  } catch (...) {
    // The log line is lost; the message for aclGetRecentErrMsg() is kept.
  }
}

}  // namespace

void SetError(aclError code, const std::string& message) noexcept { Record(code, "", "", message.c_str()); }

aclError Convert(const char* function, const Status& status) noexcept {
  if (status.ok()) return ACL_SUCCESS;
  const aclError code = AclCodeFor(function, status);
  SetError(code, status.message());
  return code;
}

aclError InvalidParam(const char* function, const char* what) noexcept {
  Record(ACL_ERROR_INVALID_PARAM, function, ": ", what);
  return ACL_ERROR_INVALID_PARAM;
}

aclError Reject(aclError code, const char* function, const char* what) noexcept {
  Record(code, function, ": ", what);
  return code;
}

void SetNotSupported(const char* function, const char* coverage_page) noexcept {
  char why[256];
  std::snprintf(why, sizeof(why), " is not implemented by aclsim (see %s)", coverage_page);
  Record(ACL_ERROR_API_NOT_SUPPORT, function, "", why);
}

const char* RecentErrorMessage() noexcept {
  if (!tls_has_message) return nullptr;
  return tls_message ? tls_message.get() : g_no_memory_message;
}

aclError LastError(bool clear) noexcept {
  const aclError code = tls_last_error;
  if (clear) tls_last_error = ACL_SUCCESS;
  return code;
}

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
