#include "runtime/prof/op_desc.h"

namespace aclsim::prof {

bool CountRecords(const void* buffer, size_t len, uint32_t* out_count) {
  if (buffer == nullptr || out_count == nullptr) return false;
  const uint32_t len32 = static_cast<uint32_t>(len);
  if (len32 % kOpDescSize != 0) return false;
  const auto* p = static_cast<const uint8_t*>(buffer);
  const uint32_t n = len32 / static_cast<uint32_t>(kOpDescSize);
  if (!VerifyRecords(p, n)) return false;
  *out_count = n;
  return true;
}

}  // namespace aclsim::prof
