/*
 * aclsim - clean-room declaration of the ACL runtime API (acl_rt.h).
 *
 * aclsim implements the Ascend ACL runtime on a simulated NPU. This header is
 * our own declaration of the runtime types and entry points (init, devices,
 * contexts, streams, events, memory, callbacks, profiling markers). Names,
 * enumerator values, struct layouts and prototypes match CANN so existing
 * programs build unchanged. Only the subset aclsim supports is declared; the
 * newer kernel-launch, VMM/IPC, notify, mbuf and snapshot APIs of CANN are
 * not provided. Model runtime instances (aclmdlRI*: capture, build, labels)
 * are declared at the end (docs/model_ri.md). The user-allocator functions are declared in
 * acl_rt_allocator.h, which this header includes (as CANN's does).
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_H_
#define INC_EXTERNAL_ACL_ACL_RT_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl_base.h"
#include "acl_rt_allocator.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Interface version reported by aclrtGetVersion (CANN 1.17.0 line). */
#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 17
#define ACL_PATCH_VERSION 0

/* Flags for aclrtCreateEventWithFlag / aclrtCreateEventExWithFlag. */
#define ACL_EVENT_SYNC 0x00000001U
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 0x00000002U
#define ACL_EVENT_TIME_LINE 0x00000008U
#define ACL_EVENT_DEVICE_USE_ONLY 0x00000010U
#define ACL_EVENT_EXTERNAL 0x00000020U
#define ACL_EVENT_IPC 0x00000040U

/* Flags for aclrtCreateStreamWithConfig. */
#define ACL_STREAM_FAST_LAUNCH 0x00000001U
#define ACL_STREAM_FAST_SYNC 0x00000002U
#define ACL_STREAM_PERSISTENT 0x00000004U
#define ACL_STREAM_HUGE 0x00000008U
#define ACL_STREAM_CPU_SCHEDULE 0x00000010U
#define ACL_STREAM_DEVICE_USE_ONLY 0x00000020U

/* Comparison modes for value-wait tasks. */
#define ACL_STREAM_WAIT_VALUE_GEQ 0x00000000U
#define ACL_STREAM_WAIT_VALUE_EQ 0x00000001U
#define ACL_STREAM_WAIT_VALUE_AND 0x00000002U
#define ACL_STREAM_WAIT_VALUE_NOR 0x00000003U

/* Modes for aclrtSetStreamFailureMode. */
#define ACL_CONTINUE_ON_FAILURE 0x00000000U
#define ACL_STOP_ON_FAILURE 0x00000001U

/* Notify creation flags. */
#define ACL_NOTIFY_DEFAULT 0x00000000U
#define ACL_NOTIFY_DEVICE_USE_ONLY 0x00000001U

/* Results of device capability queries. */
#define ACL_DEV_FEATURE_SUPPORT 0x00000001
#define ACL_DEV_FEATURE_NOT_SUPPORT 0x00000000

/* Record / wait behaviour flags for events. */
#define ACL_EVENT_RECORD_DEFAULT 0x0U
#define ACL_EVENT_RECORD_EXTERNAL 0x01U
#define ACL_EVENT_WAIT_DEFAULT 0x0U
#define ACL_EVENT_WAIT_EXTERNAL 0x01U

/* Where the calling program runs. */
typedef enum aclrtRunMode { ACL_DEVICE, ACL_HOST } aclrtRunMode;

/* Task scheduler selection for aclrtSetTsDevice. */
typedef enum aclrtTsId { ACL_TS_ID_AICORE = 0, ACL_TS_ID_AIVECTOR = 1, ACL_TS_ID_RESERVED = 2 } aclrtTsId;

/* Result of the deprecated aclrtQueryEvent. */
typedef enum aclrtEventStatus {
  ACL_EVENT_STATUS_COMPLETE = 0,
  ACL_EVENT_STATUS_NOT_READY = 1,
  ACL_EVENT_STATUS_RESERVED = 2
} aclrtEventStatus;

/* Result of aclrtQueryEventStatus (note: NOT_READY is 0 here). */
typedef enum aclrtEventRecordedStatus {
  ACL_EVENT_RECORDED_STATUS_NOT_READY = 0,
  ACL_EVENT_RECORDED_STATUS_COMPLETE = 1
} aclrtEventRecordedStatus;

/* Result of aclrtQueryEventWaitStatus. */
typedef enum aclrtEventWaitStatus {
  ACL_EVENT_WAIT_STATUS_COMPLETE = 0,
  ACL_EVENT_WAIT_STATUS_NOT_READY = 1,
  ACL_EVENT_WAIT_STATUS_RESERVED = 0xFFFF
} aclrtEventWaitStatus;

/* Result of aclrtStreamQuery. */
typedef enum aclrtStreamStatus {
  ACL_STREAM_STATUS_COMPLETE = 0,
  ACL_STREAM_STATUS_NOT_READY = 1,
  ACL_STREAM_STATUS_RESERVED = 0xFFFF
} aclrtStreamStatus;

/* Whether a host callback blocks the stream until it returns. */
typedef enum aclrtCallbackBlockType { ACL_CALLBACK_NO_BLOCK, ACL_CALLBACK_BLOCK } aclrtCallbackBlockType;

/* Copy direction for the memcpy family. */
typedef enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST,
  ACL_MEMCPY_HOST_TO_DEVICE,
  ACL_MEMCPY_DEVICE_TO_HOST,
  ACL_MEMCPY_DEVICE_TO_DEVICE,
  ACL_MEMCPY_DEFAULT,
  ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE,
  ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
  ACL_MEMCPY_INTER_DEVICE_TO_DEVICE
} aclrtMemcpyKind;

/* Page-size / placement policy for aclrtMalloc (low bits) plus type flags (high bits). */
typedef enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST,
  ACL_MEM_MALLOC_HUGE_ONLY,
  ACL_MEM_MALLOC_NORMAL_ONLY,
  ACL_MEM_MALLOC_HUGE_FIRST_P2P,
  ACL_MEM_MALLOC_HUGE_ONLY_P2P,
  ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
  ACL_MEM_MALLOC_HUGE1G_ONLY,
  ACL_MEM_MALLOC_HUGE1G_ONLY_P2P,
  ACL_MEM_TYPE_LOW_BAND_WIDTH = 0x0100,
  ACL_MEM_TYPE_HIGH_BAND_WIDTH = 0x1000,
  ACL_MEM_ACCESS_USER_SPACE_READONLY = 0x100000
} aclrtMemMallocPolicy;

/* Memory pool selector for aclrtGetMemInfo. */
typedef enum aclrtMemAttr {
  ACL_DDR_MEM,
  ACL_HBM_MEM,
  ACL_DDR_MEM_HUGE,
  ACL_DDR_MEM_NORMAL,
  ACL_HBM_MEM_HUGE,
  ACL_HBM_MEM_NORMAL,
  ACL_DDR_MEM_P2P_HUGE,
  ACL_DDR_MEM_P2P_NORMAL,
  ACL_HBM_MEM_P2P_HUGE,
  ACL_HBM_MEM_P2P_NORMAL,
  ACL_HBM_MEM_HUGE1G,
  ACL_HBM_MEM_P2P_HUGE1G,
  ACL_MEM_NORMAL,
  ACL_MEM_HUGE,
  ACL_MEM_HUGE1G,
  ACL_MEM_P2P_NORMAL,
  ACL_MEM_P2P_HUGE,
  ACL_MEM_P2P_HUGE1G
} aclrtMemAttr;

