// Host tasks (runtime/host_tasks.h) raced through the public API: launches,
// aclrtProcessReport and the runtime's host-function thread on several
// streams at once; subscriptions ending and streams destroyed under
// launches; aclFinalize while threads wait in aclrtProcessReport(-1).
// Every task runs at most once, in its stream's order, and no thread hangs
// (the test's timeout would catch one).
#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "host_task_util.h"
#include "stress_util.h"

namespace aclsim_stress {
namespace {

// One stream's log: the sequence numbers its host tasks ran with.
struct StreamLog {
  std::mutex mu;
  std::vector<int> ran;
};

struct Arg {
  StreamLog* log;
  int seq;
};

void Record(void* p) {
  auto* arg = static_cast<Arg*>(p);
  std::lock_guard<std::mutex> lock(arg->log->mu);
  arg->log->ran.push_back(arg->seq);
}

constexpr int kReportStreams = 3;
constexpr int kHostFuncStreams = 2;

TEST(HostTasksStress, GivenLaunchersAndProcessorsOnManyStreamsThenEveryTaskRunsOnceInStreamOrder) {
  const int per_stream = static_cast<int>(Rounds(300));
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  constexpr int kStreams = kReportStreams + kHostFuncStreams;
  std::vector<aclrtStream> streams(kStreams);
  for (auto& s : streams) ASSERT_ACL_OK(aclrtCreateStream(&s));
  std::vector<std::unique_ptr<ProcessThread>> processors;
  for (int i = 0; i < kReportStreams; ++i) {
    processors.push_back(std::make_unique<ProcessThread>(context, /*host_func=*/false));
    ASSERT_ACL_OK(aclrtSubscribeReport(processors.back()->id(), streams[i]));
  }
  std::vector<StreamLog> logs(kStreams);
  std::vector<std::vector<Arg>> args(kStreams);
  for (int i = 0; i < kStreams; ++i) {
    for (int n = 0; n < per_stream; ++n) args[i].push_back({&logs[i], n});
  }
  std::atomic<int> failures{0};
  StartLine start(kStreams);
  std::vector<std::thread> launchers;
  for (int i = 0; i < kStreams; ++i) {
    launchers.emplace_back([&, i] {
      (void)aclrtSetCurrentContext(context);
      start.Arrive();
      for (int n = 0; n < per_stream; ++n) {
        const aclError ret =
            i < kReportStreams
                ? aclrtLaunchCallback(Record, &args[i][n], n % 3 == 0 ? ACL_CALLBACK_NO_BLOCK : ACL_CALLBACK_BLOCK,
                                      streams[i])
                : aclrtLaunchHostFunc(streams[i], Record, &args[i][n]);
        if (ret != ACL_SUCCESS) failures.fetch_add(1);
      }
      if (aclrtSynchronizeStream(streams[i]) != ACL_SUCCESS) failures.fetch_add(1);
      std::lock_guard<std::mutex> lock(logs[i].mu);
      if (logs[i].ran.size() != static_cast<size_t>(per_stream)) failures.fetch_add(1);  // all ran before sync returned
    });
  }
  for (auto& t : launchers) t.join();
  EXPECT_EQ(failures.load(), 0);
  for (int i = 0; i < kStreams; ++i) {
    std::vector<int> expected(per_stream);
    for (int n = 0; n < per_stream; ++n) expected[n] = n;
    EXPECT_EQ(logs[i].ran, expected) << "stream " << i;
  }
  std::vector<uint64_t> ids;
  for (auto& p : processors) ids.push_back(p->id());
  for (auto& p : processors) p->Stop();
  for (int i = 0; i < kReportStreams; ++i) EXPECT_ACL_OK(aclrtUnSubscribeReport(ids[i], streams[i]));
  for (auto& s : streams) EXPECT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
  Report("host tasks: " + std::to_string(kStreams * per_stream) + " launched and run in stream order on " +
         std::to_string(kStreams) + " streams");
}

// The codes a launch may meet once the subscription ended or the stream is gone.
const std::set<aclError> kLaunchAfterEnd = {ACL_SUCCESS, ACL_ERROR_RT_STREAM_NO_CB_REG, ACL_ERROR_RT_INVALID_HANDLE};

TEST(HostTasksStress, GivenUnsubscribeAndDestroyRacingLaunchesThenNoTaskRunsTwiceAndNothingHangs) {
  const uint64_t rounds = Rounds(100);
  uint64_t launched_total = 0, ran_total = 0;
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  for (uint64_t round = 0; round < rounds; ++round) {
    aclrtStream stream = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&stream));
    ProcessThread processor(context, /*host_func=*/false);
    const uint64_t id = processor.id();
    ASSERT_ACL_OK(aclrtSubscribeReport(id, stream));
    constexpr int kMax = 200;
    StreamLog log;
    std::vector<Arg> args;
    for (int n = 0; n < kMax; ++n) args.push_back({&log, n});
    std::atomic<int> launched{0};
    std::atomic<aclError> odd{ACL_SUCCESS};
    StartLine start(2);
    std::thread launcher([&] {
      (void)aclrtSetCurrentContext(context);
      start.Arrive();
      for (int n = 0; n < kMax; ++n) {
        const aclError ret = aclrtLaunchCallback(Record, &args[n], ACL_CALLBACK_BLOCK, stream);
        if (ret == ACL_SUCCESS) launched.fetch_add(1);
        if (kLaunchAfterEnd.count(ret) == 0) odd.store(ret);
      }
    });
    start.Arrive();
    std::this_thread::yield();
    ASSERT_ACL_OK(aclrtUnSubscribeReport(id, stream));
    launcher.join();
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));  // dropped tasks are not waited for
    processor.Stop();
    EXPECT_ACL_OK(aclrtDestroyStream(stream));
    EXPECT_EQ(odd.load(), ACL_SUCCESS) << "round " << round;
    std::lock_guard<std::mutex> lock(log.mu);
    const std::set<int> distinct(log.ran.begin(), log.ran.end());
    EXPECT_EQ(distinct.size(), log.ran.size()) << "round " << round << ": a callback ran twice";
    EXPECT_LE(log.ran.size(), static_cast<size_t>(launched.load()));
    for (size_t k = 1; k < log.ran.size(); ++k) EXPECT_LT(log.ran[k - 1], log.ran[k]);
    launched_total += static_cast<uint64_t>(launched.load());
    ran_total += log.ran.size();
  }
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
  Report("unsubscribe vs launches: " + std::to_string(rounds) + " rounds, " + std::to_string(launched_total) +
         " callbacks launched, " + std::to_string(ran_total) + " ran, the rest dropped");
}

