// SubscriptionManager under backpressure and with broken readers: a small
// queue and a late or slow reader lose nothing; a reader that closes its
// end, a closed or negative descriptor mark the subscription broken, count
// the dropped records and never take the process down (SIGPIPE).
#include "runtime/prof/subscription.h"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <vector>

#include "subscription_test_util.h"

namespace aclsim::prof::subscription_test {
namespace {

// ---------------------------------------------------------------------------
// Backpressure and broken readers

TEST(ProfSubscription, GivenSmallQueueAndLateReaderThenAllRecordsArriveNoneDropped) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(11, 0), Config(&fd), &first).ok());
  constexpr uint64_t kCount = 10000;
  const auto t0 = std::chrono::steady_clock::now();
  Reader reader(p.read_fd, ReadOptions(false, /*start_delay_ms=*/200));
  Feed(mgr, 11, 0, 0, kCount, 100);
  const auto producer_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  // The producer cannot finish before the reader starts: it was held back.
  EXPECT_GE(producer_ms, 190);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(11, &idle, &device).ok());
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), kCount);
  ASSERT_EQ(reader.data().size(), kCount * kOpDescSize);
  for (uint32_t i = 0; i < kCount; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 11, 0, i, /*take_names=*/i % 100 == 0);
  }
  auto stats = mgr.Stats(11);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, kCount);
  EXPECT_EQ(stats->delivered, kCount);
  EXPECT_EQ(stats->dropped, 0u);
  EXPECT_FALSE(stats->broken);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenSmallQueueAndConcurrentProducersThenAllRecordsArrive) {
  SeqPacket a;
  SeqPacket b;
  int fd_a = a.write_fd;
  int fd_b = b.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_a), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 1), Config(&fd_b), &first).ok());
  Reader ra(a.read_fd, ReadOptions(true, /*start_delay_ms=*/50));
  Reader rb(b.read_fd, ReadOptions(true, /*start_delay_ms=*/100));
  std::thread pa([&] { Feed(mgr, 1, 0, 0, 4000, 17); });
  std::thread pb([&] { Feed(mgr, 2, 1, 0, 3000, 64); });
  pa.join();
  pb.join();
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  ra.Join();
  rb.Join();
  ASSERT_EQ(ra.records(), 4000u);
  ASSERT_EQ(rb.records(), 3000u);
  for (ssize_t n : ra.sizes()) ASSERT_TRUE(n % 80 == 0 && n <= 4080) << n;
  for (ssize_t n : rb.sizes()) ASSERT_TRUE(n % 80 == 0 && n <= 4080) << n;
  for (uint32_t i = 0; i < 4000; ++i) ExpectRecord(ra.data().data(), ra.data().size(), i, 1, 0, i, false);
  for (uint32_t i = 0; i < 3000; ++i) ExpectRecord(rb.data().data(), rb.data().size(), i, 2, 1, i, false);
  ::close(a.read_fd);
  ::close(b.read_fd);
}

