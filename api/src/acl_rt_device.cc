// Device and context entry points (acl_rt.h).
#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/error.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::ToContext;

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  if (runMode == nullptr) return InvalidParam("aclrtGetRunMode", "runMode is NULL");
  *runMode = ACL_HOST;  // aclsim always runs as a host program driving its devices
  return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count) {
  if (count == nullptr) return InvalidParam("aclrtGetDeviceCount", "count is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  *count = rt->DeviceCount();
  return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId) {
  aclsim::api::ApiScope api_scope("aclrtSetDevice");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(rt->SetDevice(deviceId));
}

ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId) {
  aclsim::api::ApiScope api_scope("aclrtResetDevice");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(rt->ResetDevice(deviceId, /*force=*/false));
}

ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(rt->ResetDevice(deviceId, /*force=*/true));
}

ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId) {
  if (deviceId == nullptr) return InvalidParam("aclrtGetDevice", "deviceId is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto id = rt->GetDevice();
  if (!id.ok()) return Convert(id.status());
  *deviceId = *id;
  return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void) {
  aclsim::api::ApiScope api_scope("aclrtSynchronizeDevice");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(rt->SynchronizeDevice());
}

ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
  if (context == nullptr) return InvalidParam("aclrtCreateContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->CreateContext(deviceId);
  if (!created.ok()) return Convert(created.status());
  *context = *created;
  return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context) {
  if (context == nullptr) return InvalidParam("aclrtDestroyContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(rt->DestroyContext(ToContext(context)));
}

ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context) {
  if (context == nullptr) return InvalidParam("aclrtSetCurrentContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(rt->SetCurrentContext(ToContext(context)));
}

ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext* context) {
  if (context == nullptr) return InvalidParam("aclrtGetCurrentContext", "context is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto current = rt->GetCurrentContext();
  if (!current.ok()) return Convert(current.status());
  *context = *current;
  return ACL_SUCCESS;
}

}  // extern "C"
