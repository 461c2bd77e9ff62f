// Tensor descriptions (acl_base.h): create, read back, name and reshape.
// What the single-operator calls (acl_op.cc) describe their tensors with.
#include <cstring>
#include <string>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/handles.h"
#include "api/src/live_handles.h"

using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;

namespace {

const aclTensorDesc* Live(const aclTensorDesc* desc) {
  return desc != nullptr && LiveHandles<aclTensorDesc>::Global().IsLive(desc) ? desc : nullptr;
}

// The element count, or -1 when a dim is unknown (negative).
int64_t Elements(const aclTensorDesc& d) {
  int64_t n = 1;
  for (int64_t dim : d.tensor.shape) {
    if (dim < 0) return -1;
    if (dim != 0 && n > INT64_MAX / dim) return -1;
    n *= dim;
  }
  return n;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclTensorDesc* aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t* dims,
                                                       aclFormat format) try {
  if (numDims < 0 || (numDims > 0 && dims == nullptr)) return nullptr;
  aclTensorDesc desc;
  desc.tensor.dtype = static_cast<aclsim::model::DataType>(dataType);
  desc.tensor.format = static_cast<aclsim::model::Format>(format);
  desc.tensor.shape.assign(dims, dims + numDims);
  return LiveHandles<aclTensorDesc>::Global().Create(std::move(desc));
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY void aclDestroyTensorDesc(const aclTensorDesc* desc) try {
  if (desc != nullptr) (void)LiveHandles<aclTensorDesc>::Global().Destroy(desc);
}
ACLSIM_EDGE_CATCH_VOID

ACL_FUNC_VISIBILITY aclDataType aclGetTensorDescType(const aclTensorDesc* desc) try {
  return Live(desc) ? static_cast<aclDataType>(desc->tensor.dtype) : ACL_DT_UNDEFINED;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_DT_UNDEFINED)

ACL_FUNC_VISIBILITY aclFormat aclGetTensorDescFormat(const aclTensorDesc* desc) try {
  return Live(desc) ? static_cast<aclFormat>(desc->tensor.format) : ACL_FORMAT_UNDEFINED;
}
ACLSIM_EDGE_CATCH_RETURN(ACL_FORMAT_UNDEFINED)

ACL_FUNC_VISIBILITY size_t aclGetTensorDescSize(const aclTensorDesc* desc) try {
  if (!Live(desc)) return 0;
  const int64_t n = Elements(*desc);
  return n < 0 ? 0 : static_cast<size_t>(n) * aclsim::model::DataTypeSize(desc->tensor.dtype);
}
ACLSIM_EDGE_CATCH_RETURN(0)

ACL_FUNC_VISIBILITY size_t aclGetTensorDescElementCount(const aclTensorDesc* desc) try {
  if (!Live(desc)) return 0;
  const int64_t n = Elements(*desc);
  return n < 0 ? 0 : static_cast<size_t>(n);
}
ACLSIM_EDGE_CATCH_RETURN(0)

ACL_FUNC_VISIBILITY size_t aclGetTensorDescNumDims(const aclTensorDesc* desc) try {
  if (!Live(desc)) return 0;
  // GE: a first dim of -2 is an unknown rank.
  return !desc->tensor.shape.empty() && desc->tensor.shape[0] == -2 ? ACL_UNKNOWN_RANK : desc->tensor.shape.size();
}
ACLSIM_EDGE_CATCH_RETURN(0)

ACL_FUNC_VISIBILITY int64_t aclGetTensorDescDim(const aclTensorDesc* desc, size_t index) try {
  return Live(desc) && index < desc->tensor.shape.size() ? desc->tensor.shape[index] : -1;
}
ACLSIM_EDGE_CATCH_RETURN(-1)

ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimV2(const aclTensorDesc* desc, size_t index, int64_t* dimSize) try {
  ACLSIM_PROLOGUE(aclGetTensorDescDimV2);
  if (index >= desc->tensor.shape.size()) {
    return InvalidParam(kApiName, ("index " + std::to_string(index) + " is past the " +
                                   std::to_string(desc->tensor.shape.size()) + " dims")
                                      .c_str());
  }
  *dimSize = desc->tensor.shape[index];
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY void aclSetTensorDescName(aclTensorDesc* desc, const char* name) try {
  if (Live(desc) && name != nullptr) desc->name = name;
}
ACLSIM_EDGE_CATCH_VOID

ACL_FUNC_VISIBILITY const char* aclGetTensorDescName(aclTensorDesc* desc) try {
  return Live(desc) ? desc->name.c_str() : "";
}
ACLSIM_EDGE_CATCH_RETURN("")

ACL_FUNC_VISIBILITY aclError aclSetTensorFormat(aclTensorDesc* desc, aclFormat format) try {
  ACLSIM_PROLOGUE(aclSetTensorFormat);
  desc->tensor.format = static_cast<aclsim::model::Format>(format);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclSetTensorShape(aclTensorDesc* desc, int numDims, const int64_t* dims) try {
  ACLSIM_PROLOGUE(aclSetTensorShape);
  desc->tensor.shape.assign(dims, dims + numDims);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclSetTensorConst(aclTensorDesc* desc, void* dataBuffer, size_t length) try {
  ACLSIM_PROLOGUE(aclSetTensorConst);
  const char* bytes = static_cast<const char*>(dataBuffer);
  desc->const_data.assign(bytes, bytes + length);
  desc->is_const = true;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclSetTensorPlaceMent(aclTensorDesc* desc, aclMemType memType) try {
  ACLSIM_PROLOGUE(aclSetTensorPlaceMent);
  desc->placement = memType;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// The rest of the family, with GE's checks (hicann/ge api/acl/acl_model/
// types/tensor_desc_internal_om2.cpp).

ACL_FUNC_VISIBILITY aclError aclSetTensorShapeRange(aclTensorDesc* desc, size_t dimsCount,
                                                    int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM]) try {
  ACLSIM_PROLOGUE(aclSetTensorShapeRange);
  desc->shape_range.clear();
  for (size_t i = 0; i < dimsCount; ++i) desc->shape_range.push_back({dimsRange[i][0], dimsRange[i][1]});
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclSetTensorValueRange(aclTensorDesc* desc, size_t valueCount,
                                                    int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM]) try {
  ACLSIM_PROLOGUE(aclSetTensorValueRange);
  desc->value_range.clear();
  for (size_t i = 0; i < valueCount; ++i) desc->value_range.push_back({valueRange[i][0], valueRange[i][1]});
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimRange(const aclTensorDesc* desc, size_t index, size_t dimRangeNum,
                                                      int64_t* dimRange) try {
  ACLSIM_PROLOGUE(aclGetTensorDescDimRange);
  if (index >= desc->shape_range.size()) {
    return InvalidParam(kApiName, ("index " + std::to_string(index) + " is past the " +
                                   std::to_string(desc->shape_range.size()) + " ranges")
                                      .c_str());
  }
  if (dimRangeNum < ACL_TENSOR_SHAPE_RANGE_NUM) return InvalidParam(kApiName, "dimRangeNum is less than 2");
  dimRange[0] = desc->shape_range[index][0];
  dimRange[1] = desc->shape_range[index][1];
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// GE answers 0 for a NULL desc here.
ACL_FUNC_VISIBILITY aclError aclSetTensorStorageFormat(aclTensorDesc* desc, aclFormat format) try {
  if (Live(desc)) desc->storage_format = format;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclSetTensorStorageShape(aclTensorDesc* desc, int numDims, const int64_t* dims) try {
  ACLSIM_PROLOGUE(aclSetTensorStorageShape);
  desc->storage_shape = numDims > 0 ? std::vector<int64_t>(dims, dims + numDims) : std::vector<int64_t>{};
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// The origin format and shape are what the getters return.
ACL_FUNC_VISIBILITY aclError aclSetTensorOriginFormat(aclTensorDesc* desc, aclFormat format) try {
  if (Live(desc)) desc->tensor.format = static_cast<aclsim::model::Format>(format);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclSetTensorOriginShape(aclTensorDesc* desc, int numDims, const int64_t* dims) try {
  ACLSIM_PROLOGUE(aclSetTensorOriginShape);
  desc->tensor.shape = numDims > 0 ? std::vector<int64_t>(dims, dims + numDims) : std::vector<int64_t>{};
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

// GE indexes an array of descs without a check; aclsim's descs are single
// objects, so index 0 is the desc itself and any other index is NULL.
ACL_FUNC_VISIBILITY aclTensorDesc* aclGetTensorDescByIndex(aclTensorDesc* desc, size_t index) try {
  return Live(desc) && index == 0 ? desc : nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

// Only aclmdlCreateAndGetOpDesc fills the address, which aclsim does not
// support: always NULL.
ACL_FUNC_VISIBILITY void* aclGetTensorDescAddress(const aclTensorDesc* desc) try {
  (void)desc;
  return nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError aclSetTensorDynamicInput(aclTensorDesc* desc, const char* dynamicInputName) try {
  ACLSIM_PROLOGUE(aclSetTensorDynamicInput);
  desc->dynamic_input = dynamicInputName;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

}  // extern "C"
