/*
 * aclsim - clean-room declaration of the ACL profiling API (acl_prof.h).
 *
 * aclsim provides the aclprof* entry points (exported by its libmsprofiler.so)
 * over a simulated NPU. This header is our own declaration of the public
 * profiling API as it stands in current CANN (collection sessions, operator
 * subscription, step markers, msproftx stamps and tensor-info ranges).
 * Every macro, enumerator value, struct layout and prototype matches CANN.
 * Extra symbols that frameworks look up at run time (warm-up, feature list,
 * graph subscription, stamp category/payload) are declared separately in
 * acl/prof_acl_api.h.
 */
#ifndef INC_EXTERNAL_ACL_PROF_H_
#define INC_EXTERNAL_ACL_PROF_H_

/* Export marker of the profiling library. */
#ifndef MSVP_PROF_API
#if (defined(_WIN32) || defined(_WIN64) || defined(_MSC_VER))
#define MSVP_PROF_API __declspec(dllexport)
#else
#define MSVP_PROF_API __attribute__((visibility("default")))
#endif
#endif

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* dataTypeConfig bits for aclprofCreateConfig                              */
/* ------------------------------------------------------------------------ */
#define ACL_PROF_ACL_API 0x0001ULL           /* ACL API call timing */
#define ACL_PROF_TASK_TIME 0x0002ULL         /* op launch/exec time plus op details */
#define ACL_PROF_AICORE_METRICS 0x0004ULL    /* AI Core PMU metrics (see aclprofAicoreMetrics) */
#define ACL_PROF_AICPU 0x0008ULL             /* AI CPU task start/end */
#define ACL_PROF_L2CACHE 0x0010ULL           /* L2 cache / TLB hit rate */
#define ACL_PROF_HCCL_TRACE 0x0020ULL        /* collective communication */
#define ACL_PROF_TRAINING_TRACE 0x0040ULL    /* iteration trace */
#define ACL_PROF_MSPROFTX 0x0080ULL          /* user msproftx markers */
#define ACL_PROF_RUNTIME_API 0x0100ULL       /* runtime API timing */
#define ACL_PROF_GE_API_L0 0x0200ULL         /* host scheduling, coarse */
#define ACL_PROF_TASK_TIME_L0 0x0800ULL      /* op launch/exec time only */
#define ACL_PROF_TASK_MEMORY 0x1000ULL       /* op memory usage */
#define ACL_PROF_GE_API_L1 0x01000000ULL     /* host scheduling, fine */
#define ACL_PROF_TASK_TIME_L2 0x2000ULL      /* task time, level 2 */
#define ACL_PROF_OP_ATTR 0x4000ULL           /* op attributes */
#define ACL_PROF_TASK_TIME_L3 0x8000ULL      /* task time, level 3 */
#define ACL_PROF_API_STATS 0x400000000ULL    /* online API statistics */
#define ACL_PROF_AICORE_SHAPE 0x800000000ULL /* AI Core shape information */

/* Historic fixed buffer sizes for op names/types; prefer aclprofGetOpNameLen/TypeLen. */
#define ACL_PROF_MAX_OP_NAME_LEN 257
#define ACL_PROF_MAX_OP_TYPE_LEN 65

/* ------------------------------------------------------------------------ */
/* Enumerations                                                             */
/* ------------------------------------------------------------------------ */

/* AI Core metric group collected with ACL_PROF_AICORE_METRICS. */
typedef enum {
  ACL_AICORE_ARITHMETIC_UTILIZATION = 0,
  ACL_AICORE_PIPE_UTILIZATION = 1,
  ACL_AICORE_MEMORY_BANDWIDTH = 2,
  ACL_AICORE_L0B_AND_WIDTH = 3,
  ACL_AICORE_RESOURCE_CONFLICT_RATIO = 4,
  ACL_AICORE_MEMORY_UB = 5,
  ACL_AICORE_L2_CACHE = 6,
  ACL_AICORE_PIPE_EXECUTE_UTILIZATION = 7,
  ACL_AICORE_MEMORY_ACCESS = 8,
  ACL_AICORE_NONE = 0xFF
} aclprofAicoreMetrics;