TEST(HostTasksStress, GivenFinalizeWhileThreadsProcessAndLaunchThenEveryThreadReturns) {
  const uint64_t rounds = Rounds(50);
  const std::set<aclError> process_end = {ACL_ERROR_UNINITIALIZE, ACL_ERROR_RT_THREAD_SUBSCRIBE};
  for (uint64_t round = 0; round < rounds; ++round) {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&stream));
    StreamLog log;
    std::vector<Arg> args(1000, Arg{&log, 0});
    std::atomic<bool> subscribed{false};
    std::atomic<aclError> process_last{ACL_SUCCESS};
    std::thread processor([&] {
      while (!subscribed.load()) std::this_thread::yield();
      aclError ret = ACL_SUCCESS;
      while ((ret = aclrtProcessReport(-1)) == ACL_SUCCESS) {
      }
      process_last.store(ret);
    });
    ASSERT_ACL_OK(aclrtSubscribeReport(IdOf(processor.get_id()), stream));
    subscribed.store(true);
    std::thread launcher([&] {
      for (Arg& a : args) {
        if (aclrtLaunchCallback(Record, &a, ACL_CALLBACK_BLOCK, stream) != ACL_SUCCESS) break;
      }
    });
    std::this_thread::yield();
    ASSERT_ACL_OK(aclFinalize());
    launcher.join();
    processor.join();
    EXPECT_EQ(process_end.count(process_last.load()), 1u) << "round " << round << ": " << process_last.load();
    (void)aclFinalize();  // a call after the first may have created a fresh runtime
  }
  Report("aclFinalize vs aclrtProcessReport(-1) and launches: " + std::to_string(rounds) + " rounds");
}

}  // namespace
}  // namespace aclsim_stress
