// Data items and datasets of acl_tdt.h: plain objects of the edge
// (api/src/tdt_handles.h), with CANN's checks and return values.
#include <cstdint>

#include "acl/acl_tdt.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/live_handles.h"
#include "api/src/tdt_handles.h"

using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;
using aclsim::api::SetError;

namespace {

// CANN's bound on an item's dimensions (MAX_DIM_CNT).
constexpr size_t kMaxDims = 128;

// NULL → the invalid-parameter message of |function| and true.
bool NullArgument(const void* p, const char* function, const char* what) {
  if (p != nullptr) return false;
  (void)InvalidParam(function, what);
  return true;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem* dataItem) try {
  if (NullArgument(dataItem, __func__, "dataItem is NULL")) return ACL_TENSOR_DATA_UNDEFINED;
  return dataItem->tdt_type;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_TENSOR_DATA_UNDEFINED)

ACL_FUNC_VISIBILITY aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem* dataItem) try {
  if (NullArgument(dataItem, __func__, "dataItem is NULL")) return ACL_DT_UNDEFINED;
  return dataItem->data_type;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_DT_UNDEFINED)

ACL_FUNC_VISIBILITY void* acltdtGetDataAddrFromItem(const acltdtDataItem* dataItem) try {
  if (NullArgument(dataItem, __func__, "dataItem is NULL")) return nullptr;
  return dataItem->data;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY size_t acltdtGetDataSizeFromItem(const acltdtDataItem* dataItem) try {
  if (NullArgument(dataItem, __func__, "dataItem is NULL")) return 0;
  return dataItem->size;
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY size_t acltdtGetDimNumFromItem(const acltdtDataItem* dataItem) try {
  if (NullArgument(dataItem, __func__, "dataItem is NULL")) return 0;
  return dataItem->dims.size();
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY aclError acltdtGetSliceInfoFromItem(const acltdtDataItem* dataItem, size_t* sliceNum,
                                                        size_t* sliceId) try {
  ACLSIM_PROLOGUE(acltdtGetSliceInfoFromItem);
  *sliceNum = dataItem->slice_num;
  *sliceId = dataItem->slice_id;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError acltdtGetDimsFromItem(const acltdtDataItem* dataItem, int64_t* dims, size_t dimNum) try {
  ACLSIM_PROLOGUE(acltdtGetDimsFromItem);
  if (dimNum < dataItem->dims.size()) {
    return InvalidParam(kApiName, "dimNum is less than the item's number of dimensions");
  }
  for (size_t i = 0; i < dataItem->dims.size(); ++i) dims[i] = dataItem->dims[i];
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY acltdtDataItem* acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t* dims, size_t dimNum,
                                                         aclDataType dataType, void* data, size_t size) try {
  if (dims == nullptr && dimNum != 0) {
    (void)InvalidParam(__func__, "dims is NULL and dimNum is not 0");
    return nullptr;
  }
  if (dims != nullptr && dimNum == 0) {
    (void)InvalidParam(__func__, "dims is not NULL and dimNum is 0");
    return nullptr;
  }
  if (dimNum > kMaxDims) {
    (void)InvalidParam(__func__, "dimNum is larger than 128");
    return nullptr;
  }
  acltdtDataItem* item = LiveHandles<acltdtDataItem>::Global().Create();
  item->tdt_type = tdtType;
  if (tdtType != ACL_TENSOR_DATA_TENSOR) {
    // A marker carries no shape, type or bytes (CANN: dims must be NULL).
    if (dims != nullptr) {
      (void)LiveHandles<acltdtDataItem>::Global().Destroy(item);
      (void)InvalidParam(__func__, "dims must be NULL for an item that is not a tensor");
      return nullptr;
    }
    return item;
  }
  item->dims.assign(dims, dims + dimNum);
  item->data_type = dataType;
  item->data = data;
  item->size = size;
  return item;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtDestroyDataItem(acltdtDataItem* dataItem) try {
  ACLSIM_PROLOGUE(acltdtDestroyDataItem);
  if (!LiveHandles<acltdtDataItem>::Global().Destroy(dataItem)) {
    return InvalidParam(kApiName, "dataItem is not a live data item (already destroyed?)");
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY acltdtDataset* acltdtCreateDataset(void) try {
  return LiveHandles<acltdtDataset>::Global().Create();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtDestroyDataset(acltdtDataset* dataset) try {
  ACLSIM_PROLOGUE(acltdtDestroyDataset);
  if (!LiveHandles<acltdtDataset>::Global().IsLive(dataset)) {
    return InvalidParam(kApiName, "dataset is not a live dataset (already destroyed?)");
  }
  if (dataset->owns_items) {
    for (acltdtDataItem* item : dataset->items) (void)LiveHandles<acltdtDataItem>::Global().Destroy(item);
  }
  (void)LiveHandles<acltdtDataset>::Global().Destroy(dataset);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY acltdtDataItem* acltdtGetDataItem(const acltdtDataset* dataset, size_t index) try {
  if (NullArgument(dataset, __func__, "dataset is NULL")) return nullptr;
  if (index >= dataset->items.size()) {
    (void)InvalidParam(__func__, "index is not less than the dataset's size");
    return nullptr;
  }
  return dataset->items[index];
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError acltdtAddDataItem(acltdtDataset* dataset, acltdtDataItem* dataItem) try {
  ACLSIM_PROLOGUE(acltdtAddDataItem);
  if (dataset->owns_items) {
    SetError(ACL_ERROR_FEATURE_UNSUPPORTED,
             std::string(kApiName) + ": a received dataset owns its items and takes no more");
    return ACL_ERROR_FEATURE_UNSUPPORTED;
  }
  dataset->items.push_back(dataItem);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY size_t acltdtGetDatasetSize(const acltdtDataset* dataset) try {
  if (NullArgument(dataset, __func__, "dataset is NULL")) return 0;
  return dataset->items.size();
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

ACL_FUNC_VISIBILITY const char* acltdtGetDatasetName(const acltdtDataset* dataset) try {
  if (NullArgument(dataset, __func__, "dataset is NULL")) return nullptr;
  return dataset->name.c_str();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

}  // extern "C"
