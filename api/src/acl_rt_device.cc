// Device and context entry points (acl_rt.h).
#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::ToContext;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode) try {
  if (runMode == nullptr) return InvalidParam("aclrtGetRunMode", "runMode is NULL");
  *runMode = ACL_HOST;  // aclsim always runs as a host program driving its devices
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count) try {
  if (count == nullptr) return InvalidParam("aclrtGetDeviceCount", "count is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  *count = rt->devices().DeviceCount();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId) try {
  aclsim::api::ApiScope api_scope("aclrtSetDevice");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SetDevice(deviceId));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId) try {
  aclsim::api::ApiScope api_scope("aclrtResetDevice");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().ResetDevice(deviceId, /*force=*/false));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId) try {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().ResetDevice(deviceId, /*force=*/true));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId) try {
  if (deviceId == nullptr) return InvalidParam("aclrtGetDevice", "deviceId is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto id = rt->devices().GetDevice();
  if (!id.ok()) return Convert(__func__, id.status());
  *deviceId = *id;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void) try {
  aclsim::api::ApiScope api_scope("aclrtSynchronizeDevice");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SynchronizeDevice());
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) try {
  if (context == nullptr) return InvalidParam("aclrtCreateContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateContext(deviceId);
  if (!created.ok()) return Convert(__func__, created.status());
  *context = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context) try {
  if (context == nullptr) return InvalidParam("aclrtDestroyContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().DestroyContext(ToContext(context)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context) try {
  if (context == nullptr) return InvalidParam("aclrtSetCurrentContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SetCurrentContext(ToContext(context)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext* context) try {
  if (context == nullptr) return InvalidParam("aclrtGetCurrentContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto current = rt->devices().GetCurrentContext();
  if (!current.ok()) return Convert(__func__, current.status());
  *context = *current;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
