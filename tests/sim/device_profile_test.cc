// Tests of device profiles: the built-in SKUs and every parse error.
#include "sim/device_profile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>
#include "tests/testing/status_printers.h"
#include "tests/testing/temp_fifo.h"

namespace aclsim::sim {
namespace {

using model::DataType;
using model::Engine;
using nlohmann::json;
using ::testing::HasSubstr;

TEST(DeviceProfile, GivenAscend910B2ThenPublishedCoreCountsAndRates) {
  auto p = BuiltinDeviceProfile("Ascend910B2");
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->name, "Ascend910B2");
  EXPECT_EQ(p->soc_name, "Ascend910B2");
  EXPECT_EQ(p->device_class, "training");
  EXPECT_EQ(p->ai_core_count, 24u);
  EXPECT_EQ(p->vector_core_count, 48u);
  EXPECT_EQ(p->aicpu_count, 4u);
  EXPECT_EQ(p->memory_bytes, 68'719'476'736u);
  EXPECT_EQ(p->memory_bandwidth_bytes_per_s, 1.6e12);
  EXPECT_EQ(p->core_bandwidth_bytes_per_s, 5.76e10);
  EXPECT_EQ(p->l2_bytes, 201'326'592u);
  EXPECT_EQ(p->l2_bandwidth_bytes_per_s, 4.75e12);
  EXPECT_EQ(p->kernel_floor_ns[2], 20000);  // AI CPU: not calibrated
  EXPECT_FALSE(p->compute_efficiency.empty());
  EXPECT_FALSE(p->stream_efficiency.empty());
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiCore, DataType::kFloat16), 353.9e12);
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiCore, DataType::kInt8), 707.8e12);
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiCore, DataType::kFloat32), 85.0e12);
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiVector, DataType::kFloat16), 22.1e12);
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiCpu, DataType::kFloat32), 83.2e9);
  EXPECT_EQ(p->CoreCount(Engine::kAiCore), 24u);
  EXPECT_EQ(p->CoreCount(Engine::kAiVector), 48u);
  EXPECT_EQ(p->CoreCount(Engine::kAiCpu), 4u);
  EXPECT_EQ(p->host_link_bandwidth_bytes_per_s, 6.3e10);
  EXPECT_EQ(p->copy_overhead_ns, 2000);
}

TEST(DeviceProfile, GivenAscend310P3ThenPublishedCoreCounts) {
  auto p = BuiltinDeviceProfile("Ascend310P3");
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->soc_name, "Ascend310P3");
  EXPECT_EQ(p->device_class, "inference");
  EXPECT_EQ(p->ai_core_count, 8u);
  EXPECT_EQ(p->vector_core_count, 7u);
  EXPECT_EQ(p->aicpu_count, 16u);
  EXPECT_EQ(p->memory_bytes, 24'000'000'000u);
  EXPECT_EQ(p->memory_bandwidth_bytes_per_s, 2.04e11);
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiCore, DataType::kFloat16), 69.5e12);
}

TEST(DeviceProfile, GivenBuiltinNamesThenAllListedSorted) {
  EXPECT_EQ(BuiltinDeviceProfileNames(), (std::vector<std::string>{"Ascend310P3", "Ascend910A", "Ascend910B1",
                                                                   "Ascend910B2", "Ascend910B3", "Ascend910B4"}));
}

TEST(DeviceProfile, GivenA2FamilyThenDerivedPeaksAndTheSameCalibration) {
  auto b2 = BuiltinDeviceProfile("Ascend910B2");
  ASSERT_TRUE(b2.ok());
  for (const char* name : {"Ascend910B1", "Ascend910B3", "Ascend910B4", "Ascend910A", "Ascend310P3"}) {
    SCOPED_TRACE(name);
    auto p = BuiltinDeviceProfile(name);
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    EXPECT_EQ(p->compute_efficiency, b2->compute_efficiency);
    EXPECT_EQ(p->stream_efficiency, b2->stream_efficiency);
    EXPECT_EQ(p->fill_ns, b2->fill_ns);
  }
  EXPECT_EQ(BuiltinDeviceProfile("Ascend910B1")->PeakFlopsPerS(Engine::kAiCore, DataType::kFloat16),
            363.725e12);  // 24 x 4096 x 2 x 1.85 GHz
  EXPECT_EQ(BuiltinDeviceProfile("Ascend910B3")->ai_core_count, 20u);
  EXPECT_EQ(BuiltinDeviceProfile("Ascend910B4")->l2_bytes, 96u << 20);
  EXPECT_EQ(BuiltinDeviceProfile("Ascend910A")->ai_core_count, 32u);
}

