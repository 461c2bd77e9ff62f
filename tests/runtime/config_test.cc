// Tests of runtime::ApplyConfigJson: the runtime's keys and their error
// codes, and the backend's keys collected unchecked into backend_options
// (each backend's own parser is tested with it: tests/sim/sim_options_test.cc,
// tests/remote/remote_options_test.cc).
#include "runtime/config.h"

#include <gtest/gtest.h>

#include <string>
#include "tests/testing/status_printers.h"

namespace aclsim::runtime {
namespace {

using nlohmann::json;

Status Apply(const std::string& aclsim_body, RuntimeOptions* options) {
  return ApplyConfigJson("{\"aclsim\": {" + aclsim_body + "}}", options);
}

TEST(Config, GivenDefaultsThenDocumentedValues) {
  RuntimeOptions o;
  EXPECT_EQ(o.backend, "sim");
  EXPECT_EQ(o.backend_options, json::object());
  EXPECT_EQ(o.log_level, LogLevel::kError);
  EXPECT_EQ(o.subscription_drain_timeout, std::chrono::milliseconds(5000));
  EXPECT_EQ(o.host_costs.api_call_ns, 2'000);
  EXPECT_EQ(o.host_costs.model_execute_ns, 30'000);
  EXPECT_EQ(o.host_costs.op_launch_ns, 10'000);
  EXPECT_EQ(o.host_costs.marker_ns, 2'000);
  EXPECT_EQ(o.host_costs.tx_ns, 1'000);
}

TEST(Config, GivenEmptyOrWhitespaceTextThenNothingChanges) {
  RuntimeOptions o;
  o.backend = "x";
  EXPECT_EQ(ApplyConfigJson("", &o).code(), StatusCode::kOk);
  EXPECT_EQ(ApplyConfigJson(" \n\t\r ", &o).code(), StatusCode::kOk);
  EXPECT_EQ(o.backend, "x");
  EXPECT_EQ(o.backend_options, json::object());
}

TEST(Config, GivenDocumentWithoutAclsimSectionThenNothingChanges) {
  RuntimeOptions o;
  EXPECT_EQ(ApplyConfigJson(R"({"dump": {"dump_path": "/tmp"}, "profiler": {}})", &o).code(), StatusCode::kOk);
  EXPECT_EQ(o.backend, "sim");
  EXPECT_EQ(ApplyConfigJson("{}", &o).code(), StatusCode::kOk);
  EXPECT_EQ(o.backend_options, json::object());
}

TEST(Config, GivenEveryKeyWhenAppliedThenRuntimeKeysSetAndTheRestAreBackendOptions) {
  RuntimeOptions o;
  Status s = ApplyConfigJson(R"({"aclsim": {
      "backend": "null", "device_count": 8, "device_profile": "Ascend310P3",
      "device_profile_path": "/p.json", "clock": "realtime", "seed": 18446744073709551615,
      "jitter": 0.25, "endpoint": "unix:/tmp/s.sock", "faults": {"stall": {"task": 1, "ns": 5}},
      "log_level": "debug"}})",
                             &o);
  ASSERT_EQ(s.code(), StatusCode::kOk) << s.ToString();
  EXPECT_EQ(o.backend, "null");
  EXPECT_EQ(o.log_level, LogLevel::kDebug);
  EXPECT_EQ(o.backend_options, json::parse(R"({"device_count": 8, "device_profile": "Ascend310P3",
      "device_profile_path": "/p.json", "clock": "realtime", "seed": 18446744073709551615,
      "jitter": 0.25, "endpoint": "unix:/tmp/s.sock", "faults": {"stall": {"task": 1, "ns": 5}}})"));
  EXPECT_EQ(o.backend_options["seed"].get<uint64_t>(), UINT64_MAX);
}

TEST(Config, GivenEachLogLevelNameThenMatchingLevel) {
  const std::pair<const char*, LogLevel> cases[] = {{"debug", LogLevel::kDebug},
                                                    {"info", LogLevel::kInfo},
                                                    {"warning", LogLevel::kWarning},
                                                    {"error", LogLevel::kError},
                                                    {"none", LogLevel::kNone}};
  for (const auto& [name, level] : cases) {
    RuntimeOptions o;
    o.log_level = name == std::string("none") ? LogLevel::kDebug : LogLevel::kNone;
    ASSERT_EQ(Apply(std::string("\"log_level\": \"") + name + "\"", &o).code(), StatusCode::kOk) << name;
    EXPECT_EQ(o.log_level, level) << name;
  }
}

TEST(Config, GivenNotJsonOrNotObjectThenParseFile) {
  RuntimeOptions o;
  EXPECT_EQ(ApplyConfigJson("{", &o).detail(), Detail::kFileParse);
  EXPECT_EQ(ApplyConfigJson("not json", &o).detail(), Detail::kFileParse);
  EXPECT_EQ(ApplyConfigJson("[1, 2]", &o).detail(), Detail::kFileParse);
  EXPECT_EQ(ApplyConfigJson("42", &o).detail(), Detail::kFileParse);
}

TEST(Config, GivenAclsimNotAnObjectThenFileAttrInvalid) {
  RuntimeOptions o;
  EXPECT_EQ(ApplyConfigJson(R"({"aclsim": 1})", &o).detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(ApplyConfigJson(R"({"aclsim": "sim"})", &o).detail(), Detail::kFileAttrInvalid);
}

TEST(Config, GivenKeyTheRuntimeDoesNotOwnThenKeptUncheckedForTheBackend) {
  RuntimeOptions o;
  ASSERT_EQ(Apply(R"("devices": 2, "device_count": "not checked here")", &o).code(), StatusCode::kOk);
  EXPECT_EQ(o.backend_options, json::parse(R"({"devices": 2, "device_count": "not checked here"})"));
}

TEST(Config, GivenBadValueForARuntimeKeyThenFileAttrInvalidNamingIt) {
  const std::pair<const char*, const char*> bad[] = {
      {R"("backend": "")", "backend"},
      {R"("backend": 1)", "backend"},
      {R"("log_level": "verbose")", "log_level"},
      {R"("log_level": 0)", "log_level"},
      {R"("subscription_drain_timeout_ms": 0)", "subscription_drain_timeout_ms"},
      {R"("subscription_drain_timeout_ms": -5)", "subscription_drain_timeout_ms"},
      {R"("subscription_drain_timeout_ms": 86400001)", "subscription_drain_timeout_ms"},
      {R"("subscription_drain_timeout_ms": 18446744073709551615)", "subscription_drain_timeout_ms"},
      {R"("subscription_drain_timeout_ms": 1.5)", "subscription_drain_timeout_ms"},
      {R"("subscription_drain_timeout_ms": "100")", "subscription_drain_timeout_ms"},
      {R"("host_costs": 5)", "host_costs"},
      {R"("host_costs": {"api_call_ns": -1})", "host_costs.api_call_ns"},
      {R"("host_costs": {"model_execute_ns": 1000000001})", "host_costs.model_execute_ns"},
      {R"("host_costs": {"marker_ns": 1.5})", "host_costs.marker_ns"},
      {R"("host_costs": {"op_launch_ns": -3})", "host_costs.op_launch_ns"},
      {R"("host_costs": {"tx_ns": 18446744073709551615})", "host_costs.tx_ns"},
      {R"("host_costs": {"launch_ns": 1})", "host_costs.launch_ns"},
  };
  for (const auto& [body, key] : bad) {
    RuntimeOptions o;
    Status s = Apply(body, &o);
    EXPECT_EQ(s.detail(), Detail::kFileAttrInvalid) << body;
    EXPECT_NE(s.message().find(key), std::string::npos) << s.message();
  }
}

TEST(Config, GivenDrainTimeoutAtEitherEndOfItsRangeThenApplied) {
  RuntimeOptions o;
  ASSERT_TRUE(Apply(R"("subscription_drain_timeout_ms": 1)", &o).ok());
  EXPECT_EQ(o.subscription_drain_timeout, std::chrono::milliseconds(1));
  ASSERT_TRUE(Apply(R"("subscription_drain_timeout_ms": 86400000)", &o).ok());
  EXPECT_EQ(o.subscription_drain_timeout, std::chrono::milliseconds(86400000));
  EXPECT_EQ(o.backend_options, json::object()) << "a runtime key, not the backend's";
}

TEST(Config, GivenHostCostsThenTheNamedOnesReplaceTheDefaultsAndTheRestStay) {
  RuntimeOptions o;
  ASSERT_TRUE(Apply(R"("host_costs": {"api_call_ns": 0, "tx_ns": 1000000000, "op_launch_ns": 7})", &o).ok());
  EXPECT_EQ(o.host_costs.api_call_ns, 0);
  EXPECT_EQ(o.host_costs.op_launch_ns, 7);
  EXPECT_EQ(o.host_costs.tx_ns, 1'000'000'000);
  EXPECT_EQ(o.host_costs.model_execute_ns, 30'000);
  EXPECT_EQ(o.host_costs.marker_ns, 2'000);
  EXPECT_EQ(o.backend_options, json::object()) << "a runtime key, not the backend's";
  // A bad cost after a good one changes nothing.
  EXPECT_EQ(Apply(R"("host_costs": {"api_call_ns": 5, "tx_ns": -1})", &o).detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(o.host_costs.api_call_ns, 0);
}

TEST(Config, GivenErrorAfterValidKeysThenOptionsUnchanged) {
  RuntimeOptions o;
  // nlohmann orders object keys alphabetically: "backend" and "device_count"
  // are applied before "log_level" fails.
  EXPECT_EQ(Apply(R"("backend": "null", "device_count": 2, "log_level": 7)", &o).detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(o.backend, "sim");
  EXPECT_EQ(o.backend_options, json::object());
}

TEST(Config, GivenSecondFileThenItsKeysReplaceThoseOfTheFirstAndOthersAreKept) {
  RuntimeOptions o;
  ASSERT_EQ(Apply(R"("device_count": 3, "seed": 9, "faults": {"stall": {"task": 1, "ns": 5}})", &o).code(),
            StatusCode::kOk);
  ASSERT_EQ(Apply(R"("device_count": 2, "faults": {"corrupt_record": {"index": 1}})", &o).code(), StatusCode::kOk);
  // A key is replaced as a whole: "faults" of the second file, not a merge.
  EXPECT_EQ(o.backend_options,
            json::parse(R"({"device_count": 2, "seed": 9, "faults": {"corrupt_record": {"index": 1}}})"));
  EXPECT_EQ(o.backend, "sim");
}

}  // namespace
}  // namespace aclsim::runtime
