// Tests of sim::ParseSimOptions and SimOptions::Validate: every key of the
// "sim" backend, every error code, the fault plan parsed once.
#include "sim/sim_options.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

StatusOr<SimOptions> Parse(const std::string& body) { return ParseSimOptions(json::parse("{" + body + "}")); }

TEST(SimOptions, GivenNoKeysThenDocumentedDefaults) {
  for (const json& options : {json::object(), json()}) {
    auto o = ParseSimOptions(options);
    ASSERT_TRUE(o.ok()) << o.status().ToString();
    EXPECT_EQ(o->device_count, 1u);
    EXPECT_EQ(o->device_profile, "Ascend910B2");
    EXPECT_EQ(o->device_profile_path, "");
    EXPECT_EQ(o->clock_mode, device::ClockMode::kVirtual);
    EXPECT_EQ(o->clock_origin_ns, 3'600'000'000'000);  // one hour (runtime/time_limits.h)
    EXPECT_EQ(o->seed, 0u);
    EXPECT_EQ(o->jitter, 0.0);
    EXPECT_TRUE(o->faults.empty());
    EXPECT_EQ(o->Validate().code(), StatusCode::kOk);
  }
}

TEST(SimOptions, GivenEveryKeyThenEveryFieldSet) {
  auto o = Parse(R"("device_count": 8, "device_profile": "Ascend310P3", "device_profile_path": "/p.json",
      "clock": "realtime", "clock_origin_ns": 42, "seed": 18446744073709551615, "jitter": 0.25,
      "faults": {"fail_task": {"task": 3}, "slow_delivery": {"write_delay_us": 20},
                 "corrupt_record": {"index": 4}})");
  ASSERT_TRUE(o.ok()) << o.status().ToString();
  EXPECT_EQ(o->device_count, 8u);
  EXPECT_EQ(o->device_profile, "Ascend310P3");
  EXPECT_EQ(o->device_profile_path, "/p.json");
  EXPECT_EQ(o->clock_mode, device::ClockMode::kRealtime);
  EXPECT_EQ(o->clock_origin_ns, 42);
  EXPECT_EQ(o->seed, UINT64_MAX);
  EXPECT_EQ(o->jitter, 0.25);
  ASSERT_TRUE(o->faults.fail_task.has_value());
  EXPECT_EQ(o->faults.fail_task->task_id, 3u);
  EXPECT_EQ(o->faults.fail_task->error, 507011);
  EXPECT_EQ(o->faults.delivery.slow_delivery_us, 20u);
  EXPECT_EQ(o->faults.delivery.corrupt_record, 4u);
}

TEST(SimOptions, GivenClockVirtualThenVirtual) {
  auto o = Parse(R"("clock": "virtual")");
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(o->clock_mode, device::ClockMode::kVirtual);
}

TEST(SimOptions, GivenBoundaryValuesThenAccepted) {
  for (const char* body :
       {R"("device_count": 1)", R"("device_count": 64)", R"("jitter": 0)", R"("jitter": 0.5)", R"("seed": 0)",
        R"("device_profile_path": "")", R"("clock_origin_ns": 1)", R"("clock_origin_ns": 1152921504606846976)"}) {
    EXPECT_EQ(Parse(body).status().code(), StatusCode::kOk) << body;
  }
  EXPECT_EQ(Parse(R"("device_count": 64)")->device_count, 64u);
  EXPECT_EQ(Parse(R"("jitter": 0.5)")->jitter, 0.5);
}

TEST(SimOptions, GivenWrongTypeOrOutOfRangeValueThenFileAttrInvalidNamingTheKey) {
  const std::pair<const char*, const char*> bad[] = {
      {R"("device_count": 0)", "device_count"},
      {R"("device_count": 65)", "device_count"},
      {R"("device_count": -1)", "device_count"},
      {R"("device_count": 2.0)", "device_count"},
      {R"("device_count": "2")", "device_count"},
      {R"("device_profile": "")", "device_profile"},
      {R"("device_profile": 3)", "device_profile"},
      {R"("device_profile_path": 1)", "device_profile_path"},
      {R"("clock": "wall")", "clock"},
      {R"("clock": 1)", "clock"},
      {R"("clock_origin_ns": 0)", "clock_origin_ns"},
      {R"("clock_origin_ns": 1152921504606846977)", "clock_origin_ns"},
      {R"("clock_origin_ns": 1.5)", "clock_origin_ns"},
      {R"("clock_origin_ns": "1")", "clock_origin_ns"},
      {R"("seed": -1)", "seed"},
      {R"("seed": 1.5)", "seed"},
      {R"("seed": "1")", "seed"},
      {R"("jitter": -0.01)", "jitter"},
      {R"("jitter": 0.51)", "jitter"},
      {R"("jitter": "0.1")", "jitter"},
      {R"("faults": [1])", "faults"},
      {R"("faults": {"explode": {}})", "explode"},
      {R"("faults": {"stall": {"task": 1, "ns": -5}})", "stall.ns"},
  };
  for (const auto& [body, key] : bad) {
    auto o = Parse(body);
    EXPECT_EQ(o.status().detail(), Detail::kFileAttrInvalid) << body;
    EXPECT_THAT(o.status().message(), HasSubstr(key)) << body;
  }
}

TEST(SimOptions, GivenUnknownKeyThenFileAttrInvalidNamingTheBackendAndTheKey) {
  for (const char* key : {"devices", "endpoint", "backend"}) {
    auto o = ParseSimOptions(json{{key, 2}});
    EXPECT_EQ(o.status().detail(), Detail::kFileAttrInvalid) << key;
    EXPECT_EQ(o.status().message(), std::string("config: unknown key \"aclsim.") + key + "\" for backend 'sim'");
  }
  auto plugin = ParseSimOptions(json{{"devices", 2}}, "sim-plugin");
  EXPECT_THAT(plugin.status().message(), HasSubstr("backend 'sim-plugin'"));
}

TEST(SimOptions, GivenOptionsThatAreNoObjectThenFileAttrInvalid) {
  EXPECT_EQ(ParseSimOptions(json::array({1})).status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(ParseSimOptions(json("sim")).status().detail(), Detail::kFileAttrInvalid);
}

TEST(SimOptions, GivenStructOutsideItsRangesThenValidateInvalidParam) {
  SimOptions o;
  o.device_count = 0;
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.device_count = 65;
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.device_count = 64;
  EXPECT_EQ(o.Validate().code(), StatusCode::kOk);
  o.device_count = 1;
  o.jitter = -0.001;
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.jitter = 0.5001;
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.jitter = std::nan("");
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.jitter = 0.5;
  EXPECT_EQ(o.Validate().code(), StatusCode::kOk);
  o.clock_origin_ns = 0;
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.clock_origin_ns = kMaxClockOriginNs + 1;
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.clock_origin_ns = kMaxClockOriginNs;
  EXPECT_EQ(o.Validate().code(), StatusCode::kOk);
  o.device_profile = "";
  EXPECT_EQ(o.Validate().code(), StatusCode::kInvalidArgument);
  o.device_profile_path = "/some/profile.json";
  EXPECT_EQ(o.Validate().code(), StatusCode::kOk);
}

}  // namespace
}  // namespace aclsim::sim
