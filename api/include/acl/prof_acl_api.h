/*
 * aclsim - clean-room declaration of the extra profiling entry points.
 *
 * CANN's profiling library exports a few symbols that are not part of the
 * public acl_prof.h but that frameworks (MindSpore, torch_npu, TensorFlow
 * adapters) look up with dlsym: warm-up, feature lists, device-callback
 * registration, graph subscription and extra msproftx stamp setters. aclsim
 * exports them from its libmsprofiler.so as well; this header (our own,
 * C-only) declares them with CANN's names and parameter types. Return codes
 * are plain int / int32_t (CANN's graph "Status" is a 32-bit int here).
 */
#ifndef ACLSIM_ACL_PROF_ACL_API_H_
#define ACLSIM_ACL_PROF_ACL_API_H_

#include <stddef.h>
#include <stdint.h>
#include "acl_prof.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* ACLSIM_ACL_PROF_ACL_API_H_ */
