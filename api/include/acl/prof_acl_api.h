/*
 * aclsim - clean-room declaration of the extra profiling entry points.
 *
 * CANN's profiling library exports a few symbols that are not part of the
 * public acl_prof.h but that frameworks (MindSpore, torch_npu, TensorFlow
 * adapters) look up with dlsym: warm-up, feature lists, device-callback
 * registration, graph and thread operator subscription and extra msproftx
 * stamp setters. aclsim exports them from libmsprofiler.so (and
 * libascendcl.so) as well. This
 * header, our own, declares them with CANN's names and parameter types,
 * with the plain constants and structs of CANN's header (PROF_MAX_DEV_NUM,
 * ProfAicoreMetrics, ProfConfig, ProfSubscribeConfig) at the same values
 * and layouts. Names, values and signatures follow hicann/runtime
 * src/dfx/msprof/inc/toolchain/prof_acl_api.h (tags v9.1.0 and
 * v9.2.0-beta.1), which CANN installs as include/msprof/toolchain/.
 *
 * CANN's header is C++ only; this one also compiles as C (C99 and later),
 * so its two constants are an enum in C and constexpr int32_t in C++.
 * Return codes are plain int / int32_t (CANN's graph "Status" is a 32-bit
 * int here). Not declared: CANN's C++ helpers (the Status alias, the
 * Msprofiler::Api overload of ProfGetOpExecutionTime, the pointer aliases),
 * the tensor-info structs that acl_prof.h declares under its own names, and
 * the definition of aclprofSubscribeConfig, which stays opaque (make one
 * with aclprofCreateSubscribeConfig).
 */
#ifndef ACLSIM_ACL_PROF_ACL_API_H_
#define ACLSIM_ACL_PROF_ACL_API_H_

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#endif
#include "acl_prof.h"

/* ---- constants and structs of CANN's header ---- */

