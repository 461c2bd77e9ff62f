// Channels of acl_tdt.h over the runtime's queue table
// (runtime/tdt/queue_table.h): a channel is a queue whose buffers carry a
// copy of each dataset sent (its name, and each item's kind, type, shape,
// slice information and bytes, read from host or device memory: both are
// host-addressable in aclsim), received in the order sent.
#include <unistd.h>

#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "acl/acl_tdt.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/live_handles.h"
#include "api/src/tdt_handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;
using aclsim::api::SetError;
namespace tdt = aclsim::tdt;

namespace {

// The depth of a channel made without a capacity.
constexpr uint32_t kDefaultChannelDepth = tdt::QueueTable::kDefaultDepth;

std::shared_ptr<tdt::Message> Encode(const acltdtDataset& dataset) {
  auto message = std::make_shared<tdt::Message>();
  message->name = dataset.name;
  message->items.reserve(dataset.items.size());
  for (const acltdtDataItem* item : dataset.items) {
    tdt::Item out;
    out.tensor_type = item->tdt_type;
    out.data_type = item->data_type;
    out.dims = item->dims;
    out.slice_num = item->slice_num;
    out.slice_id = item->slice_id;
    if (item->data != nullptr && item->size != 0) {
      const auto* bytes = static_cast<const uint8_t*>(item->data);
      out.bytes.assign(bytes, bytes + item->size);
    }
    message->items.push_back(std::move(out));
  }
  return message;
}

// Replaces |dataset|'s items (it owns them from now on) with |message|'s.
void Decode(const tdt::Message& message, acltdtDataset* dataset) {
  if (dataset->owns_items) {
    for (acltdtDataItem* item : dataset->items) (void)LiveHandles<acltdtDataItem>::Global().Destroy(item);
  }
  dataset->items.clear();
  dataset->owns_items = true;
  dataset->name = message.name;
  for (const tdt::Item& in : message.items) {
    acltdtDataItem* item = LiveHandles<acltdtDataItem>::Global().Create();
    dataset->items.push_back(item);
    item->tdt_type = static_cast<acltdtTensorType>(in.tensor_type);
    item->data_type = static_cast<aclDataType>(in.data_type);
    item->dims = in.dims;
    item->slice_num = in.slice_num;
    item->slice_id = in.slice_id;
    item->owned = in.bytes;
    item->size = item->owned.size();
    item->data = item->owned.empty() ? nullptr : item->owned.data();
  }
}

acltdtChannelHandle* CreateChannel(const char* function, uint32_t device_id, const char* name, uint32_t depth,
                                   bool queue_backed) {
  if (name == nullptr) {
    (void)InvalidParam(function, "name is NULL");
    return nullptr;
  }
  if (std::strlen(name) + 1 > tdt::QueueTable::kMaxNameLength) {
    (void)InvalidParam(function, "name is longer than 127 characters");
    return nullptr;
  }
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) {
    (void)Convert(function, rt.status());
    return nullptr;
  }
  auto qid = (*rt)->tdt_queues().Create(name, depth, static_cast<int32_t>(getpid()));
  if (!qid.ok()) {
    (void)Convert(function, qid.status());
    return nullptr;
  }
  acltdtChannelHandle* handle = LiveHandles<acltdtChannelHandle>::Global().Create();
  handle->device_id = device_id;
  handle->name = name;
  handle->qid = *qid;
  handle->queue_backed = queue_backed;
  return handle;
}

// A channel of the TDT process takes only timeout -1 (CANN).
aclError CheckTdtTimeout(const char* function, const acltdtChannelHandle* handle, int32_t timeout) {
  if (!handle->queue_backed && timeout != -1) return InvalidParam(function, "this channel takes only timeout -1");
  return ACL_SUCCESS;
}

