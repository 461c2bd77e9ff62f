// The table of mstx entry points that libascendcl.so hands to
// libms_tools_ext.so (mstx/ms_tools_ext.h). The markers join the one
// runtime's profiling session; libms_tools_ext.so keeps only the domain
// handles and forwards each call by the domain's name.
//
// Compatibility: |struct_size| first, entries only appended; the version
// changes when an entry's signature changes.
#ifndef ACLSIM_API_SRC_MSTX_API_H_
#define ACLSIM_API_SRC_MSTX_API_H_

#include <cstdint>

namespace aclsim::api {

inline constexpr uint32_t kMstxApiVersion = 1;

struct MstxApi {
  uint32_t struct_size;
  uint32_t version;
  // True while a collection records mstx events; every other entry may be
  // skipped while it is false. Lock-free, callable from any thread.
  bool (*active)();
  void (*mark)(const char* domain, const char* message, void* stream);
  uint64_t (*range_start)(const char* domain, const char* message, void* stream);
  void (*range_end)(const char* domain, uint64_t id);
  // Writes a warning line to the runtime's log.
  void (*warn)(const char* message);
};

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_MSTX_API_H_
