// Tests of device::BackendRegistry, the Backend defaults (features, clock,
// delivery faults) and the null backend.
#include "runtime/device/backend.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "runtime/device/null_backend.h"
#include "tests/testing/mock_device.h"
#include "tests/testing/status_printers.h"

namespace aclsim::device {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

TEST(BackendRegistry, GivenNewRegistryThenOnlyNullIsRegistered) {
  BackendRegistry registry;
  EXPECT_TRUE(registry.Contains("null"));
  EXPECT_FALSE(registry.Contains("sim"));
  EXPECT_EQ(registry.Names(), std::vector<std::string>{"null"});
}

TEST(BackendRegistry, GivenNullBackendThenNoDevicesAndOpenDeviceFailsWithNoDevice) {
  BackendRegistry registry;
  auto backend = registry.Create("null", json::object());
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  EXPECT_EQ((*backend)->name(), "null");
  EXPECT_EQ((*backend)->DeviceCount(), 0u);
  auto dev = (*backend)->OpenDevice(0);
  EXPECT_EQ(dev.status().detail(), Detail::kNoDevice);
  EXPECT_THAT(dev.status().message(), HasSubstr("null"));
  EXPECT_EQ(CreateNullBackend()->OpenDevice(3).status().detail(), Detail::kNoDevice);
}

TEST(BackendRegistry, GivenUnknownNameWhenCreateThenInvalidParamListingRegisteredNames) {
  BackendRegistry registry;
  registry.Register("alpha", [](const json&) -> StatusOr<std::unique_ptr<Backend>> { return CreateNullBackend(); });
  auto backend = registry.Create("gpu", json::object());
  EXPECT_EQ(backend.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(backend.status().message(), HasSubstr("'gpu'"));
  EXPECT_THAT(backend.status().message(), HasSubstr("alpha, null"));
}

TEST(BackendRegistry, GivenRegisteredFactoryWhenCreateThenFactoryGetsTheOptionsUnchecked) {
  BackendRegistry registry;
  json seen;
  registry.Register("probe", [&](const json& o) -> StatusOr<std::unique_ptr<Backend>> {
    seen = o;
    return CreateNullBackend();
  });
  const json options = {{"device_count", 3}, {"seed", 99}, {"anything", "goes"}};
  ASSERT_TRUE(registry.Create("probe", options).ok());
  EXPECT_EQ(seen, options);
  EXPECT_EQ(registry.Names(), (std::vector<std::string>{"null", "probe"}));
}

TEST(BackendRegistry, GivenFactoryErrorWhenCreateThenPropagatedUnchanged) {
  BackendRegistry registry;
  registry.Register("broken", [](const json&) -> StatusOr<std::unique_ptr<Backend>> {
    return Status(StatusCode::kInternal, "cannot");
  });
  EXPECT_EQ(registry.Create("broken", json::object()).status().code(), StatusCode::kInternal);
}

TEST(BackendRegistry, GivenReRegisterWhenCreateThenLatestFactoryWins) {
  BackendRegistry registry;
  registry.Register("null", [](const json&) -> StatusOr<std::unique_ptr<Backend>> {
    return Status(StatusCode::kInternal, "replaced");
  });
  EXPECT_EQ(registry.Create("null", json::object()).status().code(), StatusCode::kInternal);
  EXPECT_EQ(registry.Names().size(), 1u);
}

TEST(BackendRegistry, GivenFactoryRejectingAnOptionWhenCreateThenItsCodeAndMessageUnchanged) {
  BackendRegistry registry;
  registry.Register("strict", [](const json& o) -> StatusOr<std::unique_ptr<Backend>> {
    if (!o.empty()) return UnknownBackendOption("strict", o.begin().key());
    return CreateNullBackend();
  });
  auto created = registry.Create("strict", json{{"jitter", 0.6}});
  EXPECT_EQ(created.status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(created.status().message(), "config: unknown key \"aclsim.jitter\" for backend 'strict'");
  EXPECT_TRUE(registry.Create("strict", json::object()).ok());
}

TEST(BackendRegistry, GivenNullBackendThenEveryOptionIsIgnored) {
  BackendRegistry registry;
  auto backend = registry.Create("null", json{{"device_count", 0}, {"endpoint", 5}, {"whatever", true}});
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  EXPECT_EQ((*backend)->DeviceCount(), 0u);
}

TEST(Backend, GivenDefaultsThenVirtualClockNoDeliveryFaultsAndEveryFeature) {
  auto backend = CreateNullBackend();
  EXPECT_EQ(backend->clock_mode(), ClockMode::kVirtual);
  EXPECT_TRUE(backend->delivery_faults().empty());
  EXPECT_EQ(backend->CheckFeature(kFeatureClientDeviceOptions).code(), StatusCode::kOk);
  EXPECT_EQ(backend->CheckFeature(kFeatureFreshDeviceClock).code(), StatusCode::kOk);
  EXPECT_TRUE(IsBackendFeature("client_device_options"));
  EXPECT_TRUE(IsBackendFeature("fresh_device_clock"));
  EXPECT_FALSE(IsBackendFeature("backend_selection"));  // the api/ edge's own
  Status unknown = backend->CheckFeature("warp_drive");
  EXPECT_EQ(unknown.code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(unknown.message(), HasSubstr("'warp_drive'"));
  EXPECT_THAT(unknown.message(), HasSubstr("client_device_options, fresh_device_clock"));
}

TEST(BackendRegistry, GivenMockHelperWhenCreateThenBackendServesTheMockDevice) {
  ::testing::NiceMock<testing::MockBackend> backend;
  ::testing::NiceMock<testing::MockDevice> dev;
  BackendRegistry registry;
  testing::RegisterMockBackend(registry, "mock", &backend, {&dev});
  EXPECT_CALL(dev, CreateStream()).Times(1);
  auto created = registry.Create("mock", json::object());
  ASSERT_TRUE(created.ok());
  EXPECT_EQ((*created)->name(), "mock");
  EXPECT_EQ((*created)->DeviceCount(), 1u);
  auto opened = (*created)->OpenDevice(0);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ((*opened)->info().profile_name, "MockProfile");
  EXPECT_TRUE((*opened)->CreateStream().ok());
  EXPECT_EQ((*created)->OpenDevice(1).status().detail(), Detail::kInvalidDeviceId);
}

TEST(BackendRegistry, GivenGlobalRegistryThenSameInstanceWithNull) {
  EXPECT_EQ(&BackendRegistry::Global(), &BackendRegistry::Global());
  EXPECT_TRUE(BackendRegistry::Global().Contains("null"));
}

}  // namespace
}  // namespace aclsim::device
