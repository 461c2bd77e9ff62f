// SubscriptionManager with a reader that stops reading: each descriptor
// drains on its own (one stalled reader holds up only the producer of its
// own records), and ending a stalled subscription returns after the drain
// timeout with the undelivered records counted as dropped.
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

using std::chrono::milliseconds;

// A producer thread feeding |count| completions of |model_id|; done() once
// OnCompletions returned.
class Producer {
 public:
  Producer(SubscriptionManager& mgr, uint32_t model_id, uint64_t count) {
    thread_ = std::thread([&mgr, model_id, count, this] {
      Feed(mgr, model_id, 0, 0, count, 50);
      done_ = true;
    });
  }
  ~Producer() { Join(); }
  void Join() {
    if (thread_.joinable()) thread_.join();
  }
  bool done() const { return done_.load(); }

 private:
  std::atomic<bool> done_{false};
  std::thread thread_;
};

// Waits (up to 10 s) until |pred| holds; false if it never did.
template <typename Pred>
bool Eventually(Pred pred) {
  for (int i = 0; i < 10000; ++i) {
    if (pred()) return true;
    std::this_thread::sleep_for(milliseconds(1));
  }
  return pred();
}

TEST(ProfSubscriptionStall, GivenStalledReaderOfOneModelThenAnotherModelsSubscriptionReceivesEveryRecord) {
  Pipe stalled;  // never read: full from the start
  FillPipe(stalled.write_fd);
  int fd_a = stalled.write_fd;
  Pipe live;
  int fd_b = live.write_fd;
  SubscriptionManager mgr(64, milliseconds(200));
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_a), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd_b), &first).ok());

  Producer producer_a(mgr, 1, 1000);  // fills A's queue of 64 and waits
  ASSERT_TRUE(Eventually([&] { return mgr.Stats(1)->produced >= 64; }));
  Reader reader_b(live.read_fd, ReadOptions(false));
  Feed(mgr, 2, 0, 0, 90, 30);  // must not wait behind A
  // An unsubscribed model on the same device is ignored without waiting.
  Feed(mgr, 3, 0, 0, 500, 100);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  EXPECT_FALSE(idle);  // A is still subscribed on device 0
  reader_b.Join();
  EXPECT_TRUE(reader_b.eof());
  ASSERT_EQ(reader_b.records(), 90u);
  for (uint32_t i = 0; i < 90; ++i) ExpectRecord(reader_b.data().data(), reader_b.data().size(), i, 2, 0, i, false);
  auto b = mgr.Stats(2);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->produced, 90u);
  EXPECT_EQ(b->delivered, 90u);
  EXPECT_EQ(b->dropped, 0u);
  EXPECT_FALSE(producer_a.done()) << "A's producer should still wait for A's reader";

  // Ending A: the drain timeout passes, A's producer is released.
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(fd_a, -1);
  producer_a.Join();
  auto a = mgr.Stats(1);
  ASSERT_TRUE(a.ok());
  EXPECT_FALSE(a->active);
  EXPECT_TRUE(a->broken);
  EXPECT_EQ(a->delivered, 0u);
  EXPECT_GE(a->produced, 64u);
  EXPECT_EQ(a->dropped, a->produced) << "every undelivered record is counted";
  EXPECT_FALSE(FdOpen(stalled.write_fd));
  ::close(stalled.read_fd);
  ::close(live.read_fd);
}

TEST(ProfSubscriptionStall, GivenReaderThatNeverReadsThenUnsubscribeReturnsAndCountsEveryRecordDropped) {
  Pipe p;
  const size_t prefill = FillPipe(p.write_fd);
  int fd = p.write_fd;
  SubscriptionManager mgr(1000, milliseconds(100));
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(5, 0), Config(&fd), &first).ok());
  Feed(mgr, 5, 0, 0, 700, 100);  // fits in the queue: the producer does not wait
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(5, &idle, &device).ok());
  auto s = mgr.Stats(5);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->broken);
  EXPECT_EQ(s->produced, 700u);
  EXPECT_EQ(s->delivered, 0u);
  EXPECT_EQ(s->dropped, 700u);
  EXPECT_EQ(fd, -1);
  // The pipe holds exactly what was there before: nothing torn was written.
  Reader reader(p.read_fd, ReadOptions(false));
  reader.Join();
  EXPECT_TRUE(reader.eof());
  EXPECT_EQ(reader.data().size(), prefill);
  ::close(p.read_fd);
}

TEST(ProfSubscriptionStall, GivenReaderThatStopsHalfwayThenDeliveredPlusDroppedIsProducedExactly) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr(5000, milliseconds(150));
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(6, 0), Config(&fd), &first).ok());
  // The reader takes 102 records (two writes of 51) and then never reads
  // again; the pipe then fills up behind it.
  std::vector<uint8_t> taken(102 * kOpDescSize);
  Feed(mgr, 6, 0, 0, 4000, 100);
  size_t got = 0;
  while (got < taken.size()) {
    const ssize_t n = ::read(p.read_fd, taken.data() + got, taken.size() - got);
    ASSERT_GT(n, 0);
    got += static_cast<size_t>(n);
  }
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(6, &idle, &device).ok());
  auto s = mgr.Stats(6);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->broken);
  EXPECT_EQ(s->produced, 4000u);
  EXPECT_EQ(s->delivered + s->dropped, 4000u);
  EXPECT_GT(s->dropped, 0u);
  // What the pipe holds after the 102 taken is exactly the rest delivered,
  // whole records, in order.
  Reader reader(p.read_fd, ReadOptions(false));
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(102 + reader.records(), s->delivered);
  for (uint32_t i = 0; i < 102; ++i) ExpectRecord(taken.data(), taken.size(), i, 6, 0, i, false);
  for (uint32_t i = 0; i < reader.records(); ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 6, 0, 102 + i, false);
  }
  ::close(p.read_fd);
}

