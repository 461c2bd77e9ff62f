// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78).
//
// Used for the ProfOpDesc signature (spec §3.2): the raw CRC register after
// processing the bytes with initial value 0xFFFFFFFF and no final XOR, i.e.
// the bitwise inverse of the standard CRC-32C check value. The SSE4.2 crc32
// instruction is used when the CPU has it (checked once at run time), with a
// portable table-driven fallback.
#ifndef ACLSIM_RUNTIME_PROF_CRC32C_H_
#define ACLSIM_RUNTIME_PROF_CRC32C_H_

#include <cstddef>
#include <cstdint>

namespace aclsim::prof {

// Updates the raw CRC register |reg| with |size| bytes (no inversion).
uint32_t Crc32cUpdate(uint32_t reg, const void* data, size_t size);
// Portable and hardware implementations (the latter only where supported).
uint32_t Crc32cUpdatePortable(uint32_t reg, const void* data, size_t size);
bool Crc32cHardwareAvailable();

// The standard CRC-32C of |data| (init 0xFFFFFFFF, final XOR 0xFFFFFFFF).
inline uint32_t Crc32c(const void* data, size_t size) { return ~Crc32cUpdate(0xFFFFFFFFu, data, size); }

// Signature of one 80-byte ProfOpDesc: the register over bytes 4..79.
// |record| may be unaligned.
uint32_t RecordSignature(const void* record);
uint32_t RecordSignaturePortable(const void* record);
// True when each of |count| consecutive 80-byte records carries its signature.
bool VerifyRecords(const void* records, size_t count);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_CRC32C_H_
