// Data buffers and dtype sizes (acl_base.h).
#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/handles.h"
#include "api/src/live_handles.h"

using aclsim::api::InvalidParam;
using aclsim::api::LiveHandles;

extern "C" {

ACL_FUNC_VISIBILITY aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) try {
  return LiveHandles<aclDataBuffer>::Global().Create(data, size);  // (NULL, 0) is allowed, as in CANN
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) try {
  if (dataBuffer == nullptr) return InvalidParam("aclDestroyDataBuffer", "dataBuffer is NULL");
  if (!LiveHandles<aclDataBuffer>::Global().Destroy(dataBuffer)) {
    return InvalidParam("aclDestroyDataBuffer", "dataBuffer is not a live data buffer (already destroyed?)");
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) try {
  if (dataBuffer == nullptr) return InvalidParam("aclUpdateDataBuffer", "dataBuffer is NULL");
  dataBuffer->data = data;
  dataBuffer->size = size;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) try {
  return dataBuffer == nullptr ? nullptr : dataBuffer->data;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) try {
  return dataBuffer == nullptr ? 0 : static_cast<uint32_t>(dataBuffer->size);
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<uint32_t>(0))

ACL_FUNC_VISIBILITY size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) try {
  return dataBuffer == nullptr ? 0 : dataBuffer->size;
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

// Element sizes of every aclDataType; 0 for ACL_DT_UNDEFINED, ACL_STRING and
// the sub-byte types (int4, uint1, the 6- and 4-bit floats), as in CANN.
ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType) try {
  switch (dataType) {
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0: return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32: return 4;
    case ACL_DOUBLE:
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_COMPLEX64: return 8;
    case ACL_COMPLEX128: return 16;
    default: return 0;
  }
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<size_t>(0))

}  // extern "C"
