// The skeleton backend answers "unimplemented" for every device method,
// naming the method, and validates its one option.
#include "backends/skeleton/skeleton_backend.h"

#include <gtest/gtest.h>

#include "runtime/model/graph.h"

namespace aclsim::skeleton {
namespace {

void ExpectUnimplemented(const Status& status, const std::string& method) {
  EXPECT_EQ(status.code(), StatusCode::kUnimplemented) << method;
  EXPECT_EQ(status.message(), "skeleton backend: " + method + " is not implemented");
}

TEST(SkeletonBackend, GivenAnyDeviceMethodThenUnimplementedNamingIt) {
  auto backend = CreateSkeletonBackend(SkeletonOptions{});
  ASSERT_TRUE(backend.ok());
  EXPECT_EQ((*backend)->name(), "skeleton");
  EXPECT_EQ((*backend)->DeviceCount(), 1u);
  auto dev_or = (*backend)->OpenDevice(0);
  ASSERT_TRUE(dev_or.ok());
  device::Device& dev = **dev_or;
  EXPECT_EQ(dev.info().soc_name, "skeleton");
  ExpectUnimplemented(dev.CreateStream().status(), "CreateStream");
  ExpectUnimplemented(dev.DestroyStream(1), "DestroyStream");
  ExpectUnimplemented(dev.CreateEvent().status(), "CreateEvent");
  ExpectUnimplemented(dev.DestroyEvent(1), "DestroyEvent");
  ExpectUnimplemented(dev.LoadGraph(model::Graph{}).status(), "LoadGraph");
  ExpectUnimplemented(dev.UnloadGraph(1), "UnloadGraph");
  ExpectUnimplemented(dev.GetGraphCosts(1).status(), "GetGraphCosts");
  ExpectUnimplemented(dev.SubmitGraph(1, 1, device::LaunchInfo{}).status(), "SubmitGraph");
  ExpectUnimplemented(dev.SubmitMarker(1, device::MarkerInfo{}).status(), "SubmitMarker");
  ExpectUnimplemented(dev.SubmitEventRecord(1, 1), "SubmitEventRecord");
  ExpectUnimplemented(dev.SubmitEventWait(1, 1), "SubmitEventWait");
  ExpectUnimplemented(dev.SynchronizeStream(1), "SynchronizeStream");
  ExpectUnimplemented(dev.QueryStream(1).status(), "QueryStream");
  ExpectUnimplemented(dev.SynchronizeEvent(1), "SynchronizeEvent");
  ExpectUnimplemented(dev.QueryEvent(1).status(), "QueryEvent");
  ExpectUnimplemented(dev.SynchronizeDevice(), "SynchronizeDevice");
  EXPECT_EQ(dev.Now(), 0);
}

TEST(SkeletonBackend, GivenFeaturesThenOnlyExecutionIsLackingWithItsReason) {
  auto backend = CreateSkeletonBackend(SkeletonOptions{});
  ASSERT_TRUE(backend.ok());
  Status execution = (*backend)->CheckFeature(device::kFeatureExecution);
  EXPECT_EQ(execution.code(), StatusCode::kUnimplemented);
  EXPECT_EQ(execution.message(), "the skeleton backend implements no device method yet");
  EXPECT_TRUE((*backend)->CheckFeature(device::kFeatureClientDeviceOptions).ok());
  EXPECT_EQ((*backend)->CheckFeature("flying").code(), StatusCode::kInvalidArgument);
}

TEST(SkeletonBackend, GivenDeviceCountOutOfRangeOrUnknownDeviceThenErrors) {
  SkeletonOptions options;
  options.device_count = 0;
  EXPECT_EQ(CreateSkeletonBackend(options).status().code(), StatusCode::kInvalidArgument);
  options.device_count = 65;
  EXPECT_EQ(CreateSkeletonBackend(options).status().code(), StatusCode::kInvalidArgument);
  options.device_count = 2;
  auto backend = CreateSkeletonBackend(options);
  ASSERT_TRUE(backend.ok());
  EXPECT_TRUE((*backend)->OpenDevice(1).ok());
  EXPECT_EQ((*backend)->OpenDevice(2).status().detail(), Detail::kInvalidDeviceId);
}

}  // namespace
}  // namespace aclsim::skeleton
