// Step markers (acl_prof.h, spec §2.3, §4): aclprofCreateStepInfo's de-facto
// ABI (16 bytes, indexId from a process counter, overwritable by the caller),
// aclprofDestroyStepInfo, the flag rules and codes of aclprofGetStepTimestamp,
// and where its stream-ordered zero-length marker lands on the device
// timeline (seen through the aclsim trace). No profiling session is needed
// for any of this.
#include <vector>

#include "prof_session_util.h"

namespace aclsim_conformance {
namespace {

// MindSpore's private copy of the step-info layout (spec §4.1).
struct StepInfoInner {
  bool startFlag;
  bool endFlag;
  uint64_t indexId;
};
static_assert(sizeof(StepInfoInner) == 16, "the step info is 16 bytes");

StepInfoInner* Inner(aclprofStepInfo* step) { return reinterpret_cast<StepInfoInner*>(step); }

class ProfStep : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
};

std::vector<aclsimTaskRecord> Markers(const std::vector<aclsimTaskRecord>& records) {
  std::vector<aclsimTaskRecord> out;
  for (const auto& r : records) {
    if (r.kind == ACLSIM_TASK_MARKER) out.push_back(r);
  }
  return out;
}

std::vector<aclsimTaskRecord> OpsOfModel(const std::vector<aclsimTaskRecord>& records, uint32_t model_id) {
  std::vector<aclsimTaskRecord> out;
  for (const auto& r : records) {
    if (r.kind == ACLSIM_TASK_OP && r.modelId == model_id) out.push_back(r);
  }
  return out;
}

TEST_F(ProfStep, GivenCreateStepInfoThenLayoutIs16BytesWithClearFlagsAndConsecutiveIndexIds) {
  aclprofStepInfo* a = aclprofCreateStepInfo();
  aclprofStepInfo* b = aclprofCreateStepInfo();
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_FALSE(Inner(a)->startFlag);
  EXPECT_FALSE(Inner(a)->endFlag);
  EXPECT_FALSE(Inner(b)->startFlag);
  EXPECT_FALSE(Inner(b)->endFlag);
  EXPECT_GE(Inner(a)->indexId, 1u);  // the counter starts at 1
  EXPECT_EQ(Inner(b)->indexId, Inner(a)->indexId + 1);
  // The flags are the first two bytes: START sets byte 0, END byte 1.
  ASSERT_ACL_OK(aclprofGetStepTimestamp(a, ACL_STEP_START, nullptr));
  EXPECT_TRUE(Inner(a)->startFlag);
  EXPECT_FALSE(Inner(a)->endFlag);
  ASSERT_ACL_OK(aclprofGetStepTimestamp(a, ACL_STEP_END, nullptr));
  EXPECT_TRUE(Inner(a)->endFlag);
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  aclprofDestroyStepInfo(a);
  aclprofDestroyStepInfo(b);
}

TEST_F(ProfStep, GivenFirstCreationInProcessThenIndexIdIsOne) {
  aclprofStepInfo* a = aclprofCreateStepInfo();
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(Inner(a)->indexId, 1u);  // each TEST is its own process
  aclprofDestroyStepInfo(a);
}

TEST_F(ProfStep, GivenCallerOverwritesIndexIdThenMarkerCarriesTheNewValue) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_NE(step, nullptr);
  const uint64_t original = Inner(step)->indexId;
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, stream));
  Inner(step)->indexId = 424242;  // MindSpore writes its own step number
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  auto markers = Markers(TraceRecords());
  ASSERT_EQ(markers.size(), 2u);
  EXPECT_EQ(markers[0].markerId, original);
  EXPECT_EQ(markers[0].markerTag, static_cast<uint32_t>(ACL_STEP_START));
  EXPECT_EQ(markers[1].markerId, 424242u);
  EXPECT_EQ(markers[1].markerTag, static_cast<uint32_t>(ACL_STEP_END));
  for (const auto& m : markers) {
    EXPECT_EQ(m.modelId, 0xFFFFFFFFu);
    EXPECT_EQ(m.startNs, m.endNs);  // zero-length
  }
  EXPECT_ACL_OK(aclsimTraceStop());
  aclprofDestroyStepInfo(step);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ProfStep, GivenDestroyStepInfoNullThenNoCrashAndAMessage) {
  aclprofDestroyStepInfo(nullptr);
  EXPECT_RECENT_ERR_HAS("aclprofDestroyStepInfo");
}