/* Attributes readable with aclrtGetGroupInfoDetail. */
typedef enum aclrtGroupAttr {
  ACL_GROUP_AICORE_INT,
  ACL_GROUP_AIV_INT,
  ACL_GROUP_AIC_INT,
  ACL_GROUP_SDMANUM_INT,
  ACL_GROUP_ASQNUM_INT,
  ACL_GROUP_GROUPID_INT
} aclrtGroupAttr;

/* Floating-point overflow behaviour of the device. */
typedef enum aclrtFloatOverflowMode {
  ACL_RT_OVERFLOW_MODE_SATURATION = 0,
  ACL_RT_OVERFLOW_MODE_INFNAN,
  ACL_RT_OVERFLOW_MODE_UNDEF
} aclrtFloatOverflowMode;

/* Stream configuration of CANN's aclrtCreateStreamConfigHandle/aclrtCreateStreamV2,
 * which CANN's Linux libacl_rt.so does not export (programs look them up with
 * dlsym); declared for such programs to build. */
typedef enum {
  ACL_RT_STREAM_WORK_ADDR_PTR = 0,
  ACL_RT_STREAM_WORK_SIZE,
  ACL_RT_STREAM_FLAG,
  ACL_RT_STREAM_PRIORITY,
} aclrtStreamConfigAttr;

typedef struct aclrtStreamConfigHandle {
  void* workptr;
  size_t workSize;
  size_t flag;
  uint32_t priority;
} aclrtStreamConfigHandle;

/* Health of a device reported by aclrtQueryDeviceStatus. */
typedef enum aclrtDeviceStatus {
  ACL_RT_DEVICE_STATUS_NORMAL = 0,
  ACL_RT_DEVICE_STATUS_ABNORMAL,
  ACL_RT_DEVICE_STATUS_END = 0xFFFF
} aclrtDeviceStatus;

/* A memory UCE (uncorrectable error) address range. */
#define MAX_MEM_UCE_INFO_ARRAY_SIZE 128
#define UCE_INFO_RESERVED_SIZE 14
typedef struct aclrtMemUceInfo {
  void* addr;
  size_t len;
  size_t reserved[UCE_INFO_RESERVED_SIZE];
} aclrtMemUceInfo;

/* Kind of device fault reported by aclrtGetErrorVerbose. */
typedef enum {
  ACL_RT_NO_ERROR = 0,
  ACL_RT_ERROR_MEMORY = 1,
  ACL_RT_ERROR_L2 = 2,
  ACL_RT_ERROR_AICORE = 3,
  ACL_RT_ERROR_LINK = 4,
  ACL_RT_ERROR_L3_PORT = 5,
  ACL_RT_ERROR_OTHERS = 0xFFFF,
} aclrtErrorType;

typedef enum aclrtAicoreErrorType {
  ACL_RT_AICORE_ERROR_UNKNOWN,
  ACL_RT_AICORE_ERROR_SW,
  ACL_RT_AICORE_ERROR_HW_LOCAL,
} aclrtAicoreErrorType;

#define ACL_RT_MEM_UCE_INFO_MAX_NUM 20
typedef struct {
  size_t arraySize;
  aclrtMemUceInfo memUceInfoArray[ACL_RT_MEM_UCE_INFO_MAX_NUM];
} aclrtMemUceInfoArray;

typedef union aclrtErrorInfoDetail {
  aclrtMemUceInfoArray uceInfo;
  aclrtAicoreErrorType aicoreErrType;
} aclrtErrorInfoDetail;

/* Detail of a device fault (aclrtGetErrorVerbose). */
typedef struct aclrtErrorInfo {
  uint8_t tryRepair;
  uint8_t hasDetail;
  uint8_t reserved[2];
  aclrtErrorType errorType;
  aclrtErrorInfoDetail detail;
} aclrtErrorInfo;

/* Error level for aclrtGetLastError / aclrtPeekAtLastError. */
typedef enum aclrtLastErrLevel { ACL_RT_THREAD_LEVEL = 0 } aclrtLastErrLevel;

/* Device attributes for aclrtGetDeviceInfo. */
typedef enum {
  ACL_DEV_ATTR_AICPU_CORE_NUM = 1,
  ACL_DEV_ATTR_AICORE_CORE_NUM = 101,
  ACL_DEV_ATTR_CUBE_CORE_NUM = 102,
  ACL_DEV_ATTR_VECTOR_CORE_NUM = 201,
  ACL_DEV_ATTR_WARP_SIZE = 202,
  ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE = 203,
  ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE ACL_DEPRECATED_MESSAGE("Use ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE instead") = 204,
  ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE = 204,
  ACL_DEV_ATTR_MAX_GRID_DIM_X = 205,
  ACL_DEV_ATTR_MAX_GRID_DIM_Y = 206,
  ACL_DEV_ATTR_MAX_GRID_DIM_Z = 207,
  ACL_DEV_ATTR_MAX_BLOCK_PER_GRID = 208,
  ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK = 209,
  ACL_DEV_ATTR_MAX_BLOCK_DIM_X = 210,
  ACL_DEV_ATTR_MAX_BLOCK_DIM_Y = 211,
  ACL_DEV_ATTR_MAX_BLOCK_DIM_Z = 212,
  ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE = 301,
  ACL_DEV_ATTR_L2_CACHE_SIZE = 302,
  ACL_DEV_ATTR_SMP_ID = 401U,
  ACL_DEV_ATTR_PHY_CHIP_ID = 402U,
  ACL_DEV_ATTR_SUPER_POD_DEVIDE_ID = 403U,
  ACL_DEV_ATTR_SUPER_POD_DEVICE_ID = 403U,
  ACL_DEV_ATTR_SUPER_POD_SERVER_ID = 404U,
  ACL_DEV_ATTR_SUPER_POD_ID = 405U,
  ACL_DEV_ATTR_CUST_OP_PRIVILEGE = 406U,
  ACL_DEV_ATTR_MAINBOARD_ID = 407U,
  ACL_DEV_ATTR_HD_CONNECT_TYPE = 408U,
  ACL_DEV_ATTR_DEVICE_FORM_FACTOR = 409U,
  ACL_DEV_ATTR_IS_VIRTUAL = 501U,
  ACL_DEV_ATTR_NPU_ARCH = 601U,
} aclrtDevAttr;

/* Device features for aclrtGetDeviceCapability. */
typedef enum {
  ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV = 1,
  ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV = 21,
} aclrtDevFeatureType;

/* Resources limited per device or thread (aclrtGetResInCurrentThread). */
typedef enum {
  ACL_RT_DEV_RES_CUBE_CORE = 0,
  ACL_RT_DEV_RES_VECTOR_CORE,
} aclrtDevResLimitType;

/* Package version strings (aclsysGetVersionStr). */
#define ACL_PKG_VERSION_MAX_SIZE 128
#define ACL_PKG_VERSION_PARTS_MAX_SIZE 64

