// ProfOpDesc: the 80-byte operator record of the subscription pipe (spec §3).
//
// Binary format, version 2 (CANN since 2025): little-endian, natural
// alignment, no header, records concatenated. Offsets:
//   0 signature u32   4 modelId u32   8 flag u32   12 threadId u32
//  16 opIndex u64    24 duration u64 32 start u64 40 end u64
//  48 executionTime u64  56 cubeFops u64  64 vectorFops u64
//  72 devId u32      76 padding u32 (zero, covered by the signature)
// signature = raw CRC-32C register over bytes 4..79 (init 0xFFFFFFFF, no
// final XOR). Times are device-clock nanoseconds.
//
// aclsim extension: cubeFops / vectorFops carry the cost model's FLOPs of the
// op (cube ops in cubeFops, vector and AI CPU ops in vectorFops); CANN's
// producer leaves both 0.
//
// The reader functions implement the accessor semantics of spec §2.2/§3.4
// with one deliberate difference: only the addressed record's signature is
// checked (O(1) per call), where CANN re-checks every record of the buffer
// on every call; aclprofGetOpNum still checks all records once.
#ifndef ACLSIM_RUNTIME_PROF_OP_DESC_H_
#define ACLSIM_RUNTIME_PROF_OP_DESC_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "runtime/prof/crc32c.h"

namespace aclsim::prof {

struct ProfOpDesc {
  uint32_t signature;
  uint32_t model_id;
  uint32_t flag;
  uint32_t thread_id;
  uint64_t op_index;
  uint64_t duration;
  uint64_t start;
  uint64_t end;
  uint64_t execution_time;
  uint64_t cube_fops;
  uint64_t vector_fops;
  uint32_t dev_id;
  uint32_t padding;

