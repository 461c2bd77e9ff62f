// libnnopbase.so: the aclnn data objects (aclnn/acl_meta.h) and aclnnInit /
// aclnnFinalize; op_phases.cc has the two generic phases of the operators.
#include <cstring>
#include <string>

#include "acl/aclsim_ext.h"
#include "aclnn/aclnn_base.h"
#include "api/aclnn/aclnn_objects.h"
#include "api/src/live_handles.h"

namespace {

using aclsim::api::LiveHandles;

constexpr aclnnStatus kSuccess = 0;
using aclsim::aclnn::kInvalid;
using aclsim::aclnn::kNullptr;
constexpr uint64_t kMaxDims = 64;

// IEEE half and bfloat16 bits to float.
float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while ((mant & 0x400u) == 0);
      bits = sign | static_cast<uint32_t>(127 - 15 - e) << 23 | (mant & 0x3ffu) << 13;
    }
  } else if (exp == 0x1f) {
    bits = sign | 0x7f800000u | mant << 13;
  } else {
    bits = sign | (exp + 127 - 15) << 23 | mant << 13;
  }
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

template <typename T>
double Read(const void* p) {
  T v;
  std::memcpy(&v, p, sizeof(v));
  return static_cast<double>(v);
}

// The value at |p| of |dtype|; false for a type a scalar cannot have.
bool ScalarValue(const void* p, aclDataType dtype, double* out) {
  switch (dtype) {
    case ACL_FLOAT: *out = Read<float>(p); return true;
    case ACL_DOUBLE: *out = Read<double>(p); return true;
    case ACL_FLOAT16: *out = HalfToFloat(static_cast<uint16_t>(Read<uint16_t>(p))); return true;
    case ACL_BF16: {
      const auto bits = static_cast<uint32_t>(Read<uint16_t>(p)) << 16;
      float f;
      std::memcpy(&f, &bits, sizeof(f));
      *out = f;
      return true;
    }
    case ACL_INT8: *out = Read<int8_t>(p); return true;
    case ACL_UINT8: *out = Read<uint8_t>(p); return true;
    case ACL_INT16: *out = Read<int16_t>(p); return true;
    case ACL_UINT16: *out = Read<uint16_t>(p); return true;
    case ACL_INT32: *out = Read<int32_t>(p); return true;
    case ACL_UINT32: *out = Read<uint32_t>(p); return true;
    case ACL_INT64: *out = Read<int64_t>(p); return true;
    case ACL_UINT64: *out = Read<uint64_t>(p); return true;
    case ACL_BOOL: *out = Read<uint8_t>(p) != 0 ? 1.0 : 0.0; return true;
    default: return false;
  }
}

bool KnownDtype(aclDataType d) { return aclsim::model::DataTypeSize(static_cast<aclsim::model::DataType>(d)) != 0; }

template <typename T>
aclnnStatus Destroy(const T* p) {
  if (p == nullptr) return kNullptr;
  return LiveHandles<T>::Global().Destroy(p) ? kSuccess : kInvalid;
}

template <typename T>
aclnnStatus Size(const T* array, uint64_t* size) {
  if (array == nullptr || size == nullptr) return kNullptr;
  if (!LiveHandles<T>::Global().IsLive(array)) return kInvalid;
  *size = array->values.size();
  return kSuccess;
}

// A copy of |n| values at |v| into a fresh array the caller frees with delete[].
aclnnStatus CopyOut(const std::vector<int64_t>& v, int64_t** out, uint64_t* n) {
  *out = new int64_t[v.empty() ? 1 : v.size()];
  std::copy(v.begin(), v.end(), *out);
  *n = v.size();
  return kSuccess;
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                               const int64_t* stride, int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum,
                                               void* tensorData) try {
  // Ranks above 8 are created and refused by the ops (161002), as CANN does;
  // kMaxDims only bounds what a description may hold.
  if ((viewDims == nullptr && viewDimsNum != 0) || viewDimsNum > kMaxDims || offset < 0 || !KnownDtype(dataType) ||
      (storageDims == nullptr && storageDimsNum != 0) || storageDimsNum > kMaxDims) {
    return nullptr;
  }
  aclTensor t;
  t.desc.dtype = static_cast<aclsim::model::DataType>(dataType);
  t.desc.format = static_cast<aclsim::model::Format>(format);
  t.desc.shape.assign(viewDims, viewDims + viewDimsNum);
  for (int64_t d : t.desc.shape) {
    if (d < 0) return nullptr;
  }
  if (stride != nullptr) t.strides.assign(stride, stride + viewDimsNum);
  t.offset = offset;
  if (storageDims != nullptr) t.storage.assign(storageDims, storageDims + storageDimsNum);
  t.data = tensorData;
  return LiveHandles<aclTensor>::Global().Create(std::move(t));
} catch (...) {
  return nullptr;
}

ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType) try {
  double v = 0;
  if (value == nullptr || !ScalarValue(value, dataType, &v)) return nullptr;
  return LiveHandles<aclScalar>::Global().Create(
      aclsim::ops::OpScalar{static_cast<aclsim::model::DataType>(dataType), v});
} catch (...) {
  return nullptr;
}

ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) try {
  if (value == nullptr && size != 0) return nullptr;
  return LiveHandles<aclIntArray>::Global().Create(std::vector<int64_t>(value, value + size));
} catch (...) {
  return nullptr;
}

