// The newer MSPTI queries and settings (Ascend/mspti 2026): result
// strings, the version, record sizes, enabled kinds and callbacks, dropped
// records, the time base and its callback, attributes, callback names and
// domains, and OVERHEAD records around the client's buffer callbacks.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"
#include "conformance_util.h"
#include "mspti/mspti.h"
#include "mspti_test_util.h"
#include "prof_test_util.h"

namespace {

using aclsim_conformance::NoHostCostsConfig;
using aclsim_mspti_test::Client;
using aclsim_mspti_test::Delivered;
using aclsim_mspti_test::Record;

void MallocFree(int times) {
  for (int i = 0; i < times; ++i) {
    void* p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtFree(p));
  }
}

TEST(MsptiResultString, GivenEachCodeThenItsTextAndOthersAreRefused) {
  const char* str = nullptr;
  for (int code : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 999}) {
    str = nullptr;
    ASSERT_EQ(msptiGetResultString(static_cast<msptiResult>(code), &str), MSPTI_SUCCESS) << code;
    ASSERT_NE(str, nullptr);
    EXPECT_GT(std::strlen(str), 0u) << code;
  }
  ASSERT_EQ(msptiGetResultString(MSPTI_SUCCESS, &str), MSPTI_SUCCESS);
  EXPECT_STREQ(str, "Success.");
  ASSERT_EQ(msptiGetResultString(MSPTI_ERROR_INVALID_KIND, &str), MSPTI_SUCCESS);
  EXPECT_STREQ(str, "The activity kind is not valid.");
  const char* untouched = "x";
  for (int code : {10, -1, 998, 0x7fffffff}) {
    str = untouched;
    EXPECT_EQ(msptiGetResultString(static_cast<msptiResult>(code), &str), MSPTI_ERROR_INVALID_PARAMETER) << code;
    EXPECT_EQ(str, untouched);
  }
  EXPECT_EQ(msptiGetResultString(MSPTI_SUCCESS, nullptr), MSPTI_ERROR_INVALID_PARAMETER);
}

TEST(MsptiVersionAndSizes, GivenTheQueriesThenTheToolkitVersionAndEachPublicStructSize) {
  uint32_t version = 0;
  ASSERT_EQ(msptiGetVersion(&version), MSPTI_SUCCESS);
  EXPECT_EQ(version, 90100u);  // the toolkit's CANN version, 9.1.0
  EXPECT_EQ(msptiGetVersion(nullptr), MSPTI_ERROR_INVALID_PARAMETER);
  const std::vector<std::pair<msptiActivityKind, size_t>> sizes = {
      {MSPTI_ACTIVITY_KIND_MARKER, sizeof(msptiActivityMarker)},
      {MSPTI_ACTIVITY_KIND_KERNEL, sizeof(msptiActivityKernel)},
      {MSPTI_ACTIVITY_KIND_API, sizeof(msptiActivityApi)},
      {MSPTI_ACTIVITY_KIND_HCCL, sizeof(msptiActivityHccl)},
      {MSPTI_ACTIVITY_KIND_MEMORY, sizeof(msptiActivityMemory)},
      {MSPTI_ACTIVITY_KIND_MEMSET, sizeof(msptiActivityMemset)},
      {MSPTI_ACTIVITY_KIND_MEMCPY, sizeof(msptiActivityMemcpy)},
      {MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION, sizeof(msptiActivityExternalCorrelation)},
      {MSPTI_ACTIVITY_KIND_COMMUNICATION, sizeof(msptiActivityCommunication)},
      {MSPTI_ACTIVITY_KIND_ACL_API, sizeof(msptiActivityApi)},
      {MSPTI_ACTIVITY_KIND_NODE_API, sizeof(msptiActivityApi)},
      {MSPTI_ACTIVITY_KIND_RUNTIME_API, sizeof(msptiActivityApi)},
      {MSPTI_ACTIVITY_KIND_OVERHEAD, sizeof(msptiActivityOverhead)},
  };
  for (const auto& [kind, expected] : sizes) {
    size_t size = 0;
    ASSERT_EQ(msptiActivityGetStructSize(kind, 0, &size), MSPTI_SUCCESS) << kind;
    EXPECT_EQ(size, expected) << kind;
  }
  EXPECT_EQ(sizeof(msptiActivityOverhead), 56u);
  size_t size = 0;
  EXPECT_EQ(msptiActivityGetStructSize(MSPTI_ACTIVITY_KIND_INVALID, 0, &size), MSPTI_ERROR_INVALID_KIND);
  EXPECT_EQ(msptiActivityGetStructSize(MSPTI_ACTIVITY_KIND_COUNT, 0, &size), MSPTI_ERROR_INVALID_KIND);
  EXPECT_EQ(msptiActivityGetStructSize(MSPTI_ACTIVITY_KIND_KERNEL, 0, nullptr), MSPTI_ERROR_INVALID_PARAMETER);
}