/* Device utilisation in percent; utilizationExtend must be NULL. */
typedef struct aclrtUtilizationExtendInfo aclrtUtilizationExtendInfo;
typedef struct aclrtUtilizationInfo {
  int32_t cubeUtilization;
  int32_t vectorUtilization;
  int32_t aicpuUtilization;
  int32_t memoryUtilization;
  aclrtUtilizationExtendInfo* utilizationExtend;
} aclrtUtilizationInfo;

/* Opaque group information and exception information records. */
typedef struct tagRtGroupInfo aclrtGroupInfo;
typedef struct rtExceptionInfo aclrtExceptionInfo;

/* Host callback types. */
typedef void (*aclrtCallback)(void* userData);
typedef void (*aclrtHostFunc)(void* args);
typedef void (*aclrtExceptionInfoCallback)(aclrtExceptionInfo* exceptionInfo);

/* ------------------------------------------------------------------------ */
/* Process-level initialisation                                             */
/* ------------------------------------------------------------------------ */

/* Initialise ACL; configPath may be NULL or "" (no JSON config).
 * ACL_ERROR_REPEAT_INITIALIZE on a second call. */
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);

/* Release everything set up by aclInit. ACL_ERROR_REPEAT_FINALIZE on a second call. */
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

/* Reference-counted finalize; *refCount (if not NULL) receives the remaining count. */
ACL_FUNC_VISIBILITY aclError aclFinalizeReference(uint64_t* refCount);

/* Text of the last error recorded for the calling thread, NULL if none. */
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void);

/* Report ACL_MAJOR/MINOR/PATCH_VERSION of the implementation. */
ACL_DEPRECATED_MESSAGE("aclrtGetVersion is deprecated, use aclSysGetVersion instead")
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion);

/* Version of the installed package pkgName ("runtime") as text, e.g. "9.1.0"
 * (versionStr holds ACL_PKG_VERSION_MAX_SIZE bytes), and as a number
 * (major * 10000000 + minor * 100000 + patch * 1000). An unknown package is
 * ACL_ERROR_INVALID_FILE. */
ACL_FUNC_VISIBILITY aclError aclsysGetVersionStr(char* pkgName, char* versionStr);
ACL_FUNC_VISIBILITY aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum);

/* Return (without clearing) the last runtime error of the calling thread. */
ACL_FUNC_VISIBILITY aclError aclrtPeekAtLastError(aclrtLastErrLevel level);

/* Return and clear the last runtime error of the calling thread. */
ACL_FUNC_VISIBILITY aclError aclrtGetLastError(aclrtLastErrLevel level);

/* ------------------------------------------------------------------------ */
/* Exceptions and host callbacks                                            */
/* ------------------------------------------------------------------------ */

/* Install one process-wide handler for device task exceptions (NULL removes it). */
ACL_DEPRECATED_MESSAGE(
    "aclrtSetExceptionInfoCallback is deprecated, use aclrtExceptionInfoCallbackRegister and "
    "aclrtExceptionInfoCallbackUnregister instead")
ACL_FUNC_VISIBILITY aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback);

/* Add an exception handler (registering the same pointer twice is a no-op). */
ACL_FUNC_VISIBILITY aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback);

/* Remove an exception handler (unknown pointers are ignored). */
ACL_FUNC_VISIBILITY aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback);

/* Fields of an exception record (valid only inside the exception callback it
 * was handed to); each returns 0xFFFFFFFF for a NULL record. */
ACL_FUNC_VISIBILITY uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info);

/* The argument buffer of the failed kernel (*devArgsPtr, *devArgsLen). A NULL
 * info or a record of a task that is no kernel → 0xFFFFFFFF; NULL outputs →
 * ACL_ERROR_INVALID_PARAM. */
ACL_FUNC_VISIBILITY aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo* info, void** devArgsPtr,
                                                           uint32_t* devArgsLen);

/* The kernel function of the failed task; ACL_ERROR_RT_PARAM_INVALID (and
 * *func NULL) when the task ran no function of a loaded binary. */
ACL_FUNC_VISIBILITY aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo* info, aclrtFuncHandle* func);

/* The id of the last task the calling thread launched (0 before any). */
ACL_FUNC_VISIBILITY aclError aclrtGetThreadLastTaskId(uint32_t* taskId);

/* Detail of the last fault of deviceId; ACL_RT_NO_ERROR when it has none. */
ACL_FUNC_VISIBILITY aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo* errorInfo);

/* Bind host thread threadId to run the callbacks launched on stream. */
ACL_FUNC_VISIBILITY aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream);

/* Enqueue host function fn(userData) on stream, run by the stream's subscribed thread when
 * the stream reaches it; blockType decides whether later host tasks of the stream wait for it.
 * A bad blockType → ACL_ERROR_INVALID_PARAM, NULL fn → ACL_ERROR_RT_PARAM_INVALID, a stream
 * without a subscribed thread → ACL_ERROR_RT_STREAM_NO_CB_REG. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType,
                                                 aclrtStream stream);

/* Run pending callbacks for the calling (subscribed) thread, waiting up to timeout ms
 * (-1 = forever; 0 or below -1 → ACL_ERROR_INVALID_PARAM). ACL_ERROR_RT_REPORT_TIMEOUT when
 * nothing arrived in time, ACL_ERROR_RT_THREAD_SUBSCRIBE when the thread serves no stream. */
ACL_FUNC_VISIBILITY aclError aclrtProcessReport(int32_t timeout);

/* Undo aclrtSubscribeReport for (threadId, stream). */
ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream);

/* Enqueue fn(args) on stream as a host task that later host tasks of the stream wait for. It
 * runs on the thread aclrtSubscribeHostFunc bound to the stream, or else on a thread of the
 * runtime's own. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void* args);

/* Bind host thread hostFuncThreadId to run the host functions of exeStream (not NULL), in its
 * aclrtProcessHostFunc (timeout as aclrtProcessReport's; a bad one → ACL_ERROR_RT_PARAM_INVALID),
 * and undo the binding. */
ACL_FUNC_VISIBILITY aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream);
ACL_FUNC_VISIBILITY aclError aclrtProcessHostFunc(int32_t timeout);
ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream);

/* ------------------------------------------------------------------------ */
/* Contexts and devices                                                     */
/* ------------------------------------------------------------------------ */

/* Create a context on deviceId and make it current for the calling thread. */
ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId);

/* Destroy a context created by aclrtCreateContext (not the default one). */
ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context);

/* Make context current for the calling thread. */
ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context);

/* Read the calling thread's current context. */
ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext* context);

/* Default stream of the calling thread's current context. */
ACL_FUNC_VISIBILITY aclError aclrtCtxGetCurrentDefaultStream(aclrtStream* stream);

/* Cores of a device the process may use (cube or vector; at most the device's
 * own), set after aclrtSetDevice and before the ops they limit. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t* value);
ACL_FUNC_VISIBILITY aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value);
ACL_FUNC_VISIBILITY aclError aclrtResetDeviceResLimit(int32_t deviceId);

/* The same for one stream (NULL: the default stream), used by the threads that
 * call aclrtUseStreamResInCurrentThread with it. */
