/* The public ACL headers compile as C (C99 and C11, -Wpedantic): this file
 * includes them all and reports values and layouts as a C compiler sees
 * them, for header_values_test.cc to compare with C++'s. */
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt_allocator.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"
#include "acl/aclsim_ext.h"
#include "acl/prof_acl_api.h"
#include "mstx/ms_tools_ext.h"
/* mstxMemRegionRef_t has an anonymous union, as the public mstx header
 * does, marked __extension__ so that C99 accepts it. */
#include "mstx/ms_tools_ext_mem.h"

/* A negative array size fails the build: C99 has no _Static_assert. */
#define ACLSIM_C_CHECK(name, cond) typedef char aclsim_c_check_##name[(cond) ? 1 : -1]
ACLSIM_C_CHECK(symbol_not_found, ACL_ERROR_RT_SYMBOL_NOT_FOUND == 107042);
ACLSIM_C_CHECK(max_dev_num, PROF_MAX_DEV_NUM == 64 && PROF_DEFAULT_HOST_ID == 64);
ACLSIM_C_CHECK(prof_config, sizeof(ProfConfig) == 280 && offsetof(ProfConfig, dataTypeConfig) == 272);
ACLSIM_C_CHECK(prof_subscribe_config, sizeof(ProfSubscribeConfig) == 16);
ACLSIM_C_CHECK(event_attributes, sizeof(aclprofEventAttributes) == 16 && sizeof(aclprofTensor) == 48);
ACLSIM_C_CHECK(mstx_values, MSTX_INVALID_ID == 0 && MSTX_TOOL_MSPROF_ID == 0x1000 && sizeof(mstxRangeId) == 8);
ACLSIM_C_CHECK(mstx_mem_layouts, sizeof(mstxMemVirtualRangeDesc_t) == 24 && sizeof(mstxMemHeapDesc_t) == 16 &&
                                     sizeof(mstxMemRegionsRegisterBatch_t) == 40 &&
                                     offsetof(mstxMemRegionsRegisterBatch_t, regionHandleArrayOut) == 32 &&
                                     sizeof(mstxMemRegionRef_t) == 16 && offsetof(mstxMemRegionRef_t, pointer) == 8 &&
                                     sizeof(mstxMemRegionsUnregisterBatch_t) == 16 &&
                                     sizeof(mstxMemPermissionsAssignRegionsDesc_t) == 24 &&
                                     sizeof(mstxMemPermissionsAssignBatch_t) == 16);
/* The union's tag is CANN's (union Message). */
ACLSIM_C_CHECK(message_union, sizeof(union Message) == sizeof(void*));

/* acl_tdt.h's enumeration is a type name in C too; acl_dump.h's layouts. */
ACLSIM_C_CHECK(tdt_tensor_type,
               sizeof(acltdtTensorType) == 4 && ACL_TENSOR_DATA_UNDEFINED == -1 && ACL_TENSOR_DATA_END_TENSOR == 4);
ACLSIM_C_CHECK(tdt_queue_values, ACL_TDT_QUEUE_PERMISSION_ENQUEUE == 4 && ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL == 100 &&
                                     ACL_TDT_DVPP_MEM == 1);
ACLSIM_C_CHECK(dump_chunk, sizeof(acldumpChunk) == 4120 && offsetof(acldumpChunk, offset) == 4104 &&
                               offsetof(acldumpChunk, dataBuf) == 4116);
ACLSIM_C_CHECK(dump_tensor_info, sizeof(acldumpTensorInfo) == 456 && offsetof(acldumpTensorInfo, shape) == 56 &&
                                     offsetof(acldumpTensorInfo, originShape) == 256);

long aclsim_c_rt_symbol_not_found(void) { return ACL_ERROR_RT_SYMBOL_NOT_FOUND; }
long aclsim_c_rt_ccu_timeout(void) { return ACL_ERROR_RT_CCU_TIMEOUT; }
size_t aclsim_c_prof_config_size(void) { return sizeof(ProfConfig); }
size_t aclsim_c_prof_config_data_type_offset(void) { return offsetof(ProfConfig, dataTypeConfig); }
size_t aclsim_c_prof_subscribe_config_size(void) { return sizeof(ProfSubscribeConfig); }
size_t aclsim_c_prof_subscribe_config_fd_offset(void) { return offsetof(ProfSubscribeConfig, fd); }
int aclsim_c_prof_max_dev_num(void) { return PROF_MAX_DEV_NUM; }
size_t aclsim_c_dump_chunk_size(void) { return sizeof(acldumpChunk); }
size_t aclsim_c_dump_chunk_data_offset(void) { return offsetof(acldumpChunk, dataBuf); }
size_t aclsim_c_dump_tensor_info_size(void) { return sizeof(acldumpTensorInfo); }
size_t aclsim_c_dump_tensor_info_origin_shape_offset(void) { return offsetof(acldumpTensorInfo, originShape); }
long aclsim_c_tdt_tensor_type_undefined(void) { return ACL_TENSOR_DATA_UNDEFINED; }
/* The allocator callbacks' types as a C program spells them. */
aclrtAllocatorAllocFunc aclsim_c_allocator_alloc_func(void) { return (aclrtAllocatorAllocFunc)0; }
