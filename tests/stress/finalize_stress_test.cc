// aclFinalize racing calls on other threads, through the public API: calls
// in flight complete or return a clear error, nothing crashes (the ASan and
// TSan builds run this too), and a thread waiting for a stalled reader is
// released.
#include <unistd.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl_prof.h"
#include "stress_util.h"

namespace aclsim_stress {
namespace {

constexpr uint64_t kOpsPerRun = 9;  // sample_mlp.json

// What aclmdlExecute returns once aclFinalize has run: not initialised, or
// (when the call created a fresh runtime between its initialisation check
// and its lookup, as runtime calls may) an unknown model.
const std::set<aclError> kAfterFinalize = {ACL_ERROR_GE_EXEC_NOT_INIT, ACL_ERROR_GE_EXEC_MODEL_ID_INVALID};

TEST(FinalizeStress, GivenThreadsExecutingWhenFinalizingThenEveryCallCompletesOrReturnsAClearError) {
  const uint64_t rounds = Rounds(200);
  uint64_t runs_total = 0;
  for (uint64_t round = 0; round < rounds; ++round) {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    LoadedModel model("sample_mlp.json");
    model.ReleasedByFinalize();  // the model outlives aclFinalize
    Executor first(model);
    Executor second(model);
    while (first.runs() + second.runs() < 2 && first.last() == ACL_SUCCESS && second.last() == ACL_SUCCESS) {
      std::this_thread::yield();
    }
    ASSERT_EQ(first.last(), ACL_SUCCESS) << "round " << round << ": aclmdlExecute failed before aclFinalize";
    ASSERT_EQ(second.last(), ACL_SUCCESS) << "round " << round << ": aclmdlExecute failed before aclFinalize";
    ASSERT_ACL_OK(aclFinalize());
    first.Join();
    second.Join();
    ASSERT_EQ(kAfterFinalize.count(first.last()), 1u) << "round " << round << ": " << first.last();
    ASSERT_EQ(kAfterFinalize.count(second.last()), 1u) << "round " << round << ": " << second.last();
    runs_total += first.runs() + second.runs();
    (void)aclFinalize();  // a call may have created a fresh runtime after the first
  }
  Report("aclFinalize vs aclmdlExecute: " + std::to_string(rounds) + " rounds, " + std::to_string(runs_total) +
         " executions completed");
}

TEST(FinalizeStress, GivenUnsubscribeStillReturningWhenReaderSawEofAndFinalizingThenBothSucceed) {
  // A tuner's shutdown: its reader sees EOF, and its main thread finalizes
  // while the thread that unsubscribed is still returning.
  const uint64_t rounds = Rounds(1000);
  uint64_t received = 0;
  for (uint64_t round = 0; round < rounds; ++round) {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    LoadedModel model("sample_mlp.json");
    model.ReleasedByFinalize();  // the model outlives aclFinalize
    PipeReader reader;
    aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
    ASSERT_NE(config, nullptr);
    ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
    ASSERT_ACL_OK(model.Execute());
    aclError unsubscribed = ACL_ERROR_INTERNAL_ERROR;
    std::thread other([&] { unsubscribed = aclprofModelUnSubscribe(model.id()); });
    reader.Join();  // EOF: the write end was closed
    const aclError finalized = aclFinalize();
    other.join();
    ASSERT_ACL_OK(unsubscribed) << "round " << round;
    ASSERT_ACL_OK(finalized) << "round " << round;
    ASSERT_EQ(reader.bytes.size(), kOpsPerRun * 80) << "round " << round;
    received += reader.bytes.size() / 80;
    ASSERT_ACL_OK(aclprofDestroySubscribeConfig(config));
  }
  Report("aclFinalize vs aclprofModelUnSubscribe: " + std::to_string(rounds) + " rounds, records produced " +
         std::to_string(rounds * kOpsPerRun) + ", received " + std::to_string(received));
  EXPECT_EQ(received, rounds * kOpsPerRun);
}

TEST(FinalizeStress, GivenExecutionWaitingForAStalledReaderWhenFinalizingThenBothReturn) {
  TempFile config_file(R"({"aclsim": {"subscription_drain_timeout_ms": 300}})");
  ASSERT_ACL_OK(aclInit(config_file.path().c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  LoadedModel model("sample_mlp.json");
  model.ReleasedByFinalize();  // the model outlives aclFinalize
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  int fd = fds[1];  // nobody reads fds[0]
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  Executor executor(model);
  ASSERT_TRUE(WaitForFullQueue(model.id(), executor)) << executor.last();
  ASSERT_ACL_OK(aclFinalize());
  executor.Join();
  EXPECT_EQ(kAfterFinalize.count(executor.last()), 1u) << executor.last();
  EXPECT_EQ(fd, fds[1]) << "aclFinalize does not write the caller's int";
  Report("aclFinalize vs an execution waiting for a stalled reader: " + std::to_string(executor.runs()) + " runs");
  ::close(fds[0]);
  (void)aclprofDestroySubscribeConfig(config);
  (void)aclFinalize();
}

}  // namespace
}  // namespace aclsim_stress
