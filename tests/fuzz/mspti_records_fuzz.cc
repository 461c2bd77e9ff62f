// libFuzzer target: walking an MSPTI activity buffer
// (runtime/prof/mspti_records.h, msptiActivityGetNextRecord's walk) over
// arbitrary bytes. The first byte chooses how much of the input is "valid";
// the rest is the buffer. Every walk must end (MAX_LIMIT_REACHED, INVALID_KIND
// or INNER) within one step per 24 bytes, and every record it returns must
// start at a multiple of 8 and lie wholly inside the valid bytes: nothing
// past them is read (ASan checks the reads against the exact-size copy).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "runtime/prof/mspti_records.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const size_t len = size - 1;
  const size_t valid = len == 0 ? 0 : len - (data[0] % 16 == 0 ? 0 : data[0] % 16 % (len + 1));
  // An exact-size, 8-aligned copy: a read past |len| is an ASan report.
  auto raw = std::unique_ptr<uint8_t[]>(new uint8_t[len == 0 ? 1 : len]);
  std::memcpy(raw.get(), data + 1, len);
  namespace m = aclsim::prof::mspti;
  const uint8_t* record = nullptr;
  size_t steps = 0;
  for (;;) {
    const m::Result r = m::NextRecord(raw.get(), valid, &record);
    if (r == m::kMaxLimitReached || r == m::kInvalidKind || r == m::kInner) break;
    if (r != m::kSuccess) std::abort();
    const size_t at = static_cast<size_t>(record - raw.get());
    uint32_t kind = 0;
    std::memcpy(&kind, record, sizeof(kind));
    if (at % 8 != 0 || m::RecordSize(kind) == 0 || at + m::RecordSize(kind) > valid) std::abort();
    if (++steps > valid / 24 + 1) std::abort();  // the smallest record is 24 bytes
  }
  return 0;
}
