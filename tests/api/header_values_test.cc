// Values in the public headers that CANN programs compare against: pinned at
// compile time, so a drift fails the build. The expected numbers are CANN's
// (hicann/runtime include/external/acl/error_codes/rt_error_codes.h and
// src/dfx/msprof/inc/toolchain/prof_acl_api.h, tags v9.1.0 and
// v9.2.0-beta.1); the headers themselves are aclsim's own. The same headers
// compiled as C (c_headers_check.c) must see the same values and layouts.
#include <gtest/gtest.h>

#include <cstddef>
#include <type_traits>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"

extern "C" {
long aclsim_c_rt_symbol_not_found(void);
long aclsim_c_rt_ccu_timeout(void);
size_t aclsim_c_prof_config_size(void);
size_t aclsim_c_prof_config_data_type_offset(void);
size_t aclsim_c_prof_subscribe_config_size(void);
size_t aclsim_c_prof_subscribe_config_fd_offset(void);
int aclsim_c_prof_max_dev_num(void);
}

namespace {

// ---- rt_error_codes.h: the codes added after CANN 9.0, and the one that moved
static_assert(ACL_ERROR_RT_CAPTURE_MODE_BLOCK_ASYNC == 107041, "rt code drift");
static_assert(ACL_ERROR_RT_SYMBOL_NOT_FOUND == 107042, "CANN 9.1.0 moved SYMBOL_NOT_FOUND to 107042");
static_assert(ACL_ERROR_RT_INVALID_SYMBOL == 107043, "rt code drift");
static_assert(ACL_ERROR_RT_INVALID_DEVICE_FUNCTION == 107044, "rt code drift");
static_assert(ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING == 107045, "rt code drift");
static_assert(ACL_ERROR_RT_TIMEOUT == 207020, "rt code drift");
static_assert(ACL_ERROR_RT_LINK_TYPE_NOT_SUPPORTED == 207021, "rt code drift");
static_assert(ACL_ERROR_RT_L3_PORT_ERROR == 507914, "rt code drift");
static_assert(ACL_ERROR_RT_CCU_TIMEOUT == 507915, "507915 is CCU_TIMEOUT, not SYMBOL_NOT_FOUND");
static_assert(ACL_ERROR_RT_CCU_EXCEPTION == 507916, "rt code drift");

// ---- prof_acl_api.h: CANN's constants, enumerators and struct layouts
static_assert(std::is_same_v<decltype(PROF_MAX_DEV_NUM), const int32_t>, "constexpr int32_t, as in CANN");
static_assert(PROF_MAX_DEV_NUM == 64 && PROF_DEFAULT_HOST_ID == 64, "prof constant drift");
static_assert(PROF_AICORE_ARITHMETIC_UTILIZATION == 0 && PROF_AICORE_PIPE_UTILIZATION == 1 &&
                  PROF_AICORE_MEMORY_BANDWIDTH == 2 && PROF_AICORE_L0B_AND_WIDTH == 3 &&
                  PROF_AICORE_RESOURCE_CONFLICT_RATIO == 4 && PROF_AICORE_MEMORY_UB == 5 && PROF_AICORE_L2_CACHE == 6 &&
                  PROF_AICORE_PIPE_EXECUTE_UTILIZATION == 7 && PROF_AICORE_MEMORY_ACCESS == 8 &&
                  PROF_AICORE_METRICS_COUNT == 9 && PROF_AICORE_NONE == 0xFF,
              "ProfAicoreMetrics drift");
// The same numbers as acl_prof.h's aclprofAicoreMetrics.
static_assert(static_cast<int>(PROF_AICORE_MEMORY_ACCESS) == static_cast<int>(ACL_AICORE_MEMORY_ACCESS) &&
                  static_cast<int>(PROF_AICORE_NONE) == static_cast<int>(ACL_AICORE_NONE),
              "ProfAicoreMetrics and aclprofAicoreMetrics disagree");
static_assert(sizeof(ProfAicoreMetrics) == 4, "an int-sized enum");
static_assert(offsetof(ProfConfig, devIdList) == 4 && offsetof(ProfConfig, aicoreMetrics) == 264 &&
                  offsetof(ProfConfig, dataTypeConfig) == 272 && sizeof(ProfConfig) == 280,
              "ProfConfig layout");
static_assert(offsetof(ProfSubscribeConfig, timeInfo) == 0 && offsetof(ProfSubscribeConfig, aicoreMetrics) == 4 &&
                  offsetof(ProfSubscribeConfig, fd) == 8 && sizeof(ProfSubscribeConfig) == 16,
              "ProfSubscribeConfig layout");
static_assert(std::is_same_v<PROFAPI_SUBSCRIBECONFIG_CONST_PTR, const void*>, "ProfOpSubscribe's config type");
static_assert(std::is_same_v<decltype(&ProfOpSubscribe), int32_t (*)(uint32_t, const void*)>, "CANN's signature");
static_assert(std::is_same_v<decltype(&ProfOpUnSubscribe), int32_t (*)(uint32_t)>, "CANN's signature");

// ---- acl_prof.h: the tensor-info types, with CANN's nested union name
static_assert(sizeof(aclprofTensor) == 48 && sizeof(aclprofTensorInfo) == 48 && sizeof(aclprofEventAttributes) == 16,
              "tensor-info layouts");
static_assert(std::is_same_v<decltype(aclprofEventAttributes::message), aclprofEventAttributes::Message>,
              "union Message, as in CANN");

// ---- acl_base.h: ACL_DEPRECATED is empty under clang (which reports
// __GNUC__ 4), as CANN's is, so clang -Werror builds that CANN accepts pass.
#define ACLSIM_STRINGIFY2(x) #x
#define ACLSIM_STRINGIFY(x) ACLSIM_STRINGIFY2(x)
#if defined(__clang__)
static_assert(sizeof(ACLSIM_STRINGIFY(ACL_DEPRECATED)) == 1, "ACL_DEPRECATED expands to nothing under clang");
#elif defined(__GNUC__) && __GNUC__ >= 6
static_assert(sizeof(ACLSIM_STRINGIFY(ACL_DEPRECATED)) > 1, "ACL_DEPRECATED marks declarations under GCC >= 6");
#endif

// ---- acl_base.h: aclDataType ends at CANN's last member (41), plus aclsim's
// ACL_HIFLOAT4_SCALE (43, GE's DT_HIFLOAT4_SCALE); CANN reverted 42 (ACL_HIFLOAT4).
static_assert(ACL_FLOAT4_E1M2 == 41 && ACL_HIFLOAT4_SCALE == 43, "aclDataType drift");

TEST(HeaderValues, GivenRtErrorCodesThenTheyAreCannsValues) {
  // The same numbers at run time, for a readable failure report.
  EXPECT_EQ(ACL_ERROR_RT_SYMBOL_NOT_FOUND, 107042);
  EXPECT_EQ(ACL_ERROR_RT_INVALID_SYMBOL, 107043);
  EXPECT_EQ(ACL_ERROR_RT_INVALID_DEVICE_FUNCTION, 107044);
  EXPECT_EQ(ACL_ERROR_RT_SUB_ACLGRAPH_IS_CAPTURING, 107045);
  EXPECT_EQ(ACL_ERROR_RT_LINK_TYPE_NOT_SUPPORTED, 207021);
  EXPECT_EQ(ACL_ERROR_RT_CCU_TIMEOUT, 507915);
  EXPECT_EQ(ACL_ERROR_RT_CCU_EXCEPTION, 507916);
}

TEST(HeaderValues, GivenTheHeadersCompiledAsCThenValuesAndLayoutsAreTheSame) {
  EXPECT_EQ(aclsim_c_rt_symbol_not_found(), 107042);
  EXPECT_EQ(aclsim_c_rt_ccu_timeout(), 507915);
  EXPECT_EQ(aclsim_c_prof_config_size(), sizeof(ProfConfig));
  EXPECT_EQ(aclsim_c_prof_config_data_type_offset(), offsetof(ProfConfig, dataTypeConfig));
  EXPECT_EQ(aclsim_c_prof_subscribe_config_size(), sizeof(ProfSubscribeConfig));
  EXPECT_EQ(aclsim_c_prof_subscribe_config_fd_offset(), offsetof(ProfSubscribeConfig, fd));
  EXPECT_EQ(aclsim_c_prof_max_dev_num(), PROF_MAX_DEV_NUM);
}

}  // namespace
