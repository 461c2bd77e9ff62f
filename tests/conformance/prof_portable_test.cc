// Profiling behaviour that any conforming libmsprofiler.so shows without a
// model or a simulator: record accessors on hand-built, correctly signed
// records, step-info rules, Str2Id, msproftx without a session and the HEAD
// session quirks. Part of the portable suite that can run against CANN.
#include <array>
#include <cstring>

#include "acl/acl_prof.h"
#include "conformance_util.h"

namespace aclsim_conformance {
namespace {

// The record signature of spec §3.2, computed here independently: the raw
// reflected CRC-32C register (init 0xFFFFFFFF, no final XOR) of bytes 4..79.
uint32_t Signature(const uint8_t* record) {
  uint32_t reg = 0xFFFFFFFFu;
  for (int i = 4; i < 80; ++i) {
    reg ^= record[i];
    for (int k = 0; k < 8; ++k) reg = (reg & 1) ? (reg >> 1) ^ 0x82F63B78u : reg >> 1;
  }
  return reg;
}

std::array<uint8_t, 80> Record(uint32_t model_id, uint64_t start, uint64_t duration) {
  std::array<uint8_t, 80> r{};
  const uint64_t end = start + duration, op_index = 0xFFFFFFFFFFFFull;  // an index no name table holds
  std::memcpy(r.data() + 4, &model_id, 4);
  std::memcpy(r.data() + 16, &op_index, 8);
  std::memcpy(r.data() + 24, &duration, 8);
  std::memcpy(r.data() + 32, &start, 8);
  std::memcpy(r.data() + 40, &end, 8);
  const uint32_t sig = Signature(r.data());
  std::memcpy(r.data(), &sig, 4);
  return r;
}

TEST(ProfPortable, GivenSpecTestVectorThenSignatureMatches) {
  // Spec §3.2: modelId 1, threadId 12345, opIndex 1, duration 2000, start
  // 1000000, end 1002000, executionTime 1500 → 0x3047A0EE.
  std::array<uint8_t, 80> r{};
  const uint32_t model = 1, tid = 12345;
  const uint64_t index = 1, duration = 2000, start = 1000000, end = 1002000, exec = 1500;
  std::memcpy(r.data() + 4, &model, 4);
  std::memcpy(r.data() + 12, &tid, 4);
  std::memcpy(r.data() + 16, &index, 8);
  std::memcpy(r.data() + 24, &duration, 8);
  std::memcpy(r.data() + 32, &start, 8);
  std::memcpy(r.data() + 40, &end, 8);
  std::memcpy(r.data() + 48, &exec, 8);
  EXPECT_EQ(Signature(r.data()), 0x3047A0EEu);
}

TEST(ProfPortable, GivenSignedRecordsThenNumericAccessorsReadThemAndRejectBadInput) {
  std::array<uint8_t, 160> buf{};
  auto a = Record(7, 1000, 250);
  auto b = Record(8, 5000, 40);
  std::memcpy(buf.data(), a.data(), 80);
  std::memcpy(buf.data() + 80, b.data(), 80);
  size_t size = 0;
  ASSERT_ACL_OK(aclprofGetOpDescSize(&size));
  EXPECT_EQ(size, 80u);
  uint32_t n = 0;
  ASSERT_ACL_OK(aclprofGetOpNum(buf.data(), buf.size(), &n));
  EXPECT_EQ(n, 2u);
  EXPECT_EQ(aclprofGetOpStart(buf.data(), buf.size(), 1), 5000u);
  EXPECT_EQ(aclprofGetOpEnd(buf.data(), buf.size(), 1), 5040u);
  EXPECT_EQ(aclprofGetOpDuration(buf.data(), buf.size(), 0), 250u);
  EXPECT_EQ(aclprofGetModelId(buf.data(), buf.size(), 0), 7u);
  // Bad inputs (spec §3.4).
  EXPECT_EQ(aclprofGetOpDuration(buf.data(), buf.size(), 2), 0u);
  EXPECT_EQ(aclprofGetModelId(buf.data(), buf.size() - 1, 0), 100000u);
  EXPECT_EQ(aclprofGetOpFlag(nullptr, buf.size(), 0), ACL_SUBSCRIBE_NONE);
  EXPECT_EQ(aclprofGetOpFlag(buf.data(), buf.size(), 5), ACL_SUBSCRIBE_OP);
  EXPECT_ACL_ERROR(aclprofGetOpNum(buf.data(), 81, &n), ACL_ERROR_INVALID_PARAM);
  buf[100] ^= 1;  // corrupt the second record
  EXPECT_ACL_ERROR(aclprofGetOpNum(buf.data(), buf.size(), &n), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclprofGetOpDuration(buf.data(), buf.size(), 1), 0u);
  // A name this process never produced cannot be fetched.
  size_t len = 0;
  EXPECT_ACL_ERROR(aclprofGetOpNameLen(buf.data(), 80, 0, &len), ACL_ERROR_INVALID_PARAM);
}

TEST(ProfPortable, GivenStepInfoThenLayoutCounterAndTagRules) {
  struct StepInfoLayout {
    bool start_flag;
    bool end_flag;
    uint64_t index_id;
  };
  aclprofStepInfo* a = aclprofCreateStepInfo();
  aclprofStepInfo* b = aclprofCreateStepInfo();
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  const auto* la = reinterpret_cast<const StepInfoLayout*>(a);
  const auto* lb = reinterpret_cast<const StepInfoLayout*>(b);
  EXPECT_FALSE(la->start_flag);
  EXPECT_FALSE(la->end_flag);
  EXPECT_EQ(lb->index_id, la->index_id + 1);
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(nullptr, ACL_STEP_START, nullptr), ACL_ERROR_INVALID_PARAM);
  aclprofDestroyStepInfo(a);
  aclprofDestroyStepInfo(b);
  aclprofDestroyStepInfo(nullptr);  // logs, no crash
}

// spec §2.3 (corrected): only a repeated ACL_STEP_START or ACL_STEP_END is
// rejected; MindSpore's 60000 and 60001 on one step info both succeed, any
// such tag sets END, and is accepted again.
class ProfPortableSteps : public AclDeviceTest {};

TEST_F(ProfPortableSteps, GivenFrameworkTagsOnOneStepInfoThenOnlyARepeatedStartOrEndIsRejected) {
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_NE(step, nullptr);
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(60000), nullptr));
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(60001), nullptr));
  EXPECT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(60001), nullptr));
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr));
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  aclprofDestroyStepInfo(step);
}