TEST_F(ProfStep, GivenDestroyedStepInfoWhenDestroyedAgainThenNoCrashAndAMessage) {
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_NE(step, nullptr);
  aclprofDestroyStepInfo(step);
  aclprofDestroyStepInfo(step);
  EXPECT_RECENT_ERR_HAS("aclprofDestroyStepInfo");
  EXPECT_RECENT_ERR_HAS("already destroyed");
}

TEST_F(ProfStep, GivenNullStepInfoThenInvalidParam) {
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(nullptr, ACL_STEP_START, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(nullptr, ACL_STEP_END, nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ProfStep, GivenStartOrEndIssuedTwiceThenInvalidParam) {
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr));
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr));
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  aclprofDestroyStepInfo(step);
}

TEST_F(ProfStep, GivenEndBeforeStartThenBothAreAcceptedOnce) {
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr));
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr));
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  aclprofDestroyStepInfo(step);
}

// spec §2.3: a tag other than START and END sets the END flag and is never
// rejected; only a repeated START or END is.
TEST_F(ProfStep, GivenOtherTagValuesThenTheySetEndAndAreNeverRejected) {
  for (int tag : {7, 60001, 2}) {
    SCOPED_TRACE(tag);
    aclprofStepInfo* step = aclprofCreateStepInfo();
    ASSERT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(tag), nullptr));
    EXPECT_FALSE(Inner(step)->startFlag);
    EXPECT_TRUE(Inner(step)->endFlag);
    EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(tag), nullptr));  // again: accepted
    EXPECT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr));                    // START is still free
    aclprofDestroyStepInfo(step);
  }
  // END first, then another tag: accepted all the same.
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr));
  EXPECT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(60000), nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  aclprofDestroyStepInfo(step);
}

// MindSpore's pattern: 60000 at step start and 60001 at step end on one step
// info both succeed; a later ACL_STEP_END on it is the repeat CANN rejects.
TEST_F(ProfStep, GivenMindSporeFrameworkTagsOnOneStepInfoThenBothSucceed) {
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(60000), nullptr));
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, static_cast<aclprofStepTag>(60001), nullptr));
  EXPECT_FALSE(Inner(step)->startFlag);
  EXPECT_TRUE(Inner(step)->endFlag);
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_END, nullptr), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  aclprofDestroyStepInfo(step);
}

TEST_F(ProfStep, GivenMarkerFailsOnDestroyedStreamThenGeFailureAndTheTagIsConsumed) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  aclprofStepInfo* step = aclprofCreateStepInfo();
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_START, stream), ACL_ERROR_GE_FAILURE);
  EXPECT_TRUE(Inner(step)->startFlag);
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_START, stream), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_END, stream), ACL_ERROR_GE_FAILURE);
  EXPECT_TRUE(Inner(step)->endFlag);
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_END, stream), ACL_ERROR_INVALID_PARAM);
  // A live stream does not revive the consumed tags.
  EXPECT_ACL_ERROR(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr), ACL_ERROR_INVALID_PARAM);
  aclprofDestroyStepInfo(step);
}

