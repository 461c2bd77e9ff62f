/*
 * aclsim - clean-room mstx marker API (mstx/ms_tools_ext.h), header-only.
 *
 * Names, values, prototypes and the tool-loading protocol follow the public
 * mstx API (Ascend msTX, c/include/mstx/ms_tools_ext.h and mstx_detail/;
 * docs/profiling.md cites them), so programs, frameworks and tools written for
 * it compile and run unchanged.
 *
 * Every function is defined here, static inline: a program links nothing
 * for mstx (only libdl, for dlopen). The first call of any of them loads
 * the tool, once per executable or shared object:
 *   - the library named by the environment variable MSTX_INJECTION_PATH is
 *     dlopen()ed (RTLD_LAZY | RTLD_LOCAL) and its InitInjectionMstx looked up
 *     in it (and in the libraries it depends on);
 *   - when the variable is unset, or that dlopen fails, InitInjectionMstx is
 *     looked up in the process's global scope (dlsym with a NULL handle):
 *     the program, the libraries it links and those loaded RTLD_GLOBAL;
 *   - InitInjectionMstx(getFuncTable) fills the function slots it wants,
 *     module by module (mstxFuncModule; the ids of mstxImpl*FuncId), and
 *     returns MSTX_SUCCESS. If it fails, or none is found, every function
 *     stays a no-op for the life of the process.
 * A call whose slot is empty does nothing: range starts return 0
 * (MSTX_INVALID_ID), mstxDomainCreateA and mstxMemHeapRegister NULL,
 * mstxGetToolId writes MSTX_TOOL_INVALID_ID.
 *
 * aclsim's tool is libascendcl.so: it exports InitInjectionMstx, so a
 * program that links any aclsim library finds it without the variable, and
 * its markers and ranges are recorded while a collection with msproftx data
 * (ACL_PROF_MSPROFTX) runs, and by MSPTI's MARKER kind. A NULL stream gives
 * a host-only event; a stream also places a marker task on that stream.
 *
 * Macros the includer may define first:
 *   MSTX_NO_IMPL   declarations only (link libms_tools_ext.so, which
 *                  exports the same functions, loading the tool the same way)
 *   MSTX_DISABLE   every function compiles to nothing and loads nothing
 */
#ifndef INC_EXTERNAL_MSTX_MS_TOOLS_EXT_H_
#define INC_EXTERNAL_MSTX_MS_TOOLS_EXT_H_

#include <stddef.h>
#include <stdint.h>
/* What msTX's header makes visible through its inline implementation
 * (mstx_detail/mstx_impl.h), which aclsim does not ship. */
#include <dlfcn.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include "acl/acl_base.h"

#ifndef MSTX_DECLSPEC
#ifdef MSTX_NO_IMPL
#define MSTX_DECLSPEC
#else
#define MSTX_DECLSPEC static inline
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define MSTX_SUCCESS 0
#define MSTX_FAIL 1

/* The range id that no range has: returned when nothing was started. */
#define MSTX_INVALID_ID 0

/* Tool ids reported by mstxGetToolId. */
#define MSTX_TOOL_INVALID_ID 0x0
#define MSTX_TOOL_MSPROF_ID 0x1000
#define MSTX_TOOL_MSOPPROF_ID 0x1001
#define MSTX_TOOL_MSSANITIZER_ID 0x1002
#define MSTX_TOOL_MSLEAKS_ID 0x1003

typedef uint64_t mstxRangeId;

/* A named group of markers. NULL is the default domain ("default"). */
struct mstxDomainRegistration_st;
typedef struct mstxDomainRegistration_st mstxDomainRegistration_t;
typedef mstxDomainRegistration_t* mstxDomainHandle_t;

/* An instantaneous marker: |message| non-NULL, non-empty. */
MSTX_DECLSPEC void mstxMarkA(const char* message, aclrtStream stream);

/* Opens a range and returns its id (MSTX_INVALID_ID when nothing is
 * recorded). A range may be ended on any thread. */
MSTX_DECLSPEC mstxRangeId mstxRangeStartA(const char* message, aclrtStream stream);

