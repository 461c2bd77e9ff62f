// The profiling life cycle as one state and one transition table.
//
// CANN keeps two mutually exclusive profiling modes (spec §2.0): API control
// (aclprofInit … aclprofFinalize, with sessions started and stopped in
// between) and operator subscription. aclsim models both as one state:
//
//   kIdle ──Init──▶ kInitialized ──Start──▶ kRunning ──Stop──▶ kInitialized
//     │  ╲             │   ▲  │                 │
//     │   ╲Start (HEAD auto-init) ──────────────▶│
//     │             Warmup │ Finalize            Finalize
//     │                ▼   │  ▼                  ▼
//     │             kWarm ─┘ kIdle ◀──────────── kIdle
//     └─Subscribe──▶ kSubscribing ──last unsubscribe──▶ kIdle
//
//   kIdle ──command mode (aclInit's "profiler" section, PROFILER_SAMPLECONFIG)──▶
//     kCommand, until the runtime ends: it refuses every event with 100042.
//
// Every (state, event) pair has exactly one row in kTransitions (session_state.cc):
// proceed to a new state, succeed without doing anything (HEAD's no-op
// cases, e.g. Stop without Init), or fail with the code CANN returns. The
// caller classifies its call into an event first (a Start whose data types
// equal the running session's is kStartSameConfig), so the table alone
// decides what is legal.
#ifndef ACLSIM_RUNTIME_PROF_SESSION_STATE_H_
#define ACLSIM_RUNTIME_PROF_SESSION_STATE_H_

#include <cstdint>

#include "runtime/status.h"

namespace aclsim::prof {

enum class SessionState : uint8_t {
  kIdle,         // neither mode: nothing initialised, nothing subscribed
  kSubscribing,  // operator subscription mode: at least one model subscribed
  kInitialized,  // API control: aclprofInit (or a Stop) done, no session running
  kWarm,         // API control: aclprofWarmup armed a config, no session running
  kRunning,      // API control: a collection session is running
  kCommand,      // command mode (acl.json "profiler", PROFILER_SAMPLECONFIG): the collection is not the API's
};

enum class SessionEvent : uint8_t {
  kInit,              // aclprofInit
  kStart,             // aclprofStart (not running, or another config)
  kStartSameConfig,   // aclprofStart with the running session's data types
  kStop,              // aclprofStop with the running session's data types
  kStopOtherConfig,   // aclprofStop with other data types
  kStopBadConfig,     // aclprofStop with a config that fails its checks
  kWarmup,            // aclprofWarmup
  kFinalize,          // aclprofFinalize
  kSubscribe,         // aclprofModelSubscribe
  kUnsubscribe,       // aclprofModelUnSubscribe
  kSubscriptionsEnd,  // the last active subscription ended
};

enum class Outcome : uint8_t {
  kProceed,      // do the work; the state becomes |to|
  kNoOp,         // return OK without doing anything
  kReject,       // return |detail| with |message|
  kRejectInput,  // return the failed check of the caller's input (kStopBadConfig)
};

struct Transition {
  SessionState from;
  SessionEvent event;
  Outcome outcome;
  SessionState to;      // for kProceed
  Detail detail;        // for kReject
  const char* message;  // for kReject
};

// The row for (|from|, |event|); every pair has one.
const Transition& Lookup(SessionState from, SessionEvent event);
// kReject rows as a Status (OK for the others).
Status RejectionOf(const Transition& t);
const char* SessionStateName(SessionState state);
// True in the three API-control states.
bool IsApiControl(SessionState state);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_SESSION_STATE_H_