// START marker, model A, END marker, model B, all on |stream|: each marker's
// time is when the stream reaches it.
void CheckMarkersAreStreamOrdered(aclrtStream stream) {
  LoadedModel a("sample_mlp.json");
  LoadedModel b("two_branch.json");
  ASSERT_ACL_OK(aclsimTraceStart(0));
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, stream));
  ASSERT_ACL_OK(a.ExecuteAsync(stream));
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, stream));
  ASSERT_ACL_OK(b.ExecuteAsync(stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));

  auto records = TraceRecords();
  auto markers = Markers(records);
  auto ops_a = OpsOfModel(records, a.id());
  auto ops_b = OpsOfModel(records, b.id());
  ASSERT_EQ(markers.size(), 2u);
  ASSERT_EQ(ops_a.size(), 9u);
  ASSERT_EQ(ops_b.size(), 6u);
  const aclsimTaskRecord& start = markers[0].markerTag == ACL_STEP_START ? markers[0] : markers[1];
  const aclsimTaskRecord& end = markers[0].markerTag == ACL_STEP_START ? markers[1] : markers[0];
  EXPECT_EQ(start.markerTag, static_cast<uint32_t>(ACL_STEP_START));
  EXPECT_EQ(end.markerTag, static_cast<uint32_t>(ACL_STEP_END));
  EXPECT_EQ(start.markerId, Inner(step)->indexId);
  EXPECT_EQ(end.markerId, Inner(step)->indexId);
  EXPECT_EQ(start.streamId, ops_a[0].streamId);
  EXPECT_EQ(end.streamId, ops_b[0].streamId);
  EXPECT_EQ(start.startNs, start.endNs);
  EXPECT_EQ(end.startNs, end.endNs);
  EXPECT_LE(start.startNs, MinStartNs(ops_a));
  EXPECT_LE(MaxEndNs(ops_a), end.startNs);
  EXPECT_LE(end.startNs, MinStartNs(ops_b));
  EXPECT_LT(start.startNs, end.startNs);  // model A takes time
  EXPECT_ACL_OK(aclsimTraceStop());
  aclprofDestroyStepInfo(step);
}

TEST_F(ProfStep, GivenMarkersAroundWorkOnCreatedStreamThenMarkerTimesFollowStreamOrder) {
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  CheckMarkersAreStreamOrdered(stream);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ProfStep, GivenMarkersAroundWorkOnDefaultStreamThenMarkerTimesFollowStreamOrder) {
  CheckMarkersAreStreamOrdered(nullptr);
}

TEST_F(ProfStep, GivenEventRecordedOnStreamAWaitedOnStreamBThenMarkerOnBIsAfterAsWork) {
  LoadedModel a("two_branch.json");
  aclrtStream sa = nullptr, sb = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&sa));
  ASSERT_ACL_OK(aclrtCreateStream(&sb));
  aclrtEvent event = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&event));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(a.ExecuteAsync(sa));
  ASSERT_ACL_OK(aclrtRecordEvent(event, sa));
  ASSERT_ACL_OK(aclrtStreamWaitEvent(sb, event));
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_END, sb));
  ASSERT_ACL_OK(aclrtSynchronizeStream(sb));
  ASSERT_ACL_OK(aclrtSynchronizeStream(sa));

  auto records = TraceRecords();
  auto markers = Markers(records);
  auto ops = OpsOfModel(records, a.id());
  ASSERT_EQ(markers.size(), 1u);
  ASSERT_EQ(ops.size(), 6u);
  EXPECT_NE(markers[0].streamId, ops[0].streamId);
  EXPECT_GE(markers[0].startNs, MaxEndNs(ops));
  EXPECT_ACL_OK(aclsimTraceStop());
  aclprofDestroyStepInfo(step);
  EXPECT_ACL_OK(aclrtDestroyEvent(event));
  EXPECT_ACL_OK(aclrtDestroyStream(sa));
  EXPECT_ACL_OK(aclrtDestroyStream(sb));
}

TEST_F(ProfStep, GivenIdleStreamWhenMarkerIssuedThenItCompletesWithoutASession) {
  // No aclprofInit/Start anywhere in this process: the marker still runs.
  ASSERT_ACL_OK(aclsimTraceStart(0));
  aclprofStepInfo* step = aclprofCreateStepInfo();
  ASSERT_ACL_OK(aclprofGetStepTimestamp(step, ACL_STEP_START, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  auto markers = Markers(TraceRecords());
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_EQ(markers[0].deviceId, 0u);
  EXPECT_EQ(markers[0].markerId, Inner(step)->indexId);
  char dir[64] = {'x'};
  EXPECT_ACL_OK(aclsimGetLastProfDirectory(dir, sizeof(dir)));
  EXPECT_STREQ(dir, "");  // and no session was started by it
  EXPECT_ACL_OK(aclsimTraceStop());
  aclprofDestroyStepInfo(step);
}

}  // namespace
}  // namespace aclsim_conformance
