// aclsim_ext.h entry points and the profiling table export.
#include <algorithm>
#include <cstring>

#include "acl/aclsim_ext.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/internal_entry_points.h"
#include "api/src/prof_api.h"
#include "runtime/model/graph.h"
#include "runtime/time_limits.h"
#include "runtime/vendor.h"

static_assert(ACLSIM_DEFAULT_CLOCK_ORIGIN_NS == static_cast<uint64_t>(aclsim::kDefaultClockOriginNs),
              "the public default clock origin is the runtime's");

using aclsim::api::Convert;
using aclsim::api::InvalidParam;

namespace {

constexpr size_t kDefaultTraceCapacity = size_t{1} << 20;

void CopyString(char* dst, size_t cap, const std::string& src) {
  size_t n = std::min(cap - 1, src.size());
  std::memcpy(dst, src.data(), n);
  dst[n] = '\0';
}

// The table's entries: each implementation behind a noexcept wrapper, so no
// exception reaches libmsprofiler.so's extern "C" functions (api/src/edge.h).
namespace guarded {
#define ACLSIM_VOID_RESULT  // a void entry point has no failure value
#define ACLSIM_PROF_FN(ret, name, params, args, fail)                       \
  ret name params noexcept {                                                \
    try {                                                                   \
      return aclsim::api::prof_impl::name args;                             \
    } catch (...) {                                                         \
      return aclsim::api::FailureAtEdgeOr<ret>(#name, [] { return fail; }); \
    }                                                                       \
  }
#define ACLSIM_PROF_FAST_FN ACLSIM_PROF_FN
#include "api/src/generated/prof_functions.inc"
#undef ACLSIM_PROF_FAST_FN
#undef ACLSIM_PROF_FN
#undef ACLSIM_VOID_RESULT
}  // namespace guarded

const aclsim::api::ProfApi kProfApi = {
    sizeof(aclsim::api::ProfApi),
    aclsim::api::kProfApiVersion,
#define ACLSIM_PROF_FN(ret, name, params, args, fail) &guarded::name,
#define ACLSIM_PROF_FAST_FN ACLSIM_PROF_FN
#include "api/src/generated/prof_functions.inc"
#undef ACLSIM_PROF_FAST_FN
#undef ACLSIM_PROF_FN
};

}  // namespace

// libascendcl.so exports the aclprof* functions too (spec §0: torch_npu
// dlsyms aclprofInit, ..., aclprofDestroyStepInfo from a libascendcl.so
// handle, and CANN's libascendcl.so resolves them through its dependency on
// libmsprofiler.so). They are the same noexcept wrappers that the table
// hands to libmsprofiler.so, so either library's symbol reaches one state.
extern "C" {
#define ACLSIM_PROF_FN(ret, name, params, args, fail) \
  MSVP_PROF_API ret name params { return guarded::name args; }
#define ACLSIM_PROF_FAST_FN ACLSIM_PROF_FN
#include "api/src/generated/prof_functions.inc"
#undef ACLSIM_PROF_FAST_FN
#undef ACLSIM_PROF_FN
}  // extern "C"

extern "C" {

ACL_FUNC_VISIBILITY aclError aclsimTraceStart(size_t capacity) try {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().StartTrace(capacity == 0 ? kDefaultTraceCapacity : capacity));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsimTraceStop(void) try {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().StopTrace());
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsimTraceGetCount(size_t* count, uint64_t* dropped) try {
  ACLSIM_PROLOGUE(aclsimTraceGetCount);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  *count = rt->profiler().TraceSnapshot().size();
  *dropped = rt->profiler().TraceDropped();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsimTraceGetRecords(aclsimTaskRecord* records, size_t capacity, size_t* written) try {
  ACLSIM_PROLOGUE(aclsimTraceGetRecords);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto entries = rt->profiler().TraceSnapshot();
  size_t n = std::min(capacity, entries.size());
  for (size_t i = 0; i < n; ++i) {
    const auto& e = entries[i];
    aclsimTaskRecord& r = records[i];
    std::memset(&r, 0, sizeof(r));
    r.structSize = sizeof(r);
    r.kind = e.record.kind == aclsim::device::TaskKind::kMarker ? ACLSIM_TASK_MARKER : ACLSIM_TASK_OP;
    r.deviceId = e.record.device_id;
    // A marker has no model, whatever tag its backend put in the record.
    r.modelId =
        e.record.kind == aclsim::device::TaskKind::kMarker ? aclsim::vendor::kMarkerModelId : e.record.model_tag;
    r.opIndex = e.record.op_index;
    r.blockDim = e.record.block_dim;
    r.hostTid = e.record.host_tid;
    r.markerTag = e.record.marker_tag;
    r.markerId = e.record.marker_id;
    r.streamId = e.record.stream_id;
    r.taskId = e.record.task_id;
    r.startNs = static_cast<uint64_t>(e.record.start_ns);
    r.endNs = static_cast<uint64_t>(e.record.end_ns);
    r.flops = e.record.flops;
    r.bytes = e.record.bytes;
    CopyString(r.engine, sizeof(r.engine), r.kind == ACLSIM_TASK_OP ? aclsim::model::EngineName(e.record.engine) : "");
    CopyString(r.opType, sizeof(r.opType), e.op_type);
    CopyString(r.opName, sizeof(r.opName), e.op_name);
  }
  *written = n;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsimGetDeviceTimeNs(int32_t deviceId, uint64_t* timeNs) try {
  ACLSIM_PROLOGUE(aclsimGetDeviceTimeNs);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto now = rt->devices().DeviceNowNs(deviceId);
  if (!now.ok()) return Convert(__func__, now.status());
  *timeNs = static_cast<uint64_t>(*now);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsimGetModelCost(uint32_t modelId, uint64_t* flops, uint64_t* macs, uint64_t* bytes,
                                                uint64_t* opTimeNs) try {
  ACLSIM_PROLOGUE(aclsimGetModelCost);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto costs = rt->models().Costs(modelId);
  if (!costs.ok()) return Convert(__func__, costs.status());
  *flops = *macs = *bytes = *opTimeNs = 0;
  for (const auto& c : *costs) {
    *flops += c.flops;
    *macs += c.macs;
    *bytes += c.bytes;
    *opTimeNs += static_cast<uint64_t>(c.duration_ns);
  }
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY const char* aclsimGetBackendName(void) try {
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) {
    Convert(__func__, rt.status());
    return nullptr;
  }
  return (*rt)->backend_name().data();
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

ACL_FUNC_VISIBILITY aclError aclsimCheckBackendFeature(const char* feature) try {
  ACLSIM_PROLOGUE(aclsimCheckBackendFeature);
  const aclsim::Status s = aclsim::api::CheckBackendFeature(feature);
  return s.ok() ? ACL_SUCCESS : Convert(__func__, s);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsimGetSubscriptionStats(uint32_t modelId, aclsimSubscriptionStats* stats) try {
  ACLSIM_PROLOGUE(aclsimGetSubscriptionStats);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto s = rt->profiler().GetSubscriptionStats(modelId);
  if (!s.ok()) return Convert(__func__, s.status());
  std::memset(stats, 0, sizeof(*stats));
  stats->structSize = sizeof(*stats);
  stats->modelId = s->model_id;
  stats->deviceId = s->device_id;
  stats->fd = s->fd;
  stats->active = s->active ? 1 : 0;
  stats->broken = s->broken ? 1 : 0;
  stats->produced = s->produced;
  stats->delivered = s->delivered;
  stats->dropped = s->dropped;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclsimGetLastProfDirectory(char* path, size_t length) try {
  ACLSIM_PROLOGUE(aclsimGetLastProfDirectory);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  std::string dir = rt->profiler().LastProfDirectory();
  if (dir.size() + 1 > length) return InvalidParam(kApiName, "buffer too small");
  std::memcpy(path, dir.c_str(), dir.size() + 1);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY const void* aclsimInternalGetProfApi(uint32_t version) try {
  return version == aclsim::api::kProfApiVersion ? &kProfApi : nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

}  // extern "C"
