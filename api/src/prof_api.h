// The table of profiling entry points that libascendcl.so hands to
// libmsprofiler.so. All profiling state lives in libascendcl.so; the
// aclprof* symbols of libmsprofiler.so forward through this table, so a
// process has one copy of the state whichever library it calls.
//
// Compatibility: |struct_size| comes first; new entries are only appended
// (the list is generated from the headers in declaration order, and new
// functions are added at the end of their header). The version changes when
// an entry's signature changes.
#ifndef ACLSIM_API_SRC_PROF_API_H_
#define ACLSIM_API_SRC_PROF_API_H_

#include <cstdint>

#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"

namespace aclsim::api {

inline constexpr uint32_t kProfApiVersion = 1;

struct ProfApi {
  uint32_t struct_size;
  uint32_t version;
#define ACLSIM_PROF_FN(ret, name, params, args, fail) ret(*name) params;
#define ACLSIM_PROF_FAST_FN ACLSIM_PROF_FN
#include "api/src/generated/prof_functions.inc"
#undef ACLSIM_PROF_FAST_FN
#undef ACLSIM_PROF_FN
};

namespace prof_impl {
#define ACLSIM_PROF_FN(ret, name, params, args, fail) ret name params;
#define ACLSIM_PROF_FAST_FN ACLSIM_PROF_FN
#include "api/src/generated/prof_functions.inc"
#undef ACLSIM_PROF_FAST_FN
#undef ACLSIM_PROF_FN
}  // namespace prof_impl

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_PROF_API_H_