TEST(MsptiEnabledKinds, GivenThreeKindsOnThenTheirCountAndTheFirstOnesInOrder) {
  for (msptiActivityKind k : {MSPTI_ACTIVITY_KIND_OVERHEAD, MSPTI_ACTIVITY_KIND_KERNEL, MSPTI_ACTIVITY_KIND_MARKER}) {
    ASSERT_EQ(msptiActivityEnable(k), MSPTI_SUCCESS);
  }
  uint32_t count = 0;
  ASSERT_EQ(msptiActivityGetEnabledKinds(nullptr, nullptr, nullptr, &count), MSPTI_SUCCESS);
  EXPECT_EQ(count, 3u);
  std::vector<msptiActivityKind> buffer(3, MSPTI_ACTIVITY_KIND_INVALID);
  uint32_t size = 2;
  ASSERT_EQ(msptiActivityGetEnabledKinds(nullptr, buffer.data(), &size, &count), MSPTI_SUCCESS);
  EXPECT_EQ(count, 3u);
  EXPECT_EQ(size, 2u);
  EXPECT_EQ(buffer, (std::vector<msptiActivityKind>{MSPTI_ACTIVITY_KIND_MARKER, MSPTI_ACTIVITY_KIND_KERNEL,
                                                    MSPTI_ACTIVITY_KIND_INVALID}));
  EXPECT_EQ(msptiActivityGetEnabledKinds(nullptr, buffer.data(), nullptr, &count), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityGetEnabledKinds(nullptr, buffer.data(), &size, nullptr), MSPTI_ERROR_INVALID_PARAMETER);
}

class MsptiRuntime : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(aclsim_mspti_test::RegisterClient(), MSPTI_SUCCESS);
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
    (void)msptiActivityFlushAll(1);
  }
};

TEST_F(MsptiRuntime, GivenRecordsWithoutBuffersThenTheDroppedCountIsReadAndReset) {
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  Client::Get().SetBuffers(0);
  MallocFree(3);  // six calls
  size_t dropped = 0;
  ASSERT_EQ(msptiActivityGetNumDroppedRecords(nullptr, 0, &dropped), MSPTI_SUCCESS);
  EXPECT_EQ(dropped, 6u);
  ASSERT_EQ(msptiActivityGetNumDroppedRecords(nullptr, 0, &dropped), MSPTI_SUCCESS);
  EXPECT_EQ(dropped, 0u);
  MallocFree(1);
  ASSERT_EQ(msptiActivityGetNumDroppedRecords(nullptr, 7, &dropped), MSPTI_SUCCESS);
  EXPECT_EQ(dropped, 2u);
  aclsimMsptiStats stats{};
  stats.structSize = sizeof(stats);
  ASSERT_ACL_OK(aclsimGetMsptiStats(&stats));
  EXPECT_EQ(stats.dropped, 8u);  // the cumulative count is not reset
  EXPECT_EQ(msptiActivityGetNumDroppedRecords(nullptr, 0, nullptr), MSPTI_ERROR_INVALID_PARAMETER);
}

