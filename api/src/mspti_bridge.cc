// MSPTI inside libascendcl.so: the record sources of mspti_bridge.h, the
// table libmspti.so forwards to (mspti_api.h) and aclsimGetMsptiStats.
#include "api/src/mspti_bridge.h"

#include <array>
#include <cstring>
#include <ctime>
#include <mutex>
#include <string_view>
#include <unordered_map>

#include "acl/aclsim_ext.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/internal_entry_points.h"
#include "api/src/mspti_api.h"
#include "runtime/runtime.h"

namespace aclsim::api::mspti {

namespace {

using prof::mspti::Collector;
namespace k = prof::mspti;

constexpr uint32_t Bit(uint32_t kind) { return 1u << kind; }
constexpr uint32_t kApiKinds = Bit(k::kApi) | Bit(k::kAclApi) | Bit(k::kNodeApi) | Bit(k::kRuntimeApi);
// Kinds whose records carry a call's correlation id or times.
constexpr uint32_t kCallKinds =
    kApiKinds | Bit(k::kKernel) | Bit(k::kMemory) | Bit(k::kMemcpy) | Bit(k::kMemset) | Bit(k::kExternalCorrelation);

bool StartsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::mutex g_alloc_mu;
std::unordered_map<uint64_t, uint64_t>& Allocations() {
  static auto* sizes = new std::unordered_map<uint64_t, uint64_t>();
  return *sizes;
}

}  // namespace

bool CallWanted(uint32_t cbid) noexcept {
  const Collector& c = Collector::Instance();
  return c.AnyEnabled(kCallKinds) || c.CallbackOn(k::kDomainRuntime, cbid);
}

// msptiCallbackData.correlationData: one slot per call in progress on this
// thread (calls nest when a callback calls ACL), zeroed at the entry and
// the same at the exit; deeper than the slots, NULL.
thread_local std::array<uint64_t, 16> t_call_data;
thread_local size_t t_call_depth = 0;

uint64_t* CallData(size_t depth) { return depth < t_call_data.size() ? &t_call_data[depth] : nullptr; }

uint64_t Enter(const char* name, uint32_t cbid) noexcept try {
  uint64_t* data = CallData(t_call_depth++);
  if (data != nullptr) *data = 0;
  Collector& c = Collector::Instance();
  const uint64_t id = c.NewCorrelationId();
  c.FireCallback(k::kDomainRuntime, cbid, k::kSiteEnter, name, id, data);
  return id;
} catch (...) {
  return 0;
}

void Exit(const char* name, uint32_t cbid, uint64_t correlation_id, int64_t start_ns, int64_t end_ns, uint32_t tid,
          const MemoryActivity& memory) noexcept try {
  uint64_t* data = CallData(t_call_depth > 0 ? --t_call_depth : 0);
  Collector& c = Collector::Instance();
  k::TimedCall call;
  call.name = name;
  call.family = StartsWith(name, "aclnn")   ? k::CallFamily::kNode
                : StartsWith(name, "aclrt") ? k::CallFamily::kRuntime
                                            : k::CallFamily::kAcl;
  call.correlation_id = correlation_id;
  call.start_ns = start_ns;
  call.end_ns = end_ns;
  call.thread_id = tid;
  k::RecordCall(c, call, memory);
  c.FireCallback(k::kDomainRuntime, cbid, k::kSiteExit, name, correlation_id, data);
} catch (...) {
  (void)0;  // a record that cannot be built is lost with the exception (allocation failure)
}

void NoteAllocation(uint64_t address, uint64_t bytes) noexcept try {
  std::lock_guard<std::mutex> lock(g_alloc_mu);
  Allocations()[address] = bytes;
} catch (...) {
  (void)0;
}

uint64_t TakeAllocation(uint64_t address) noexcept {
  std::lock_guard<std::mutex> lock(g_alloc_mu);
  auto it = Allocations().find(address);
  if (it == Allocations().end()) return 0;
  const uint64_t bytes = it->second;
  Allocations().erase(it);
  return bytes;
}

}  // namespace aclsim::api::mspti

