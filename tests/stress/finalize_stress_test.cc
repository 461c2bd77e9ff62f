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

// A loaded model with datasets, whose cleanup after aclFinalize touches only
// host objects (the runtime's memory and models went with it).
class Model {
 public:
  explicit Model(const std::string& file) {
    EXPECT_EQ(aclmdlLoadFromFile(ModelPath(file).c_str(), &id_), ACL_SUCCESS) << RecentErrMsg();
    aclmdlDesc* desc = aclmdlCreateDesc();
    EXPECT_EQ(aclmdlGetDesc(desc, id_), ACL_SUCCESS);
    input_ = Make(desc, aclmdlGetNumInputs(desc), true);
    output_ = Make(desc, aclmdlGetNumOutputs(desc), false);
    (void)aclmdlDestroyDesc(desc);
  }
  ~Model() {
    for (aclmdlDataset* d : {input_, output_}) {
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(d); ++i)
        (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(d, i));
      (void)aclmdlDestroyDataset(d);
    }
  }
  uint32_t id() const { return id_; }
  aclError Execute() { return aclmdlExecute(id_, input_, output_); }

 private:
  aclmdlDataset* Make(aclmdlDesc* desc, size_t n, bool in) {
    aclmdlDataset* d = aclmdlCreateDataset();
    for (size_t i = 0; i < n; ++i) {
      const size_t size = in ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i);
      void* p = nullptr;
      EXPECT_EQ(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
      EXPECT_EQ(aclmdlAddDatasetBuffer(d, aclCreateDataBuffer(p, size)), ACL_SUCCESS);
    }
    return d;
  }
  uint32_t id_ = 0;
  aclmdlDataset* input_ = nullptr;
  aclmdlDataset* output_ = nullptr;
};

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
    Model model("sample_mlp.json");
    constexpr int kThreads = 2;
    aclrtContext context = nullptr;
    ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
    std::atomic<uint64_t> runs{0};
    std::atomic<int> ended{0};
    std::vector<aclError> last(kThreads, ACL_SUCCESS);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t, context] {
        (void)aclrtSetCurrentContext(context);
        while ((last[t] = model.Execute()) == ACL_SUCCESS) ++runs;
        ++ended;
      });
    }
    while (runs.load() < 2 && ended.load() == 0) std::this_thread::yield();
    ASSERT_EQ(ended.load(), 0) << "round " << round << ": aclmdlExecute failed before aclFinalize: " << last[0] << " / "
                               << last[1] << " " << RecentErrMsg();
    ASSERT_ACL_OK(aclFinalize());
    for (auto& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) {
      ASSERT_EQ(kAfterFinalize.count(last[t]), 1u) << "round " << round << " thread " << t << ": " << last[t];
    }
    runs_total += runs.load();
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
    Model model("sample_mlp.json");
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
  Model model("sample_mlp.json");
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  int fd = fds[1];  // nobody reads fds[0]
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fd);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  std::atomic<uint64_t> runs{0};
  std::atomic<aclError> last{ACL_SUCCESS};
  std::thread executor([&] {
    (void)aclrtSetCurrentContext(context);
    while ((last = model.Execute()) == ACL_SUCCESS) ++runs;
  });
  // The queue (64K records) fills after about 7,300 runs; the executor then
  // waits for the reader inside aclmdlExecute.
  while (true) {
    aclsimSubscriptionStats s{};
    ASSERT_ACL_OK(aclsimGetSubscriptionStats(model.id(), &s));
    if (s.produced >= 64 * 1024) break;
    ASSERT_EQ(last.load(), ACL_SUCCESS);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_ACL_OK(aclFinalize());
  executor.join();
  EXPECT_EQ(kAfterFinalize.count(last.load()), 1u) << last.load();
  EXPECT_EQ(fd, fds[1]) << "aclFinalize does not write the caller's int";
  Report("aclFinalize vs an execution waiting for a stalled reader: " + std::to_string(runs.load()) + " runs");
  ::close(fds[0]);
  (void)aclprofDestroySubscribeConfig(config);
  (void)aclFinalize();
}

}  // namespace
}  // namespace aclsim_stress
