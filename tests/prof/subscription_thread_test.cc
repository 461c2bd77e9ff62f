// SubscriptionManager thread subscriptions (ProfOpSubscribe): routing by
// launching thread and device, a model's own subscription first, one per
// thread, the unsubscribe rules and descriptor close, and device loss.
#include <unistd.h>

#include <gtest/gtest.h>

#include <vector>

#include "runtime/prof/subscription.h"
#include "subscription_test_util.h"

namespace aclsim::prof::subscription_test {
namespace {

// Completion(...) gives completion i the host thread 4000 + i % 3.
constexpr uint32_t kThread = 4000;

void RegisterModels(SubscriptionManager& mgr, std::initializer_list<uint32_t> ids) {
  for (uint32_t id : ids) mgr.RegisterModel(id, MakeModel(id, 0).ops);
}

TEST(ProfThreadSubscription, GivenThreadSubscriptionThenOnlyThatThreadsOpsOnThatDeviceArrive) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  RegisterModels(mgr, {1, 2});
  bool first = false;
  ASSERT_TRUE(mgr.SubscribeThread(kThread, 0, Config(&fd), &first).ok());
  EXPECT_TRUE(first);
  EXPECT_TRUE(mgr.HasActiveOnDevice(0));
  EXPECT_FALSE(mgr.IsSubscribed(1));  // no model subscription was made
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 1, 0, 0, 30);  // 10 of them on thread 4000
  Feed(mgr, 2, 0, 0, 9);   // 3 of them
  Feed(mgr, 1, 1, 0, 30);  // another device: none
  bool idle = false;
  ASSERT_TRUE(mgr.UnsubscribeThread(kThread, 0, &idle).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(fd, -1);
  reader.Join();
  EXPECT_TRUE(reader.eof());
  ASSERT_EQ(reader.records(), 13u);
  for (uint32_t k = 0; k < 10; ++k) ExpectRecord(reader.data().data(), reader.data().size(), k, 1, 0, 3 * k);
  for (uint32_t k = 0; k < 3; ++k) ExpectRecord(reader.data().data(), reader.data().size(), 10 + k, 2, 0, 3 * k);
  auto stats = mgr.ThreadStats(kThread);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->thread_id, kThread);
  EXPECT_EQ(stats->model_id, 0u);
  EXPECT_EQ(stats->device_id, 0u);
  EXPECT_FALSE(stats->active);
  EXPECT_EQ(stats->produced, 13u);
  EXPECT_EQ(stats->delivered, 13u);
  ::close(p.read_fd);
}

TEST(ProfThreadSubscription, GivenModelWithItsOwnSubscriptionThenItsRecordsSkipTheThreadSubscription) {
  Pipe model_pipe;
  Pipe thread_pipe;
  int model_fd = model_pipe.write_fd;
  int thread_fd = thread_pipe.write_fd;
  SubscriptionManager mgr;
  RegisterModels(mgr, {1, 2});
  bool first = false;
  ASSERT_TRUE(mgr.Subscribe(MakeModel(1, 0), Config(&model_fd), &first).ok());
  ASSERT_TRUE(mgr.SubscribeThread(kThread, 0, Config(&thread_fd), &first).ok());
  EXPECT_FALSE(first);  // the device already has a subscription
  Reader by_model(model_pipe.read_fd, ReadOptions(false));
  Reader by_thread(thread_pipe.read_fd, ReadOptions(false));
  Feed(mgr, 1, 0, 0, 12);
  Feed(mgr, 2, 0, 0, 12);
  bool idle = true;
  ASSERT_TRUE(mgr.UnsubscribeThread(kThread, 0, &idle).ok());
  EXPECT_FALSE(idle);  // model 1 is still subscribed there
  uint32_t device = 9;
  ASSERT_TRUE(mgr.Unsubscribe(1, &idle, &device).ok());
  EXPECT_TRUE(idle);
  by_model.Join();
  by_thread.Join();
  EXPECT_EQ(by_model.records(), 12u);  // every thread's
  ASSERT_EQ(by_thread.records(), 4u);  // model 2, thread 4000 only
  for (uint32_t k = 0; k < 4; ++k) {
    ExpectRecord(by_thread.data().data(), by_thread.data().size(), k, 2, 0, 3 * k, /*take_names=*/false);
  }
  ::close(model_pipe.read_fd);
  ::close(thread_pipe.read_fd);
}

