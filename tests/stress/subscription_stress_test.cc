// Races on operator subscriptions through the public API: unsubscribing one
// model while subscribing another on the same device, and many readers with
// one that never reads. Every record produced for a subscription whose
// reader reads is received; a stalled reader holds up nobody else.
#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl_prof.h"
#include "stress_util.h"

namespace aclsim_stress {
namespace {

constexpr uint64_t kOpsPerRun = 9;  // sample_mlp.json

aclsimSubscriptionStats StatsOf(uint32_t model_id) {
  aclsimSubscriptionStats stats{};
  EXPECT_EQ(aclsimGetSubscriptionStats(model_id, &stats), ACL_SUCCESS) << RecentErrMsg();
  return stats;
}

class SubscriptionStress : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(config_.path().c_str()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  // A short drain timeout, so a stalled reader ends quickly.
  TempFile config_{R"({"aclsim": {"subscription_drain_timeout_ms": 300}})"};
};

TEST_F(SubscriptionStress, GivenUnsubscribeOfARacingSubscribeOfBOnOneDeviceThenEveryRecordOfBArrives) {
  LoadedModel a("sample_mlp.json");
  LoadedModel b("sample_mlp.json");
  const uint64_t rounds = Rounds(1000);
  uint64_t produced = 0;
  uint64_t received = 0;
  uint64_t lost_rounds = 0;
  for (uint64_t round = 0; round < rounds; ++round) {
    PipeReader reader_a;
    PipeReader reader_b;
    aclprofSubscribeConfig* config_a = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader_a.write_fd);
    aclprofSubscribeConfig* config_b = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader_b.write_fd);
    ASSERT_NE(config_a, nullptr);
    ASSERT_NE(config_b, nullptr);
    ASSERT_ACL_OK(aclprofModelSubscribe(a.id(), config_a));
    ASSERT_ACL_OK(a.Execute());

    StartLine start(2);
    aclError unsubscribed = ACL_ERROR_INTERNAL_ERROR;
    std::thread other([&] {
      start.Arrive();
      unsubscribed = aclprofModelUnSubscribe(a.id());
    });
    start.Arrive();
    const aclError subscribed = aclprofModelSubscribe(b.id(), config_b);
    other.join();
    ASSERT_ACL_OK(unsubscribed);
    ASSERT_ACL_OK(subscribed);

    ASSERT_ACL_OK(b.Execute());
    const aclsimSubscriptionStats stats = StatsOf(b.id());
    ASSERT_ACL_OK(aclprofModelUnSubscribe(b.id()));
    reader_a.Join();
    reader_b.Join();
    produced += stats.produced;
    received += reader_b.bytes.size() / 80;
    if (reader_b.bytes.size() != kOpsPerRun * 80) ++lost_rounds;
    ASSERT_EQ(stats.produced, kOpsPerRun) << "round " << round;
    ASSERT_EQ(reader_b.bytes.size(), kOpsPerRun * 80) << "round " << round;
    ASSERT_EQ(reader_a.bytes.size(), kOpsPerRun * 80) << "round " << round;
    ASSERT_ACL_OK(aclprofDestroySubscribeConfig(config_a));
    ASSERT_ACL_OK(aclprofDestroySubscribeConfig(config_b));
  }
  Report("racing subscribe/unsubscribe: " + std::to_string(rounds) + " rounds, records of B produced " +
         std::to_string(produced) + ", received " + std::to_string(received) + ", rounds with loss " +
         std::to_string(lost_rounds));
  EXPECT_EQ(produced, rounds * kOpsPerRun);
  EXPECT_EQ(received, produced);
}