ACL_FUNC_VISIBILITY aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t* value);
ACL_FUNC_VISIBILITY aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value);
ACL_FUNC_VISIBILITY aclError aclrtResetStreamResLimit(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtUseStreamResInCurrentThread(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream);

/* Cube or vector cores the calling thread may use on its current device: the
 * limit of the stream it uses, else the process's, else the device's cores. */
ACL_FUNC_VISIBILITY aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t* value);

/* Read / write a system option in the current context. */
ACL_FUNC_VISIBILITY aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t* value);
ACL_FUNC_VISIBILITY aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value);

/* Read / write a system option for the whole process. */
ACL_FUNC_VISIBILITY aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value);
ACL_FUNC_VISIBILITY aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value);

/* Open deviceId for the calling thread (reference counted), creating its default
 * context and stream. ACL_ERROR_RT_INVALID_DEVICEID for an unknown id. */
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);

/* Drop one reference on deviceId; resources are freed when the count reaches zero. */
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);

/* Release deviceId regardless of how many times it was set. */
ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId);

/* Device used by the calling thread; fails if no device/context is set. */
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId);

/* Choose whether stream keeps running after a failed task (ACL_CONTINUE/STOP_ON_FAILURE). */
ACL_FUNC_VISIBILITY aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode);

/* Report whether the program runs on the host or on the device. */
ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode);

/* Block until all work on the current device has finished. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);

/* As aclrtSynchronizeDevice with a timeout in ms (-1 = forever). */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout);

/* Select the task scheduler used by the calling thread. */
ACL_FUNC_VISIBILITY aclError aclrtSetTsDevice(aclrtTsId tsId);

/* Cube / vector / AI CPU / memory utilisation of deviceId in percent. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo* utilizationInfo);

/* Number of visible devices. ACL_ERROR_INVALID_PARAM for NULL;
   ACL_ERROR_RT_NO_DEVICE when ASCEND_RT_VISIBLE_DEVICES selects none. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count);

/* Device id spaces: the "user" ids every call takes (renumbered by
   ASCEND_RT_VISIBLE_DEVICES), the "logic" ids of the devices the host (or
   container) has, and the physical ids. A NULL output is
   ACL_ERROR_INVALID_PARAM, a negative id ACL_ERROR_RT_PARAM_INVALID, an id
   with no counterpart ACL_ERROR_RT_INVALID_DEVICEID. */
ACL_FUNC_VISIBILITY aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t* const logicDevId);
ACL_FUNC_VISIBILITY aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t* const userDevid);
/* Its output is a user id despite the name (as CANN documents). */
ACL_FUNC_VISIBILITY aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId, int32_t* const logicDevId);
/* Its input is a user id despite the name (as CANN documents). */
ACL_FUNC_VISIBILITY aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t* const phyDevId);
ACL_FUNC_VISIBILITY aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t* const userDevId);
ACL_FUNC_VISIBILITY aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t* const phyDevId);

/* Health state of deviceId. */
ACL_FUNC_VISIBILITY aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus* deviceStatus);

/* Attribute attr of deviceId (core counts, memory size; 0 for the SIMT
 * attributes of the Ascend 950, as CANN answers on other products). */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value);

/* Whether deviceId supports devFeatureType (ACL_DEV_FEATURE_SUPPORT / _NOT_SUPPORT). */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType,
                                                      int32_t* value);

/* Whether kernels built for socVersion run on the current device (1) or not (0). */
ACL_FUNC_VISIBILITY aclError aclrtCheckArchCompatibility(const char* socVersion, int32_t* canCompatible);

/* Peer access between devices: whether deviceId can reach peerDeviceId (they
 * must differ), one-way grants from the current device (flags must be 0), and
 * whether deviceId's grant to peerDeviceId is on (status 1) or off (0). */
ACL_FUNC_VISIBILITY aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId);
ACL_FUNC_VISIBILITY aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags);
ACL_FUNC_VISIBILITY aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId);
ACL_FUNC_VISIBILITY aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t* status);

/* ------------------------------------------------------------------------ */
/* Events                                                                   */
/* ------------------------------------------------------------------------ */

/* Create an event in the current context. */
ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent* event);

/* Create an event with ACL_EVENT_* flags. */
ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag);

/* Create a re-usable event with ACL_EVENT_* flags. */
ACL_FUNC_VISIBILITY aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag);

/* Destroy an event; pending waits on it must have completed. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event);

/* Enqueue a record of event on stream (NULL = default stream). */
ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);

/* Enqueue a reset of event on stream. */
ACL_FUNC_VISIBILITY aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream);

/* Old completion query of an event. */
ACL_DEPRECATED_MESSAGE("aclrtQueryEvent is deprecated, use aclrtQueryEventStatus instead")
ACL_FUNC_VISIBILITY aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status);

/* Whether the last record of event has been reached. */
ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status);

/* Whether the waits on event have completed. */
ACL_FUNC_VISIBILITY aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status);

/* Block the host until event has been reached. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event);

/* As aclrtSynchronizeEvent with a timeout in ms (-1 = forever, 0 = poll).
 * ACL_ERROR_RT_EVENT_SYNC_TIMEOUT when it expires. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout);

/* Milliseconds between two recorded, completed events (both need timing enabled). */
ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent);

/* Device counter value captured when event was recorded. */
ACL_FUNC_VISIBILITY aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t* timestamp);

/* Record event on stream; flag ACL_EVENT_RECORD_DEFAULT (as aclrtRecordEvent) or
 * ACL_EVENT_RECORD_EXTERNAL (while the stream is captured into a model instance). */
ACL_FUNC_VISIBILITY aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag);

/* Numeric id of event. */
ACL_FUNC_VISIBILITY aclError aclrtGetEventId(aclrtEvent event, uint32_t* eventId);

/* ------------------------------------------------------------------------ */
/* Memory                                                                   */
/* ------------------------------------------------------------------------ */

/* Allocate device memory (size rounded up to 32 bytes plus 32 padding).
 * ACL_ERROR_INVALID_PARAM for size 0 / NULL; ACL_ERROR_RT_MEMORY_ALLOCATION when full. */
ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);

/* Allocate device memory rounded to 32 bytes without extra padding. */
ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy);

/* Allocate cacheable device memory (pair with aclrtMemFlush / aclrtMemInvalidate). */
ACL_FUNC_VISIBILITY aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy);

/* Write cached device data back to memory. */
ACL_FUNC_VISIBILITY aclError aclrtMemFlush(void* devPtr, size_t size);

/* Drop cached device data so the next read comes from memory. */
ACL_FUNC_VISIBILITY aclError aclrtMemInvalidate(void* devPtr, size_t size);

/* Free memory returned by aclrtMalloc*. */
ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr);

/* Allocate host memory suitable for fast copies. */
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size);

/* Free memory returned by aclrtMallocHost. */
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr);

/* Synchronous copy of count bytes. count == 0 succeeds at once; NULL dst/src or a bad kind →
 * ACL_ERROR_INVALID_PARAM; count > destMax → ACL_ERROR_RT_PARAM_INVALID (from the runtime). */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                         aclrtMemcpyKind kind);

/* Fill count bytes at devPtr with (uint8_t)value; count must not exceed maxCount. */
ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count);

/* Enqueue a copy on stream; complete after the stream is synchronised. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream);

/* Enqueue a byte fill on stream. */
ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                                              aclrtStream stream);

