/* <aclsim/backend_c_api.h> is plain C: this file compiles it as C11 (its
 * layout _Static_asserts included) and as C99 (without them), and reports
 * the sizes a C compiler sees so the test can compare them with C++'s. */
#include <stddef.h>

#include "aclsim/backend_c_api.h"

size_t aclsim_c_completion_size(void) { return ACLSIM_BACKEND_COMPLETION_STRUCT_SIZE; }
size_t aclsim_c_api_size(void) { return ACLSIM_BACKEND_API_STRUCT_SIZE; }
size_t aclsim_c_device_info_offset(void) { return offsetof(aclsimBackendDeviceInfo, memory_bytes); }
