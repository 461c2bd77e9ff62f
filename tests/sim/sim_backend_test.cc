// Tests of the "sim" backend factory and its registration.
#include "sim/sim_backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

TEST(SimBackend, GivenOptionsThenDeviceCountAndProfileApplied) {
  SimOptions options;
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
  EXPECT_EQ((*backend)->OpenDevice(2).status().detail(), Detail::kInvalidDeviceId);
}

TEST(SimBackend, GivenUnknownProfileOrUnreadableFileThenInvalidParam) {
  SimOptions options;
  options.device_profile = "Ascend999";
  auto unknown = CreateSimBackend(options);
  EXPECT_EQ(unknown.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(unknown.status().message(), HasSubstr("Ascend999"));
  options.device_profile = "Ascend910B2";
  options.device_profile_path = "/nonexistent/p.json";  // wins over the name
  EXPECT_EQ(CreateSimBackend(options).status().code(), StatusCode::kInvalidArgument);
}

TEST(SimBackend, GivenInvalidOptionsThenInvalidParam) {
  SimOptions options;
  options.device_count = 0;
  EXPECT_EQ(CreateSimBackend(options).status().code(), StatusCode::kInvalidArgument);
}

TEST(SimBackend, GivenClockAndFaultsThenTheBackendReportsClockModeAndDeliveryFaults) {
  auto plain = CreateSimBackend(SimOptions{});
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ((*plain)->clock_mode(), device::ClockMode::kVirtual);
  EXPECT_TRUE((*plain)->delivery_faults().empty());
  auto backend = CreateSimBackendFromConfig(json::parse(
      R"({"clock": "realtime", "faults": {"slow_delivery": {"write_delay_us": 7}, "corrupt_record": {"index": 2}}})"));
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  EXPECT_EQ((*backend)->clock_mode(), device::ClockMode::kRealtime);
  EXPECT_EQ((*backend)->delivery_faults().slow_delivery_us, 7u);
  EXPECT_EQ((*backend)->delivery_faults().corrupt_record, 2u);
}

TEST(SimBackend, GivenFaultsInTheConfigThenEveryDeviceAppliesThePlanParsedOnce) {
  auto backend = CreateSimBackendFromConfig(
      json::parse(R"({"device_count": 2, "faults": {"fail_task": {"device": 1, "task": 2, "error": 507015}}})"));
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  for (uint32_t id = 0; id < 2; ++id) {
    auto dev = (*backend)->OpenDevice(id);
    ASSERT_TRUE(dev.ok());
    auto stream = (*dev)->CreateStream();
    ASSERT_TRUE(stream.ok());
    EXPECT_TRUE((*dev)->SubmitMarker(*stream, {}).ok()) << "task 1 on device " << id;
    const auto second = (*dev)->SubmitMarker(*stream, {});
    EXPECT_EQ(second.status().detail(), id == 1 ? Detail::kDeviceError : Detail::kNone) << "device " << id;
    EXPECT_EQ(second.status().value(), id == 1 ? 507015 : 0) << "device " << id;
  }
}

TEST(SimBackend, GivenAnyFeatureThenSupportedAndUnknownNameInvalidParam) {
  auto backend = CreateSimBackend(SimOptions{});
  ASSERT_TRUE(backend.ok());
  EXPECT_EQ((*backend)->CheckFeature(device::kFeatureClientDeviceOptions).code(), StatusCode::kOk);
  EXPECT_EQ((*backend)->CheckFeature(device::kFeatureFreshDeviceClock).code(), StatusCode::kOk);
  EXPECT_EQ((*backend)->CheckFeature("warp_drive").code(), StatusCode::kInvalidArgument);
}

TEST(SimBackend, GivenConfigWithBadOptionThenFactoryFailsWithTheParsersCode) {
  EXPECT_EQ(CreateSimBackendFromConfig(json{{"device_count", 0}}).status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(CreateSimBackendFromConfig(json{{"endpoint", "unix:/x"}}).status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(CreateSimBackendFromConfig(json{{"device_profile", "Ascend999"}}).status().code(),
            StatusCode::kInvalidArgument);
}

TEST(SimBackend, GivenRegisteredThenCreatableByName) {
  device::BackendRegistry registry;
  RegisterSimBackend(registry);
  EXPECT_TRUE(registry.Contains("sim"));
  auto backend = registry.Create("sim", json::object());
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  EXPECT_EQ((*backend)->DeviceCount(), 1u);
  auto three = registry.Create("sim", json{{"device_count", 3}});
  ASSERT_TRUE(three.ok()) << three.status().ToString();
  EXPECT_EQ((*three)->DeviceCount(), 3u);
}

}  // namespace
}  // namespace aclsim::sim
