// The Msprof* reporter API (profiling/aprof_pub.h) inside libascendcl.so:
// the implementations behind the table that libprofapi.so forwards to, so
// reported records and registrations live in the one runtime (spec §0).
// Codes are CANN profapi's (hicann/runtime src/dfx/msprof/collector/dvvp/
// profapi/src/prof_impl_inner_api.cpp and common/queue/report_buffer.h):
// NULL → -1 (PROFILING_FAILED), no collecting session →
// MSPROF_ERROR_UNINITIALIZE, accepted → MSPROF_ERROR_NONE.
#include <ctime>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "acl/aclsim_ext.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/global.h"
#include "api/src/internal_entry_points.h"
#include "api/src/reporter_api.h"
#include "runtime/prof/msproftx.h"
#include "runtime/prof/session_data.h"

namespace {

constexpr int32_t kFailed = -1;

static_assert(sizeof(MsprofApi) == 40, "aprof_pub.h layout");
static_assert(sizeof(MsprofCompactInfo) == 64, "aprof_pub.h layout");
static_assert(sizeof(MsprofAdditionalInfo) == 256, "aprof_pub.h layout");

int32_t Fail(const char* function, const std::string& what) {
  aclsim::api::SetError(ACL_ERROR_INVALID_PARAM, std::string(function) + ": " + what);
  return kFailed;
}

// msprof's names of the report levels (the Level column of api_statistic).
std::string LevelName(uint16_t level) {
  switch (level) {
    case MSPROF_REPORT_PYTORCH_LEVEL: return "pytorch";
    case MSPROF_REPORT_PTA_LEVEL: return "pta";
    case MSPROF_REPORT_TX_LEVEL: return "msproftx";
    case MSPROF_REPORT_ACL_LEVEL: return "AscendCL";
    case MSPROF_REPORT_MODEL_LEVEL: return "model";
    case MSPROF_REPORT_NODE_LEVEL: return "node";
    case MSPROF_REPORT_AICPU_LEVEL: return "aicpu";
    case MSPROF_REPORT_HCCL_NODE_LEVEL: return "hccl";
    case MSPROF_REPORT_RUNTIME_LEVEL: return "runtime";
    default: return std::to_string(level);
  }
}

int32_t SetDeviceIdByModel(uint32_t model_id, uint32_t device_id) noexcept try {
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) return Fail("MsprofSetDeviceIdByGeModelIdx", rt.status().message());
  (void)(*rt)->profiler().RegisterModelDevice(model_id, device_id);
  return MSPROF_ERROR_NONE;
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofSetDeviceIdByGeModelIdx", kFailed);
}

int32_t UnsetDeviceIdByModel(uint32_t model_id, uint32_t device_id) noexcept try {
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) return Fail("MsprofUnsetDeviceIdByGeModelIdx", rt.status().message());
  aclsim::Status s = (*rt)->profiler().UnregisterModelDevice(model_id, device_id);
  return s.ok() ? MSPROF_ERROR_NONE : Fail("MsprofUnsetDeviceIdByGeModelIdx", s.message());
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofUnsetDeviceIdByGeModelIdx", kFailed);
}

// Process-wide, one set per module as CANN's ProfModuleReprotMgr keeps them
// (a repeated registration is accepted once); never called back (header).
std::mutex g_callback_mu;
std::map<uint32_t, std::set<ProfCommandHandle>> g_callbacks;

int32_t RegisterCallback(uint32_t module_id, ProfCommandHandle handle) noexcept try {
  if (handle == nullptr) return Fail("MsprofRegisterCallback", "handle is NULL");
  std::lock_guard<std::mutex> lock(g_callback_mu);
  g_callbacks[module_id].insert(handle);
  return MSPROF_ERROR_NONE;
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofRegisterCallback", kFailed);
}

