// The controls of a device's work (acl_rt.h): core limits of the process,
// of streams and of threads; the saturation mode and overflow checking;
// utilisation and health queries. The state lives in the device table
// (runtime/device_controls.cc); docs/devices.md says what each does on the
// simulated device.
//
// Written from hicann/runtime docs/zh/api_ref/03_runtime_configuration.md
// (the resource limits), 04_device_management.md (aclrtSetDeviceSatMode,
// aclrtGetOverflowStatus, aclrtGetDeviceUtilizationRate,
// aclrtQueryDeviceStatus) and 06_stream_management.md (the overflow
// switch), with the argument checks of CANN's runtime (681ef76,
// src/runtime/api/impl/api_error.cc): an enumerator out of range is the
// runtime's ACL_ERROR_RT_PARAM_INVALID, a NULL output ACL_ERROR_INVALID_PARAM.
#include <cstdint>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::RawEnum;
using aclsim::api::ToStream;
using aclsim::runtime::CoreKind;
using aclsim::runtime::FloatOverflowMode;

namespace {

// The CoreKind of a C caller's aclrtDevResLimitType, false when out of range.
bool ToCoreKind(const aclrtDevResLimitType& type, CoreKind* kind) {
  const auto raw = RawEnum(type);
  if (raw != ACL_RT_DEV_RES_CUBE_CORE && raw != ACL_RT_DEV_RES_VECTOR_CORE) return false;
  *kind = raw == ACL_RT_DEV_RES_CUBE_CORE ? CoreKind::kCube : CoreKind::kVector;
  return true;
}

aclError BadType(const char* function) {
  return Convert(function,
                 aclsim::Status(aclsim::StatusCode::kInvalidArgument, "type is not an aclrtDevResLimitType (0 or 1)"));
}

// A limit or query's answer, or its error.
aclError Answer(const char* function, const aclsim::StatusOr<uint32_t>& got, uint32_t* value) {
  if (!got.ok()) return Convert(function, got.status());
  *value = *got;
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t* value) try {
  ACLSIM_PROLOGUE(aclrtGetDeviceResLimit);
  CoreKind kind;
  if (!ToCoreKind(type, &kind)) return BadType(__func__);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Answer(__func__, rt->devices().GetDeviceCores(deviceId, kind), value);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value) try {
  ACLSIM_PROLOGUE(aclrtSetDeviceResLimit);
  CoreKind kind;
  if (!ToCoreKind(type, &kind)) return BadType(__func__);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SetDeviceCores(deviceId, kind, value));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtResetDeviceResLimit(int32_t deviceId) try {
  ACLSIM_PROLOGUE(aclrtResetDeviceResLimit);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().ResetDeviceCores(deviceId));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type,
                                                    uint32_t* value) try {
  ACLSIM_PROLOGUE(aclrtGetStreamResLimit);
  CoreKind kind;
  if (!ToCoreKind(type, &kind)) return BadType(__func__);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Answer(__func__, rt->devices().GetStreamCores(ToStream(stream), kind), value);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value) try {
  ACLSIM_PROLOGUE(aclrtSetStreamResLimit);
  CoreKind kind;
  if (!ToCoreKind(type, &kind)) return BadType(__func__);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SetStreamCores(ToStream(stream), kind, value));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtResetStreamResLimit(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtResetStreamResLimit);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().ResetStreamCores(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtUseStreamResInCurrentThread(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtUseStreamResInCurrentThread);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().UseStreamCores(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtUnuseStreamResInCurrentThread);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().UnuseStreamCores(ToStream(stream)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t* value) try {
  ACLSIM_PROLOGUE(aclrtGetResInCurrentThread);
  CoreKind kind;
  if (!ToCoreKind(type, &kind)) return BadType(__func__);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Answer(__func__, rt->devices().GetThreadCores(kind), value);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode) try {
  ACLSIM_PROLOGUE(aclrtSetDeviceSatMode);
  const auto raw = RawEnum(mode);
  if (raw != ACL_RT_OVERFLOW_MODE_SATURATION && raw != ACL_RT_OVERFLOW_MODE_INFNAN) {
    return Convert(__func__, aclsim::Status(aclsim::StatusCode::kInvalidArgument,
                                            "mode is not ACL_RT_OVERFLOW_MODE_SATURATION or _INFNAN"));
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__,
                 rt->devices().SetSatMode(raw == ACL_RT_OVERFLOW_MODE_SATURATION ? FloatOverflowMode::kSaturation
                                                                                 : FloatOverflowMode::kInfNan));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode* mode) try {
  ACLSIM_PROLOGUE(aclrtGetDeviceSatMode);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto got = rt->devices().GetSatMode();
  if (!got.ok()) return Convert(__func__, got.status());
  *mode = *got == FloatOverflowMode::kSaturation ? ACL_RT_OVERFLOW_MODE_SATURATION : ACL_RT_OVERFLOW_MODE_INFNAN;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtSetStreamOverflowSwitch);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->devices().SetOverflowSwitch(ToStream(stream), flag));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t* flag) try {
  ACLSIM_PROLOGUE(aclrtGetStreamOverflowSwitch);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Answer(__func__, rt->devices().GetOverflowSwitch(ToStream(stream)), flag);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetOverflowStatus(void* outputAddr, size_t outputSize, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtGetOverflowStatus);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->GetOverflowStatus(outputAddr, outputSize, ToStream(stream), api_scope.launch()));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtResetOverflowStatus(aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtResetOverflowStatus);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->ResetOverflowStatus(ToStream(stream), api_scope.launch()));
}
ACLSIM_EDGE_CATCH

// The simulated device does not sample its cores' busy time, so every
// utilisation is -1, as CANN reports each one its driver cannot sample
// (memory utilisation is -1 on every CANN device).
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceUtilizationRate(int32_t deviceId,
                                                           aclrtUtilizationInfo* utilizationInfo) try {
  ACLSIM_PROLOGUE(aclrtGetDeviceUtilizationRate);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto info = rt->devices().GetDeviceInfo(deviceId);
  if (!info.ok()) return Convert(__func__, info.status());
  utilizationInfo->cubeUtilization = -1;
  utilizationInfo->vectorUtilization = -1;
  utilizationInfo->aicpuUtilization = -1;
  utilizationInfo->memoryUtilization = -1;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// A device is abnormal once lost (the lose_device fault, docs/faults.md).
ACL_FUNC_VISIBILITY aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus* deviceStatus) try {
  ACLSIM_PROLOGUE(aclrtQueryDeviceStatus);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto lost = rt->devices().DeviceLost(deviceId);
  if (!lost.ok()) return Convert(__func__, lost.status());
  *deviceStatus = *lost ? ACL_RT_DEVICE_STATUS_ABNORMAL : ACL_RT_DEVICE_STATUS_NORMAL;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
