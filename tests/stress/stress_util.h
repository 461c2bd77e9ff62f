// Helpers of the stress tests: the round count (ACLSIM_STRESS_SCALE
// multiplies it), a start line that releases racing threads together, and
// the public-API model and pipe helpers of the conformance suite.
#ifndef ACLSIM_TESTS_STRESS_STRESS_UTIL_H_
#define ACLSIM_TESTS_STRESS_STRESS_UTIL_H_

#include <atomic>
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

// One line a reader of the CTest log can grep: what the test counted.
inline void Report(const std::string& what) { std::printf("[stress] %s\n", what.c_str()); }

}  // namespace aclsim_stress

#endif  // ACLSIM_TESTS_STRESS_STRESS_UTIL_H_