int32_t ReportApi(uint32_t /*flag*/, const MsprofApi* api) noexcept try {
  if (api == nullptr) return Fail("MsprofReportApi", "api is NULL");
  if (!aclsim::runtime::Profiler::ApiTraceOn()) return MSPROF_ERROR_UNINITIALIZE;
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) return MSPROF_ERROR_UNINITIALIZE;
  aclsim::prof::ApiRecord record;
  record.level = LevelName(api->level);
  record.name = (*rt)->profiler().ApiTypeName(api->level, api->type);
  record.start_ns = static_cast<int64_t>(api->beginTime);
  record.end_ns = static_cast<int64_t>(api->endTime);
  record.tid = api->threadId;
  (*rt)->profiler().RecordApi(std::move(record));
  return MSPROF_ERROR_NONE;
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofReportApi", kFailed);
}

int32_t CheckRecord(const char* function, const void* data, uint32_t length, size_t size) {
  if (data == nullptr) return Fail(function, "data is NULL");
  if (length != size) return Fail(function, "length " + std::to_string(length) + " is not " + std::to_string(size));
  return aclsim::runtime::Profiler::ApiTraceOn() ? MSPROF_ERROR_NONE : MSPROF_ERROR_UNINITIALIZE;
}

int32_t ReportCompactInfo(uint32_t /*flag*/, const void* data, uint32_t length) noexcept try {
  return CheckRecord("MsprofReportCompactInfo", data, length, sizeof(MsprofCompactInfo));
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofReportCompactInfo", kFailed);
}

int32_t ReportAdditionalInfo(uint32_t /*flag*/, const void* data, uint32_t length) noexcept try {
  return CheckRecord("MsprofReportAdditionalInfo", data, length, sizeof(MsprofAdditionalInfo));
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofReportAdditionalInfo", kFailed);
}

int32_t RegTypeInfo(uint16_t level, uint32_t type, const char* name) noexcept try {
  if (name == nullptr) return Fail("MsprofRegTypeInfo", "typeName is NULL");
  auto rt = aclsim::api::GetRuntime();
  if (!rt.ok()) return Fail("MsprofRegTypeInfo", rt.status().message());
  (*rt)->profiler().SetApiTypeName(level, type, name);
  return MSPROF_ERROR_NONE;
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofRegTypeInfo", kFailed);
}

uint64_t SysCycleTime() noexcept try {
  auto rt = aclsim::api::GetRuntime();
  if (rt.ok()) return static_cast<uint64_t>((*rt)->profiler().HostNowNs());
  timespec now{};
  (void)clock_gettime(CLOCK_MONOTONIC_RAW, &now);
  return static_cast<uint64_t>(now.tv_sec) * 1000000000ULL + static_cast<uint64_t>(now.tv_nsec);
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofSysCycleTime", uint64_t{0});
}

uint64_t GetHashId(const char* hash_info, size_t length) noexcept try {
  if (hash_info == nullptr || length == 0) return UINT64_MAX;
  return aclsim::prof::DoubleHash(std::string_view(hash_info, length));
} catch (...) {
  return aclsim::api::FailureAtEdge("MsprofGetHashId", UINT64_MAX);
}

const aclsim::api::ReporterApi kReporterApi = {
    sizeof(aclsim::api::ReporterApi),
    aclsim::api::kReporterApiVersion,
    &SetDeviceIdByModel,
    &UnsetDeviceIdByModel,
    &RegisterCallback,
    &ReportApi,
    &ReportCompactInfo,
    &ReportAdditionalInfo,
    &RegTypeInfo,
    &SysCycleTime,
    &GetHashId,
};

}  // namespace

extern "C" {

// Also exported by libascendcl.so itself (profiling/aprof_pub.h says why).
MSVP_PROF_API uint64_t MsprofGetHashId(const char* hashInfo, size_t length) try { return GetHashId(hashInfo, length); }
ACLSIM_EDGE_CATCH_RETURN(UINT64_MAX)

MSVP_PROF_API uint64_t MsprofStr2Id(const char* hashInfo, size_t length) try { return GetHashId(hashInfo, length); }
ACLSIM_EDGE_CATCH_RETURN(UINT64_MAX)

ACL_FUNC_VISIBILITY const void* aclsimInternalGetReporterApi(uint32_t version) try {
  return version == aclsim::api::kReporterApiVersion ? &kReporterApi : nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)

}  // extern "C"
