// How a companion library (libmsprofiler.so, libprofapi.so) takes the table
// of entry points that libascendcl.so exports for it: the table must exist
// and be at least as large as the companion was built for (|struct_size|
// first, entries only appended). A missing or short table is reported once
// on stderr; the companion's functions then return their failure values.
#ifndef ACLSIM_API_SRC_COMPANION_TABLE_H_
#define ACLSIM_API_SRC_COMPANION_TABLE_H_

#include <cstdint>
#include <cstdio>

#include "api/src/internal_entry_points.h"  // the table getters

namespace aclsim::api {

// |raw| is what libascendcl.so's aclsimInternalGet…Api(|version|) returned.
template <typename Table>
const Table* CheckedTable(const void* raw, uint32_t version, const char* library, const char* table) {
  const auto* t = static_cast<const Table*>(raw);
  if (t == nullptr || t->struct_size < sizeof(Table)) {
    std::fprintf(stderr, "[aclsim][ERROR] %s: libascendcl.so does not provide %s table v%u\n", library, table, version);
    return nullptr;
  }
  return t;
}

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_COMPANION_TABLE_H_
