/*
 * aclsim: the MSPTI activity API (mspti_activity.h).
 *
 * The client hands out buffers through a request callback; MSPTI fills them
 * with activity records laid end to end (each record packed, its size a
 * multiple of 8) and hands each buffer back through the completion
 * callback, in the order the buffers were filled. The client walks a
 * buffer with msptiActivityGetNextRecord.
 *
 * Names, values and record layouts are those of Ascend's MSPTI
 * (Ascend/mspti, csrc/include/mspti_activity.h); this header is aclsim's
 * own. docs/mspti.md lists what aclsim records and where it differs.
 */
#ifndef MSPTI_ACTIVITY_H
#define MSPTI_ACTIVITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mspti_callback.h"
#include "mspti_result.h"

#if defined(__GNUC__) || defined(__clang__)
#define MSPTI_PACKED_ALIGNMENT __attribute__((__packed__)) __attribute__((aligned(8)))
#else
#error "mspti_activity.h: GCC or Clang is required for the packed record layouts"
#endif

#define ACTIVITY_STRUCT_ALIGNMENT 8
#define MSPTI_INVALID_DEVICE_ID ((uint32_t)0xFFFFFFFFU)
#define MSPTI_INVALID_STREAM_ID ((uint32_t)0xFFFFFFFFU)
#define MSPTI_INVALID_CORRELATION_ID ((uint64_t)0)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MSPTI_ACTIVITY_KIND_INVALID = 0,
  MSPTI_ACTIVITY_KIND_MARKER = 1,
  MSPTI_ACTIVITY_KIND_KERNEL = 2,
  MSPTI_ACTIVITY_KIND_API = 3,
  MSPTI_ACTIVITY_KIND_HCCL = 4,
  MSPTI_ACTIVITY_KIND_MEMORY = 5,
  MSPTI_ACTIVITY_KIND_MEMSET = 6,
  MSPTI_ACTIVITY_KIND_MEMCPY = 7,
  MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION = 8,
  MSPTI_ACTIVITY_KIND_COMMUNICATION = 9,
  MSPTI_ACTIVITY_KIND_ACL_API = 10,
  MSPTI_ACTIVITY_KIND_NODE_API = 11,
  MSPTI_ACTIVITY_KIND_RUNTIME_API = 12,
  MSPTI_ACTIVITY_KIND_OVERHEAD = 13,
  MSPTI_ACTIVITY_KIND_COUNT = 14,
  MSPTI_ACTIVITY_KIND_FORCE_INT = 0x7fffffff
} msptiActivityKind;

typedef enum {
  MSPTI_ACTIVITY_FLAG_NONE = 0,
  MSPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS = 1 << 0,
  MSPTI_ACTIVITY_FLAG_MARKER_START = 1 << 1,
  MSPTI_ACTIVITY_FLAG_MARKER_END = 1 << 2,
  MSPTI_ACTIVITY_FLAG_MARKER_INSTANTANEOUS_WITH_DEVICE = 1 << 3,
  MSPTI_ACTIVITY_FLAG_MARKER_START_WITH_DEVICE = 1 << 4,
  MSPTI_ACTIVITY_FLAG_MARKER_END_WITH_DEVICE = 1 << 5
} msptiActivityFlag;

typedef enum { MSPTI_ACTIVITY_SOURCE_KIND_HOST = 0, MSPTI_ACTIVITY_SOURCE_KIND_DEVICE = 1 } msptiActivitySourceKind;

typedef enum {
  MSPTI_ACTIVITY_MEMORY_OPERATION_TYPE_ALLOCATION = 0,
  MSPTI_ACTIVITY_MEMORY_OPERATION_TYPE_RELEASE = 1
} msptiActivityMemoryOperationType;

typedef enum {
  MSPTI_ACTIVITY_MEMORY_UNKNOWN = 0,
  MSPTI_ACTIVITY_MEMORY_DEVICE = 1,
  MSPTI_ACTIVITY_MEMORY_HOST = 2,
  MSPTI_ACTIVITY_MEMORY_MANAGED = 3
} msptiActivityMemoryKind;

