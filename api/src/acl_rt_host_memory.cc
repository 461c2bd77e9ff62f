// Host memory registered for the device and managed memory (acl_rt.h):
// aclrtHostRegister, aclrtHostRegisterV2, aclrtHostGetDevicePointer,
// aclrtHostUnregister (runtime/host_registry.h) and aclrtMemAllocManaged;
// docs/host_memory.md.
//
// Written from hicann/runtime docs/zh/api_ref/11-02_host_memory_management.md
// (681ef76) and the checks of CANN's runtime (src/runtime/api/impl/
// api_error.cc: HostRegisterV2, HostGetDevicePointer, HostUnregister;
// src/acl/aclrt_impl/memory.cpp: a zero size, a flag other than
// ACL_RT_MEM_ATTACH_GLOBAL and a reserved flag other than 0 are
// ACL_ERROR_INVALID_PARAM).
#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"

using aclsim::Status;
using aclsim::StatusCode;
using aclsim::api::Convert;
using aclsim::api::RawEnum;

namespace {

constexpr uint32_t kValidHostFlags =
    ACL_HOST_REG_MAPPED | ACL_HOST_REG_IOMEMORY | ACL_HOST_REG_READONLY | ACL_HOST_REG_PINNED;

// Registration with CANN's checks on |flag| (a V2 flag word).
aclError RegisterHost(const char* function, void* ptr, uint64_t size, uint32_t flag) {
  if ((flag & kValidHostFlags) == 0 || (flag & ~kValidHostFlags) != 0) {
    return Convert(function, Status(StatusCode::kInvalidArgument,
                                    "flag must be an OR of ACL_HOST_REG_MAPPED, _IOMEMORY, _READONLY and _PINNED"));
  }
  if ((flag & (ACL_HOST_REG_IOMEMORY | ACL_HOST_REG_READONLY)) != 0) {
    return Convert(function,
                   Status(StatusCode::kUnimplemented,
                          "ACL_HOST_REG_IOMEMORY and ACL_HOST_REG_READONLY are reserved (CANN: not supported)"));
  }
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  auto device = rt->devices().CurrentDevice();
  if (!device.ok()) return Convert(function, device.status());
  const bool pinned = (flag & ACL_HOST_REG_PINNED) != 0;
  if (pinned && rt->IsPinnedHostMemory(ptr)) {
    return Convert(function,
                   Status(StatusCode::kInvalidArgument,
                          "ACL_HOST_REG_PINNED is for pageable memory; ptr is aclrtMallocHost's, already pinned"));
  }
  return Convert(function, rt->host_registry().Register(ptr, size, (flag & ACL_HOST_REG_MAPPED) != 0, pinned));
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtHostRegister(void* ptr, uint64_t size, aclrtHostRegisterType type,
                                               void** devPtr) try {
  ACLSIM_PROLOGUE(aclrtHostRegister);
  if (RawEnum(type) != ACL_HOST_REGISTER_MAPPED) {
    if (RawEnum(type) == ACL_HOST_REGISTER_IOMEMORY || RawEnum(type) == ACL_HOST_REGISTER_READONLY) {
      return Convert(__func__, Status(StatusCode::kUnimplemented,
                                      "ACL_HOST_REGISTER_IOMEMORY and _READONLY are reserved (CANN: not supported)"));
    }
    return Convert(__func__, Status(StatusCode::kInvalidArgument, "type is not an aclrtHostRegisterType"));
  }
  const aclError ret = RegisterHost(__func__, ptr, size, ACL_HOST_REG_MAPPED);
  if (ret != ACL_SUCCESS) return ret;
  *devPtr = ptr;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtHostRegisterV2(void* ptr, uint64_t size, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtHostRegisterV2);
  return RegisterHost(__func__, ptr, size, flag);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtHostGetDevicePointer(void* pHost, void** pDevice, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtHostGetDevicePointer);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto device = rt->host_registry().DevicePointer(pHost);
  if (!device.ok()) return Convert(__func__, device.status());
  *pDevice = *device;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtHostUnregister(void* ptr) try {
  ACLSIM_PROLOGUE(aclrtHostUnregister);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->host_registry().Unregister(ptr));
}
ACLSIM_EDGE_CATCH

// Device memory of the current device: host-backed, so the host reads and
// writes it directly as well; aclrtFree releases it.
ACL_FUNC_VISIBILITY aclError aclrtMemAllocManaged(void** ptr, uint64_t size, uint32_t flag) try {
  ACLSIM_PROLOGUE(aclrtMemAllocManaged);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto allocated = rt->MallocDevice(static_cast<size_t>(size));
  if (!allocated.ok()) return Convert(__func__, allocated.status());
  *ptr = *allocated;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
