// The shared buffers: acl_tdt_queue.h's acltdtBuf functions and acl_rt.h's
// aclrtMbuf functions are one implementation over the runtime's queue table
// (runtime/tdt/queue_table.h), which holds the buffers the program owns. A
// buffer's data area is zeroed host memory the program reads and writes
// directly; its valid length starts at its size; its private user-data
// area is 96 bytes. Freeing a chain's head frees the chain.
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt_queue.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"

using aclsim::api::InvalidParam;
namespace tdt = aclsim::tdt;

namespace {

// The buffer behind a held handle, or NULL with the invalid-parameter message.
tdt::BufferPtr BufferOf(aclsim::runtime::Runtime* rt, const char* function, const void* handle) {
  tdt::BufferPtr buf = rt->tdt_queues().Find(handle);
  if (buf == nullptr) (void)InvalidParam(function, "buf is not a buffer that was allocated or dequeued");
  return buf;
}

#define ACLSIM_BUFFER_OR_RETURN(b, function, handle)     \
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);         \
  tdt::BufferPtr b = BufferOf(rt, (function), (handle)); \
  if ((b) == nullptr) return ACL_ERROR_INVALID_PARAM

aclError AllocBuf(const char* function, size_t size, void** out) {
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  auto b = std::make_shared<tdt::Buffer>();
  b->data = std::make_shared<std::vector<uint8_t>>(size);
  b->data_len = size;
  *out = rt->tdt_queues().Hold(std::move(b));
  return ACL_SUCCESS;
}

aclError FreeBuf(const char* function, void* handle) {
  ACLSIM_BUFFER_OR_RETURN(b, function, handle);
  if (b->chained) return InvalidParam(function, "buf is part of another buffer's chain (free its head)");
  (void)rt->tdt_queues().Release(handle);
  return ACL_SUCCESS;
}

aclError GetBufData(const char* function, const void* handle, void** data, size_t* size) {
  ACLSIM_BUFFER_OR_RETURN(b, function, handle);
  *data = b->data->empty() ? nullptr : b->data->data();
  *size = b->data->size();
  return ACL_SUCCESS;
}

aclError SetBufDataLen(const char* function, void* handle, size_t len) {
  ACLSIM_BUFFER_OR_RETURN(b, function, handle);
  if (len > b->data->size()) return InvalidParam(function, "len is larger than the buffer");
  b->data_len = len;
  return ACL_SUCCESS;
}

aclError GetBufDataLen(const char* function, void* handle, size_t* len) {
  ACLSIM_BUFFER_OR_RETURN(b, function, handle);
  *len = b->data_len;
  return ACL_SUCCESS;
}

aclError AppendBufChain(const char* function, void* head_handle, void* handle) {
  ACLSIM_BUFFER_OR_RETURN(head, function, head_handle);
  tdt::BufferPtr b = BufferOf(rt, function, handle);
  if (b == nullptr) return ACL_ERROR_INVALID_PARAM;
  if (head == b || head->chained || b->chained || !b->chain.empty()) {
    return InvalidParam(function, "buf must be a single buffer other than headBuf, and headBuf a chain's head");
  }
  b->chained = true;
  head->chain.push_back(std::move(b));
  return ACL_SUCCESS;
}

aclError GetBufChainNum(const char* function, void* head_handle, uint32_t* num) {
  ACLSIM_BUFFER_OR_RETURN(head, function, head_handle);
  *num = static_cast<uint32_t>(1 + head->chain.size());
  return ACL_SUCCESS;
}

aclError GetBufFromChain(const char* function, void* head_handle, uint32_t index, void** out) {
  ACLSIM_BUFFER_OR_RETURN(head, function, head_handle);
  if (index > head->chain.size()) return InvalidParam(function, "index is not less than the chain's length");
  *out = index == 0 ? head.get() : head->chain[index - 1].get();
  return ACL_SUCCESS;
}

aclError GetBufUserData(const char* function, const void* handle, void* data, size_t size, size_t offset) {
  ACLSIM_BUFFER_OR_RETURN(b, function, handle);
  std::memcpy(data, b->user_data.data() + offset, size);
  return ACL_SUCCESS;
}

aclError SetBufUserData(const char* function, void* handle, const void* data, size_t size, size_t offset) {
  ACLSIM_BUFFER_OR_RETURN(b, function, handle);
  std::memcpy(b->user_data.data() + offset, data, size);
  return ACL_SUCCESS;
}

aclError CopyBufRef(const char* function, const void* handle, void** out) {
  ACLSIM_BUFFER_OR_RETURN(b, function, handle);
  auto copy = std::make_shared<tdt::Buffer>();
  copy->data = b->data;  // the same data area
  copy->data_len = b->data_len;
  copy->user_data = b->user_data;
  *out = rt->tdt_queues().Hold(std::move(copy));
  return ACL_SUCCESS;
}

