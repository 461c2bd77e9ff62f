// The plain objects of acl_tdt_queue.h (api/src/tdt_handles.h): queue
// attributes, routes, route lists and route queries. Parameters are read
// and written as CANN copies them: a value of |len| bytes, |len| no larger
// than the parameter (set) or no smaller (get), the size copied to
// |paramRetSize|.
#include <cstring>

#include "acl/acl_tdt_queue.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/live_handles.h"
#include "api/src/tdt_handles.h"

using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;

namespace {

// The name's limit, with its terminating NUL (RT_MQ_MAX_NAME_LEN).
constexpr size_t kMaxQueueName = 128;

// Copies |src_len| bytes into |dst| (|dst_len| bytes): a source larger than
// the destination → 100000.
aclError CopyParam(const char* function, const void* src, size_t src_len, void* dst, size_t dst_len,
                   size_t* copied = nullptr) {
  if (src_len > dst_len) return InvalidParam(function, "len does not match the parameter's size");
  std::memcpy(dst, src, src_len);
  if (copied != nullptr) *copied = src_len;
  return ACL_SUCCESS;
}

template <typename T>
aclError Release(const char* function, const T* p) {
  if (!LiveHandles<T>::Global().Destroy(p)) return InvalidParam(function, "not a live object (already destroyed?)");
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY acltdtQueueAttr* acltdtCreateQueueAttr(void) try {
  return LiveHandles<tagMemQueueAttr>::Global().Create();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr) try {
  ACLSIM_PROLOGUE(acltdtDestroyQueueAttr);
  return Release(kApiName, attr);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtSetQueueAttr(acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len,
                                                const void* param) try {
  ACLSIM_PROLOGUE(acltdtSetQueueAttr);
  switch (type) {
    case ACL_TDT_QUEUE_NAME_PTR: {
      const char* name = nullptr;
      if (const aclError ret = CopyParam(kApiName, param, len, &name, sizeof(name)); ret != ACL_SUCCESS) return ret;
      if (name == nullptr) return InvalidParam(kApiName, "the name pointer is NULL");
      const size_t n = strnlen(name, kMaxQueueName);
      if (n + 1 > kMaxQueueName) return InvalidParam(kApiName, "the name is longer than 127 characters");
      attr->name.assign(name, n);
      return ACL_SUCCESS;
    }
    case ACL_TDT_QUEUE_DEPTH_UINT32: return CopyParam(kApiName, param, len, &attr->depth, sizeof(attr->depth));
  }
  return InvalidParam(kApiName, "type is not an acltdtQueueAttrType");
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr, acltdtQueueAttrType type, size_t len,
                                                size_t* paramRetSize, void* param) try {
  ACLSIM_PROLOGUE(acltdtGetQueueAttr);
  switch (type) {
    case ACL_TDT_QUEUE_NAME_PTR: {
      const char* name = attr->name.c_str();
      return CopyParam(kApiName, &name, sizeof(name), param, len, paramRetSize);
    }
    case ACL_TDT_QUEUE_DEPTH_UINT32:
      return CopyParam(kApiName, &attr->depth, sizeof(attr->depth), param, len, paramRetSize);
  }
  return InvalidParam(kApiName, "type is not an acltdtQueueAttrType");
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId) try {
  acltdtQueueRoute* route = LiveHandles<acltdtQueueRoute>::Global().Create();
  route->src = srcId;
  route->dst = dstId;
  return route;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route) try {
  ACLSIM_PROLOGUE(acltdtDestroyQueueRoute);
  return Release(kApiName, route);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route, acltdtQueueRouteParamType type,
                                                      size_t len, size_t* paramRetSize, void* param) try {
  ACLSIM_PROLOGUE(acltdtGetQueueRouteParam);
  switch (type) {
    case ACL_TDT_QUEUE_ROUTE_SRC_UINT32:
      return CopyParam(kApiName, &route->src, sizeof(route->src), param, len, paramRetSize);
    case ACL_TDT_QUEUE_ROUTE_DST_UINT32:
      return CopyParam(kApiName, &route->dst, sizeof(route->dst), param, len, paramRetSize);
    case ACL_TDT_QUEUE_ROUTE_STATUS_INT32:
      return CopyParam(kApiName, &route->status, sizeof(route->status), param, len, paramRetSize);
  }
  return InvalidParam(kApiName, "type is not an acltdtQueueRouteParamType");
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY acltdtQueueRouteList* acltdtCreateQueueRouteList(void) try {
  return LiveHandles<acltdtQueueRouteList>::Global().Create();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList) try {
  ACLSIM_PROLOGUE(acltdtDestroyQueueRouteList);
  return Release(kApiName, routeList);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList, const acltdtQueueRoute* route) try {
  ACLSIM_PROLOGUE(acltdtAddQueueRoute);
  routeList->routes.push_back(*route);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList, size_t index,
                                                 acltdtQueueRoute* route) try {
  ACLSIM_PROLOGUE(acltdtGetQueueRoute);
  if (index >= routeList->routes.size()) return InvalidParam(kApiName, "index is not less than the list's size");
  *route = routeList->routes[index];
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList) try {
  if (routeList == nullptr) {
    (void)InvalidParam(__func__, "routeList is NULL");
    return 0;
  }
  return routeList->routes.size();
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo(void) try {
  return LiveHandles<acltdtQueueRouteQueryInfo>::Global().Create();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info) try {
  ACLSIM_PROLOGUE(acltdtDestroyQueueRouteQueryInfo);
  return Release(kApiName, info);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param,
                                                          acltdtQueueRouteQueryInfoParamType type, size_t len,
                                                          const void* value) try {
  ACLSIM_PROLOGUE(acltdtSetQueueRouteQueryInfo);
  aclError ret = ACL_ERROR_INVALID_PARAM;
  switch (type) {
    case ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM:
      ret = CopyParam(kApiName, value, len, &param->mode, sizeof(acltdtQueueRouteQueryMode));
      param->mode_set = param->mode_set || ret == ACL_SUCCESS;
      return ret;
    case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32:
      ret = CopyParam(kApiName, value, len, &param->src, sizeof(param->src));
      param->src_set = param->src_set || ret == ACL_SUCCESS;
      return ret;
    case ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32:
      ret = CopyParam(kApiName, value, len, &param->dst, sizeof(param->dst));
      param->dst_set = param->dst_set || ret == ACL_SUCCESS;
      return ret;
  }
  return InvalidParam(kApiName, "type is not an acltdtQueueRouteQueryInfoParamType");
}
ACLSIM_EDGE_CATCH

}  // extern "C"
