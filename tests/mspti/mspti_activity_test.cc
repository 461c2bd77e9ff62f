// The MSPTI activity API through libmspti.so, as a client uses it: record
// walking (good and corrupted buffers), switches, external correlation
// stacks, buffer hand-back order, drops and their counter, callbacks and
// marker domains. Each TEST runs in its own process (MSPTI is per process).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"
#include "conformance_util.h"
#include "mspti/mspti.h"
#include "mspti_test_util.h"
#include "runtime/prof/mspti_records.h"

namespace {

namespace rec = aclsim::prof::mspti;
using aclsim_conformance::NoHostCostsConfig;
using aclsim_mspti_test::Client;
using aclsim_mspti_test::Record;
using aclsim_mspti_test::RegisterClient;

template <typename T>
void Put(std::vector<uint8_t>* buf, const T& r) {
  const size_t at = buf->size();
  buf->resize(at + sizeof(T));
  std::memcpy(buf->data() + at, &r, sizeof(T));
}

TEST(MsptiGetNextRecord, GivenThreeRecordsThenEachInTurnThenMaxLimit) {
  std::vector<uint8_t> buf;
  rec::KernelRecord k;
  k.correlation_id = 1;
  Put(&buf, k);
  rec::ExternalCorrelationRecord e;
  e.external_id = 5;
  Put(&buf, e);
  rec::ApiRecord a;
  a.kind = rec::kAclApi;
  Put(&buf, a);
  ASSERT_EQ(buf.size(), 56u + 24 + 48);
  msptiActivity* r = nullptr;
  ASSERT_EQ(msptiActivityGetNextRecord(buf.data(), buf.size(), &r), MSPTI_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uint8_t*>(r), buf.data());
  EXPECT_EQ(r->kind, MSPTI_ACTIVITY_KIND_KERNEL);
  ASSERT_EQ(msptiActivityGetNextRecord(buf.data(), buf.size(), &r), MSPTI_SUCCESS);
  EXPECT_EQ(reinterpret_cast<uint8_t*>(r), buf.data() + 56);
  EXPECT_EQ(r->kind, MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION);
  ASSERT_EQ(msptiActivityGetNextRecord(buf.data(), buf.size(), &r), MSPTI_SUCCESS);
  EXPECT_EQ(r->kind, MSPTI_ACTIVITY_KIND_ACL_API);
  EXPECT_EQ(msptiActivityGetNextRecord(buf.data(), buf.size(), &r), MSPTI_ERROR_MAX_LIMIT_REACHED);
  // The walk is stateless: starting again from NULL gives the first record.
  r = nullptr;
  ASSERT_EQ(msptiActivityGetNextRecord(buf.data(), buf.size(), &r), MSPTI_SUCCESS);
  EXPECT_EQ(r->kind, MSPTI_ACTIVITY_KIND_KERNEL);
  r = nullptr;
  EXPECT_EQ(msptiActivityGetNextRecord(buf.data(), 0, &r), MSPTI_ERROR_MAX_LIMIT_REACHED);
}

TEST(MsptiGetNextRecord, GivenBadArgumentsOrCorruptedBufferThenErrorsAndNothingPastValidIsRead) {
  std::vector<uint8_t> buf;
  Put(&buf, rec::KernelRecord());
  msptiActivity* r = nullptr;
  EXPECT_EQ(msptiActivityGetNextRecord(nullptr, 56, &r), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityGetNextRecord(buf.data(), 56, nullptr), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityGetNextRecord(buf.data(), 55, &r), MSPTI_ERROR_INNER);  // crosses validSize
  EXPECT_EQ(r, nullptr);
  uint32_t bad = 14;
  std::memcpy(buf.data(), &bad, 4);
  EXPECT_EQ(msptiActivityGetNextRecord(buf.data(), 56, &r), MSPTI_ERROR_INVALID_KIND);  // unknown kind
  bad = 0;
  std::memcpy(buf.data(), &bad, 4);
  EXPECT_EQ(msptiActivityGetNextRecord(buf.data(), 56, &r), MSPTI_ERROR_INVALID_KIND);
  EXPECT_EQ(r, nullptr);
  // A cursor outside the buffer.
  std::vector<uint8_t> other(64);
  r = reinterpret_cast<msptiActivity*>(other.data());
  EXPECT_EQ(msptiActivityGetNextRecord(buf.data(), 56, &r), MSPTI_ERROR_INNER);
}

TEST(MsptiSwitches, GivenKindsThenOnlyOneToThirteenAreAccepted) {
  EXPECT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_INVALID), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_COUNT), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityDisable(static_cast<msptiActivityKind>(-1)), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_FALSE(msptiActivityIsEnabled(MSPTI_ACTIVITY_KIND_KERNEL));
  EXPECT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
  EXPECT_TRUE(msptiActivityIsEnabled(MSPTI_ACTIVITY_KIND_KERNEL));
  // HCCL and COMMUNICATION enable cleanly (there are no collectives).
  EXPECT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_HCCL), MSPTI_SUCCESS);
  EXPECT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_COMMUNICATION), MSPTI_SUCCESS);
  EXPECT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_OVERHEAD), MSPTI_SUCCESS);
  EXPECT_TRUE(msptiActivityIsEnabled(MSPTI_ACTIVITY_KIND_OVERHEAD));
  EXPECT_EQ(msptiActivityDisable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
  EXPECT_FALSE(msptiActivityIsEnabled(MSPTI_ACTIVITY_KIND_KERNEL));
  EXPECT_FALSE(msptiActivityIsEnabled(static_cast<msptiActivityKind>(99)));
  EXPECT_EQ(msptiActivityRegisterCallbacks(nullptr, &Client::Complete), MSPTI_ERROR_INVALID_PARAMETER);
}

