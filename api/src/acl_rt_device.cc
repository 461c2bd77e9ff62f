// Device and context entry points (acl_rt.h).
#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::ToContext;

// The id spaces (acl_rt.h). A simulated device has no container mapping:
// its physical id is its logic (backend) id.
namespace {

enum class IdSpace { kUser, kLogic };  // from which; the answer is in the other

aclError MapDeviceId(const char* function, IdSpace from, int32_t id, int32_t* out) {
  if (out == nullptr) return InvalidParam(function, "the output id is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  const aclsim::StatusOr<int32_t> mapped =
      from == IdSpace::kUser ? rt->devices().LogicIdOfUser(id) : rt->devices().UserIdOfLogic(id);
  if (!mapped.ok()) return Convert(function, mapped.status());
  *out = *mapped;
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode) try {
  ACLSIM_PROLOGUE(aclrtGetRunMode);
  *runMode = ACL_HOST;  // aclsim always runs as a host program driving its devices
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count) try {
  ACLSIM_PROLOGUE(aclrtGetDeviceCount);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (aclsim::Status s = rt->devices().DeviceCountStatus(); !s.ok()) return Convert(__func__, s);
  *count = rt->devices().DeviceCount();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t* const logicDevId) try {
  return MapDeviceId(__func__, IdSpace::kUser, userDevid, logicDevId);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t* const userDevid) try {
  return MapDeviceId(__func__, IdSpace::kLogic, logicDevId, userDevid);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t* const userDevId) try {
  return MapDeviceId(__func__, IdSpace::kLogic, phyDevId, userDevId);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t* const phyDevId) try {
  return MapDeviceId(__func__, IdSpace::kUser, userDevId, phyDevId);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId, int32_t* const logicDevId) try {
  return MapDeviceId(__func__, IdSpace::kLogic, phyDevId, logicDevId);  // a user id, as in CANN
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t* const phyDevId) try {
  return MapDeviceId(__func__, IdSpace::kUser, logicDevId, phyDevId);  // takes a user id, as in CANN
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId) try {
  ACLSIM_PROLOGUE(aclrtSetDevice);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SetDevice(deviceId));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId) try {
  ACLSIM_PROLOGUE(aclrtResetDevice);
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
  ACLSIM_PROLOGUE(aclrtGetDevice);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto id = rt->devices().GetDevice();
  if (!id.ok()) return Convert(__func__, id.status());
  *deviceId = *id;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void) try {
  ACLSIM_PROLOGUE(aclrtSynchronizeDevice);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SynchronizeDevice());
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) try {
  ACLSIM_PROLOGUE(aclrtCreateContext);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto created = rt->devices().CreateContext(deviceId);
  if (!created.ok()) return Convert(__func__, created.status());
  *context = *created;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context) try {
  ACLSIM_PROLOGUE(aclrtDestroyContext);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().DestroyContext(ToContext(context)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context) try {
  ACLSIM_PROLOGUE(aclrtSetCurrentContext);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SetCurrentContext(ToContext(context)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext* context) try {
  ACLSIM_PROLOGUE(aclrtGetCurrentContext);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto current = rt->devices().GetCurrentContext();
  if (!current.ok()) return Convert(__func__, current.status());
  *context = *current;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
