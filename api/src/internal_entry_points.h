/* The entry points libascendcl.so exports for the other libraries of the
 * toolkit, not for applications: each companion library (libmsprofiler.so,
 * libprofapi.so, libnnopbase.so, libms_tools_ext.so, libmspti.so) takes the
 * table of its entry points from libascendcl.so through one of them, so the
 * toolkit keeps one copy of all state; the `acl` Python module records its
 * not-supported functions through the last one.
 *
 * This header is not installed and the functions are not part of the ACL
 * API: docs/api_coverage.md does not count them. They are exported (their
 * names start with acl, api/ascendcl.map), so scripts/gen/acl_surface.py reads
 * this header beside the public ones for the exported-symbol check.
 *
 * Each table getter returns the table for table |version|, or NULL when
 * this libascendcl.so does not provide that version (a mismatched pair of
 * libraries: api/src/companion_table.h reports it). */
#ifndef ACLSIM_API_SRC_INTERNAL_ENTRY_POINTS_H_
#define ACLSIM_API_SRC_INTERNAL_ENTRY_POINTS_H_

#include <stdint.h>

#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* libmspti.so: the MSPTI entry points (api/src/mspti_api.h). */
ACL_FUNC_VISIBILITY const void* aclsimInternalGetMsptiApi(uint32_t version);

/* libmsprofiler.so: the profiling entry points (api/src/prof_api.h). */
ACL_FUNC_VISIBILITY const void* aclsimInternalGetProfApi(uint32_t version);

/* libprofapi.so: the Msprof* reporter entry points of profiling/aprof_pub.h
 * (api/src/reporter_api.h). */
ACL_FUNC_VISIBILITY const void* aclsimInternalGetReporterApi(uint32_t version);

/* libnnopbase.so: the single-op entry points of aclnn launches
 * (api/src/op_api.h). */
ACL_FUNC_VISIBILITY const void* aclsimInternalGetOpApi(uint32_t version);

/* libms_tools_ext.so: the mstx entry points (api/src/mstx_api.h). */
ACL_FUNC_VISIBILITY const void* aclsimInternalGetMstxApi(uint32_t version);

/* The `acl` Python module: records that the Python function |api| (e.g.
 * "acl.media.dvpp_malloc") is not supported, with ACL_ERROR_API_NOT_SUPPORT,
 * for aclGetRecentErrMsg() and the error log, as the C API's own
 * not-supported functions do. NULL → 100000. */
ACL_FUNC_VISIBILITY aclError aclsimInternalSetPythonNotSupported(const char* api);

#ifdef __cplusplus
}
#endif

#endif /* ACLSIM_API_SRC_INTERNAL_ENTRY_POINTS_H_ */
