#include "runtime/prof/crc32c.h"

#include <array>
#include <cstring>

#define ACLSIM_HAVE_X86_CRC ACLSIM_RECORD_SIGNATURE_X86

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

// Appending n zero bytes multiplies the register by x^(8n): the table walk and
// the polynomial view of crc32c.h agree.
constexpr uint32_t ShiftPortable(uint32_t reg, size_t zero_bytes) {
  for (size_t i = 0; i < zero_bytes; ++i) reg = kTable[reg & 0xFF] ^ (reg >> 8);
  return reg;
}
static_assert(ShiftPortable(0x80000000u, 24) == x86::MulXPow(0x80000000u, 8 * 24));
static_assert(ShiftPortable(0x12345678u, 48) == x86::MulXPow(0x12345678u, 8 * 48));

ACLSIM_RECORD_SIGNATURE_X86_TARGET uint32_t RecordSignatureHw(const void* record) {
  return x86::RecordSignature(static_cast<const uint8_t*>(record));
}

ACLSIM_RECORD_SIGNATURE_X86_TARGET bool VerifyRecordsHw(const uint8_t* p, size_t count) {
  // No early exit and no dependency between records: the loop stays
  // branch-free and the lanes of successive records overlap.
  uint32_t bad = 0;
  for (size_t i = 0; i < count; ++i) {
    const uint8_t* rec = p + i * 80;
    uint32_t stored;
    std::memcpy(&stored, rec, 4);
    bad |= stored ^ x86::RecordSignature(rec);
  }
  return bad == 0;
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

bool DetectClmul() {
#if ACLSIM_HAVE_X86_CRC
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("pclmul");
#else
  return false;
#endif
}

const bool kHardware = DetectHardware();
// The record signature's lanes need pclmulqdq to combine; a CPU with crc32
// but without it (none since 2010) takes one crc32 chain over the 76 bytes.
const bool kRecordHardware = DetectClmul();

}  // namespace

bool Crc32cHardwareAvailable() { return kHardware; }
bool RecordSignatureHardwareAvailable() { return kRecordHardware; }

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
  if (kRecordHardware) return VerifyRecordsHw(p, count);
#endif
  for (size_t i = 0; i < count; ++i) {
    uint32_t stored;
    std::memcpy(&stored, p + i * 80, 4);
    if (stored != RecordSignature(p + i * 80)) return false;
  }
  return true;
}

uint32_t RecordSignature(const void* record) {
#if ACLSIM_HAVE_X86_CRC
  if (kRecordHardware) return RecordSignatureHw(record);
  if (kHardware) return UpdateHw(0xFFFFFFFFu, static_cast<const uint8_t*>(record) + 4, 76);
#endif
  return RecordSignaturePortable(record);
}

}  // namespace aclsim::prof
