// libmsprofiler.so: the aclprof* entry points. Each forwards to the
// implementation in libascendcl.so through the table it exports, so both
// libraries share one copy of all profiling state. If the table is missing
// (mismatched libraries), every call fails with the API's failure value and
// ACL_ERROR_API_NOT_SUPPORT in the message.
#include <cstdio>

#include "acl/aclsim_ext.h"
#include "api/src/prof_api.h"

namespace {

#define ACLSIM_VOID_RESULT

const aclsim::api::ProfApi* Table() {
  static const aclsim::api::ProfApi* table = [] {
    auto* t = static_cast<const aclsim::api::ProfApi*>(aclsimInternalGetProfApi(aclsim::api::kProfApiVersion));
    if (t == nullptr || t->struct_size < sizeof(aclsim::api::ProfApi)) {
      std::fprintf(stderr, "[aclsim][ERROR] libmsprofiler.so: libascendcl.so does not provide profiling table v%u\n",
                   aclsim::api::kProfApiVersion);
      return static_cast<const aclsim::api::ProfApi*>(nullptr);
    }
    return t;
  }();
  return table;
}

}  // namespace

extern "C" {

#define ACLSIM_PROF_FN(ret, name, params, args, fail) \
  MSVP_PROF_API ret name params {                     \
    const auto* t = Table();                          \
    if (t == nullptr) return fail;                    \
    return t->name args;                              \
  }
#include "api/src/generated/prof_functions.inc"
#undef ACLSIM_PROF_FN

}  // extern "C"