TEST(ProfSubscription, GivenReaderClosesMidStreamThenBrokenCountedAndOtherSubscriptionUnaffected) {
  Pipe p1;
  Pipe p2;
  int fd1 = p1.write_fd;
  int fd2 = p2.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd1), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd2), &first).ok());
  // Reader 1 takes 100 records, then closes its end: later writes get EPIPE
  // (and SIGPIPE, which would kill this test process if it got through).
  Reader r1(p1.read_fd, ReadOptions(false, 0, /*close_after_bytes=*/100 * kOpDescSize));
  Reader r2(p2.read_fd, ReadOptions(false));
  constexpr uint64_t kCount = 5000;
  std::vector<CompletionRecord> batch;
  for (uint64_t i = 0; i < kCount;) {
    batch.clear();
    for (int k = 0; k < 50 && i < kCount; ++k, ++i) {
      batch.push_back(Completion(1, 0, i));
      batch.push_back(Completion(2, 0, i));
    }
    mgr.OnCompletions(batch.data(), batch.size());
  }
  r1.Join();
  ASSERT_EQ(r1.records(), 100u);
  for (uint32_t i = 0; i < 100; ++i) ExpectRecord(r1.data().data(), r1.data().size(), i, 1, 0, i, false);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_EQ(fd1, -1);
  auto s1 = mgr.Stats(1);
  ASSERT_TRUE(s1.ok());
  EXPECT_TRUE(s1->broken);
  EXPECT_FALSE(s1->active);
  EXPECT_EQ(s1->produced, kCount);
  EXPECT_EQ(s1->produced, s1->delivered + s1->dropped);
  EXPECT_GE(s1->delivered, 100u);
  EXPECT_GT(s1->dropped, 0u);
  // Model 2 still flows after model 1 broke.
  Feed(mgr, 2, 0, kCount, 1000, 100);
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  r2.Join();
  EXPECT_TRUE(r2.eof());
  ASSERT_EQ(r2.records(), kCount + 1000);
  for (uint32_t i = 0; i < kCount + 1000; ++i) {
    ExpectRecord(r2.data().data(), r2.data().size(), i, 2, 0, i, /*take_names=*/i % 100 == 0);
  }
  auto s2 = mgr.Stats(2);
  ASSERT_TRUE(s2.ok());
  EXPECT_FALSE(s2->broken);
  EXPECT_EQ(s2->produced, kCount + 1000);
  EXPECT_EQ(s2->delivered, kCount + 1000);
  EXPECT_EQ(s2->dropped, 0u);
  ::close(p2.read_fd);
}

// Subscribes model 1 on device 0 with |*fd|, feeds |count| completions in
// batches of |batch|, unsubscribes and returns the final counters.
SubscriptionStats FeedAndUnsubscribe(int* fd, uint64_t count, size_t batch) {
  SubscriptionManager mgr;
  bool first = false;
  EXPECT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(fd), &first).ok());
  Feed(mgr, 1, 0, 0, count, batch);
  bool idle = false;
  uint32_t device = 0;
  EXPECT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  auto s = mgr.Stats(1);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? *s : SubscriptionStats{};
}

TEST(ProfSubscription, GivenReadEndClosedBeforeFirstWriteThenAllDroppedAndProcessSurvives) {
  Pipe p;
  int fd = p.write_fd;
  ::close(p.read_fd);
  SubscriptionStats s = FeedAndUnsubscribe(&fd, 500, 50);
  EXPECT_TRUE(s.broken);
  EXPECT_EQ(s.produced, 500u);
  EXPECT_EQ(s.delivered, 0u);
  EXPECT_EQ(s.dropped, 500u);
  EXPECT_EQ(fd, -1);
  EXPECT_FALSE(FdOpen(p.write_fd));
}

TEST(ProfSubscription, GivenClosedDescriptorNumberThenBrokenWithoutCrash) {
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  ::close(fds[0]);
  ::close(fds[1]);
  int fd = fds[1];  // a descriptor number that is no longer open
  SubscriptionStats s = FeedAndUnsubscribe(&fd, 120, 40);
  EXPECT_TRUE(s.broken);
  EXPECT_EQ(s.produced, 120u);
  EXPECT_EQ(s.delivered, 0u);
  EXPECT_EQ(s.dropped, 120u);
  EXPECT_EQ(fd, -1);
}

TEST(ProfSubscription, GivenNegativeDescriptorThenBrokenWithoutCrash) {
  int fd = -1;
  SubscriptionStats s = FeedAndUnsubscribe(&fd, 60, 60);
  EXPECT_TRUE(s.broken);
  EXPECT_EQ(s.fd, -1);
  EXPECT_EQ(s.produced, 60u);
  EXPECT_EQ(s.dropped, 60u);
  EXPECT_EQ(fd, -1);
}

}  // namespace
}  // namespace aclsim::prof::subscription_test
