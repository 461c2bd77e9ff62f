// The record accessors of acl_prof.h against every malformed input of spec
// §3.4, on records produced by a real subscription.
#include <cstring>

#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

class Accessors : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));  // the device timeline alone
    ASSERT_ACL_OK(aclrtSetDevice(0));
    model_ = std::make_unique<LoadedModel>("sample_mlp.json");
    PipeReader reader;
    aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
    ASSERT_ACL_OK(aclprofModelSubscribe(model_->id(), config));
    ASSERT_ACL_OK(model_->Execute());
    ASSERT_ACL_OK(aclprofModelUnSubscribe(model_->id()));
    reader.Join();
    ASSERT_ACL_OK(aclprofDestroySubscribeConfig(config));
    buf_ = reader.bytes;
    ASSERT_EQ(buf_.size(), 9u * 80u);
    // What the backend scheduled, read before any test corrupts the buffer:
    // the tests of bad input compare against these, so they hold on every
    // backend; GivenValidBufferThenFieldsAreTheScheduledOnes pins the
    // simulator's values.
    for (uint32_t i = 0; i < 9; ++i) {
      durations_[i] = aclprofGetOpDuration(p(), len(), i);
      ASSERT_GT(durations_[i], 0u) << "record " << i;
    }
  }
  void TearDown() override {
    model_.reset();
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  const void* p() const { return buf_.data(); }
  size_t len() const { return buf_.size(); }

  std::unique_ptr<LoadedModel> model_;
  std::vector<char> buf_;       // 9 records of sample_mlp: fc1, fc1.bias_add, ...
  uint64_t durations_[9] = {};  // each record's duration in the intact buffer
};

TEST_F(Accessors, GivenValidBufferThenFieldsAreTheScheduledOnes) {
  ACLSIM_REQUIRE_BACKEND_FEATURE("fresh_device_clock");
  uint32_t n = 0;
  ASSERT_ACL_OK(aclprofGetOpNum(p(), len(), &n));
  EXPECT_EQ(n, 9u);
  EXPECT_EQ(aclprofGetOpStart(p(), len(), 0), kClockOriginNs);
  EXPECT_EQ(aclprofGetOpEnd(p(), len(), 0), kClockOriginNs + 9000u);
  EXPECT_EQ(aclprofGetOpDuration(p(), len(), 0), 9000u);
  EXPECT_EQ(durations_[0], 9000u);
  EXPECT_EQ(durations_[1], 5100u);
  EXPECT_EQ(durations_[2], 5100u);
  EXPECT_EQ(durations_[3], 9000u);
  EXPECT_EQ(durations_[6], 9000u);
  EXPECT_EQ(aclprofGetOpStart(p(), len(), 8), kClockOriginNs + 52500u);
  EXPECT_EQ(aclprofGetOpDuration(p(), len(), 8), 9107u);
  EXPECT_EQ(aclprofGetModelId(p(), len(), 3), model_->id());
  EXPECT_EQ(aclprofGetGraphId(p(), len(), 3), model_->id());
  EXPECT_EQ(aclprofGetOpFlag(p(), len(), 0), ACL_SUBSCRIBE_OP);
  // executionTime: the kernel's work time without its floor (fc1 is floored
  // at the 9000 ns AI_CORE floor of the 910B2 profile; its work takes 6674 ns).
  EXPECT_EQ(ProfGetOpExecutionTime(p(), static_cast<uint32_t>(len()), 0), 6674u);
  // Records are whole v2 records: devId at offset 72, zero padding at 76.
  uint32_t dev = 1, pad = 1;
  std::memcpy(&dev, buf_.data() + 72, 4);
  std::memcpy(&pad, buf_.data() + 76, 4);
  EXPECT_EQ(dev, 0u);
  EXPECT_EQ(pad, 0u);
}

