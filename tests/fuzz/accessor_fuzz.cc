// libFuzzer target: every subscription accessor over arbitrary buffers,
// lengths and indexes. The accessors must never crash or read outside the
// buffer, and must agree with a straightforward reference of spec §3.4.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"
#include "runtime/prof/crc32c.h"

namespace {

bool ReferenceValid(const uint8_t* buf, size_t len, uint32_t index) {
  const uint32_t len32 = static_cast<uint32_t>(len);
  if (len32 % 80 != 0 || index == UINT32_MAX || (static_cast<uint64_t>(index) + 1) * 80 > len32) return false;
  const uint8_t* rec = buf + static_cast<size_t>(index) * 80;
  uint32_t sig;
  std::memcpy(&sig, rec, 4);
  return sig == aclsim::prof::RecordSignaturePortable(rec);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 5) return 0;
  uint32_t index;
  std::memcpy(&index, data, 4);
  const uint8_t mode = data[4];
  // Copy so the buffer ends exactly where the data ends (ASan sees overreads).
  std::vector<uint8_t> buf(data + 5, data + size);
  // Mode bit 0: make records valid by sealing them, so deeper paths run.
  if ((mode & 1) != 0) {
    for (size_t off = 0; off + 80 <= buf.size(); off += 80) {
      uint32_t sig = aclsim::prof::RecordSignaturePortable(buf.data() + off);
      std::memcpy(buf.data() + off, &sig, 4);
    }
  }
  if ((mode & 2) != 0 && !buf.empty()) index %= static_cast<uint32_t>(buf.size() / 80 + 1);
  const void* p = buf.empty() ? static_cast<const void*>(&mode) : buf.data();
  const size_t len = buf.size();
  const bool valid = !buf.empty() && ReferenceValid(buf.data(), len, index);

  uint64_t start = aclprofGetOpStart(p, len, index);
  uint64_t end = aclprofGetOpEnd(p, len, index);
  uint64_t duration = aclprofGetOpDuration(p, len, index);
  size_t model = aclprofGetModelId(p, len, index);
  uint64_t exec = ProfGetOpExecutionTime(p, static_cast<uint32_t>(len), index);
  if (!valid) {
    if (start != 0 || end != 0 || duration != 0 || model != 100000) std::abort();
  } else {
    const uint8_t* rec = buf.data() + static_cast<size_t>(index) * 80;
    uint64_t want;
    std::memcpy(&want, rec + 24, 8);
    if (duration != want) std::abort();
  }
  (void)exec;
  uint32_t count = 0;
  (void)aclprofGetOpNum(p, len, &count);
  size_t name_len = 0;
  (void)aclprofGetOpTypeLen(p, len, index, &name_len);
  (void)aclprofGetOpNameLen(p, len, index, &name_len);
  char text[8];
  (void)aclprofGetOpType(p, len, index, text, sizeof(text));
  (void)aclprofGetOpName(p, len, index, text, sizeof(text));
  (void)aclprofGetOpFlag(p, len, index);
  (void)aclprofGetOpAttriValue(p, len, index, ACL_SUBSCRIBE_ATTRI_THREADID);
  return 0;
}
