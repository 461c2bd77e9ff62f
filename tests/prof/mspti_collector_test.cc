// The MSPTI collector's batch writer (Collector::AppendEach): records built
// in place across buffer ends, candidates that are no record skipped,
// maxNumRecords honoured inside a batch, and a batch that finds no buffer
// counted as dropped, record by record.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "runtime/prof/mspti_collector.h"
#include "runtime/prof/mspti_records.h"

namespace aclsim::prof::mspti {
namespace {

// A client handing out buffers of g_size bytes (0: none) capped at
// g_max_records, keeping the correlation ids of each buffer handed back.
std::mutex g_mu;
size_t g_size = 0;
size_t g_max_records = 0;
std::vector<std::vector<uint64_t>> g_buffers;

void Request(uint8_t** buffer, size_t* size, size_t* max_records) {
  std::lock_guard<std::mutex> lock(g_mu);
  *buffer = g_size == 0 ? nullptr : static_cast<uint8_t*>(std::aligned_alloc(8, g_size));
  *size = g_size;
  *max_records = g_max_records;
}

void Complete(uint8_t* buffer, size_t, size_t valid) {
  std::vector<uint64_t> ids;
  const uint8_t* record = nullptr;
  while (NextRecord(buffer, valid, &record) == kSuccess) {
    ExternalCorrelationRecord r;
    std::memcpy(&r, record, sizeof(r));
    ids.push_back(r.correlation_id);
  }
  std::free(buffer);
  std::lock_guard<std::mutex> lock(g_mu);
  g_buffers.push_back(ids);
}

class MsptiAppendEach : public ::testing::Test {
 protected:
  void SetUp() override {
    std::lock_guard<std::mutex> lock(g_mu);
    g_size = 0;
    g_max_records = 0;
    g_buffers.clear();
  }
  // Offers |count| candidates; candidate i is a record (correlation id i)
  // unless |keep| says otherwise.
  template <typename Keep>
  void Offer(Collector* c, size_t count, Keep keep) {
    c->AppendEach(kExternalCorrelation, sizeof(ExternalCorrelationRecord), count, [&](size_t i, uint8_t* dst) {
      if (!keep(i)) return false;
      ExternalCorrelationRecord r;
      r.external_kind = 1;
      r.external_id = 0;
      r.correlation_id = i;
      std::memcpy(dst, &r, sizeof(r));
      return true;
    });
  }
  static std::vector<std::vector<uint64_t>> Buffers() {
    std::lock_guard<std::mutex> lock(g_mu);
    return g_buffers;
  }
  static void SetBuffers(size_t size, size_t max_records) {
    std::lock_guard<std::mutex> lock(g_mu);
    g_size = size;
    g_max_records = max_records;
  }
};

TEST_F(MsptiAppendEach, GivenBuffersOfThreeThenEightRecordsFillThreeThreeAndTwoInOrder) {
  Collector c;
  c.SetEnabled(kExternalCorrelation, true);
  c.RegisterCallbacks(&Request, &Complete);
  SetBuffers(3 * sizeof(ExternalCorrelationRecord) + 16, 0);
  Offer(&c, 8, [](size_t) { return true; });
  c.FlushAll();
  EXPECT_EQ(Buffers(), (std::vector<std::vector<uint64_t>>{{0, 1, 2}, {3, 4, 5}, {6, 7}}));
  EXPECT_EQ(c.counters().records, 8u);
  EXPECT_EQ(c.counters().dropped, 0u);
  EXPECT_EQ(c.counters().buffers_completed, 3u);
}

TEST_F(MsptiAppendEach, GivenCandidatesThatAreNoRecordThenTheyTakeNoRoom) {
  Collector c;
  c.SetEnabled(kExternalCorrelation, true);
  c.RegisterCallbacks(&Request, &Complete);
  SetBuffers(2 * sizeof(ExternalCorrelationRecord), 0);
  Offer(&c, 9, [](size_t i) { return i % 3 == 0; });
  c.FlushAll();
  EXPECT_EQ(Buffers(), (std::vector<std::vector<uint64_t>>{{0, 3}, {6}}));
  EXPECT_EQ(c.counters().records, 3u);
}

TEST_F(MsptiAppendEach, GivenMaxNumRecordsThenABatchStopsEachBufferThere) {
  Collector c;
  c.SetEnabled(kExternalCorrelation, true);
  c.RegisterCallbacks(&Request, &Complete);
  SetBuffers(1 << 12, 2);
  Offer(&c, 5, [](size_t) { return true; });
  Offer(&c, 1, [](size_t) { return true; });
  c.FlushAll();
  EXPECT_EQ(Buffers(), (std::vector<std::vector<uint64_t>>{{0, 1}, {2, 3}, {4, 0}}));
}

TEST_F(MsptiAppendEach, GivenNoBufferThenEachRecordIsCountedAsDroppedAndSkippedOnesAreNot) {
  Collector c;
  c.SetEnabled(kExternalCorrelation, true);
  c.RegisterCallbacks(&Request, &Complete);
  Offer(&c, 10, [](size_t i) { return i % 2 == 0; });
  EXPECT_EQ(c.counters().dropped, 5u);
  EXPECT_EQ(c.counters().records, 0u);
  SetBuffers(1 << 12, 0);
  Offer(&c, 3, [](size_t) { return true; });
  c.FlushAll();
  EXPECT_EQ(Buffers(), (std::vector<std::vector<uint64_t>>{{0, 1, 2}}));
  EXPECT_EQ(c.counters().dropped, 5u);
  EXPECT_EQ(c.counters().records, 3u);
}

TEST_F(MsptiAppendEach, GivenTheKindOffThenNothingIsWrittenOrCounted) {
  Collector c;
  c.RegisterCallbacks(&Request, &Complete);
  SetBuffers(1 << 12, 0);
  size_t calls = 0;
  c.AppendEach(kExternalCorrelation, sizeof(ExternalCorrelationRecord), 4, [&](size_t, uint8_t*) {
    ++calls;
    return true;
  });
  c.FlushAll();
  EXPECT_EQ(calls, 0u);
  EXPECT_TRUE(Buffers().empty());
  EXPECT_EQ(c.counters().records, 0u);
  EXPECT_EQ(c.counters().dropped, 0u);
}

}  // namespace
}  // namespace aclsim::prof::mspti