/* Which end of a step aclprofGetStepTimestamp marks. */
typedef enum { ACL_STEP_START = 0, ACL_STEP_END = 1 } aclprofStepTag;

/* Kind of record in subscription data. */
typedef enum {
  ACL_SUBSCRIBE_OP = 0,
  ACL_SUBSCRIBE_SUBGRAPH = 1,
  ACL_SUBSCRIBE_OP_THREAD = 2,
  ACL_SUBSCRIBE_NONE = 0xFF
} aclprofSubscribeOpFlag;

/* Extra attributes readable with aclprofGetOpAttriValue. */
typedef enum { ACL_SUBSCRIBE_ATTRI_THREADID = 0, ACL_SUBSCRIBE_ATTRI_NONE } aclprofSubscribeOpAttri;

/* Option selector for aclprofSetConfig (value 2 is unused). */
typedef enum {
  ACL_PROF_ARGS_MIN = 0,
  ACL_PROF_STORAGE_LIMIT = 1,
  ACL_PROF_SYS_HARDWARE_MEM_FREQ = 3,
  ACL_PROF_LLC_MODE = 4,
  ACL_PROF_SYS_IO_FREQ = 5,
  ACL_PROF_SYS_INTERCONNECTION_FREQ = 6,
  ACL_PROF_DVPP_FREQ = 7,
  ACL_PROF_HOST_SYS = 8,
  ACL_PROF_HOST_SYS_USAGE = 9,
  ACL_PROF_HOST_SYS_USAGE_FREQ = 10,
  ACL_PROF_LOW_POWER_FREQ = 11,
  ACL_PROF_SYS_MEM_SERVICEFLOW = 12,
  ACL_PROF_SYS_CPU_FREQ = 13,
  ACL_PROF_OPTYPE = 14,
  ACL_PROF_NTS_METRICS = 15,
  ACL_PROF_PATH = 16,
  ACL_PROF_ARGS_MAX = 17
} aclprofConfigType;

/* Payload kind of aclprofEventAttributes. */
typedef enum { ACL_PROF_MESSAGE_TYPE_TENSOR_INFO = 0 } aclprofMessageType;

/* ------------------------------------------------------------------------ */
/* Types                                                                    */
/* ------------------------------------------------------------------------ */

/* Opaque handles. aclprofAicoreEvents must always be passed as NULL. */
typedef struct aclprofConfig aclprofConfig;
typedef struct aclprofStopConfig aclprofStopConfig;
typedef struct aclprofAicoreEvents aclprofAicoreEvents;
typedef struct aclprofSubscribeConfig aclprofSubscribeConfig;
typedef struct aclprofStepInfo aclprofStepInfo;

#ifndef ACL_PROF_TENSOR_DATA_SHAPE_LEN
#define ACL_PROF_TENSOR_DATA_SHAPE_LEN 8
#endif

/* Tensor-info range types. As in CANN, an includer that defines
 * ACL_PROF_TENSOR_INFO_DEFINED first supplies all three types itself
 * (typedef names included, anonymous structs allowed) and then also
 * ACL_PROF_EVENT_ATTR_VERSION if it needs it. */
#ifndef ACL_PROF_TENSOR_INFO_DEFINED
#define ACL_PROF_TENSOR_INFO_DEFINED

/* Current value for aclprofEventAttributes.version. */
#define ACL_PROF_EVENT_ATTR_VERSION 1

/* One tensor of an operator (48 bytes). */
typedef struct aclprofTensor {
  uint32_t type;     /* 0 = input, 1 = output */
  uint32_t format;   /* aclFormat value */
  uint32_t dataType; /* aclDataType value */
  uint32_t shapeDim; /* used entries of shape, at most 8 */
  uint32_t shape[ACL_PROF_TENSOR_DATA_SHAPE_LEN];
} aclprofTensor;

/* Operator description attached to a tensor-info range (48 bytes on LP64). */
typedef struct aclprofTensorInfo {
  uint64_t opNameId; /* aclprofStr2Id(op name) */
  uint64_t opTypeId; /* aclprofStr2Id(op type) */
  uint32_t resv;
  uint32_t tensorNum; /* entries in tensors */
  uint32_t kernelType;
  uint32_t blockNums;
  void* stream; /* stream the operator runs on */
  aclprofTensor* tensors;
} aclprofTensorInfo;