/* Synchronous 2-D copy of height rows of width bytes with the given pitches. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                           size_t height, aclrtMemcpyKind kind);

/* Enqueue a 2-D copy on stream. */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy2dAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                                size_t height, aclrtMemcpyKind kind, aclrtStream stream);

/* Free / total bytes of the memory pool attr on the current device. */
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total);

/* ------------------------------------------------------------------------ */
/* Message buffers (aclrtMbuf): the shared buffers of acl_tdt_queue.h       */
/* ------------------------------------------------------------------------ */

/* The buffer at |index| of the chain that starts at |headBuf| (0: the head). */
ACL_FUNC_VISIBILITY aclError aclrtGetBufFromChain(aclrtMbuf headBuf, uint32_t index, aclrtMbuf* buf);
/* The number of buffers in the chain that starts at |headBuf|. */
ACL_FUNC_VISIBILITY aclError aclrtGetBufChainNum(aclrtMbuf headBuf, uint32_t* num);
/* Append |buf| to the chain that starts at |headBuf|. */
ACL_FUNC_VISIBILITY aclError aclrtAppendBufChain(aclrtMbuf headBuf, aclrtMbuf buf);
/* A new buffer header in |newBuf| sharing |buf|'s data area. */
ACL_FUNC_VISIBILITY aclError aclrtCopyBufRef(const aclrtMbuf buf, aclrtMbuf* newBuf);
/* Copy |size| bytes from / to |buf|'s 96-byte private user-data area at |offset|. */
ACL_FUNC_VISIBILITY aclError aclrtGetBufUserData(const aclrtMbuf buf, void* dataPtr, size_t size, size_t offset);
ACL_FUNC_VISIBILITY aclError aclrtSetBufUserData(aclrtMbuf buf, const void* dataPtr, size_t size, size_t offset);
/* The address and size of |buf|'s data area. */
ACL_FUNC_VISIBILITY aclError aclrtGetBufData(const aclrtMbuf buf, void** dataPtr, size_t* size);
/* Read / set how many bytes of |buf|'s data area are valid (at most its size). */
ACL_FUNC_VISIBILITY aclError aclrtGetBufDataLen(aclrtMbuf buf, size_t* len);
ACL_FUNC_VISIBILITY aclError aclrtSetBufDataLen(aclrtMbuf buf, size_t len);
/* Release |buf| (and the chain it heads). */
ACL_FUNC_VISIBILITY aclError aclrtFreeBuf(aclrtMbuf buf);
/* A new buffer of |size| (> 0) bytes in |buf|. */
ACL_FUNC_VISIBILITY aclError aclrtAllocBuf(aclrtMbuf* buf, size_t size);

/* ------------------------------------------------------------------------ */
/* Streams                                                                  */
/* ------------------------------------------------------------------------ */

/* Create a stream in the current context. */
ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream);

/* Create a stream with priority (0..7) and ACL_STREAM_* flags. */
ACL_FUNC_VISIBILITY aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag);

/* Destroy a stream; synchronise it first. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);

/* Destroy a stream, discarding work that has not run yet. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStreamForce(aclrtStream stream);

/* Block the host until every task on stream has finished (NULL = default stream). */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);

/* As aclrtSynchronizeStream with a timeout in ms (-1 = forever, 0 = poll).
 * ACL_ERROR_RT_STREAM_SYNC_TIMEOUT when it expires. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout);

/* Non-blocking completion check of stream. */
ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status);

/* Priority stream was created with. */
ACL_FUNC_VISIBILITY aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t* priority);

/* Flags stream was created with. */
ACL_FUNC_VISIBILITY aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t* flags);

/* Make later work on stream wait until event has been reached. */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);

/* Numeric id of stream. */
ACL_FUNC_VISIBILITY aclError aclrtStreamGetId(aclrtStream stream, int32_t* streamId);

/* As aclrtStreamWaitEvent with a timeout in s (0 = none); flag ACL_EVENT_WAIT_DEFAULT or
 * ACL_EVENT_WAIT_EXTERNAL (while the stream is captured into a model instance). */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout,
                                                          uint32_t flag);

/* As aclrtStreamWaitEvent with a timeout in s (0 = none). */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout);

/* Discard the tasks of stream that have not run; host waits on it return ACL_ERROR_RT_STREAM_ABORT. */
ACL_FUNC_VISIBILITY aclError aclrtStreamAbort(aclrtStream stream);

/* Stop the task stream is running (not the default stream); queued tasks stay. */
ACL_FUNC_VISIBILITY aclError aclrtStreamStop(aclrtStream stream);

/* Lowest and highest stream priority (a smaller number is a higher priority). */
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetStreamPriorityRange(int32_t* leastPriority, int32_t* greatestPriority);

/* Stream life-cycle callbacks (aclrtRegStreamStateCallback). */
typedef enum {
  ACL_RT_STREAM_STATE_CREATE_POST = 1, /* after a stream was created */
  ACL_RT_STREAM_STATE_DESTROY_PRE      /* before a stream is destroyed */
} aclrtStreamState;

typedef void (*aclrtStreamStateCallback)(aclrtStream stm, aclrtStreamState state, void* args);

/* Register callback under regName (NULL callback: unregister). */
ACL_FUNC_VISIBILITY aclError aclrtRegStreamStateCallback(const char* regName, aclrtStreamStateCallback callback,
                                                         void* args);

/* ------------------------------------------------------------------------ */
/* Stream memory operations and notifies                                    */
/* ------------------------------------------------------------------------ */

/* Enqueue a write of the 64-bit value at devAddr (8-byte aligned device memory); flag is 0. */
ACL_FUNC_VISIBILITY aclError aclrtValueWrite(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream);

/* Make stream wait until the 64-bit value at devAddr satisfies flag (ACL_STREAM_WAIT_VALUE_*). */
ACL_FUNC_VISIBILITY aclError aclrtValueWait(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream);

/* Create / destroy a notify of the current device (flag ACL_NOTIFY_DEFAULT or ACL_NOTIFY_DEVICE_USE_ONLY). */
ACL_FUNC_VISIBILITY aclError aclrtCreateNotify(aclrtNotify* notify, uint64_t flag);
ACL_FUNC_VISIBILITY aclError aclrtDestroyNotify(aclrtNotify notify);

/* Enqueue a record of notify on stream. */
ACL_FUNC_VISIBILITY aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream);

/* Make stream wait until notify is recorded, then reset it; timeout in s (0 = none). */
ACL_FUNC_VISIBILITY aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout);

/* Numeric id of notify. */
ACL_FUNC_VISIBILITY aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t* notifyId);

/* Reset num notifies at once. */
ACL_FUNC_VISIBILITY aclError aclrtNotifyBatchReset(aclrtNotify* notifies, size_t num);

/* Inter-process notifies: export notify under a key of at least 65 bytes, import it in
 * another process, and name the processes that may import it. */
#define ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT 0x0UL
#define ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION 0x02UL
#define ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT 0x0UL
#define ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS 0x02UL
ACL_FUNC_VISIBILITY aclError aclrtNotifyGetExportKey(aclrtNotify notify, char* key, size_t len, uint64_t flags);
ACL_FUNC_VISIBILITY aclError aclrtNotifyImportByKey(aclrtNotify* notify, const char* key, uint64_t flags);
ACL_FUNC_VISIBILITY aclError aclrtNotifySetImportPid(aclrtNotify notify, int32_t* pid, size_t num);

