// The dump state's hooks into aclInit and aclFinalize (api/src/acl_dump.cc).
#ifndef ACLSIM_API_SRC_DUMP_STATE_H_
#define ACLSIM_API_SRC_DUMP_STATE_H_

#include "acl/acl_base.h"

namespace aclsim::api {

// Checks the "dump" section of aclInit's configuration file (an unreadable
// file or one that is not JSON is aclInit's own error to report): a section
// that breaks CANN's rules → ACL_ERROR_INVALID_DUMP_CONFIG with a message.
// With |apply|, an enabled dump configuration becomes the process's.
aclError ApplyInitDumpConfig(const char* config_path, bool apply);
// aclFinalize: dump configuration, callback and op-argument recording end.
void ResetDumpState();

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_DUMP_STATE_H_