TEST_F(MsptiRuntime, GivenNoCallbackThenTimestampsFollowTheRecordsTimeBase) {
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  uint64_t before = 0;
  ASSERT_EQ(msptiGetTimestamp(&before), MSPTI_SUCCESS);
  MallocFree(1);
  uint64_t after = 0;
  ASSERT_EQ(msptiGetTimestamp(&after), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const std::vector<Record> records = Client::Get().TakeRecords();
  ASSERT_EQ(records.size(), 2u);
  const auto malloc_record = records[0].As<msptiActivityApi>();
  const auto free_record = records[1].As<msptiActivityApi>();
  EXPECT_LE(before, malloc_record.start);
  EXPECT_LE(free_record.end, after);
  EXPECT_EQ(msptiGetTimestamp(nullptr), MSPTI_ERROR_INVALID_PARAMETER);
}

uint64_t FixedClock() { return 7000000000000000000ull; }

TEST_F(MsptiRuntime, GivenATimestampCallbackThenRecordsAndTimestampsAreOnItsClock) {
  EXPECT_EQ(msptiActivityRegisterTimestampCallback(nullptr), MSPTI_ERROR_INVALID_PARAMETER);
  msptiTimestampCallbackFunc fn = &FixedClock;
  size_t size = sizeof(fn);
  ASSERT_EQ(msptiActivitySetAttribute(MSPTI_ACTIVITY_ATTR_TIMESTAMP_CALLBACK, &size, &fn), MSPTI_SUCCESS);
  msptiTimestampCallbackFunc got = nullptr;
  size = sizeof(got) + 8;
  ASSERT_EQ(msptiActivityGetAttribute(MSPTI_ACTIVITY_ATTR_TIMESTAMP_CALLBACK, &size, &got), MSPTI_SUCCESS);
  EXPECT_EQ(got, &FixedClock);
  EXPECT_EQ(size, sizeof(got));
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  uint64_t now = 0;
  ASSERT_EQ(msptiGetTimestamp(&now), MSPTI_SUCCESS);
  EXPECT_EQ(now, FixedClock());
  MallocFree(1);
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const std::vector<Record> records = Client::Get().TakeRecords();
  ASSERT_EQ(records.size(), 2u);
  for (const Record& r : records) {
    const auto a = r.As<msptiActivityApi>();
    EXPECT_EQ(a.end, FixedClock()) << a.name;  // each call ends when the callback says it is
    EXPECT_LE(a.start, a.end) << a.name;
  }
}

TEST_F(MsptiRuntime, GivenATimestampCallbackThenKernelsAreOnItsClockInTheirOrder) {
  ASSERT_EQ(msptiActivityRegisterTimestampCallback(&FixedClock), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
  {
    aclsim_conformance::LoadedModel model("sample_mlp.json");
    ASSERT_ACL_OK(model.Execute());
  }
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const std::vector<Record> records = Client::Get().TakeRecords();
  ASSERT_EQ(records.size(), 9u);
  uint64_t last_end = 0;
  for (const Record& r : records) {
    const auto k = r.As<msptiActivityKernel>();
    // Device times moved by the callback's reading minus the host clock's
    // at delivery: within a millisecond of the callback's time.
    EXPECT_LT(k.start > FixedClock() ? k.start - FixedClock() : FixedClock() - k.start, 1000000u) << k.name;
    EXPECT_LT(k.start, k.end) << k.name;
    EXPECT_GE(k.start, last_end) << k.name;
    last_end = k.end;
  }
}

TEST(MsptiAttributes, GivenChannelBufferSizesThenTheRangeIsEnforcedAndTheValueKept) {
  uint32_t bytes = 0;
  size_t size = sizeof(bytes);
  ASSERT_EQ(msptiActivityGetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, &size, &bytes), MSPTI_SUCCESS);
  EXPECT_EQ(bytes, 2u << 20);
  bytes = 4u << 20;
  ASSERT_EQ(msptiActivitySetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, &size, &bytes), MSPTI_SUCCESS);
  for (uint32_t bad : {1u << 20, (10u << 20) + 1}) {
    EXPECT_EQ(msptiActivitySetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, &size, &bad),
              MSPTI_ERROR_INVALID_PARAMETER);
  }
  size_t small = 2;
  EXPECT_EQ(msptiActivitySetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, &small, &bytes),
            MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT);
  EXPECT_EQ(msptiActivityGetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, &small, &bytes),
            MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT);
  EXPECT_EQ(msptiActivitySetAttribute(MSPTI_ACTIVITY_ATTR_FORCE_INT, &size, &bytes), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivitySetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, nullptr, &bytes),
            MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityGetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, &size, nullptr),
            MSPTI_ERROR_INVALID_PARAMETER);
  bytes = 0;
  size = 16;
  ASSERT_EQ(msptiActivityGetAttribute(MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE, &size, &bytes), MSPTI_SUCCESS);
  EXPECT_EQ(bytes, 4u << 20);
  EXPECT_EQ(size, sizeof(uint32_t));
}