/* ------------------------------------------------------------------------ */
/* Groups, timeouts, overflow                                               */
/* ------------------------------------------------------------------------ */

/* Send later tasks of the current context to compute group groupId. */
ACL_FUNC_VISIBILITY aclError aclrtSetGroup(int32_t groupId);

/* Number of compute groups on the current device (0 = groups unsupported). */
ACL_FUNC_VISIBILITY aclError aclrtGetGroupCount(uint32_t* count);

/* Allocate / free a group-information buffer. */
ACL_FUNC_VISIBILITY aclrtGroupInfo* aclrtCreateGroupInfo(void);
ACL_FUNC_VISIBILITY aclError aclrtDestroyGroupInfo(aclrtGroupInfo* groupInfo);

/* Fill groupInfo with all groups of the current device. */
ACL_FUNC_VISIBILITY aclError aclrtGetAllGroupInfo(aclrtGroupInfo* groupInfo);

/* Read attribute attr of group groupIndex into attrValue (valueLen bytes). */
ACL_FUNC_VISIBILITY aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo* groupInfo, int32_t groupIndex,
                                                     aclrtGroupAttr attr, void* attrValue, size_t valueLen,
                                                     size_t* paramRetSize);

/* Timeout (s) for tasks waiting on events / notifies. */
ACL_FUNC_VISIBILITY aclError aclrtSetOpWaitTimeout(uint32_t timeout);

/* Timeout (s) for a single task's execution. */
ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOut(uint32_t timeout);

/* Timeout (ms) for a single task's execution. */
ACL_FUNC_VISIBILITY aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout);

/* Set / read the device saturation mode. */
ACL_FUNC_VISIBILITY aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode);
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode* mode);

/* Enable (1) / disable (0) overflow checking on stream, and read it back. */
ACL_FUNC_VISIBILITY aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag);
ACL_FUNC_VISIBILITY aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t* flag);

/* Stream tasks that copy the overflow status of the current device's streams
 * (64 bytes) to outputAddr, and clear it. */
ACL_FUNC_VISIBILITY aclError aclrtGetOverflowStatus(void* outputAddr, size_t outputSize, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtResetOverflowStatus(aclrtStream stream);

/* Device memory shared between processes (IPC). The exporting process gets a
 * key (len: at least 65) for [devPtr, devPtr + size) of its aclrtMalloc
 * memory; a process whose id is on the key's whitelist (aclrtIpcMemSetImportPid,
 * ids from aclrtDeviceGetBareTgid), or any process when the export disabled
 * the check, maps the same memory with aclrtIpcMemImportByKey. Every process
 * closes the key with aclrtIpcMemClose, the importers first. */
#define ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT 0x0UL
#define ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION 0x1UL
#define ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT 0x0UL
#define ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS 0x1UL
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_SIO 0
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_HCCS 1
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_ONE_PORT_PATH 2
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_MULTI_PORT_PATH 3
typedef enum {
  ACL_RT_IPC_MEM_ATTR_ACCESS_LINK,
} aclrtIpcMemAttrType;
/* A whitelist entry of a super-node server (aclrtIpcMemImportPidInterServer). */
typedef struct {
  uint32_t sdid;
  int32_t* pid;
  size_t num;
} aclrtServerPid;
ACL_FUNC_VISIBILITY aclError aclrtDeviceGetBareTgid(int32_t* pid);
ACL_FUNC_VISIBILITY aclError aclrtIpcMemGetExportKey(void* devPtr, size_t size, char* key, size_t len, uint64_t flags);
ACL_FUNC_VISIBILITY aclError aclrtIpcMemClose(const char* key);
ACL_FUNC_VISIBILITY aclError aclrtIpcMemImportByKey(void** devPtr, const char* key, uint64_t flags);
ACL_FUNC_VISIBILITY aclError aclrtIpcMemSetImportPid(const char* key, int32_t* pid, size_t num);
ACL_FUNC_VISIBILITY aclError aclrtIpcMemSetAttr(const char* key, aclrtIpcMemAttrType type, uint64_t attr);
ACL_FUNC_VISIBILITY aclError aclrtIpcMemImportPidInterServer(const char* key, aclrtServerPid* serverPids, size_t num);

/* Events shared between processes: an event created with ACL_EVENT_IPC alone
 * (aclrtCreateEventExWithFlag) gives a handle that another process opens as
 * an event of its own; a stream of either process records it or waits for its
 * latest record. Such an event cannot be reset, queried with aclrtQueryEvent
 * or aclrtQueryEventWaitStatus, timed, given an id, or used in a capture. */
#define ACL_IPC_EVENT_HANDLE_SIZE 64U
typedef struct aclrtIpcEventHandle {
  char reserved[ACL_IPC_EVENT_HANDLE_SIZE];
} aclrtIpcEventHandle;
ACL_FUNC_VISIBILITY aclError aclrtIpcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle* handle);
ACL_FUNC_VISIBILITY aclError aclrtIpcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent* event);

/* Virtual memory management: reserve an address range, allocate physical
 * memory (granularity-aligned), map one onto the other, set its access; share
 * physical memory with other processes through a shareable handle. */
typedef enum aclrtMemLocationType {
  ACL_MEM_LOCATION_TYPE_HOST = 0,
  ACL_MEM_LOCATION_TYPE_DEVICE,
  ACL_MEM_LOCATION_TYPE_UNREGISTERED,
  ACL_MEM_LOCATION_TYPE_MANAGED,
  ACL_MEM_LOCATION_TYPE_HOST_NUMA = 4,
} aclrtMemLocationType;
typedef struct aclrtMemLocation {
  uint32_t id;
  aclrtMemLocationType type;
} aclrtMemLocation;
typedef enum aclrtMemAllocationType {
  ACL_MEM_ALLOCATION_TYPE_PINNED = 0,
} aclrtMemAllocationType;
typedef enum aclrtMemHandleType {
  ACL_MEM_HANDLE_TYPE_NONE = 0,
  ACL_MEM_HANDLE_TYPE_POSIX = 2,
} aclrtMemHandleType;
typedef enum aclrtMemSharedHandleType {
  ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT = 0x1,
  ACL_MEM_SHARE_HANDLE_TYPE_FABRIC = 0x2,
} aclrtMemSharedHandleType;
typedef struct aclrtMemFabricHandle {
  uint8_t data[128];
} aclrtMemFabricHandle;
typedef struct aclrtPhysicalMemProp {
  aclrtMemHandleType handleType;
  aclrtMemAllocationType allocationType;
  aclrtMemAttr memAttr;
  aclrtMemLocation location;
  uint64_t reserve;
} aclrtPhysicalMemProp;
typedef enum aclrtMemGranularityOptions {
  ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM,
  ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED,
  ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF = 0xFFFF,
} aclrtMemGranularityOptions;
typedef void* aclrtDrvMemHandle;
typedef enum {
  ACL_RT_MEM_ACCESS_FLAGS_NONE = 0x0,
  ACL_RT_MEM_ACCESS_FLAGS_READ = 0x1,
  ACL_RT_MEM_ACCESS_FLAGS_READWRITE = 0x3,
} aclrtMemAccessFlags;
typedef struct {
  aclrtMemAccessFlags flags;
  aclrtMemLocation location;
  uint8_t rsv[12];
} aclrtMemAccessDesc;
#define ACL_RT_VMM_EXPORT_FLAG_DEFAULT 0x0UL
#define ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION 0x1UL

