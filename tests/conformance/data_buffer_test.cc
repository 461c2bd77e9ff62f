// Data buffers and element sizes (acl_base.h): aclCreateDataBuffer,
// aclDestroyDataBuffer, aclUpdateDataBuffer, aclGetDataBufferAddr,
// aclGetDataBufferSize, aclGetDataBufferSizeV2, aclDataTypeSize,
// aclFloat16ToFloat, aclFloatToFloat16.
// None of these needs aclInit or a device.
#include <cmath>
#include <cstdint>

#include "conformance_util.h"

namespace {

TEST(ConfDataBuffer, GivenMemoryWhenCreateDataBufferThenAddrAndSizeReported) {
  char storage[300];
  aclDataBuffer* b = aclCreateDataBuffer(storage, sizeof(storage));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(aclGetDataBufferAddr(b), storage);
  EXPECT_EQ(aclGetDataBufferSizeV2(b), sizeof(storage));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_EQ(aclGetDataBufferSize(b), 300u);
#pragma GCC diagnostic pop
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
}

TEST(ConfDataBuffer, GivenNullAndZeroWhenCreateDataBufferThenEmptyBufferCreated) {
  // CANN allows (NULL, 0): an output buffer to be filled in later.
  aclDataBuffer* b = aclCreateDataBuffer(nullptr, 0);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(aclGetDataBufferAddr(b), nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(b), 0u);
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
}

TEST(ConfDataBuffer, GivenBufferWhenUpdateDataBufferThenNewAddrAndSize) {
  char a[8], c[64];
  aclDataBuffer* b = aclCreateDataBuffer(a, sizeof(a));
  ASSERT_NE(b, nullptr);
  EXPECT_ACL_OK(aclUpdateDataBuffer(b, c, sizeof(c)));
  EXPECT_EQ(aclGetDataBufferAddr(b), c);
  EXPECT_EQ(aclGetDataBufferSizeV2(b), 64u);
  EXPECT_ACL_OK(aclUpdateDataBuffer(b, nullptr, 0));
  EXPECT_EQ(aclGetDataBufferAddr(b), nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(b), 0u);
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
}

TEST(ConfDataBuffer, GivenSizeAbove4GiBWhenGetSizeThenV2FullAndV1Truncated) {
  char byte = 0;
  const size_t big = (size_t{1} << 32) + 5;  // never dereferenced
  aclDataBuffer* b = aclCreateDataBuffer(&byte, big);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(b), big);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_EQ(aclGetDataBufferSize(b), 5u);
#pragma GCC diagnostic pop
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
}

TEST(ConfDataBuffer, GivenNullWhenDestroyDataBufferThenInvalidParam) {
  EXPECT_ACL_ERROR(aclDestroyDataBuffer(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclDestroyDataBuffer");
}

// CANN leaves a second destroy undefined (a double free); aclsim keeps a
// registry of live handles and refuses it.
TEST(ConfDataBuffer, GivenDestroyedBufferWhenDestroyedAgainThenInvalidParam) {
  ACLSIM_SIM_ONLY();
  char a[4];
  aclDataBuffer* b = aclCreateDataBuffer(a, sizeof(a));
  ASSERT_NE(b, nullptr);
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
  EXPECT_ACL_ERROR(aclDestroyDataBuffer(b), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclDestroyDataBuffer");
  EXPECT_RECENT_ERR_HAS("already destroyed");
  int not_a_buffer = 0;
  EXPECT_ACL_ERROR(aclDestroyDataBuffer(reinterpret_cast<aclDataBuffer*>(&not_a_buffer)), ACL_ERROR_INVALID_PARAM);
}

TEST(ConfDataBuffer, GivenNullWhenUpdateDataBufferThenInvalidParam) {
  char a[4];
  EXPECT_ACL_ERROR(aclUpdateDataBuffer(nullptr, a, sizeof(a)), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclUpdateDataBuffer");
}

TEST(ConfDataBuffer, GivenNullWhenGetAddrOrSizeThenNullAndZero) {
  EXPECT_EQ(aclGetDataBufferAddr(nullptr), nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(nullptr), 0u);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_EQ(aclGetDataBufferSize(nullptr), 0u);
#pragma GCC diagnostic pop
}

TEST(ConfDataTypeSize, GivenModelDataTypesWhenDataTypeSizeThenBytesPerElement) {
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_DOUBLE), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT8), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT8), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT16), 2u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT32), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT32), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_BOOL), 1u);
}

TEST(ConfDataTypeSize, GivenUndefinedStringOrSubByteTypeWhenDataTypeSizeThenZero) {
  EXPECT_EQ(aclDataTypeSize(ACL_DT_UNDEFINED), 0u);
  EXPECT_EQ(aclDataTypeSize(ACL_STRING), 0u);
  EXPECT_EQ(aclDataTypeSize(ACL_INT4), 0u);
  EXPECT_EQ(aclDataTypeSize(ACL_UINT1), 0u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT4_E2M1), 0u);
  EXPECT_EQ(aclDataTypeSize(static_cast<aclDataType>(12345)), 0u);
}

TEST(ConfDataTypeSize, GivenComplexAndFp8TypesWhenDataTypeSizeThenCannSizes) {
  // Whole-byte types outside the model format: acl_base.h promises 0 only for
  // undefined and sub-byte types, and CANN reports their element sizes.
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX32), 4u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX64), 8u);
  EXPECT_EQ(aclDataTypeSize(ACL_COMPLEX128), 16u);
  EXPECT_EQ(aclDataTypeSize(ACL_HIFLOAT8), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT8_E5M2), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT8_E4M3FN), 1u);
  EXPECT_EQ(aclDataTypeSize(ACL_FLOAT8_E8M0), 1u);
}

TEST(ConfFloat16, GivenHalfBitsWhenFloat16ToFloatThenExactValue) {
  EXPECT_EQ(aclFloat16ToFloat(0x3C00), 1.0f);
  EXPECT_EQ(aclFloat16ToFloat(0xC000), -2.0f);
  EXPECT_EQ(aclFloat16ToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(aclFloat16ToFloat(0x0400), 0.00006103515625f);            // smallest normal, 2^-14
  EXPECT_EQ(aclFloat16ToFloat(0x0001), 0.000000059604644775390625f);  // smallest subnormal, 2^-24
  EXPECT_EQ(aclFloat16ToFloat(0x0000), 0.0f);
  EXPECT_TRUE(std::signbit(aclFloat16ToFloat(0x8000)));
}

// Values every half-precision conversion agrees on; what overflow, infinity
// and NaN give is aclsim's (IEEE's) choice, tested in tests/python/test_bindings.py.
TEST(ConfFloat16, GivenRepresentableFloatsWhenFloatToFloat16ThenHalfBits) {
  EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3C00);
  EXPECT_EQ(aclFloatToFloat16(-2.0f), 0xC000);
  EXPECT_EQ(aclFloatToFloat16(65504.0f), 0x7BFF);
  EXPECT_EQ(aclFloatToFloat16(0.000000059604644775390625f), 0x0001);
  EXPECT_EQ(aclFloatToFloat16(0.1f), 0x2E66);
  EXPECT_EQ(aclFloatToFloat16(-0.0f), 0x8000);
}

}  // namespace
