// libprofapi.so: the Msprof* reporter API (profiling/aprof_pub.h). Each
// function forwards to libascendcl.so through the table it exports
// (reporter_api.h), so registrations and reported records join the one
// runtime that aclprof* uses. If the table is missing (mismatched
// libraries), every call fails with -1 (MsprofSysCycleTime with 0).
#include <cstdio>

#include "acl/aclsim_ext.h"
#include "api/src/companion_table.h"
#include "api/src/reporter_api.h"

namespace {

constexpr int32_t kFailed = -1;

const aclsim::api::ReporterApi* Table() {
  static const aclsim::api::ReporterApi* table = aclsim::api::CheckedTable<aclsim::api::ReporterApi>(
      aclsimInternalGetReporterApi(aclsim::api::kReporterApiVersion), aclsim::api::kReporterApiVersion, "libprofapi.so",
      "reporter");
  return table;
}

}  // namespace

extern "C" {

MSVP_PROF_API int32_t MsprofSetDeviceIdByGeModelIdx(const uint32_t geModelIdx, const uint32_t deviceId) {
  const auto* t = Table();
  return t == nullptr ? kFailed : t->set_device_id_by_model(geModelIdx, deviceId);
}

MSVP_PROF_API int32_t MsprofUnsetDeviceIdByGeModelIdx(const uint32_t geModelIdx, const uint32_t deviceId) {
  const auto* t = Table();
  return t == nullptr ? kFailed : t->unset_device_id_by_model(geModelIdx, deviceId);
}

MSVP_PROF_API int32_t MsprofRegisterCallback(uint32_t moduleId, ProfCommandHandle handle) {
  const auto* t = Table();
  return t == nullptr ? kFailed : t->register_callback(moduleId, handle);
}

MSVP_PROF_API int32_t MsprofReportApi(uint32_t nonPersistantFlag, const struct MsprofApi* api) {
  const auto* t = Table();
  return t == nullptr ? kFailed : t->report_api(nonPersistantFlag, api);
}

MSVP_PROF_API uint64_t MsprofGetHashId(const char* hashInfo, size_t length) {
  const auto* t = Table();
  return t == nullptr ? UINT64_MAX : t->get_hash_id(hashInfo, length);
}

MSVP_PROF_API uint64_t MsprofStr2Id(const char* hashInfo, size_t length) {
  const auto* t = Table();
  return t == nullptr ? UINT64_MAX : t->get_hash_id(hashInfo, length);
}

MSVP_PROF_API int32_t MsprofInit(uint32_t /*dataType*/, void* /*data*/, uint32_t /*dataLen*/) {
  std::fprintf(stderr,
               "[aclsim][ERROR] MsprofInit is not supported by aclsim (the runtime reads aclInit's \"profiler\" "
               "section and PROFILER_SAMPLECONFIG itself)\n");
  return MSPROF_ERROR_NOT_SUPPORTED_ACLSIM;
}

MSVP_PROF_API int32_t MsprofFinalize(void) {
  std::fprintf(stderr, "[aclsim][ERROR] MsprofFinalize is not supported by aclsim\n");
  return MSPROF_ERROR_NOT_SUPPORTED_ACLSIM;
}

MSVP_PROF_API int32_t MsprofReportEvent(uint32_t /*nonPersistantFlag*/, const struct MsprofEvent* /*event*/) {
  std::fprintf(stderr, "[aclsim][ERROR] MsprofReportEvent is not supported by aclsim\n");
  return MSPROF_ERROR_NOT_SUPPORTED_ACLSIM;
}

MSVP_PROF_API int32_t MsprofReportCompactInfo(uint32_t nonPersistantFlag, const VOID_PTR data, uint32_t length) {
  const auto* t = Table();
  return t == nullptr ? kFailed : t->report_compact_info(nonPersistantFlag, data, length);
}

MSVP_PROF_API int32_t MsprofReportAdditionalInfo(uint32_t nonPersistantFlag, const VOID_PTR data, uint32_t length) {
  const auto* t = Table();
  return t == nullptr ? kFailed : t->report_additional_info(nonPersistantFlag, data, length);
}

MSVP_PROF_API int32_t MsprofRegTypeInfo(uint16_t level, uint32_t typeId, const char* typeName) {
  const auto* t = Table();
  return t == nullptr ? kFailed : t->reg_type_info(level, typeId, typeName);
}

MSVP_PROF_API uint64_t MsprofSysCycleTime(void) {
  const auto* t = Table();
  return t == nullptr ? 0 : t->sys_cycle_time();
}

}  // extern "C"