namespace {

using aclsim::prof::mspti::Collector;

int32_t RegisterCallbacks(void (*request)(uint8_t**, size_t*, size_t*),
                          void (*complete)(uint8_t*, size_t, size_t)) noexcept try {
  Collector::Instance().RegisterCallbacks(request, complete);
  return 0;
} catch (...) {
  return aclsim::prof::mspti::kInner;
}

int32_t SetKindEnabled(uint32_t kind, bool on) noexcept try {
  if (kind == 0 || kind >= aclsim::prof::mspti::kKindCount) return aclsim::prof::mspti::kInvalidParameter;
  Collector::Instance().SetEnabled(kind, on);
  if (kind == aclsim::prof::mspti::kKernel || kind == aclsim::prof::mspti::kMarker) {
    // Kernels and device markers come from the devices: the source is
    // attached to the runtime's open devices while either kind is on (a
    // runtime created later attaches it as devices open).
    if (auto rt = aclsim::api::ExistingRuntime(); rt.ok()) (*rt)->profiler().SyncMsptiSink();
  }
  return 0;
} catch (...) {
  return aclsim::prof::mspti::kInner;
}

bool KindEnabled(uint32_t kind) noexcept { return Collector::Instance().Enabled(kind); }

int32_t SetMarkerDomainEnabled(const char* name, bool on) noexcept try {
  if (name == nullptr || ::strnlen(name, 255) == 255) return aclsim::prof::mspti::kInvalidParameter;
  Collector::Instance().SetDomainEnabled(name, on);
  return 0;
} catch (...) {
  return aclsim::prof::mspti::kInner;
}

int32_t FlushAll() noexcept try {
  Collector::Instance().FlushAll();
  return 0;
} catch (...) {
  return aclsim::prof::mspti::kInner;
}

int32_t FlushPeriod(uint32_t ms) noexcept {
  Collector::Instance().FlushPeriod(ms);
  return 0;
}

int32_t PushExternal(uint32_t kind, uint64_t id) noexcept try {
  return Collector::Instance().PushExternal(kind, id);
} catch (...) {
  return aclsim::prof::mspti::kInner;
}

int32_t PopExternal(uint32_t kind, uint64_t* last_id) noexcept {
  return Collector::Instance().PopExternal(kind, last_id);
}

int32_t Subscribe(void** handle, void (*callback)(void*, uint32_t, uint32_t, const void*), void* userdata) noexcept {
  return Collector::Instance().Subscribe(handle, callback, userdata);
}

int32_t Unsubscribe(void* handle) noexcept { return Collector::Instance().Unsubscribe(handle); }

int32_t EnableCallback(uint32_t enable, void* handle, uint32_t domain, uint32_t cbid) noexcept {
  return Collector::Instance().EnableCallback(enable != 0, handle, domain, cbid);
}

int32_t EnableDomain(uint32_t enable, void* handle, uint32_t domain) noexcept {
  return Collector::Instance().EnableDomain(enable != 0, handle, domain);
}

int32_t TakeDropped(uint64_t* dropped) noexcept {
  *dropped = Collector::Instance().TakeDropped();
  return 0;
}

// The records' time base now; before a runtime exists (no host clock, no
// callback), the wall clock, as CANN's is.
int32_t Timestamp(uint64_t* ns) noexcept {
  const Collector& c = Collector::Instance();
  uint64_t now = c.HostNow();
  if (now == 0) {
    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    now = static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
  }
  *ns = now;
  return 0;
}

int32_t SetTimestampCallback(uint64_t (*callback)()) noexcept {
  Collector::Instance().SetTimestampCallback(callback);
  return 0;
}

uint64_t (*TimestampCallback())() { return Collector::Instance().timestamp_callback(); }

int32_t CallbackState(void* handle, uint32_t domain, uint32_t cbid, uint32_t* enable) noexcept {
  bool on = false;
  const int32_t result = Collector::Instance().CallbackState(handle, domain, cbid, &on);
  if (result == 0) *enable = on ? 1 : 0;
  return result;
}

bool Subscribed() noexcept { return Collector::Instance().subscribed(); }

const aclsim::api::MsptiApi kMsptiApi = {
    sizeof(aclsim::api::MsptiApi),
    aclsim::api::kMsptiApiVersion,
    &RegisterCallbacks,
    &SetKindEnabled,
    &KindEnabled,
    &SetMarkerDomainEnabled,
    &FlushAll,
    &FlushPeriod,
    &PushExternal,
    &PopExternal,
    &Subscribe,
    &Unsubscribe,
    &EnableCallback,
    &EnableDomain,
    &TakeDropped,
    &Timestamp,
    &SetTimestampCallback,
    &TimestampCallback,
    &CallbackState,
    &Subscribed,
};

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclsimGetMsptiStats(aclsimMsptiStats* stats) try {
  ACLSIM_PROLOGUE(aclsimGetMsptiStats);
  const aclsim::prof::mspti::Counters c = Collector::Instance().counters();
  std::memset(stats, 0, sizeof(*stats));
  stats->structSize = sizeof(*stats);
  stats->records = c.records;
  stats->dropped = c.dropped;
  stats->buffersCompleted = c.buffers_completed;
  if (auto rt = aclsim::api::ExistingRuntime(); rt.ok())
    stats->uncorrelatedKernels = (*rt)->profiler().MsptiUncorrelatedKernels();
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY const void* aclsimInternalGetMsptiApi(uint32_t version) try {
  return version == aclsim::api::kMsptiApiVersion ? &kMsptiApi : nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

}  // extern "C"