/* What an OVERHEAD record measured. */
typedef enum {
  MSPTI_ACTIVITY_OVERHEAD_UNKNOWN = 0,
  MSPTI_ACTIVITY_OVERHEAD_MSPTI_RESOURCE = 1,
  MSPTI_ACTIVITY_OVERHEAD_ACTIVITY_BUFFER_REQUEST = 2,
  MSPTI_ACTIVITY_OVERHEAD_ACTIVITY_BUFFER_FLUSH = 3
} msptiActivityOverheadKind;

/* What an OVERHEAD record's objectId names. */
typedef enum {
  MSPTI_ACTIVITY_OBJECT_UNKNOWN = 0,
  MSPTI_ACTIVITY_OBJECT_PROCESS = 1,
  MSPTI_ACTIVITY_OBJECT_THREAD = 2,
  MSPTI_ACTIVITY_OBJECT_DEVICE = 3,
  MSPTI_ACTIVITY_OBJECT_FORCE_INT = 0x7fffffff
} msptiActivityObjectKind;

/* msptiActivitySetAttribute / GetAttribute. */
typedef enum {
  MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE = 0, /* uint32_t bytes, 2 MiB..10 MiB; 2 MiB by default */
  MSPTI_ACTIVITY_ATTR_TIMESTAMP_CALLBACK = 1,  /* msptiTimestampCallbackFunc */
  MSPTI_ACTIVITY_ATTR_FORCE_INT = 0x7fffffff
} msptiActivityAttribute;

typedef enum {
  MSPTI_ACTIVITY_MEMCPY_KIND_UNKNOWN = 0,
  MSPTI_ACTIVITY_MEMCPY_KIND_HTOH = 1,
  MSPTI_ACTIVITY_MEMCPY_KIND_HTOD = 2,
  MSPTI_ACTIVITY_MEMCPY_KIND_DTOH = 3,
  MSPTI_ACTIVITY_MEMCPY_KIND_DTOD = 4,
  MSPTI_ACTIVITY_MEMCPY_KIND_DEFAULT = 5
} msptiActivityMemcpyKind;

typedef enum {
  MSPTI_EXTERNAL_CORRELATION_KIND_INVALID = 0,
  MSPTI_EXTERNAL_CORRELATION_KIND_UNKNOWN = 1,
  MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0 = 2,
  MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM1 = 3,
  MSPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2 = 4,
  MSPTI_EXTERNAL_CORRELATION_KIND_SIZE = 5,
  MSPTI_EXTERNAL_CORRELATION_KIND_FORCE_INT = 0x7fffffff
} msptiExternalCorrelationKind;

typedef enum {
  MSPTI_ACTIVITY_COMMUNICATION_INT8 = 0,
  MSPTI_ACTIVITY_COMMUNICATION_INT16 = 1,
  MSPTI_ACTIVITY_COMMUNICATION_INT32 = 2,
  MSPTI_ACTIVITY_COMMUNICATION_FP16 = 3,
  MSPTI_ACTIVITY_COMMUNICATION_FP32 = 4,
  MSPTI_ACTIVITY_COMMUNICATION_INT64 = 5,
  MSPTI_ACTIVITY_COMMUNICATION_UINT64 = 6,
  MSPTI_ACTIVITY_COMMUNICATION_UINT8 = 7,
  MSPTI_ACTIVITY_COMMUNICATION_UINT16 = 8,
  MSPTI_ACTIVITY_COMMUNICATION_UINT32 = 9,
  MSPTI_ACTIVITY_COMMUNICATION_FP64 = 10,
  MSPTI_ACTIVITY_COMMUNICATION_BFP16 = 11,
  MSPTI_ACTIVITY_COMMUNICATION_INT128 = 12,
  MSPTI_ACTIVITY_COMMUNICATION_HIF8 = 14,
  MSPTI_ACTIVITY_COMMUNICATION_FP8E4M3 = 15,
  MSPTI_ACTIVITY_COMMUNICATION_FP8E5M2 = 16,
  MSPTI_ACTIVITY_COMMUNICATION_FP8E8M0 = 17,
  MSPTI_ACTIVITY_COMMUNICATION_INVALID_TYPE = 0x0000FFFF
} msptiCommunicationDataType;

