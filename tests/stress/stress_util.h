// Helpers of the stress tests: the round count (ACLSIM_STRESS_SCALE
// multiplies it), a start line that releases racing threads together, an
// executing thread and the wait until it is held up by a stalled reader, and
// the public-API model and pipe helpers of the conformance suite.
#ifndef ACLSIM_TESTS_STRESS_STRESS_UTIL_H_
#define ACLSIM_TESTS_STRESS_STRESS_UTIL_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "prof_test_util.h"

namespace aclsim_stress {

using namespace aclsim_conformance;  // NOLINT(build/namespaces): the suite's helpers

// |base| rounds times ACLSIM_STRESS_SCALE (a positive integer; default 1).
inline uint64_t Rounds(uint64_t base) {
  const char* env = std::getenv("ACLSIM_STRESS_SCALE");
  if (env == nullptr || *env == '\0') return base;
  char* end = nullptr;
  const unsigned long long scale = std::strtoull(env, &end, 10);
  return (*end == '\0' && scale > 0) ? base * scale : base;
}

// Threads call Arrive() and spin until all |parties| have arrived, so the
// calls after it start as close together as the scheduler allows.
class StartLine {
 public:
  explicit StartLine(int parties) : parties_(parties) {}
  void Arrive() {
    waiting_.fetch_add(1);
    while (waiting_.load() < parties_) std::this_thread::yield();
  }

 private:
  const int parties_;
  std::atomic<int> waiting_{0};
};

// Executes |model| on its own thread, in the calling thread's context, until
// a call fails; keeps the number of runs and the failing code.
class Executor {
 public:
  explicit Executor(LoadedModel& model) {
    aclrtContext context = nullptr;
    EXPECT_EQ(aclrtGetCurrentContext(&context), ACL_SUCCESS);
    thread_ = std::thread([this, &model, context] {
      (void)aclrtSetCurrentContext(context);
      while ((last_ = model.Execute()) == ACL_SUCCESS) ++runs_;
    });
  }
  ~Executor() { Join(); }
  void Join() {
    if (thread_.joinable()) thread_.join();
  }
  uint64_t runs() const { return runs_.load(); }
  aclError last() const { return last_.load(); }

 private:
  std::atomic<uint64_t> runs_{0};
  std::atomic<aclError> last_{ACL_SUCCESS};
  std::thread thread_;
};

// Waits until the subscription of |model_id| has produced a full queue
// (64K records, about 7,300 runs of sample_mlp.json), so that |executor| is
// waiting for the reader inside aclmdlExecute; false if an execution failed
// first.
inline bool WaitForFullQueue(uint32_t model_id, const Executor& executor) {
  while (executor.last() == ACL_SUCCESS) {
    aclsimSubscriptionStats s{};
    if (aclsimGetSubscriptionStats(model_id, &s) != ACL_SUCCESS) return false;
    if (s.produced >= 64 * 1024) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

// One line a reader of the CTest log can grep: what the test counted.
inline void Report(const std::string& what) { std::printf("[stress] %s\n", what.c_str()); }

}  // namespace aclsim_stress

#endif  // ACLSIM_TESTS_STRESS_STRESS_UTIL_H_