TEST(DeviceProfile, GivenUnknownBuiltinThenInvalidParamListingKnownNames) {
  auto p = BuiltinDeviceProfile("Ascend999");
  EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(p.status().message(), HasSubstr("'Ascend999'"));
  EXPECT_THAT(p.status().message(), HasSubstr("Ascend310P3, Ascend910A, Ascend910B1, Ascend910B2"));
  EXPECT_EQ(BuiltinDeviceProfile("").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(BuiltinDeviceProfile("ascend910b2").status().code(), StatusCode::kInvalidArgument);
}

TEST(DeviceProfile, GivenMissingDtypeThenFallsBackToFloat16ThenToSmallestPeak) {
  auto p = BuiltinDeviceProfile("Ascend910B2");
  ASSERT_TRUE(p.ok());
  // AI_CPU lists float32 and float16 only: int8 falls back to float16.
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiCpu, DataType::kInt8), 83.2e9);
  // AI_CORE has no int64: float16.
  EXPECT_EQ(p->PeakFlopsPerS(Engine::kAiCore, DataType::kInt64), 353.9e12);
  DeviceProfile custom = *p;
  custom.peak_flops_per_s[0] = {{DataType::kInt8, 2e12}, {DataType::kFloat32, 1e12}};
  EXPECT_EQ(custom.PeakFlopsPerS(Engine::kAiCore, DataType::kBfloat16), 1e12);
  EXPECT_EQ(custom.PeakFlopsPerS(Engine::kAiCore, DataType::kInt8), 2e12);
}

TEST(DeviceProfile, GivenShippedProfileFileThenSameAsBuiltin) {
  auto file = LoadDeviceProfileFile(std::string(ACLSIM_SOURCE_PROFILES_DIR) + "/Ascend910B2.json");
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  auto builtin = BuiltinDeviceProfile("Ascend910B2");
  ASSERT_TRUE(builtin.ok());
  EXPECT_EQ(file->ai_core_count, builtin->ai_core_count);
  EXPECT_EQ(file->memory_bytes, builtin->memory_bytes);
  EXPECT_EQ(file->peak_flops_per_s, builtin->peak_flops_per_s);
}

TEST(DeviceProfile, GivenMissingFileThenInvalidParam) {
  auto p = LoadDeviceProfileFile("/nonexistent/profile.json");
  EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(p.status().message(), HasSubstr("/nonexistent/profile.json"));
}

TEST(DeviceProfile, GivenDeviceFifoOrOversizedFileThenInvalidParamWithoutReadingIt) {
  testing::TempFifo fifo;
  for (const std::string& path : {std::string("/dev/zero"), fifo.path(), std::string("/tmp")}) {
    auto p = LoadDeviceProfileFile(path);
    EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument) << path;
    EXPECT_THAT(p.status().message(), HasSubstr("not a regular file"));
  }
  // Profiles are capped at 1 MiB.
  const std::string big = fifo.path() + ".big";
  std::ofstream(big) << std::string((size_t{1} << 20) + 1, ' ');
  auto p = LoadDeviceProfileFile(big);
  EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(p.status().message(), HasSubstr("larger than"));
  std::remove(big.c_str());
}

// ----------------------------------------------------------- parse errors

json Base() {
  return json::parse(R"({
    "schema": "aclsim.device_profile.v1", "name": "Test", "soc_name": "TestSoc", "class": "training",
    "memory_bytes": 1000, "ai_core_count": 2, "vector_core_count": 4, "aicpu_count": 1,
    "memory_bandwidth_bytes_per_s": 1e9,
    "launch_overhead_ns": {"AI_CORE": 10, "AI_VECTOR": 20, "AI_CPU": 30},
    "peak_flops_per_s": {"AI_CORE": {"float16": 1e12}, "AI_VECTOR": {"float16": 1e11},
                         "AI_CPU": {"float32": 1e9}}
  })");
}

