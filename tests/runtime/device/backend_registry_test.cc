// Tests of device::BackendRegistry, BackendOptions::Validate and the null backend.
#include "runtime/device/backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <cmath>

#include "runtime/device/null_backend.h"
#include "tests/testing/mock_device.h"
#include "tests/testing/status_printers.h"

namespace aclsim::device {
namespace {

using ::testing::HasSubstr;

TEST(BackendRegistry, GivenNewRegistryThenOnlyNullIsRegistered) {
  BackendRegistry registry;
  EXPECT_TRUE(registry.Contains("null"));
  EXPECT_FALSE(registry.Contains("sim"));
  EXPECT_EQ(registry.Names(), std::vector<std::string>{"null"});
}

TEST(BackendRegistry, GivenNullBackendThenNoDevicesAndOpenDeviceFailsWithNoDevice) {
  BackendRegistry registry;
  auto backend = registry.Create("null", BackendOptions{});
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  EXPECT_EQ((*backend)->name(), "null");
  EXPECT_EQ((*backend)->DeviceCount(), 0u);
  auto dev = (*backend)->OpenDevice(0);
  EXPECT_EQ(dev.status().code(), ErrorCode::kRtNoDevice);
  EXPECT_THAT(dev.status().message(), HasSubstr("null"));
  EXPECT_EQ(CreateNullBackend()->OpenDevice(3).status().code(), ErrorCode::kRtNoDevice);
}

TEST(BackendRegistry, GivenUnknownNameWhenCreateThenInvalidParamListingRegisteredNames) {
  BackendRegistry registry;
  registry.Register("alpha",
                    [](const BackendOptions&) -> StatusOr<std::unique_ptr<Backend>> { return CreateNullBackend(); });
  auto backend = registry.Create("gpu", BackendOptions{});
  EXPECT_EQ(backend.status().code(), ErrorCode::kInvalidParam);
  EXPECT_THAT(backend.status().message(), HasSubstr("'gpu'"));
  EXPECT_THAT(backend.status().message(), HasSubstr("alpha, null"));
}

TEST(BackendRegistry, GivenRegisteredFactoryWhenCreateThenFactoryGetsTheOptions) {
  BackendRegistry registry;
  uint32_t seen_count = 0;
  uint64_t seen_seed = 0;
  registry.Register("probe", [&](const BackendOptions& o) -> StatusOr<std::unique_ptr<Backend>> {
    seen_count = o.device_count;
    seen_seed = o.seed;
    return CreateNullBackend();
  });
  BackendOptions options;
  options.device_count = 3;
  options.seed = 99;
  ASSERT_TRUE(registry.Create("probe", options).ok());
  EXPECT_EQ(seen_count, 3u);
  EXPECT_EQ(seen_seed, 99u);
  EXPECT_EQ(registry.Names(), (std::vector<std::string>{"null", "probe"}));
}

TEST(BackendRegistry, GivenFactoryErrorWhenCreateThenPropagatedUnchanged) {
  BackendRegistry registry;
  registry.Register("broken", [](const BackendOptions&) -> StatusOr<std::unique_ptr<Backend>> {
    return Status(ErrorCode::kRtFailure, "cannot");
  });
  EXPECT_EQ(registry.Create("broken", BackendOptions{}).status().code(), ErrorCode::kRtFailure);
}

TEST(BackendRegistry, GivenReRegisterWhenCreateThenLatestFactoryWins) {
  BackendRegistry registry;
  registry.Register("null", [](const BackendOptions&) -> StatusOr<std::unique_ptr<Backend>> {
    return Status(ErrorCode::kFailure, "replaced");
  });
  EXPECT_EQ(registry.Create("null", BackendOptions{}).status().code(), ErrorCode::kFailure);
  EXPECT_EQ(registry.Names().size(), 1u);
}

TEST(BackendRegistry, GivenInvalidOptionsWhenCreateThenInvalidParamBeforeFactoryRuns) {
  BackendRegistry registry;
  bool called = false;
  registry.Register("probe", [&](const BackendOptions&) -> StatusOr<std::unique_ptr<Backend>> {
    called = true;
    return CreateNullBackend();
  });
  BackendOptions options;
  options.jitter = 0.6;
  EXPECT_EQ(registry.Create("probe", options).status().code(), ErrorCode::kInvalidParam);
  EXPECT_FALSE(called);
}

TEST(BackendRegistry, GivenMockHelperWhenCreateThenBackendServesTheMockDevice) {
  ::testing::NiceMock<testing::MockBackend> backend;
  ::testing::NiceMock<testing::MockDevice> dev;
  BackendRegistry registry;
  testing::RegisterMockBackend(registry, "mock", &backend, {&dev});
  EXPECT_CALL(dev, CreateStream()).Times(1);
  auto created = registry.Create("mock", BackendOptions{});
  ASSERT_TRUE(created.ok());
  EXPECT_EQ((*created)->name(), "mock");
  EXPECT_EQ((*created)->DeviceCount(), 1u);
  auto opened = (*created)->OpenDevice(0);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ((*opened)->info().profile_name, "MockProfile");
  EXPECT_TRUE((*opened)->CreateStream().ok());
  EXPECT_EQ((*created)->OpenDevice(1).status().code(), ErrorCode::kRtInvalidDeviceId);
}

TEST(BackendRegistry, GivenGlobalRegistryThenSameInstanceWithNull) {
  EXPECT_EQ(&BackendRegistry::Global(), &BackendRegistry::Global());
  EXPECT_TRUE(BackendRegistry::Global().Contains("null"));
}

TEST(BackendOptions, GivenDefaultsThenValid) { EXPECT_EQ(BackendOptions{}.Validate().code(), ErrorCode::kOk); }

TEST(BackendOptions, GivenBoundariesThenValidOrInvalidParam) {
  BackendOptions o;
  o.device_count = 0;
  EXPECT_EQ(o.Validate().code(), ErrorCode::kInvalidParam);
  o.device_count = 65;
  EXPECT_EQ(o.Validate().code(), ErrorCode::kInvalidParam);
  o.device_count = 64;
  EXPECT_EQ(o.Validate().code(), ErrorCode::kOk);
  o.device_count = 1;
  o.jitter = -0.001;
  EXPECT_EQ(o.Validate().code(), ErrorCode::kInvalidParam);
  o.jitter = 0.5001;
  EXPECT_EQ(o.Validate().code(), ErrorCode::kInvalidParam);
  o.jitter = std::nan("");
  EXPECT_EQ(o.Validate().code(), ErrorCode::kInvalidParam);
  o.jitter = 0.5;
  EXPECT_EQ(o.Validate().code(), ErrorCode::kOk);
  o.device_profile = "";
  EXPECT_EQ(o.Validate().code(), ErrorCode::kInvalidParam);
  o.device_profile_path = "/some/profile.json";
  EXPECT_EQ(o.Validate().code(), ErrorCode::kOk);
}

}  // namespace
}  // namespace aclsim::device
