// KERNEL records from model executions through buffers of every shape the
// client may hand out: records split across tiny buffers, capped by
// maxNumRecords, lost (and counted) while the client gives none, and
// named correctly when models are unloaded and others loaded.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"
#include "conformance_util.h"
#include "mspti/mspti.h"
#include "mspti_test_util.h"
#include "prof_test_util.h"

namespace {

using aclsim_conformance::LoadedModel;
using aclsim_conformance::NoHostCostsConfig;
using aclsim_mspti_test::Client;
using aclsim_mspti_test::Delivered;
using aclsim_mspti_test::Record;

const std::vector<std::string> kMlpOps = {"fc1",      "fc1.bias_add", "fc1.relu",     "fc2",    "fc2.bias_add",
                                          "fc2.gelu", "fc3",          "fc3.bias_add", "softmax"};
const std::vector<std::string> kTwoBranchOps = {"branch0.matmul", "branch0.relu", "branch1.matmul",
                                                "branch1.gelu",   "join",         "softmax"};

class MsptiKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(aclsim_mspti_test::RegisterClient(), MSPTI_SUCCESS);
    ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
    ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
    (void)msptiActivityFlushAll(1);
  }
  static aclsimMsptiStats Stats() {
    aclsimMsptiStats s{};
    s.structSize = sizeof(s);
    EXPECT_ACL_OK(aclsimGetMsptiStats(&s));
    return s;
  }
  static std::vector<std::string> Names(const std::vector<Record>& records) {
    std::vector<std::string> out;
    for (const Record& r : records) {
      EXPECT_EQ(r.kind, MSPTI_ACTIVITY_KIND_KERNEL);
      out.push_back(r.As<msptiActivityKernel>().name);
    }
    return out;
  }
  static std::vector<std::string> Repeat(const std::vector<std::string>& names, int times) {
    std::vector<std::string> out;
    for (int i = 0; i < times; ++i) out.insert(out.end(), names.begin(), names.end());
    return out;
  }
};

TEST_F(MsptiKernels, GivenBuffersOfThreeRecordsThenEveryKernelArrivesOnceInOrder) {
  Client::Get().SetBuffers(3 * sizeof(msptiActivityKernel) + 8);
  {
    LoadedModel model("sample_mlp.json");
    for (int i = 0; i < 5; ++i) ASSERT_ACL_OK(model.Execute());
  }
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const std::vector<Delivered> buffers = Client::Get().Take();
  ASSERT_EQ(buffers.size(), 15u);  // 45 kernels, 3 a buffer
  std::vector<Record> records;
  for (const Delivered& d : buffers) {
    EXPECT_EQ(d.records.size(), 3u);
    EXPECT_EQ(d.valid, 3 * sizeof(msptiActivityKernel));
    EXPECT_EQ(d.walk_end, MSPTI_ERROR_MAX_LIMIT_REACHED);
    records.insert(records.end(), d.records.begin(), d.records.end());
  }
  EXPECT_EQ(Names(records), Repeat(kMlpOps, 5));
  for (size_t i = 1; i < records.size(); ++i) {
    EXPECT_GE(records[i].As<msptiActivityKernel>().start, records[i - 1].As<msptiActivityKernel>().end) << i;
  }
  const aclsimMsptiStats s = Stats();
  EXPECT_EQ(s.records, 45u);
  EXPECT_EQ(s.dropped, 0u);
  EXPECT_EQ(s.buffersCompleted, 15u);
}

TEST_F(MsptiKernels, GivenMaxNumRecordsTwoThenEachBufferHoldsTwoAndTheLastOne) {
  Client::Get().SetBuffers(1 << 16, 2);
  {
    LoadedModel model("sample_mlp.json");
    ASSERT_ACL_OK(model.Execute());
  }
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  const std::vector<Delivered> buffers = Client::Get().Take();
  ASSERT_EQ(buffers.size(), 5u);  // 9 kernels: 2 + 2 + 2 + 2 + 1
  std::vector<Record> records;
  for (size_t i = 0; i < buffers.size(); ++i) {
    EXPECT_EQ(buffers[i].records.size(), i + 1 < buffers.size() ? 2u : 1u);
    records.insert(records.end(), buffers[i].records.begin(), buffers[i].records.end());
  }
  EXPECT_EQ(Names(records), kMlpOps);
}

TEST_F(MsptiKernels, GivenNoBuffersForTwoRunsThenTheirKernelsAreCountedAsDroppedAndTheThirdArrives) {
  LoadedModel model("sample_mlp.json");
  Client::Get().SetBuffers(0);
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(model.Execute());
  EXPECT_EQ(Stats().dropped, 18u);
  EXPECT_EQ(Stats().records, 0u);
  Client::Get().SetBuffers(1 << 16);
  ASSERT_ACL_OK(model.Execute());
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  EXPECT_EQ(Names(Client::Get().TakeRecords()), kMlpOps);
  const aclsimMsptiStats s = Stats();
  EXPECT_EQ(s.dropped, 18u);
  EXPECT_EQ(s.records, 9u);
}

TEST_F(MsptiKernels, GivenModelsUnloadedAndOthersLoadedThenEachRunNamesItsOwnOps) {
  {
    LoadedModel mlp("sample_mlp.json");
    ASSERT_ACL_OK(mlp.Execute());
  }
  {
    LoadedModel two("two_branch.json");
    ASSERT_ACL_OK(two.Execute());
    LoadedModel mlp("sample_mlp.json");
    ASSERT_ACL_OK(mlp.Execute());
    ASSERT_ACL_OK(two.Execute());
  }
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  std::vector<std::string> expected = kMlpOps;
  for (const auto* ops : {&kTwoBranchOps, &kMlpOps, &kTwoBranchOps})
    expected.insert(expected.end(), ops->begin(), ops->end());
  EXPECT_EQ(Names(Client::Get().TakeRecords()), expected);
}

TEST_F(MsptiKernels, GivenKernelKindSwitchedOffAndOnAgainThenOnlyRunsWhileOnAreRecorded) {
  LoadedModel model("sample_mlp.json");
  ASSERT_ACL_OK(model.Execute());
  ASSERT_EQ(msptiActivityDisable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
  ASSERT_ACL_OK(model.Execute());
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_MARKER), MSPTI_SUCCESS);  // the source is attached again...
  ASSERT_ACL_OK(model.Execute());                                             // ...but kernels stay off
  ASSERT_EQ(msptiActivityDisable(MSPTI_ACTIVITY_KIND_MARKER), MSPTI_SUCCESS);
  ASSERT_EQ(msptiActivityEnable(MSPTI_ACTIVITY_KIND_KERNEL), MSPTI_SUCCESS);
  ASSERT_ACL_OK(model.Execute());
  ASSERT_EQ(msptiActivityFlushAll(1), MSPTI_SUCCESS);
  EXPECT_EQ(Names(Client::Get().TakeRecords()), Repeat(kMlpOps, 2));
  EXPECT_EQ(Stats().dropped, 0u);
}

}  // namespace