TEST(MsptiExternalCorrelation, GivenPushesThenPopsReturnThemLastFirstPerKind) {
  uint64_t id = 0;
  EXPECT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &id),
            MSPTI_ERROR_QUEUE_EMPTY);
  EXPECT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_INVALID, 1),
            MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_SIZE, 1),
            MSPTI_ERROR_INVALID_PARAMETER);
  ASSERT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, 10), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, 11), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM1, 20), MSPTI_SUCCESS);
  EXPECT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &id), MSPTI_SUCCESS);
  EXPECT_EQ(id, 11u);
  EXPECT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, nullptr), MSPTI_SUCCESS);
  EXPECT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &id),
            MSPTI_ERROR_QUEUE_EMPTY);
  EXPECT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM1, &id), MSPTI_SUCCESS);
  EXPECT_EQ(id, 20u);
}

// Host calls with ACL_API on, no host costs: every aclrtMalloc/aclrtFree
// gives one ACL_API and one RUNTIME_API record.
class MsptiHost : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_EQ(RegisterClient(), MSPTI_SUCCESS);
  }
  void TearDown() override {
    (void)msptiActivityFlushAll(1);
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  static void MallocFree(int n) {
    for (int i = 0; i < n; ++i) {
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
      ASSERT_ACL_OK(aclrtFree(p));
    }
  }
  static aclsimMsptiStats Stats() {
    aclsimMsptiStats s{};
    EXPECT_ACL_OK(aclsimGetMsptiStats(&s));
    return s;
  }
};

TEST_F(MsptiHost, GivenExternalIdPushedThenItsRecordPrecedesEachCallRecordWithTheSameCorrelation) {
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityPushExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, 7), MSPTI_SUCCESS);
  MallocFree(1);
  uint64_t popped = 0;
  ASSERT_EQ(msptiActivityPopExternalCorrelationId(MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &popped), MSPTI_SUCCESS);
  MallocFree(1);  // nothing pushed: no external record
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  std::vector<Record> records = Client::Get().TakeRecords();
  ASSERT_EQ(records.size(), 6u);
  const auto ext = records[0].As<msptiActivityExternalCorrelation>();
  const auto api = records[1].As<msptiActivityApi>();
  EXPECT_EQ(ext.kind, MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION);
  EXPECT_EQ(ext.externalKind, MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0);
  EXPECT_EQ(ext.externalId, 7u);
  EXPECT_EQ(api.kind, MSPTI_ACTIVITY_KIND_ACL_API);
  EXPECT_STREQ(api.name, "aclrtMalloc");
  EXPECT_EQ(ext.correlationId, api.correlationId);
  EXPECT_EQ(records[2].kind, MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION);
  EXPECT_STREQ(records[3].As<msptiActivityApi>().name, "aclrtFree");
  EXPECT_EQ(records[3].As<msptiActivityApi>().correlationId, api.correlationId + 1);
  EXPECT_EQ(records[4].kind, MSPTI_ACTIVITY_KIND_ACL_API);
  EXPECT_EQ(records[5].kind, MSPTI_ACTIVITY_KIND_ACL_API);
}

