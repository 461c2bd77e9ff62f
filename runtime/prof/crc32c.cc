#include "runtime/prof/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <nmmintrin.h>
#define ACLSIM_HAVE_X86_CRC 1
#else
#define ACLSIM_HAVE_X86_CRC 0
#endif

namespace aclsim::prof {
namespace {

constexpr std::array<uint32_t, 256> MakeTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
    table[i] = c;
  }
  return table;
}
constexpr std::array<uint32_t, 256> kTable = MakeTable();
static_assert(kTable[1] == 0xF26B8303u && kTable[128] == 0x82F63B78u && kTable[255] == 0xAD7D5351u);

#if ACLSIM_HAVE_X86_CRC
__attribute__((target("sse4.2"))) uint32_t UpdateHw(uint32_t reg, const uint8_t* p, size_t n) {
  uint64_t r = reg;
  for (; n >= 8; n -= 8, p += 8) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    r = _mm_crc32_u64(r, v);
  }
  uint32_t r32 = static_cast<uint32_t>(r);
  for (; n > 0; --n, ++p) r32 = _mm_crc32_u8(r32, *p);
  return r32;
}

// Bytes 4..79 of a record: one 32-bit word, then nine 64-bit words, split in
// two independent chains of five crc32 steps each (bytes 4..39 and 40..79) whose registers are combined. The
// crc32 instruction has a 3-cycle latency and 1-cycle throughput, so two
// chains nearly halve the critical path; the combine multiplies the first
// chain's register by x^(8*40) mod P, a constant for this fixed layout,
// through four 256-entry tables (reg(A||B) = shift40(reg(A)) ^ reg0(B)).
struct ShiftTables {
  uint32_t t[4][256];
};

// Register transform of appending |zero_bytes| zero bytes (linear over GF(2)).
constexpr uint32_t ShiftPortable(uint32_t reg, size_t zero_bytes) {
  for (size_t i = 0; i < zero_bytes; ++i) reg = kTable[reg & 0xFF] ^ (reg >> 8);
  return reg;
}

constexpr ShiftTables MakeShiftTables(size_t zero_bytes) {
  ShiftTables s{};
  for (int b = 0; b < 4; ++b) {
    for (uint32_t v = 0; v < 256; ++v) s.t[b][v] = ShiftPortable(v << (8 * b), zero_bytes);
  }
  return s;
}

constexpr ShiftTables kShift40 = MakeShiftTables(40);

__attribute__((target("sse4.2"))) uint32_t RecordSignatureHw(const void* record) {
  const auto* p = static_cast<const uint8_t*>(record);
  uint32_t head;
  std::memcpy(&head, p + 4, 4);
  uint64_t w[9];
  std::memcpy(w, p + 8, sizeof(w));
  // Chain A: init register over bytes 4..39 (head, w0..w3).
  uint64_t a = _mm_crc32_u32(0xFFFFFFFFu, head);
  // Chain B: zero-initialised register over bytes 40..79 (w4..w8).
  uint64_t b = _mm_crc32_u64(0, w[4]);
  a = _mm_crc32_u64(a, w[0]);
  b = _mm_crc32_u64(b, w[5]);
  a = _mm_crc32_u64(a, w[1]);
  b = _mm_crc32_u64(b, w[6]);
  a = _mm_crc32_u64(a, w[2]);
  b = _mm_crc32_u64(b, w[7]);
  a = _mm_crc32_u64(a, w[3]);
  b = _mm_crc32_u64(b, w[8]);
  // reg(A || B) = shift(reg(A), |B|) ^ reg0(B), by linearity of the register update.
  uint32_t ra = static_cast<uint32_t>(a);
  uint32_t shifted = kShift40.t[0][ra & 0xFF] ^ kShift40.t[1][(ra >> 8) & 0xFF] ^ kShift40.t[2][(ra >> 16) & 0xFF] ^
                     kShift40.t[3][ra >> 24];
  return shifted ^ static_cast<uint32_t>(b);
}
__attribute__((target("sse4.2"))) bool VerifyRecordsHw(const uint8_t* p, size_t count) {
  bool ok = true;
  for (size_t i = 0; i < count; ++i) {
    const uint8_t* rec = p + i * 80;
    uint32_t stored;
    std::memcpy(&stored, rec, 4);
    ok &= stored == RecordSignatureHw(rec);  // no early exit: keeps the loop branch-free
  }
  return ok;
}
#endif

bool DetectHardware() {
#if ACLSIM_HAVE_X86_CRC
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
#else
  return false;
#endif
}

const bool kHardware = DetectHardware();

}  // namespace

bool Crc32cHardwareAvailable() { return kHardware; }

uint32_t Crc32cUpdatePortable(uint32_t reg, const void* data, size_t size) {
  const auto* p = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < size; ++i) reg = kTable[(reg ^ p[i]) & 0xFF] ^ (reg >> 8);
  return reg;
}

uint32_t Crc32cUpdate(uint32_t reg, const void* data, size_t size) {
  if (data == nullptr) return reg;
#if ACLSIM_HAVE_X86_CRC
  if (kHardware) return UpdateHw(reg, static_cast<const uint8_t*>(data), size);
#endif
  return Crc32cUpdatePortable(reg, data, size);
}

uint32_t RecordSignaturePortable(const void* record) {
  return Crc32cUpdatePortable(0xFFFFFFFFu, static_cast<const uint8_t*>(record) + 4, 76);
}

bool VerifyRecords(const void* records, size_t count) {
  const auto* p = static_cast<const uint8_t*>(records);
#if ACLSIM_HAVE_X86_CRC
  if (kHardware) return VerifyRecordsHw(p, count);
#endif
  for (size_t i = 0; i < count; ++i) {
    uint32_t stored;
    std::memcpy(&stored, p + i * 80, 4);
    if (stored != RecordSignaturePortable(p + i * 80)) return false;
  }
  return true;
}

uint32_t RecordSignature(const void* record) {
#if ACLSIM_HAVE_X86_CRC
  if (kHardware) return RecordSignatureHw(record);
#endif
  return RecordSignaturePortable(record);
}

}  // namespace aclsim::prof
