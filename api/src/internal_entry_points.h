/* The entry points libascendcl.so exports for the other libraries of the
 * toolkit, not for applications: each companion library (libmsprofiler.so,
 * libprofapi.so, libnnopbase.so, libmspti.so) takes the table of its entry
 * points from libascendcl.so through one of them, so the toolkit keeps one
 * copy of all state; the `acl` Python module records its
 * not-supported functions through the last one.
 *
 * This header is not installed and the functions are not part of the ACL
 * API: docs/api_coverage.md does not count them. They are exported (their
 * names are in api/src/generated/ascendcl.map), so scripts/gen/acl_surface.py reads
 * this header beside the public ones for the exported-symbol check.
 *
 * Each table getter returns the table for table |version|, or NULL when
 * this libascendcl.so does not provide that version (a mismatched pair of
 * libraries: api/src/companion_table.h reports it). */
#ifndef ACLSIM_API_SRC_INTERNAL_ENTRY_POINTS_H_
#define ACLSIM_API_SRC_INTERNAL_ENTRY_POINTS_H_

#include <stdarg.h>
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

/* The `acl` Python module: records that the Python function |api| (e.g.
 * "acl.media.dvpp_malloc") is not supported, with ACL_ERROR_API_NOT_SUPPORT,
 * for aclGetRecentErrMsg() and the error log, as the C API's own
 * not-supported functions do. NULL → 100000. */
ACL_FUNC_VISIBILITY aclError aclsimInternalSetPythonNotSupported(const char* api);

/* The libraries CANN splits the API into (libacl_rt.so, libacl_rt_impl.so,
 * libacl_mdl.so, ...; api/libs/, docs/libraries.md): the address of
 * libascendcl.so's implementation of the function |name|, or NULL when it
 * does not hand that name out (api/src/generated/resolve_table.inc). */
ACL_FUNC_VISIBILITY const void* aclsimInternalResolveFunction(const char* name);

/* aclAppLog with a va_list, for libacl_rt_impl.so's aclAppLogImpl. */
ACL_FUNC_VISIBILITY void aclsimInternalAppLogV(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
                                               const char* fmt, va_list args);

#ifdef __cplusplus
}
#endif

#endif /* ACLSIM_API_SRC_INTERNAL_ENTRY_POINTS_H_ */
