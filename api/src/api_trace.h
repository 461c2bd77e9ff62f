// Host timing of ACL calls for collection sessions with ACL_PROF_ACL_API.
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
#include "runtime/prof/session_data.h"
#include "runtime/runtime.h"

namespace aclsim::api {

class ApiScope {
 public:
  explicit ApiScope(const char* name) {
    const bool trace = runtime::Profiler::ApiTraceOn();
    if (!trace) {
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
    runtime::HostClock& clock = runtime_->profiler().host_clock();
    record_.level = "AscendCL";
    record_.name = name;
    record_.tid = runtime::CurrentThreadId();
    record_.start_ns = clock.NowNs();
    clock.Charge(clock.costs().api_call_ns);
  }
  ~ApiScope() {
    if (pending_) SetPendingCallCharge(false);  // a call that failed before it needed the runtime
    if (runtime_ == nullptr) return;
    record_.end_ns = runtime_->profiler().HostNowNs();
    runtime_->profiler().RecordApi(std::move(record_));
  }
  ApiScope(const ApiScope&) = delete;
  ApiScope& operator=(const ApiScope&) = delete;

  // Where the runtime notes the launched task; nullptr when not tracing.
  prof::ApiRecord* launch() { return runtime_ ? &record_ : nullptr; }

 private:
  RuntimeRef runtime_;  // held for the call when tracing, like ACLSIM_GET_RUNTIME_OR_RETURN's
  bool pending_ = false;
  prof::ApiRecord record_;
};

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_API_TRACE_H_