/* Argument of aclprofRangePushEx (16 bytes). The layout is frozen; it may
 * only grow at the end together with a version increase. */
typedef struct aclprofEventAttributes {
  uint16_t version;     /* ACL_PROF_EVENT_ATTR_VERSION */
  uint16_t size;        /* size of the message member */
  uint32_t messageType; /* aclprofMessageType */
  union Message {
    aclprofTensorInfo* tensorInfo;
  } message;
} aclprofEventAttributes;

#endif /* ACL_PROF_TENSOR_INFO_DEFINED */

/* ------------------------------------------------------------------------ */
/* Collection sessions                                                      */
/* ------------------------------------------------------------------------ */

/* Start a profiling session writing below profilerResultPath (length = strlen(path), < 4096).
 * ACL_ERROR_INVALID_PARAM on bad path/length, ACL_ERROR_REPEAT_INITIALIZE if already initialised,
 * ACL_ERROR_PROF_API_CONFLICT while a model subscription is active. */
MSVP_PROF_API aclError aclprofInit(const char* profilerResultPath, size_t length);

/* End the session: stop running collections, flush data, drop msproftx state. */
MSVP_PROF_API aclError aclprofFinalize(void);

/* Begin collecting with profilerConfig. ACL_ERROR_PROF_MODULES_UNSUPPORTED for unknown
 * dataTypeConfig bits, ACL_ERROR_INVALID_PARAM for an empty config. */
MSVP_PROF_API aclError aclprofStart(const aclprofConfig* profilerConfig);

/* Build a collection config; aicoreEvents must be NULL. Returns NULL on bad device list
 * (NULL with deviceNums > 0, duplicates, unknown ids) or allocation failure. */
MSVP_PROF_API aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums,
                                                 aclprofAicoreMetrics aicoreMetrics,
                                                 const aclprofAicoreEvents* aicoreEvents, uint64_t dataTypeConfig);

/* Free a config. ACL_ERROR_INVALID_PARAM for NULL. */
MSVP_PROF_API aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig);

/* Stop collecting; must be given the config passed to aclprofStart
 * (ACL_ERROR_INVALID_PROFILING_CONFIG on mismatch). */
MSVP_PROF_API aclError aclprofStop(const aclprofConfig* profilerConfig);

/* Set one collection option before aclprofStart (configLength = strlen(config), <= 256).
 * ACL_ERROR_INVALID_PARAM on bad arguments, ACL_ERROR_INVALID_PROFILING_CONFIG on a bad value. */
MSVP_PROF_API aclError aclprofSetConfig(aclprofConfigType configType, const char* config, size_t configLength);

/* ------------------------------------------------------------------------ */
/* Operator subscription                                                    */
/* ------------------------------------------------------------------------ */

/* Stream per-operator records of a loaded model into the pipe named by the config.
 * ACL_ERROR_INVALID_MODEL_ID for unknown models, ACL_ERROR_PROF_REPEAT_SUBSCRIBE if
 * already subscribed, ACL_ERROR_PROF_API_CONFLICT inside an aclprofInit session. */
MSVP_PROF_API aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig* profSubscribeConfig);

/* Stop a subscription, flush pending records and close the pipe's write end.
 * ACL_ERROR_INVALID_MODEL_ID if the model is unknown or not subscribed. */
MSVP_PROF_API aclError aclprofModelUnSubscribe(uint32_t modelId);

/* Build a subscription config; fd points to an int holding the pipe's write descriptor
 * and must stay valid until unsubscribe. NULL if fd is NULL or timeInfoSwitch is not 0/1. */
MSVP_PROF_API aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch,
                                                                   aclprofAicoreMetrics aicoreMetrics, void* fd);

/* Free a subscription config. ACL_ERROR_INVALID_PARAM for NULL. */
MSVP_PROF_API aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig);

/* Size in bytes of one record in subscription data. */
MSVP_PROF_API aclError aclprofGetOpDescSize(size_t* opDescSize);

/* Number of records in opInfo. ACL_ERROR_INVALID_PARAM for malformed data. */
MSVP_PROF_API aclError aclprofGetOpNum(const void* opInfo, size_t opInfoLen, uint32_t* opNumber);

