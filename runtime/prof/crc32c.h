// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78).
//
// Used for the ProfOpDesc signature (spec §3.2): the raw CRC register after
// processing the bytes with initial value 0xFFFFFFFF and no final XOR, i.e.
// the bitwise inverse of the standard CRC-32C check value. The SSE4.2 crc32
// instruction is used when the CPU has it (checked once at run time), with a
// portable table-driven fallback; the record signature computes its 76 bytes
// in three crc32 lanes combined with pclmulqdq when the CPU has both. Every
// path gives the same bits.
#ifndef ACLSIM_RUNTIME_PROF_CRC32C_H_
#define ACLSIM_RUNTIME_PROF_CRC32C_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

// 64-bit x86 only: the lanes use the 64-bit crc32 and movq forms.
#if defined(__x86_64__)
#include <nmmintrin.h>
#include <smmintrin.h>
#include <wmmintrin.h>
#define ACLSIM_RECORD_SIGNATURE_X86 1
#define ACLSIM_RECORD_SIGNATURE_X86_TARGET __attribute__((target("sse4.2,pclmul")))
#else
#define ACLSIM_RECORD_SIGNATURE_X86 0
#endif

namespace aclsim::prof {

// Updates the raw CRC register |reg| with |size| bytes (no inversion).
uint32_t Crc32cUpdate(uint32_t reg, const void* data, size_t size);
// Portable and hardware implementations (the latter only where supported).
uint32_t Crc32cUpdatePortable(uint32_t reg, const void* data, size_t size);
bool Crc32cHardwareAvailable();
// True when RecordSignature and VerifyRecords use the crc32 + pclmulqdq lanes.
bool RecordSignatureHardwareAvailable();

// The standard CRC-32C of |data| (init 0xFFFFFFFF, final XOR 0xFFFFFFFF).
inline uint32_t Crc32c(const void* data, size_t size) { return ~Crc32cUpdate(0xFFFFFFFFu, data, size); }

// Signature of one 80-byte ProfOpDesc: the register over bytes 4..79.
// |record| may be unaligned.
uint32_t RecordSignature(const void* record);
uint32_t RecordSignaturePortable(const void* record);
// True when each of |count| consecutive 80-byte records carries its signature.
bool VerifyRecords(const void* records, size_t count);

#if ACLSIM_RECORD_SIGNATURE_X86
// The record signature with crc32 and pclmulqdq, inline so that a caller
// compiled for the same target (ACLSIM_RECORD_SIGNATURE_X86_TARGET) pays no
// call: RecordSignature and VerifyRecords use it, and libmsprofiler.so's
// accessors inline it. Gives RecordSignaturePortable's bits.
namespace x86 {

// |reg| times x^|m| mod P (reflected: 0x80000000 is the polynomial 1).
constexpr uint32_t MulXPow(uint32_t reg, unsigned m) {
  for (unsigned i = 0; i < m; ++i) reg = (reg & 1) ? (reg >> 1) ^ 0x82F63B78u : reg >> 1;
  return reg;
}

// Bytes 4..79 of a record (a 32-bit word, then nine 64-bit words) as three
// independent lanes of crc32 steps: A = bytes 4..31 (4 steps), B = 32..55 and
// C = 56..79 (3 steps each). crc32 has a 3-cycle latency but issues once or
// more per cycle, so the lanes run side by side: the critical path is four
// steps instead of ten, and consecutive records' work overlaps.
//
// By linearity, reg(A||B||C) = reg(A)*x^(8*48) ^ reg0(B)*x^(8*24) ^ reg0(C)
// (mod P; reg0: zero initial register). A register R is moved over n bytes
// with one carry-less multiply and one crc32: crc32_u64(0, R (x) K) is
// R*K*x^33 mod P, so K = x^(8n-33) mod P; the two products are XORed first
// and share one crc32.
inline constexpr uint64_t kShiftBy48 = MulXPow(0x80000000u, 8 * 48 - 33);
inline constexpr uint64_t kShiftBy24 = MulXPow(0x80000000u, 8 * 24 - 33);

ACLSIM_RECORD_SIGNATURE_X86_TARGET inline uint32_t RecordSignature(const uint8_t* record) {
  // Each word is loaded on its own: copying them into a local array makes the
  // compiler stage them through the stack, and the crc32 steps then wait on
  // store-to-load forwarding.
  const auto w = [record](int i) {
    uint64_t v;
    std::memcpy(&v, record + 8 + 8 * i, 8);
    return v;
  };
  uint32_t head;
  std::memcpy(&head, record + 4, 4);
  uint64_t a = _mm_crc32_u32(0xFFFFFFFFu, head);
  uint64_t b = _mm_crc32_u64(0, w(3));
  uint64_t c = _mm_crc32_u64(0, w(6));
  a = _mm_crc32_u64(a, w(0));
  b = _mm_crc32_u64(b, w(4));
  c = _mm_crc32_u64(c, w(7));
  a = _mm_crc32_u64(a, w(1));
  b = _mm_crc32_u64(b, w(5));
  c = _mm_crc32_u64(c, w(8));
  a = _mm_crc32_u64(a, w(2));
  const __m128i pa = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<int64_t>(a)),
                                          _mm_cvtsi64_si128(static_cast<int64_t>(kShiftBy48)), 0x00);
  const __m128i pb = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<int64_t>(b)),
                                          _mm_cvtsi64_si128(static_cast<int64_t>(kShiftBy24)), 0x00);
  const uint64_t folded = static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_xor_si128(pa, pb)));
  return static_cast<uint32_t>(_mm_crc32_u64(0, folded)) ^ static_cast<uint32_t>(c);
}

}  // namespace x86
#endif

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_CRC32C_H_