TEST_F(MsptiHost, GivenSmallBuffersThenTheyAreHandedBackFullAndInOrder) {
  Client::Get().SetBuffers(2 * sizeof(msptiActivityApi) + 8);  // two API records fit, not three
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  MallocFree(5);  // 10 records
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const auto buffers = Client::Get().Take();
  ASSERT_EQ(buffers.size(), 5u);
  uint64_t last = 0;
  for (const auto& b : buffers) {
    EXPECT_EQ(b.valid, 2 * sizeof(msptiActivityApi));
    EXPECT_EQ(b.walk_end, MSPTI_ERROR_MAX_LIMIT_REACHED);
    ASSERT_EQ(b.records.size(), 2u);
    for (const Record& r : b.records) {
      const uint64_t id = r.As<msptiActivityApi>().correlationId;
      EXPECT_GT(id, last);  // in the order the calls were made
      last = id;
    }
  }
  EXPECT_EQ(Stats().dropped, 0u);
  EXPECT_EQ(Stats().records, 10u);
  EXPECT_EQ(Stats().buffersCompleted, 5u);
}

TEST_F(MsptiHost, GivenMaxNumRecordsThenEachBufferHoldsAtMostThat) {
  Client::Get().SetBuffers(1 << 16, 3);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  MallocFree(4);  // 8 records: 3 + 3 + 2
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const auto buffers = Client::Get().Take();
  ASSERT_EQ(buffers.size(), 3u);
  EXPECT_EQ(buffers[0].records.size(), 3u);
  EXPECT_EQ(buffers[1].records.size(), 3u);
  EXPECT_EQ(buffers[2].records.size(), 2u);
}

TEST_F(MsptiHost, GivenNoBufferThenRecordsAreDroppedAndCountedAndLaterOnesKept) {
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_ACL_API), MSPTI_SUCCESS);
  MallocFree(1);  // 2 records kept
  Client::Get().SetBuffers(0);
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  MallocFree(2);  // 4 records: no buffer
  EXPECT_EQ(Stats().dropped, 4u);
  Client::Get().SetBuffers(16);  // smaller than one record: handed back empty, the record dropped
  MallocFree(1);
  EXPECT_EQ(Stats().dropped, 6u);
  Client::Get().SetBuffers(1 << 16);
  MallocFree(1);
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const auto buffers = Client::Get().Take();
  size_t records = 0;
  for (const auto& b : buffers) records += b.records.size();
  EXPECT_EQ(records, 4u);  // 2 before, 2 after: none of the dropped ones
  EXPECT_EQ(Stats().records, 4u);
  EXPECT_EQ(Stats().dropped, 6u);
}

// The callback domain sample: the subscriber hears each runtime call's
// entry and exit, with its name and correlation id.
std::vector<std::string> g_calls;
void OnCallback(void* userdata, msptiCallbackDomain domain, msptiCallbackId cbid, const msptiCallbackData* data) {
  EXPECT_EQ(userdata, &g_calls);
  EXPECT_EQ(domain, MSPTI_CB_DOMAIN_RUNTIME);
  g_calls.push_back(std::string(data->functionName) + (data->callbackSite == MSPTI_API_ENTER ? " enter" : " exit") +
                    " " + std::to_string(cbid));
  EXPECT_NE(data->correlationId, 0u);
}

TEST_F(MsptiHost, GivenRuntimeDomainEnabledThenEnterAndExitOfEachCall) {
  msptiSubscriberHandle sub = nullptr;
  EXPECT_EQ(msptiEnableDomain(1, sub, MSPTI_CB_DOMAIN_RUNTIME), MSPTI_ERROR_NOT_INITIALIZED);  // no subscriber yet
  ASSERT_EQ(msptiSubscribe(&sub, &OnCallback, &g_calls), MSPTI_SUCCESS);
  msptiSubscriberHandle second = nullptr;
  EXPECT_EQ(msptiSubscribe(&second, &OnCallback, nullptr), MSPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED);
  EXPECT_EQ(msptiSubscribe(nullptr, &OnCallback, nullptr), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiEnableDomain(1, sub, MSPTI_CB_DOMAIN_INVALID), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiEnableCallback(1, sub, MSPTI_CB_DOMAIN_RUNTIME, 64), MSPTI_ERROR_INVALID_PARAMETER);
  ASSERT_EQ(msptiEnableDomain(1, sub, MSPTI_CB_DOMAIN_RUNTIME), MSPTI_SUCCESS);
  MallocFree(1);
  ASSERT_EQ(msptiEnableCallback(0, sub, MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_FREE), MSPTI_SUCCESS);
  MallocFree(1);
  EXPECT_EQ(msptiUnsubscribe(reinterpret_cast<msptiSubscriberHandle>(&second)), MSPTI_ERROR_INVALID_PARAMETER);
  ASSERT_EQ(msptiUnsubscribe(sub), MSPTI_SUCCESS);
  MallocFree(1);
  EXPECT_EQ(g_calls, (std::vector<std::string>{"aclrtMalloc enter 15", "aclrtMalloc exit 15", "aclrtFree enter 16",
                                               "aclrtFree exit 16", "aclrtMalloc enter 15", "aclrtMalloc exit 15"}));
}