TEST(DeviceProfileParse, GivenMinimalValidProfileThenParsed) {
  auto p = ParseDeviceProfile(Base().dump());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->name, "Test");
  EXPECT_EQ(p->memory_bytes, 1000u);
  EXPECT_EQ(p->kernel_floor_ns[2], 30);          // v1: launch overheads are the floors
  EXPECT_EQ(p->kernel_floor_ns[kMixFloor], 10);  // and MIX is AI_CORE's
  EXPECT_TRUE(p->compute_efficiency.empty());
  // "class" is optional.
  json doc = Base();
  doc.erase("class");
  EXPECT_TRUE(ParseDeviceProfile(doc.dump()).ok());
  // 1024 cores is the maximum.
  doc["vector_core_count"] = 1024;
  EXPECT_TRUE(ParseDeviceProfile(doc.dump()).ok());
}

void ExpectInvalid(const std::function<void(json&)>& mutate, const std::string& needle = "") {
  json doc = Base();
  mutate(doc);
  auto p = ParseDeviceProfile(doc.dump());
  EXPECT_EQ(p.status().code(), StatusCode::kInvalidArgument) << doc.dump();
  if (!needle.empty()) {
    EXPECT_THAT(p.status().message(), HasSubstr(needle)) << doc.dump();
  }
}

TEST(DeviceProfileParse, GivenCopyFieldsThenOptionalWithDefaultsAndRangeChecked) {
  auto p = ParseDeviceProfile(Base().dump());
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->host_link_bandwidth_bytes_per_s, 3.2e10);
  EXPECT_EQ(p->copy_overhead_ns, 2000);
  json doc = Base();
  doc["host_link_bandwidth_bytes_per_s"] = 2.5e10;
  doc["copy_overhead_ns"] = 0;
  p = ParseDeviceProfile(doc.dump());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->host_link_bandwidth_bytes_per_s, 2.5e10);
  EXPECT_EQ(p->copy_overhead_ns, 0);
  ExpectInvalid([](json& d) { d["host_link_bandwidth_bytes_per_s"] = 0; }, "host_link_bandwidth_bytes_per_s");
  ExpectInvalid([](json& d) { d["host_link_bandwidth_bytes_per_s"] = "fast"; }, "host_link_bandwidth_bytes_per_s");
  ExpectInvalid([](json& d) { d["copy_overhead_ns"] = -1; }, "copy_overhead_ns");
  ExpectInvalid([](json& d) { d["copy_overhead_ns"] = 1000000001; }, "copy_overhead_ns");
  ExpectInvalid([](json& d) { d["copy_overhead_ns"] = 1.5; }, "copy_overhead_ns");
}

