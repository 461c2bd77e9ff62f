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

// A call that failed the check: libascendcl.so returns the same failure
// value and records the message. Out of line, so that the accessors' fast
// path saves no registers for it.
template <typename Ret, typename Call>
__attribute__((noinline, cold)) Ret FailedAccess(Call call) {
  const auto* t = Table();
  return t == nullptr ? static_cast<Ret>(0) : call(*t);
}

#if ACLSIM_RECORD_SIGNATURE_X86
// Set once while this library is initialised; a call made before that (from
// another library's initialiser) sees false and takes the portable path,
// which gives the same result.
const bool kUseX86 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2") && __builtin_cpu_supports("pclmul");
}();
#endif

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

// Each accessor exists twice: compiled for crc32 and pclmulqdq with the
// signature inline and the memo compared 16 bytes at a time, and portable.
// The exported function tests one flag and jumps to one of them. (Not an
// ifunc: libascendcl.so, relocated first, binds the same names, and a
// resolver must not run in a library that is not relocated yet.)
#define ACLSIM_PORTABLE_ACCESSOR(ret, name, params, args, load)                           \
  __attribute__((noinline)) static ret name##Portable params {                            \
    if (const uint8_t* rec = aclsim::prof::CheckedRecordMemo args) return load;           \
    return FailedAccess<ret>([=](const aclsim::api::ProfApi& t) { return t.name args; }); \
  }
#if ACLSIM_RECORD_SIGNATURE_X86
#define ACLSIM_FAST_ACCESSOR(ret, name, params, args, load)                                  \
  ACLSIM_PORTABLE_ACCESSOR(ret, name, params, args, load)                                    \
  ACLSIM_RECORD_SIGNATURE_X86_TARGET __attribute__((noinline)) static ret name##X86 params { \
    const uint8_t* rec = aclsim::prof::CheckedRecordX86 args;                                \
    if (__builtin_expect(rec != nullptr, 1)) return load;                                    \
    return FailedAccess<ret>([=](const aclsim::api::ProfApi& t) { return t.name args; });    \
  }                                                                                          \
  MSVP_PROF_API ret name params { return kUseX86 ? name##X86 args : name##Portable args; }
#else
#define ACLSIM_FAST_ACCESSOR(ret, name, params, args, load) \
  ACLSIM_PORTABLE_ACCESSOR(ret, name, params, args, load)   \
  MSVP_PROF_API ret name params { return name##Portable args; }
#endif

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
