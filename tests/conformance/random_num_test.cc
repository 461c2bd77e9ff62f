// Built-in random-number task (aclrtRandomNumAsync): values computed in
// device memory from the seed, the counter and the distribution; CANN's
// codes for its checks. aclsim's generator is Philox4x32-10 (key = seed,
// element i from block counter + i; runtime/random_numbers.h): CANN does not
// document its generator, so the exact values are a simulator fact.
#include <cstdint>
#include <cstring>
#include <vector>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

template <typename T>
aclrtRandomParaInfo Value(T v) {
  aclrtRandomParaInfo p = {};
  std::memcpy(p.valueOrAddr, &v, sizeof(T));
  p.size = sizeof(T);
  return p;
}

class ConfRandomNum : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
    ASSERT_ACL_OK(aclrtMalloc(&counter_, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtMalloc(&result_, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
  }
  void TearDown() override {
    if (counter_ != nullptr) (void)aclrtFree(counter_);
    if (result_ != nullptr) (void)aclrtFree(result_);
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    AclDeviceTest::TearDown();
  }
  aclrtRandomNumTaskInfo Task(aclDataType type, aclrtRandomNumFuncType func, uint64_t seed, uint64_t num) {
    aclrtRandomNumTaskInfo t = {};
    t.dataType = type;
    t.randomNumFuncParaInfo.funcType = func;
    t.randomResultAddr = result_;
    t.randomCounterAddr = counter_;
    t.randomSeed = Value(seed);
    t.randomNum = Value(num);
    return t;
  }
  void SetCounter(uint32_t c0) {
    const uint32_t words[4] = {c0, 0, 0, 0};
    ASSERT_ACL_OK(aclrtMemcpy(counter_, 16, words, 16, ACL_MEMCPY_HOST_TO_DEVICE));
  }
  template <typename T>
  std::vector<T> Run(const aclrtRandomNumTaskInfo& t, size_t n) {
    EXPECT_ACL_OK(aclrtRandomNumAsync(&t, stream_, nullptr));
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
    std::vector<T> out(n);
    EXPECT_ACL_OK(aclrtMemcpy(out.data(), n * sizeof(T), result_, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST));
    return out;
  }

  aclrtStream stream_ = nullptr;
  void* counter_ = nullptr;
  void* result_ = nullptr;
};

TEST_F(ConfRandomNum, GivenSeedZeroCounterZeroWhenUniformUint32ThenPhiloxWords) {
  ACLSIM_SIM_ONLY();  // aclsim's generator (Philox4x32-10); CANN's is undocumented
  SetCounter(0);
  aclrtRandomNumTaskInfo t = Task(ACL_UINT32, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 0, 2);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = Value<uint32_t>(0);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = Value<uint32_t>(0xFFFFFFFFu);
  // Philox4x32-10 of counter 0 and key 0 starts 0x6627e8d5 (Random123's
  // known answer); counter 1 starts 0xf8e4cca4.
  EXPECT_EQ(Run<uint32_t>(t, 2), (std::vector<uint32_t>{0x6627e8d5u, 0xf8e4cca4u}));
  // Counter 1 shifts the sequence by one element.
  SetCounter(1);
  t.randomNum = Value<uint64_t>(1);
  EXPECT_EQ(Run<uint32_t>(t, 1), (std::vector<uint32_t>{0xf8e4cca4u}));
}

TEST_F(ConfRandomNum, GivenSameInputsWhenRunTwiceThenSameValuesAndOtherSeedOtherValues) {
  SetCounter(7);
  aclrtRandomNumTaskInfo t = Task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, 42, 256);
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean = Value(3.0f);
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev = Value(2.0f);
  const std::vector<float> first = Run<float>(t, 256);
  EXPECT_EQ(Run<float>(t, 256), first);
  t.randomSeed = Value<uint64_t>(43);
  EXPECT_NE(Run<float>(t, 256), first);
  double sum = 0;
  for (float f : first) sum += f;
  EXPECT_NEAR(sum / 256, 3.0, 0.5);
}

TEST_F(ConfRandomNum, GivenUniformInt32WhenGeneratedThenEveryValueInMinToMax) {
  SetCounter(0);
  aclrtRandomNumTaskInfo t = Task(ACL_INT32, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 5, 1000);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = Value<int32_t>(-3);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = Value<int32_t>(4);
  std::vector<int> seen(7, 0);
  for (int32_t v : Run<int32_t>(t, 1000)) {
    ASSERT_GE(v, -3);
    ASSERT_LT(v, 4);
    ++seen[v + 3];
  }
  for (int c : seen) EXPECT_GT(c, 0);
}