TEST(DeviceProfileParse, GivenNotAJsonObjectThenInvalidParam) {
  EXPECT_EQ(ParseDeviceProfile("").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(ParseDeviceProfile("{").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(ParseDeviceProfile("[1]").status().code(), StatusCode::kInvalidArgument);
}

TEST(DeviceProfileParse, GivenBadStringFieldsThenInvalidParamNamingThem) {
  for (const char* key : {"name", "soc_name"}) {
    ExpectInvalid([&](json& d) { d.erase(key); }, key);
    ExpectInvalid([&](json& d) { d[key] = 1; }, key);
  }
}

TEST(DeviceProfileParse, GivenBadIntegerFieldsThenInvalidParamNamingThem) {
  for (const char* key : {"memory_bytes", "ai_core_count", "vector_core_count", "aicpu_count"}) {
    SCOPED_TRACE(key);
    ExpectInvalid([&](json& d) { d.erase(key); }, key);
    ExpectInvalid([&](json& d) { d[key] = 0; }, key);
    ExpectInvalid([&](json& d) { d[key] = -1; }, key);
    ExpectInvalid([&](json& d) { d[key] = 2.5; }, key);
    ExpectInvalid([&](json& d) { d[key] = "2"; }, key);
  }
}

TEST(DeviceProfileParse, GivenTooManyCoresThenInvalidParam) {
  for (const char* key : {"ai_core_count", "vector_core_count", "aicpu_count"}) {
    ExpectInvalid([&](json& d) { d[key] = 1025; }, "1024");
  }
}

// Ranges are checked on the 64-bit value: 2^32 + 5 cores must not be
// narrowed to 5 and accepted.
TEST(DeviceProfileParse, GivenIntegerAboveUint32ThenInvalidParamNotTruncated) {
  for (const char* key : {"ai_core_count", "vector_core_count", "aicpu_count"}) {
    SCOPED_TRACE(key);
    ExpectInvalid([&](json& d) { d[key] = (uint64_t{1} << 32) + 5; }, key);
    ExpectInvalid([&](json& d) { d[key] = UINT64_MAX; }, key);
  }
  ExpectInvalid([](json& d) { d["memory_bytes"] = (uint64_t{1} << 50) + 1; }, "memory_bytes");
  json doc = Base();
  doc["memory_bytes"] = uint64_t{1} << 50;
  EXPECT_TRUE(ParseDeviceProfile(doc.dump()).ok());
}

// Values that feed the virtual clock are bounded (runtime/time_limits.h):
// a tiny rate or a huge overhead would make durations overflow.
TEST(DeviceProfileParse, GivenRateOrOverheadOutsideTimeBoundsThenInvalidParam) {
  const char* bw = "memory_bandwidth_bytes_per_s";
  ExpectInvalid([&](json& d) { d[bw] = 1e-300; }, bw);
  ExpectInvalid([&](json& d) { d[bw] = 999.0; }, bw);
  ExpectInvalid([&](json& d) { d[bw] = 1e300; }, bw);
  ExpectInvalid([](json& d) { d["peak_flops_per_s"]["AI_CORE"]["float16"] = 1e-300; }, "'float16'");
  ExpectInvalid([](json& d) { d["peak_flops_per_s"]["AI_CPU"]["float32"] = 1e22; }, "'float32'");
  for (const char* engine : {"AI_CORE", "AI_VECTOR", "AI_CPU"}) {
    SCOPED_TRACE(engine);
    ExpectInvalid([&](json& d) { d["launch_overhead_ns"][engine] = INT64_MAX; }, engine);
    ExpectInvalid([&](json& d) { d["launch_overhead_ns"][engine] = 1000000001; }, engine);
  }
  json doc = Base();
  doc[bw] = 1e3;
  doc["launch_overhead_ns"]["AI_CORE"] = 1000000000;
  doc["peak_flops_per_s"]["AI_CORE"]["float16"] = 1e21;
  EXPECT_TRUE(ParseDeviceProfile(doc.dump()).ok());
}

json V2Base() {
  json doc = Base();
  doc["schema"] = "aclsim.device_profile.v2";
  doc.erase("launch_overhead_ns");
  doc["kernel_floor_ns"] = {{"AI_CORE", 1}, {"AI_VECTOR", 2}, {"AI_CPU", 3}, {"MIX", 4}};
  doc["compute_efficiency"] = {{"AI_CORE/float16", 0.5}, {"attention", 0.25}};
  doc["stream_efficiency"] = {{"elementwise", 1.1}};
  doc["fill_ns"] = {{"gemm", 700}};
  doc["core_bandwidth_bytes_per_s"] = 5e9;
  doc["l2_bytes"] = 4096;
  doc["l2_bandwidth_bytes_per_s"] = 1e10;
  return doc;
}

TEST(DeviceProfileParse, GivenV2ProfileThenCalibrationParsed) {
  auto p = ParseDeviceProfile(V2Base().dump());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->kernel_floor_ns[kMixFloor], 4);
  EXPECT_EQ(p->compute_efficiency.at("AI_CORE/float16"), 0.5);
  EXPECT_EQ(p->stream_efficiency.at("elementwise"), 1.1);
  EXPECT_EQ(p->fill_ns.at("gemm"), 700);
  EXPECT_EQ(p->core_bandwidth_bytes_per_s, 5e9);
  EXPECT_EQ(p->l2_bytes, 4096u);
}

TEST(DeviceProfileParse, GivenBadV2CalibrationThenInvalidParamNamingIt) {
  auto bad = [](auto edit, const char* what) {
    json d = V2Base();
    edit(d);
    auto r = ParseDeviceProfile(d.dump());
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument) << what;
    EXPECT_THAT(r.status().message(), HasSubstr(what));
  };
  bad([](json& d) { d["kernel_floor_ns"].erase("MIX"); }, "MIX");
  bad([](json& d) { d["compute_efficiency"]["gemm"] = 0; }, "gemm");
  bad([](json& d) { d["compute_efficiency"]["gemm"] = 4.5; }, "gemm");
  bad([](json& d) { d["stream_efficiency"]["gemm/float99"] = 0.5; }, "gemm/float99");
  bad([](json& d) { d["stream_efficiency"]["/float16"] = 0.5; }, "/float16");
  bad([](json& d) { d["fill_ns"]["gemm"] = -1; }, "gemm");
  bad([](json& d) { d["l2_bandwidth_bytes_per_s"] = 0; }, "l2_bandwidth_bytes_per_s");
  bad([](json& d) { d.erase("l2_bytes"); }, "l2_bytes");
  bad([](json& d) { d["core_bandwidth_bytes_per_s"] = 1; }, "core_bandwidth_bytes_per_s");
  bad([](json& d) { d["core_bandwidth_scale"] = 5; }, "core_bandwidth_scale");
  bad([](json& d) { d["schema"] = "aclsim.device_profile.v3"; }, "schema");
}

