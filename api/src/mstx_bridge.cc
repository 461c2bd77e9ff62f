// The recording side of mstx inside libascendcl.so (mstx_api.h): the
// markers and ranges the tool (mstx_tool.cc) hands over join the runtime's
// profiling session (runtime/prof/msproftx.h) and MSPTI's MARKER records;
// and aclsimGetMstxStats.
#include <unistd.h>

#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

#include "acl/aclsim_ext.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "api/src/mstx_api.h"
#include "runtime/log.h"
#include "runtime/prof/msproftx.h"
#include "runtime/prof/mspti_collector.h"
#include "runtime/runtime.h"
#include "runtime/vendor.h"

namespace {

namespace mspti = aclsim::prof::mspti;

bool MsptiMarkers() noexcept { return mspti::Collector::Instance().Enabled(mspti::kMarker); }

// The streams of MSPTI's open ranges that have one: their end is a device
// marker on the same stream, as the start was.
std::mutex g_range_mu;
std::unordered_map<uint64_t, void*>& RangeStreams() {
  static auto* streams = new std::unordered_map<uint64_t, void*>();
  return *streams;
}

// Writes MSPTI's host MARKER record of one mstx call (when MSPTI's MARKER
// kind is on and |domain| is not disabled): |flag| is the plain flag, made
// the _WITH_DEVICE one when |stream| is given; a range end carries no name
// and no domain, as CANN's do.
void MsptiMarker(const char* domain, const char* message, void* stream, uint32_t flag, uint64_t id) {
  mspti::Collector& c = mspti::Collector::Instance();
  if (!c.Enabled(mspti::kMarker) || !c.DomainEnabled(domain)) return;
  auto rt = aclsim::api::ExistingRuntime();
  if (!rt.ok()) return;
  aclsim::runtime::Profiler& profiler = (*rt)->profiler();
  mspti::MarkerRecord r;
  r.flag = stream != nullptr ? flag << 3 : flag;  // INSTANTANEOUS 1, START 2, END 4 → the _WITH_DEVICE flags
  r.source_kind = 0;
  const int64_t now = profiler.HostNowNs() + profiler.EpochOffsetNs();
  r.timestamp = static_cast<uint64_t>(now + c.ClientOffset(now));
  r.id = id;
  r.object_id0 = static_cast<uint32_t>(::getpid());
  r.object_id1 = aclsim::runtime::CurrentThreadId();
  const bool end = flag == 4;
  r.name = end ? "" : c.Intern(message != nullptr ? message : "");
  r.domain = end ? "" : c.Intern(domain);
  c.Append(r);
  // With a stream, a device marker in stream order gives the device-side
  // record (runtime/mspti_sink.cc); a session recording mstx places its own.
  if (stream != nullptr && !aclsim::prof::TxManager::MstxActive()) {
    const uint32_t tag = flag == 1 ? aclsim::vendor::kMarkExTag : aclsim::vendor::kMstxRangeTag;
    (void)profiler.StepMarker(aclsim::api::ToStream(stream), id, tag);
  }
}

// A range's start remembers its stream; its end takes it back (nullptr: none).
void* RangeStream(uint64_t id, void* start_stream, bool start) {
  std::lock_guard<std::mutex> lock(g_range_mu);
  if (start) {
    if (start_stream != nullptr) RangeStreams()[id] = start_stream;
    return start_stream;
  }
  auto it = RangeStreams().find(id);
  if (it == RangeStreams().end()) return nullptr;
  void* stream = it->second;
  RangeStreams().erase(it);
  return stream;
}

// The runtime's TxManager while one exists: mstx calls never create it.
template <typename F>
auto WithTx(F f) {
  auto rt = aclsim::api::ExistingRuntime();
  using R = decltype(f(std::declval<aclsim::prof::TxManager&>()));
  if (!rt.ok()) return R();
  return f((*rt)->profiler().tx());
}

// The id of an MSPTI marker: the session's when it recorded the marker (its
// device marker carries that id), else a new one from the same sequence.
uint64_t MsptiId(uint64_t tx_id) {
  return tx_id != 0 ? tx_id : WithTx([](aclsim::prof::TxManager& tx) { return tx.NewMarkId(); });
}

}  // namespace

namespace aclsim::api::mstx {

bool Active() noexcept { return aclsim::prof::TxManager::MstxActive() || MsptiMarkers(); }

void Mark(const char* domain, const char* message, void* stream) noexcept try {
  if (!Active()) return;
  uint64_t id = 0;  // the session's, when it recorded the mark: its device marker carries it
  if (aclsim::prof::TxManager::MstxActive()) {
    id = WithTx([&](aclsim::prof::TxManager& tx) { return tx.MstxMark(domain, message, stream); });
  }
  if (MsptiMarkers()) MsptiMarker(domain, message, stream, 1, MsptiId(id));
} catch (...) {
  aclsim::api::FailureAtEdgeOr<void>("mstxMarkA", [] {});
}

uint64_t RangeStart(const char* domain, const char* message, void* stream) noexcept try {
  if (!Active()) return 0;
  uint64_t id = 0;
  if (aclsim::prof::TxManager::MstxActive()) {
    id = WithTx([&](aclsim::prof::TxManager& tx) { return tx.MstxRangeStart(domain, message, stream); });
  }
  if (MsptiMarkers()) {
    id = MsptiId(id);
    MsptiMarker(domain, message, RangeStream(id, stream, true), 2, id);
  }
  return id;
} catch (...) {
  return aclsim::api::FailureAtEdge("mstxRangeStartA", uint64_t{0});
}

void RangeEnd(const char* domain, uint64_t id) noexcept try {
  if (id == 0 || !Active()) return;
  if (aclsim::prof::TxManager::MstxActive()) WithTx([&](aclsim::prof::TxManager& tx) { tx.MstxRangeEnd(domain, id); });
  if (MsptiMarkers()) MsptiMarker(domain, nullptr, RangeStream(id, nullptr, false), 4, id);
} catch (...) {
  aclsim::api::FailureAtEdgeOr<void>("mstxRangeEnd", [] {});
}

void Warn(const char* message) noexcept try {
  aclsim::Log(aclsim::LogLevel::kWarning, message != nullptr ? message : "");
} catch (...) {
  aclsim::api::FailureAtEdgeOr<void>("mstx", [] {});
}

}  // namespace aclsim::api::mstx

extern "C" {

ACL_FUNC_VISIBILITY aclError aclsimGetMstxStats(aclsimMstxStats* stats) try {
  ACLSIM_PROLOGUE(aclsimGetMstxStats);
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

}  // extern "C"
