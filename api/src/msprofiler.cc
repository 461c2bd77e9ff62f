// libmsprofiler.so: the aclprof* entry points. Each forwards to the
// implementation in libascendcl.so through the table it exports, so both
// libraries share one copy of all profiling state. If the table is missing
// (mismatched libraries), every call fails with the API's failure value.
//
// The pure record accessors (GetOpStart/End/Duration, GetModelId,
// GetGraphId, ProfGetOpExecutionTime) read only the caller's buffer, so they
// are answered here without crossing into libascendcl.so; a failing call is
// handed to the table, which returns the same failure value and records the
// message for aclGetRecentErrMsg().

#include "acl/aclsim_ext.h"
#include "api/src/companion_table.h"
#include "api/src/prof_api.h"
#include "runtime/prof/op_desc.h"

namespace {

#define ACLSIM_VOID_RESULT

const aclsim::api::ProfApi* Table() {
  static const aclsim::api::ProfApi* table =
      aclsim::api::CheckedTable<aclsim::api::ProfApi>(aclsimInternalGetProfApi(aclsim::api::kProfApiVersion),
                                                      aclsim::api::kProfApiVersion, "libmsprofiler.so", "profiling");
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
#define ACLSIM_PROF_FAST_FN(ret, name, params, args, fail)
#include "api/src/generated/prof_functions.inc"
#undef ACLSIM_PROF_FAST_FN
#undef ACLSIM_PROF_FN

#define ACLSIM_FAST_ACCESSOR(ret, name, params, args, load)                     \
  MSVP_PROF_API ret name params {                                               \
    if (const uint8_t* rec = aclsim::prof::CheckedRecordMemo args) return load; \
    const auto* t = Table();                                                    \
    return t == nullptr ? static_cast<ret>(0) : t->name args;                   \
  }

using aclsim::prof::Load32;
using aclsim::prof::Load64;

ACLSIM_FAST_ACCESSOR(uint64_t, aclprofGetOpStart, (const void* opInfo, size_t opInfoLen, uint32_t index),
                     (opInfo, opInfoLen, index), Load64(rec + 32))
ACLSIM_FAST_ACCESSOR(uint64_t, aclprofGetOpEnd, (const void* opInfo, size_t opInfoLen, uint32_t index),
                     (opInfo, opInfoLen, index), Load64(rec + 40))
ACLSIM_FAST_ACCESSOR(uint64_t, aclprofGetOpDuration, (const void* opInfo, size_t opInfoLen, uint32_t index),
                     (opInfo, opInfoLen, index), Load64(rec + 24))
ACLSIM_FAST_ACCESSOR(size_t, aclprofGetModelId, (const void* opInfo, size_t opInfoLen, uint32_t index),
                     (opInfo, opInfoLen, index), Load32(rec + 4))
ACLSIM_FAST_ACCESSOR(size_t, aclprofGetGraphId, (const void* opInfo, size_t opInfoLen, uint32_t index),
                     (opInfo, opInfoLen, index), Load32(rec + 4))
ACLSIM_FAST_ACCESSOR(uint64_t, ProfGetOpExecutionTime, (const void* data, uint32_t len, uint32_t index),
                     (data, len, index), Load64(rec + 48))

}  // extern "C"
