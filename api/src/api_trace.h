// Host timing of ACL calls for collection sessions with ACL_PROF_ACL_API
// and for MSPTI (api/src/mspti_bridge.h).
//
// An ApiScope at the top of an entry point costs two relaxed atomic loads
// when no such session runs and the host side is not modelled (the realtime
// clock); otherwise it charges the call's host cost in the virtual clock
// (runtime/host_costs.h) and, under such a session, reads the host clock at
// entry and exit and hands an ApiRecord to the runtime. Calls that launch
// device work pass launch() to the runtime so the record can be linked to
// the first task it launched (flow events in the timeline).
#ifndef ACLSIM_API_SRC_API_TRACE_H_
#define ACLSIM_API_SRC_API_TRACE_H_

#include "api/src/global.h"
#include "api/src/mspti_bridge.h"
#include "runtime/prof/session_data.h"
#include "runtime/runtime.h"

namespace aclsim::api {

class ApiScope {
 public:
  // |name| has static storage (a shim's kApiName); |mspti_cbid| is the MSPTI
  // runtime callback the call fires (0: none), from api/src/edge_api.py.
  explicit ApiScope(const char* name, uint32_t mspti_cbid = 0) : name_(name), mspti_cbid_(mspti_cbid) {
    const bool trace = runtime::Profiler::ApiTraceOn();
    const bool mspti = mspti::CallWanted(mspti_cbid);
    if (!trace && !mspti) {
      // The call's own host time (runtime/host_costs.h; virtual clock
      // only), charged by the call's own GetRuntime().
      if (runtime::Profiler::HostModelOn()) {
        SetPendingCallCharge(true);
        pending_ = true;
      }
      return;
    }
    auto rt = GetRuntime();
    if (!rt.ok()) return;
    runtime_ = *rt;
    trace_ = trace;
    runtime::HostClock& clock = runtime_->profiler().host_clock();
    start_ns_ = clock.NowNs();
    tid_ = runtime::CurrentThreadId();
    if (trace) {
      record_.level = "AscendCL";
      record_.name = name;
      record_.tid = tid_;
      record_.start_ns = start_ns_;
    }
    clock.Charge(clock.costs().api_call_ns);
    if (mspti) {
      mspti_ = true;
      correlation_id_ = mspti::Enter(name, mspti_cbid);
    }
  }
  ~ApiScope() {
    if (pending_) SetPendingCallCharge(false);  // a call that failed before it needed the runtime
    if (runtime_ == nullptr) return;
    const int64_t end_ns = runtime_->profiler().HostNowNs();
    if (mspti_) {
      const int64_t epoch = runtime_->profiler().EpochOffsetNs();
      mspti::Exit(name_, mspti_cbid_, correlation_id_, start_ns_ + epoch, end_ns + epoch, tid_, memory_);
    }
    if (!trace_) return;
    record_.end_ns = end_ns;
    runtime_->profiler().RecordApi(std::move(record_));
  }
  ApiScope(const ApiScope&) = delete;
  ApiScope& operator=(const ApiScope&) = delete;

  // Where the runtime notes the launched task; nullptr when not tracing.
  prof::ApiRecord* launch() { return trace_ ? &record_ : nullptr; }
  // Where a memory call describes what it did for MSPTI; nullptr when MSPTI
  // does not time this call.
  mspti::MemoryActivity* memory() { return mspti_ ? &memory_ : nullptr; }

 private:
  const char* name_;
  uint32_t mspti_cbid_;
  RuntimeRef runtime_;  // held for the call when timing, like ACLSIM_GET_RUNTIME_OR_RETURN's
  bool pending_ = false;
  bool trace_ = false;
  bool mspti_ = false;
  int64_t start_ns_ = 0;
  uint32_t tid_ = 0;
  uint64_t correlation_id_ = 0;
  prof::ApiRecord record_;
  mspti::MemoryActivity memory_;
};

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_API_TRACE_H_