aclError NotQueueBacked(const char* function) {
  SetError(ACL_ERROR_FEATURE_UNSUPPORTED,
           std::string(function) + ": a channel made without a capacity does not support this");
  return ACL_ERROR_FEATURE_UNSUPPORTED;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannel(uint32_t deviceId, const char* name) try {
  return CreateChannel(__func__, deviceId, name, kDefaultChannelDepth, false);
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY acltdtChannelHandle* acltdtCreateChannelWithCapacity(uint32_t deviceId, const char* name,
                                                                         size_t capacity) try {
  if (capacity == 0 || capacity > UINT32_MAX) {
    (void)InvalidParam(__func__, "capacity is 0 or larger than 4294967295");
    return nullptr;
  }
  return CreateChannel(__func__, deviceId, name, static_cast<uint32_t>(capacity), true);
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtStopChannel(acltdtChannelHandle* handle) try {
  ACLSIM_PROLOGUE(acltdtStopChannel);
  if (!LiveHandles<acltdtChannelHandle>::Global().IsLive(handle)) return InvalidParam(kApiName, "not a live channel");
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  return Convert(kApiName, rt->tdt_queues().Stop(handle->qid));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtDestroyChannel(acltdtChannelHandle* handle) try {
  ACLSIM_PROLOGUE(acltdtDestroyChannel);
  if (!LiveHandles<acltdtChannelHandle>::Global().IsLive(handle)) return InvalidParam(kApiName, "not a live channel");
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  const aclError ret = Convert(kApiName, rt->tdt_queues().Destroy(handle->qid));
  if (ret != ACL_SUCCESS) return ret;
  (void)LiveHandles<acltdtChannelHandle>::Global().Destroy(handle);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtCleanChannel(acltdtChannelHandle* handle) try {
  ACLSIM_PROLOGUE(acltdtCleanChannel);
  if (!LiveHandles<acltdtChannelHandle>::Global().IsLive(handle)) return InvalidParam(kApiName, "not a live channel");
  if (!handle->queue_backed) return NotQueueBacked(kApiName);
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  return Convert(kApiName, rt->tdt_queues().Reset(handle->qid));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtSendTensor(const acltdtChannelHandle* handle, const acltdtDataset* dataset,
                                              int32_t timeout) try {
  ACLSIM_PROLOGUE(acltdtSendTensor);
  if (!LiveHandles<acltdtChannelHandle>::Global().IsLive(handle)) return InvalidParam(kApiName, "not a live channel");
  if (const aclError ret = CheckTdtTimeout(kApiName, handle, timeout); ret != ACL_SUCCESS) return ret;
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  auto buf = std::make_shared<tdt::Buffer>();
  buf->message = Encode(*dataset);
  return Convert(kApiName, rt->tdt_queues().Enqueue(handle->qid, std::move(buf), timeout));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtReceiveTensor(const acltdtChannelHandle* handle, acltdtDataset* dataset,
                                                 int32_t timeout) try {
  ACLSIM_PROLOGUE(acltdtReceiveTensor);
  if (!LiveHandles<acltdtChannelHandle>::Global().IsLive(handle)) return InvalidParam(kApiName, "not a live channel");
  if (const aclError ret = CheckTdtTimeout(kApiName, handle, timeout); ret != ACL_SUCCESS) return ret;
  if (!dataset->items.empty() && !dataset->owns_items) {
    return InvalidParam(kApiName, "dataset must be empty or come from an earlier receive");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  auto buf = rt->tdt_queues().Dequeue(handle->qid, timeout);
  if (!buf.ok()) return Convert(kApiName, buf.status());
  if ((*buf)->message == nullptr) return InvalidParam(kApiName, "the buffer received carries no dataset");
  Decode(*(*buf)->message, dataset);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtQueryChannelSize(const acltdtChannelHandle* handle, size_t* size) try {
  ACLSIM_PROLOGUE(acltdtQueryChannelSize);
  if (!LiveHandles<acltdtChannelHandle>::Global().IsLive(handle)) return InvalidParam(kApiName, "not a live channel");
  if (!handle->queue_backed) return NotQueueBacked(kApiName);
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, kApiName);
  auto n = rt->tdt_queues().Size(handle->qid);
  if (!n.ok()) return Convert(kApiName, n.status());
  *size = *n;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
