// Error state, versions and environment queries (acl_rt.h, acl_base_rt.h):
// the thread's last error, device fault detail, package versions, CANN
// attributes, device features and architecture compatibility.
//
// Written from hicann/runtime docs/zh/api_ref/13_exception_handling.md
// (aclrtPeekAtLastError, aclrtGetLastError, aclrtGetErrorVerbose),
// 24_other_APIs.md (aclsysGetVersionStr/Num, aclGetCannAttributeList,
// aclGetCannAttribute), 04_device_management.md (aclrtGetDeviceCapability)
// and 15_model_running_instance__management.md (aclrtCheckArchCompatibility).
#include <cstdio>
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;

namespace {

// The one package whose version aclsim installs (share/info/runtime/version.info).
constexpr char kRuntimePackage[] = "runtime";

// "9.1.0" → {9, 1, 0}; false when the text is not three dot-separated numbers.
bool ParseVersion(const char* text, int32_t parts[3]) {
  char tail = '\0';
  return std::sscanf(text, "%d.%d.%d%c", &parts[0], &parts[1], &parts[2], &tail) == 3;
}

aclError UnknownPackage(const char* function, const char* name) {
  aclsim::api::SetError(ACL_ERROR_INVALID_FILE, std::string(function) + ": package \"" + name +
                                                    "\" has no version.info (aclsim installs only \"runtime\")");
  return ACL_ERROR_INVALID_FILE;
}

// The CANN attributes of the simulated environment; the simulator computes
// with Inf/NaN, bf16, and compiles single operators at run time.
constexpr aclCannAttr kCannAttributes[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16, ACL_CANN_ATTR_JIT_COMPILE};

// The instruction-set family of a SoC name: kernels built for one SoC run on
// every SoC of its family (the Ascend 910B and 910_93 lines share one).
const char* ArchFamily(const std::string& soc) {
  if (soc.rfind("Ascend910B", 0) == 0 || soc.rfind("Ascend910_93", 0) == 0) return "dav-c220";
  if (soc.rfind("Ascend910", 0) == 0) return "dav-c100";
  if (soc.rfind("Ascend310P", 0) == 0) return "dav-m200";
  if (soc.rfind("Ascend310B", 0) == 0) return "dav-m300";
  return nullptr;
}

}  // namespace

extern "C" {

// The code of the calling thread's most recent failed call, kept until
// aclrtGetLastError reads it. Only the thread level exists; another level is
// ACL_ERROR_RT_PARAM_INVALID, which is returned, not recorded.
ACL_FUNC_VISIBILITY aclError aclrtPeekAtLastError(aclrtLastErrLevel level) try {
  if (level != ACL_RT_THREAD_LEVEL) return ACL_ERROR_RT_PARAM_INVALID;
  return aclsim::api::LastError(/*clear=*/false);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetLastError(aclrtLastErrLevel level) try {
  if (level != ACL_RT_THREAD_LEVEL) return ACL_ERROR_RT_PARAM_INVALID;
  return aclsim::api::LastError(/*clear=*/true);
}
ACLSIM_EDGE_CATCH

// A simulated device has no hardware faults to detail: a valid device
// reports ACL_RT_NO_ERROR, nothing to repair and no detail.
ACL_FUNC_VISIBILITY aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo* errorInfo) try {
  ACLSIM_PROLOGUE(aclrtGetErrorVerbose);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (auto info = rt->devices().GetDeviceInfo(deviceId); !info.ok()) return Convert(__func__, info.status());
  std::memset(errorInfo, 0, sizeof(*errorInfo));
  errorInfo->errorType = ACL_RT_NO_ERROR;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsysGetVersionStr(char* pkgName, char* versionStr) try {
  ACLSIM_PROLOGUE(aclsysGetVersionStr);
  if (std::strcmp(pkgName, kRuntimePackage) != 0) return UnknownPackage(__func__, pkgName);
  std::snprintf(versionStr, ACL_PKG_VERSION_MAX_SIZE, "%s", ACLSIM_CANN_VERSION);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// major * 10^7 + minor * 10^5 + patch * 10^3 ("9.1.0" → 90100000), so a
// later release compares greater.
ACL_FUNC_VISIBILITY aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum) try {
  ACLSIM_PROLOGUE(aclsysGetVersionNum);
  if (std::strcmp(pkgName, kRuntimePackage) != 0) return UnknownPackage(__func__, pkgName);
  int32_t parts[3] = {};
  if (!ParseVersion(ACLSIM_CANN_VERSION, parts)) return UnknownPackage(__func__, pkgName);
  *versionNum = parts[0] * 10000000 + parts[1] * 100000 + parts[2] * 1000;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclGetCannAttributeList(const aclCannAttr** cannAttrList, size_t* num) try {
  ACLSIM_PROLOGUE(aclGetCannAttributeList);
  *cannAttrList = kCannAttributes;
  *num = sizeof(kCannAttributes) / sizeof(kCannAttributes[0]);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// 1 for an attribute of the list, 0 for any other value.
ACL_FUNC_VISIBILITY aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t* value) try {
  ACLSIM_PROLOGUE(aclGetCannAttribute);
  *value = 0;
  for (aclCannAttr attr : kCannAttributes) {
    if (attr == cannAttr) *value = 1;
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// Task update by the task scheduler's CPU and cross-device memory-queue
// events are hardware features the simulated devices do not model: both are
// ACL_DEV_FEATURE_NOT_SUPPORT. Another feature value is 100000.
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType,
                                                      int32_t* value) try {
  ACLSIM_PROLOGUE(aclrtGetDeviceCapability);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (auto info = rt->devices().GetDeviceInfo(deviceId); !info.ok()) return Convert(__func__, info.status());
  *value = ACL_DEV_FEATURE_NOT_SUPPORT;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// Compatible when socVersion is the current device's SoC (device 0 without
// a current context, as aclrtGetSocName) or of its instruction-set family.
ACL_FUNC_VISIBILITY aclError aclrtCheckArchCompatibility(const char* socVersion, int32_t* canCompatible) try {
  ACLSIM_PROLOGUE(aclrtCheckArchCompatibility);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto device = rt->devices().GetDevice();
  auto info = rt->devices().GetDeviceInfo(device.ok() ? *device : 0);
  if (!info.ok()) return Convert(__func__, info.status());
  const char* mine = ArchFamily(info->soc_name);
  const char* theirs = ArchFamily(socVersion);
  const bool same_family = mine != nullptr && theirs != nullptr && std::strcmp(mine, theirs) == 0;
  *canCompatible = same_family || info->soc_name == socVersion ? 1 : 0;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