/* Host memory registered for the device: a mapped range has a device address
 * for kernels (aclsim: the host address itself; copies still treat it as host
 * memory, as CANN's page says of the device address). */
#define ACL_HOST_REG_MAPPED 0x2UL
#define ACL_HOST_REG_IOMEMORY 0x4UL
#define ACL_HOST_REG_READONLY 0x8UL
#define ACL_HOST_REG_PINNED 0x10000000UL
typedef enum aclrtHostRegisterType {
  ACL_HOST_REGISTER_MAPPED = 0,
  ACL_HOST_REGISTER_IOMEMORY = 0x04,
  ACL_HOST_REGISTER_READONLY = 0x08
} aclrtHostRegisterType;
ACL_FUNC_VISIBILITY aclError aclrtHostRegister(void* ptr, uint64_t size, aclrtHostRegisterType type, void** devPtr);
ACL_FUNC_VISIBILITY aclError aclrtHostRegisterV2(void* ptr, uint64_t size, uint32_t flag);
ACL_FUNC_VISIBILITY aclError aclrtHostGetDevicePointer(void* pHost, void** pDevice, uint32_t flag);
ACL_FUNC_VISIBILITY aclError aclrtHostUnregister(void* ptr);

/* Managed (unified) memory: device memory the host also reads and writes
 * directly; freed with aclrtFree. flag: ACL_RT_MEM_ATTACH_GLOBAL. */
#define ACL_RT_MEM_ATTACH_GLOBAL 0x01U
ACL_FUNC_VISIBILITY aclError aclrtMemAllocManaged(void** ptr, uint64_t size, uint32_t flag);

ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp* prop,
                                                              aclrtMemGranularityOptions option, size_t* granularity);
ACL_FUNC_VISIBILITY aclError aclrtMallocPhysical(aclrtDrvMemHandle* handle, size_t size,
                                                 const aclrtPhysicalMemProp* prop, uint64_t flags);
ACL_FUNC_VISIBILITY aclError aclrtFreePhysical(aclrtDrvMemHandle handle);
ACL_FUNC_VISIBILITY aclError aclrtReserveMemAddress(void** virPtr, size_t size, size_t alignment, void* expectPtr,
                                                    uint64_t flags);
ACL_FUNC_VISIBILITY aclError aclrtReleaseMemAddress(void* virPtr);
ACL_FUNC_VISIBILITY aclError aclrtMapMem(void* virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                                         uint64_t flags);
ACL_FUNC_VISIBILITY aclError aclrtUnmapMem(void* virPtr);
ACL_FUNC_VISIBILITY aclError aclrtMemSetAccess(void* virPtr, size_t size, aclrtMemAccessDesc* desc, size_t count);
ACL_FUNC_VISIBILITY aclError aclrtMemGetAccess(void* virPtr, aclrtMemLocation* location, uint64_t* flag);
ACL_FUNC_VISIBILITY aclError aclrtMemRetainAllocationHandle(void* virPtr, aclrtDrvMemHandle* handle);
ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle,
                                                                       aclrtPhysicalMemProp* prop);
ACL_FUNC_VISIBILITY aclError aclrtMemGetAddressRange(void* ptr, void** pbase, size_t* psize);
ACL_FUNC_VISIBILITY aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle, aclrtMemHandleType handleType,
                                                             uint64_t flags, uint64_t* shareableHandle);
ACL_FUNC_VISIBILITY aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t* pid, size_t pidNum);
ACL_FUNC_VISIBILITY aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle, int32_t deviceId,
                                                               aclrtDrvMemHandle* handle);
ACL_FUNC_VISIBILITY aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle, uint64_t flags,
                                                               aclrtMemSharedHandleType shareType,
                                                               void* shareableHandle);
ACL_FUNC_VISIBILITY aclError aclrtMemSetPidToShareableHandleV2(void* shareableHandle,
                                                               aclrtMemSharedHandleType shareType, int32_t* pid,
                                                               size_t pidNum);
ACL_FUNC_VISIBILITY aclError aclrtMemImportFromShareableHandleV2(void* shareableHandle,
                                                                 aclrtMemSharedHandleType shareType, uint64_t flags,
                                                                 aclrtDrvMemHandle* handle);

/* Built-in tasks. Reductions of aclrtReduceAsync (values as CANN's). */
typedef enum {
  ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM = 10,
  ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX = 11,
  ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN = 12,
  ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL = 13,
} aclrtReduceKind;

/* Enqueue an SDMA reduction of count bytes, dst[i] = dst[i] kind src[i]: ACL_INT8, ACL_INT16,
 * ACL_INT32, ACL_FLOAT16, ACL_FLOAT, ACL_BF16; SUM, MAX, MIN (EQUAL: not supported). */
ACL_FUNC_VISIBILITY aclError aclrtReduceAsync(void* dst, const void* src, uint64_t count, aclrtReduceKind kind,
                                              aclDataType type, aclrtStream stream, void* reserve);

/* Dump configuration (acl_dump.h has the rest; docs/dump.md). */
ACL_FUNC_VISIBILITY aclError aclmdlInitDump(void);
ACL_FUNC_VISIBILITY aclError aclmdlSetDump(const char* dumpCfgPath);
ACL_FUNC_VISIBILITY aclError aclmdlFinalizeDump(void);

/* ------------------------------------------------------------------------ */
/* Profiling marker                                                         */
/* ------------------------------------------------------------------------ */

/* Enqueue a user profiling marker carrying userdata on stream. The payload holds at
 * most 18 bytes: shorter data is zero-padded, longer data is rejected. */
ACL_FUNC_VISIBILITY aclError aclrtProfTrace(void* userdata, int32_t length, aclrtStream stream);

/* Random-number task. A parameter: its value (isAddr 0) or its device address (isAddr 1). */
typedef struct {
  uint8_t isAddr;
  uint8_t valueOrAddr[8];
  uint8_t size;
  uint8_t rsv[6];
} aclrtRandomParaInfo;
typedef struct {
  aclrtRandomParaInfo dropoutRation;
} aclrtDropoutBitmaskInfo;
typedef struct {
  aclrtRandomParaInfo min;
  aclrtRandomParaInfo max;
} aclrtUniformDisInfo;
typedef struct {
  aclrtRandomParaInfo mean;
  aclrtRandomParaInfo stddev;
} aclrtNormalDisInfo;
typedef enum {
  ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK = 0,
  ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
  ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS,
  ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS,
} aclrtRandomNumFuncType;
typedef struct {
  aclrtRandomNumFuncType funcType;
  union {
    aclrtDropoutBitmaskInfo dropoutBitmaskInfo;
    aclrtUniformDisInfo uniformDisInfo;
    aclrtNormalDisInfo normalDisInfo;
  } paramInfo;
} aclrtRandomNumFuncParaInfo;
typedef struct {
  aclDataType dataType;
  aclrtRandomNumFuncParaInfo randomNumFuncParaInfo;
  void* randomParaAddr;
  void* randomResultAddr;
  void* randomCounterAddr;
  aclrtRandomParaInfo randomSeed;
  aclrtRandomParaInfo randomNum;
  uint8_t rsv[8];
} aclrtRandomNumTaskInfo;

