/*
 * aclsim - clean-room declaration of the mstx marker API (mstx/ms_tools_ext.h),
 * implemented by libms_tools_ext.so.
 *
 * Names, values and prototypes follow the public mstx API (Ascend msTX,
 * c/include/mstx/ms_tools_ext.h; torch_npu's third_party/mstx copy), so
 * programs and frameworks written for it compile and run unchanged. Markers
 * and ranges are recorded only while a profiling collection with msproftx
 * data (ACL_PROF_MSPROFTX) runs; otherwise every call returns at once (range
 * starts return MSTX_INVALID_ID). A NULL stream gives a host-only event; a
 * stream also places a marker task on that stream, in stream order.
 */
#ifndef INC_EXTERNAL_MSTX_MS_TOOLS_EXT_H_
#define INC_EXTERNAL_MSTX_MS_TOOLS_EXT_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef MSTX_API
#if defined(__GNUC__) || defined(__clang__)
#define MSTX_API __attribute__((visibility("default")))
#else
#define MSTX_API
#endif
#endif

#define MSTX_SUCCESS 0
#define MSTX_FAIL 1

/* The range id that no range has: returned when nothing was started. */
#define MSTX_INVALID_ID 0

/* Tool ids reported by mstxGetToolId. */
#define MSTX_TOOL_INVALID_ID 0x0
#define MSTX_TOOL_MSPROF_ID 0x1000
#define MSTX_TOOL_MSOPPROF_ID 0x1001
#define MSTX_TOOL_MSSANITIZER_ID 0x1002
#define MSTX_TOOL_MSLEAKS_ID 0x1003

typedef uint64_t mstxRangeId;

/* A named group of markers. NULL is the default domain ("default"). */
struct mstxDomainRegistration_st;
typedef struct mstxDomainRegistration_st mstxDomainRegistration_t;
typedef mstxDomainRegistration_t* mstxDomainHandle_t;

/* An instantaneous marker: |message| non-NULL, non-empty. */
MSTX_API void mstxMarkA(const char* message, aclrtStream stream);

/* Opens a range and returns its id (MSTX_INVALID_ID when nothing is
 * recorded). A range may be ended on any thread. */
MSTX_API mstxRangeId mstxRangeStartA(const char* message, aclrtStream stream);

/* Closes range |id|; MSTX_INVALID_ID and unknown ids are ignored. */
MSTX_API void mstxRangeEnd(mstxRangeId id);

/* The domain named |name| (at most 1023 bytes, not "default"), created on
 * first use: the same name gives the same handle until it is destroyed.
 * NULL on a bad name. */
MSTX_API mstxDomainHandle_t mstxDomainCreateA(const char* name);

/* Destroys |domain|; later calls with it do nothing. */
MSTX_API void mstxDomainDestroy(mstxDomainHandle_t domain);

MSTX_API void mstxDomainMarkA(mstxDomainHandle_t domain, const char* message, aclrtStream stream);

MSTX_API mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain, const char* message, aclrtStream stream);

MSTX_API void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id);

/* The id of the tool collecting markers (MSTX_TOOL_MSPROF_ID while a
 * collection with msproftx data runs, else MSTX_TOOL_INVALID_ID). NULL id
 * does nothing. */
MSTX_API void mstxGetToolId(uint64_t* id);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_MSTX_MS_TOOLS_EXT_H_ */
