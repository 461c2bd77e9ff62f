// MSPTI's records of a timed host call (runtime/prof/mspti_calls.h): the API
// records a call's family is written under, only for the kinds that are on,
// and the memory record beside them, all with the call's times and
// correlation id.
#include "runtime/prof/mspti_calls.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "runtime/prof/mspti_collector.h"
#include "runtime/prof/mspti_records.h"

namespace aclsim::prof::mspti {
namespace {

// A client with one 4 KiB buffer per request, keeping the records of each
// buffer handed back as raw bytes.
std::mutex g_mu;
std::vector<std::vector<uint8_t>> g_records;

void Request(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, 4096));
  *size = 4096;
  *max_records = 0;
}

void Complete(uint8_t* buffer, size_t, size_t valid) {
  const uint8_t* record = nullptr;
  std::lock_guard<std::mutex> lock(g_mu);
  while (NextRecord(buffer, valid, &record) == kSuccess) {
    uint32_t kind = 0;
    std::memcpy(&kind, record, sizeof(kind));
    const size_t size = RecordSize(kind);
    g_records.emplace_back(record, record + size);
  }
  std::free(buffer);
}

class MsptiRecordCall : public ::testing::Test {
 protected:
  void SetUp() override {
    std::lock_guard<std::mutex> lock(g_mu);
    g_records.clear();
  }
  static std::vector<std::vector<uint8_t>> Records() {
    std::lock_guard<std::mutex> lock(g_mu);
    return g_records;
  }
  template <typename R>
  static R As(const std::vector<uint8_t>& bytes) {
    R r;
    EXPECT_EQ(bytes.size(), sizeof(R));
    std::memcpy(&r, bytes.data(), sizeof(R));
    return r;
  }
  static TimedCall Call(CallFamily family) {
    TimedCall call;
    call.name = kName;
    call.family = family;
    call.correlation_id = 41;
    call.start_ns = 1000;
    call.end_ns = 1500;
    call.thread_id = 7;
    return call;
  }
  static constexpr char kName[] = "aclrtMemset";
};

TEST_F(MsptiRecordCall, GivenARuntimeCallThenAclAndRuntimeApiRecordsAndItsMemsetRecord) {
  Collector c;
  for (uint32_t kind : {kApi, kAclApi, kNodeApi, kRuntimeApi, kMemset}) c.SetEnabled(kind, true);
  c.RegisterCallbacks(&Request, &Complete);
  MemoryActivity memset;
  memset.kind = kMemset;
  memset.value = 0x5A;
  memset.bytes = 4096;
  memset.device_id = 2;
  memset.stream_id = 3;
  memset.is_async = true;
  RecordCall(c, Call(CallFamily::kRuntime), memset);
  c.FlushAll();
  const auto records = Records();
  ASSERT_EQ(records.size(), 3u);
  for (size_t i = 0; i < 2; ++i) {
    const auto api = As<ApiRecord>(records[i]);
    EXPECT_EQ(api.kind, i == 0 ? kAclApi : kRuntimeApi);
    EXPECT_EQ(api.start, 1000u);
    EXPECT_EQ(api.end, 1500u);
    EXPECT_EQ(api.process_id, static_cast<uint32_t>(::getpid()));
    EXPECT_EQ(api.thread_id, 7u);
    EXPECT_EQ(api.correlation_id, 41u);
    EXPECT_EQ(api.name, kName);
  }
  const auto m = As<MemsetRecord>(records[2]);
  EXPECT_EQ(m.kind, kMemset);
  EXPECT_EQ(m.value, 0x5Au);
  EXPECT_EQ(m.bytes, 4096u);
  EXPECT_EQ(m.start, 1000u);
  EXPECT_EQ(m.end, 1500u);
  EXPECT_EQ(m.device_id, 2u);
  EXPECT_EQ(m.stream_id, 3u);
  EXPECT_EQ(m.correlation_id, 41u);
  EXPECT_EQ(m.is_async, 1u);
}

TEST_F(MsptiRecordCall, GivenAnOperatorLaunchThenApiAndNodeApiRecordsOnly) {
  Collector c;
  for (uint32_t kind : {kApi, kAclApi, kNodeApi, kRuntimeApi}) c.SetEnabled(kind, true);
  c.RegisterCallbacks(&Request, &Complete);
  RecordCall(c, Call(CallFamily::kNode), MemoryActivity{});
  c.FlushAll();
  const auto records = Records();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(As<ApiRecord>(records[0]).kind, kApi);
  EXPECT_EQ(As<ApiRecord>(records[1]).kind, kNodeApi);
}

TEST_F(MsptiRecordCall, GivenOnlyAclApiOnThenAnAclCallWritesOneRecordAndNoMemoryRecord) {
  Collector c;
  c.SetEnabled(kAclApi, true);
  c.RegisterCallbacks(&Request, &Complete);
  MemoryActivity malloc_activity;
  malloc_activity.kind = kMemory;  // MEMORY is off: not written
  malloc_activity.bytes = 64;
  RecordCall(c, Call(CallFamily::kAcl), malloc_activity);
  c.FlushAll();
  const auto records = Records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(As<ApiRecord>(records[0]).kind, kAclApi);
  EXPECT_EQ(c.counters().records, 1u);
}

}  // namespace
}  // namespace aclsim::prof::mspti
