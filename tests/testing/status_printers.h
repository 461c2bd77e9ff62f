// gtest printers for aclsim::ErrorCode, so failed EXPECT_EQ(s.code(), ...)
// show "RT_INVALID_HANDLE (107017)" instead of raw bytes. Include it in any
// test that compares error codes.
#ifndef ACLSIM_TESTS_TESTING_STATUS_PRINTERS_H_
#define ACLSIM_TESTS_TESTING_STATUS_PRINTERS_H_

#include <ostream>

#include "runtime/status.h"

namespace aclsim {

inline void PrintTo(ErrorCode code, std::ostream* os) {
  *os << ErrorCodeName(code) << " (" << static_cast<int32_t>(code) << ")";
}

inline void PrintTo(const Status& status, std::ostream* os) { *os << status.ToString(); }

}  // namespace aclsim

#endif  // ACLSIM_TESTS_TESTING_STATUS_PRINTERS_H_