TEST(DeviceProfileParse, GivenBadBandwidthThenInvalidParam) {
  const char* key = "memory_bandwidth_bytes_per_s";
  ExpectInvalid([&](json& d) { d.erase(key); }, key);
  ExpectInvalid([&](json& d) { d[key] = 0; }, key);
  ExpectInvalid([&](json& d) { d[key] = -1e9; }, key);
  ExpectInvalid([&](json& d) { d[key] = "1e9"; }, key);
}

TEST(DeviceProfileParse, GivenBadLaunchOverheadThenInvalidParam) {
  ExpectInvalid([](json& d) { d.erase("launch_overhead_ns"); }, "launch_overhead_ns");
  ExpectInvalid([](json& d) { d["launch_overhead_ns"] = 5; }, "launch_overhead_ns");
  for (const char* engine : {"AI_CORE", "AI_VECTOR", "AI_CPU"}) {
    SCOPED_TRACE(engine);
    ExpectInvalid([&](json& d) { d["launch_overhead_ns"].erase(engine); }, engine);
    ExpectInvalid([&](json& d) { d["launch_overhead_ns"][engine] = -1; }, engine);
    ExpectInvalid([&](json& d) { d["launch_overhead_ns"][engine] = 1.5; }, engine);
    ExpectInvalid([&](json& d) { d["launch_overhead_ns"][engine] = "10"; }, engine);
  }
}

TEST(DeviceProfileParse, GivenBadPeakTableThenInvalidParam) {
  ExpectInvalid([](json& d) { d.erase("peak_flops_per_s"); }, "peak_flops_per_s");
  ExpectInvalid([](json& d) { d["peak_flops_per_s"] = json::array(); }, "peak_flops_per_s");
  for (const char* engine : {"AI_CORE", "AI_VECTOR", "AI_CPU"}) {
    SCOPED_TRACE(engine);
    ExpectInvalid([&](json& d) { d["peak_flops_per_s"].erase(engine); }, engine);
    ExpectInvalid([&](json& d) { d["peak_flops_per_s"][engine] = json::object(); }, engine);
    ExpectInvalid([&](json& d) { d["peak_flops_per_s"][engine] = 1e12; }, engine);
  }
  ExpectInvalid([](json& d) { d["peak_flops_per_s"]["AI_CORE"]["fp8"] = 1e12; }, "'fp8'");
  ExpectInvalid([](json& d) { d["peak_flops_per_s"]["AI_CORE"]["float16"] = 0; }, "'float16'");
  ExpectInvalid([](json& d) { d["peak_flops_per_s"]["AI_VECTOR"]["float16"] = -1; }, "'float16'");
  ExpectInvalid([](json& d) { d["peak_flops_per_s"]["AI_CPU"]["float32"] = "1e9"; }, "'float32'");
}

}  // namespace
}  // namespace aclsim::sim

namespace aclsim::sim {
namespace {

TEST(DeviceProfileParse, GivenMissingOrWrongSchemaTagThenInvalidParam) {
  auto base = BuiltinDeviceProfile("Ascend910B2");
  ASSERT_TRUE(base.ok());
  const std::string wrong = R"({"schema": "aclsim.device_profile.v3", "name": "X", "soc_name": "X"})";
  auto parsed = ParseDeviceProfile(wrong);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(parsed.status().message().find("schema"), std::string::npos);
  auto missing = ParseDeviceProfile(R"({"name": "X", "soc_name": "X"})");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace aclsim::sim
