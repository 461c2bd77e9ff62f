#include "runtime/prof/session_state.h"

#include <array>

namespace aclsim::prof {
namespace {

using S = SessionState;
using E = SessionEvent;
using O = Outcome;
constexpr Detail kNone = Detail::kNone;

constexpr const char* kInitConflict = "operator subscription is active; aclprofInit cannot be mixed with it";
constexpr const char* kStartConflict = "operator subscription is active; aclprofStart cannot be mixed with it";
constexpr const char* kStopConflict = "operator subscription is active; aclprofStop cannot be mixed with it";
constexpr const char* kFinalizeConflict = "operator subscription is active; aclprofFinalize cannot be mixed with it";
constexpr const char* kWarmupConflict = "aclprofWarmup after aclprofStart or during subscription";
constexpr const char* kSubscribeConflict =
    "a collection session (aclprofInit) is active; subscription cannot be mixed with it";
constexpr const char* kUnsubscribeConflict = "a collection session (aclprofInit) is active";
constexpr const char* kRepeatInit = "aclprofInit was already called";
constexpr const char* kOtherStart = "a session is already running with another dataTypeConfig; stop it first";
constexpr const char* kOtherStop = "aclprofStop needs the dataTypeConfig the session was started with";
constexpr const char* kWarmupFirst = "aclprofWarmup needs aclprofInit first";

constexpr Transition Go(S from, E event, S to) { return {from, event, O::kProceed, to, kNone, nullptr}; }
constexpr Transition Same(S from, E event) { return {from, event, O::kNoOp, from, kNone, nullptr}; }
constexpr Transition No(S from, E event, Detail detail, const char* message) {
  return {from, event, O::kReject, from, detail, message};
}
constexpr Transition Input(S from, E event) { return {from, event, O::kRejectInput, from, kNone, nullptr}; }

constexpr Detail kConflict = Detail::kProfilingApiConflict;
constexpr Detail kCmd = Detail::kProfilingRunning;
constexpr const char* kCommandMode =
    "profiling is configured by the command line (acl.json \"profiler\" or PROFILER_SAMPLECONFIG): the aclprof "
    "session and subscription calls are refused while it collects";

// One row per (state, event), in enum order (checked below).
constexpr std::array<Transition, 66> kTransitions = {{
    // kIdle
    Go(S::kIdle, E::kInit, S::kInitialized),
    Go(S::kIdle, E::kStart, S::kRunning),  // HEAD: Start initialises on its own
    Go(S::kIdle, E::kStartSameConfig, S::kRunning),
    Same(S::kIdle, E::kStop),  // HEAD: not initialised → no-op
    Same(S::kIdle, E::kStopOtherConfig),
    Same(S::kIdle, E::kStopBadConfig),
    No(S::kIdle, E::kWarmup, Detail::kProfilingNotRunning, kWarmupFirst),
    Same(S::kIdle, E::kFinalize),
    Go(S::kIdle, E::kSubscribe, S::kSubscribing),
    Go(S::kIdle, E::kUnsubscribe, S::kIdle),  // the subscription manager reports "not subscribed"
    Same(S::kIdle, E::kSubscriptionsEnd),
    // kSubscribing
    No(S::kSubscribing, E::kInit, kConflict, kInitConflict),
    No(S::kSubscribing, E::kStart, kConflict, kStartConflict),
    No(S::kSubscribing, E::kStartSameConfig, kConflict, kStartConflict),
    No(S::kSubscribing, E::kStop, kConflict, kStopConflict),
    No(S::kSubscribing, E::kStopOtherConfig, kConflict, kStopConflict),
    No(S::kSubscribing, E::kStopBadConfig, kConflict, kStopConflict),
    No(S::kSubscribing, E::kWarmup, kConflict, kWarmupConflict),
    No(S::kSubscribing, E::kFinalize, kConflict, kFinalizeConflict),
    Go(S::kSubscribing, E::kSubscribe, S::kSubscribing),
    Go(S::kSubscribing, E::kUnsubscribe, S::kSubscribing),
    Go(S::kSubscribing, E::kSubscriptionsEnd, S::kIdle),
    // kInitialized
    No(S::kInitialized, E::kInit, Detail::kAlreadyInitialized, kRepeatInit),
    Go(S::kInitialized, E::kStart, S::kRunning),
    Go(S::kInitialized, E::kStartSameConfig, S::kRunning),
    Same(S::kInitialized, E::kStop),  // nothing running: nothing to stop
    Same(S::kInitialized, E::kStopOtherConfig),
    Input(S::kInitialized, E::kStopBadConfig),
    Go(S::kInitialized, E::kWarmup, S::kWarm),
    Go(S::kInitialized, E::kFinalize, S::kIdle),
    No(S::kInitialized, E::kSubscribe, kConflict, kSubscribeConflict),
    No(S::kInitialized, E::kUnsubscribe, kConflict, kUnsubscribeConflict),
    Same(S::kInitialized, E::kSubscriptionsEnd),
    // kWarm
    No(S::kWarm, E::kInit, Detail::kAlreadyInitialized, kRepeatInit),
    Go(S::kWarm, E::kStart, S::kRunning),
    Go(S::kWarm, E::kStartSameConfig, S::kRunning),
    Same(S::kWarm, E::kStop),
    Same(S::kWarm, E::kStopOtherConfig),
    Input(S::kWarm, E::kStopBadConfig),
    Go(S::kWarm, E::kWarmup, S::kWarm),
    Go(S::kWarm, E::kFinalize, S::kIdle),
    No(S::kWarm, E::kSubscribe, kConflict, kSubscribeConflict),
    No(S::kWarm, E::kUnsubscribe, kConflict, kUnsubscribeConflict),
    Same(S::kWarm, E::kSubscriptionsEnd),
    // kRunning
    No(S::kRunning, E::kInit, Detail::kAlreadyInitialized, kRepeatInit),
    No(S::kRunning, E::kStart, Detail::kProfilingConfig, kOtherStart),
    Same(S::kRunning, E::kStartSameConfig),  // HEAD: a repeated Start with the same data types is OK
    Go(S::kRunning, E::kStop, S::kInitialized),
    No(S::kRunning, E::kStopOtherConfig, Detail::kProfilingConfig, kOtherStop),
    Input(S::kRunning, E::kStopBadConfig),
    No(S::kRunning, E::kWarmup, kConflict, kWarmupConflict),
    Go(S::kRunning, E::kFinalize, S::kIdle),  // the running session is stopped and written first
    No(S::kRunning, E::kSubscribe, kConflict, kSubscribeConflict),
    No(S::kRunning, E::kUnsubscribe, kConflict, kUnsubscribeConflict),
    Same(S::kRunning, E::kSubscriptionsEnd),
    // kCommand: the collection belongs to the command line (spec §2.0 CMD):
    // every API-mode and subscription call is ACL_ERROR_PROF_ALREADY_RUN.
    No(S::kCommand, E::kInit, kCmd, kCommandMode),
    No(S::kCommand, E::kStart, kCmd, kCommandMode),
    No(S::kCommand, E::kStartSameConfig, kCmd, kCommandMode),
    No(S::kCommand, E::kStop, kCmd, kCommandMode),
    No(S::kCommand, E::kStopOtherConfig, kCmd, kCommandMode),
    No(S::kCommand, E::kStopBadConfig, kCmd, kCommandMode),
    No(S::kCommand, E::kWarmup, kCmd, kCommandMode),
    No(S::kCommand, E::kFinalize, kCmd, kCommandMode),
    No(S::kCommand, E::kSubscribe, kCmd, kCommandMode),
    No(S::kCommand, E::kUnsubscribe, kCmd, kCommandMode),
    Same(S::kCommand, E::kSubscriptionsEnd),
}};

constexpr size_t kEvents = static_cast<size_t>(E::kSubscriptionsEnd) + 1;

constexpr bool TableIsComplete() {
  for (size_t i = 0; i < kTransitions.size(); ++i) {
    if (static_cast<size_t>(kTransitions[i].from) != i / kEvents) return false;
    if (static_cast<size_t>(kTransitions[i].event) != i % kEvents) return false;
  }
  return kTransitions.size() == kEvents * (static_cast<size_t>(S::kCommand) + 1);
}
static_assert(TableIsComplete(), "kTransitions needs one row per (state, event), in enum order");

}  // namespace

const Transition& Lookup(SessionState from, SessionEvent event) {
  return kTransitions[static_cast<size_t>(from) * kEvents + static_cast<size_t>(event)];
}

Status RejectionOf(const Transition& t) {
  return t.outcome == Outcome::kReject ? Status(t.detail, t.message) : OkStatus();
}

const char* SessionStateName(SessionState state) {
  switch (state) {
    case S::kIdle: return "idle";
    case S::kSubscribing: return "subscribing";
    case S::kInitialized: return "initialized";
    case S::kWarm: return "warm";
    case S::kRunning: return "running";
    case S::kCommand: return "command";
  }
  return "?";
}

bool IsApiControl(SessionState state) { return state == S::kInitialized || state == S::kWarm || state == S::kRunning; }

}  // namespace aclsim::prof
