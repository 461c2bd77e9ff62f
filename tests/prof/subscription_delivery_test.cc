// SubscriptionManager delivery (spec §3.5) over real descriptors: every
// record arrives whole, in order and with exact fields, and every write() is
// whole records of at most 4080 bytes. Completions are synthetic
// CompletionRecords fed through OnCompletions.
#include "runtime/prof/subscription.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "subscription_test_util.h"

namespace aclsim::prof::subscription_test {
namespace {

// ---------------------------------------------------------------------------
// Record contents and write boundaries

TEST(ProfSubscription, GivenSubscribedModelThenRecordsArriveWholeInOrderWithExactFields) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first_on_device = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(7, 2), Config(&fd), &first_on_device).ok());
  EXPECT_TRUE(first_on_device);
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));

  // Mixed batches: ops of the subscribed model interleaved with markers,
  // event records, another (unsubscribed) model, a wrong device and an
  // out-of-range op index, all of which must be skipped.
  constexpr uint64_t kCount = 1000;
  uint64_t next = 0;
  while (next < kCount) {
    std::vector<CompletionRecord> batch;
    for (int k = 0; k < 37 && next < kCount; ++k) {
      batch.push_back(Completion(7, 2, next++));
      CompletionRecord noise = Completion(7, 2, 0);
      switch (k % 5) {
        case 0: noise.kind = TaskKind::kMarker; break;
        case 1: noise.kind = TaskKind::kEventRecord; break;
        case 2: noise.model_tag = 8; break;
        case 3: noise.device_id = 3; break;
        case 4: noise.op_index = static_cast<uint32_t>(Ops().size()); break;
      }
      batch.push_back(noise);
    }
    mgr.OnCompletions(batch.data(), batch.size());
  }
  bool idle = false;
  uint32_t device = 99;
  ASSERT_TRUE(mgr.Unsubscribe(7, &idle, &device).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(device, 2u);
  EXPECT_EQ(fd, -1);
  reader.Join();
  ASSERT_TRUE(reader.eof());
  ASSERT_EQ(reader.error(), 0);
  ASSERT_EQ(reader.data().size(), kCount * kOpDescSize);
  for (ssize_t n : reader.sizes()) {
    EXPECT_EQ(n % 80, 0) << "write of " << n << " bytes";
    EXPECT_GT(n, 0);
    EXPECT_LE(n, 4080);
  }
  uint32_t count = 0;
  ASSERT_TRUE(CountRecords(reader.data().data(), reader.data().size(), &count));
  EXPECT_EQ(count, kCount);
  for (uint32_t i = 0; i < kCount; ++i) ExpectRecord(reader.data().data(), reader.data().size(), i, 7, 2, i);
  auto stats = mgr.Stats(7);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, kCount);
  EXPECT_EQ(stats->delivered, kCount);
  EXPECT_EQ(stats->dropped, 0u);
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenOneLargeBatchThenEveryWriteIsWholeRecordsAndAtMost4080Bytes) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 0, 5000, 5000);
  Feed(mgr, 1, 0, 5000, 333, 1);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  reader.Join();
  ASSERT_TRUE(reader.eof());
  ASSERT_EQ(reader.data().size(), 5333 * kOpDescSize);
  size_t max_packet = 0;
  for (ssize_t n : reader.sizes()) {
    ASSERT_EQ(n % 80, 0) << n;
    ASSERT_LE(n, 4080);
    max_packet = std::max(max_packet, static_cast<size_t>(n));
  }
  EXPECT_GE(reader.sizes().size(), 5333u / 51);
  for (uint32_t i = 0; i < 5333; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/i % 97 == 0);
  }
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenPipeFilledInSeveralWritesThenEveryLargeReadIsWholeRecords) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(4, 0), Config(&fd), &first).ok());
  // Several OnCompletions calls fill the pipe while nobody reads.
  Feed(mgr, 4, 0, 0, 600, 7);
  Reader reader(p.read_fd, ReadOptions(false, /*start_delay_ms=*/100, SIZE_MAX, /*read_size=*/80 * 1000));
  Feed(mgr, 4, 0, 600, 1400, 13);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(4, &idle, &device).ok());
  reader.Join();
  ASSERT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 2000u);
  ASSERT_EQ(reader.data().size(), 2000 * kOpDescSize);
  for (ssize_t n : reader.sizes()) EXPECT_EQ(n % 80, 0) << n;
  for (uint32_t i = 0; i < 2000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 4, 0, i, /*take_names=*/i % 50 == 0);
  }
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenOneBatchThenOpIndicesAreConsecutiveAndResolveInOrder) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(5, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 5, 0, 0, 8, 8);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(5, &idle, &device).ok());
  reader.Join();
  ASSERT_EQ(reader.records(), 8u);
  const uint64_t first_index = Load64(reader.data().data() + 16);
  for (uint32_t i = 0; i < 8; ++i) {
    EXPECT_EQ(Load64(reader.data().data() + i * kOpDescSize + 16), first_index + i);
    ExpectRecord(reader.data().data(), reader.data().size(), i, 5, 0, i);
  }
  ::close(sp.read_fd);
}

}  // namespace
}  // namespace aclsim::prof::subscription_test
