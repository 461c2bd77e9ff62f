// libms_tools_ext.so: the mstx functions of mstx/ms_tools_ext.h and
// ms_tools_ext_mem.h as exported symbols, for programs that link or
// dlopen() the library (frameworks take mstxMarkA and the others from it by
// name) instead of including the header. CANN ships this library beside the
// header-only API (Ascend msTX: c/ms_tools_ext.cpp, ${INSTALL_DIR}/lib64/).
//
// It is the header's implementation itself, compiled with exported
// definitions: the library loads the tool exactly as a program's inline
// functions do (MSTX_INJECTION_PATH, else InitInjectionMstx in the global
// scope, which libascendcl.so provides) and links nothing of aclsim's, so
// linking it beside any other aclsim library defines nothing twice.
#define MSTX_DECLSPEC __attribute__((visibility("default")))
#include "mstx/ms_tools_ext.h"
