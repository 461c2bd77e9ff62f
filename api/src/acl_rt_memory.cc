// Memory entry points (acl_rt.h). Device memory is host-backed (runtime/memory.h).
#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;

namespace {

// aclrtMalloc and aclrtMallocAlign32: every policy is served from the same
// host-backed pool, 64-byte aligned.
aclError MallocDevice(const char* function, void** dev_ptr, size_t size, aclrtMemMallocPolicy policy) {
  (void)policy;
  if (dev_ptr == nullptr) return InvalidParam(function, "devPtr is NULL");
  if (size == 0) return InvalidParam(function, "size is 0");
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  auto p = rt->MallocDevice(size);
  if (!p.ok()) return Convert(function, p.status());
  *dev_ptr = *p;
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) try {
  if (free == nullptr || total == nullptr) return InvalidParam("aclrtGetMemInfo", "free or total is NULL");
  if (static_cast<int>(attr) < ACL_DDR_MEM || static_cast<int>(attr) > ACL_MEM_P2P_HUGE1G) {
    return InvalidParam("aclrtGetMemInfo", "attr is not an aclrtMemAttr");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto info = rt->DeviceMemInfo();  // a simulated device has one pool: every attr reports it
  if (!info.ok()) return Convert(__func__, info.status());
  *free = static_cast<size_t>(info->first);
  *total = static_cast<size_t>(info->second);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) try {
  aclsim::api::ApiScope api_scope("aclrtMalloc");
  return MallocDevice("aclrtMalloc", devPtr, size, policy);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr) try {
  aclsim::api::ApiScope api_scope("aclrtFree");
  if (devPtr == nullptr) return InvalidParam("aclrtFree", "devPtr is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->FreeDevice(devPtr));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size) try {
  if (hostPtr == nullptr) return InvalidParam("aclrtMallocHost", "hostPtr is NULL");
  if (size == 0) return InvalidParam("aclrtMallocHost", "size is 0");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto p = rt->MallocHost(size);
  if (!p.ok()) return Convert(__func__, p.status());
  *hostPtr = *p;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr) try {
  if (hostPtr == nullptr) return InvalidParam("aclrtFreeHost", "hostPtr is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->FreeHost(hostPtr));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                         aclrtMemcpyKind kind) try {
  aclsim::api::ApiScope api_scope("aclrtMemcpy");
  if (count == 0) return ACL_SUCCESS;  // CANN returns before any other check
  if (dst == nullptr || src == nullptr) return InvalidParam("aclrtMemcpy", "dst or src is NULL");
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEFAULT) {
    return InvalidParam("aclrtMemcpy", "unknown aclrtMemcpyKind");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->Memcpy(dst, destMax, src, count, static_cast<aclsim::runtime::CopyKind>(kind)));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) try {
  aclsim::api::ApiScope api_scope("aclrtMemset");
  if (count == 0) return ACL_SUCCESS;
  if (devPtr == nullptr) return InvalidParam("aclrtMemset", "devPtr is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->Memset(devPtr, maxCount, value, count));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream) try {
  aclsim::api::ApiScope api_scope("aclrtMemcpyAsync");
  if (count == 0) return ACL_SUCCESS;  // CANN returns before any other check
  if (dst == nullptr || src == nullptr) return InvalidParam("aclrtMemcpyAsync", "dst or src is NULL");
  if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE) {
    return InvalidParam("aclrtMemcpyAsync", "kind is not an aclrtMemcpyKind a stream copy takes");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  // HOST_TO_BUF_TO_DEVICE is a host-to-device copy through a runtime buffer.
  const auto copy = kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE ? aclsim::runtime::CopyKind::kHostToDevice
                                                             : static_cast<aclsim::runtime::CopyKind>(kind);
  return Convert(__func__,
                 rt->MemcpyAsync(dst, destMax, src, count, copy, aclsim::api::ToStream(stream), api_scope.launch()));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                                              aclrtStream stream) try {
  aclsim::api::ApiScope api_scope("aclrtMemsetAsync");
  if (count == 0) return ACL_SUCCESS;
  if (devPtr == nullptr) return InvalidParam("aclrtMemsetAsync", "devPtr is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__,
                 rt->MemsetAsync(devPtr, maxCount, value, count, aclsim::api::ToStream(stream), api_scope.launch()));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) try {
  aclsim::api::ApiScope api_scope("aclrtMallocAlign32");
  return MallocDevice("aclrtMallocAlign32", devPtr, size, policy);  // 64-byte aligned, so 32-byte aligned
}
ACLSIM_EDGE_CATCH

}  // extern "C"
