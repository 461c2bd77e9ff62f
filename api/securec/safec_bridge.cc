#include "api/securec/safec_bridge.h"

#include <cstdio>
#include <cstring>

#define restrict __restrict
extern "C" {
#include <safe_mem_lib.h>
#include <safe_str_lib.h>
}
#undef restrict

namespace aclsim::securec {

bool Set(void* dest, size_t dmax, int c, size_t n) {
  if (dmax > RSIZE_MAX_MEM) {
    std::memset(dest, c, n);
    return true;
  }
  return _memset_s_chk(dest, dmax, c, n, BOS_UNKNOWN) == EOK;
}

bool Copy(void* dest, size_t dmax, const void* src, size_t n) {
  if (n == 0) return true;
  if (dmax > RSIZE_MAX_MEM) {
    std::memcpy(dest, src, n);
    return true;
  }
  return _memcpy_s_chk(dest, dmax, src, n, BOS_UNKNOWN, BOS_UNKNOWN) == EOK;
}

bool Move(void* dest, size_t dmax, const void* src, size_t n) {
  if (n == 0) return true;
  if (dmax > RSIZE_MAX_MEM) {
    std::memmove(dest, src, n);
    return true;
  }
  return _memmove_s_chk(dest, dmax, src, n, BOS_UNKNOWN, BOS_UNKNOWN) == EOK;
}

bool CopyChars(char* dest, size_t dmax, const char* src, size_t n) {
  if (dmax > RSIZE_MAX_STR) {
    std::memcpy(dest, src, n);
    dest[n] = '\0';
    return true;
  }
  return _strncpy_s_chk(dest, dmax, src, n, BOS_UNKNOWN, BOS_UNKNOWN) == EOK;
}

int Format(char* dest, size_t dmax, const char* format, va_list args) {
  if (dmax > RSIZE_MAX_STR) {
    int n = std::vsnprintf(dest, dmax, format, args);
    if (n < 0) {
      dest[0] = '\0';
      return kBadFormat;
    }
    if (static_cast<size_t>(n) >= dmax) {
      dest[0] = '\0';
      return kTruncated;
    }
    return n;
  }
  int n = _vsnprintf_s_chk(dest, dmax, BOS_UNKNOWN, format, args);
  // libsafec 3.7 reports an output of exactly |dmax| characters as written
  // (truncated to dmax - 1) rather than as ESNOSPC.
  if (n >= 0 && static_cast<size_t>(n) < dmax) return n;
  if (n >= 0) {
    dest[0] = '\0';
    return kTruncated;
  }
  dest[0] = '\0';
  return n == -ESNOSPC ? kTruncated : kBadFormat;
}

}  // namespace aclsim::securec