/* The common head of every record: its kind. */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
} msptiActivity;

/* A host thread (pt) or a device stream (ds). Packed (8 bytes) but not
 * aligned to 8: it sits at offset 28 of msptiActivityMarker. */
typedef union __attribute__((__packed__)) {
  struct {
    uint32_t processId;
    uint32_t threadId;
  } pt;
  struct {
    uint32_t deviceId;
    uint32_t streamId;
  } ds;
} msptiObjectId;

/* MSPTI_ACTIVITY_KIND_MARKER: an mstx mark or range end point (56 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  msptiActivityFlag flag;
  msptiActivitySourceKind sourceKind;
  uint64_t timestamp;
  uint64_t id;
  msptiObjectId objectId;
  const char* name;
  const char* domain;
} msptiActivityMarker;

/* MSPTI_ACTIVITY_KIND_API, _ACL_API, _NODE_API, _RUNTIME_API (48 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  uint64_t start;
  uint64_t end;
  struct {
    uint32_t processId;
    uint32_t threadId;
  } pt;
  uint64_t correlationId;
  const char* name;
} msptiActivityApi;

/* MSPTI_ACTIVITY_KIND_KERNEL: one task that ran on a device (56 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  uint64_t start;
  uint64_t end;
  struct {
    uint32_t deviceId;
    uint32_t streamId;
  } ds;
  uint64_t correlationId;
  const char* type;
  const char* name;
} msptiActivityKernel;

/* MSPTI_ACTIVITY_KIND_HCCL (56 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  uint64_t start;
  uint64_t end;
  struct {
    uint32_t deviceId;
    uint32_t streamId;
  } ds;
  double bandWidth;
  const char* name;
  const char* commName;
} msptiActivityHccl;

/* MSPTI_ACTIVITY_KIND_MEMORY: a device allocation or release (64 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  msptiActivityMemoryOperationType memoryOperationType;
  msptiActivityMemoryKind memoryKind;
  uint64_t correlationId;
  uint64_t start;
  uint64_t end;
  uint64_t address;
  uint64_t bytes;
  uint32_t processId;
  uint32_t deviceId;
  uint32_t streamId;
} msptiActivityMemory;

/* MSPTI_ACTIVITY_KIND_MEMSET (56 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  uint32_t value;
  uint64_t bytes;
  uint64_t start;
  uint64_t end;
  uint32_t deviceId;
  uint32_t streamId;
  uint64_t correlationId;
  uint8_t isAsync;
} msptiActivityMemset;

/* MSPTI_ACTIVITY_KIND_MEMCPY (56 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  msptiActivityMemcpyKind copyKind;
  uint64_t bytes;
  uint64_t start;
  uint64_t end;
  uint32_t deviceId;
  uint32_t streamId;
  uint64_t correlationId;
  uint8_t isAsync;
} msptiActivityMemcpy;

/* MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION (24 bytes): the external id on
 * top of a kind's stack when a correlation id was created. */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  msptiExternalCorrelationKind externalKind;
  uint64_t externalId;
  uint64_t correlationId;
} msptiActivityExternalCorrelation;

/* MSPTI_ACTIVITY_KIND_COMMUNICATION (72 bytes). */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  msptiCommunicationDataType dataType;
  uint64_t count;
  struct {
    uint32_t deviceId;
    uint32_t streamId;
  } ds;
  uint64_t start;
  uint64_t end;
  const char* algType;
  const char* name;
  const char* commName;
  uint64_t correlationId;
} msptiActivityCommunication;

/* MSPTI_ACTIVITY_KIND_OVERHEAD (56 bytes): time MSPTI spent in the
 * client's buffer callbacks. correlationId and overheadData are reserved. */
typedef struct MSPTI_PACKED_ALIGNMENT {
  msptiActivityKind kind;
  msptiActivityOverheadKind overheadKind;
  msptiObjectId objectId;
  uint64_t start;
  uint64_t end;
  uint64_t correlationId;
  void* overheadData;
  msptiActivityObjectKind objectKind;
} msptiActivityOverhead;

