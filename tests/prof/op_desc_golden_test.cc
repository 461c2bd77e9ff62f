// Golden-bytes and round-trip tests of the v2 ProfOpDesc record (spec §3.1,
// §3.2) and of the accessor helpers CheckedRecord / UncheckedRecord /
// CountRecords (spec §2.2, §3.4, with aclsim's documented difference: only the
// addressed record's signature is checked per accessor call).
#include "runtime/prof/op_desc.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace aclsim::prof {
namespace {

std::vector<uint8_t> ReadHexGolden(const std::string& name) {
  const std::string path = std::string(ACLSIM_PROF_GOLDEN_DIR) + "/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  std::string hex;
  for (char c : ss.str()) {
    if (!std::isspace(static_cast<unsigned char>(c))) hex.push_back(c);
  }
  EXPECT_EQ(hex.size() % 2, 0u);
  std::vector<uint8_t> bytes;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) {
    bytes.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
  }
  return bytes;
}

ProfOpDesc SpecRecord() {
  ProfOpDesc d = ProfOpDesc::Default();
  d.model_id = 1;
  d.flag = 0;
  d.thread_id = 12345;
  d.op_index = 1;
  d.duration = 2000;
  d.start = 1000000;
  d.end = 1002000;
  d.execution_time = 1500;
  d.cube_fops = 0;
  d.vector_fops = 0;
  d.dev_id = 0;
  d.padding = 0;
  d.Seal();
  return d;
}

std::vector<uint8_t> Bytes(const ProfOpDesc& d) {
  std::vector<uint8_t> out(sizeof(d));
  std::memcpy(out.data(), &d, sizeof(d));
  return out;
}

ProfOpDesc RandomRecord(std::mt19937_64& rng) {
  ProfOpDesc d = ProfOpDesc::Default();
  d.model_id = static_cast<uint32_t>(rng());
  d.flag = static_cast<uint32_t>(rng() % 3);
  d.thread_id = static_cast<uint32_t>(rng());
  d.op_index = rng();
  d.duration = rng();
  d.start = rng();
  d.end = rng();
  d.execution_time = rng();
  d.cube_fops = rng();
  d.vector_fops = rng();
  d.dev_id = static_cast<uint32_t>(rng());
  d.Seal();
  return d;
}

// A buffer of |n| sealed records with distinct contents.
std::vector<uint8_t> Records(size_t n, uint64_t seed = 7) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> buf(n * kOpDescSize);
  for (size_t i = 0; i < n; ++i) {
    ProfOpDesc d = RandomRecord(rng);
    std::memcpy(buf.data() + i * kOpDescSize, &d, kOpDescSize);
  }
  return buf;
}

uint32_t F32(const uint8_t* rec, Field f) { return Load32(rec + static_cast<uint32_t>(f)); }
uint64_t F64(const uint8_t* rec, Field f) { return Load64(rec + static_cast<uint32_t>(f)); }

TEST(ProfOpDescGolden, GivenOpDescThenSizeIs80) { EXPECT_EQ(kOpDescSize, 80u); }

TEST(ProfOpDescGolden, GivenDefaultThenAllEightyBytesAreZero) {
  const ProfOpDesc d = ProfOpDesc::Default();
  EXPECT_EQ(Bytes(d), std::vector<uint8_t>(80, 0));
}

TEST(ProfOpDescGolden, GivenSpecRecordWhenSealedThenSignatureIs3047A0EE) {
  EXPECT_EQ(SpecRecord().signature, 0x3047A0EEu);
}

TEST(ProfOpDescGolden, GivenSpecRecordWhenSealedThenBytesEqualGoldenFile) {
  const std::vector<uint8_t> golden = ReadHexGolden("prof_op_desc_v2.hex");
  ASSERT_EQ(golden.size(), 80u);
  EXPECT_EQ(Bytes(SpecRecord()), golden);
}

TEST(ProfOpDescGolden, GivenGoldenBytesThenHelpersDecodeSpecFields) {
  const std::vector<uint8_t> golden = ReadHexGolden("prof_op_desc_v2.hex");
  ASSERT_EQ(golden.size(), 80u);
  const uint8_t* rec = CheckedRecord(golden.data(), golden.size(), 0);
  ASSERT_NE(rec, nullptr);
  EXPECT_EQ(rec, golden.data());
  EXPECT_EQ(Load32(rec), 0x3047A0EEu);
  EXPECT_EQ(F32(rec, Field::kModelId), 1u);
  EXPECT_EQ(F32(rec, Field::kFlag), 0u);
  EXPECT_EQ(F32(rec, Field::kThreadId), 12345u);
  EXPECT_EQ(F64(rec, Field::kOpIndex), 1u);
  EXPECT_EQ(F64(rec, Field::kDuration), 2000u);
  EXPECT_EQ(F64(rec, Field::kStart), 1000000u);
  EXPECT_EQ(F64(rec, Field::kEnd), 1002000u);
  EXPECT_EQ(F64(rec, Field::kExecutionTime), 1500u);
  EXPECT_EQ(F64(rec, Field::kCubeFops), 0u);
  EXPECT_EQ(F64(rec, Field::kVectorFops), 0u);
  EXPECT_EQ(F32(rec, Field::kDevId), 0u);
  EXPECT_EQ(Load32(rec + 76), 0u);
}