// A callback's functionName is the function called; msptiGetCallbackName
// gives libmspti's spelling of the same id (aclrtMemSet).
TEST_F(MsptiHost, GivenMemsetCallbackThenFunctionNameIsTheFunctionsOwn) {
  msptiSubscriberHandle sub = nullptr;
  ASSERT_EQ(msptiSubscribe(&sub, &OnCallback, &g_calls), MSPTI_SUCCESS);
  ASSERT_EQ(msptiEnableCallback(1, sub, MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_MEM_SET), MSPTI_SUCCESS);
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemset(p, 64, 0, 64));
  ASSERT_ACL_OK(aclrtFree(p));
  ASSERT_EQ(msptiUnsubscribe(sub), MSPTI_SUCCESS);
  EXPECT_EQ(g_calls, (std::vector<std::string>{"aclrtMemset enter 27", "aclrtMemset exit 27"}));
  const char* name = nullptr;
  ASSERT_EQ(msptiGetCallbackName(MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_MEM_SET, &name), MSPTI_SUCCESS);
  EXPECT_STREQ(name, "aclrtMemSet");
}

// correlationData: a slot per call, the same at its entry and its exit,
// also for a call made from inside another call's callback.
std::vector<std::string> g_slots;
void OnSlot(void*, msptiCallbackDomain, msptiCallbackId cbid, const msptiCallbackData* data) {
  ASSERT_NE(data->correlationData, nullptr);
  if (data->callbackSite == MSPTI_API_ENTER) {
    static uint64_t mark = 0;
    g_slots.push_back("enter " + std::to_string(cbid) + " slot " + std::to_string(*data->correlationData));
    *data->correlationData = ++mark;
    static bool nested = false;
    if (cbid == MSPTI_CBID_RUNTIME_FREE && !nested) {  // calls from inside the callback, once
      nested = true;
      void* p = nullptr;
      EXPECT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
      EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    }
    return;
  }
  g_slots.push_back("exit " + std::to_string(cbid) + " slot " + std::to_string(*data->correlationData));
}

TEST_F(MsptiHost, GivenCallbacksThenEachCallKeepsItsCorrelationDataFromEntryToExit) {
  msptiSubscriberHandle sub = nullptr;
  ASSERT_EQ(msptiSubscribe(&sub, &OnSlot, nullptr), MSPTI_SUCCESS);
  ASSERT_EQ(msptiEnableCallback(1, sub, MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_MALLOC), MSPTI_SUCCESS);
  ASSERT_EQ(msptiEnableCallback(1, sub, MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CBID_RUNTIME_FREE), MSPTI_SUCCESS);
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtFree(p));
  ASSERT_EQ(msptiUnsubscribe(sub), MSPTI_SUCCESS);
  // The free's entry callback mallocs and frees; the outer free's slot
  // still holds its value at its exit.
  EXPECT_EQ(g_slots,
            (std::vector<std::string>{"enter 15 slot 0", "exit 15 slot 1", "enter 16 slot 0", "enter 15 slot 0",
                                      "exit 15 slot 3", "enter 16 slot 0", "exit 16 slot 4", "exit 16 slot 2"}));
}

TEST(MsptiMarkerDomain, GivenBadNamesThenInvalidParameter) {
  EXPECT_EQ(msptiActivityEnableMarkerDomain(nullptr), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityDisableMarkerDomain(std::string(255, 'd').c_str()), MSPTI_ERROR_INVALID_PARAMETER);
  EXPECT_EQ(msptiActivityDisableMarkerDomain(std::string(254, 'd').c_str()), MSPTI_SUCCESS);
  EXPECT_EQ(msptiActivityEnableMarkerDomain("never-created"), MSPTI_SUCCESS);
}

}  // namespace
