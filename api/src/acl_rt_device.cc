// Device and context entry points (acl_rt.h).
#include <cstdint>
#include <string>

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
  return Convert(__func__, rt->SynchronizeDevice());
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

// aclrtCtxGetCurrentDefaultStream (docs/zh/api_ref/05_context_management.md):
// the current context's default stream, a handle every stream call takes.
ACL_FUNC_VISIBILITY aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream) try {
  ACLSIM_PROLOGUE(aclrtCtxGetCurrentDefaultStream);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto current = rt->devices().GetCurrentContext();
  if (!current.ok()) return Convert(__func__, current.status());
  *stream = (*current)->default_stream();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// Peer access (docs/zh/api_ref/04_device_management.md): every two distinct
// simulated devices of the process can reach each other; the grants are
// one-way and kept by the device table (runtime/device_table.h).
ACL_FUNC_VISIBILITY aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId,
                                                      int32_t peerDeviceId) try {
  ACLSIM_PROLOGUE(aclrtDeviceCanAccessPeer);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto can = rt->devices().CanAccessPeer(deviceId, peerDeviceId);
  if (!can.ok()) return Convert(__func__, can.status());
  *canAccessPeer = *can ? 1 : 0;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) try {
  ACLSIM_PROLOGUE(aclrtDeviceEnablePeerAccess);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().EnablePeerAccess(peerDeviceId));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId) try {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().DisablePeerAccess(peerDeviceId));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t* status) try {
  ACLSIM_PROLOGUE(aclrtDevicePeerAccessStatus);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto enabled = rt->devices().PeerAccessEnabled(deviceId, peerDeviceId);
  if (!enabled.ok()) return Convert(__func__, enabled.status());
  *status = *enabled ? 1 : 0;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// aclrtGetDeviceInfo (docs/zh/api_ref/04_device_management.md, aclrtDevAttr
// in 25-02_Enumerations.md): the device profile's core counts and memory
// size. The SIMT attributes (202…212) exist on the Ascend 950 only; CANN
// answers 0 on other products, and no aclsim profile is a 950. A simulated
// device is never split (IS_VIRTUAL 0). The L2 size, the topology ids and
// the NPU arch are not in the device description: 200001 naming the
// attribute.
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value) try {
  ACLSIM_PROLOGUE(aclrtGetDeviceInfo);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  if (deviceId > static_cast<uint32_t>(INT32_MAX)) {
    return Convert(__func__, rt->devices().GetDeviceInfo(-1).status());
  }
  auto info = rt->devices().GetDeviceInfo(static_cast<int32_t>(deviceId));
  if (!info.ok()) return Convert(__func__, info.status());
  const int code = static_cast<int>(attr);
  if (code == ACL_DEV_ATTR_AICPU_CORE_NUM) {
    *value = info->aicpu_count;
  } else if (code == ACL_DEV_ATTR_AICORE_CORE_NUM || code == ACL_DEV_ATTR_CUBE_CORE_NUM) {
    *value = info->ai_core_count;
  } else if (code == ACL_DEV_ATTR_VECTOR_CORE_NUM) {
    *value = info->vector_core_count;
  } else if (code >= ACL_DEV_ATTR_WARP_SIZE && code <= ACL_DEV_ATTR_MAX_BLOCK_DIM_Z) {
    *value = 0;
  } else if (code == ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE) {
    *value = static_cast<int64_t>(info->memory_bytes);
  } else if (code == ACL_DEV_ATTR_IS_VIRTUAL) {
    *value = 0;
  } else if (code == ACL_DEV_ATTR_L2_CACHE_SIZE ||
             (code >= ACL_DEV_ATTR_SMP_ID && code <= ACL_DEV_ATTR_DEVICE_FORM_FACTOR) ||
             code == ACL_DEV_ATTR_NPU_ARCH) {
    aclsim::api::SetError(ACL_ERROR_API_NOT_SUPPORT, "aclrtGetDeviceInfo: attribute " + std::to_string(code) +
                                                         " is not in aclsim's device description");
    return ACL_ERROR_API_NOT_SUPPORT;
  } else {
    return InvalidParam(__func__, "attr is not an aclrtDevAttr");
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