TEST(ProfSubscriptionStall, GivenStalledReaderWhenModelUnloadedThenEndForUnloadReturnsAndLeavesFdOpen) {
  Pipe p;
  FillPipe(p.write_fd);
  int fd = p.write_fd;
  SubscriptionManager mgr(64, milliseconds(100));
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(7, 0), Config(&fd), &first).ok());
  Producer producer(mgr, 7, 500);
  ASSERT_TRUE(Eventually([&] { return mgr.Stats(7)->produced >= 64; }));
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.EndForUnload(7, &idle, &device));
  producer.Join();
  auto s = mgr.Stats(7);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->broken);
  EXPECT_EQ(s->delivered, 0u);
  EXPECT_EQ(s->dropped, s->produced);
  EXPECT_EQ(fd, p.write_fd);  // CANN leaves the descriptor to its owner here
  EXPECT_TRUE(FdOpen(p.write_fd));
  ::close(p.write_fd);
  ::close(p.read_fd);
}

TEST(ProfSubscriptionStall, GivenStalledReadersWhenManagerShutDownThenAllEndAndEveryProducerIsReleased) {
  // Three stalled subscriptions, each with a producer waiting: Shutdown ends
  // them all, releases every producer, closes every descriptor.
  std::vector<Pipe> pipes(3);
  std::vector<int> fds;
  for (Pipe& p : pipes) {
    FillPipe(p.write_fd);
    fds.push_back(p.write_fd);
  }
  SubscriptionManager mgr(64, milliseconds(150));
  bool first = false;
  std::vector<std::unique_ptr<Producer>> producers;
  for (uint32_t m = 0; m < 3; ++m) {
    ASSERT_TRUE(mgr.Subscribe(MakeModel(10 + m, 0), Config(&fds[m]), &first).ok());
    producers.push_back(std::make_unique<Producer>(mgr, 10 + m, 300));
  }
  for (uint32_t m = 0; m < 3; ++m) ASSERT_TRUE(Eventually([&] { return mgr.Stats(10 + m)->produced >= 64; }));
  mgr.Shutdown();
  for (auto& p : producers) p->Join();
  for (uint32_t m = 0; m < 3; ++m) {
    auto s = mgr.Stats(10 + m);
    ASSERT_TRUE(s.ok());
    EXPECT_FALSE(s->active);
    EXPECT_TRUE(s->broken);
    EXPECT_EQ(s->dropped, s->produced);
    EXPECT_EQ(fds[m], pipes[m].write_fd);  // not written: the caller's int may be gone
    EXPECT_FALSE(FdOpen(pipes[m].write_fd));
    ::close(pipes[m].read_fd);
  }
  bool idle = false;
  uint32_t device = 0;
  int fd = 99;
  EXPECT_EQ(mgr.Subscribe(MakeModel(20, 0), Config(&fd), &first).code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(mgr.Unsubscribe(10, &idle, &device).detail(), Detail::kModelNotLoaded);
}

TEST(ProfSubscriptionStall, GivenSlowButReadingReaderThenNothingIsDropped) {
  // The drain timeout only ends a subscription whose reader stopped: a
  // reader that keeps reading gets everything.
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr(64, milliseconds(2000));
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(8, 0), Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false, /*start_delay_ms=*/100, SIZE_MAX, /*read_size=*/80 * 51));
  Feed(mgr, 8, 0, 0, 3000, 100);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(8, &idle, &device).ok());
  reader.Join();
  auto s = mgr.Stats(8);
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE(s->broken);
  EXPECT_EQ(s->delivered, 3000u);
  EXPECT_EQ(s->dropped, 0u);
  EXPECT_EQ(reader.records(), 3000u);
  ::close(p.read_fd);
}

TEST(ProfSubscriptionStall, GivenTwoModelsSharingAStalledFdThenBothEndAndTheFdClosesOnce) {
  Pipe p;
  FillPipe(p.write_fd);
  int fd1 = p.write_fd;
  int fd2 = p.write_fd;
  SubscriptionManager mgr(64, milliseconds(100));
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd1), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd2), &first).ok());
  Feed(mgr, 1, 0, 0, 30, 30);
  Feed(mgr, 2, 0, 0, 30, 30);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_EQ(fd1, p.write_fd) << "model 2 still uses the descriptor";
  EXPECT_TRUE(FdOpen(p.write_fd));
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  EXPECT_EQ(fd2, -1);
  EXPECT_FALSE(FdOpen(p.write_fd));
  for (uint32_t m : {1u, 2u}) {
    auto s = mgr.Stats(m);
    ASSERT_TRUE(s.ok());
    EXPECT_TRUE(s->broken);
    EXPECT_EQ(s->produced, 30u);
    EXPECT_EQ(s->dropped, 30u);
  }
  ::close(p.read_fd);
}

}  // namespace
}  // namespace aclsim::prof::subscription_test