TEST(ProfThreadSubscription, GivenUnregisteredModelThenItsOpsAreNotDelivered) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  ASSERT_TRUE(mgr.SubscribeThread(kThread, 0, Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 5, 0, 0, 9);  // model 5 has no op table: nothing to resolve
  bool idle = false;
  ASSERT_TRUE(mgr.UnsubscribeThread(kThread, 0, &idle).ok());
  reader.Join();
  EXPECT_EQ(reader.records(), 0u);
  ::close(p.read_fd);
}

TEST(ProfThreadSubscription, GivenSubscribedThreadThenRepeatAndConfigAndUnsubscribeRulesHold) {
  Pipe p;
  int fd = p.write_fd;
  int other_fd = p.write_fd;
  SubscriptionManager mgr;
  bool first = false;
  EXPECT_EQ(mgr.SubscribeThread(kThread, 0, Config(nullptr), &first).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(mgr.SubscribeThread(kThread, 0, Config(&fd, 0, kAicoreMetricsNone), &first).code(),
            StatusCode::kInvalidArgument);
  bool idle = false;
  EXPECT_EQ(mgr.UnsubscribeThread(kThread, 0, &idle).code(), StatusCode::kNotFound);
  EXPECT_EQ(mgr.ThreadStats(kThread).status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(mgr.SubscribeThread(kThread, 0, Config(&fd), &first).ok());
  // One per thread, whatever the device (CANN keys it by the thread alone).
  EXPECT_EQ(mgr.SubscribeThread(kThread, 0, Config(&fd), &first).detail(), Detail::kAlreadySubscribed);
  EXPECT_EQ(mgr.SubscribeThread(kThread, 1, Config(&fd), &first).detail(), Detail::kAlreadySubscribed);
  // Another thread on the same device needs the same config.
  EXPECT_EQ(mgr.SubscribeThread(kThread + 1, 0, Config(&other_fd, 1, 2), &first).detail(), Detail::kProfilingConfig);
  ASSERT_TRUE(mgr.SubscribeThread(kThread + 1, 0, Config(&other_fd), &first).ok());
  // A thread id and a model id of the same value are different keys.
  EXPECT_FALSE(mgr.IsSubscribed(kThread));
  const Status wrong_device = mgr.UnsubscribeThread(kThread, 1, &idle);
  EXPECT_EQ(wrong_device.code(), StatusCode::kNotFound);
  EXPECT_NE(wrong_device.message().find("it subscribed device 0"), std::string::npos) << wrong_device.message();
  ASSERT_TRUE(mgr.UnsubscribeThread(kThread, 0, &idle).ok());
  EXPECT_FALSE(idle);
  EXPECT_EQ(fd, p.write_fd);  // the other thread still uses the descriptor
  ASSERT_TRUE(mgr.UnsubscribeThread(kThread + 1, 0, &idle).ok());
  EXPECT_TRUE(idle);
  EXPECT_EQ(other_fd, -1);
  EXPECT_FALSE(mgr.HasActive());
  ::close(p.read_fd);
}

TEST(ProfThreadSubscription, GivenLostDeviceThenItsThreadSubscriptionIsClosed) {
  Pipe p;
  int fd = p.write_fd;
  SubscriptionManager mgr;
  RegisterModels(mgr, {1});
  bool first = false;
  ASSERT_TRUE(mgr.SubscribeThread(kThread, 2, Config(&fd), &first).ok());
  Reader reader(p.read_fd, ReadOptions(false));
  Feed(mgr, 1, 2, 0, 6);
  EXPECT_EQ(mgr.CloseDevice(2), 1u);
  EXPECT_EQ(fd, -1);
  reader.Join();
  EXPECT_TRUE(reader.eof());
  EXPECT_EQ(reader.records(), 2u);
  bool idle = false;
  EXPECT_EQ(mgr.UnsubscribeThread(kThread, 2, &idle).code(), StatusCode::kNotFound);
  ::close(p.read_fd);
}

}  // namespace
}  // namespace aclsim::prof::subscription_test
