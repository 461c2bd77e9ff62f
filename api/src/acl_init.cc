// aclInit / aclFinalize / version / error-message entry points.
#include <string>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/global.h"

using aclsim::api::Convert;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath) try {
  return Convert(__func__, aclsim::api::Initialize(configPath));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclFinalize(void) try { return Convert(__func__, aclsim::api::Finalize()); }
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void) try { return aclsim::api::RecentErrorMessage(); }
ACLSIM_EDGE_CATCH_RETURN(nullptr)

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) try {
  if (majorVersion == nullptr || minorVersion == nullptr || patchVersion == nullptr) {
    return aclsim::api::InvalidParam("aclrtGetVersion", "NULL output pointer");
  }
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

}  // extern "C"
