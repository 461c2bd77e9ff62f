// Tests of the "sim" backend factory and its registration.
#include "sim/sim_backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

using ::testing::HasSubstr;

TEST(SimBackend, GivenOptionsThenDeviceCountAndProfileApplied) {
  device::BackendOptions options;
  options.device_count = 2;
  options.device_profile = "Ascend310P3";
  auto backend = CreateSimBackend(options);
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  EXPECT_EQ((*backend)->name(), "sim");
  EXPECT_EQ((*backend)->DeviceCount(), 2u);
  auto dev = (*backend)->OpenDevice(1);
  ASSERT_TRUE(dev.ok());
  EXPECT_EQ((*dev)->info().profile_name, "Ascend310P3");
  EXPECT_EQ((*dev)->info().ai_core_count, 8u);
  EXPECT_EQ((*backend)->OpenDevice(2).status().code(), ErrorCode::kRtInvalidDeviceId);
}

TEST(SimBackend, GivenUnknownProfileOrUnreadableFileThenInvalidParam) {
  device::BackendOptions options;
  options.device_profile = "Ascend999";
  auto unknown = CreateSimBackend(options);
  EXPECT_EQ(unknown.status().code(), ErrorCode::kInvalidParam);
  EXPECT_THAT(unknown.status().message(), HasSubstr("Ascend999"));
  options.device_profile = "Ascend910B2";
  options.device_profile_path = "/nonexistent/p.json";  // wins over the name
  EXPECT_EQ(CreateSimBackend(options).status().code(), ErrorCode::kInvalidParam);
}

TEST(SimBackend, GivenInvalidOptionsThenInvalidParam) {
  device::BackendOptions options;
  options.device_count = 0;
  EXPECT_EQ(CreateSimBackend(options).status().code(), ErrorCode::kInvalidParam);
}

TEST(SimBackend, GivenRegisteredThenCreatableByName) {
  device::BackendRegistry registry;
  RegisterSimBackend(registry);
  EXPECT_TRUE(registry.Contains("sim"));
  auto backend = registry.Create("sim", device::BackendOptions{});
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  EXPECT_EQ((*backend)->DeviceCount(), 1u);
}

}  // namespace
}  // namespace aclsim::sim
