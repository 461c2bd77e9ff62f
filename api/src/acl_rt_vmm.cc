// Virtual memory management and shareable physical memory (acl_rt.h); the
// state is runtime/virtual_memory.h's (docs/virtual_memory.md).
//
// Written from hicann/runtime docs/zh/api_ref/11-04_virtual_memory_management.md
// (681ef76), with the checks of CANN's runtime where it makes them
// (src/runtime/api/impl/api_error.cc: MallocPhysical, ReserveMemAddress,
// MemSetAccess, ExportToShareableHandle, ImportFromShareableHandle): a NULL
// pointer argument is ACL_ERROR_INVALID_PARAM, a value out of range
// ACL_ERROR_RT_PARAM_INVALID, an unknown device id ACL_ERROR_RT_INVALID_DEVICEID.
#include <cstdint>
#include <cstring>
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
using aclsim::runtime::PhysicalProps;

namespace {

aclError VmmParamInvalid(const char* function, const std::string& what) {
  return Convert(function, Status(StatusCode::kInvalidArgument, what));
}

aclError VmmNotSupported(const char* function, const std::string& what) {
  return Convert(function, Status(StatusCode::kUnimplemented, what));
}

// The checks every aclrtPhysicalMemProp takes: device memory, pinned, a
// known attribute.
aclError CheckProp(const char* function, const aclrtPhysicalMemProp& prop) {
  const auto location = RawEnum(prop.location.type);
  if (location != ACL_MEM_LOCATION_TYPE_DEVICE) {
    if (location >= ACL_MEM_LOCATION_TYPE_HOST && location <= ACL_MEM_LOCATION_TYPE_HOST_NUMA) {
      return VmmNotSupported(function, "prop->location.type: only ACL_MEM_LOCATION_TYPE_DEVICE memory is simulated");
    }
    return VmmParamInvalid(function, "prop->location.type is not an aclrtMemLocationType");
  }
  const auto handle_type = RawEnum(prop.handleType);
  if (handle_type != ACL_MEM_HANDLE_TYPE_NONE && handle_type != ACL_MEM_HANDLE_TYPE_POSIX) {
    return VmmParamInvalid(function, "prop->handleType is not an aclrtMemHandleType");
  }
  if (RawEnum(prop.allocationType) != ACL_MEM_ALLOCATION_TYPE_PINNED) {
    return VmmParamInvalid(function, "prop->allocationType must be ACL_MEM_ALLOCATION_TYPE_PINNED");
  }
  const auto attr = RawEnum(prop.memAttr);
  if (attr < ACL_DDR_MEM || attr > ACL_MEM_P2P_HUGE1G) {
    return VmmParamInvalid(function, "prop->memAttr is not an aclrtMemAttr");
  }
  return ACL_SUCCESS;
}

aclError ExportShareable(const char* function, aclrtDrvMemHandle handle, uint64_t flags, uint64_t* out) {
  if (flags > ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION) {
    return VmmParamInvalid(function, "flags must be ACL_RT_VMM_EXPORT_FLAG_DEFAULT or _DISABLE_PID_VALIDATION");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  auto shared = rt->virtual_memory().Export(handle, (flags & ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION) == 0);
  if (!shared.ok()) return Convert(function, shared.status());
  *out = *shared;
  return ACL_SUCCESS;
}

aclError SetShareablePids(const char* function, uint64_t shareable, const int32_t* pid, size_t count) {
  if (count == 0) return VmmParamInvalid(function, "pidNum must not be 0");
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  return Convert(function, rt->virtual_memory().SetPids(shareable, pid, count));
}

aclError ImportShareable(const char* function, uint64_t shareable, int32_t device_id, aclrtDrvMemHandle* handle) {
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  auto info = rt->devices().GetDeviceInfo(device_id);
  if (!info.ok()) return Convert(function, info.status());
  auto imported = rt->virtual_memory().Import(shareable, device_id);
  if (!imported.ok()) return Convert(function, imported.status());
  *handle = *imported;
  return ACL_SUCCESS;
}

// The V2 forms' share type: only ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT, whose
// shareable handle is the first forms' uint64_t; fabric handles
// (cross-server) are not simulated.
aclError CheckShareType(const char* function, const aclrtMemSharedHandleType& shareType) {
  const auto type = RawEnum(shareType);
  if (type == ACL_MEM_SHARE_HANDLE_TYPE_FABRIC) {
    return VmmNotSupported(function, "fabric handles (ACL_MEM_SHARE_HANDLE_TYPE_FABRIC) are not simulated");
  }
  if (type != ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT) {
    return VmmParamInvalid(function, "shareType is not an aclrtMemSharedHandleType");
  }
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop,
                                                              aclrtMemGranularityOptions option,
                                                              size_t* granularity) try {
  ACLSIM_PROLOGUE(aclrtMemGetAllocationGranularity);
  const auto raw = RawEnum(option);
  if (raw != ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM && raw != ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED) {
    return VmmParamInvalid(__func__, "option must be ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM or _RECOMMENDED");
  }
  if (const aclError bad = CheckProp(__func__, *prop); bad != ACL_SUCCESS) return bad;
  *granularity = aclsim::runtime::VirtualMemory::Granularity(static_cast<uint32_t>(RawEnum(prop->memAttr)));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMallocPhysical(aclrtDrvMemHandle* handle, size_t size,
                                                 const aclrtPhysicalMemProp* prop, uint64_t flags) try {
  ACLSIM_PROLOGUE(aclrtMallocPhysical);
  if (flags != 0) return VmmParamInvalid(__func__, "flags must be 0");
  if (const aclError bad = CheckProp(__func__, *prop); bad != ACL_SUCCESS) return bad;
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  const auto device_id = static_cast<int32_t>(prop->location.id);
  auto info = rt->devices().GetDeviceInfo(device_id);
  if (!info.ok()) return Convert(__func__, info.status());
  PhysicalProps props;
  props.handle_type = static_cast<uint32_t>(RawEnum(prop->handleType));
  props.allocation_type = static_cast<uint32_t>(RawEnum(prop->allocationType));
  props.mem_attr = static_cast<uint32_t>(RawEnum(prop->memAttr));
  props.location_type = ACL_MEM_LOCATION_TYPE_DEVICE;
  props.device_id = device_id;
  auto made = rt->virtual_memory().MallocPhysical(size, props, info->memory_bytes);
  if (!made.ok()) return Convert(__func__, made.status());
  *handle = *made;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtFreePhysical(aclrtDrvMemHandle handle) try {
  ACLSIM_PROLOGUE(aclrtFreePhysical);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->virtual_memory().FreePhysical(handle));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtReserveMemAddress(void** virPtr, size_t size, size_t alignment, void* expectPtr,
                                                    uint64_t flags) try {
  ACLSIM_PROLOGUE(aclrtReserveMemAddress);
  if (alignment != 0) return VmmParamInvalid(__func__, "alignment must be 0");
  if (flags != 0) return VmmParamInvalid(__func__, "flags must be 0");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto reserved = rt->virtual_memory().Reserve(size, expectPtr);
  if (!reserved.ok()) return Convert(__func__, reserved.status());
  *virPtr = *reserved;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtReleaseMemAddress(void* virPtr) try {
  ACLSIM_PROLOGUE(aclrtReleaseMemAddress);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->virtual_memory().Release(virPtr));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMapMem(void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                                         uint64_t flags) try {
  ACLSIM_PROLOGUE(aclrtMapMem);
  if (flags != 0) return VmmParamInvalid(__func__, "flags must be 0");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->virtual_memory().Map(virPtr, size, offset, handle));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtUnmapMem(void* virPtr) try {
  ACLSIM_PROLOGUE(aclrtUnmapMem);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->virtual_memory().Unmap(virPtr));
}
ACLSIM_EDGE_CATCH

// The flags are kept and reported; the simulated device does not enforce them.
ACL_FUNC_VISIBILITY aclError aclrtMemSetAccess(void* virPtr, size_t size, aclrtMemAccessDesc* desc, size_t count) try {
  ACLSIM_PROLOGUE(aclrtMemSetAccess);
  if (count == 0) return VmmParamInvalid(__func__, "count must not be 0");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  for (size_t i = 0; i < count; ++i) {
    const auto flags = RawEnum(desc[i].flags);
    if (flags != ACL_RT_MEM_ACCESS_FLAGS_NONE && flags != ACL_RT_MEM_ACCESS_FLAGS_READ &&
        flags != ACL_RT_MEM_ACCESS_FLAGS_READWRITE) {
      return VmmParamInvalid(__func__, "desc[" + std::to_string(i) + "].flags is not an aclrtMemAccessFlags");
    }
    if (RawEnum(desc[i].location.type) != ACL_MEM_LOCATION_TYPE_DEVICE) {
      return VmmParamInvalid(__func__, "desc[" + std::to_string(i) + "].location.type must be a device");
    }
    auto info = rt->devices().GetDeviceInfo(static_cast<int32_t>(desc[i].location.id));
    if (!info.ok()) return Convert(__func__, info.status());
  }
  // One simulated host memory serves every device: the last entry's flags apply.
  return Convert(__func__,
                 rt->virtual_memory().SetAccess(virPtr, size, static_cast<uint32_t>(RawEnum(desc[count - 1].flags))));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemGetAccess(void* virPtr, aclrtMemLocation* location, uint64_t* flag) try {
  ACLSIM_PROLOGUE(aclrtMemGetAccess);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto access = rt->virtual_memory().GetAccess(virPtr);
  if (!access.ok()) return Convert(__func__, access.status());
  *flag = access->first;
  location->type = ACL_MEM_LOCATION_TYPE_DEVICE;
  location->id = static_cast<uint32_t>(access->second);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemRetainAllocationHandle(void* virPtr, aclrtDrvMemHandle* handle) try {
  ACLSIM_PROLOGUE(aclrtMemRetainAllocationHandle);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto found = rt->virtual_memory().HandleOf(virPtr);
  if (!found.ok()) return Convert(__func__, found.status());
  *handle = *found;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle,
                                                                       aclrtPhysicalMemProp* prop) try {
  ACLSIM_PROLOGUE(aclrtMemGetAllocationPropertiesFromHandle);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto props = rt->virtual_memory().PropsOf(handle);
  if (!props.ok()) return Convert(__func__, props.status());
  std::memset(prop, 0, sizeof(*prop));
  prop->handleType = static_cast<aclrtMemHandleType>(props->handle_type);
  prop->allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  prop->memAttr = static_cast<aclrtMemAttr>(props->mem_attr);
  prop->location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  prop->location.id = static_cast<uint32_t>(props->device_id);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemGetAddressRange(void* ptr, void** pbase, size_t* psize) try {
  ACLSIM_PROLOGUE(aclrtMemGetAddressRange);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto range = rt->AddressRange(ptr);
  if (!range.ok()) return Convert(__func__, range.status());
  if (pbase != nullptr) *pbase = range->first;
  if (psize != nullptr) *psize = range->second;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle, aclrtMemHandleType handleType,
                                                             uint64_t flags, uint64_t* shareableHandle) try {
  ACLSIM_PROLOGUE(aclrtMemExportToShareableHandle);
  const auto type = RawEnum(handleType);
  if (type != ACL_MEM_HANDLE_TYPE_NONE && type != ACL_MEM_HANDLE_TYPE_POSIX) {
    return VmmParamInvalid(__func__, "handleType is not an aclrtMemHandleType");
  }
  return ExportShareable(__func__, handle, flags, shareableHandle);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t* pid,
                                                             size_t pidNum) try {
  ACLSIM_PROLOGUE(aclrtMemSetPidToShareableHandle);
  return SetShareablePids(__func__, shareableHandle, pid, pidNum);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle, int32_t deviceId,
                                                               aclrtDrvMemHandle* handle) try {
  ACLSIM_PROLOGUE(aclrtMemImportFromShareableHandle);
  return ImportShareable(__func__, shareableHandle, deviceId, handle);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle, uint64_t flags,
                                                               aclrtMemSharedHandleType shareType,
                                                               void* shareableHandle) try {
  ACLSIM_PROLOGUE(aclrtMemExportToShareableHandleV2);
  if (const aclError bad = CheckShareType(__func__, shareType); bad != ACL_SUCCESS) return bad;
  uint64_t shareable = 0;
  const aclError ret = ExportShareable(__func__, handle, flags, &shareable);
  if (ret == ACL_SUCCESS) std::memcpy(shareableHandle, &shareable, sizeof(shareable));
  return ret;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemSetPidToShareableHandleV2(void* shareableHandle,
                                                               aclrtMemSharedHandleType shareType, int32_t* pid,
                                                               size_t pidNum) try {
  ACLSIM_PROLOGUE(aclrtMemSetPidToShareableHandleV2);
  if (const aclError bad = CheckShareType(__func__, shareType); bad != ACL_SUCCESS) return bad;
  uint64_t shareable = 0;
  std::memcpy(&shareable, shareableHandle, sizeof(shareable));
  return SetShareablePids(__func__, shareable, pid, pidNum);
}
ACLSIM_EDGE_CATCH

// The handle is made on the current device.
ACL_FUNC_VISIBILITY aclError aclrtMemImportFromShareableHandleV2(void* shareableHandle,
                                                                 aclrtMemSharedHandleType shareType, uint64_t flags,
                                                                 aclrtDrvMemHandle* handle) try {
  ACLSIM_PROLOGUE(aclrtMemImportFromShareableHandleV2);
  if (const aclError bad = CheckShareType(__func__, shareType); bad != ACL_SUCCESS) return bad;
  if (flags != 0) return VmmParamInvalid(__func__, "flags must be 0");
  uint64_t shareable = 0;
  std::memcpy(&shareable, shareableHandle, sizeof(shareable));
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto device = rt->devices().CurrentDevice();
  if (!device.ok()) return Convert(__func__, device.status());
  return ImportShareable(__func__, shareable, (*device)->id(), handle);
}
ACLSIM_EDGE_CATCH

}  // extern "C"