/* Device ids 0 ... PROF_MAX_DEV_NUM - 1; the host is PROF_DEFAULT_HOST_ID. */
#ifdef __cplusplus
constexpr int32_t PROF_MAX_DEV_NUM = 64;
constexpr int32_t PROF_DEFAULT_HOST_ID = PROF_MAX_DEV_NUM;
#else
enum { PROF_MAX_DEV_NUM = 64, PROF_DEFAULT_HOST_ID = PROF_MAX_DEV_NUM };
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* AI Core metric group (the values of acl_prof.h's aclprofAicoreMetrics). */
typedef enum ProfAicoreMetrics {
  PROF_AICORE_ARITHMETIC_UTILIZATION = 0,
  PROF_AICORE_PIPE_UTILIZATION = 1,
  PROF_AICORE_MEMORY_BANDWIDTH = 2,
  PROF_AICORE_L0B_AND_WIDTH = 3,
  PROF_AICORE_RESOURCE_CONFLICT_RATIO = 4,
  PROF_AICORE_MEMORY_UB = 5,
  PROF_AICORE_L2_CACHE = 6,
  PROF_AICORE_PIPE_EXECUTE_UTILIZATION = 7,
  PROF_AICORE_MEMORY_ACCESS = 8,
  PROF_AICORE_METRICS_COUNT, /* 9: the number of groups above */
  PROF_AICORE_NONE = 0xFF
} ProfAicoreMetrics;

/* A collection config as the profiling library sees it (280 bytes on LP64). */
typedef struct ProfConfig {
  uint32_t devNums;                         /* entries used in devIdList */
  uint32_t devIdList[PROF_MAX_DEV_NUM + 1]; /* device ids, PROF_DEFAULT_HOST_ID for the host */
  ProfAicoreMetrics aicoreMetrics;
  uint64_t dataTypeConfig; /* ACL_PROF_* bits */
} ProfConfig;

/* An operator-subscription config as the profiling library sees it (16 bytes on LP64). */
typedef struct ProfSubscribeConfig {
  bool timeInfo;                   /* collect op times */
  ProfAicoreMetrics aicoreMetrics; /* PROF_AICORE_NONE for none */
  void* fd;                        /* points to the int holding the pipe's write end */
} ProfSubscribeConfig;

/* The config argument of ProfOpSubscribe: an aclprofSubscribeConfig*. */
typedef const void* PROFAPI_SUBSCRIBECONFIG_CONST_PTR;

/* ---- collection session extras ---- */

/* Pre-arm collection for profilerConfig inside an aclprofInit session; the next aclprofStart
 * turns it into a real start. ACL_ERROR_PROF_API_CONFLICT after aclprofStart. */
MSVP_PROF_API int aclprofWarmup(const aclprofConfig* profilerConfig);

/* Hand out a static table of feature records (*featuresData must be NULL on entry) and
 * its element count. ACL_ERROR_INVALID_PARAM on bad pointers. */
MSVP_PROF_API int32_t aclprofGetSupportedFeatures(size_t* featuresSize, void** featuresData);

/* As aclprofGetSupportedFeatures, second-generation table. */
MSVP_PROF_API int32_t aclprofGetSupportedFeaturesV2(size_t* featuresSize, void** featuresData);

/* Ask to be told when devices are opened; 0 on success, ACL_ERROR_PROFILING_FAILURE otherwise. */
MSVP_PROF_API int aclprofRegisterDeviceCallback(void);

/* ---- graph subscription ---- */

/* Subscribe to per-operator records of graph graphId (records carry the graph id
 * in their model-id field). */
MSVP_PROF_API int aclgrphProfGraphSubscribe(const uint32_t graphId, const aclprofSubscribeConfig* profSubscribeConfig);

/* End the subscription of graph graphId. */
MSVP_PROF_API int aclgrphProfGraphUnSubscribe(const uint32_t graphId);

/* Graph id of record index in subscription data. */
MSVP_PROF_API size_t aclprofGetGraphId(const void* opInfo, size_t opInfoLen, uint32_t index);

/* Execution time of record index in subscription data; 0 on error. */
MSVP_PROF_API uint64_t ProfGetOpExecutionTime(const void* data, uint32_t len, uint32_t index);

/* ---- msproftx stamp extras (return 0 on success, -1 on failure) ---- */

/* Register a display name for a category id. */
MSVP_PROF_API int32_t aclprofSetCategoryName(uint32_t category, const char* categoryName);

/* Assign a category id to a stamp. */
MSVP_PROF_API int32_t aclprofSetStampCategory(void* stamp, uint32_t category);

/* Attach a typed payload to a stamp. */
MSVP_PROF_API int32_t aclprofSetStampPayload(void* stamp, const int32_t type, void* value);

/* Name a stamp's tag (an API of older CANN toolchains that frameworks such
 * as DeepLink's DIPU still call): len bytes of tagName, less than 128. */
MSVP_PROF_API int32_t aclprofSetStampTagName(void* stamp, const char* tagName, uint16_t len);

/* Attach a call stack text to a stamp (older toolchains' acl_msprof.h,
 * which torch_npu 1.11 and DeepLink's DIPU call): kept with the stamp, not
 * exported. 0, or -1 for an unknown stamp or NULL callStack. */
MSVP_PROF_API aclError aclprofSetStampCallStack(void* stamp, const char* callStack, uint32_t len);

/* ---- thread operator subscription ---- */

/* Subscribe to the records of the operators that the calling thread launches
 * on device devId (aclrtSetDevice'd in this process), of any model that has
 * no aclprofModelSubscribe of its own. profSubscribeConfig is an
 * aclprofSubscribeConfig* (aclprofCreateSubscribeConfig); records are those
 * of aclprofModelSubscribe, read with the aclprofGetOp* accessors. A thread
 * holds one at a time. ACL_ERROR_INVALID_PARAM (NULL config or a config that
 * collects nothing), ACL_ERROR_PROFILING_FAILURE (device not open),
 * ACL_ERROR_PROF_REPEAT_SUBSCRIBE, ACL_ERROR_INVALID_PROFILING_CONFIG
 * (another config on the device), ACL_ERROR_PROF_API_CONFLICT (aclprofInit). */
MSVP_PROF_API int32_t ProfOpSubscribe(uint32_t devId, PROFAPI_SUBSCRIBECONFIG_CONST_PTR profSubscribeConfig);

/* End the calling thread's subscription of device devId: flush its records,
 * then close the descriptor (the reader sees EOF) and set the config's int
 * to -1, unless another subscription uses the same descriptor.
 * ACL_ERROR_PROFILING_FAILURE if the thread holds no subscription of devId. */
MSVP_PROF_API int32_t ProfOpUnSubscribe(uint32_t devId);

#ifdef __cplusplus
}
#endif

#endif /* ACLSIM_ACL_PROF_ACL_API_H_ */