  // A record with every field zero except explicit sentinels: opIndex 0 (no
  // name) and the signature left for Seal().
  static ProfOpDesc Default() {
    ProfOpDesc d;
    std::memset(&d, 0, sizeof(d));
    return d;
  }
  // Computes and stores the signature; call after the last field is set.
  void Seal() { signature = RecordSignature(this); }
};

static_assert(sizeof(ProfOpDesc) == 80, "ProfOpDesc v2 is 80 bytes");
static_assert(offsetof(ProfOpDesc, model_id) == 4 && offsetof(ProfOpDesc, flag) == 8 &&
                  offsetof(ProfOpDesc, thread_id) == 12 && offsetof(ProfOpDesc, op_index) == 16 &&
                  offsetof(ProfOpDesc, duration) == 24 && offsetof(ProfOpDesc, start) == 32 &&
                  offsetof(ProfOpDesc, end) == 40 && offsetof(ProfOpDesc, execution_time) == 48 &&
                  offsetof(ProfOpDesc, cube_fops) == 56 && offsetof(ProfOpDesc, vector_fops) == 64 &&
                  offsetof(ProfOpDesc, dev_id) == 72 && offsetof(ProfOpDesc, padding) == 76,
              "ProfOpDesc field offsets follow spec §3.1");
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "ProfOpDesc is little-endian; aclsim supports little-endian hosts only"
#endif

inline constexpr size_t kOpDescSize = sizeof(ProfOpDesc);
inline constexpr uint32_t kFlagOp = 0;
inline constexpr uint32_t kFlagSubgraph = 1;
inline constexpr uint32_t kFlagOpThread = 2;

// Field offsets for unaligned reads from user buffers.
enum class Field : uint32_t {
  kModelId = 4,
  kFlag = 8,
  kThreadId = 12,
  kOpIndex = 16,
  kDuration = 24,
  kStart = 32,
  kEnd = 40,
  kExecutionTime = 48,
  kCubeFops = 56,
  kVectorFops = 64,
  kDevId = 72,
};

inline uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline uint32_t Load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The accessors' common check: |len| (truncated to 32 bits, as CANN does) a
// multiple of 80, |index| addresses a record, and that record's signature
// matches. Returns the record or nullptr.
inline const uint8_t* CheckedRecord(const void* buffer, size_t len, uint32_t index) {
  if (buffer == nullptr) return nullptr;
  const uint32_t len32 = static_cast<uint32_t>(len);
  if (len32 % kOpDescSize != 0 || index == UINT32_MAX || (static_cast<uint64_t>(index) + 1) * kOpDescSize > len32) {
    return nullptr;
  }
  const uint8_t* rec = static_cast<const uint8_t*>(buffer) + static_cast<size_t>(index) * kOpDescSize;
  if (Load32(rec) != RecordSignature(rec)) return nullptr;
  return rec;
}

// CheckedRecord with a per-thread memo of the last record verified and its
// bytes: a record at the same address with the same 80 bytes has the same
// (valid) signature, so asking several fields of one record in a row costs
// one CRC. Any change to any byte is caught by the comparison, so the result
// is always the one CheckedRecord would give.
// Zero-initialised in full so that the thread_local is constant-initialised:
// no guard, and the initial-exec access is one %fs-relative address.
struct VerifiedRecordMemo {
  const uint8_t* address = nullptr;
  uint64_t words[kOpDescSize / 8] = {};
};
inline VerifiedRecordMemo& ThreadVerifiedRecord() {
  __attribute__((tls_model("initial-exec"))) static thread_local VerifiedRecordMemo memo;
  return memo;
}
inline const uint8_t* CheckedRecordMemo(const void* buffer, size_t len, uint32_t index) {
  if (buffer == nullptr) return nullptr;
  const uint32_t len32 = static_cast<uint32_t>(len);
  if (len32 % kOpDescSize != 0 || index == UINT32_MAX || (static_cast<uint64_t>(index) + 1) * kOpDescSize > len32) {
    return nullptr;
  }
  const uint8_t* rec = static_cast<const uint8_t*>(buffer) + static_cast<size_t>(index) * kOpDescSize;
  VerifiedRecordMemo& memo = ThreadVerifiedRecord();
  if (rec == memo.address) {
    uint64_t diff = 0;
    for (size_t i = 0; i < kOpDescSize / 8; ++i) diff |= Load64(rec + 8 * i) ^ memo.words[i];
    if (diff == 0) return rec;
  }
  if (Load32(rec) != RecordSignature(rec)) return nullptr;
  memo.address = rec;
  std::memcpy(memo.words, rec, kOpDescSize);
  return rec;
}

#if ACLSIM_RECORD_SIGNATURE_X86
// CheckedRecordMemo for callers compiled for ACLSIM_RECORD_SIGNATURE_X86_TARGET,
// to be called only on a CPU with crc32 and pclmulqdq (RecordSignatureHardwareAvailable()): the
// memo's 80-byte compare and copy are five 16-byte loads and stores, and the
// signature is computed inline, so a call that meets a new record costs the
// three-lane signature and one that meets the memo's record about a third of it.
ACLSIM_RECORD_SIGNATURE_X86_TARGET inline const uint8_t* CheckedRecordX86(const void* buffer, size_t len,
                                                                          uint32_t index) {
  if (buffer == nullptr) return nullptr;
  const uint32_t len32 = static_cast<uint32_t>(len);
  // (index + 1) * 80 > any 32-bit length when index is UINT32_MAX: no separate test.
  if (len32 % kOpDescSize != 0 || (static_cast<uint64_t>(index) + 1) * kOpDescSize > len32) return nullptr;
  const uint8_t* rec = static_cast<const uint8_t*>(buffer) + static_cast<size_t>(index) * kOpDescSize;
  VerifiedRecordMemo& memo = ThreadVerifiedRecord();
  const auto load = [rec](int i) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(rec) + i); };
  auto* kept = reinterpret_cast<__m128i*>(memo.words);
  if (rec == memo.address) {
    __m128i diff = _mm_xor_si128(load(0), _mm_loadu_si128(kept));
    for (int i = 1; i < 5; ++i) diff = _mm_or_si128(diff, _mm_xor_si128(load(i), _mm_loadu_si128(kept + i)));
    if (_mm_testz_si128(diff, diff)) return rec;
  }
  if (Load32(rec) != x86::RecordSignature(rec)) return nullptr;
  memo.address = rec;
  for (int i = 0; i < 5; ++i) _mm_storeu_si128(kept + i, load(i));
  return rec;
}
#endif

// Record |index| without length-multiple or signature checks (GetOpFlag,
// GetOpAttriValue semantics); nullptr when out of range.
inline const uint8_t* UncheckedRecord(const void* buffer, size_t len, uint32_t index) {
  const uint32_t len32 = static_cast<uint32_t>(len);
  if (buffer == nullptr || index == UINT32_MAX || (static_cast<uint64_t>(index) + 1) * kOpDescSize > len32) {
    return nullptr;
  }
  return static_cast<const uint8_t*>(buffer) + static_cast<size_t>(index) * kOpDescSize;
}

// aclprofGetOpNum: every record checked once. False on any failure.
bool CountRecords(const void* buffer, size_t len, uint32_t* out_count);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_OP_DESC_H_
