/* The public ACL headers compile as C (C99 and C11, -Wpedantic): this file
 * includes them all and reports values and layouts as a C compiler sees
 * them, for header_values_test.cc to compare with C++'s. */
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/aclsim_ext.h"
#include "acl/prof_acl_api.h"
#include "mstx/ms_tools_ext.h"
/* mstxMemRegionRef_t has an anonymous union, as the public mstx header
 * does: C11 (and C++) only. */
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#include "mstx/ms_tools_ext_mem.h"
#endif

/* A negative array size fails the build: C99 has no _Static_assert. */
#define ACLSIM_C_CHECK(name, cond) typedef char aclsim_c_check_##name[(cond) ? 1 : -1]
ACLSIM_C_CHECK(symbol_not_found, ACL_ERROR_RT_SYMBOL_NOT_FOUND == 107042);
ACLSIM_C_CHECK(max_dev_num, PROF_MAX_DEV_NUM == 64 && PROF_DEFAULT_HOST_ID == 64);
ACLSIM_C_CHECK(prof_config, sizeof(ProfConfig) == 280 && offsetof(ProfConfig, dataTypeConfig) == 272);
ACLSIM_C_CHECK(prof_subscribe_config, sizeof(ProfSubscribeConfig) == 16);
ACLSIM_C_CHECK(event_attributes, sizeof(aclprofEventAttributes) == 16 && sizeof(aclprofTensor) == 48);
ACLSIM_C_CHECK(mstx_values, MSTX_INVALID_ID == 0 && MSTX_TOOL_MSPROF_ID == 0x1000 && sizeof(mstxRangeId) == 8);
#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
ACLSIM_C_CHECK(mstx_mem_layouts, sizeof(mstxMemVirtualRangeDesc_t) == 24 && sizeof(mstxMemHeapDesc_t) == 16 &&
                                     sizeof(mstxMemRegionsRegisterBatch_t) == 40 &&
                                     offsetof(mstxMemRegionsRegisterBatch_t, regionHandleArrayOut) == 32 &&
                                     sizeof(mstxMemRegionRef_t) == 16 && offsetof(mstxMemRegionRef_t, pointer) == 8 &&
                                     sizeof(mstxMemRegionsUnregisterBatch_t) == 16);
#endif
/* The union's tag is CANN's (union Message). */
ACLSIM_C_CHECK(message_union, sizeof(union Message) == sizeof(void*));

long aclsim_c_rt_symbol_not_found(void) { return ACL_ERROR_RT_SYMBOL_NOT_FOUND; }
long aclsim_c_rt_ccu_timeout(void) { return ACL_ERROR_RT_CCU_TIMEOUT; }
size_t aclsim_c_prof_config_size(void) { return sizeof(ProfConfig); }
size_t aclsim_c_prof_config_data_type_offset(void) { return offsetof(ProfConfig, dataTypeConfig); }
size_t aclsim_c_prof_subscribe_config_size(void) { return sizeof(ProfSubscribeConfig); }
size_t aclsim_c_prof_subscribe_config_fd_offset(void) { return offsetof(ProfSubscribeConfig, fd); }
int aclsim_c_prof_max_dev_num(void) { return PROF_MAX_DEV_NUM; }