/* Closes range |id|; MSTX_INVALID_ID and unknown ids are ignored. */
MSTX_DECLSPEC void mstxRangeEnd(mstxRangeId id);

/* The domain named |name| (at most 1023 bytes, not "default"), created on
 * first use: the same name gives the same handle until it is destroyed.
 * NULL on a bad name, and when no tool is loaded. */
MSTX_DECLSPEC mstxDomainHandle_t mstxDomainCreateA(const char* name);

/* Destroys |domain|; later calls with it do nothing. */
MSTX_DECLSPEC void mstxDomainDestroy(mstxDomainHandle_t domain);

MSTX_DECLSPEC void mstxDomainMarkA(mstxDomainHandle_t domain, const char* message, aclrtStream stream);

MSTX_DECLSPEC mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain, const char* message, aclrtStream stream);

MSTX_DECLSPEC void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id);

/* The id of the tool collecting markers (aclsim: MSTX_TOOL_MSPROF_ID while
 * a collection with msproftx data runs, else MSTX_TOOL_INVALID_ID). NULL id
 * does nothing. */
MSTX_DECLSPEC void mstxGetToolId(uint64_t* id);

#ifdef __cplusplus
}
#endif

#include "mstx/ms_tools_ext_mem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The tool protocol: what InitInjectionMstx receives ---------------- */

typedef void (*mstxMarkAFunc)(const char* message, aclrtStream stream);
typedef mstxRangeId (*mstxRangeStartAFunc)(const char* message, aclrtStream stream);
typedef void (*mstxRangeEndFunc)(mstxRangeId id);
typedef void (*mstxGetToolIdFunc)(uint64_t* id);
typedef mstxDomainHandle_t (*mstxDomainCreateAFunc)(const char* name);
typedef void (*mstxDomainDestroyFunc)(mstxDomainHandle_t domain);
typedef void (*mstxDomainMarkAFunc)(mstxDomainHandle_t domain, const char* message, aclrtStream stream);
typedef mstxRangeId (*mstxDomainRangeStartAFunc)(mstxDomainHandle_t domain, const char* message, aclrtStream stream);
typedef void (*mstxDomainRangeEndFunc)(mstxDomainHandle_t domain, mstxRangeId id);
typedef mstxMemHeapHandle_t (*mstxMemHeapRegisterFunc)(mstxDomainHandle_t domain, mstxMemHeapDesc_t const* desc);
typedef void (*mstxMemHeapUnregisterFunc)(mstxDomainHandle_t domain, mstxMemHeapHandle_t heap);
typedef void (*mstxMemRegionsRegisterFunc)(mstxDomainHandle_t domain, mstxMemRegionsRegisterBatch_t const* desc);
typedef void (*mstxMemRegionsUnregisterFunc)(mstxDomainHandle_t domain, mstxMemRegionsUnregisterBatch_t const* desc);
typedef void (*mstxMemPermissionsAssignFunc)(mstxDomainHandle_t domain, mstxMemPermissionsAssignBatch_t const* desc);

/* The modules a tool asks getFuncTable for. */
typedef enum mstxFuncModule {
  MSTX_API_MODULE_INVALID = 0,
  MSTX_API_MODULE_CORE = 1,
  MSTX_API_MODULE_CORE_DOMAIN = 2,
  MSTX_API_MODULE_CORE_MEM = 3,
  MSTX_API_MODULE_SIZE,
  MSTX_API_MODULE_FORCE_INT = 0x7fffffff
} mstxFuncModule;

/* The slots of each module: a table's entry [id] is the address of slot id. */
typedef enum mstxImplCoreFuncId {
  MSTX_API_CORE_INVALID = 0,
  MSTX_API_CORE_MARK_A = 1,
  MSTX_API_CORE_RANGE_START_A = 2,
  MSTX_API_CORE_RANGE_END = 3,
  MSTX_API_CORE_GET_TOOL_ID = 4,
  MSTX_API_CORE_SIZE,
  MSTX_API_CORE_FORCE_INT = 0x7fffffff
} mstxImplCoreFuncId;