TEST(ProfOpDescGolden, GivenFieldEnumThenOffsetsMatchSpec) {
  EXPECT_EQ(static_cast<uint32_t>(Field::kModelId), 4u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kFlag), 8u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kThreadId), 12u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kOpIndex), 16u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kDuration), 24u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kStart), 32u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kEnd), 40u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kExecutionTime), 48u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kCubeFops), 56u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kVectorFops), 64u);
  EXPECT_EQ(static_cast<uint32_t>(Field::kDevId), 72u);
  EXPECT_EQ(kFlagOp, 0u);
  EXPECT_EQ(kFlagSubgraph, 1u);
  EXPECT_EQ(kFlagOpThread, 2u);
}

TEST(ProfOpDescGolden, GivenRandomRecordsWhenEncodedThenHelpersDecodeEveryField) {
  std::mt19937_64 rng(1234);
  constexpr size_t kCount = 64;
  std::vector<ProfOpDesc> originals;
  // One extra byte in front so that every record is unaligned.
  std::vector<uint8_t> storage(kCount * kOpDescSize + 1);
  uint8_t* buf = storage.data() + 1;
  for (size_t i = 0; i < kCount; ++i) {
    originals.push_back(RandomRecord(rng));
    std::memcpy(buf + i * kOpDescSize, &originals.back(), kOpDescSize);
  }
  uint32_t count = 0;
  ASSERT_TRUE(CountRecords(buf, kCount * kOpDescSize, &count));
  EXPECT_EQ(count, kCount);
  for (uint32_t i = 0; i < kCount; ++i) {
    const ProfOpDesc& o = originals[i];
    const uint8_t* rec = CheckedRecord(buf, kCount * kOpDescSize, i);
    ASSERT_NE(rec, nullptr) << i;
    EXPECT_EQ(rec, buf + i * kOpDescSize);
    EXPECT_EQ(Load32(rec), o.signature);
    EXPECT_EQ(Load32(rec), RecordSignaturePortable(rec));
    EXPECT_EQ(F32(rec, Field::kModelId), o.model_id);
    EXPECT_EQ(F32(rec, Field::kFlag), o.flag);
    EXPECT_EQ(F32(rec, Field::kThreadId), o.thread_id);
    EXPECT_EQ(F64(rec, Field::kOpIndex), o.op_index);
    EXPECT_EQ(F64(rec, Field::kDuration), o.duration);
    EXPECT_EQ(F64(rec, Field::kStart), o.start);
    EXPECT_EQ(F64(rec, Field::kEnd), o.end);
    EXPECT_EQ(F64(rec, Field::kExecutionTime), o.execution_time);
    EXPECT_EQ(F64(rec, Field::kCubeFops), o.cube_fops);
    EXPECT_EQ(F64(rec, Field::kVectorFops), o.vector_fops);
    EXPECT_EQ(F32(rec, Field::kDevId), o.dev_id);
    EXPECT_EQ(Load32(rec + 76), 0u);
    // Decode back into a struct: byte-identical.
    ProfOpDesc back;
    std::memcpy(&back, rec, kOpDescSize);
    EXPECT_EQ(std::memcmp(&back, &o, kOpDescSize), 0);
  }
}

TEST(ProfOpDescGolden, GivenNonZeroPaddingThenSignatureCoversIt) {
  ProfOpDesc d = SpecRecord();
  d.padding = 1;
  d.Seal();
  EXPECT_NE(d.signature, 0x3047A0EEu);
  EXPECT_EQ(d.signature, RecordSignaturePortable(&d));
}

TEST(ProfOpDescGolden, GivenNullBufferThenCheckedRecordIsNull) {
  EXPECT_EQ(CheckedRecord(nullptr, 80, 0), nullptr);
  EXPECT_EQ(CheckedRecord(nullptr, 0, 0), nullptr);
}

