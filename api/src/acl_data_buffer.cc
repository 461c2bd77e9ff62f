// Data buffers and dtype sizes (acl_base.h).
#include "acl/acl.h"
#include "api/src/error.h"
#include "api/src/handles.h"
#include "runtime/model/graph.h"

using aclsim::api::InvalidParam;

extern "C" {

ACL_FUNC_VISIBILITY aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) {
  return new aclDataBuffer{data, size};  // (NULL, 0) is allowed, as in CANN
}

ACL_FUNC_VISIBILITY aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
  if (dataBuffer == nullptr) return InvalidParam("aclDestroyDataBuffer", "dataBuffer is NULL");
  delete dataBuffer;
  return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
  if (dataBuffer == nullptr) return InvalidParam("aclUpdateDataBuffer", "dataBuffer is NULL");
  dataBuffer->data = data;
  dataBuffer->size = size;
  return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? nullptr : dataBuffer->data;
}

ACL_FUNC_VISIBILITY uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? 0 : static_cast<uint32_t>(dataBuffer->size);
}

ACL_FUNC_VISIBILITY size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
  return dataBuffer == nullptr ? 0 : dataBuffer->size;
}

ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType) {
  return aclsim::model::DataTypeSize(static_cast<aclsim::model::DataType>(dataType));
}

}  // extern "C"
