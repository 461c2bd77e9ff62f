/*
 * aclsim - clean-room declaration of the ACL runtime API (acl_rt.h).
 *
 * aclsim implements the Ascend ACL runtime on a simulated NPU. This header is
 * our own declaration of the runtime types and entry points (init, devices,
 * contexts, streams, events, memory, callbacks, profiling markers). Names,
 * enumerator values, struct layouts and prototypes match CANN so existing
 * programs build unchanged. Only the subset aclsim supports is declared; the
 * newer kernel-launch, VMM/IPC, notify, mbuf, graph-capture and snapshot
 * APIs of CANN are not provided.
 */
#ifndef INC_EXTERNAL_ACL_ACL_RT_H_
#define INC_EXTERNAL_ACL_ACL_RT_H_

#include <stddef.h>
#include <stdint.h>
#include "acl_base.h"

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

/* Health of a device reported by aclrtQueryDeviceStatus. */
typedef enum aclrtDeviceStatus {
  ACL_RT_DEVICE_STATUS_NORMAL = 0,
  ACL_RT_DEVICE_STATUS_ABNORMAL,
  ACL_RT_DEVICE_STATUS_END = 0xFFFF
} aclrtDeviceStatus;

/* Error level for aclrtGetLastError / aclrtPeekAtLastError. */
typedef enum aclrtLastErrLevel { ACL_RT_THREAD_LEVEL = 0 } aclrtLastErrLevel;

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

/* Fields of an exception record; each returns 0xFFFFFFFF for a NULL record. */
ACL_FUNC_VISIBILITY uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info);
ACL_FUNC_VISIBILITY uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info);

/* Bind host thread threadId to run the callbacks launched on stream. */
ACL_FUNC_VISIBILITY aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream);

/* Enqueue host function fn(userData) on stream; blockType decides whether the stream waits.
 * ACL_ERROR_INVALID_PARAM for NULL fn; the stream must be subscribed first. */
ACL_FUNC_VISIBILITY aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType,
                                                 aclrtStream stream);

/* Run pending callbacks for the calling (subscribed) thread, waiting up to timeout ms
 * (-1 = forever). ACL_ERROR_WAIT_CALLBACK_TIMEOUT when nothing arrived in time. */
ACL_FUNC_VISIBILITY aclError aclrtProcessReport(int32_t timeout);

/* Undo aclrtSubscribeReport for (threadId, stream). */
ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream);

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

/* ------------------------------------------------------------------------ */
/* Profiling marker                                                         */
/* ------------------------------------------------------------------------ */

/* Enqueue a user profiling marker carrying userdata on stream. The payload holds at
 * most 18 bytes: shorter data is zero-padded, longer data is rejected. */
ACL_FUNC_VISIBILITY aclError aclrtProfTrace(void* userdata, int32_t length, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_ACL_RT_H_ */
