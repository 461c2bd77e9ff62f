// The table of MSPTI entry points that libascendcl.so hands to libmspti.so
// (mspti/mspti.h). MSPTI's state lives in libascendcl.so
// (runtime/prof/mspti_collector.h), beside the runtime that produces its
// records; libmspti.so checks arguments the table does not need and walks
// record buffers itself.
//
// Compatibility: |struct_size| first, entries only appended; the version
// changes when an entry's signature changes.
#ifndef ACLSIM_API_SRC_MSPTI_API_H_
#define ACLSIM_API_SRC_MSPTI_API_H_

#include <cstddef>
#include <cstdint>

namespace aclsim::api {

inline constexpr uint32_t kMsptiApiVersion = 1;

struct MsptiApi {
  uint32_t struct_size;
  uint32_t version;
  // Each returns an msptiResult.
  int32_t (*register_callbacks)(void (*request)(uint8_t**, size_t*, size_t*),
                                void (*complete)(uint8_t*, size_t, size_t));
  int32_t (*set_kind_enabled)(uint32_t kind, bool on);
  bool (*kind_enabled)(uint32_t kind);
  int32_t (*set_marker_domain_enabled)(const char* name, bool on);
  int32_t (*flush_all)();
  int32_t (*flush_period)(uint32_t ms);
  int32_t (*push_external)(uint32_t kind, uint64_t id);
  int32_t (*pop_external)(uint32_t kind, uint64_t* last_id);
  int32_t (*subscribe)(void** handle, void (*callback)(void*, uint32_t, uint32_t, const void*), void* userdata);
  int32_t (*unsubscribe)(void* handle);
  int32_t (*enable_callback)(uint32_t enable, void* handle, uint32_t domain, uint32_t cbid);
  int32_t (*enable_domain)(uint32_t enable, void* handle, uint32_t domain);
  // Appended with the newer MSPTI API.
  int32_t (*take_dropped)(uint64_t* dropped);  // records lost since the last call
  int32_t (*timestamp)(uint64_t* ns);          // now on the records' time base
  int32_t (*set_timestamp_callback)(uint64_t (*callback)());
  uint64_t (*(*timestamp_callback)())();  // the registered one, or NULL
  int32_t (*callback_state)(void* handle, uint32_t domain, uint32_t cbid, uint32_t* enable);
  bool (*subscribed)();
};

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_MSPTI_API_H_
