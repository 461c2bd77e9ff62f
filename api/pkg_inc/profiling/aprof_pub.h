/*
 * profiling/aprof_pub.h - the reporter API of libprofapi.so (the "Msprof*"
 * functions), as aclsim provides it. Written clean-room: the names, values
 * and struct layouts are those of CANN's pkg_inc/profiling/aprof_pub.h
 * (hicann/runtime), which programs built for a CANN toolkit include; only
 * what aclsim implements is declared. Installed as
 * <toolkit>/pkg_inc/profiling/aprof_pub.h.
 *
 * Return codes: 0 (MSPROF_ERROR_NONE) on success; -1 for a bad argument
 * (CANN's PROFILING_FAILED); MSPROF_ERROR_UNINITIALIZE when no profiling
 * session collects the reported kind of data (the record is not kept);
 * MSPROF_ERROR_NOT_SUPPORTED_ACLSIM (-2, CANN's PROFILING_NOTSUPPORT) for
 * MsprofReportEvent, MsprofInit and MsprofFinalize, which aclsim does not
 * implement.
 *
 * All state lives in libascendcl.so (one copy per process, shared with
 * aclprof*); libprofapi.so forwards to it. Thread safety: every function is
 * thread-safe.
 */
#ifndef APROF_PUB_H
#define APROF_PUB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef MSVP_PROF_API
#define MSVP_PROF_API __attribute__((visibility("default")))
#endif

typedef void* VOID_PTR;

#define MSPROF_REPORT_DATA_MAGIC_NUM 0x5A5AU
#define MSPROF_EVENT_FLAG 0xFFFFFFFFFFFFFFFFULL
#define MSPROF_COMPACT_INFO_DATA_LENGTH 40
#define MSPROF_ADDTIONAL_INFO_DATA_LENGTH (232)

/* Report levels (MsprofApi.level): msprof names each level's records. */
#define MSPROF_REPORT_PYTORCH_LEVEL 30000U
#define MSPROF_REPORT_PTA_LEVEL 25000U
#define MSPROF_REPORT_TX_LEVEL 20500U
#define MSPROF_REPORT_ACL_LEVEL 20000U
#define MSPROF_REPORT_MODEL_LEVEL 15000U
#define MSPROF_REPORT_NODE_LEVEL 10000U
#define MSPROF_REPORT_AICPU_LEVEL 6000U
#define MSPROF_REPORT_HCCL_NODE_LEVEL 5500U
#define MSPROF_REPORT_RUNTIME_LEVEL 5000U

/* Type bases of the ACL level. */
#define MSPROF_REPORT_ACL_OP_BASE_TYPE 0x010000U
#define MSPROF_REPORT_ACL_MODEL_BASE_TYPE 0x020000U
#define MSPROF_REPORT_ACL_RUNTIME_BASE_TYPE 0x030000U
#define MSPROF_REPORT_ACL_OTHERS_BASE_TYPE 0x040000U

enum MsprofErrorCode {
  MSPROF_ERROR_NONE = 0,
  MSPROF_ERROR_MEM_NOT_ENOUGH,
  MSPROF_ERROR_GET_ENV,
  MSPROF_ERROR_CONFIG_INVALID,
  MSPROF_ERROR_ACL_JSON_OFF,
  MSPROF_ERROR,
  MSPROF_ERROR_UNINITIALIZE,
};
/* aclsim: the value CANN's profapi uses internally for "not supported". */
#define MSPROF_ERROR_NOT_SUPPORTED_ACLSIM (-2)

/* One timed host API call (MsprofReportApi). 40 bytes. */
struct MsprofApi {
#ifdef __cplusplus
  uint16_t magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
#else
  uint16_t magicNumber;
#endif
  uint16_t level;
  uint32_t type;
  uint32_t threadId;
  uint32_t reserve;
  uint64_t beginTime;
  uint64_t endTime;
  uint64_t itemId;
};

/* One event (MsprofReportEvent, not supported). 40 bytes. */
struct MsprofEvent {
#ifdef __cplusplus
  uint16_t magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
#else
  uint16_t magicNumber;
#endif
  uint16_t level;
  uint32_t type;
  uint32_t threadId;
  uint32_t requestId;
  uint64_t timeStamp;
#ifdef __cplusplus
  uint64_t eventFlag = MSPROF_EVENT_FLAG;
#else
  uint64_t eventFlag;
#endif
  uint64_t itemId;
};

/* A compact record (MsprofReportCompactInfo): a 24-byte header and 40
 * bytes of level-specific data. 64 bytes. */
struct MsprofCompactInfo {
#ifdef __cplusplus
  uint16_t magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
#else
  uint16_t magicNumber;
#endif
  uint16_t level;
  uint32_t type;
  uint32_t threadId;
  uint32_t dataLen;
  uint64_t timeStamp;
  union {
    uint8_t info[MSPROF_COMPACT_INFO_DATA_LENGTH];
  } data;
};