ACL_FUNC_VISIBILITY aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) try {
  if (value == nullptr && size != 0) return nullptr;
  return LiveHandles<aclFloatArray>::Global().Create(std::vector<double>(value, value + size));
} catch (...) {
  return nullptr;
}

ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) try {
  if (value == nullptr && size != 0) return nullptr;
  std::vector<int64_t> v(size);
  for (uint64_t i = 0; i < size; ++i) v[i] = value[i] ? 1 : 0;
  return LiveHandles<aclBoolArray>::Global().Create(std::move(v));
} catch (...) {
  return nullptr;
}

ACL_FUNC_VISIBILITY aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) try {
  if (value == nullptr && size != 0) return nullptr;
  aclTensorList list;
  for (uint64_t i = 0; i < size; ++i) {
    if (value[i] == nullptr || !LiveHandles<aclTensor>::Global().IsLive(value[i])) return nullptr;
    list.tensors.push_back(value[i]);
    list.descs.push_back(&value[i]->desc);
  }
  return LiveHandles<aclTensorList>::Global().Create(std::move(list));
} catch (...) {
  return nullptr;
}

ACL_FUNC_VISIBILITY aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) try {
  if (value == nullptr && size != 0) return nullptr;
  std::vector<aclsim::ops::OpScalar> values;
  for (uint64_t i = 0; i < size; ++i) {
    if (value[i] == nullptr || !LiveHandles<aclScalar>::Global().IsLive(value[i])) return nullptr;
    values.push_back(value[i]->value);
  }
  return LiveHandles<aclScalarList>::Global().Create(std::move(values));
} catch (...) {
  return nullptr;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor) { return Destroy(tensor); }
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar* scalar) { return Destroy(scalar); }
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array) { return Destroy(array); }
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) { return Destroy(array); }
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) { return Destroy(array); }
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList* array) { return Destroy(array); }

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
  if (array == nullptr) return kNullptr;
  if (!LiveHandles<aclTensorList>::Global().IsLive(array)) return kInvalid;
  for (const aclTensor* t : array->tensors) (void)Destroy(t);
  return Destroy(array);
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims,
                                                uint64_t* viewDimsNum) try {
  if (tensor == nullptr || viewDims == nullptr || viewDimsNum == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  return CopyOut(tensor->desc.shape, viewDims, viewDimsNum);
} catch (...) {
  return kInvalid;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                                                   uint64_t* storageDimsNum) try {
  if (tensor == nullptr || storageDims == nullptr || storageDimsNum == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  return CopyOut(tensor->storage, storageDims, storageDimsNum);
} catch (...) {
  return kInvalid;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                                                  uint64_t* stridesNum) try {
  if (tensor == nullptr || stridesValue == nullptr || stridesNum == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  if (!tensor->strides.empty()) return CopyOut(tensor->strides, stridesValue, stridesNum);
  // No strides given: the contiguous strides of the view.
  std::vector<int64_t> strides(tensor->desc.shape.size());
  int64_t step = 1;
  for (size_t i = strides.size(); i-- > 0;) {
    strides[i] = step;
    step *= tensor->desc.shape[i];
  }
  return CopyOut(strides, stridesValue, stridesNum);
} catch (...) {
  return kInvalid;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
  if (tensor == nullptr || offset == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  *offset = tensor->offset;
  return kSuccess;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
  if (tensor == nullptr || format == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  *format = static_cast<aclFormat>(tensor->desc.format);
  return kSuccess;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
  if (tensor == nullptr || dataType == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  *dataType = static_cast<aclDataType>(tensor->desc.dtype);
  return kSuccess;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
  return Size(array, size);
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
  return Size(array, size);
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
  return Size(array, size);
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size) {
  return Size(scalarList, size);
}
ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
  if (tensorList == nullptr || size == nullptr) return kNullptr;
  if (!LiveHandles<aclTensorList>::Global().IsLive(tensorList)) return kInvalid;
  *size = tensorList->tensors.size();
  return kSuccess;
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
  if (tensor == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  tensor->data = addr;
  return kSuccess;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
  if (tensor == nullptr || addr == nullptr) return kNullptr;
  if (!LiveHandles<aclTensor>::Global().IsLive(tensor)) return kInvalid;
  *addr = tensor->data;
  return kSuccess;
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
  if (executor == nullptr) return 561103;  // ACLNN_ERR_INNER_NULLPTR, as documented
  if (!LiveHandles<aclOpExecutor>::Global().IsLive(executor)) return kInvalid;
  executor->repeatable = true;
  return kSuccess;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) { return Destroy(executor); }

ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* /*configPath*/) { return kSuccess; }
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize(void) { return kSuccess; }

}  // extern "C"
