// The table of Msprof* reporter entry points that libascendcl.so hands to
// libprofapi.so (profiling/aprof_pub.h). As with the aclprof* table
// (prof_api.h), the state is libascendcl.so's; libprofapi.so only forwards.
//
// Compatibility: |struct_size| first, entries only appended; the version
// changes when an entry's signature changes.
#ifndef ACLSIM_API_SRC_REPORTER_API_H_
#define ACLSIM_API_SRC_REPORTER_API_H_

#include <cstddef>
#include <cstdint>

#include "profiling/aprof_pub.h"

namespace aclsim::api {

inline constexpr uint32_t kReporterApiVersion = 1;

struct ReporterApi {
  uint32_t struct_size;
  uint32_t version;
  int32_t (*set_device_id_by_model)(uint32_t model_id, uint32_t device_id);
  int32_t (*unset_device_id_by_model)(uint32_t model_id, uint32_t device_id);
  int32_t (*register_callback)(uint32_t module_id, ProfCommandHandle handle);
  int32_t (*report_api)(uint32_t flag, const MsprofApi* api);
  int32_t (*report_compact_info)(uint32_t flag, const void* data, uint32_t length);
  int32_t (*report_additional_info)(uint32_t flag, const void* data, uint32_t length);
  int32_t (*reg_type_info)(uint16_t level, uint32_t type, const char* name);
  uint64_t (*sys_cycle_time)();
  uint64_t (*get_hash_id)(const char* hash_info, size_t length);
};

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_REPORTER_API_H_