TEST(MsptiCallbackQueries, GivenNamesAndDomainsThenCannsTables) {
  const char* name = nullptr;
  ASSERT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_MALLOC, &name), MSPTI_SUCCESS);
  EXPECT_STREQ(name, "aclrtMalloc");
  ASSERT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_MEM_SET_PID_TO_SHAREABLE_HANDLE, &name),
            MSPTI_SUCCESS);
  EXPECT_STREQ(name, "aclrtMemSetPidToShareableHandle");
  // Spelled as libmspti spells them (Ascend/mspti's callback table), not as
  // the functions are; a callback's functionName is the function's own.
  ASSERT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_MEM_SET, &name), MSPTI_SUCCESS);
  EXPECT_STREQ(name, "aclrtMemSet");
  ASSERT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_MEM_SET_ASYNC, &name), MSPTI_SUCCESS);
  EXPECT_STREQ(name, "aclrtMemSetAsync");
  ASSERT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_HCCL, MSPTI_CBID_HCCL_SENDRECV, &name), MSPTI_SUCCESS);
  EXPECT_STREQ(name, "HcclBatchSendRecv");
  EXPECT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, 0, &name), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_SIZE, &name),
            MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_INVALID, 1, &name), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, 1, nullptr), MSPTI_ERROR_INVALID_PARAMETER);
  size_t count = 0;
  msptiDomainTable table = nullptr;
  ASSERT_EQ(msptiSupportedDomains(&count, &table), MSPTI_SUCCESS);
  ASSERT_EQ(count, 2u);
  EXPECT_EQ(table[0], MSPTI_CB_DOMAIN_RUNTIME);
  EXPECT_EQ(table[1], MSPTI_CB_DOMAIN_HCCL);
  EXPECT_EQ(msptiSupportedDomains(nullptr, &table), MSPTI_ERROR_INVALID_PARAMETER);
}

