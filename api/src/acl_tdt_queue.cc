// Queues, routes, grants and shared buffers of acl_tdt_queue.h over the
// runtime's queue table (runtime/tdt/queue_table.h). One process holds
// every queue: a grant records the permission bits for a pid, and an
// attach returns the bits the calling process holds (the creator holds all).
// The buffers themselves are api/src/acl_tdt_buffers.cc's.
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl_tdt_queue.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/tdt_handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
namespace tdt = aclsim::tdt;

namespace {

int32_t Pid() { return static_cast<int32_t>(getpid()); }

// The buffer behind a held handle, or NULL with the invalid-parameter message.
tdt::BufferPtr HeldBuffer(aclsim::runtime::Runtime* rt, const char* function, const void* handle) {
  tdt::BufferPtr buf = rt->tdt_queues().Find(handle);
  if (buf == nullptr) (void)InvalidParam(function, "buf is not a buffer of acltdtAllocBuf or acltdtDequeue");
  return buf;
}

// Binds (|bind|) or unbinds every route of |list|, setting each route's
// state; the first failure's code, after trying all.
aclError BindOrUnbind(const char* function, acltdtQueueRouteList* list, bool bind) {
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  aclError first = ACL_SUCCESS;
  for (acltdtQueueRoute& route : list->routes) {
    auto& table = rt->tdt_queues();
    const aclsim::Status s = bind ? table.Bind(route.src, route.dst) : table.Unbind(route.src, route.dst);
    if (s.ok()) {
      route.status = bind ? ACL_TDT_QUEUE_ROUTE_BIND : ACL_TDT_QUEUE_ROUTE_UNBIND;
    } else {
      if (bind) route.status = ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL;
      const aclError code = Convert(function, s);
      if (first == ACL_SUCCESS) first = code;
    }
  }
  return first;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError acltdtCreateQueue(const acltdtQueueAttr* attr, uint32_t* qid) try {
  ACLSIM_PROLOGUE(acltdtCreateQueue);
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  const tagMemQueueAttr defaults;
  const tagMemQueueAttr& a = attr == nullptr ? defaults : *attr;
  auto id = rt->tdt_queues().Create(a.name, a.depth, Pid());
  if (!id.ok()) return Convert(kApiName, id.status());
  *qid = *id;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtDestroyQueue(uint32_t qid) try {
  ACLSIM_PROLOGUE(acltdtDestroyQueue);
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  return Convert(kApiName, rt->tdt_queues().Destroy(qid));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout) try {
  ACLSIM_PROLOGUE(acltdtEnqueue);
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  tdt::BufferPtr b = HeldBuffer(rt, kApiName, buf);
  if (b == nullptr) return ACL_ERROR_INVALID_PARAM;
  if (b->chained) return InvalidParam(kApiName, "buf is part of another buffer's chain");
  (void)rt->tdt_queues().Release(buf);
  const aclsim::Status s = rt->tdt_queues().Enqueue(qid, b, timeout);
  if (!s.ok()) (void)rt->tdt_queues().Hold(b);  // still the caller's
  return Convert(kApiName, s);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtDequeue(uint32_t qid, acltdtBuf* buf, int32_t timeout) try {
  ACLSIM_PROLOGUE(acltdtDequeue);
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  auto b = rt->tdt_queues().Dequeue(qid, timeout);
  if (!b.ok()) return Convert(kApiName, b.status());
  *buf = rt->tdt_queues().Hold(std::move(*b));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtEnqueueData(uint32_t qid, const void* data, size_t dataSize, const void* userData,
                                               size_t userDataSize, int32_t timeout, uint32_t rsv) try {
  ACLSIM_PROLOGUE(acltdtEnqueueData);
  (void)rsv;
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  auto b = std::make_shared<tdt::Buffer>();
  const auto* bytes = static_cast<const uint8_t*>(data);
  b->data = std::make_shared<std::vector<uint8_t>>(bytes, bytes + dataSize);
  b->data_len = dataSize;
  if (userData != nullptr) std::memcpy(b->user_data.data(), userData, userDataSize);
  return Convert(kApiName, rt->tdt_queues().Enqueue(qid, std::move(b), timeout));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtDequeueData(uint32_t qid, void* data, size_t dataSize, size_t* retDataSize,
                                               void* userData, size_t userDataSize, int32_t timeout) try {
  ACLSIM_PROLOGUE(acltdtDequeueData);
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  auto b = rt->tdt_queues().Dequeue(qid, timeout, dataSize);
  if (!b.ok()) return Convert(kApiName, b.status());
  const tdt::Buffer& buf = **b;
  if (buf.data_len != 0) std::memcpy(data, buf.data->data(), buf.data_len);
  *retDataSize = buf.data_len;
  if (userData != nullptr) std::memcpy(userData, buf.user_data.data(), std::min(userDataSize, tdt::kUserDataSize));
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout) try {
  ACLSIM_PROLOGUE(acltdtGrantQueue);
  (void)timeout;  // granting never waits in one process
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  return Convert(kApiName, rt->tdt_queues().Grant(qid, pid, permission));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t* permission) try {
  ACLSIM_PROLOGUE(acltdtAttachQueue);
  (void)timeout;  // a grant is there or not: nothing to wait for in one process
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  auto bits = rt->tdt_queues().Attach(qid, Pid());
  if (!bits.ok()) return Convert(kApiName, bits.status());
  *permission = *bits;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtBindQueueRoutes(acltdtQueueRouteList* qRouteList) try {
  ACLSIM_PROLOGUE(acltdtBindQueueRoutes);
  return BindOrUnbind(kApiName, qRouteList, true);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList* qRouteList) try {
  ACLSIM_PROLOGUE(acltdtUnbindQueueRoutes);
  return BindOrUnbind(kApiName, qRouteList, false);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo* queryInfo,
                                                    acltdtQueueRouteList* qRouteList) try {
  ACLSIM_PROLOGUE(acltdtQueryQueueRoutes);
  qRouteList->routes.clear();
  const acltdtQueueRouteQueryInfo& q = *queryInfo;
  if (!q.mode_set) return InvalidParam(kApiName, "the query's mode is not set");
  const bool needs_src = q.mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC || q.mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
  const bool needs_dst = q.mode == ACL_TDT_QUEUE_ROUTE_QUERY_DST || q.mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
  if (!needs_src && !needs_dst && q.mode != ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL) {
    return InvalidParam(kApiName, "the query's mode is not an acltdtQueueRouteQueryMode");
  }
  if (needs_src && !q.src_set) return InvalidParam(kApiName, "the query's source queue is not set");
  if (needs_dst && !q.dst_set) return InvalidParam(kApiName, "the query's destination queue is not set");
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  for (const auto& [src, dst] : rt->tdt_queues().Routes(static_cast<tdt::RouteQuery>(q.mode), q.src, q.dst)) {
    qRouteList->routes.push_back(acltdtQueueRoute{src, dst, ACL_TDT_QUEUE_ROUTE_BIND});
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
