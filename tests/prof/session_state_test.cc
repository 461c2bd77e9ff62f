// The profiling life cycle's transition table (runtime/prof/session_state.h):
// the rows the ACL entry points depend on, with CANN's exact codes.
#include "runtime/prof/session_state.h"

#include <gtest/gtest.h>

namespace aclsim::prof {
namespace {

using E = SessionEvent;
using S = SessionState;

TEST(SessionState, GivenIdleThenInitAndStartProceedAndStopFinalizeAreNoOps) {
  EXPECT_EQ(Lookup(S::kIdle, E::kInit).outcome, Outcome::kProceed);
  EXPECT_EQ(Lookup(S::kIdle, E::kInit).to, S::kInitialized);
  EXPECT_EQ(Lookup(S::kIdle, E::kStart).outcome, Outcome::kProceed);  // HEAD auto-init
  EXPECT_EQ(Lookup(S::kIdle, E::kStart).to, S::kRunning);
  EXPECT_EQ(Lookup(S::kIdle, E::kStop).outcome, Outcome::kNoOp);
  EXPECT_EQ(Lookup(S::kIdle, E::kStopBadConfig).outcome, Outcome::kNoOp);
  EXPECT_EQ(Lookup(S::kIdle, E::kFinalize).outcome, Outcome::kNoOp);
  EXPECT_EQ(RejectionOf(Lookup(S::kIdle, E::kWarmup)).detail(), Detail::kProfilingNotRunning);
}

TEST(SessionState, GivenSubscribingThenEverySessionCallIsAnApiConflict) {
  for (E e : {E::kInit, E::kStart, E::kStartSameConfig, E::kStop, E::kStopOtherConfig, E::kStopBadConfig, E::kWarmup,
              E::kFinalize}) {
    const Transition& t = Lookup(S::kSubscribing, e);
    EXPECT_EQ(t.outcome, Outcome::kReject) << static_cast<int>(e);
    EXPECT_EQ(RejectionOf(t).detail(), Detail::kProfilingApiConflict) << static_cast<int>(e);
  }
  EXPECT_EQ(Lookup(S::kSubscribing, E::kSubscriptionsEnd).to, S::kIdle);
  EXPECT_EQ(RejectionOf(Lookup(S::kSubscribing, E::kInit)).message(),
            "operator subscription is active; aclprofInit cannot be mixed with it");
}

TEST(SessionState, GivenApiControlThenSubscriptionCallsConflictAndInitRepeats) {
  for (S s : {S::kInitialized, S::kWarm, S::kRunning}) {
    EXPECT_TRUE(IsApiControl(s));
    EXPECT_EQ(RejectionOf(Lookup(s, E::kSubscribe)).detail(), Detail::kProfilingApiConflict);
    EXPECT_EQ(RejectionOf(Lookup(s, E::kUnsubscribe)).detail(), Detail::kProfilingApiConflict);
    EXPECT_EQ(RejectionOf(Lookup(s, E::kInit)).detail(), Detail::kAlreadyInitialized);
    EXPECT_EQ(Lookup(s, E::kFinalize).to, S::kIdle);
  }
  EXPECT_FALSE(IsApiControl(S::kIdle));
  EXPECT_FALSE(IsApiControl(S::kSubscribing));
}

TEST(SessionState, GivenRunningThenRepeatedStartOnlyWithTheSameDataTypesAndStopChecksThem) {
  EXPECT_EQ(Lookup(S::kRunning, E::kStartSameConfig).outcome, Outcome::kNoOp);
  EXPECT_EQ(RejectionOf(Lookup(S::kRunning, E::kStart)).detail(), Detail::kProfilingConfig);
  EXPECT_EQ(Lookup(S::kRunning, E::kStop).to, S::kInitialized);
  EXPECT_EQ(RejectionOf(Lookup(S::kRunning, E::kStopOtherConfig)).detail(), Detail::kProfilingConfig);
  EXPECT_EQ(Lookup(S::kRunning, E::kStopBadConfig).outcome, Outcome::kRejectInput);
  EXPECT_EQ(RejectionOf(Lookup(S::kRunning, E::kWarmup)).detail(), Detail::kProfilingApiConflict);
  // Not running: Stop with other data types is a no-op, a bad config is reported.
  EXPECT_EQ(Lookup(S::kInitialized, E::kStopOtherConfig).outcome, Outcome::kNoOp);
  EXPECT_EQ(Lookup(S::kWarm, E::kStopBadConfig).outcome, Outcome::kRejectInput);
}

// Command mode (spec §2.0 CMD): every API-mode and subscription call is
// ACL_ERROR_PROF_ALREADY_RUN (kProfilingRunning); nothing leaves the state.
TEST(SessionState, GivenCommandModeThenEveryCallIsRefusedAsAlreadyRunning) {
  for (int e = 0; e < static_cast<int>(E::kSubscriptionsEnd); ++e) {
    const Transition& t = Lookup(S::kCommand, static_cast<E>(e));
    EXPECT_EQ(t.outcome, Outcome::kReject) << e;
    EXPECT_EQ(RejectionOf(t).detail(), Detail::kProfilingRunning) << e;
    EXPECT_EQ(t.to, S::kCommand) << e;
  }
  EXPECT_EQ(Lookup(S::kCommand, E::kSubscriptionsEnd).outcome, Outcome::kNoOp);
  EXPECT_FALSE(IsApiControl(S::kCommand));
  EXPECT_STREQ(SessionStateName(S::kCommand), "command");
}

TEST(SessionState, GivenEveryStateAndEventThenTheRowIsForThatPair) {
  for (int s = 0; s <= static_cast<int>(S::kCommand); ++s) {
    for (int e = 0; e <= static_cast<int>(E::kSubscriptionsEnd); ++e) {
      const Transition& t = Lookup(static_cast<S>(s), static_cast<E>(e));
      EXPECT_EQ(static_cast<int>(t.from), s);
      EXPECT_EQ(static_cast<int>(t.event), e);
      if (t.outcome == Outcome::kReject) {
        EXPECT_NE(t.message, nullptr);
      }
    }
  }
  EXPECT_STREQ(SessionStateName(S::kWarm), "warm");
}

}  // namespace
}  // namespace aclsim::prof
