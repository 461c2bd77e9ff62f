// aclsimInternalResolveFunction: the functions libascendcl.so hands to the
// libraries CANN splits the API into (api/libs/, docs/libraries.md), by
// name. The table is generated (api/src/generated/resolve_table.inc, in name
// order); libascendcl.so links with -Bsymbolic-functions, so each address is
// this library's own implementation even when a forwarding library that
// exports the same name comes first in the process's lookup order.
#include <cstring>
#include <iterator>

#include "api/src/edge.h"
#include "api/src/generated/resolve_headers.h"
#include "api/src/internal_entry_points.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

struct Entry {
  const char* name;
  const void* fn;
};

const Entry kTable[] = {
#define ACLSIM_RESOLVE(name) {#name, reinterpret_cast<const void*>(&name)},
#include "api/src/generated/resolve_table.inc"
#undef ACLSIM_RESOLVE
    {"aclsimInternalAppLogV", reinterpret_cast<const void*>(&aclsimInternalAppLogV)},
};

}  // namespace

ACL_FUNC_VISIBILITY const void* aclsimInternalResolveFunction(const char* name) try {
  if (name == nullptr) return nullptr;
  for (const Entry& e : kTable) {
    if (std::strcmp(e.name, name) == 0) return e.fn;
  }
  return nullptr;
}
ACLSIM_EDGE_CATCH_RETURN(nullptr)