TEST(ProfOpDescGolden, GivenLengthNotMultipleOf80ThenCheckedRecordIsNull) {
  const std::vector<uint8_t> buf = Records(3);
  ASSERT_NE(CheckedRecord(buf.data(), 240, 0), nullptr);
  for (size_t len : {1u, 79u, 81u, 159u, 161u, 239u}) {
    EXPECT_EQ(CheckedRecord(buf.data(), len, 0), nullptr) << len;
  }
}

TEST(ProfOpDescGolden, GivenLengthAbove32BitsThenItIsTruncated) {
  const std::vector<uint8_t> buf = Records(2);
  // (1 << 32) + 80 truncates to 80: only record 0 is addressable.
  const size_t len = (size_t{1} << 32) + 80;
  EXPECT_EQ(CheckedRecord(buf.data(), len, 0), buf.data());
  EXPECT_EQ(CheckedRecord(buf.data(), len, 1), nullptr);
  // (1 << 32) + 1 truncates to 1: not a multiple of 80.
  EXPECT_EQ(CheckedRecord(buf.data(), (size_t{1} << 32) + 1, 0), nullptr);
  // 1 << 32 truncates to 0: nothing addressable.
  EXPECT_EQ(CheckedRecord(buf.data(), size_t{1} << 32, 0), nullptr);
  uint32_t count = 99;
  ASSERT_TRUE(CountRecords(buf.data(), len, &count));
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(UncheckedRecord(buf.data(), len, 0), buf.data());
  EXPECT_EQ(UncheckedRecord(buf.data(), len, 1), nullptr);
}

TEST(ProfOpDescGolden, GivenIndexUint32MaxThenCheckedRecordIsNull) {
  const std::vector<uint8_t> buf = Records(1);
  EXPECT_EQ(CheckedRecord(buf.data(), 80, UINT32_MAX), nullptr);
  EXPECT_EQ(CheckedRecord(buf.data(), 0xFFFFFFB0u, UINT32_MAX), nullptr);
  EXPECT_EQ(UncheckedRecord(buf.data(), 80, UINT32_MAX), nullptr);
}

TEST(ProfOpDescGolden, GivenIndexOutOfRangeThenCheckedRecordIsNull) {
  const std::vector<uint8_t> buf = Records(3);
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 2), buf.data() + 160);
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 3), nullptr);
  EXPECT_EQ(CheckedRecord(buf.data(), 160, 2), nullptr);
  EXPECT_EQ(CheckedRecord(buf.data(), 0, 0), nullptr);
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 1000000), nullptr);
  // (index + 1) * 80 would overflow 32 bits.
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 0x4000000u), nullptr);
  EXPECT_EQ(CheckedRecord(buf.data(), 240, UINT32_MAX - 1), nullptr);
}

TEST(ProfOpDescGolden, GivenCorruptedAddressedRecordThenCheckedRecordIsNull) {
  std::vector<uint8_t> buf = Records(3);
  buf[80 + 33] ^= 0x01;  // a bit of record 1's start field
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 1), nullptr);
  buf[80 + 33] ^= 0x01;
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 1), buf.data() + 80);
  buf[80 + 0] ^= 0x80;  // the signature itself
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 1), nullptr);
  buf[80 + 0] ^= 0x80;
  buf[80 + 79] ^= 0x10;  // the padding
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 1), nullptr);
}

TEST(ProfOpDescGolden, GivenAnotherRecordCorruptedThenCheckedRecordStillReturnsThisOne) {
  // aclsim difference (op_desc.h): only the addressed record is verified;
  // CANN would fail every accessor on this buffer. CountRecords checks all.
  std::vector<uint8_t> buf = Records(3);
  buf[160 + 50] ^= 0xFF;  // record 2
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 0), buf.data());
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 1), buf.data() + 80);
  EXPECT_EQ(CheckedRecord(buf.data(), 240, 2), nullptr);
  uint32_t count = 12345;
  EXPECT_FALSE(CountRecords(buf.data(), 240, &count));
  EXPECT_EQ(count, 12345u);  // untouched on failure
}

// The memo and x86 variants of CheckedRecord (op_desc.h) give CheckedRecord's
// result for every call: a record read again unchanged, then each single-bit
// change of it (which must not be answered from the memo), other indices,
// lengths that are not a multiple of 80, and null.
using CheckFn = const uint8_t* (*)(const void*, size_t, uint32_t);