#undef ACLSIM_BUFFER_OR_RETURN

}  // namespace

extern "C" {

// ---- acl_tdt_queue.h

ACL_FUNC_VISIBILITY aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf) try {
  ACLSIM_PROLOGUE(acltdtAllocBuf);
  return AllocBuf(kApiName, size, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtFreeBuf(acltdtBuf buf) try {
  ACLSIM_PROLOGUE(acltdtFreeBuf);
  return FreeBuf(kApiName, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size) try {
  ACLSIM_PROLOGUE(acltdtGetBufData);
  return GetBufData(kApiName, buf, dataPtr, size);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len) try {
  ACLSIM_PROLOGUE(acltdtSetBufDataLen);
  return SetBufDataLen(kApiName, buf, len);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len) try {
  ACLSIM_PROLOGUE(acltdtGetBufDataLen);
  return GetBufDataLen(kApiName, buf, len);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf) try {
  ACLSIM_PROLOGUE(acltdtAppendBufChain);
  return AppendBufChain(kApiName, headBuf, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num) try {
  ACLSIM_PROLOGUE(acltdtGetBufChainNum);
  return GetBufChainNum(kApiName, headBuf, num);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf* buf) try {
  ACLSIM_PROLOGUE(acltdtGetBufFromChain);
  return GetBufFromChain(kApiName, headBuf, index, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetBufUserData(const acltdtBuf buf, void* dataPtr, size_t size, size_t offset) try {
  ACLSIM_PROLOGUE(acltdtGetBufUserData);
  return GetBufUserData(kApiName, buf, dataPtr, size, offset);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtSetBufUserData(acltdtBuf buf, const void* dataPtr, size_t size, size_t offset) try {
  ACLSIM_PROLOGUE(acltdtSetBufUserData);
  return SetBufUserData(kApiName, buf, dataPtr, size, offset);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf) try {
  ACLSIM_PROLOGUE(acltdtCopyBufRef);
  return CopyBufRef(kApiName, buf, newBuf);
}
ACLSIM_EDGE_CATCH

// ---- acl_rt.h

ACL_FUNC_VISIBILITY aclError aclrtAllocBuf(aclrtMbuf* buf, size_t size) try {
  ACLSIM_PROLOGUE(aclrtAllocBuf);
  return AllocBuf(kApiName, size, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtFreeBuf(aclrtMbuf buf) try {
  ACLSIM_PROLOGUE(aclrtFreeBuf);
  return FreeBuf(kApiName, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetBufData(const aclrtMbuf buf, void** dataPtr, size_t* size) try {
  ACLSIM_PROLOGUE(aclrtGetBufData);
  return GetBufData(kApiName, buf, dataPtr, size);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetBufDataLen(aclrtMbuf buf, size_t len) try {
  ACLSIM_PROLOGUE(aclrtSetBufDataLen);
  return SetBufDataLen(kApiName, buf, len);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetBufDataLen(aclrtMbuf buf, size_t* len) try {
  ACLSIM_PROLOGUE(aclrtGetBufDataLen);
  return GetBufDataLen(kApiName, buf, len);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtAppendBufChain(aclrtMbuf headBuf, aclrtMbuf buf) try {
  ACLSIM_PROLOGUE(aclrtAppendBufChain);
  return AppendBufChain(kApiName, headBuf, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetBufChainNum(aclrtMbuf headBuf, uint32_t* num) try {
  ACLSIM_PROLOGUE(aclrtGetBufChainNum);
  return GetBufChainNum(kApiName, headBuf, num);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetBufFromChain(aclrtMbuf headBuf, uint32_t index, aclrtMbuf* buf) try {
  ACLSIM_PROLOGUE(aclrtGetBufFromChain);
  return GetBufFromChain(kApiName, headBuf, index, buf);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtGetBufUserData(const aclrtMbuf buf, void* dataPtr, size_t size, size_t offset) try {
  ACLSIM_PROLOGUE(aclrtGetBufUserData);
  return GetBufUserData(kApiName, buf, dataPtr, size, offset);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtSetBufUserData(aclrtMbuf buf, const void* dataPtr, size_t size, size_t offset) try {
  ACLSIM_PROLOGUE(aclrtSetBufUserData);
  return SetBufUserData(kApiName, buf, dataPtr, size, offset);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtCopyBufRef(const aclrtMbuf buf, aclrtMbuf* newBuf) try {
  ACLSIM_PROLOGUE(aclrtCopyBufRef);
  return CopyBufRef(kApiName, buf, newBuf);
}
ACLSIM_EDGE_CATCH

}  // extern "C"
