// Tests of runtime/prof/crc32c: the standard CRC-32C check values, the raw
// register test vectors of spec §3.2, and agreement between the hardware
// (SSE4.2, and crc32 lanes with pclmulqdq) paths and the portable
// table-driven path.
#include "runtime/prof/crc32c.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace aclsim::prof {
namespace {

constexpr char kCheck[] = "123456789";

TEST(ProfCrc32c, GivenCheckStringThenStandardCrcIsE3069283) { EXPECT_EQ(Crc32c(kCheck, 9), 0xE3069283u); }

TEST(ProfCrc32c, GivenCheckStringThenRawRegisterIs1CF96D7C) {
  EXPECT_EQ(Crc32cUpdate(0xFFFFFFFFu, kCheck, 9), 0x1CF96D7Cu);
  EXPECT_EQ(Crc32cUpdatePortable(0xFFFFFFFFu, kCheck, 9), 0x1CF96D7Cu);
}

TEST(ProfCrc32c, GivenCheckStringSplitAnywhereThenUpdatesChain) {
  for (size_t split = 0; split <= 9; ++split) {
    uint32_t reg = Crc32cUpdate(0xFFFFFFFFu, kCheck, split);
    reg = Crc32cUpdate(reg, kCheck + split, 9 - split);
    EXPECT_EQ(reg, 0x1CF96D7Cu) << "split at " << split;
  }
}

TEST(ProfCrc32c, Given76ZeroBytesThenRawRegisterIs33C97B9A) {
  const std::vector<uint8_t> zeros(76, 0);
  EXPECT_EQ(Crc32cUpdate(0xFFFFFFFFu, zeros.data(), zeros.size()), 0x33C97B9Au);
  EXPECT_EQ(Crc32cUpdatePortable(0xFFFFFFFFu, zeros.data(), zeros.size()), 0x33C97B9Au);
}

TEST(ProfCrc32c, Given68ZeroBytesThenRawRegisterIs27F2B917) {
  const std::vector<uint8_t> zeros(68, 0);
  EXPECT_EQ(Crc32cUpdate(0xFFFFFFFFu, zeros.data(), zeros.size()), 0x27F2B917u);
  EXPECT_EQ(Crc32cUpdatePortable(0xFFFFFFFFu, zeros.data(), zeros.size()), 0x27F2B917u);
}

TEST(ProfCrc32c, GivenAllZeroRecordThenSignatureIsRegisterOf76ZeroBytes) {
  const std::vector<uint8_t> record(80, 0);
  EXPECT_EQ(RecordSignature(record.data()), 0x33C97B9Au);
  EXPECT_EQ(RecordSignaturePortable(record.data()), 0x33C97B9Au);
}

TEST(ProfCrc32c, GivenRecordThenSignatureIgnoresTheSignatureField) {
  std::vector<uint8_t> record(80, 0);
  const uint32_t junk = 0xDEADBEEFu;
  std::memcpy(record.data(), &junk, 4);
  EXPECT_EQ(RecordSignature(record.data()), 0x33C97B9Au);
  EXPECT_EQ(RecordSignaturePortable(record.data()), 0x33C97B9Au);
}

TEST(ProfCrc32c, GivenNullDataThenRegisterIsUnchanged) {
  EXPECT_EQ(Crc32cUpdate(0xFFFFFFFFu, nullptr, 0), 0xFFFFFFFFu);
  EXPECT_EQ(Crc32cUpdate(0xFFFFFFFFu, nullptr, 17), 0xFFFFFFFFu);
  EXPECT_EQ(Crc32cUpdate(0x12345678u, nullptr, 5), 0x12345678u);
}

TEST(ProfCrc32c, GivenEmptyInputThenRegisterIsUnchanged) {
  EXPECT_EQ(Crc32cUpdate(0xFFFFFFFFu, kCheck, 0), 0xFFFFFFFFu);
  EXPECT_EQ(Crc32cUpdatePortable(0xFFFFFFFFu, kCheck, 0), 0xFFFFFFFFu);
  EXPECT_EQ(Crc32c(kCheck, 0), 0u);
}

TEST(ProfCrc32c, GivenRandomRecordsThenHardwareSignatureEqualsPortable) {
  std::mt19937_64 rng(0xAC15123u);
  std::vector<uint8_t> storage(80 + 16);
  for (int i = 0; i < 5000; ++i) {
    for (auto& b : storage) b = static_cast<uint8_t>(rng());
    const uint8_t* rec = storage.data();
    ASSERT_EQ(RecordSignature(rec), RecordSignaturePortable(rec)) << "record " << i;
    ASSERT_EQ(RecordSignaturePortable(rec), Crc32cUpdatePortable(0xFFFFFFFFu, rec + 4, 76)) << "record " << i;
  }
}

TEST(ProfCrc32c, GivenRandomRecordsAtUnalignedOffsetsThenHardwareSignatureEqualsPortable) {
  std::mt19937_64 rng(0x5EED0001u);
  // 8-byte aligned base so that offsets 1..7 are really unaligned.
  std::vector<uint64_t> words((80 + 16) / 8);
  auto* base = reinterpret_cast<uint8_t*>(words.data());
  for (size_t offset = 1; offset <= 7; ++offset) {
    for (int i = 0; i < 2000; ++i) {
      for (size_t k = 0; k < words.size() * 8; ++k) base[k] = static_cast<uint8_t>(rng());
      const uint8_t* rec = base + offset;
      ASSERT_EQ(RecordSignature(rec), RecordSignaturePortable(rec)) << "offset " << offset << " record " << i;
      ASSERT_EQ(RecordSignaturePortable(rec), Crc32cUpdatePortable(0xFFFFFFFFu, rec + 4, 76));
    }
  }
}

TEST(ProfCrc32c, GivenSparseRecordsThenHardwareSignatureEqualsPortable) {
  // Single set bits exercise every position of the two-chain combine.
  for (size_t byte = 4; byte < 80; ++byte) {
    for (int bit = 0; bit < 8; ++bit) {
      uint8_t rec[80] = {};
      rec[byte] = static_cast<uint8_t>(1u << bit);
      ASSERT_EQ(RecordSignature(rec), RecordSignaturePortable(rec)) << "byte " << byte << " bit " << bit;
    }
  }
}

// The three-lane signature (crc32 + pclmulqdq) against the byte-table path:
// random records, then every single-byte change of a record, each of which
// must change the signature and fail VerifyRecords in any position of a batch.
TEST(ProfCrc32c, GivenRandomRecordsAndEverySingleByteChangeThenLaneSignatureEqualsPortable) {
  std::mt19937_64 rng(0x3A4E5u);
  uint8_t rec[80];
  for (int i = 0; i < 200; ++i) {
    for (auto& b : rec) b = static_cast<uint8_t>(rng());
    const uint32_t sealed = RecordSignaturePortable(rec);
    ASSERT_EQ(RecordSignature(rec), sealed) << "record " << i;
    for (size_t byte = 4; byte < 80; ++byte) {
      const uint8_t saved = rec[byte];
      rec[byte] = static_cast<uint8_t>(saved ^ (1u + rng() % 255));
      ASSERT_EQ(RecordSignature(rec), RecordSignaturePortable(rec)) << "record " << i << " byte " << byte;
      ASSERT_NE(RecordSignature(rec), sealed) << "record " << i << " byte " << byte;
      rec[byte] = saved;
    }
  }
}

TEST(ProfCrc32c, GivenBatchWithOneChangedByteThenVerifyRecordsFailsAtEveryPosition) {
  constexpr size_t kCount = 9;
  std::mt19937_64 rng(0xBA7C4u);
  std::vector<uint8_t> batch(kCount * 80);
  for (auto& b : batch) b = static_cast<uint8_t>(rng());
  for (size_t r = 0; r < kCount; ++r) {
    const uint32_t sig = RecordSignaturePortable(batch.data() + 80 * r);
    std::memcpy(batch.data() + 80 * r, &sig, 4);
  }
  ASSERT_TRUE(VerifyRecords(batch.data(), kCount));
  for (size_t at = 0; at < batch.size(); ++at) {
    batch[at] ^= 0x5A;
    ASSERT_FALSE(VerifyRecords(batch.data(), kCount)) << "byte " << at;
    batch[at] ^= 0x5A;
  }
  ASSERT_TRUE(VerifyRecords(batch.data(), kCount));
}

TEST(ProfCrc32c, GivenX86HostThenLaneSignatureReportedAvailableWhenCpuHasSse42AndPclmul) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  EXPECT_EQ(RecordSignatureHardwareAvailable(), __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("pclmul"));
#else
  EXPECT_FALSE(RecordSignatureHardwareAvailable());
#endif
}