void ExpectSameAsCheckedRecord(CheckFn check) {
  std::vector<uint8_t> buf = Records(4, 11);
  for (uint32_t i = 0; i < 5; ++i) {
    ASSERT_EQ(check(buf.data(), buf.size(), i), CheckedRecord(buf.data(), buf.size(), i)) << i;
    ASSERT_EQ(check(buf.data(), buf.size(), i), CheckedRecord(buf.data(), buf.size(), i)) << i;
  }
  for (size_t byte = 0; byte < buf.size(); ++byte) {
    const uint32_t index = static_cast<uint32_t>(byte / kOpDescSize);
    for (int bit = 0; bit < 8; ++bit) {
      ASSERT_EQ(check(buf.data(), buf.size(), index), buf.data() + index * kOpDescSize) << byte;
      buf[byte] ^= static_cast<uint8_t>(1u << bit);
      ASSERT_EQ(check(buf.data(), buf.size(), index), nullptr) << "byte " << byte << " bit " << bit;
      ASSERT_EQ(check(buf.data(), buf.size(), index), nullptr) << "byte " << byte << " bit " << bit;
      buf[byte] ^= static_cast<uint8_t>(1u << bit);
    }
  }
  EXPECT_EQ(check(buf.data(), buf.size() - 1, 0), nullptr);
  EXPECT_EQ(check(buf.data(), buf.size(), UINT32_MAX), nullptr);
  EXPECT_EQ(check(nullptr, buf.size(), 0), nullptr);
  EXPECT_EQ(check(buf.data(), (size_t{1} << 32) + 80, 0), buf.data());
  EXPECT_EQ(check(buf.data(), (size_t{1} << 32) + 80, 1), nullptr);
}

TEST(ProfOpDescGolden, GivenMemoCheckThenEveryResultEqualsCheckedRecord) {
  ExpectSameAsCheckedRecord(&CheckedRecordMemo);
}

#if ACLSIM_RECORD_SIGNATURE_X86
TEST(ProfOpDescGolden, GivenX86CheckThenEveryResultEqualsCheckedRecord) {
  if (!RecordSignatureHardwareAvailable()) GTEST_SKIP() << "the CPU lacks crc32 or pclmulqdq";
  ExpectSameAsCheckedRecord(&CheckedRecordX86);
}
#endif

TEST(ProfOpDescGolden, GivenUncheckedRecordThenSignaturesAndLengthMultiplesAreIgnored) {
  std::vector<uint8_t> buf = Records(3);
  buf[80 + 8] ^= 0xFF;  // corrupt record 1 (its flag)
  EXPECT_EQ(UncheckedRecord(buf.data(), 240, 1), buf.data() + 80);
  // 239 is not a multiple of 80: records 0 and 1 fit, record 2 does not.
  EXPECT_EQ(UncheckedRecord(buf.data(), 239, 0), buf.data());
  EXPECT_EQ(UncheckedRecord(buf.data(), 239, 1), buf.data() + 80);
  EXPECT_EQ(UncheckedRecord(buf.data(), 239, 2), nullptr);
  EXPECT_EQ(UncheckedRecord(buf.data(), 100, 0), buf.data());
  EXPECT_EQ(UncheckedRecord(buf.data(), 100, 1), nullptr);
  EXPECT_EQ(UncheckedRecord(buf.data(), 79, 0), nullptr);
  EXPECT_EQ(UncheckedRecord(nullptr, 240, 0), nullptr);
}

TEST(ProfOpDescGolden, GivenEmptyNonNullBufferThenCountIsZero) {
  uint8_t dummy = 0;
  uint32_t count = 77;
  EXPECT_TRUE(CountRecords(&dummy, 0, &count));
  EXPECT_EQ(count, 0u);
}

TEST(ProfOpDescGolden, GivenCountRecordsBadArgumentsThenFalse) {
  const std::vector<uint8_t> buf = Records(2);
  uint32_t count = 5;
  EXPECT_FALSE(CountRecords(nullptr, 160, &count));
  EXPECT_FALSE(CountRecords(nullptr, 0, &count));
  EXPECT_FALSE(CountRecords(buf.data(), 160, nullptr));
  EXPECT_FALSE(CountRecords(buf.data(), 159, &count));
  EXPECT_FALSE(CountRecords(buf.data(), 81, &count));
  EXPECT_EQ(count, 5u);
  EXPECT_TRUE(CountRecords(buf.data(), 160, &count));
  EXPECT_EQ(count, 2u);
  EXPECT_TRUE(CountRecords(buf.data(), 80, &count));
  EXPECT_EQ(count, 1u);
}

TEST(ProfOpDescGolden, GivenManyValidRecordsThenCountRecordsCountsAll) {
  const std::vector<uint8_t> buf = Records(1000, 99);
  uint32_t count = 0;
  ASSERT_TRUE(CountRecords(buf.data(), buf.size(), &count));
  EXPECT_EQ(count, 1000u);
}

}  // namespace
}  // namespace aclsim::prof
