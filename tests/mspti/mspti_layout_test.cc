// The record layouts of mspti/mspti_activity.h are Ascend/mspti's (packed,
// 8-aligned: sizes and offsets from its csrc/include/mspti_activity.h), and
// the records libascendcl.so writes (runtime/prof/mspti_records.h) have the
// same bytes; golden bytes pin one record of each kind.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "mspti/mspti.h"
#include "runtime/prof/mspti_records.h"

namespace {

namespace rec = aclsim::prof::mspti;

static_assert(sizeof(msptiActivity) == 8 && sizeof(msptiObjectId) == 8);
static_assert(sizeof(msptiActivityMarker) == 56 && offsetof(msptiActivityMarker, flag) == 4 &&
              offsetof(msptiActivityMarker, sourceKind) == 8 && offsetof(msptiActivityMarker, timestamp) == 12 &&
              offsetof(msptiActivityMarker, id) == 20 && offsetof(msptiActivityMarker, objectId) == 28 &&
              offsetof(msptiActivityMarker, name) == 36 && offsetof(msptiActivityMarker, domain) == 44);
static_assert(sizeof(msptiActivityApi) == 48 && offsetof(msptiActivityApi, start) == 4 &&
              offsetof(msptiActivityApi, end) == 12 && offsetof(msptiActivityApi, pt) == 20 &&
              offsetof(msptiActivityApi, correlationId) == 28 && offsetof(msptiActivityApi, name) == 36);
static_assert(sizeof(msptiActivityKernel) == 56 && offsetof(msptiActivityKernel, ds) == 20 &&
              offsetof(msptiActivityKernel, correlationId) == 28 && offsetof(msptiActivityKernel, type) == 36 &&
              offsetof(msptiActivityKernel, name) == 44);
static_assert(sizeof(msptiActivityHccl) == 56 && offsetof(msptiActivityHccl, bandWidth) == 28 &&
              offsetof(msptiActivityHccl, commName) == 44);
static_assert(sizeof(msptiActivityMemory) == 64 && offsetof(msptiActivityMemory, memoryKind) == 8 &&
              offsetof(msptiActivityMemory, correlationId) == 12 && offsetof(msptiActivityMemory, start) == 20 &&
              offsetof(msptiActivityMemory, address) == 36 && offsetof(msptiActivityMemory, bytes) == 44 &&
              offsetof(msptiActivityMemory, processId) == 52 && offsetof(msptiActivityMemory, streamId) == 60);
static_assert(sizeof(msptiActivityMemset) == 56 && offsetof(msptiActivityMemset, bytes) == 8 &&
              offsetof(msptiActivityMemset, deviceId) == 32 && offsetof(msptiActivityMemset, correlationId) == 40 &&
              offsetof(msptiActivityMemset, isAsync) == 48);
static_assert(sizeof(msptiActivityMemcpy) == 56 && offsetof(msptiActivityMemcpy, copyKind) == 4 &&
              offsetof(msptiActivityMemcpy, start) == 16 && offsetof(msptiActivityMemcpy, isAsync) == 48);
static_assert(sizeof(msptiActivityExternalCorrelation) == 24 &&
              offsetof(msptiActivityExternalCorrelation, externalId) == 8 &&
              offsetof(msptiActivityExternalCorrelation, correlationId) == 16);
static_assert(sizeof(msptiActivityCommunication) == 72 && offsetof(msptiActivityCommunication, ds) == 16 &&
              offsetof(msptiActivityCommunication, algType) == 40 &&
              offsetof(msptiActivityCommunication, correlationId) == 64);
static_assert(sizeof(msptiCallbackData) == 72 && offsetof(msptiCallbackData, functionName) == 8 &&
              offsetof(msptiCallbackData, correlationId) == 40 && offsetof(msptiCallbackData, correlationData) == 64);

// The runtime's records: the same offsets.
static_assert(offsetof(rec::MarkerRecord, object_id0) == 28 && offsetof(rec::MarkerRecord, domain) == 44);
static_assert(offsetof(rec::ApiRecord, correlation_id) == 28 && offsetof(rec::KernelRecord, name) == 44);
static_assert(offsetof(rec::MemoryRecord, stream_id) == 60 && offsetof(rec::MemsetRecord, is_async) == 48);
static_assert(offsetof(rec::MemcpyRecord, correlation_id) == 40 &&
              offsetof(rec::ExternalCorrelationRecord, correlation_id) == 16);

template <typename T>
std::vector<uint8_t> Bytes(const T& t) {
  std::vector<uint8_t> out(sizeof(T));
  std::memcpy(out.data(), &t, sizeof(T));
  return out;
}

TEST(MsptiLayout, GivenRuntimeKernelRecordThenItsBytesAreThePublicStructsAndTheGoldenOnes) {
  rec::KernelRecord k;
  k.start = 0x0102030405060708;
  k.end = 0x1112131415161718;
  k.device_id = 3;
  k.stream_id = 7;
  k.correlation_id = 42;
  const std::vector<uint8_t> bytes = Bytes(k);
  const std::vector<uint8_t> golden = {2,    0,    0,    0,                             // kind KERNEL
                                       0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,  // start
                                       0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11,  // end
                                       3,    0,    0,    0,    7,    0,    0,    0,     // ds
                                       42,   0,    0,    0,    0,    0,    0,    0,     // correlationId
                                       0,    0,    0,    0,    0,    0,    0,    0,     // type (NULL)
                                       0,    0,    0,    0,    0,    0,    0,    0,     // name (NULL)
                                       0,    0,    0,    0};                            // tail padding
  EXPECT_EQ(bytes, golden);
  msptiActivityKernel pub;
  std::memcpy(&pub, bytes.data(), sizeof(pub));
  EXPECT_EQ(pub.kind, MSPTI_ACTIVITY_KIND_KERNEL);
  EXPECT_EQ(pub.start, 0x0102030405060708u);
  EXPECT_EQ(pub.end, 0x1112131415161718u);
  EXPECT_EQ(pub.ds.deviceId, 3u);
  EXPECT_EQ(pub.ds.streamId, 7u);
  EXPECT_EQ(pub.correlationId, 42u);
}

TEST(MsptiLayout, GivenKernelRecordWrittenInPlaceThenItsBytesAreTheStructsWithZeroPadding) {
  static const char kType[] = "KERNEL_AIVEC";
  static const char kName[] = "add";
  rec::KernelRecord k;
  k.start = 0x0102030405060708;
  k.end = 0x1112131415161718;
  k.device_id = 3;
  k.stream_id = 7;
  k.correlation_id = 42;
  k.type = kType;
  k.name = kName;
  std::vector<uint8_t> expected = Bytes(k);
  std::memset(expected.data() + sizeof(k) - 4, 0, 4);  // the tail padding, whatever the stack held
  std::vector<uint8_t> buffer(sizeof(k) + 8, 0xAA);
  rec::WriteKernelRecord(buffer.data(), k.start, k.end, 3, 7, 42, kType, kName);
  EXPECT_EQ(std::vector<uint8_t>(buffer.begin(), buffer.begin() + sizeof(k)), expected);
  EXPECT_EQ(std::vector<uint8_t>(buffer.begin() + sizeof(k), buffer.end()), std::vector<uint8_t>(8, 0xAA));
  msptiActivityKernel pub;
  std::memcpy(&pub, buffer.data(), sizeof(pub));
  EXPECT_EQ(pub.kind, MSPTI_ACTIVITY_KIND_KERNEL);
  EXPECT_EQ(pub.correlationId, 42u);
  EXPECT_EQ(pub.type, kType);
  EXPECT_EQ(pub.name, kName);
}

TEST(MsptiLayout, GivenRuntimeRecordsThenPublicFieldsReadTheSameValues) {
  rec::MemcpyRecord m;
  m.copy_kind = MSPTI_ACTIVITY_MEMCPY_KIND_HTOD;
  m.bytes = 4096;
  m.start = 10;
  m.end = 20;
  m.device_id = 1;
  m.stream_id = 2;
  m.correlation_id = 9;
  m.is_async = 1;
  msptiActivityMemcpy pub;
  std::memcpy(&pub, &m, sizeof(pub));
  EXPECT_EQ(pub.kind, MSPTI_ACTIVITY_KIND_MEMCPY);
  EXPECT_EQ(pub.copyKind, MSPTI_ACTIVITY_MEMCPY_KIND_HTOD);
  EXPECT_EQ(pub.bytes, 4096u);
  EXPECT_EQ(pub.start, 10u);
  EXPECT_EQ(pub.end, 20u);
  EXPECT_EQ(pub.deviceId, 1u);
  EXPECT_EQ(pub.streamId, 2u);
  EXPECT_EQ(pub.correlationId, 9u);
  EXPECT_EQ(pub.isAsync, 1u);
  rec::MarkerRecord mk;
  mk.flag = MSPTI_ACTIVITY_FLAG_MARKER_START;
  mk.timestamp = 77;
  mk.id = 5;
  mk.object_id0 = 100;
  mk.object_id1 = 200;
  msptiActivityMarker pm;
  std::memcpy(&pm, &mk, sizeof(pm));
  EXPECT_EQ(pm.kind, MSPTI_ACTIVITY_KIND_MARKER);
  EXPECT_EQ(pm.flag, MSPTI_ACTIVITY_FLAG_MARKER_START);
  EXPECT_EQ(pm.timestamp, 77u);
  EXPECT_EQ(pm.id, 5u);
  EXPECT_EQ(pm.objectId.pt.processId, 100u);
  EXPECT_EQ(pm.objectId.pt.threadId, 200u);
}

}  // namespace