TEST_F(Accessors, GivenGetOpNumWhenInputIsBadThenInvalidParam) {
  uint32_t n = 77;
  EXPECT_ACL_ERROR(aclprofGetOpNum(nullptr, len(), &n), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpNum(p(), len(), nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpNum(p(), len() - 1, &n), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(n, 77u);
  ASSERT_ACL_OK(aclprofGetOpNum(p(), 0, &n));
  EXPECT_EQ(n, 0u);
  buf_[5 * 80 + 30] ^= 0x01;  // corrupt record 5's body
  EXPECT_ACL_ERROR(aclprofGetOpNum(p(), len(), &n), ACL_ERROR_INVALID_PARAM);
}

TEST_F(Accessors, GivenNumericAccessorsWhenInputIsBadThenZeroOrTheErrorCodeForModelId) {
  const uint32_t kBadIndexes[] = {9, 10, UINT32_MAX};
  for (uint32_t i : kBadIndexes) {
    EXPECT_EQ(aclprofGetOpStart(p(), len(), i), 0u);
    EXPECT_EQ(aclprofGetOpEnd(p(), len(), i), 0u);
    EXPECT_EQ(aclprofGetOpDuration(p(), len(), i), 0u);
    EXPECT_EQ(aclprofGetModelId(p(), len(), i), 100000u);
    EXPECT_EQ(ProfGetOpExecutionTime(p(), static_cast<uint32_t>(len()), i), 0u);
  }
  EXPECT_EQ(aclprofGetOpDuration(nullptr, len(), 0), 0u);
  EXPECT_EQ(aclprofGetModelId(nullptr, len(), 0), 100000u);
  EXPECT_EQ(aclprofGetOpDuration(p(), len() - 8, 0), 0u);  // length not a multiple of 80
  EXPECT_EQ(aclprofGetModelId(p(), 81, 0), 100000u);
  EXPECT_RECENT_ERR_HAS("aclprofGetModelId");
  buf_[2 * 80 + 44] ^= 0x40;  // corrupt record 2
  EXPECT_EQ(aclprofGetOpDuration(p(), len(), 2), 0u);
  EXPECT_EQ(aclprofGetModelId(p(), len(), 2), 100000u);
  buf_[2 * 80 + 44] ^= 0x40;
  EXPECT_EQ(aclprofGetOpDuration(p(), len(), 2), durations_[2]);
}

TEST_F(Accessors, GivenCorruptRecordThenOnlyThatRecordFailsUnlikeCann) {
  // Documented difference: CANN re-validates every record of the buffer on
  // every accessor call; aclsim checks the addressed record only.
  buf_[7 * 80 + 60] ^= 0x10;
  EXPECT_EQ(aclprofGetOpDuration(p(), len(), 7), 0u);
  EXPECT_EQ(aclprofGetOpDuration(p(), len(), 6), durations_[6]);
  uint32_t n = 0;
  EXPECT_ACL_ERROR(aclprofGetOpNum(p(), len(), &n), ACL_ERROR_INVALID_PARAM);  // GetOpNum checks all
}

TEST_F(Accessors, GivenAnySingleByteOfARecordChangedThenEveryCheckedAccessorFailsOnIt) {
  const uint64_t start = aclprofGetOpStart(p(), len(), 4);
  const uint64_t end = aclprofGetOpEnd(p(), len(), 4);
  const uint64_t duration = aclprofGetOpDuration(p(), len(), 4);
  const size_t model_id = aclprofGetModelId(p(), len(), 4);
  ASSERT_NE(duration, 0u);
  for (size_t byte = 0; byte < 80; ++byte) {
    // Read the intact record first, so that nothing remembered from a
    // verified record may answer for the changed one.
    ASSERT_EQ(aclprofGetOpDuration(p(), len(), 4), duration) << "byte " << byte;
    buf_[4 * 80 + byte] ^= 0x01;
    size_t n = 0;
    EXPECT_EQ(aclprofGetOpStart(p(), len(), 4), 0u) << "byte " << byte;
    EXPECT_EQ(aclprofGetOpEnd(p(), len(), 4), 0u) << "byte " << byte;
    EXPECT_EQ(aclprofGetOpDuration(p(), len(), 4), 0u) << "byte " << byte;
    EXPECT_EQ(aclprofGetModelId(p(), len(), 4), static_cast<size_t>(ACL_ERROR_INVALID_PARAM)) << "byte " << byte;
    EXPECT_EQ(aclprofGetGraphId(p(), len(), 4), static_cast<size_t>(ACL_ERROR_INVALID_PARAM)) << "byte " << byte;
    EXPECT_EQ(ProfGetOpExecutionTime(p(), static_cast<uint32_t>(len()), 4), 0u) << "byte " << byte;
    EXPECT_ACL_ERROR(aclprofGetOpTypeLen(p(), len(), 4, &n), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_ERROR(aclprofGetOpNameLen(p(), len(), 4, &n), ACL_ERROR_INVALID_PARAM);
    uint32_t count = 0;
    EXPECT_ACL_ERROR(aclprofGetOpNum(p(), len(), &count), ACL_ERROR_INVALID_PARAM);
    buf_[4 * 80 + byte] ^= 0x01;
  }
  EXPECT_EQ(aclprofGetOpStart(p(), len(), 4), start);
  EXPECT_EQ(aclprofGetOpEnd(p(), len(), 4), end);
  EXPECT_EQ(aclprofGetModelId(p(), len(), 4), model_id);
}

TEST_F(Accessors, GivenLengthBeyond32BitsThenItIsTruncatedAsCannDoes) {
  // 2^32 + 80 truncates to 80: record 0 is addressable, record 1 is not.
  const size_t huge = (size_t{1} << 32) + 80;
  EXPECT_EQ(aclprofGetOpDuration(p(), huge, 0), durations_[0]);
  EXPECT_EQ(aclprofGetOpDuration(p(), huge, 1), 0u);
}

TEST_F(Accessors, GivenNameAccessorsThenLenIsStrlenPlusOneAndNamesAreConsumedOnce) {
  size_t type_len = 0, name_len = 0;
  ASSERT_ACL_OK(aclprofGetOpTypeLen(p(), len(), 1, &type_len));
  ASSERT_ACL_OK(aclprofGetOpNameLen(p(), len(), 1, &name_len));
  EXPECT_EQ(type_len, 4u);   // "Add"
  EXPECT_EQ(name_len, 13u);  // "fc1.bias_add"
  char type[4] = {};
  ASSERT_ACL_OK(aclprofGetOpType(p(), len(), 1, type, type_len));
  EXPECT_STREQ(type, "Add");
  // One-shot: the type is gone, the name is still there.
  EXPECT_ACL_ERROR(aclprofGetOpTypeLen(p(), len(), 1, &type_len), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpType(p(), len(), 1, type, sizeof(type)), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("got already");
  char name[13] = {};
  ASSERT_ACL_OK(aclprofGetOpName(p(), len(), 1, name, name_len));
  EXPECT_STREQ(name, "fc1.bias_add");
  EXPECT_ACL_ERROR(aclprofGetOpName(p(), len(), 1, name, sizeof(name)), ACL_ERROR_INVALID_PARAM);
}

TEST_F(Accessors, GivenGetOpNameWithOtherBufferLengthsThenCannsCopyRulesApply) {
  // "fc1.relu" has 8 characters.
  char buf[16];
  std::memset(buf, 'X', sizeof(buf));
  EXPECT_ACL_ERROR(aclprofGetOpName(p(), len(), 2, buf, 7), ACL_ERROR_INVALID_PARAM);  // shorter than the name
  EXPECT_EQ(buf[0], 'X');                                                              // untouched
  ASSERT_ACL_OK(aclprofGetOpName(p(), len(), 2, buf, 8));                              // == strlen
  EXPECT_EQ(std::string(buf, 8), std::string("fc1.rel\0", 8));                         // last char → NUL
  // Longer buffer: strlen bytes copied, buf[len-1] = NUL, bytes between untouched.
  std::memset(buf, 'X', sizeof(buf));
  ASSERT_ACL_OK(aclprofGetOpType(p(), len(), 2, buf, 12));  // "Relu"
  EXPECT_EQ(std::string(buf, 12), std::string("ReluXXXXXXX\0", 12));
}

TEST_F(Accessors, GivenNameAccessorsWhenInputIsBadThenInvalidParam) {
  size_t l = 0;
  char text[64];
  EXPECT_ACL_ERROR(aclprofGetOpTypeLen(nullptr, len(), 0, &l), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpTypeLen(p(), len(), 0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpNameLen(p(), len() - 80 + 1, 0, &l), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpNameLen(p(), len(), 9, &l), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpNameLen(p(), len(), UINT32_MAX, &l), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpType(p(), len(), 0, nullptr, 10), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpType(p(), len(), 0, text, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpName(nullptr, len(), 0, text, sizeof(text)), ACL_ERROR_INVALID_PARAM);
  buf_[4 * 80 + 17] ^= 0x02;  // corrupt record 4 (its opIndex)
  EXPECT_ACL_ERROR(aclprofGetOpNameLen(p(), len(), 4, &l), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetOpName(p(), len(), 4, text, sizeof(text)), ACL_ERROR_INVALID_PARAM);
}

TEST_F(Accessors, GivenRecordsCopiedIntoAnotherBufferThenNamesStillResolveInThisProcess) {
  std::vector<char> copy(buf_.begin() + 80, buf_.begin() + 160);  // record 1 alone
  size_t l = 0;
  ASSERT_ACL_OK(aclprofGetOpNameLen(copy.data(), copy.size(), 0, &l));
  EXPECT_EQ(l, 13u);
}

TEST_F(Accessors, GivenGetOpFlagThenNullGivesNoneAndOutOfRangeGivesZeroWithoutSignatureCheck) {
  EXPECT_EQ(aclprofGetOpFlag(nullptr, len(), 0), ACL_SUBSCRIBE_NONE);
  EXPECT_EQ(aclprofGetOpFlag(p(), len(), 9), ACL_SUBSCRIBE_OP);
  EXPECT_EQ(aclprofGetOpFlag(p(), len(), UINT32_MAX), ACL_SUBSCRIBE_OP);
  uint32_t flag = ACL_SUBSCRIBE_SUBGRAPH;
  std::memcpy(buf_.data() + 3 * 80 + 8, &flag, 4);  // signature now wrong: not checked
  EXPECT_EQ(aclprofGetOpFlag(p(), len(), 3), ACL_SUBSCRIBE_SUBGRAPH);
  EXPECT_EQ(aclprofGetOpFlag(p(), len() - 1, 3), ACL_SUBSCRIBE_SUBGRAPH);  // nor the length multiple
}

TEST_F(Accessors, GivenGetOpAttriValueThenOnlyThreadRecordsGiveTheirThreadId) {
  EXPECT_EQ(aclprofGetOpAttriValue(p(), len(), 0, ACL_SUBSCRIBE_ATTRI_THREADID), nullptr);  // flag 0
  uint32_t flag = ACL_SUBSCRIBE_OP_THREAD, tid = 4321;
  std::memcpy(buf_.data() + 80 + 8, &flag, 4);
  std::memcpy(buf_.data() + 80 + 12, &tid, 4);
  const char* text = aclprofGetOpAttriValue(p(), len(), 1, ACL_SUBSCRIBE_ATTRI_THREADID);
  ASSERT_NE(text, nullptr);
  EXPECT_STREQ(text, "4321");
  EXPECT_EQ(aclprofGetOpAttriValue(p(), len(), 1, ACL_SUBSCRIBE_ATTRI_NONE), nullptr);
  EXPECT_EQ(aclprofGetOpAttriValue(nullptr, len(), 1, ACL_SUBSCRIBE_ATTRI_THREADID), nullptr);
  EXPECT_EQ(aclprofGetOpAttriValue(p(), len(), 9, ACL_SUBSCRIBE_ATTRI_THREADID), nullptr);
}

TEST_F(Accessors, GivenThreadIdFieldThenItIsTheLaunchingThreadsTid) {
  uint32_t tid = 0;
  std::memcpy(&tid, buf_.data() + 12, 4);
  EXPECT_EQ(tid, static_cast<uint32_t>(gettid()));
}

}  // namespace
}  // namespace aclsim_conformance