TEST(ProfCrc32c, GivenRandomLengthsThenUpdateEqualsPortable) {
  std::mt19937_64 rng(0xC0FFEEu);
  std::vector<uint8_t> buf(300 + 8);
  for (int i = 0; i < 3000; ++i) {
    const size_t len = static_cast<size_t>(rng() % 301);
    const size_t offset = static_cast<size_t>(rng() % 8);
    const uint32_t init = (i % 2 == 0) ? 0xFFFFFFFFu : static_cast<uint32_t>(rng());
    for (auto& b : buf) b = static_cast<uint8_t>(rng());
    ASSERT_EQ(Crc32cUpdate(init, buf.data() + offset, len), Crc32cUpdatePortable(init, buf.data() + offset, len))
        << "len " << len << " offset " << offset;
  }
}

TEST(ProfCrc32c, GivenEveryLengthUpTo300ThenUpdateEqualsPortable) {
  std::mt19937_64 rng(42);
  std::vector<uint8_t> buf(300);
  for (auto& b : buf) b = static_cast<uint8_t>(rng());
  for (size_t len = 0; len <= 300; ++len) {
    ASSERT_EQ(Crc32cUpdate(0xFFFFFFFFu, buf.data(), len), Crc32cUpdatePortable(0xFFFFFFFFu, buf.data(), len))
        << "len " << len;
  }
}

TEST(ProfCrc32c, GivenX86HostThenHardwareReportedAvailableWhenCpuHasSse42) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  EXPECT_EQ(Crc32cHardwareAvailable(), static_cast<bool>(__builtin_cpu_supports("sse4.2")));
#else
  EXPECT_FALSE(Crc32cHardwareAvailable());
#endif
}

}  // namespace
}  // namespace aclsim::prof
