// Tests of runtime::ApplyConfigJson: every "aclsim" key, every error code.
#include "runtime/config.h"

#include <gtest/gtest.h>

#include <string>
#include "tests/testing/status_printers.h"

namespace aclsim::runtime {
namespace {

Status Apply(const std::string& aclsim_body, RuntimeOptions* options) {
  return ApplyConfigJson("{\"aclsim\": {" + aclsim_body + "}}", options);
}

TEST(Config, GivenDefaultsThenDocumentedValues) {
  RuntimeOptions o;
  EXPECT_EQ(o.backend, "sim");
  EXPECT_EQ(o.backend_options.device_count, 1u);
  EXPECT_EQ(o.backend_options.device_profile, "Ascend910B2");
  EXPECT_EQ(o.backend_options.device_profile_path, "");
  EXPECT_EQ(o.backend_options.clock_mode, device::ClockMode::kVirtual);
  EXPECT_EQ(o.backend_options.seed, 0u);
  EXPECT_EQ(o.backend_options.jitter, 0.0);
  EXPECT_EQ(o.log_level, LogLevel::kError);
  EXPECT_EQ(o.Validate().code(), ErrorCode::kOk);
}

TEST(Config, GivenEmptyOrWhitespaceTextThenNothingChanges) {
  RuntimeOptions o;
  o.backend = "x";
  EXPECT_EQ(ApplyConfigJson("", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(ApplyConfigJson(" \n\t\r ", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(o.backend, "x");
}

TEST(Config, GivenDocumentWithoutAclsimSectionThenNothingChanges) {
  RuntimeOptions o;
  EXPECT_EQ(ApplyConfigJson(R"({"dump": {"dump_path": "/tmp"}, "profiler": {}})", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(o.backend, "sim");
  EXPECT_EQ(ApplyConfigJson("{}", &o).code(), ErrorCode::kOk);
}

TEST(Config, GivenEveryKeyWhenAppliedThenEveryFieldSet) {
  RuntimeOptions o;
  Status s = ApplyConfigJson(R"({"aclsim": {
      "backend": "null", "device_count": 8, "device_profile": "Ascend310P3",
      "device_profile_path": "/p.json", "clock": "realtime", "seed": 18446744073709551615,
      "jitter": 0.25, "log_level": "debug"}})",
                             &o);
  ASSERT_EQ(s.code(), ErrorCode::kOk) << s.ToString();
  EXPECT_EQ(o.backend, "null");
  EXPECT_EQ(o.backend_options.device_count, 8u);
  EXPECT_EQ(o.backend_options.device_profile, "Ascend310P3");
  EXPECT_EQ(o.backend_options.device_profile_path, "/p.json");
  EXPECT_EQ(o.backend_options.clock_mode, device::ClockMode::kRealtime);
  EXPECT_EQ(o.backend_options.seed, UINT64_MAX);
  EXPECT_EQ(o.backend_options.jitter, 0.25);
  EXPECT_EQ(o.log_level, LogLevel::kDebug);
}

TEST(Config, GivenClockVirtualThenVirtual) {
  RuntimeOptions o;
  o.backend_options.clock_mode = device::ClockMode::kRealtime;
  ASSERT_EQ(Apply(R"("clock": "virtual")", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(o.backend_options.clock_mode, device::ClockMode::kVirtual);
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
    ASSERT_EQ(Apply(std::string("\"log_level\": \"") + name + "\"", &o).code(), ErrorCode::kOk) << name;
    EXPECT_EQ(o.log_level, level) << name;
  }
}

TEST(Config, GivenBoundaryValuesThenAccepted) {
  RuntimeOptions o;
  EXPECT_EQ(Apply(R"("device_count": 1)", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(Apply(R"("device_count": 64)", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(o.backend_options.device_count, 64u);
  EXPECT_EQ(Apply(R"("jitter": 0)", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(Apply(R"("jitter": 0.5)", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(o.backend_options.jitter, 0.5);
  EXPECT_EQ(Apply(R"("seed": 0)", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(Apply(R"("device_profile_path": "")", &o).code(), ErrorCode::kOk);
}

TEST(Config, GivenNotJsonOrNotObjectThenParseFile) {
  RuntimeOptions o;
  EXPECT_EQ(ApplyConfigJson("{", &o).code(), ErrorCode::kParseFile);
  EXPECT_EQ(ApplyConfigJson("not json", &o).code(), ErrorCode::kParseFile);
  EXPECT_EQ(ApplyConfigJson("[1, 2]", &o).code(), ErrorCode::kParseFile);
  EXPECT_EQ(ApplyConfigJson("42", &o).code(), ErrorCode::kParseFile);
}

TEST(Config, GivenAclsimNotAnObjectThenFileAttrInvalid) {
  RuntimeOptions o;
  EXPECT_EQ(ApplyConfigJson(R"({"aclsim": 1})", &o).code(), ErrorCode::kFileAttrInvalid);
  EXPECT_EQ(ApplyConfigJson(R"({"aclsim": "sim"})", &o).code(), ErrorCode::kFileAttrInvalid);
}

TEST(Config, GivenUnknownKeyThenFileAttrInvalidNamingIt) {
  RuntimeOptions o;
  Status s = Apply(R"("devices": 2)", &o);
  EXPECT_EQ(s.code(), ErrorCode::kFileAttrInvalid);
  EXPECT_NE(s.message().find("aclsim.devices"), std::string::npos) << s.message();
}

TEST(Config, GivenBadValueForEachKeyThenFileAttrInvalid) {
  const char* bad[] = {
      R"("backend": "")",
      R"("backend": 1)",
      R"("device_count": 0)",
      R"("device_count": 65)",
      R"("device_count": -1)",
      R"("device_count": 2.0)",
      R"("device_count": "2")",
      R"("device_profile": "")",
      R"("device_profile": 3)",
      R"("device_profile_path": 1)",
      R"("clock": "wall")",
      R"("clock": 1)",
      R"("seed": -1)",
      R"("seed": 1.5)",
      R"("seed": "1")",
      R"("jitter": -0.01)",
      R"("jitter": 0.51)",
      R"("jitter": "0.1")",
      R"("log_level": "verbose")",
      R"("log_level": 0)",
  };
  for (const char* body : bad) {
    RuntimeOptions o;
    EXPECT_EQ(Apply(body, &o).code(), ErrorCode::kFileAttrInvalid) << body;
  }
}

TEST(Config, GivenErrorAfterValidKeysThenOptionsUnchanged) {
  RuntimeOptions o;
  // nlohmann orders object keys alphabetically: "backend" is applied before "seed" fails.
  EXPECT_EQ(Apply(R"("backend": "null", "seed": -5)", &o).code(), ErrorCode::kFileAttrInvalid);
  EXPECT_EQ(o.backend, "sim");
  EXPECT_EQ(o.backend_options.seed, 0u);
}

TEST(Config, GivenPartialSectionThenOtherFieldsKept) {
  RuntimeOptions o;
  o.backend_options.seed = 9;
  ASSERT_EQ(Apply(R"("device_count": 3)", &o).code(), ErrorCode::kOk);
  EXPECT_EQ(o.backend_options.device_count, 3u);
  EXPECT_EQ(o.backend_options.seed, 9u);
  EXPECT_EQ(o.backend, "sim");
}

}  // namespace
}  // namespace aclsim::runtime
