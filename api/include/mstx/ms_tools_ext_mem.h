/*
 * aclsim - clean-room declaration of the mstx memory-region API
 * (mstx/ms_tools_ext_mem.h), defined inline by mstx/ms_tools_ext.h, which
 * includes this header (either may be included first).
 *
 * Types and prototypes follow the public mstx API (Ascend msTX,
 * c/include/mstx/ms_tools_ext_mem.h). These calls feed memory tools
 * (msLeaks, msSanitizer), which msprof is not: as under an msprof
 * collection on CANN, aclsim's tool records nothing for them. The register
 * calls return NULL, write nothing through their descriptors and leave a
 * "not supported" line in the log once per kind (heaps, regions,
 * permissions).
 */
#include "mstx/ms_tools_ext.h" /* first: it declares the domains, then includes this header */

#ifndef INC_EXTERNAL_MSTX_MS_TOOLS_EXT_MEM_H_
#define INC_EXTERNAL_MSTX_MS_TOOLS_EXT_MEM_H_

#ifdef __cplusplus
extern "C" {
#endif

struct mstxMemHeap_st;
typedef struct mstxMemHeap_st mstxMemHeap_t;
typedef mstxMemHeap_t* mstxMemHeapHandle_t;

struct mstxMemRegion_st;
typedef struct mstxMemRegion_st mstxMemRegion_t;
typedef mstxMemRegion_t* mstxMemRegionHandle_t;

/* A range of device virtual addresses. */
typedef struct mstxMemVirtualRangeDesc_t {
  uint32_t deviceId;
  void const* ptr;
  uint64_t size;
} mstxMemVirtualRangeDesc_t;

typedef enum mstxMemHeapUsageType {
  MSTX_MEM_HEAP_USAGE_TYPE_SUB_ALLOCATOR = 0,
} mstxMemHeapUsageType;

typedef enum mstxMemType {
  MSTX_MEM_TYPE_VIRTUAL_ADDRESS = 0,
} mstxMemType;

typedef struct mstxMemHeapDesc_t {
  mstxMemHeapUsageType usage;
  mstxMemType type;
  void const* typeSpecificDesc; /* a mstxMemVirtualRangeDesc_t for MSTX_MEM_TYPE_VIRTUAL_ADDRESS */
} mstxMemHeapDesc_t;

typedef struct mstxMemRegionsRegisterBatch_t {
  mstxMemHeapHandle_t heap;
  mstxMemType regionType;
  size_t regionCount;
  void const* regionDescArray;
  mstxMemRegionHandle_t* regionHandleArrayOut;
} mstxMemRegionsRegisterBatch_t;

typedef enum mstxMemRegionRefType {
  MSTX_MEM_REGION_REF_TYPE_POINTER = 0,
  MSTX_MEM_REGION_REF_TYPE_HANDLE = 1,
} mstxMemRegionRefType;

/* The union is anonymous, as in the public header; __extension__ lets C99
 * compilers accept it too (it is C11 and C++). */
#if defined(__GNUC__) || defined(__clang__)
#define MSTX_ANONYMOUS_UNION __extension__ union
#else
#define MSTX_ANONYMOUS_UNION union
#endif

typedef struct mstxMemRegionRef_t {
  mstxMemRegionRefType refType;
  MSTX_ANONYMOUS_UNION {
    void const* pointer;
    mstxMemRegionHandle_t handle;
  };
} mstxMemRegionRef_t;

typedef struct mstxMemRegionsUnregisterBatch_t {
  size_t refCount;
  mstxMemRegionRef_t const* refArray;
} mstxMemRegionsUnregisterBatch_t;

#define MSTX_MEM_PERMISSIONS_REGION_FLAGS_NONE 0x00
#define MSTX_MEM_PERMISSIONS_REGION_FLAGS_READ 0x01
#define MSTX_MEM_PERMISSIONS_REGION_FLAGS_WRITE 0x02
#define MSTX_MEM_PERMISSIONS_REGION_FLAGS_SHARED 0x04

/* The permissions (MSTX_MEM_PERMISSIONS_REGION_FLAGS_*) of one region. */
typedef struct mstxMemPermissionsAssignRegionsDesc_t {
  uint32_t flags;
  mstxMemRegionRef_t region;
} mstxMemPermissionsAssignRegionsDesc_t;

typedef struct mstxMemPermissionsAssignBatch_t {
  size_t regionCount;
  mstxMemPermissionsAssignRegionsDesc_t const* regionDescArray;
} mstxMemPermissionsAssignBatch_t;

MSTX_DECLSPEC mstxMemHeapHandle_t mstxMemHeapRegister(mstxDomainHandle_t domain, mstxMemHeapDesc_t const* desc);

MSTX_DECLSPEC void mstxMemHeapUnregister(mstxDomainHandle_t domain, mstxMemHeapHandle_t heap);

MSTX_DECLSPEC void mstxMemRegionsRegister(mstxDomainHandle_t domain, mstxMemRegionsRegisterBatch_t const* desc);

MSTX_DECLSPEC void mstxMemRegionsUnregister(mstxDomainHandle_t domain, mstxMemRegionsUnregisterBatch_t const* desc);

/* Assigns permissions to registered regions. */
MSTX_DECLSPEC void mstxMemPermissionsAssign(mstxDomainHandle_t domain, mstxMemPermissionsAssignBatch_t const* desc);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_MSTX_MS_TOOLS_EXT_MEM_H_ */