TEST(MsptiCallbackQueries, GivenASubscriberThenStatesEnabledIdsAndTheSessionFlag) {
  uint8_t running = 9;
  ASSERT_EQ(msptiIsTracingSessionRunning(&running), MSPTI_SUCCESS);
  EXPECT_EQ(running, 0);
  uint32_t state = 9;
  EXPECT_EQ(msptiGetCallbackState(&state, nullptr, MSPTI_CB_DOMAIN_RUNTIME, 1), MSPTI_ERROR_NOT_INITIALIZED);
  EXPECT_EQ(msptiEnableAllDomains(1, nullptr), MSPTI_ERROR_NOT_INITIALIZED);
  msptiSubscriberHandle sub = nullptr;
  ASSERT_EQ(msptiSubscribe(&sub, nullptr, nullptr), MSPTI_SUCCESS);
  ASSERT_EQ(msptiIsTracingSessionRunning(&running), MSPTI_SUCCESS);
  EXPECT_EQ(running, 1);
  ASSERT_EQ(msptiEnableAllDomains(1, sub), MSPTI_SUCCESS);
  ASSERT_EQ(msptiEnableCallback(0, sub, MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_DEVICE_RESET), MSPTI_SUCCESS);
  ASSERT_EQ(msptiGetCallbackState(&state, sub, MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_DEVICE_RESET),
            MSPTI_SUCCESS);
  EXPECT_EQ(state, 0u);
  ASSERT_EQ(msptiGetCallbackState(&state, sub, MSPTI_CB_DOMAIN_HCCL, MSPTI_CBID_HCCL_BARRIER), MSPTI_SUCCESS);
  EXPECT_EQ(state, 1u);
  uint32_t count = 0;
  ASSERT_EQ(msptiGetEnabledCallbacks(sub, MSPTI_CB_DOMAIN_RUNTIME, nullptr, nullptr, &count), MSPTI_SUCCESS);
  EXPECT_EQ(count, 35u);  // 1..36 but DEVICE_RESET
  std::vector<msptiCallbackId> ids(3, 0);
  uint32_t size = 3;
  ASSERT_EQ(msptiGetEnabledCallbacks(sub, MSPTI_CB_DOMAIN_RUNTIME, ids.data(), &size, &count), MSPTI_SUCCESS);
  EXPECT_EQ(ids, (std::vector<msptiCallbackId>{1, 3, 4}));
  ASSERT_EQ(msptiGetEnabledCallbacks(sub, MSPTI_CB_DOMAIN_HCCL, nullptr, nullptr, &count), MSPTI_SUCCESS);
  EXPECT_EQ(count, 12u);
  EXPECT_EQ(msptiGetEnabledCallbacks(sub, MSPTI_CB_DOMAIN_RUNTIME, ids.data(), nullptr, &count),
            MSPTI_ERROR_INVALID_PARAMETER);
  const auto other = reinterpret_cast<msptiSubscriberHandle>(&ids);
  EXPECT_EQ(msptiGetCallbackState(&state, other, MSPTI_CB_DOMAIN_RUNTIME, 1), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiGetCallbackState(nullptr, sub, MSPTI_CB_DOMAIN_RUNTIME, 1), MSPTI_ERROR_INVALID_PARAMETER);
  ASSERT_EQ(msptiUnsubscribe(sub), MSPTI_SUCCESS);
  ASSERT_EQ(msptiIsTracingSessionRunning(&running), MSPTI_SUCCESS);
  EXPECT_EQ(running, 0);
  EXPECT_EQ(msptiIsTracingSessionRunning(nullptr), MSPTI_ERROR_INVALID_PARAMETER);
}

TEST_F(MsptiRuntime, GivenOverheadOnThenEachBufferOpensWithItsRequestAndFlushesAreRecorded) {
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_OVERHEAD), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  Client::Get().SetBuffers(sizeof(msptiActivityOverhead) + 2 * sizeof(msptiActivityApi));
  MallocFree(3);  // six API records: three buffers
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);  // hands back the flush records of the first
  const std::vector<Delivered> buffers = Client::Get().Take();
  ASSERT_GE(buffers.size(), 4u);
  size_t api = 0;
  size_t flushes = 0;
  for (const Delivered& d : buffers) {
    ASSERT_FALSE(d.records.empty());
    ASSERT_EQ(d.records[0].kind, MSPTI_ACTIVITY_KIND_OVERHEAD);
    const auto request = d.records[0].As<msptiActivityOverhead>();
    EXPECT_EQ(request.overheadKind, MSPTI_ACTIVITY_OVERHEAD_ACTIVITY_BUFFER_REQUEST);
    EXPECT_EQ(request.objectKind, MSPTI_ACTIVITY_OBJECT_THREAD);
    EXPECT_EQ(request.objectId.pt.processId, static_cast<uint32_t>(::getpid()));
    EXPECT_LE(request.start, request.end);
    for (size_t i = 1; i < d.records.size(); ++i) {
      if (d.records[i].kind == MSPTI_ACTIVITY_KIND_ACL_API) {
        ++api;
        continue;
      }
      ASSERT_EQ(d.records[i].kind, MSPTI_ACTIVITY_KIND_OVERHEAD);
      EXPECT_EQ(d.records[i].As<msptiActivityOverhead>().overheadKind, MSPTI_ACTIVITY_OVERHEAD_ACTIVITY_BUFFER_FLUSH);
      ++flushes;
    }
  }
  EXPECT_EQ(api, 6u);
  EXPECT_GE(flushes, 3u);  // one per API buffer handed back
}

}  // namespace
