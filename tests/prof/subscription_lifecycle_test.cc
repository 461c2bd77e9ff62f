// SubscriptionManager subscribe/unsubscribe rules (spec §2.2): parameter and
// config checks, descriptor close and the -1 write-back on the last
// unsubscribe, re-subscription, the Stats() counters of active and finished
// subscriptions, and destruction of a manager with live subscriptions.
#include "runtime/prof/subscription.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <memory>
#include <vector>

#include "subscription_test_util.h"

namespace aclsim::prof::subscription_test {
namespace {

// ---------------------------------------------------------------------------
// Subscribe / Unsubscribe rules

TEST(ProfSubscription, GivenNullFdPointerThenSubscribeIsInvalidParam) {
  SubscriptionManager mgr;
  bool first = true;
  const Status s = mgr.Subscribe(MakeModel(1, 0), Config(nullptr), &first);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_FALSE(mgr.IsSubscribed(1));
  EXPECT_FALSE(mgr.HasActive());
  EXPECT_EQ(mgr.Stats(1).status().detail(), Detail::kModelNotLoaded);
}

TEST(ProfSubscription, GivenTimeInfoZeroAndMetricsNoneThenSubscribeIsInvalidParam) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  EXPECT_EQ(mgr.Subscribe(MakeModel(1, 0), Config(&fd, 0, kAicoreMetricsNone), &first).code(),
            StatusCode::kInvalidArgument);
  EXPECT_FALSE(mgr.IsSubscribed(1));
  EXPECT_EQ(fd, p.write_fd);
  EXPECT_TRUE(FdOpen(p.write_fd));
  // timeInfo 0 with a metrics value is accepted.
  EXPECT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd, 0, 1), &first).ok());
  EXPECT_TRUE(first);
}

TEST(ProfSubscription, GivenSubscribedModelThenSecondSubscribeIsRepeatSubscribe) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(3, 0), Config(&fd), &first).ok());
  EXPECT_EQ(mgr.Subscribe(MakeModel(3, 0), Config(&fd), &first).detail(), Detail::kAlreadySubscribed);
  // Even with a different device / config the model is already subscribed.
  EXPECT_EQ(mgr.Subscribe(MakeModel(3, 1), Config(&fd, 1, 2), &first).detail(), Detail::kAlreadySubscribed);
  EXPECT_TRUE(mgr.IsSubscribed(3));
}

TEST(ProfSubscription, GivenDeviceWithSubscriptionThenAnotherConfigIsInvalidProfilingConfig) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd, 1, kAicoreMetricsNone), &first).ok());
  EXPECT_TRUE(first);
  // Other metrics, other timeInfo, both: rejected on device 0.
  EXPECT_EQ(mgr.Subscribe(MakeModel(2, 0), Config(&fd, 1, 0), &first).detail(), Detail::kProfilingConfig);
  EXPECT_EQ(mgr.Subscribe(MakeModel(2, 0), Config(&fd, 0, 3), &first).detail(), Detail::kProfilingConfig);
  EXPECT_FALSE(mgr.IsSubscribed(2));
  // The same config on the same device is fine and is not first on the device.
  first = true;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd, 1, kAicoreMetricsNone), &first).ok());
  EXPECT_FALSE(first);
  // Another device may use another config.
  first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(9, 1), Config(&fd, 1, 0), &first).ok());
  EXPECT_TRUE(first);
}

