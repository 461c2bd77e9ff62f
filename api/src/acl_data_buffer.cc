// Data buffers, dtype sizes and half-precision conversions (acl_base.h).
#include <cmath>
#include <cstdint>
#include <cstring>

#include "acl/acl.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
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
  ACLSIM_PROLOGUE(aclDestroyDataBuffer);
  if (!LiveHandles<aclDataBuffer>::Global().Destroy(dataBuffer)) {
    return InvalidParam(kApiName, "dataBuffer is not a live data buffer (already destroyed?)");
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) try {
  ACLSIM_PROLOGUE(aclUpdateDataBuffer);
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

// IEEE 754 binary16 <-> binary32. Half to float is exact; float to half
// rounds to nearest, ties to even, overflows to infinity from 65520 up and
// keeps NaN a (quiet) NaN.
ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value) try {
  const uint32_t sign = static_cast<uint32_t>(value & 0x8000u) << 16;
  const uint32_t exponent = (value >> 10) & 0x1fu;
  const uint32_t mantissa = value & 0x3ffu;
  if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign != 0 ? -magnitude : magnitude;
  }
  uint32_t bits = sign | (mantissa << 13);
  bits |= exponent == 0x1f ? 0x7f800000u : (exponent + 112) << 23;
  float out;
  std::memcpy(&out, &bits, sizeof(out));
  return out;
}
ACLSIM_EDGE_CATCH_RETURN(0.0f)

ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value) try {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  const auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude > 0x7f800000u) return static_cast<aclFloat16>(sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu));
  if (magnitude >= 0x477ff000u) return static_cast<aclFloat16>(sign | 0x7c00u);  // >= 65520 (or infinity)
  if (magnitude < 0x38800000u) {  // below 2^-14: a subnormal half (or zero), in units of 2^-24
    float f;
    std::memcpy(&f, &magnitude, sizeof(f));
    return static_cast<aclFloat16>(sign | static_cast<uint16_t>(std::nearbyint(f * 16777216.0f)));
  }
  uint32_t half = (((magnitude >> 23) - 112) << 10) | ((magnitude >> 13) & 0x3ffu);
  const uint32_t rest = magnitude & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u) != 0)) ++half;
  return static_cast<aclFloat16>(sign | half);
}
ACLSIM_EDGE_CATCH_RETURN(static_cast<aclFloat16>(0))

}  // extern "C"