TEST(ProfPortable, GivenStr2IdThenTheSpecHash) {
  EXPECT_EQ(aclprofStr2Id("MatMul"), 0x626628205D1C5684ull);
  EXPECT_EQ(aclprofStr2Id(""), UINT64_MAX);
}

TEST(ProfPortable, GivenNoSessionThenMsproftxFailsWithMinusOneOr100000) {
  EXPECT_EQ(aclprofCreateStamp(), nullptr);
  EXPECT_EQ(aclprofPop(), -1);
  EXPECT_EQ(aclprofPush(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclprofMark(nullptr), -1);
  uint32_t id = 0;
  EXPECT_EQ(aclprofRangeStart(nullptr, &id), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclprofRangeStop(100), -1);
  EXPECT_EQ(aclprofRangePushEx(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclprofRangePop(), ACL_ERROR_INVALID_PARAM);
}

TEST(ProfPortable, GivenNoInitThenStopAndFinalizeSucceedAsAtHead) {
  ASSERT_ACL_OK(aclInit(nullptr));
  EXPECT_ACL_OK(aclprofStop(nullptr));
  EXPECT_ACL_OK(aclprofFinalize());
  EXPECT_ACL_ERROR(aclprofInit(nullptr, 4), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit("/tmp", 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofInit("/tmp", 3), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclFinalize());
}

}  // namespace
}  // namespace aclsim_conformance