TEST_F(ConfRandomNum, GivenTruncatedNormalBf16ThenWithinTwoStddevs) {
  SetCounter(0);
  aclrtRandomNumTaskInfo t = Task(ACL_BF16, ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS, 0, 512);
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean = Value<uint16_t>(0x3F80);    // 1.0
  t.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev = Value<uint16_t>(0x4000);  // 2.0
  for (uint16_t bits : Run<uint16_t>(t, 512)) {
    uint32_t f32 = static_cast<uint32_t>(bits) << 16;
    float f;
    std::memcpy(&f, &f32, 4);
    ASSERT_GE(f, -3.0f - 0.05f);
    ASSERT_LE(f, 5.0f + 0.05f);
  }
}

TEST_F(ConfRandomNum, GivenDropoutRatioZeroOrOneThenAllBitsSetOrClear) {
  SetCounter(0);
  aclrtRandomNumTaskInfo t = Task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK, 0, 20);
  t.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation = Value(0.0f);
  EXPECT_EQ(Run<uint8_t>(t, 3), (std::vector<uint8_t>{0xFF, 0xFF, 0x0F}));  // 20 bits, ceil(20/8) bytes
  t.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation = Value(1.0f);
  EXPECT_EQ(Run<uint8_t>(t, 3), (std::vector<uint8_t>{0x00, 0x00, 0x00}));
}

TEST_F(ConfRandomNum, GivenSeedInDeviceMemoryThenSameAsTheValue) {
  SetCounter(0);
  aclrtRandomNumTaskInfo t = Task(ACL_UINT64, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 9, 4);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = Value<uint64_t>(10);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = Value<uint64_t>(1u << 20);
  const std::vector<uint64_t> by_value = Run<uint64_t>(t, 4);
  void* seed = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&seed, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  const uint64_t nine = 9;
  ASSERT_ACL_OK(aclrtMemcpy(seed, 8, &nine, 8, ACL_MEMCPY_HOST_TO_DEVICE));
  t.randomSeed = Value(seed);
  t.randomSeed.isAddr = 1;
  t.randomSeed.size = 8;
  EXPECT_EQ(Run<uint64_t>(t, 4), by_value);
  EXPECT_ACL_OK(aclrtFree(seed));
}

TEST_F(ConfRandomNum, GivenBadArgumentsThenInvalidParam) {
  SetCounter(0);
  aclrtRandomNumTaskInfo t = Task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 0, 4);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = Value(0.0f);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = Value(1.0f);
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(nullptr, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("taskInfo");
  int reserve = 0;
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&t, stream_, &reserve), ACL_ERROR_INVALID_PARAM);
  aclrtRandomNumTaskInfo bad = t;
  bad.dataType = ACL_INT8;
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("dataType");
  bad = t;
  const int not_a_func_type = 9;  // what a C program can store in the field
  std::memcpy(&bad.randomNumFuncParaInfo.funcType, &not_a_func_type, sizeof(not_a_func_type));
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("funcType");
  bad = t;
  bad.randomResultAddr = nullptr;
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
  bad = t;
  bad.randomCounterAddr = nullptr;
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&bad, stream_, nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfRandomNum, GivenParametersTheTaskCannotTakeThenRuntimeParamInvalid) {
  ACLSIM_SIM_ONLY();  // the simulator's checks of the parameters and ranges
  SetCounter(0);
  aclrtRandomNumTaskInfo t = Task(ACL_INT32, ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, 0, 4);
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&t, stream_, nullptr), ACL_ERROR_RT_PARAM_INVALID);  // normal of ints
  t = Task(ACL_FLOAT, ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 0, 4);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = Value(2.0f);
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = Value(1.0f);
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&t, stream_, nullptr), ACL_ERROR_RT_PARAM_INVALID);  // min > max
  t.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = Value(3.0f);
  t.randomNum = Value<uint64_t>(2000);  // 8000 bytes, the result holds 4096
  EXPECT_ACL_ERROR(aclrtRandomNumAsync(&t, stream_, nullptr), ACL_ERROR_RT_PARAM_INVALID);
}

}  // namespace
