// The layouts of acl_tdt.h's and acl_tdt_queue.h's opaque objects: data
// items, datasets and channel handles; queue attributes, routes, route lists
// and route queries. Queues, channels' contents and shared buffers live in
// the runtime (runtime/tdt/queue_table.h).
#ifndef ACLSIM_API_SRC_TDT_HANDLES_H_
#define ACLSIM_API_SRC_TDT_HANDLES_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"

// One item: a tensor (its shape, element type and bytes) or a marker
// (end of sequence, abnormal). A created item borrows the caller's bytes;
// a received one owns a copy (|owned|), which |data| points into.
struct acltdtDataItem {
  acltdtTensorType tdt_type = ACL_TENSOR_DATA_UNDEFINED;
  std::vector<int64_t> dims;
  aclDataType data_type = ACL_DT_UNDEFINED;
  void* data = nullptr;
  size_t size = 0;
  std::vector<uint8_t> owned;
  uint16_t slice_num = 0;
  uint16_t slice_id = 0;
};

// A list of items. A dataset filled by acltdtReceiveTensor owns its items
// (destroyed with it) and takes no more (acltdtAddDataItem: 200006).
struct acltdtDataset {
  std::string name;
  std::vector<acltdtDataItem*> items;
  bool owns_items = false;
};

// An open channel: a queue of the runtime's table. A channel made with a
// capacity (CANN's queue-backed channel) takes any timeout and answers
// size queries and clean; one made without follows CANN's TDT-process
// channel: only timeout -1, and no size query or clean (200006).
struct acltdtChannelHandle {
  uint32_t device_id = 0;
  std::string name;
  uint32_t qid = 0;
  bool queue_backed = false;
};

// Queue attributes (acltdtQueueAttr): a name of at most 127 characters and
// a depth; CANN's defaults are an empty name (a generated one) and depth 8.
struct tagMemQueueAttr {
  std::string name;
  uint32_t depth = 8;
};

struct acltdtQueueRoute {
  uint32_t src = 0;
  uint32_t dst = 0;
  int32_t status = ACL_TDT_QUEUE_ROUTE_UNBIND;
};

struct acltdtQueueRouteList {
  std::vector<acltdtQueueRoute> routes;
};

struct acltdtQueueRouteQueryInfo {
  int32_t mode = 0;
  uint32_t src = 0;
  uint32_t dst = 0;
  bool mode_set = false;
  bool src_set = false;
  bool dst_set = false;
};

#endif  // ACLSIM_API_SRC_TDT_HANDLES_H_