/* Asks the client for a buffer: it sets *buffer (8-byte aligned), *size and
 * *maxNumRecords (0: no limit). A NULL *buffer drops the records that
 * needed it; they are counted (msptiActivityGetNumDroppedRecords,
 * aclsimGetMsptiStats). */
typedef void (*msptiBuffersCallbackRequestFunc)(uint8_t** buffer, size_t* size, size_t* maxNumRecords);
/* Hands a buffer back: |size| as requested, |validSize| bytes of records. */
typedef void (*msptiBuffersCallbackCompleteFunc)(uint8_t* buffer, size_t size, size_t validSize);

msptiResult msptiActivityRegisterCallbacks(msptiBuffersCallbackRequestFunc funcBufferRequested,
                                           msptiBuffersCallbackCompleteFunc funcBufferCompleted);
msptiResult msptiActivityEnable(msptiActivityKind kind);
msptiResult msptiActivityDisable(msptiActivityKind kind);
/* kind outside 1..13: false. */
bool msptiActivityIsEnabled(msptiActivityKind kind);
msptiResult msptiActivityEnableMarkerDomain(const char* name);
msptiResult msptiActivityDisableMarkerDomain(const char* name);
/* *record: NULL to get the first record of |buffer|, else the record last
 * returned, which is advanced to the next one. MSPTI_ERROR_MAX_LIMIT_REACHED
 * after the last; MSPTI_ERROR_INVALID_KIND when the buffer holds an unknown
 * kind; MSPTI_ERROR_INNER for a record that crosses |validBufferSizeBytes|
 * or a cursor that is no record of |buffer|. */
msptiResult msptiActivityGetNextRecord(uint8_t* buffer, size_t validBufferSizeBytes, msptiActivity** record);
/* Hands back every buffer holding records, the partly filled one too. */
msptiResult msptiActivityFlushAll(uint32_t flag);
/* Every |time| ms, hands back the buffers already full; 0 turns it off. */
msptiResult msptiActivityFlushPeriod(uint32_t time);
msptiResult msptiActivityPushExternalCorrelationId(msptiExternalCorrelationKind kind, uint64_t id);
msptiResult msptiActivityPopExternalCorrelationId(msptiExternalCorrelationKind kind, uint64_t* lastId);

/* The library's version, major * 10000 + minor * 100 + patch. */
msptiResult msptiGetVersion(uint32_t* version);
/* Bytes of a record of |activityKind| (|version| is not used). */
msptiResult msptiActivityGetStructSize(msptiActivityKind activityKind, uint32_t version, size_t* activityStructSize);
/* The enabled kinds in ascending order: *enabledKindsCount gets their number;
 * with a buffer, at most *bufferSize (elements) of them are written. */
msptiResult msptiActivityGetEnabledKinds(msptiSubscriberHandle subscriber, msptiActivityKind* buffer,
                                         uint32_t* bufferSize, uint32_t* enabledKindsCount);
/* Records lost since the last call (which resets the count); |context| and
 * |streamId| are not used. */
msptiResult msptiActivityGetNumDroppedRecords(void* context, uint32_t streamId, size_t* dropped);
/* The time base of every record: the registered timestamp callback's time
 * if there is one, else aclsim's host time on the epoch clock (ns). */
typedef uint64_t (*msptiTimestampCallbackFunc)(void);
msptiResult msptiGetTimestamp(uint64_t* timestamp);
msptiResult msptiActivityRegisterTimestampCallback(msptiTimestampCallbackFunc funcTimestamp);
/* *valueSize: the bytes at |value| (Get: set to the attribute's size). */
msptiResult msptiActivitySetAttribute(msptiActivityAttribute attr, size_t* valueSize, void* value);
msptiResult msptiActivityGetAttribute(msptiActivityAttribute attr, size_t* valueSize, void* value);

#ifdef __cplusplus
}
#endif

#endif /* MSPTI_ACTIVITY_H */