typedef enum mstxImplCoreDomainFuncId {
  MSTX_API_CORE2_INVALID = 0,
  MSTX_API_CORE2_DOMAIN_CREATE_A = 1,
  MSTX_API_CORE2_DOMAIN_DESTROY = 2,
  MSTX_API_CORE2_DOMAIN_MARK_A = 3,
  MSTX_API_CORE2_DOMAIN_RANGE_START_A = 4,
  MSTX_API_CORE2_DOMAIN_RANGE_END = 5,
  MSTX_API_CORE2_SIZE,
  MSTX_API_CORE2_FORCE_INT = 0x7fffffff
} mstxImplCoreDomainFuncId;

typedef enum mstxImplCoreMemFuncId {
  MSTX_API_CORE_MEM_INVALID = 0,
  MSTX_API_CORE_MEMHEAP_REGISTER = 1,
  MSTX_API_CORE_MEMHEAP_UNREGISTER = 2,
  MSTX_API_CORE_MEM_REGIONS_REGISTER = 3,
  MSTX_API_CORE_MEM_REGIONS_UNREGISTER = 4,
  MSTX_API_CORE_MEM_PERMISSIONS_ASSIGN = 5,
  MSTX_API_CORE_MEM_SIZE,
  MSTX_API_CORE_MEM_FORCE_INT = 0x7fffffff
} mstxImplCoreMemFuncId;

typedef void (*mstxFuncPointer)(void);
typedef mstxFuncPointer** mstxFuncTable;

/* Gives the table of |module| and its size: entries 1..*outSize-1 are the
 * addresses of the module's slots (entry 0 and entry *outSize are NULL). A
 * tool writes a slot with *outTable[id] = (mstxFuncPointer)function, for the
 * ids below *outSize. MSTX_FAIL for an unknown module or a NULL out-pointer. */
typedef int (*mstxGetModuleFuncTableFunc)(mstxFuncModule module, mstxFuncTable* outTable, unsigned int* outSize);

/* The tool's entry point, exported as "InitInjectionMstx". */
typedef int (*mstxInitInjectionFunc)(mstxGetModuleFuncTableFunc getFuncTable);

#ifdef __cplusplus
}
#endif

#if !defined(MSTX_NO_IMPL)
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The implementation: one loader state per executable or library ---- */

/* The slots and tables of one linked object. Weak and hidden: every
 * translation unit of a program (or of one shared library) shares one,
 * and no two objects share theirs. */
typedef struct mstxLoaderState {
  int phase; /* 0 not loaded, 1 loading, 2 loaded (with or without a tool) */
  mstxFuncPointer core[MSTX_API_CORE_SIZE];
  mstxFuncPointer domain[MSTX_API_CORE2_SIZE];
  mstxFuncPointer mem[MSTX_API_CORE_MEM_SIZE];
  mstxFuncPointer* coreTable[MSTX_API_CORE_SIZE + 1];
  mstxFuncPointer* domainTable[MSTX_API_CORE2_SIZE + 1];
  mstxFuncPointer* memTable[MSTX_API_CORE_MEM_SIZE + 1];
} mstxLoaderState;

__attribute__((weak, visibility("hidden"))) mstxLoaderState mstxLoader;

static inline int mstxLoaderGetModuleFuncTable(mstxFuncModule module, mstxFuncTable* outTable, unsigned int* outSize) {
  mstxFuncPointer* slots;
  mstxFuncPointer** table;
  unsigned int size;
  unsigned int id;
  if (outTable == NULL || outSize == NULL) return MSTX_FAIL;
  switch (module) {
    case MSTX_API_MODULE_CORE:
      slots = mstxLoader.core;
      table = mstxLoader.coreTable;
      size = MSTX_API_CORE_SIZE;
      break;
    case MSTX_API_MODULE_CORE_DOMAIN:
      slots = mstxLoader.domain;
      table = mstxLoader.domainTable;
      size = MSTX_API_CORE2_SIZE;
      break;
    case MSTX_API_MODULE_CORE_MEM:
      slots = mstxLoader.mem;
      table = mstxLoader.memTable;
      size = MSTX_API_CORE_MEM_SIZE;
      break;
    default: return MSTX_FAIL;
  }
  table[0] = NULL;
  for (id = 1; id < size; ++id) table[id] = &slots[id];
  table[size] = NULL;
  *outTable = table;
  *outSize = size;
  return MSTX_SUCCESS;
}

