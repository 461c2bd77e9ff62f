// SelectIteration (runtime/prof/export_filter.h): what `msprof --export
// --model-id --iteration-id` keeps of a collection, in step mode (model id
// 4294967295) and graph mode, and msprof's refusals.
#include "runtime/prof/export_filter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "small_session.h"

namespace aclsim::prof {
namespace {

using test_data::SmallSession;

std::vector<uint64_t> TaskIds(const SessionData& d, uint32_t device) {
  std::vector<uint64_t> ids;
  for (const TaskRecord& t : d.tasks) {
    if (t.device_id == device) ids.push_back(t.task_id);
  }
  return ids;
}

std::vector<std::string> ApiNames(const SessionData& d) {
  std::vector<std::string> names;
  for (const ApiRecord& a : d.apis) names.push_back(a.name + "@" + std::to_string(a.first_task_id));
  return names;
}

// Step 1 on device 0 runs from its START marker (device 10000 ns) to its END
// marker (12900 ns): the markers, conv and relu, and the TopK that started
// on stream 5 inside it; the call that launched conv; no msproftx record
// lies inside it.
TEST(SelectIteration, GivenStepModeThenTheStepsTasksCallsAndHostSpanAreKept) {
  const SessionData d = SmallSession();
  StatusOr<SessionData> step = SelectIteration(d, kStepModeModelId, 1);
  ASSERT_TRUE(step.ok()) << step.status().message();
  EXPECT_EQ(TaskIds(*step, 0), (std::vector<uint64_t>{1, 2, 3, 4, 9}));
  EXPECT_EQ(TaskIds(*step, 1), std::vector<uint64_t>{});
  EXPECT_EQ(ApiNames(*step), std::vector<std::string>{"aclmdlExecute@2"});
  EXPECT_TRUE(step->tx.empty());
  EXPECT_EQ(step->host_start_ns, 1'000'005'000);  // device 0's clock pair: host = device + 999'995'000
  EXPECT_EQ(step->host_end_ns, 1'000'007'900);
  EXPECT_EQ(step->pid, d.pid);
  EXPECT_EQ(step->epoch_offset_ns, d.epoch_offset_ns);
  EXPECT_EQ(step->devices.size(), 2u);

  StatusOr<SessionData> step2 = SelectIteration(d, kStepModeModelId, 2);
  ASSERT_TRUE(step2.ok());
  EXPECT_EQ(TaskIds(*step2, 0), (std::vector<uint64_t>{5, 6, 7, 8}));
  EXPECT_EQ(ApiNames(*step2), std::vector<std::string>{"aclmdlExecute@6"});
}

TEST(SelectIteration, GivenAStepTheCollectionLacksThenMsprofsRangeMessage) {
  StatusOr<SessionData> r = SelectIteration(SmallSession(), kStepModeModelId, 3);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().detail(), Detail::kProfilingConfig);
  EXPECT_EQ(r.status().message(),
            "The exported iteration 3 is invalid for model id 4294967295. Please enter a valid iteration within 1-2.");
}

TEST(SelectIteration, GivenStepModeWithoutStepsThenRefused) {
  SessionData d = SmallSession();
  // END markers alone pair with nothing.
  d.tasks.erase(std::remove_if(d.tasks.begin(), d.tasks.end(),
                               [](const TaskRecord& t) { return t.is_marker && t.marker_tag == 0; }),
                d.tasks.end());
  StatusOr<SessionData> r = SelectIteration(d, kStepModeModelId, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().detail(), Detail::kProfilingConfig);
  EXPECT_NE(std::string(r.status().message()).find("The step export is not supported"), std::string::npos);
}

// A model run three times on one device, two ops each: execution N is the
// N-th run, from its first op to its last.
SessionData ThreeRuns() {
  SessionData d = SmallSession();
  d.tasks.clear();
  d.apis.clear();
  d.tx.clear();
  for (uint64_t run = 0; run < 3; ++run) {
    const int64_t at = 100'000 + static_cast<int64_t>(run) * 10'000;
    d.tasks.push_back(test_data::Op(0, 3, 2 * run + 1, &test_data::kConv, at, at + 2'000, 8));
    d.tasks.push_back(test_data::Op(0, 3, 2 * run + 2, &test_data::kRelu, at + 2'000, at + 2'500, 4));
    d.tasks.back().model_id = d.tasks[d.tasks.size() - 2].model_id = 5;
  }
  d.tasks.push_back(test_data::Op(0, 4, 7, &test_data::kTopK, 111'000, 112'000, 1));  // another model, in run 2
  return d;
}

TEST(SelectIteration, GivenGraphModeThenTheNthExecutionAndWhatRanInsideIt) {
  StatusOr<SessionData> r = SelectIteration(ThreeRuns(), 5, 2);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(TaskIds(*r, 0), (std::vector<uint64_t>{3, 4, 7}));
  EXPECT_EQ(r->host_start_ns, 1'000'105'000);
  EXPECT_EQ(r->host_end_ns, 1'000'107'500);
}

TEST(SelectIteration, GivenGraphModeOutOfRangeOrUnknownModelThenRefused) {
  StatusOr<SessionData> r = SelectIteration(ThreeRuns(), 5, 4);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "The exported iteration 4 is invalid for model id 5. Please enter a valid iteration within 1-3.");
  r = SelectIteration(ThreeRuns(), 9, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "model id 9 has no tasks in this collection");
  r = SelectIteration(ThreeRuns(), 5, 0);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().detail(), Detail::kProfilingConfig);
}

}  // namespace
}  // namespace aclsim::prof
