/*
 * aclsim - clean-room declaration of the ACL user-allocator API (acl_rt_allocator.h).
 *
 * A program can hand the runtime its own memory allocator for the work of
 * one stream: it fills an allocator description with its allocator object
 * and four callbacks (allocate, free, allocate at a suggested address, and
 * the address of a block), then registers the description on a stream. This
 * header is our own declaration of that interface; the handle types
 * (aclrtAllocatorDesc, aclrtAllocator, aclrtAllocatorBlock,
 * aclrtAllocatorAddr) come from acl_base.h and acl_rt.h includes this file,
 * as CANN 9.x arranges them. Names and prototypes match CANN.
 *
 * aclsim status: implemented. NULL arguments → ACL_ERROR_INVALID_PARAM;
 * aclrtAllocatorRegister also requires the object and the alloc, free and
 * get-address callbacks (allocAdvise is optional), copies them for the
 * stream (a later registration on the stream replaces it);
 * aclrtAllocatorGetByStream of a stream with none → ACL_ERROR_INVALID_PARAM;
 * aclrtAllocatorUnregister of a stream with none succeeds. CANN allocates
 * the runtime memory of single-operator and dynamic-shape model execution
 * on the stream through the registration; aclsim's executions allocate no
 * runtime device memory (no workspace), so aclsim itself never calls the
 * callbacks.
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_
#define INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Callbacks of a user allocator. Each receives the allocator object set with
 * aclrtAllocatorSetObjToDesc.
 *   Alloc:            a block of at least |size| bytes, NULL when out of memory;
 *   Free:             return |block| to the allocator;
 *   AllocAdvise:      as Alloc, preferring the address |addr|;
 *   GetAddrFromBlock: the device address a block stands for. */
typedef void* (*aclrtAllocatorAllocFunc)(aclrtAllocator allocator, size_t size);
typedef void (*aclrtAllocatorFreeFunc)(aclrtAllocator allocator, aclrtAllocatorBlock block);
typedef void* (*aclrtAllocatorAllocAdviseFunc)(aclrtAllocator allocator, size_t size, aclrtAllocatorAddr addr);
typedef void* (*aclrtAllocatorGetAddrFromBlockFunc)(aclrtAllocatorBlock block);

/* A new, empty allocator description (NULL on failure). The caller owns it
 * and releases it with aclrtAllocatorDestroyDesc. */
ACL_FUNC_VISIBILITY aclrtAllocatorDesc aclrtAllocatorCreateDesc(void);

/* Release |allocatorDesc|. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc);

/* Store the user's allocator object in |allocatorDesc|; the callbacks
 * receive it. The object stays the caller's. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocator allocator);

/* Store one callback in |allocatorDesc|. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                              aclrtAllocatorAllocFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                             aclrtAllocatorFreeFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetAllocAdviseFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                                    aclrtAllocatorAllocAdviseFunc func);
ACL_FUNC_VISIBILITY aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                                         aclrtAllocatorGetAddrFromBlockFunc func);

/* Make the runtime allocate the memory of |stream|'s work through
 * |allocatorDesc|, until aclrtAllocatorUnregister. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc);

/* The description registered on |stream|, its allocator object and its four
 * callbacks, each written to the matching output. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorGetByStream(aclrtStream stream, aclrtAllocatorDesc* allocatorDesc,
                                                       aclrtAllocator* allocator, aclrtAllocatorAllocFunc* allocFunc,
                                                       aclrtAllocatorFreeFunc* freeFunc,
                                                       aclrtAllocatorAllocAdviseFunc* allocAdviseFunc,
                                                       aclrtAllocatorGetAddrFromBlockFunc* getAddrFromBlockFunc);

/* Remove the description registered on |stream|. */
ACL_FUNC_VISIBILITY aclError aclrtAllocatorUnregister(aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_RT_ALLOCATOR_H_ */
