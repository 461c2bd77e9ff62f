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
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/prof_acl_api.h"

extern "C" {
long aclsim_c_rt_symbol_not_found(void);
long aclsim_c_rt_ccu_timeout(void);
size_t aclsim_c_prof_config_size(void);
size_t aclsim_c_prof_config_data_type_offset(void);
size_t aclsim_c_prof_subscribe_config_size(void);
size_t aclsim_c_prof_subscribe_config_fd_offset(void);
int aclsim_c_prof_max_dev_num(void);
size_t aclsim_c_dump_chunk_size(void);
size_t aclsim_c_dump_chunk_data_offset(void);
size_t aclsim_c_dump_tensor_info_size(void);
size_t aclsim_c_dump_tensor_info_origin_shape_offset(void);
long aclsim_c_tdt_tensor_type_undefined(void);
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

// ---- acl_tdt.h, acl_tdt_queue.h, acl_dump.h, acl_rt_allocator.h: CANN 9.x's
// values, layouts and signatures (hicann/runtime include/external/acl/).
static_assert(ACL_TENSOR_DATA_UNDEFINED == -1 && ACL_TENSOR_DATA_TENSOR == 0 && ACL_TENSOR_DATA_END_OF_SEQUENCE == 1 &&
                  ACL_TENSOR_DATA_ABNORMAL == 2 && ACL_TENSOR_DATA_SLICE_TENSOR == 3 && ACL_TENSOR_DATA_END_TENSOR == 4,
              "acltdtTensorType drift");
static_assert(ACL_TDT_QUEUE_PERMISSION_MANAGE == 1 && ACL_TDT_QUEUE_PERMISSION_DEQUEUE == 2 &&
                  ACL_TDT_QUEUE_PERMISSION_ENQUEUE == 4 && ACL_TDT_QUEUE_ROUTE_UNBIND == 0 &&
                  ACL_TDT_QUEUE_ROUTE_BIND == 1 && ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL == 2,
              "tdt queue macro drift");
static_assert(ACL_TDT_QUEUE_DEPTH_UINT32 == 1 && ACL_TDT_QUEUE_ROUTE_STATUS_INT32 == 2 &&
                  ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST == 2 && ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL == 100 &&
                  ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32 == 2 && ACL_TDT_DVPP_MEM == 1,
              "tdt queue enum drift");
static_assert(std::is_same_v<acltdtBuf, void*>, "acltdtBuf is a void pointer");
static_assert(ACL_DUMP_MAX_FILE_PATH_LENGTH == 4096 && ACL_DUMP_MAX_SHAPE_NUM == 25 &&
                  ACL_OP_DUMP_OP_AICORE_ARGS == 0x00000001U,
              "dump macro drift");
static_assert(AIC_ERR_BRIEF_DUMP == 1 && AIC_ERR_DETAIL_DUMP == 3 && DATA_DUMP == 4 && OVERFLOW_DUMP == 5 &&
                  ACL_DUMP_TENSOR_WORKSPACE == 2 && ACL_DUMP_ADDR_RAW == 2 && ACL_DUMP_PLACEMENT_END == 2,
              "dump enum drift");
static_assert(sizeof(acldumpChunk) == 4120 && offsetof(acldumpChunk, bufLen) == 4096 &&
                  offsetof(acldumpChunk, isLastChunk) == 4100 && offsetof(acldumpChunk, offset) == 4104 &&
                  offsetof(acldumpChunk, flag) == 4112 && offsetof(acldumpChunk, dataBuf) == 4116,
              "acldumpChunk layout");
static_assert(sizeof(acldumpTensorInfo) == 456 && offsetof(acldumpTensorInfo, tensorSize) == 8 &&
                  offsetof(acldumpTensorInfo, tensorAddr) == 24 && offsetof(acldumpTensorInfo, argsOffset) == 40 &&
                  offsetof(acldumpTensorInfo, originShapeNum) == 48 && offsetof(acldumpTensorInfo, shape) == 56 &&
                  offsetof(acldumpTensorInfo, originShape) == 256,
              "acldumpTensorInfo layout");
static_assert(
    std::is_same_v<decltype(&acldumpRegCallback), aclError (*)(int32_t (*)(const acldumpChunk*, int32_t), int32_t)>,
    "CANN's signature");
static_assert(std::is_same_v<decltype(&acltdtGetTensorTypeFromItem), acltdtTensorType (*)(const acltdtDataItem*)>,
              "CANN's signature");
static_assert(std::is_same_v<decltype(&aclrtAllocatorCreateDesc), aclrtAllocatorDesc (*)()>, "CANN's signature");
static_assert(std::is_same_v<aclrtAllocatorAllocAdviseFunc, void* (*)(aclrtAllocator, size_t, aclrtAllocatorAddr)>,
              "CANN's callback type");

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
  EXPECT_EQ(aclsim_c_dump_chunk_size(), sizeof(acldumpChunk));
  EXPECT_EQ(aclsim_c_dump_chunk_data_offset(), offsetof(acldumpChunk, dataBuf));
  EXPECT_EQ(aclsim_c_dump_tensor_info_size(), sizeof(acldumpTensorInfo));
  EXPECT_EQ(aclsim_c_dump_tensor_info_origin_shape_offset(), offsetof(acldumpTensorInfo, originShape));
  EXPECT_EQ(aclsim_c_tdt_tensor_type_undefined(), ACL_TENSOR_DATA_UNDEFINED);
}

}  // namespace