/* randomNum values of dataType (ACL_[U]INT32/64, ACL_BF16, ACL_FLOAT16, ACL_FLOAT) from the seed and
 * the 16-byte device counter; aclsim: Philox4x32-10, not a device's bits (docs/builtin_tasks.md). */
ACL_FUNC_VISIBILITY aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo* taskInfo, const aclrtStream stream,
                                                 void* reserve);

/* ------------------------------------------------------------------------ */
/* Model runtime instances (docs/model_ri.md) and labels                    */
/* ------------------------------------------------------------------------ */
/* Flags of aclmdlRIDebugJsonPrint. */
#define ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY 0x0UL
#define ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE 0x1UL

typedef void* aclmdlRI; /* a model runtime instance: recorded stream tasks, run again by aclmdlRIExecuteAsync */

/* What a capture lets the program's threads do with aclrtMemcpy, aclrtMemset and the like. */
typedef enum {
  ACL_MODEL_RI_CAPTURE_MODE_GLOBAL = 0,
  ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL,
  ACL_MODEL_RI_CAPTURE_MODE_RELAXED,
} aclmdlRICaptureMode;

/* aclmdlRICaptureGetInfo's answer for a stream. */
typedef enum {
  ACL_MODEL_RI_CAPTURE_STATUS_NONE = 0,
  ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE,
  ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED,
} aclmdlRICaptureStatus;

/* Comparisons of aclrtSwitchStream. */
typedef enum {
  ACL_RT_EQUAL = 0,
  ACL_RT_NOT_EQUAL,
  ACL_RT_GREATER,
  ACL_RT_GREATER_OR_EQUAL,
  ACL_RT_LESS,
  ACL_RT_LESS_OR_EQUAL
} aclrtCondition;

/* Value types of aclrtSwitchStream. */
typedef enum {
  ACL_RT_SWITCH_INT32 = 0,
  ACL_RT_SWITCH_INT64 = 1,
} aclrtCompareDataType;

/* Condition tasks (aclmdlRIAddCondTask). */
typedef void* aclmdlRICondHandle;
typedef enum {
  ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT = 1,
} aclmdlRICondHandleFlag;
typedef enum {
  ACL_MODEL_RI_COND_TYPE_IF = 0,
  ACL_MODEL_RI_COND_TYPE_WHILE = 1,
  ACL_MODEL_RI_COND_TYPE_SWITCH = 2,
} aclmdlRICondTaskType;
typedef struct tagAclmdlRICondTaskParams {
  aclmdlRICondHandle handle;
  aclmdlRICondTaskType type;
  uint32_t size;          /* entries of modelRIArray */
  aclmdlRI* modelRIArray; /* the sub-instances, written by the call */
} aclmdlRICondTaskParams;

/* Capture: between Begin and End, tasks submitted to |stream| are recorded into a new instance instead of run. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode);
/* Whether |stream| captures, and into which instance (either output may be NULL, not both). */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus* status,
                                                    aclmdlRI* modelRI);
/* Ends the capture begun on |stream|; |modelRI| receives the instance. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI* modelRI);
/* Writes the instance's tasks to the log (deprecated by CANN for aclmdlRIDebugJsonPrint). */
ACL_DEPRECATED_MESSAGE("aclmdlRIDebugPrint is deprecated, use aclmdlRIDebugJsonPrint instead")
ACL_FUNC_VISIBILITY aclError aclmdlRIDebugPrint(aclmdlRI modelRI);
/* Writes the instance's tasks as trace-event JSON to |path|. */
ACL_FUNC_VISIBILITY aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t flags);
/* Sets the calling thread's capture mode to *mode and returns the previous one in *mode. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode* mode);
/* Runs the instance's tasks on |stream|. */
ACL_FUNC_VISIBILITY aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream);
/* Runs a built instance and waits for it (timeout: -1, or > 0 ms). */
ACL_FUNC_VISIBILITY aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout);
ACL_FUNC_VISIBILITY aclError aclmdlRIDestroy(aclmdlRI modelRI);
/* Task groups: operator launches between Begin and End (on a capturing stream) can be replaced later. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp* handle);
/* Operator launches on |stream| (not capturing) between Begin and End replace the group's tasks. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle);
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream);
/* Build: tasks submitted to a bound ACL_STREAM_PERSISTENT stream are recorded until aclmdlRIBuildEnd. */
ACL_FUNC_VISIBILITY aclError aclmdlRIBuildBegin(aclmdlRI* modelRI, uint32_t flag);
/* flag: ACL_MODEL_STREAM_FLAG_HEAD (runs from the start) or ACL_MODEL_STREAM_FLAG_DEFAULT (activated). */
ACL_FUNC_VISIBILITY aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag);
ACL_FUNC_VISIBILITY aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void* reserve);
ACL_FUNC_VISIBILITY aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclmdlRISetName(aclmdlRI modelRI, const char* name);
ACL_FUNC_VISIBILITY aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char* name);
ACL_FUNC_VISIBILITY aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t* modelRIId);
/* Captures into an instance made by aclmdlRICondHandleCreate's conditions. */
ACL_FUNC_VISIBILITY aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI,
                                                           aclmdlRICaptureMode mode);
ACL_FUNC_VISIBILITY aclError aclmdlRICondHandleCreate(aclmdlRI modelRI, uint32_t defaultLaunchValue,
                                                      aclmdlRICondHandleFlag flag, aclmdlRICondHandle* handle);
ACL_FUNC_VISIBILITY aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t** ptr);
ACL_FUNC_VISIBILITY aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream, uint32_t flags);

/* Labels: positions on a bound stream that aclrtSwitchLabelByIndex jumps to. */
ACL_FUNC_VISIBILITY aclError aclrtCreateLabel(aclrtLabel* label);
ACL_FUNC_VISIBILITY aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclrtDestroyLabel(aclrtLabel label);
ACL_FUNC_VISIBILITY aclError aclrtCreateLabelList(aclrtLabel* labels, size_t num, aclrtLabelList* labelList);
ACL_FUNC_VISIBILITY aclError aclrtDestroyLabelList(aclrtLabelList labelList);
/* Jumps to labelList[*ptr] (a uint32 in device memory, read when the task runs; past the end: the last). */
ACL_FUNC_VISIBILITY aclError aclrtSwitchLabelByIndex(void* ptr, uint32_t maxValue, aclrtLabelList labelList,
                                                     aclrtStream stream);
/* Starts the tasks of |activeStream| (both streams bound to one instance). */
ACL_FUNC_VISIBILITY aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream);
/* Jumps to |trueStream| when *leftValue cond *rightValue (device memory) holds; falseStream is NULL. */
ACL_FUNC_VISIBILITY aclError aclrtSwitchStream(void* leftValue, aclrtCondition cond, void* rightValue,
                                               aclrtCompareDataType dataType, aclrtStream trueStream,
                                               aclrtStream falseStream, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_RT_H_ */
