// Checked and saturating integer arithmetic for sizes, counts and times.
//
// Sizes (element counts, byte counts) and virtual times are computed from
// user input (model files, device profiles, options). A product or sum that
// does not fit must neither wrap nor be undefined behaviour: callers either
// reject it (CheckedMul returns false) or saturate at a documented limit.
#ifndef ACLSIM_RUNTIME_CHECKED_MATH_H_
#define ACLSIM_RUNTIME_CHECKED_MATH_H_

#include <cmath>
#include <cstdint>
#include <limits>

namespace aclsim {

// *out = a * b; false (and *out unspecified) when the product overflows T.
template <typename T>
inline bool CheckedMul(T a, T b, T* out) {
  return !__builtin_mul_overflow(a, b, out);
}

// *out = a + b; false (and *out unspecified) when the sum overflows T.
template <typename T>
inline bool CheckedAdd(T a, T b, T* out) {
  return !__builtin_add_overflow(a, b, out);
}

// a * b, or the largest T when it overflows (operands non-negative).
template <typename T>
inline T SaturatingMul(T a, T b) {
  T r;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<T>::max() : r;
}

// a + b clamped to [lowest, max] of T.
template <typename T>
inline T SaturatingAdd(T a, T b) {
  T r;
  if (!__builtin_add_overflow(a, b, &r)) return r;
  return b > 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
}

// |x| rounded up and clamped to [0, limit]; NaN → limit.
inline int64_t CeilToInt64Clamped(double x, int64_t limit) {
  if (!(x < static_cast<double>(limit))) return limit;  // also NaN and +inf
  if (x <= 0) return 0;
  return static_cast<int64_t>(std::ceil(x));
}

}  // namespace aclsim

#endif  // ACLSIM_RUNTIME_CHECKED_MATH_H_
