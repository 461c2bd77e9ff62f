// aclInit / aclFinalize / version / error-message / application-log entry
// points.
#include <cstdarg>
#include <cstdio>
#include <string>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"
#include "api/src/dump_state.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/internal_entry_points.h"
#include "runtime/log.h"

using aclsim::api::Convert;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath) try {
  // The "dump" section is checked first: CANN's aclInit refuses a bad one.
  const aclError dump = aclsim::api::ApplyInitDumpConfig(configPath, false);
  if (dump != ACL_SUCCESS) return dump;
  const aclError ret = Convert(__func__, aclsim::api::Initialize(configPath));
  if (ret == ACL_SUCCESS) (void)aclsim::api::ApplyInitDumpConfig(configPath, true);
  return ret;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclFinalize(void) try {
  const aclError ret = Convert(__func__, aclsim::api::Finalize());
  if (ret == ACL_SUCCESS) aclsim::api::ResetDumpState();
  return ret;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void) try { return aclsim::api::RecentErrorMessage(); }
ACLSIM_EDGE_CATCH_RETURN(nullptr)

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) try {
  ACLSIM_PROLOGUE(aclrtGetVersion);
  *majorVersion = ACL_MAJOR_VERSION;
  *minorVersion = ACL_MINOR_VERSION;
  *patchVersion = ACL_PATCH_VERSION;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH
#pragma GCC diagnostic pop

ACL_FUNC_VISIBILITY const char* aclrtGetSocName(void) try {
  static thread_local std::string name;
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) {
    Convert(__func__, rt.status());
    return nullptr;
  }
  auto device = (*rt)->devices().GetDevice();
  auto info = (*rt)->devices().GetDeviceInfo(device.ok() ? *device : 0);
  if (!info.ok()) {
    Convert(__func__, info.status());
    return nullptr;
  }
  name = info->soc_name;
  return name.c_str();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

// The application's line goes through aclsim's logging (docs/logging.md) at
// its level, naming the caller's file, line and function; a level outside
// ACL_DEBUG…ACL_ERROR or a NULL format writes nothing. Lines longer than
// 1023 bytes are cut.
ACL_FUNC_VISIBILITY void aclsimInternalAppLogV(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
                                               const char* fmt, va_list args) try {
  if (fmt == nullptr || logLevel < ACL_DEBUG || logLevel > ACL_ERROR) return;
  const auto level = static_cast<aclsim::LogLevel>(static_cast<int>(logLevel));
  if (!aclsim::LogEnabled(level)) return;
  char text[1024];
  std::vsnprintf(text, sizeof(text), fmt, args);
  aclsim::Log(level, text, file != nullptr ? file : "", static_cast<int>(line), func != nullptr ? func : "");
}
ACLSIM_EDGE_CATCH_VOID

ACL_FUNC_VISIBILITY void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
                                   const char* fmt, ...) try {
  va_list args;
  va_start(args, fmt);
  aclsimInternalAppLogV(logLevel, func, file, line, fmt, args);
  va_end(args);
}
ACLSIM_EDGE_CATCH_VOID

ACL_FUNC_VISIBILITY aclError aclsimInternalSetPythonNotSupported(const char* api) try {
  if (api == nullptr) return aclsim::api::InvalidParam(__func__, "NULL api name");
  aclsim::api::SetNotSupported(api, "docs/python_api_coverage.md");
  return ACL_ERROR_API_NOT_SUPPORT;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
