// Shared by the toolkit samples: stop with a message when a call fails.
#ifndef ACLSIM_EXAMPLES_TOOLKIT_COMMON_SAMPLE_CHECK_H_
#define ACLSIM_EXAMPLES_TOOLKIT_COMMON_SAMPLE_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define SAMPLE_CHECK(expr)                                                                               \
  do {                                                                                                   \
    long long sample_ret_ = static_cast<long long>(expr);                                                \
    if (sample_ret_ != 0) {                                                                              \
      std::fprintf(stderr, "[ERROR] %s:%d: %s returned %lld\n", __FILE__, __LINE__, #expr, sample_ret_); \
      std::exit(1);                                                                                      \
    }                                                                                                    \
  } while (0)

#define SAMPLE_INFO(...)                \
  do {                                  \
    std::printf("[INFO] " __VA_ARGS__); \
    std::printf("\n");                  \
  } while (0)

#endif  // ACLSIM_EXAMPLES_TOOLKIT_COMMON_SAMPLE_CHECK_H_