TEST_F(SubscriptionStress, GivenOneReaderThatNeverReadsThenOtherSubscriptionsAndTheDeviceKeepGoing) {
  LoadedModel stalled("sample_mlp.json");
  LoadedModel reading("sample_mlp.json");
  LoadedModel unsubscribed("sample_mlp.json");
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  int stalled_fd = fds[1];  // nobody reads fds[0]
  PipeReader reader;
  aclprofSubscribeConfig* config_stalled = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &stalled_fd);
  aclprofSubscribeConfig* config_reading = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(stalled.id(), config_stalled));
  ASSERT_ACL_OK(aclprofModelSubscribe(reading.id(), config_reading));

  // 200 runs of the stalled model: 1800 records, more than a pipe holds.
  for (int i = 0; i < 200; ++i) ASSERT_ACL_OK(stalled.Execute());
  const uint64_t runs = Rounds(10);
  for (uint64_t i = 0; i < runs; ++i) {
    ASSERT_ACL_OK(reading.Execute());
    ASSERT_ACL_OK(unsubscribed.Execute());
  }
  ASSERT_ACL_OK(aclprofModelUnSubscribe(reading.id()));
  reader.Join();
  EXPECT_EQ(reader.bytes.size(), runs * kOpsPerRun * 80);
  const aclsimSubscriptionStats good = StatsOf(reading.id());
  EXPECT_EQ(good.produced, runs * kOpsPerRun);
  EXPECT_EQ(good.delivered, runs * kOpsPerRun);
  EXPECT_EQ(good.dropped, 0u);

  // The stalled one ends after the drain timeout, every record accounted.
  ASSERT_ACL_OK(aclprofModelUnSubscribe(stalled.id()));
  EXPECT_EQ(stalled_fd, -1);
  const aclsimSubscriptionStats bad = StatsOf(stalled.id());
  EXPECT_EQ(bad.broken, 1u);
  EXPECT_EQ(bad.produced, 200 * kOpsPerRun);
  EXPECT_EQ(bad.delivered + bad.dropped, bad.produced);
  EXPECT_GT(bad.dropped, 0u);
  // What the pipe holds is exactly what was counted delivered.
  std::vector<char> buf(1 << 20);
  size_t in_pipe = 0;
  for (ssize_t n; (n = ::read(fds[0], buf.data(), buf.size())) > 0;) in_pipe += static_cast<size_t>(n);
  EXPECT_EQ(in_pipe, bad.delivered * 80);
  ::close(fds[0]);
  Report("one stalled reader: reading subscription got " + std::to_string(reader.bytes.size() / 80) + " of " +
         std::to_string(good.produced) + "; stalled one delivered " + std::to_string(bad.delivered) + ", dropped " +
         std::to_string(bad.dropped) + " of " + std::to_string(bad.produced));
  ASSERT_ACL_OK(aclprofDestroySubscribeConfig(config_stalled));
  ASSERT_ACL_OK(aclprofDestroySubscribeConfig(config_reading));
}

TEST_F(SubscriptionStress, GivenExecutionWaitingForAStalledReaderWhenUnloadingThenBothReturn) {
  // Enough runs to fill the stalled subscription's queue: the executing
  // thread waits for the reader until aclmdlUnload ends the subscription.
  LoadedModel model("sample_mlp.json");
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  int fd = fds[1];
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  Executor executor(model);  // runs until the model is gone
  ASSERT_TRUE(WaitForFullQueue(model.id(), executor)) << executor.last();
  ASSERT_ACL_OK(model.Unload());
  executor.Join();
  EXPECT_EQ(executor.last(), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  const aclsimSubscriptionStats s = StatsOf(model.id());
  EXPECT_EQ(s.active, 0u);
  EXPECT_EQ(s.broken, 1u);
  EXPECT_EQ(s.delivered + s.dropped, s.produced);
  EXPECT_EQ(fd, fds[1]) << "aclmdlUnload leaves the descriptor to its owner";
  Report("execution waiting for a stalled reader: " + std::to_string(executor.runs()) + " runs, produced " +
         std::to_string(s.produced) + ", delivered " + std::to_string(s.delivered) + ", dropped " +
         std::to_string(s.dropped));
  ::close(fds[0]);
  ::close(fds[1]);
  ASSERT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

}  // namespace
}  // namespace aclsim_stress
