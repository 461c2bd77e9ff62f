// Tests of remote::ParseRemoteOptions: the client's keys, and the device
// options that belong to aclsim-device-server refused with kUnimplemented.
#include "remote/client/remote_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "remote/client/remote_backend.h"
#include "tests/testing/status_printers.h"

namespace aclsim::remote {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

TEST(RemoteOptions, GivenNoKeysThenNoEndpointAndTenSecondTimeout) {
  for (const json& options : {json::object(), json()}) {
    auto o = ParseRemoteOptions(options);
    ASSERT_TRUE(o.ok()) << o.status().ToString();
    EXPECT_EQ(o->endpoint, "");
    EXPECT_EQ(o->io_timeout, std::chrono::milliseconds(10000));
  }
}

TEST(RemoteOptions, GivenEndpointAndTimeoutThenBothSet) {
  auto o = ParseRemoteOptions(json{{"endpoint", "tcp:127.0.0.1:5000"}, {"io_timeout_ms", 250}});
  ASSERT_TRUE(o.ok()) << o.status().ToString();
  EXPECT_EQ(o->endpoint, "tcp:127.0.0.1:5000");
  EXPECT_EQ(o->io_timeout, std::chrono::milliseconds(250));
  EXPECT_EQ(ParseRemoteOptions(json{{"io_timeout_ms", 1}})->io_timeout, std::chrono::milliseconds(1));
  EXPECT_EQ(ParseRemoteOptions(json{{"io_timeout_ms", 3600000}})->io_timeout, std::chrono::milliseconds(3600000));
}

TEST(RemoteOptions, GivenWrongTypeOrOutOfRangeThenFileAttrInvalidNamingTheKey) {
  const std::pair<json, const char*> bad[] = {
      {json{{"endpoint", 5}}, "endpoint"},
      {json{{"io_timeout_ms", 0}}, "io_timeout_ms"},
      {json{{"io_timeout_ms", 3600001}}, "io_timeout_ms"},
      {json{{"io_timeout_ms", -1}}, "io_timeout_ms"},
      {json{{"io_timeout_ms", 1.5}}, "io_timeout_ms"},
      {json{{"io_timeout_ms", "100"}}, "io_timeout_ms"},
  };
  for (const auto& [options, key] : bad) {
    auto o = ParseRemoteOptions(options);
    EXPECT_EQ(o.status().detail(), Detail::kFileAttrInvalid) << options.dump();
    EXPECT_THAT(o.status().message(), HasSubstr(key)) << options.dump();
  }
  EXPECT_EQ(ParseRemoteOptions(json::array()).status().detail(), Detail::kFileAttrInvalid);
}

TEST(RemoteOptions, GivenUnknownKeyThenFileAttrInvalidNamingTheBackendAndTheKey) {
  auto o = ParseRemoteOptions(json{{"devices", 2}});
  EXPECT_EQ(o.status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(o.status().message(), "config: unknown key \"aclsim.devices\" for backend 'remote'");
}

TEST(RemoteOptions, GivenDeviceOptionOfTheServerThenApiNotSupportNamingItsFlag) {
  const std::pair<const char*, const char*> owned[] = {
      {"device_count", "--device-count"},
      {"device_profile", "--profile"},
      {"device_profile_path", "--profile"},
      {"clock", "--clock"},
      {"seed", "--seed"},
      {"jitter", "--jitter"},
  };
  for (const auto& [key, flag] : owned) {
    // Refused whatever the value, valid or not.
    for (const json& value : {json(1), json("x"), json(-1)}) {
      auto o = ParseRemoteOptions(json{{"endpoint", "unix:/tmp/s.sock"}, {key, value}});
      EXPECT_EQ(o.status().detail(), Detail::kOptionUnsupported) << key;
      EXPECT_THAT(o.status().message(), HasSubstr(std::string("aclsim.") + key + " is set by aclsim-device-server ("));
      EXPECT_THAT(o.status().message(), HasSubstr(flag));
    }
  }
  auto faults = ParseRemoteOptions(json{{"faults", {{"stall", {{"task", 1}, {"ns", 5}}}}}});
  EXPECT_EQ(faults.status().detail(), Detail::kOptionUnsupported);
  EXPECT_THAT(faults.status().message(), HasSubstr("aclsim.faults"));
}

TEST(RemoteOptions, GivenServerOwnedOptionThroughTheRegistryThenRefusedBeforeConnecting) {
  device::BackendRegistry registry;
  RegisterRemoteBackend(registry);
  // Nothing listens there: the option is refused before any connection.
  auto created = registry.Create("remote", json{{"endpoint", "unix:/nonexistent/none.sock"}, {"seed", 7}});
  EXPECT_EQ(created.status().detail(), Detail::kOptionUnsupported);
  EXPECT_EQ(registry.Create("remote", json{{"endpoint", "unix:/nonexistent/none.sock"}}).status().detail(),
            Detail::kNoDevice);
}

}  // namespace
}  // namespace aclsim::remote