/* Finds and runs the tool's InitInjectionMstx; MSTX_SUCCESS when it
 * accepted the tables. */
static inline int mstxLoaderRunTool(void) {
  const char* path = getenv("MSTX_INJECTION_PATH");
  void* library = path != NULL ? dlopen(path, RTLD_LAZY | RTLD_LOCAL) : NULL;
  union {
    void* object;
    mstxInitInjectionFunc function;
  } init;
  /* A NULL handle searches the global scope (RTLD_DEFAULT). */
  init.object = dlsym(library, "InitInjectionMstx");
  return init.object != NULL ? init.function(&mstxLoaderGetModuleFuncTable) : MSTX_FAIL;
}

static inline void mstxLoaderClear(void) {
  unsigned int id;
  for (id = 0; id < MSTX_API_CORE_SIZE; ++id) mstxLoader.core[id] = NULL;
  for (id = 0; id < MSTX_API_CORE2_SIZE; ++id) mstxLoader.domain[id] = NULL;
  for (id = 0; id < MSTX_API_CORE_MEM_SIZE; ++id) mstxLoader.mem[id] = NULL;
}

/* Loads the tool on the first call; a concurrent first call waits for it. */
static inline void mstxLoaderLoad(void) {
  int expected = 0;
  if (__atomic_compare_exchange_n(&mstxLoader.phase, &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    if (mstxLoaderRunTool() != MSTX_SUCCESS) mstxLoaderClear();
    __atomic_store_n(&mstxLoader.phase, 2, __ATOMIC_RELEASE);
    return;
  }
  while (__atomic_load_n(&mstxLoader.phase, __ATOMIC_ACQUIRE) != 2) sched_yield();
}

/* The function in |slot| once the tool is loaded; NULL when it has none. */
static inline mstxFuncPointer mstxLoaderSlot(const mstxFuncPointer* slot) {
  if (__atomic_load_n(&mstxLoader.phase, __ATOMIC_ACQUIRE) != 2) mstxLoaderLoad();
  return *slot;
}

#ifdef MSTX_DISABLE
#define MSTX_LOADER_FUNC(type, module, id) ((type)NULL)
#else
#define MSTX_LOADER_FUNC(type, module, id) ((type)mstxLoaderSlot(&mstxLoader.module[id]))
#endif

MSTX_DECLSPEC void mstxMarkA(const char* message, aclrtStream stream) {
  mstxMarkAFunc f = MSTX_LOADER_FUNC(mstxMarkAFunc, core, MSTX_API_CORE_MARK_A);
  if (f != NULL) f(message, stream);
}

MSTX_DECLSPEC mstxRangeId mstxRangeStartA(const char* message, aclrtStream stream) {
  mstxRangeStartAFunc f = MSTX_LOADER_FUNC(mstxRangeStartAFunc, core, MSTX_API_CORE_RANGE_START_A);
  return f != NULL ? f(message, stream) : (mstxRangeId)MSTX_INVALID_ID;
}

MSTX_DECLSPEC void mstxRangeEnd(mstxRangeId id) {
  mstxRangeEndFunc f = MSTX_LOADER_FUNC(mstxRangeEndFunc, core, MSTX_API_CORE_RANGE_END);
  if (f != NULL) f(id);
}

MSTX_DECLSPEC void mstxGetToolId(uint64_t* id) {
  mstxGetToolIdFunc f;
  if (id == NULL) return;
  f = MSTX_LOADER_FUNC(mstxGetToolIdFunc, core, MSTX_API_CORE_GET_TOOL_ID);
  if (f != NULL) {
    f(id);
  } else {
    *id = MSTX_TOOL_INVALID_ID;
  }
}

MSTX_DECLSPEC mstxDomainHandle_t mstxDomainCreateA(const char* name) {
  mstxDomainCreateAFunc f = MSTX_LOADER_FUNC(mstxDomainCreateAFunc, domain, MSTX_API_CORE2_DOMAIN_CREATE_A);
  return f != NULL ? f(name) : (mstxDomainHandle_t)NULL;
}

MSTX_DECLSPEC void mstxDomainDestroy(mstxDomainHandle_t domain) {
  mstxDomainDestroyFunc f = MSTX_LOADER_FUNC(mstxDomainDestroyFunc, domain, MSTX_API_CORE2_DOMAIN_DESTROY);
  if (f != NULL) f(domain);
}

MSTX_DECLSPEC void mstxDomainMarkA(mstxDomainHandle_t domain, const char* message, aclrtStream stream) {
  mstxDomainMarkAFunc f = MSTX_LOADER_FUNC(mstxDomainMarkAFunc, domain, MSTX_API_CORE2_DOMAIN_MARK_A);
  if (f != NULL) f(domain, message, stream);
}

MSTX_DECLSPEC mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t domain, const char* message, aclrtStream stream) {
  mstxDomainRangeStartAFunc f =
      MSTX_LOADER_FUNC(mstxDomainRangeStartAFunc, domain, MSTX_API_CORE2_DOMAIN_RANGE_START_A);
  return f != NULL ? f(domain, message, stream) : (mstxRangeId)MSTX_INVALID_ID;
}

