// What the files of libmspti.so share: libascendcl.so's MSPTI table
// (api/src/mspti_api.h), fetched and checked once.
#ifndef ACLSIM_API_MSPTI_MSPTI_TABLE_H_
#define ACLSIM_API_MSPTI_MSPTI_TABLE_H_

#include <cstdint>

#include "api/src/mspti_api.h"
#include "mspti/mspti.h"

namespace aclsim::mspti_lib {

// The table, or nullptr when libascendcl.so gives none (logged once).
const api::MsptiApi* Table();

inline msptiResult R(int32_t code) { return static_cast<msptiResult>(code); }

inline bool ValidKind(msptiActivityKind kind) {
  return kind > MSPTI_ACTIVITY_KIND_INVALID && kind < MSPTI_ACTIVITY_KIND_COUNT;
}

}  // namespace aclsim::mspti_lib

#endif  // ACLSIM_API_MSPTI_MSPTI_TABLE_H_