/* Length of record index's op type including the terminating NUL. */
MSVP_PROF_API aclError aclprofGetOpTypeLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opTypeLen);

/* Copy record index's op type into opType (opTypeLen bytes). Each type can be read once. */
MSVP_PROF_API aclError aclprofGetOpType(const void* opInfo, size_t opInfoLen, uint32_t index, char* opType,
                                        size_t opTypeLen);

/* Length of record index's op name including the terminating NUL. */
MSVP_PROF_API aclError aclprofGetOpNameLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opNameLen);

/* Copy record index's op name into opName (opNameLen bytes). Each name can be read once. */
MSVP_PROF_API aclError aclprofGetOpName(const void* opInfo, size_t opInfoLen, uint32_t index, char* opName,
                                        size_t opNameLen);

/* Start time, end time and duration of record index; 0 on error. */
MSVP_PROF_API uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index);
MSVP_PROF_API uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index);
MSVP_PROF_API uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index);

/* Model id of record index (on error the error code is returned as the value). */
MSVP_PROF_API size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index);

/* Record kind of record index; ACL_SUBSCRIBE_NONE for NULL data. */
MSVP_PROF_API aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index);

/* Text value of attribute attri of record index (shared static buffer), NULL if not present. */
MSVP_PROF_API const char* aclprofGetOpAttriValue(const void* opInfo, size_t opInfoLen, uint32_t index,
                                                 aclprofSubscribeOpAttri attri);

/* ------------------------------------------------------------------------ */
/* Step markers                                                             */
/* ------------------------------------------------------------------------ */

/* Enqueue a step start/end marker on stream. Each tag may be used once per step info
 * (ACL_ERROR_INVALID_PARAM on reuse or NULL stepInfo). */
MSVP_PROF_API aclError aclprofGetStepTimestamp(aclprofStepInfo* stepInfo, aclprofStepTag tag, aclrtStream stream);

/* Allocate a step info with the next step index; NULL on allocation failure. */
MSVP_PROF_API aclprofStepInfo* aclprofCreateStepInfo(void);

/* Free a step info (NULL is ignored). */
MSVP_PROF_API void aclprofDestroyStepInfo(aclprofStepInfo* stepinfo);

/* ------------------------------------------------------------------------ */
/* msproftx stamps (need a running session with ACL_PROF_MSPROFTX)          */
/* ------------------------------------------------------------------------ */

/* Take a stamp from the pool; NULL if msproftx is not active or the pool is empty. */
MSVP_PROF_API void* aclprofCreateStamp(void);

/* Return a stamp to the pool. */
MSVP_PROF_API void aclprofDestroyStamp(void* stamp);

/* Record the start of a nested range on the calling thread. */
MSVP_PROF_API aclError aclprofPush(void* stamp);

/* Close the most recently pushed range. */
MSVP_PROF_API aclError aclprofPop(void);

/* Open a range that may end on another thread; *rangeId identifies it. */
MSVP_PROF_API aclError aclprofRangeStart(void* stamp, uint32_t* rangeId);

/* Close the range rangeId. */
MSVP_PROF_API aclError aclprofRangeStop(uint32_t rangeId);

/* Attach a message (msgLen < 128 bytes) to a stamp. */
MSVP_PROF_API aclError aclprofSetStampTraceMessage(void* stamp, const char* msg, uint32_t msgLen);

/* Record an instant marker from a stamp. */
MSVP_PROF_API aclError aclprofMark(void* stamp);

/* Record an instant marker with message msg (msgLen = strlen(msg)) and a matching
 * stream-ordered device marker on stream. */
MSVP_PROF_API aclError aclprofMarkEx(const char* msg, size_t msgLen, aclrtStream stream);

/* Stable 64-bit id of a string (UINT64_MAX for ""). */
MSVP_PROF_API uint64_t aclprofStr2Id(const char* message);

/* Begin a tensor-info range described by attr (ACL_ERROR_INVALID_PARAM for NULL). */
MSVP_PROF_API aclError aclprofRangePushEx(aclprofEventAttributes* attr);

/* End the range begun by aclprofRangePushEx and report its tensor info. */
MSVP_PROF_API aclError aclprofRangePop(void);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_PROF_H_ */