MSTX_DECLSPEC void mstxDomainRangeEnd(mstxDomainHandle_t domain, mstxRangeId id) {
  mstxDomainRangeEndFunc f = MSTX_LOADER_FUNC(mstxDomainRangeEndFunc, domain, MSTX_API_CORE2_DOMAIN_RANGE_END);
  if (f != NULL) f(domain, id);
}

MSTX_DECLSPEC mstxMemHeapHandle_t mstxMemHeapRegister(mstxDomainHandle_t domain, mstxMemHeapDesc_t const* desc) {
  mstxMemHeapRegisterFunc f = MSTX_LOADER_FUNC(mstxMemHeapRegisterFunc, mem, MSTX_API_CORE_MEMHEAP_REGISTER);
  return f != NULL ? f(domain, desc) : (mstxMemHeapHandle_t)NULL;
}

MSTX_DECLSPEC void mstxMemHeapUnregister(mstxDomainHandle_t domain, mstxMemHeapHandle_t heap) {
  mstxMemHeapUnregisterFunc f = MSTX_LOADER_FUNC(mstxMemHeapUnregisterFunc, mem, MSTX_API_CORE_MEMHEAP_UNREGISTER);
  if (f != NULL) f(domain, heap);
}

MSTX_DECLSPEC void mstxMemRegionsRegister(mstxDomainHandle_t domain, mstxMemRegionsRegisterBatch_t const* desc) {
  mstxMemRegionsRegisterFunc f = MSTX_LOADER_FUNC(mstxMemRegionsRegisterFunc, mem, MSTX_API_CORE_MEM_REGIONS_REGISTER);
  if (f != NULL) f(domain, desc);
}

MSTX_DECLSPEC void mstxMemRegionsUnregister(mstxDomainHandle_t domain, mstxMemRegionsUnregisterBatch_t const* desc) {
  mstxMemRegionsUnregisterFunc f =
      MSTX_LOADER_FUNC(mstxMemRegionsUnregisterFunc, mem, MSTX_API_CORE_MEM_REGIONS_UNREGISTER);
  if (f != NULL) f(domain, desc);
}

MSTX_DECLSPEC void mstxMemPermissionsAssign(mstxDomainHandle_t domain, mstxMemPermissionsAssignBatch_t const* desc) {
  mstxMemPermissionsAssignFunc f =
      MSTX_LOADER_FUNC(mstxMemPermissionsAssignFunc, mem, MSTX_API_CORE_MEM_PERMISSIONS_ASSIGN);
  if (f != NULL) f(domain, desc);
}

#undef MSTX_LOADER_FUNC

#ifdef __cplusplus
}
#endif
#endif /* !MSTX_NO_IMPL */

#endif /* INC_EXTERNAL_MSTX_MS_TOOLS_EXT_H_ */