TEST(ProfSubscription, GivenDeviceEmptiedByUnsubscribeThenNewConfigAcceptedAndFirstOnDevice) {
  Pipe p;
  int fd1 = p.write_fd;
  int fd2 = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 4), Config(&fd1), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 4), Config(&fd2), &first).ok());
  EXPECT_FALSE(first);
  bool idle = true;
  uint32_t device = 99;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_FALSE(idle);
  EXPECT_EQ(device, 4u);
  EXPECT_TRUE(mgr.HasActive());
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(device, 4u);
  EXPECT_FALSE(mgr.HasActive());
  Pipe q;
  int fd3 = q.write_fd;
  first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(3, 4), Config(&fd3, 1, 5), &first).ok());
  EXPECT_TRUE(first);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenUnknownModelThenUnsubscribeIsInvalidModelId) {
  SubscriptionManager mgr;
  bool idle = false;
  uint32_t device = 77;
  EXPECT_EQ(mgr.Unsubscribe(42, &idle, &device).detail(), Detail::kModelNotLoaded);
  EXPECT_EQ(device, 77u);
  Pipe p;
  int fd = p.write_fd;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(42, 0), Config(&fd), &first).ok());
  ASSERT_TRUE(mgr.Unsubscribe(42, &idle, &device).ok());
  // Second unsubscribe of the same model.
  EXPECT_EQ(mgr.Unsubscribe(42, &idle, &device).detail(), Detail::kModelNotLoaded);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenQueuedRecordsWhenUnsubscribedThenAllFlushedThenFdClosedAndMinusOne) {
  Pipe p;
  int fd = p.write_fd;
  const int fd_value = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(6, 0), Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 6, 0, 0, 3000, 250);
  bool idle = false;
  uint32_t device = 9;
  ASSERT_TRUE(mgr.Unsubscribe(6, &idle, &device).ok());
  // Unsubscribe returned: everything was written before the close.
  EXPECT_EQ(fd, -1);
  EXPECT_FALSE(FdOpen(fd_value));
  EXPECT_EQ(errno, EBADF);
  EXPECT_FALSE(mgr.IsSubscribed(6));
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 3000u);
  for (uint32_t i = 0; i < 3000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 6, 0, i, /*take_names=*/i % 10 == 0);
  }
  auto stats = mgr.Stats(6);
  ASSERT_TRUE(stats.ok());
  EXPECT_FALSE(stats->active);
  EXPECT_EQ(stats->produced, 3000u);
  EXPECT_EQ(stats->delivered, 3000u);
  EXPECT_EQ(stats->dropped, 0u);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenTwoSubscriptionsSharingFdThenOnlyLastUnsubscribeClosesAndWritesMinusOne) {
  Pipe p;
  int fd_a = p.write_fd;
  int fd_b = p.write_fd;
  const int fd_value = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_a), &first).ok());
  ASSERT_TRUE(mgr.Subscribe(MakeModel(2, 0), Config(&fd_b), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 1, 0, 0, 400, 40);
  Feed(mgr, 2, 0, 0, 300, 30);
  bool idle = true;
  uint32_t device = 9;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_FALSE(idle);
  EXPECT_EQ(fd_a, fd_value);  // not -1: model 2 still uses the descriptor
  EXPECT_EQ(fd_b, fd_value);
  EXPECT_TRUE(FdOpen(fd_value));
  // Model 2 keeps delivering through the shared descriptor.
  Feed(mgr, 2, 0, 300, 200, 50);
  ASSERT_TRUE(mgr.Unsubscribe(2, &idle, &device).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(fd_b, -1);
  EXPECT_EQ(fd_a, fd_value);
  EXPECT_FALSE(FdOpen(fd_value));
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 900u);
  // All of model 1's records precede model 2's (fed first, one queue).
  for (uint32_t i = 0; i < 400; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/false);
  }
  for (uint32_t i = 0; i < 500; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), 400 + i, 2, 0, i, /*take_names=*/false);
  }
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenUnsubscribedModelThenLaterCompletionsAreNotDelivered) {
  SeqPacket sp;
  int fd = sp.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(sp.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 0, 10);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  Feed(mgr, 1, 0, 10, 10);  // ignored: no longer subscribed
  reader.Join();
  EXPECT_EQ(reader.records(), 10u);
  auto stats = mgr.Stats(1);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->produced, 10u);
  EXPECT_EQ(stats->delivered, 10u);
  ::close(sp.read_fd);
}

