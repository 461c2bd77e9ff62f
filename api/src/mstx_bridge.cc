// The mstx entry points inside libascendcl.so: the implementations behind
// the table libms_tools_ext.so forwards to (mstx_api.h), so markers and
// ranges join the runtime's profiling session (runtime/prof/msproftx.h),
// and aclsimGetMstxStats.
#include <cstring>
#include <string>

#include "acl/aclsim_ext.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/global.h"
#include "api/src/mstx_api.h"
#include "runtime/log.h"
#include "runtime/prof/msproftx.h"

namespace {

bool Active() noexcept { return aclsim::prof::TxManager::MstxActive(); }

// The runtime's TxManager while one exists: mstx calls never create it.
template <typename F>
auto WithTx(F f) {
  auto rt = aclsim::api::ExistingRuntime();
  using R = decltype(f(std::declval<aclsim::prof::TxManager&>()));
  if (!rt.ok()) return R();
  return f((*rt)->profiler().tx());
}

void Mark(const char* domain, const char* message, void* stream) noexcept try {
  if (!Active()) return;
  WithTx([&](aclsim::prof::TxManager& tx) { tx.MstxMark(domain, message, stream); });
} catch (...) {
  aclsim::api::FailureAtEdgeOr<void>("mstxMarkA", [] {});
}

uint64_t RangeStart(const char* domain, const char* message, void* stream) noexcept try {
  if (!Active()) return 0;
  return WithTx([&](aclsim::prof::TxManager& tx) { return tx.MstxRangeStart(domain, message, stream); });
} catch (...) {
  return aclsim::api::FailureAtEdge("mstxRangeStartA", uint64_t{0});
}

void RangeEnd(const char* domain, uint64_t id) noexcept try {
  if (id == 0 || !Active()) return;
  WithTx([&](aclsim::prof::TxManager& tx) { tx.MstxRangeEnd(domain, id); });
} catch (...) {
  aclsim::api::FailureAtEdgeOr<void>("mstxRangeEnd", [] {});
}

void Warn(const char* message) noexcept try {
  aclsim::Log(aclsim::LogLevel::kWarning, message != nullptr ? message : "");
} catch (...) {
  aclsim::api::FailureAtEdgeOr<void>("mstx", [] {});
}

const aclsim::api::MstxApi kMstxApi = {
    sizeof(aclsim::api::MstxApi), aclsim::api::kMstxApiVersion, &Active, &Mark, &RangeStart, &RangeEnd, &Warn,
};

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclsimGetMstxStats(aclsimMstxStats* stats) try {
  if (stats == nullptr) return aclsim::api::InvalidParam("aclsimGetMstxStats", "stats is NULL");
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  const aclsim::prof::MstxStats s = rt->profiler().tx().mstx_stats();
  std::memset(stats, 0, sizeof(*stats));
  stats->structSize = sizeof(*stats);
  stats->marks = s.marks;
  stats->ranges = s.ranges;
  stats->refused = s.refused;
  stats->unfinished = s.unfinished;
  stats->unmatchedEnds = s.unmatched_ends;
  stats->markerFailures = s.marker_failures;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY const void* aclsimInternalGetMstxApi(uint32_t version) try {
  return version == aclsim::api::kMstxApiVersion ? &kMstxApi : nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

}  // extern "C"
