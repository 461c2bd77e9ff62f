// Tests of the backend-ABI-1.0 option conversions (runtime/device/plugin_options.h):
// the host's options object → aclsimBackendOptions → the plugin's options object.
#include "runtime/device/plugin_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "tests/testing/status_printers.h"

namespace aclsim::device {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

TEST(PluginOptions, GivenNoKeysThenTheStructHoldsTheDefaults) {
  auto o = PluginOptionsToAbiV1("p", json::object());
  ASSERT_TRUE(o.ok()) << o.status().ToString();
  const aclsimBackendOptions raw = o->Raw();
  EXPECT_EQ(raw.struct_size, sizeof(aclsimBackendOptions));
  EXPECT_EQ(raw.device_count, 1u);
  EXPECT_STREQ(raw.device_profile, "Ascend910B2");
  EXPECT_STREQ(raw.device_profile_path, "");
  EXPECT_EQ(raw.clock_mode, ACLSIM_CLOCK_VIRTUAL);
  EXPECT_EQ(raw.seed, 0u);
  EXPECT_EQ(raw.jitter, 0.0);
  EXPECT_STREQ(raw.endpoint, "");
  EXPECT_STREQ(raw.faults_json, "");
  EXPECT_TRUE(o->delivery.empty());
}

TEST(PluginOptions, GivenEveryKeyThenItCrossesTheStructAndComesBackUnchanged) {
  const json options = json::parse(R"({"device_count": 3, "device_profile": "Ascend310P3",
      "device_profile_path": "/p.json", "clock": "realtime", "seed": 18446744073709551615, "jitter": 0.25,
      "endpoint": "unix:/tmp/x.sock", "faults": {"slow_delivery": {"write_delay_us": 5}, "corrupt_record": {"index": 2}}})");
  auto o = PluginOptionsToAbiV1("p", options);
  ASSERT_TRUE(o.ok()) << o.status().ToString();
  EXPECT_EQ(o->clock_mode, ClockMode::kRealtime);
  EXPECT_EQ(o->delivery.slow_delivery_us, 5u);
  EXPECT_EQ(o->delivery.corrupt_record, 2u);
  const aclsimBackendOptions raw = o->Raw();
  EXPECT_EQ(raw.clock_mode, ACLSIM_CLOCK_REALTIME);
  EXPECT_EQ(raw.seed, UINT64_MAX);
  auto back = PluginOptionsFromAbiV1(raw);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, options);
}

TEST(PluginOptions, GivenUnsetStringsThenThePluginSideLeavesThoseKeysOut) {
  auto o = PluginOptionsToAbiV1("p", json{{"device_profile", ""}});
  ASSERT_TRUE(o.ok());
  auto back = PluginOptionsFromAbiV1(o->Raw());
  ASSERT_TRUE(back.ok());
  // device_profile "" crosses as it is (the plugin's parser rejects it);
  // an empty path, endpoint or faults means "not set".
  EXPECT_EQ(*back, json::parse(R"({"device_count": 1, "device_profile": "", "clock": "virtual", "seed": 0,
      "jitter": 0.0})"));
}

TEST(PluginOptions, GivenValueTheStructCannotCarryThenFileAttrInvalidNamingTheKey) {
  const std::pair<const char*, const char*> bad[] = {
      {R"({"device_count": "2"})", "device_count"},
      {R"({"device_count": -1})", "device_count"},
      {R"({"device_count": 4294967296})", "device_count"},
      {R"({"device_profile": 3})", "device_profile"},
      {R"({"device_profile_path": 1})", "device_profile_path"},
      {R"({"clock": "wall"})", "clock"},
      {R"({"seed": 1.5})", "seed"},
      {R"({"jitter": "0.1"})", "jitter"},
      {R"({"endpoint": 7})", "endpoint"},
      {R"({"faults": {"explode": {}}})", "explode"},
  };
  for (const auto& [text, key] : bad) {
    auto o = PluginOptionsToAbiV1("p", json::parse(text));
    EXPECT_EQ(o.status().code(), ErrorCode::kFileAttrInvalid) << text;
    EXPECT_THAT(o.status().message(), HasSubstr(key)) << text;
  }
}

TEST(PluginOptions, GivenRangeErrorsThenLeftToThePlugin) {
  auto o = PluginOptionsToAbiV1("p", json::parse(R"({"device_count": 0, "jitter": 0.9})"));
  ASSERT_TRUE(o.ok()) << o.status().ToString();
  EXPECT_EQ(o->Raw().device_count, 0u);
  EXPECT_EQ(o->Raw().jitter, 0.9);
}

TEST(PluginOptions, GivenUnknownKeyThenFileAttrInvalidNamingThePluginAndTheKey) {
  auto o = PluginOptionsToAbiV1("fake", json{{"io_timeout_ms", 5}});
  EXPECT_EQ(o.status().code(), ErrorCode::kFileAttrInvalid);
  EXPECT_EQ(o.status().message(), "config: unknown key \"aclsim.io_timeout_ms\" for backend 'fake'");
}

TEST(PluginOptions, GivenFaultsTextThatIsNotJsonThenThePluginSideFails) {
  aclsimBackendOptions raw{};
  raw.struct_size = sizeof(raw);
  raw.device_profile = "Ascend910B2";
  raw.faults_json = "{nope";
  EXPECT_EQ(PluginOptionsFromAbiV1(raw).status().code(), ErrorCode::kFileAttrInvalid);
}

}  // namespace
}  // namespace aclsim::device