TEST(ProfSubscription, GivenResubscribeAfterUnsubscribeThenFreshCountersAndDelivery) {
  SubscriptionManager mgr;
  bool first = false;
  bool idle = false;
  uint32_t device = 0;
  SeqPacket a;
  int fd_a = a.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_a), &first).ok());
  Reader ra(a.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 0, 20);
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  ra.Join();
  EXPECT_EQ(ra.records(), 20u);

  SeqPacket b;
  int fd_b = b.write_fd;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&fd_b), &first).ok());
  EXPECT_TRUE(first);
  auto stats = mgr.Stats(1);
  ASSERT_TRUE(stats.ok());
  EXPECT_TRUE(stats->active);
  EXPECT_EQ(stats->fd, b.write_fd);
  EXPECT_EQ(stats->produced, 0u);
  Reader rb(b.read_fd, ReadOptions(/*packets=*/true));
  Feed(mgr, 1, 0, 20, 30);
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  rb.Join();
  ASSERT_EQ(rb.records(), 30u);
  for (uint32_t i = 0; i < 30; ++i) ExpectRecord(rb.data().data(), rb.data().size(), i, 1, 0, 20 + i);
  ::close(a.read_fd);
  ::close(b.read_fd);
}

// ---------------------------------------------------------------------------
// Stats and destruction

TEST(ProfSubscription, GivenNeverSubscribedModelThenStatsIsInvalidModelId) {
  SubscriptionManager mgr;
  EXPECT_EQ(mgr.Stats(5).status().detail(), Detail::kModelNotLoaded);
  Pipe p;
  int fd = p.write_fd;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(6, 0), Config(&fd), &first).ok());
  EXPECT_EQ(mgr.Stats(5).status().detail(), Detail::kModelNotLoaded);
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenActiveSubscriptionThenStatsDescribeIt) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(12, 3), Config(&fd), &first).ok());
  auto s = mgr.Stats(12);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->model_id, 12u);
  EXPECT_EQ(s->device_id, 3u);
  EXPECT_EQ(s->fd, p.write_fd);
  EXPECT_TRUE(s->active);
  EXPECT_FALSE(s->broken);
  EXPECT_EQ(s->produced, 0u);
  EXPECT_EQ(s->delivered, 0u);
  EXPECT_EQ(s->dropped, 0u);
  EXPECT_TRUE(mgr.IsSubscribed(12));
  EXPECT_TRUE(mgr.HasActive());
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenUnsubscribedModelThenStatsAreFinalCountersWithActiveFalse) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(13, 1), Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 13, 1, 0, 250, 25);
  bool idle = false;
  uint32_t device = 0;
  ASSERT_TRUE(mgr.Unsubscribe(13, &idle, &device).ok());
  reader.Join();
  auto s = mgr.Stats(13);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->model_id, 13u);
  EXPECT_EQ(s->device_id, 1u);
  EXPECT_EQ(s->fd, p.write_fd);
  EXPECT_FALSE(s->active);
  EXPECT_FALSE(s->broken);
  EXPECT_EQ(s->produced, 250u);
  EXPECT_EQ(s->delivered, 250u);
  EXPECT_EQ(s->dropped, 0u);
  EXPECT_EQ(reader.records(), 250u);
  EXPECT_FALSE(mgr.IsSubscribed(13));
  EXPECT_FALSE(mgr.HasActive());
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenActiveSubscriptionWhenManagerDestroyedThenRecordsFlushedAndFdClosedWithoutMinusOne) {
  Pipe p;
  int fd = p.write_fd;
  auto mgr = std::make_unique<SubscriptionManager>(64);
  bool first = false;
  ASSERT_TRUE(mgr->Subscribe(MakeModel(1, 0), Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false, /*start_delay_ms=*/50));
  Feed(*mgr, 1, 0, 0, 2000, 100);
  mgr.reset();
  EXPECT_EQ(fd, p.write_fd);  // the caller's int may be gone: not written
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 2000u);
  for (uint32_t i = 0; i < 2000; ++i) {
    ExpectRecord(reader.data().data(), reader.data().size(), i, 1, 0, i, /*take_names=*/i % 100 == 0);
  }
  ::close(p.read_fd);
}

TEST(ProfSubscription, GivenNoSubscriptionThenCompletionsAreIgnored) {
  SubscriptionManager mgr;
  std::vector<CompletionRecord> batch;
  for (uint64_t i = 0; i < 10; ++i) batch.push_back(Completion(1, 0, i));
  mgr.OnCompletions(batch.data(), batch.size());
  mgr.OnCompletions(batch.data(), 0);
  EXPECT_FALSE(mgr.HasActive());
  EXPECT_EQ(mgr.Stats(1).status().detail(), Detail::kModelNotLoaded);
}

}  // namespace
}  // namespace aclsim::prof::subscription_test
