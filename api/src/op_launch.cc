// Single-op launches for libnnopbase.so (op_api.h): the aclnn second phase
// ends here, in one runtime call, and every aclnn failure gets its code and
// message here, through the error table's "aclnn*" rows.
#include <string>

#include "acl/aclsim_ext.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "api/src/internal_entry_points.h"
#include "api/src/op_api.h"
#include "runtime/single_op.h"

namespace {

using aclsim::Detail;
using aclsim::Status;
using aclsim::StatusCode;

int32_t Launch(const char* api, const void* call, uint64_t hash, void* stream) noexcept {
  try {
    aclsim::api::ApiScope api_scope(api, aclsim::api::mspti::kAclnnLaunchCbid);
    if (!aclsim::api::IsInitialized()) {
      return aclsim::api::Convert(api, Status(Detail::kNotInitialized, std::string(api) + ": aclInit was not called"));
    }
    ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, api);
    return aclsim::api::Convert(api, rt->LaunchOp(*static_cast<const aclsim::runtime::OpCall*>(call), hash,
                                                  aclsim::api::ToStream(stream), api_scope.launch()));
  } catch (...) {
    return aclsim::api::Convert(api, Status(StatusCode::kInternal, std::string(api) + ": launch failed"));
  }
}

int32_t Fail(const char* api, int32_t code, int32_t detail, const char* message) noexcept {
  try {
    const std::string text = message ? message : "";
    if (detail != 0) return aclsim::api::Convert(api, Status(static_cast<Detail>(detail), text));
    return aclsim::api::Convert(api, Status(static_cast<StatusCode>(code), text));
  } catch (...) {
    return aclsim::api::Convert(api, Status(StatusCode::kInternal, "out of memory"));
  }
}

constexpr aclsim::api::OpApi kOpApi = {sizeof(aclsim::api::OpApi), aclsim::api::kOpApiVersion, &Launch, &Fail};

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY const void* aclsimInternalGetOpApi(uint32_t version) try {
  return version == aclsim::api::kOpApiVersion ? &kOpApi : nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

}  // extern "C"
