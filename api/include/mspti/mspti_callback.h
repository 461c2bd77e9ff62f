/*
 * aclsim: the MSPTI callback API (mspti_callback.h). One subscriber; its
 * callback runs on the calling thread at the entry and the exit of each
 * enabled runtime call. Values and layouts as in Ascend's MSPTI; aclsim's
 * own header.
 */
#ifndef MSPTI_CALLBACK_H
#define MSPTI_CALLBACK_H

#include <stddef.h>
#include <stdint.h>

#include "mspti_cbid.h"
#include "mspti_result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MSPTI_CB_DOMAIN_INVALID = 0,
  MSPTI_CB_DOMAIN_RUNTIME = 1,
  MSPTI_CB_DOMAIN_HCCL = 2,
  MSPTI_CB_DOMAIN_SIZE = 3,
  MSPTI_CB_DOMAIN_FORCE_INT = 0x7fffffff
} msptiCallbackDomain;

typedef uint32_t msptiCallbackId;

typedef enum { MSPTI_API_ENTER = 0, MSPTI_API_EXIT = 1, MSPTI_API_CBSITE_FORCE_INT = 0x7fffffff } msptiApiCallbackSite;

/* What a callback is told (72 bytes, natural layout). aclsim fills
 * callbackSite, functionName, correlationId and correlationData (a slot of
 * the call, zeroed at its entry and the same at its exit), and zeroes the
 * rest. */
typedef struct {
  msptiApiCallbackSite callbackSite;
  const char* functionName;
  const void* functionParams;
  const void* functionReturnValue;
  const char* symbolName;
  uint64_t correlationId;
  uint64_t reserved1;
  uint64_t reserved2;
  uint64_t* correlationData;
} msptiCallbackData;

typedef void (*msptiCallbackFunc)(void* userdata, msptiCallbackDomain domain, msptiCallbackId cbid,
                                  const msptiCallbackData* cbdata);

struct msptiSubscriber_st;
typedef struct msptiSubscriber_st* msptiSubscriberHandle;

/* |callback| may be NULL (activity collection only). */
msptiResult msptiSubscribe(msptiSubscriberHandle* subscriber, msptiCallbackFunc callback, void* userdata);
msptiResult msptiUnsubscribe(msptiSubscriberHandle subscriber);
msptiResult msptiEnableCallback(uint32_t enable, msptiSubscriberHandle subscriber, msptiCallbackDomain domain,
                                msptiCallbackId cbid);
msptiResult msptiEnableDomain(uint32_t enable, msptiSubscriberHandle subscriber, msptiCallbackDomain domain);
msptiResult msptiEnableAllDomains(uint32_t enable, msptiSubscriberHandle subscriber);
/* The API a callback id stands for ("aclrtMalloc", ...): a static string. */
msptiResult msptiGetCallbackName(msptiCallbackDomain domain, uint32_t cbid, const char** name);
msptiResult msptiGetCallbackState(uint32_t* enable, msptiSubscriberHandle subscriber, msptiCallbackDomain domain,
                                  msptiCallbackId cbid);
typedef msptiCallbackDomain* msptiDomainTable;
/* The domains callbacks exist for: a static table. */
msptiResult msptiSupportedDomains(size_t* domainCount, msptiDomainTable* domainTable);
/* The enabled callback ids of |domain| in ascending order, as
 * msptiActivityGetEnabledKinds gives kinds. */
msptiResult msptiGetEnabledCallbacks(msptiSubscriberHandle subscriber, msptiCallbackDomain domain,
                                     msptiCallbackId* buffer, uint32_t* bufferSize, uint32_t* enabledCallbacksCount);
/* *isRunning: 1 while a subscriber exists, else 0. */
msptiResult msptiIsTracingSessionRunning(uint8_t* isRunning);

#ifdef __cplusplus
}
#endif

#endif /* MSPTI_CALLBACK_H */
