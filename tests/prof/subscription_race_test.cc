// SubscriptionManager edge cases of routing (model id UINT32_MAX, a
// non-blocking descriptor) and of unsubscribe racing with producers: records
// are delivered exactly as produced, and records built for an unsubscribed
// subscription never reach a later one.
#include "runtime/prof/subscription.h"

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "subscription_test_util.h"

namespace aclsim::prof::subscription_test {
namespace {

// ---------------------------------------------------------------------------
// Edge cases of routing and of unsubscribe racing with producers

TEST(ProfSubscription, GivenModelIdUint32MaxThenItsRecordsAreDelivered) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(UINT32_MAX, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(true));
  Feed(mgr, UINT32_MAX, 0, 0, 10, 10);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(UINT32_MAX, &idle, &device).ok());
  reader.Join();
  auto stats = mgr.Stats(UINT32_MAX);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, 10u);
  EXPECT_EQ(stats->delivered, 10u);
  ASSERT_EQ(reader.records(), 10u);
  for (uint32_t i = 0; i < 10; ++i) ExpectRecord(reader.data().data(), reader.data().size(), i, UINT32_MAX, 0, i);
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenNonBlockingPipeAndLateReaderThenAllRecordsArrive) {
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC | O_NONBLOCK), 0);
  // Only the write end is non-blocking for the manager; the reader polls.
  int fd = fds[1];
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(3, 0), Config(&fd), &first).ok());
  Reader reader(fds[0], ReadOptions(false, /*start_delay_ms=*/150));
  Feed(mgr, 3, 0, 0, 3000, 100);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(3, &idle, &device).ok());
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 3000u);
  for (ssize_t n : reader.sizes()) EXPECT_EQ(n % 80, 0) << n;
  for (uint32_t i = 0; i < 3000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 3, 0, i, /*take_names=*/i % 100 == 0);
  }
  auto stats = mgr.Stats(3);
  ASSERT_TRUE(stats.ok());
  EXPECT_FALSE(stats->broken);
  EXPECT_EQ(stats->delivered, 3000u);
  EXPECT_EQ(stats->dropped, 0u);
  ::close(fds[0]);
}

TEST(ProfSubscription, GivenUnsubscribeDuringProductionThenReaderGetsExactlyTheProducedRecords) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(true));
  std::atomic<bool> stop{false};
  std::thread producer([&] {
    uint64_t i = 0;
    while (!stop.load()) {
      Feed(mgr, 1, 0, i, 10, 10);
      i += 10;
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  stop = true;
  producer.join();
  reader.Join();
  EXPECT_TRUE(reader.eof());
  auto stats = mgr.Stats(1);
  ASSERT_TRUE(stats.ok());
  EXPECT_GT(stats->produced, 0u);
  EXPECT_EQ(stats->delivered, stats->produced);
  EXPECT_EQ(stats->dropped, 0u);
  ASSERT_EQ(reader.records(), stats->produced);
  // Whatever made it in is a gap-free prefix of the completions, in order.
  for (uint32_t i = 0; i < reader.records(); ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/false);
  }
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenProducerBlockedAcrossResubscribeCyclesThenStaleRecordsNeverReachNewSubscription) {
  // subscription.cc (OnCompletions) promises that records built for a
  // subscription that was unsubscribed while the producer waited for queue
  // space are not queued, "even destroyed by a re-subscribe". Holding the
  // producer blocked across two unsubscribe/subscribe cycles lets the
  // allocator hand the first subscription's address to the third one.
  Pipe blocker;  // model 2's pipe, full: the delivery thread blocks on it
  const size_t prefill = FillPipe(blocker.write_fd);
  ASSERT_GT(prefill, 0u);
  int fd_blocker = blocker.write_fd;
  Pipe p1;
  int fd1 = p1.write_fd;
  SubscriptionManager mgr(64);
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd_blocker), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd1), &first).ok());

  // 200 records of model 2 fill the pipe, the delivery batch and the queue;
  // the producer then waits holding model 1's 10 records.
  std::thread producer([&] {
    std::vector<CompletionRecord> batch;
    for (uint64_t i = 0; i < 200; ++i) batch.push_back(Completion(2, 0, i));
    for (uint64_t i = 0; i < 10; ++i) batch.push_back(Completion(1, 0, i));
    mgr.OnCompletions(batch.data(), batch.size());
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  auto s1 = mgr.Stats(1);
  ASSERT_TRUE(s1.ok());
  ASSERT_EQ(s1->produced, 0u) << "the producer should still be blocked before model 1's records";

  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_EQ(fd1, -1);
  Pipe p3;
  int fd3 = p3.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd3), &first).ok());
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  SeqPacket p4;
  int fd4 = p4.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd4), &first).ok());

  // Unblock: drain model 2's pipe.
  Reader blocker_reader(blocker.read_fd, ReadOptions(false));
  Reader r4(p4.read_fd, ReadOptions(true));
  producer.join();
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  blocker_reader.Join();
  r4.Join();
  EXPECT_EQ(blocker_reader.data().size(), prefill + 200 * kOpDescSize);
  auto s4 = mgr.Stats(1);
  ASSERT_TRUE(s4.ok());
  EXPECT_EQ(s4->produced, 0u) << "records completed before this subscription were queued to it";
  EXPECT_EQ(r4.records(), 0u) << "records completed before this subscription were delivered to its fd";
  ::close(blocker.read_fd);
  ::close(p1.read_fd);
  ::close(p3.read_fd);
  ::close(p4.read_fd);
}

}  // namespace
}  // namespace aclsim::prof::subscription_test
