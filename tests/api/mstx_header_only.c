/* A program that uses mstx as CANN's samples do: it includes
 * mstx/ms_tools_ext.h and links nothing of aclsim's (only libdl). The
 * header's functions load the tool named by MSTX_INJECTION_PATH on the
 * first call. Run by tests/api/CMakeLists.txt with one mode:
 *
 *   none                   no tool is found (the variable unset, naming a
 *                          missing file, or a library without
 *                          InitInjectionMstx): every call is a no-op with
 *                          the header's return values
 *   aclsim LIBASCENDCL DIR the variable names aclsim's tool (libascendcl.so,
 *                          or a library that depends on it): domains work
 *                          at once; marks and ranges land in a profiling
 *                          session with msproftx data, started through the
 *                          library the header loaded (dlsym, nothing linked)
 *   stub                   the variable names tests/api/mstx_stub_tool.c, a
 *                          tool written to the public protocol only
 *
 * Prints "<mode>: ok" and exits 0, or names the first failed check. */
#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "acl/acl_prof.h"
#include "acl/aclsim_ext.h"
#include "mstx/ms_tools_ext.h"

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

/* A function of |library| by name (the program links none of them). */
#define LOAD(library, name, fn)               \
  do {                                        \
    void* object_ = dlsym(library, #name);    \
    memcpy(&(fn), &object_, sizeof(object_)); \
    CHECK((fn) != NULL);                      \
  } while (0)

static int NoTool(void) {
  uint64_t tool = 77;
  mstxMarkA("mark", NULL);
  CHECK(mstxRangeStartA("range", NULL) == MSTX_INVALID_ID);
  mstxRangeEnd(1);
  mstxGetToolId(&tool);
  CHECK(tool == MSTX_TOOL_INVALID_ID);
  mstxGetToolId(NULL);
  CHECK(mstxDomainCreateA("domain") == NULL);
  mstxDomainMarkA(NULL, "mark", NULL);
  CHECK(mstxDomainRangeStartA(NULL, "range", NULL) == MSTX_INVALID_ID);
  mstxDomainRangeEnd(NULL, 1);
  mstxDomainDestroy(NULL);
  CHECK(mstxMemHeapRegister(NULL, NULL) == NULL);
  mstxMemHeapUnregister(NULL, NULL);
  mstxMemRegionsRegister(NULL, NULL);
  mstxMemRegionsUnregister(NULL, NULL);
  mstxMemPermissionsAssign(NULL, NULL);
  return failures;
}

static int Aclsim(const char* libascendcl, const char* dir) {
  aclError (*init)(const char*);
  aclError (*set_device)(int32_t);
  aclError (*create_stream)(aclrtStream*);
  aclError (*synchronize)(aclrtStream);
  aclError (*destroy_stream)(aclrtStream);
  aclError (*reset_device)(int32_t);
  aclError (*finalize)(void);
  aclError (*prof_init)(const char*, size_t);
  aclprofConfig* (*create_config)(uint32_t*, uint32_t, aclprofAicoreMetrics, const aclprofAicoreEvents*, uint64_t);
  aclError (*prof_start)(const aclprofConfig*);
  aclError (*prof_stop)(const aclprofConfig*);
  aclError (*destroy_config)(const aclprofConfig*);
  aclError (*prof_finalize)(void);
  aclError (*mstx_stats)(aclsimMstxStats*);
  uint32_t devices[1] = {0};
  aclrtStream stream = NULL;
  aclprofConfig* config;
  aclsimMstxStats stats;
  mstxDomainHandle_t domain;
  mstxRangeId first;
  mstxRangeId second;
  uint64_t tool = 77;
  void* acl;

  /* Nothing of aclsim's is loaded until the first mstx call loads the tool. */
  CHECK(dlopen(libascendcl, RTLD_LAZY | RTLD_NOLOAD) == NULL);
  domain = mstxDomainCreateA("communication");
  CHECK(domain != NULL);
  acl = dlopen(libascendcl, RTLD_LAZY | RTLD_NOLOAD);
  CHECK(acl != NULL);
  if (acl == NULL) return failures;
  CHECK(mstxDomainCreateA("communication") == domain);
  CHECK(mstxDomainCreateA("default") == NULL);
  mstxGetToolId(&tool);
  CHECK(tool == MSTX_TOOL_INVALID_ID); /* no collection yet */
  CHECK(mstxRangeStartA("before the session", NULL) == MSTX_INVALID_ID);

  LOAD(acl, aclInit, init);
  LOAD(acl, aclrtSetDevice, set_device);
  LOAD(acl, aclrtCreateStream, create_stream);
  LOAD(acl, aclrtSynchronizeStream, synchronize);
  LOAD(acl, aclrtDestroyStream, destroy_stream);
  LOAD(acl, aclrtResetDevice, reset_device);
  LOAD(acl, aclFinalize, finalize);
  LOAD(acl, aclprofInit, prof_init);
  LOAD(acl, aclprofCreateConfig, create_config);
  LOAD(acl, aclprofStart, prof_start);
  LOAD(acl, aclprofStop, prof_stop);
  LOAD(acl, aclprofDestroyConfig, destroy_config);
  LOAD(acl, aclprofFinalize, prof_finalize);
  LOAD(acl, aclsimGetMstxStats, mstx_stats);
  if (failures != 0) return failures;

  mkdir(dir, 0750);
  CHECK(init(NULL) == ACL_SUCCESS);
  CHECK(set_device(0) == ACL_SUCCESS);
  CHECK(create_stream(&stream) == ACL_SUCCESS);
  CHECK(prof_init(dir, strlen(dir)) == ACL_SUCCESS);
  config = create_config(devices, 1, ACL_AICORE_NONE, NULL, ACL_PROF_MSPROFTX | ACL_PROF_TASK_TIME);
  CHECK(config != NULL);
  CHECK(prof_start(config) == ACL_SUCCESS);

  mstxGetToolId(&tool);
  CHECK(tool == MSTX_TOOL_MSPROF_ID);
  mstxMarkA("host mark", NULL);
  first = mstxRangeStartA("stream range", stream);
  CHECK(first != MSTX_INVALID_ID);
  mstxRangeEnd(first);
  mstxDomainMarkA(domain, "domain mark", NULL);
  second = mstxDomainRangeStartA(domain, "domain range", NULL);
  CHECK(second != MSTX_INVALID_ID && second != first);
  mstxDomainRangeEnd(domain, second);
  mstxDomainDestroy(domain);
  mstxDomainMarkA(domain, "after destroy", NULL); /* not recorded */
  CHECK(mstxDomainRangeStartA(domain, "after destroy", NULL) == MSTX_INVALID_ID);
  CHECK(mstxMemHeapRegister(NULL, NULL) == NULL); /* not supported: a warning, nothing recorded */
  CHECK(synchronize(stream) == ACL_SUCCESS);

  CHECK(prof_stop(config) == ACL_SUCCESS);
  memset(&stats, 0, sizeof(stats));
  CHECK(mstx_stats(&stats) == ACL_SUCCESS);
  CHECK(stats.marks == 2);
  CHECK(stats.ranges == 2);
  CHECK(stats.refused == 0);
  CHECK(stats.unfinished == 0);
  CHECK(stats.unmatchedEnds == 0);
  CHECK(destroy_config(config) == ACL_SUCCESS);
  CHECK(prof_finalize() == ACL_SUCCESS);
  mstxGetToolId(&tool);
  CHECK(tool == MSTX_TOOL_INVALID_ID);
  CHECK(destroy_stream(stream) == ACL_SUCCESS);
  CHECK(reset_device(0) == ACL_SUCCESS);
  CHECK(finalize() == ACL_SUCCESS);
  return failures;
}

/* The stub tool's answers (tests/api/mstx_stub_tool.c). */
static int Stub(void) {
  uint64_t tool = 0;
  mstxDomainHandle_t domain;
  int (*calls)(void);
  void* stub;
  mstxMarkA("one", NULL);
  mstxMarkA("two", NULL);
  CHECK(mstxRangeStartA("range", NULL) == 4242);
  mstxRangeEnd(4242);
  mstxGetToolId(&tool);
  CHECK(tool == MSTX_TOOL_MSLEAKS_ID);
  domain = mstxDomainCreateA("stub domain");
  CHECK(domain == (mstxDomainHandle_t)(uintptr_t)0x51ab);
  CHECK(mstxDomainRangeStartA(domain, "range", NULL) == 4343);
  mstxDomainRangeEnd(domain, 4343);
  mstxDomainMarkA(domain, "mark", NULL);
  mstxDomainDestroy(domain);
  /* The stub fills no memory slots: those calls stay no-ops. */
  CHECK(mstxMemHeapRegister(domain, NULL) == NULL);
  mstxMemPermissionsAssign(domain, NULL);
  stub = dlopen(getenv("MSTX_INJECTION_PATH"), RTLD_LAZY | RTLD_NOLOAD);
  CHECK(stub != NULL);
  if (stub == NULL) return failures;
  LOAD(stub, mstxStubCalls, calls);
  /* 2 marks, 1 range start, 1 end, 1 tool id, create, domain start, end, mark, destroy */
  if (calls != NULL) CHECK(calls() == 10);
  return failures;
}

int main(int argc, char** argv) {
  int failed = 1;
  if (argc == 2 && strcmp(argv[1], "none") == 0) {
    failed = NoTool();
  } else if (argc == 4 && strcmp(argv[1], "aclsim") == 0) {
    failed = Aclsim(argv[2], argv[3]);
  } else if (argc == 2 && strcmp(argv[1], "stub") == 0) {
    failed = Stub();
  } else {
    fprintf(stderr, "usage: %s none | aclsim LIBASCENDCL DIR | stub\n", argv[0]);
    return 2;
  }
  if (failed == 0) printf("%s: ok\n", argv[1]);
  return failed == 0 ? 0 : 1;
}