/* An additional-info record (MsprofReportAdditionalInfo). 256 bytes. */
struct MsprofAdditionalInfo {
#ifdef __cplusplus
  uint16_t magicNumber = MSPROF_REPORT_DATA_MAGIC_NUM;
#else
  uint16_t magicNumber;
#endif
  uint16_t level;
  uint32_t type;
  uint32_t threadId;
  uint32_t dataLen;
  uint64_t timeStamp;
  uint8_t data[MSPROF_ADDTIONAL_INFO_DATA_LENGTH];
};

/* A module's control callback (MsprofRegisterCallback). */
typedef int32_t (*ProfCommandHandle)(uint32_t type, void* data, uint32_t len);

/* Registers |handle| for |moduleId|. NULL handle → -1. aclsim keeps the
 * registration but never calls it (CANN calls it when profiling starts and
 * stops). */
MSVP_PROF_API int32_t MsprofRegisterCallback(uint32_t moduleId, ProfCommandHandle handle);

/* Adds one API record to the running session (its api_statistic summary and
 * timeline), timed with MsprofSysCycleTime(). NULL → -1; no session with
 * ACL_PROF_ACL_API → MSPROF_ERROR_UNINITIALIZE. |nonPersistantFlag| is
 * accepted and ignored. */
MSVP_PROF_API int32_t MsprofReportApi(uint32_t nonPersistantFlag, const struct MsprofApi* api);

/* Not supported in aclsim: MSPROF_ERROR_NOT_SUPPORTED_ACLSIM. */
MSVP_PROF_API int32_t MsprofReportEvent(uint32_t nonPersistantFlag, const struct MsprofEvent* event);

/* Accept a compact / additional-info record of |length| bytes (the size of
 * the struct). NULL → -1; length other than the struct's size → -1; no
 * session with ACL_PROF_ACL_API → MSPROF_ERROR_UNINITIALIZE. aclsim counts
 * nothing from them and writes them nowhere. */
MSVP_PROF_API int32_t MsprofReportCompactInfo(uint32_t nonPersistantFlag, const VOID_PTR data, uint32_t length);
MSVP_PROF_API int32_t MsprofReportAdditionalInfo(uint32_t nonPersistantFlag, const VOID_PTR data, uint32_t length);

/* Names the records of (|level|, |typeId|) |typeName| in the outputs.
 * NULL name → -1. */
MSVP_PROF_API int32_t MsprofRegTypeInfo(uint16_t level, uint32_t typeId, const char* typeName);

/* Registers model |geModelIdx| as running on |deviceId| (GE does this when
 * it loads a model), so aclprofModelSubscribe accepts the id. Always 0. */
MSVP_PROF_API int32_t MsprofSetDeviceIdByGeModelIdx(const uint32_t geModelIdx, const uint32_t deviceId);
/* Removes that registration. A pair not registered → -1. */
MSVP_PROF_API int32_t MsprofUnsetDeviceIdByGeModelIdx(const uint32_t geModelIdx, const uint32_t deviceId);

/* The host timestamp reporters put in MsprofApi.beginTime/endTime: in
 * aclsim the nanoseconds of the runtime's host clock (the clock of the
 * session's API records); CANN returns the host counter's cycles, or
 * CLOCK_MONOTONIC_RAW nanoseconds where that counter is not enabled. */
MSVP_PROF_API uint64_t MsprofSysCycleTime(void);

/* The id msprof's hash dictionary gives the |length| bytes of |hashInfo|
 * (CANN's HashData::DoubleHash: two 32-bit accumulators over the bytes as
 * signed chars, h0 = h0*29 + c and h1 = h1*131 + c; (h0 << 32) | h1), the
 * same for the same bytes in every process. NULL or length 0 → UINT64_MAX.
 * MsprofStr2Id is the same function. libascendcl.so exports both as well:
 * code that calls them directly (torch_npu's and triton-ascend's kernel
 * launchers) finds them through libascendcl.so, as CANN's dependency chain
 * provides them. */
MSVP_PROF_API uint64_t MsprofGetHashId(const char* hashInfo, size_t length);

/* Profiling initialisation by a framework (MindSpore 2.0 to 2.2 calls
 * MsprofInit(MSPROF_CTRL_INIT_DYNA = 0xFF, NULL, 0) under msprof) and its
 * end. Not supported in aclsim: MSPROF_ERROR_NOT_SUPPORTED_ACLSIM. aclsim's
 * runtime reads command-mode profiling (aclInit's "profiler" section,
 * PROFILER_SAMPLECONFIG) itself, so a program run by msprof collects
 * without these calls. */
MSVP_PROF_API int32_t MsprofInit(uint32_t dataType, void* data, uint32_t dataLen);
MSVP_PROF_API int32_t MsprofFinalize(void);
MSVP_PROF_API uint64_t MsprofStr2Id(const char* hashInfo, size_t length);

#ifdef __cplusplus
}
#endif

#endif /* APROF_PUB_H */
