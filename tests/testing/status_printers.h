// gtest printers for aclsim::StatusCode and aclsim::Detail, so failed
// EXPECT_EQ(s.code(), ...) / EXPECT_EQ(s.detail(), ...) show
// "NOT_FOUND (5)" / "INVALID_HANDLE (2)" instead of raw bytes. Include it in
// any test that compares status codes.
#ifndef ACLSIM_TESTS_TESTING_STATUS_PRINTERS_H_
#define ACLSIM_TESTS_TESTING_STATUS_PRINTERS_H_

#include <ostream>

#include "runtime/status.h"

namespace aclsim {

inline void PrintTo(StatusCode code, std::ostream* os) {
  *os << StatusCodeName(code) << " (" << static_cast<int32_t>(code) << ")";
}

inline void PrintTo(Detail detail, std::ostream* os) {
  *os << DetailName(detail) << " (" << static_cast<int32_t>(detail) << ")";
}

inline void PrintTo(const Status& status, std::ostream* os) { *os << status.ToString(); }

}  // namespace aclsim

#endif  // ACLSIM_TESTS_TESTING_STATUS_PRINTERS_H_
