"""The C edge of libascendcl.so, declared once: each entry point's prologue
and MSPTI's per-API tables.

scripts/gen/gen_api.py turns this table into

  api/src/generated/edge_prologues.h  one ACLSIM_PROLOGUE_<function> macro per
                                      row: the function's name as a constant
                                      (kApiName, for messages and records, so
                                      no shim spells its own name), then the
                                      row's prologue items in order
  api/src/generated/mspti_callbacks.inc
                                      MSPTI's callback ids and the API each
                                      stands for (msptiGetCallbackName's
                                      table, libmspti.so), from MSPTI_RUNTIME
                                      and MSPTI_HCCL below

A shim starts with ACLSIM_PROLOGUE(<its name>); and then does what only it
does (translate handles, one core call, convert the Status). gen_api.py
--check fails when a row names no function declared in api/include/acl/ or
defined in api/src, when a shim uses another function's prologue, or when a
function defined in api/src spells its own name in a string literal.

Adding an ACL function is its declaration in the public header, one row here
(its prologue, if it has one) and its implementation.

Prologue items, in the order the shim runs them:
  SCOPE            the API-trace scope (api/src/api_trace.h): the call is timed
                   for ACL_PROF_ACL_API sessions and MSPTI, and its host cost
                   charged; the scope is named api_scope. A function whose
                   MSPTI_RUNTIME row names it (or whose row gives mspti=) has
                   its callback id passed to the scope.
  null(p, ..., msg=)
                   p (or any of the parameters) is NULL → the check's code
                   (ACL_ERROR_INVALID_PARAM, 100000, unless code= names
                   another) with "<function>: <msg>" for aclGetRecentErrMsg();
                   msg defaults to "<p> is NULL"
  check(cond, msg) the C++ condition |cond| (over the parameters) holds → the
                   same failure
  ok_if(cond)      |cond| holds → ACL_SUCCESS before any other check (CANN's
                   early returns, e.g. a zero-byte copy)
Checks that build their message at run time, or need state, stay in the shim.
"""

DEFAULT_CODE = "ACL_ERROR_INVALID_PARAM"
RT = "ACL_ERROR_RT_PARAM_INVALID"
SCOPE = ("scope",)


def null(*params, msg=None, code=DEFAULT_CODE):
    if msg is None:
        assert len(params) == 1, "a check of several parameters names its message"
        msg = "%s is NULL" % params[0]
    return ("check", " || ".join("%s == nullptr" % p for p in params), msg, code)


def check(cond, msg, code=DEFAULT_CODE):
    return ("check", cond, msg, code)


def ok_if(cond):
    return ("ok", cond)


def fn(name, *prologue, mspti=None):
    return {"name": name, "prologue": list(prologue), "mspti": mspti}


# MSPTI's runtime-domain callback ids (mspti/mspti_cbid.h, in id order from
# 1) and the ACL function each stands for. msptiGetCallbackName returns the
# function's name, or a row's third column where libmspti spells the id
# otherwise (Ascend/mspti's callback table: aclrtMemSet, aclrtMemSetAsync);
# a callback's functionName is always the function's own. A timed function
# named here fires that callback.
MSPTI_RUNTIME = [
    ("DEVICE_SET", "aclrtSetDevice"),
    ("DEVICE_RESET", "aclrtResetDevice"),
    ("DEVICE_SET_EX", "aclrtSetDeviceEx"),
    ("CONTEXT_CREATED_EX", "aclrtCreateContextEx"),
    ("CONTEXT_CREATED", "aclrtCreateContext"),
    ("CONTEXT_DESTROY", "aclrtDestroyContext"),
    ("STREAM_CREATED", "aclrtCreateStream"),
    ("STREAM_DESTROY", "aclrtDestroyStream"),
    ("STREAM_SYNCHRONIZED", "aclrtSynchronizeStream"),
    ("LAUNCH", "aclrtLaunchKernel"),
    ("CPU_LAUNCH", "aclrtLaunchKernel"),
    ("AICPU_LAUNCH", "aclrtLaunchKernel"),
    ("AIV_LAUNCH", "aclrtLaunchKernel"),
    ("FFTS_LAUNCH", "aclrtLaunchKernel"),
    ("MALLOC", "aclrtMalloc"),
    ("FREE", "aclrtFree"),
    ("MALLOC_HOST", "aclrtMallocHost"),
    ("FREE_HOST", "aclrtFreeHost"),
    ("MALLOC_CACHED", "aclrtMallocCached"),
    ("FLUSH_CACHE", "aclrtMemFlush"),
    ("INVALID_CACHE", "aclrtMemInvalidate"),
    ("MEMCPY", "aclrtMemcpy"),
    ("MEMCPY_HOST", "aclrtMemcpy"),
    ("MEMCPY_ASYNC", "aclrtMemcpyAsync"),
    ("MEM_CPY2D", "aclrtMemcpy2d", "aclrtMemcpy2D"),
    ("MEM_CPY2D_ASYNC", "aclrtMemcpy2dAsync", "aclrtMemcpy2DAsync"),
    ("MEM_SET", "aclrtMemset", "aclrtMemSet"),
    ("MEM_SET_ASYNC", "aclrtMemsetAsync", "aclrtMemSetAsync"),
    ("MEM_GET_INFO", "aclrtGetMemInfo"),
    ("RESERVE_MEM_ADDRESS", "aclrtReserveMemAddress"),
    ("RELEASE_MEM_ADDRESS", "aclrtReleaseMemAddress"),
    ("MALLOC_PHYSICAL", "aclrtMallocPhysical"),
    ("FREE_PHYSICAL", "aclrtFreePhysical"),
    ("MEM_EXPORT_TO_SHAREABLE_HANDLE", "aclrtMemExportToShareableHandle"),
    ("MEM_IMPORT_FROM_SHAREABLE_HANDLE", "aclrtMemImportFromShareableHandle"),
    ("MEM_SET_PID_TO_SHAREABLE_HANDLE", "aclrtMemSetPidToShareableHandle"),
]
# An aclnn operator's launch (its second phase) fires this runtime callback.
MSPTI_ACLNN_LAUNCH = "LAUNCH"
# The HCCL domain's ids (aclsim has no HCCL: these callbacks never fire).
MSPTI_HCCL = [
    ("ALLREDUCE", "HcclAllReduce"),
    ("BROADCAST", "HcclBroadcast"),
    ("ALLGATHER", "HcclAllGather"),
    ("REDUCE_SCATTER", "HcclReduceScatter"),
    ("REDUCE", "HcclReduce"),
    ("ALL_TO_ALL", "HcclAllToAll"),
    ("ALL_TO_ALLV", "HcclAllToAllV"),
    ("BARRIER", "HcclBarrier"),
    ("SCATTER", "HcclScatter"),
    ("SEND", "HcclSend"),
    ("RECV", "HcclRecv"),
    ("SENDRECV", "HcclBatchSendRecv"),
]

# The prologue both 2D copies share (CANN's CheckMemcpy2dParam, then
# MemCopy2DCheckParam's bounds: RT_MAX_MEMCPY2D_HEIGHT, RT_MAX_MEMCPY2D_WIDTH).
MEMCPY_2D = (
    SCOPE,
    ok_if("width == 0 || height == 0"),
    null("dst", "src", msg="dst or src is NULL"),
    check("width > spitch || width > dpitch", "width must not exceed spitch or dpitch"),
    check("kind != ACL_MEMCPY_HOST_TO_DEVICE && kind != ACL_MEMCPY_DEVICE_TO_HOST && "
          "kind != ACL_MEMCPY_DEVICE_TO_DEVICE && kind != ACL_MEMCPY_DEFAULT",
          "kind is not ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST, ACL_MEMCPY_DEVICE_TO_DEVICE or "
          "ACL_MEMCPY_DEFAULT"),
    check("height > 5242880", "height exceeds 5242880 (5 * 1024 * 1024)", code=RT),
    check("width > 5000000", "width exceeds 5000000", code=RT),
)

# The entry points with a generated prologue, grouped by the file that implements
# them. A function without a row has none (its shim checks and names itself
# through __func__).
FUNCTIONS = [
    # api/src/acl_data_buffer.cc
    fn("aclDestroyDataBuffer", null("dataBuffer")),
    fn("aclUpdateDataBuffer", null("dataBuffer")),
    # api/src/acl_init.cc
    fn("aclrtGetVersion", null("majorVersion", "minorVersion", "patchVersion", msg="NULL output pointer")),
    # api/src/acl_mdl.cc
    fn("aclmdlLoadFromFile", SCOPE, null("modelPath", "modelId", msg="NULL argument")),
    fn("aclmdlLoadFromMem",
       SCOPE,
       check("model == nullptr || modelSize == 0 || modelId == nullptr", "NULL model, zero size or NULL modelId")),
    fn("aclmdlUnload", SCOPE),
    fn("aclmdlExecute"),
    fn("aclmdlExecuteAsync"),
    fn("aclmdlDestroyDesc", null("modelDesc")),
    fn("aclmdlGetDesc", null("modelDesc")),
    fn("aclmdlGetInputDims"),
    fn("aclmdlGetInputDimsV2"),
    fn("aclmdlGetOutputDims"),
    fn("aclmdlGetInputIndexByName"),
    fn("aclmdlGetOutputIndexByName"),
    fn("aclmdlDestroyDataset", null("dataset")),
    fn("aclmdlAddDatasetBuffer", null("dataset", "dataBuffer", msg="NULL argument")),
    fn("aclmdlSetDatasetTensorDesc",
       null("dataset"),
       check("index >= dataset->buffers.size()", "index names no buffer of the dataset")),
    # api/src/acl_mdl_dynamic.cc
    fn("aclmdlGetDynamicBatch", null("modelDesc", "batch", msg="NULL argument")),
    fn("aclmdlGetDynamicHW"),
    fn("aclmdlGetInputDynamicGearCount",
       null("modelDesc", "gearCount", msg="NULL argument"),
       check("index != static_cast<size_t>(-1)", "index must be -1")),
    fn("aclmdlGetInputDynamicDims",
       null("modelDesc", "dims", msg="NULL argument"),
       check("index != static_cast<size_t>(-1)", "index must be -1")),
    fn("aclmdlSetDynamicBatchSize", null("dataset"), check("batchSize == 0", "batchSize is 0")),
    fn("aclmdlSetDynamicHWSize", null("dataset"), check("height == 0 || width == 0", "height or width is 0")),
    fn("aclmdlSetInputDynamicDims",
       null("dataset", "dims", msg="NULL argument"),
       check("dims->dimCount == 0", "dims->dimCount is 0")),
    fn("aclmdlGetCurOutputDims", null("modelDesc", "dims", msg="NULL argument")),
    # api/src/acl_mdl_ri.cc
    fn("aclmdlRICaptureBegin", SCOPE, null("stream")),
    fn("aclmdlRICaptureGetInfo",
       null("stream"),
       check("status == nullptr && modelRI == nullptr", "status and modelRI are both NULL")),
    fn("aclmdlRICaptureEnd", SCOPE, null("stream")),
    fn("aclmdlRIDebugPrint", null("modelRI")),
    fn("aclmdlRIDebugJsonPrint", null("modelRI"), null("path")),
    fn("aclmdlRICaptureThreadExchangeMode", null("mode")),
    fn("aclmdlRIExecuteAsync", SCOPE, null("modelRI")),
    fn("aclmdlRIExecute", SCOPE, null("modelRI")),
    fn("aclmdlRIDestroy", null("modelRI")),
    fn("aclmdlRICaptureTaskGrpBegin", null("stream")),
    fn("aclmdlRICaptureTaskGrpEnd", null("stream"), null("handle")),
    fn("aclmdlRICaptureTaskUpdateBegin", null("stream"), null("handle")),
    fn("aclmdlRICaptureTaskUpdateEnd", null("stream")),
    fn("aclmdlRIBuildBegin", null("modelRI")),
    fn("aclmdlRIBindStream", null("modelRI")),
    fn("aclmdlRIEndTask", null("modelRI")),
    fn("aclmdlRIBuildEnd", null("modelRI"), check("reserve != nullptr", "reserve must be NULL")),
    fn("aclmdlRIUnbindStream", null("modelRI")),
    fn("aclmdlRISetName", null("modelRI"), null("name")),
    fn("aclmdlRIGetName", null("modelRI"), null("name")),
    fn("aclmdlRIGetId", null("modelRI"), null("modelRIId")),
    fn("aclmdlRICondHandleCreate", null("modelRI"), null("handle")),
    fn("aclmdlRICondHandleGetCondPtr", null("handle"), null("ptr")),
    fn("aclmdlRIAddCondTask", null("stream")),
    fn("aclmdlRICaptureToModelRIBegin", SCOPE, null("stream"), null("modelRI")),
    # api/src/acl_op.cc
    fn("aclopSetModelDir", null("modelDir")),
    fn("aclopLoad", check("model == nullptr || modelSize == 0", "model is NULL or modelSize is 0")),
    fn("aclopExecuteV2"),
    fn("aclopExecute"),
    fn("aclopCompile"),
    fn("aclopCompileAndExecute"),
    fn("aclopCompileAndExecuteV2"),
    fn("aclopCreateHandle", null("handle"), check("numInputs < 0 || numOutputs < 0", "a count is negative")),
    fn("aclopExecWithHandle",
       SCOPE,
       check("handle == nullptr || !LiveHandles<aclopHandle>::Global().IsLive(handle)", "handle is NULL or not live"),
       check("numInputs < 0 || numOutputs < 0", "a count is negative")),
    fn("aclopCast"),
    fn("aclSetCompileopt", null("value")),
    fn("aclGetCompileopt", null("value")),
    fn("aclopSetCompileFlag",
       check("flag != ACL_OP_COMPILE_DEFAULT && flag != ACL_OP_COMPILE_FUZZ", "flag is not an aclOpCompileFlag")),
    fn("aclopSetMaxOpQueueNum", check("maxOpNum == 0", "maxOpNum is 0")),
    # api/src/acl_op_attr.cc
    fn("aclopSetAttrBool"),
    fn("aclopSetAttrInt"),
    fn("aclopSetAttrFloat"),
    fn("aclopSetAttrString", null("attrValue")),
    fn("aclopSetAttrDataType"),
    fn("aclopSetAttrListDataType"),
    fn("aclopSetAttrListBool"),
    fn("aclopSetAttrListInt"),
    fn("aclopSetAttrListFloat"),
    fn("aclopSetAttrListString",
       check("numValues < 0 || (numValues > 0 && values == nullptr)", "bad numValues or values")),
    fn("aclopSetAttrListListInt",
       check("numLists < 0 || (numLists > 0 && (numValues == nullptr || values == nullptr))",
             "bad numLists, numValues or values")),
    # api/src/acl_rt_device.cc
    fn("aclrtGetRunMode", null("runMode")),
    fn("aclrtGetDeviceCount", null("count")),
    fn("aclrtSetDevice", SCOPE),
    fn("aclrtResetDevice", SCOPE),
    fn("aclrtGetDevice", null("deviceId")),
    fn("aclrtSynchronizeDevice", SCOPE),
    fn("aclrtCreateContext", null("context")),
    fn("aclrtDestroyContext", null("context")),
    fn("aclrtSetCurrentContext", null("context")),
    fn("aclrtGetCurrentContext", null("context")),
    fn("aclrtCtxGetCurrentDefaultStream", null("stream")),
    fn("aclrtGetDeviceInfo", null("value")),
    fn("aclrtDeviceCanAccessPeer", null("canAccessPeer")),
    fn("aclrtDeviceEnablePeerAccess", check("flags != 0", "flags must be 0")),
    fn("aclrtDevicePeerAccessStatus", null("status")),
    # api/src/acl_rt_controls.cc
    fn("aclrtGetDeviceResLimit", null("value")),
    fn("aclrtSetDeviceResLimit"),
    fn("aclrtResetDeviceResLimit"),
    fn("aclrtGetStreamResLimit", null("value")),
    fn("aclrtSetStreamResLimit"),
    fn("aclrtResetStreamResLimit"),
    fn("aclrtUseStreamResInCurrentThread"),
    fn("aclrtUnuseStreamResInCurrentThread"),
    fn("aclrtGetResInCurrentThread", null("value")),
    fn("aclrtSetDeviceSatMode"),
    fn("aclrtGetDeviceSatMode", null("mode")),
    fn("aclrtSetStreamOverflowSwitch", check("flag != 0U && flag != 1U", "flag must be 0 or 1")),
    fn("aclrtGetStreamOverflowSwitch", null("flag")),
    fn("aclrtGetOverflowStatus", SCOPE, null("outputAddr")),
    fn("aclrtResetOverflowStatus", SCOPE),
    fn("aclrtGetDeviceUtilizationRate",
       null("utilizationInfo"),
       check("utilizationInfo->utilizationExtend != nullptr", "utilizationInfo->utilizationExtend must be NULL")),
    fn("aclrtQueryDeviceStatus", null("deviceStatus")),
    # api/src/acl_rt_ipc.cc
    fn("aclrtDeviceGetBareTgid", null("pid")),
    fn("aclrtIpcMemGetExportKey", null("devPtr", "key", msg="devPtr or key is NULL")),
    fn("aclrtIpcMemSetImportPid", null("key", "pid", msg="key or pid is NULL")),
    fn("aclrtIpcMemImportByKey", null("devPtr", "key", msg="devPtr or key is NULL")),
    fn("aclrtIpcMemClose", null("key")),
    fn("aclrtIpcMemSetAttr", null("key")),
    fn("aclrtIpcGetEventHandle", null("handle", "event", msg="handle or event is NULL")),
    fn("aclrtIpcOpenEventHandle", null("event")),
    # api/src/acl_rt_host_memory.cc
    fn("aclrtHostRegister", null("ptr", "devPtr", msg="ptr or devPtr is NULL"), check("size == 0", "size must not be 0")),
    fn("aclrtHostRegisterV2", null("ptr"), check("size == 0", "size must not be 0")),
    fn("aclrtHostGetDevicePointer", null("pHost", "pDevice", msg="pHost or pDevice is NULL"),
       check("flag != 0", "flag must be 0")),
    fn("aclrtHostUnregister", null("ptr")),
    fn("aclrtMemAllocManaged", null("ptr"), check("size == 0", "size must not be 0"),
       check("flag != ACL_RT_MEM_ATTACH_GLOBAL", "flag must be ACL_RT_MEM_ATTACH_GLOBAL")),
    # api/src/acl_rt_vmm.cc
    fn("aclrtMemGetAllocationGranularity", null("prop", "granularity", msg="prop or granularity is NULL")),
    fn("aclrtMallocPhysical", null("handle", "prop", msg="handle or prop is NULL")),
    fn("aclrtFreePhysical", null("handle")),
    fn("aclrtReserveMemAddress", null("virPtr")),
    fn("aclrtReleaseMemAddress", null("virPtr")),
    fn("aclrtMapMem", null("virPtr", "handle", msg="virPtr or handle is NULL")),
    fn("aclrtUnmapMem", null("virPtr")),
    fn("aclrtMemSetAccess", null("virPtr", "desc", msg="virPtr or desc is NULL")),
    fn("aclrtMemGetAccess", null("virPtr", "location", "flag", msg="virPtr, location or flag is NULL")),
    fn("aclrtMemRetainAllocationHandle", null("virPtr", "handle", msg="virPtr or handle is NULL")),
    fn("aclrtMemGetAllocationPropertiesFromHandle", null("handle", "prop", msg="handle or prop is NULL")),
    fn("aclrtMemGetAddressRange", null("ptr")),
    fn("aclrtMemExportToShareableHandle", null("handle", "shareableHandle", msg="handle or shareableHandle is NULL")),
    fn("aclrtMemSetPidToShareableHandle", null("pid")),
    fn("aclrtMemImportFromShareableHandle", null("handle")),
    fn("aclrtMemExportToShareableHandleV2", null("handle", "shareableHandle", msg="handle or shareableHandle is NULL")),
    fn("aclrtMemSetPidToShareableHandleV2", null("shareableHandle", "pid", msg="shareableHandle or pid is NULL")),
    fn("aclrtMemImportFromShareableHandleV2", null("shareableHandle", "handle", msg="shareableHandle or handle is NULL")),
    # api/src/acl_rt_callback.cc (host tasks; 12_execution_control.md, 24_other_APIs.md)
    fn("aclrtSubscribeReport"),
    fn("aclrtUnSubscribeReport"),
    fn("aclrtLaunchCallback"),
    fn("aclrtProcessReport",
       check("timeout < -1 || timeout == 0", "timeout must be -1 (wait forever) or a number of ms above 0")),
    fn("aclrtLaunchHostFunc", null("fn", code="ACL_ERROR_RT_PARAM_INVALID")),
    fn("aclrtSubscribeHostFunc"),
    fn("aclrtUnSubscribeHostFunc"),
    fn("aclrtProcessHostFunc",
       check("timeout < -1 || timeout == 0", "timeout must be -1 (wait forever) or a number of ms above 0",
             code="ACL_ERROR_RT_PARAM_INVALID")),
    # api/src/acl_rt_exception.cc (13_exception_handling.md)
    fn("aclrtSetExceptionInfoCallback"),
    fn("aclrtExceptionInfoCallbackRegister", null("callback", code="ACL_ERROR_RT_PARAM_INVALID")),
    fn("aclrtExceptionInfoCallbackUnregister", null("callback", code="ACL_ERROR_RT_PARAM_INVALID")),
    fn("aclrtGetTaskIdFromExceptionInfo"),
    fn("aclrtGetStreamIdFromExceptionInfo"),
    fn("aclrtGetThreadIdFromExceptionInfo"),
    fn("aclrtGetDeviceIdFromExceptionInfo"),
    fn("aclrtGetErrorCodeFromExceptionInfo"),
    fn("aclrtGetArgsFromExceptionInfo"),
    fn("aclrtGetFuncHandleFromExceptionInfo"),
    fn("aclrtGetThreadLastTaskId", null("taskId")),
    # api/src/acl_rt_system.cc
    fn("aclrtGetErrorVerbose", null("errorInfo")),
    fn("aclsysGetVersionStr", null("pkgName", "versionStr", msg="pkgName or versionStr is NULL")),
    fn("aclsysGetVersionNum", null("pkgName", "versionNum", msg="pkgName or versionNum is NULL")),
    fn("aclGetCannAttributeList", null("cannAttrList", "num", msg="cannAttrList or num is NULL")),
    fn("aclGetCannAttribute", null("value")),
    fn("aclrtGetDeviceCapability",
       null("value"),
       check("devFeatureType != ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV && "
             "devFeatureType != ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV",
             "devFeatureType is not an aclrtDevFeatureType")),
    fn("aclrtCheckArchCompatibility", null("socVersion", "canCompatible", msg="socVersion or canCompatible is NULL")),
    # api/src/acl_rt_label.cc
    fn("aclrtCreateLabel", null("label")),
    fn("aclrtSetLabel", null("label"), null("stream")),
    fn("aclrtDestroyLabel", null("label")),
    fn("aclrtCreateLabelList", null("labels"), null("labelList")),
    fn("aclrtDestroyLabelList", null("labelList")),
    fn("aclrtSwitchLabelByIndex", null("ptr"), null("labelList"), null("stream")),
    fn("aclrtActiveStream", null("activeStream"), null("stream")),
    fn("aclrtSwitchStream",
       null("leftValue", "rightValue", msg="a value address is NULL"),
       null("trueStream"),
       null("stream"),
       check("falseStream != nullptr", "falseStream is reserved and must be NULL")),
    # api/src/acl_rt_memory.cc
    fn("aclrtGetMemInfo",
       null("free", "total", msg="free or total is NULL"),
       check("static_cast<int>(attr) < ACL_DDR_MEM || static_cast<int>(attr) > ACL_MEM_P2P_HUGE1G",
             "attr is not an aclrtMemAttr")),
    fn("aclrtMalloc", SCOPE),
    fn("aclrtFree", SCOPE, null("devPtr")),
    fn("aclrtMallocHost", null("hostPtr"), check("size == 0", "size is 0")),
    fn("aclrtFreeHost", null("hostPtr")),
    # aclrtMemcpy: CANN returns before any other check
    fn("aclrtMemcpy",
       SCOPE,
       ok_if("count == 0"),
       null("dst", "src", msg="dst or src is NULL"),
       check("kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_DEFAULT", "unknown aclrtMemcpyKind")),
    fn("aclrtMemset", SCOPE, ok_if("count == 0"), null("devPtr")),
    # aclrtMemcpyAsync: CANN returns before any other check
    fn("aclrtMemcpyAsync",
       SCOPE,
       ok_if("count == 0"),
       null("dst", "src", msg="dst or src is NULL"),
       check("kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE",
             "kind is not an aclrtMemcpyKind a stream copy takes")),
    fn("aclrtMemsetAsync", SCOPE, ok_if("count == 0"), null("devPtr")),
    # aclrtMemcpy2d, aclrtMemcpy2dAsync: CANN's acl layer returns at a zero
    # width or height, then checks the pointers, the width against both
    # pitches and the kind; its runtime layer bounds height and width.
    fn("aclrtMemcpy2d", *MEMCPY_2D),
    fn("aclrtMemcpy2dAsync", *MEMCPY_2D),
    fn("aclrtReduceAsync",
       SCOPE,
       null("dst"),
       null("src"),
       check("reserve != nullptr", "reserve is a reserved parameter and must be NULL")),
    fn("aclrtRandomNumAsync",
       SCOPE,
       null("taskInfo"),
       check("taskInfo->randomResultAddr == nullptr || taskInfo->randomCounterAddr == nullptr",
             "taskInfo->randomResultAddr or taskInfo->randomCounterAddr is NULL"),
       check("reserve != nullptr", "reserve is a reserved parameter and must be NULL")),
    fn("aclrtMallocAlign32", SCOPE, mspti="MALLOC"),
    fn("aclrtMallocCached", SCOPE),
    fn("aclrtMemFlush", SCOPE, null("devPtr"), check("size == 0", "size is 0")),
    fn("aclrtMemInvalidate", SCOPE, null("devPtr"), check("size == 0", "size is 0")),
    # api/src/acl_rt_allocator.cc
    fn("aclrtAllocatorDestroyDesc", null("allocatorDesc")),
    fn("aclrtAllocatorSetObjToDesc", null("allocatorDesc"), null("allocator")),
    fn("aclrtAllocatorSetAllocFuncToDesc", null("allocatorDesc"), null("func")),
    fn("aclrtAllocatorSetFreeFuncToDesc", null("allocatorDesc"), null("func")),
    fn("aclrtAllocatorSetAllocAdviseFuncToDesc", null("allocatorDesc"), null("func")),
    fn("aclrtAllocatorSetGetAddrFromBlockFuncToDesc", null("allocatorDesc"), null("func")),
    fn("aclrtAllocatorRegister", null("stream"), null("allocatorDesc")),
    fn("aclrtAllocatorGetByStream", null("allocatorDesc"), null("stream")),
    fn("aclrtAllocatorUnregister", null("stream")),
    # api/src/acl_rt_stream.cc
    fn("aclrtCreateStream", SCOPE, null("stream")),
    fn("aclrtCreateStreamWithConfig", SCOPE, null("stream")),
    fn("aclrtDestroyStream", SCOPE, null("stream")),
    fn("aclrtDestroyStreamForce", SCOPE, null("stream")),
    fn("aclrtStreamGetPriority", null("priority")),
    fn("aclrtStreamGetFlags", null("flags")),
    fn("aclrtSynchronizeStream", SCOPE),
    fn("aclrtStreamQuery", null("status")),
    fn("aclrtCreateEvent", null("event")),
    fn("aclrtCreateEventWithFlag",
       null("event"),
       check("(flag & ~(ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE | "
             "ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_EXTERNAL)) != 0",
             "unknown flag bits")),
    fn("aclrtDestroyEvent", null("event")),
    fn("aclrtRecordEvent", SCOPE, null("event")),
    fn("aclrtStreamWaitEvent", SCOPE, null("event")),
    fn("aclrtSynchronizeEvent", SCOPE, null("event")),
    fn("aclrtQueryEvent", null("event", "status", msg="NULL argument")),
    fn("aclrtQueryEventStatus", null("event", "status", msg="NULL argument")),
    fn("aclrtEventElapsedTime", null("ms", "startEvent", "endEvent", msg="NULL argument")),
    fn("aclrtStreamGetId", null("streamId")),
    # api/src/acl_rt_sync.cc
    fn("aclrtCreateEventExWithFlag",
       null("event"),
       check("(flag & ~(ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE | ACL_EVENT_IPC)) "
             "!= 0", "unknown flag bits")),
    fn("aclrtRecordEventWithFlag", SCOPE, null("event"),
       check("flag != ACL_EVENT_RECORD_DEFAULT && flag != ACL_EVENT_RECORD_EXTERNAL",
             "flag is not ACL_EVENT_RECORD_DEFAULT or ACL_EVENT_RECORD_EXTERNAL", code=RT)),
    fn("aclrtResetEvent", SCOPE, null("event")),
    fn("aclrtQueryEventWaitStatus", null("event", "status", msg="NULL argument")),
    fn("aclrtSynchronizeEventWithTimeout", SCOPE, null("event"),
       check("timeout != -1 && timeout <= 0", "timeout is neither -1 nor positive", code=RT)),
    fn("aclrtEventGetTimestamp", null("event", "timestamp", msg="NULL argument")),
    fn("aclrtGetEventId", null("event", "eventId", msg="NULL argument")),
    fn("aclrtStreamWaitEventWithFlag", SCOPE, null("event"),
       check("flag != ACL_EVENT_WAIT_DEFAULT && flag != ACL_EVENT_WAIT_EXTERNAL",
             "flag is not ACL_EVENT_WAIT_DEFAULT or ACL_EVENT_WAIT_EXTERNAL", code=RT),
       check("flag == ACL_EVENT_WAIT_EXTERNAL && timeout != 0",
             "ACL_EVENT_WAIT_EXTERNAL takes timeout 0", code=RT)),
    fn("aclrtStreamWaitEventWithTimeout", SCOPE, null("event"),
       check("timeout < 0", "timeout is negative", code=RT)),
    fn("aclrtSetStreamFailureMode",
       check("mode != ACL_CONTINUE_ON_FAILURE && mode != ACL_STOP_ON_FAILURE",
             "mode is not ACL_CONTINUE_ON_FAILURE or ACL_STOP_ON_FAILURE", code=RT)),
    fn("aclrtSynchronizeStreamWithTimeout", SCOPE,
       check("timeout != -1 && timeout <= 0", "timeout is neither -1 nor positive", code=RT)),
    fn("aclrtSynchronizeDeviceWithTimeout", SCOPE,
       check("timeout != -1 && timeout <= 0", "timeout is neither -1 nor positive", code=RT)),
    fn("aclrtStreamAbort"),
    fn("aclrtStreamStop", null("stream", msg="stream is NULL (the default stream cannot be stopped)")),
    fn("aclrtDeviceGetStreamPriorityRange", null("leastPriority", "greatestPriority", msg="NULL argument")),
    fn("aclrtValueWrite", SCOPE, null("devAddr"), check("flag != 0", "flag is reserved and must be 0", code=RT)),
    fn("aclrtValueWait", SCOPE, null("devAddr"),
       check("flag > ACL_STREAM_WAIT_VALUE_NOR", "flag is not an ACL_STREAM_WAIT_VALUE_* comparison", code=RT)),
    fn("aclrtCreateNotify", null("notify"),
       check("(flag & ~uint64_t{ACL_NOTIFY_DEVICE_USE_ONLY}) != 0", "unknown flag bits")),
    fn("aclrtDestroyNotify", null("notify")),
    fn("aclrtRecordNotify", SCOPE, null("notify")),
    fn("aclrtWaitAndResetNotify", SCOPE, null("notify")),
    fn("aclrtGetNotifyId", null("notify", "notifyId", msg="NULL argument")),
    fn("aclrtNotifyBatchReset", null("notifies"), check("num == 0", "num is 0")),
    # api/src/acl_rt_stream_state.cc
    fn("aclrtRegStreamStateCallback", null("regName"), check("regName[0] == '\\0'", "regName is empty")),
    fn("aclrtProfTrace", null("userdata")),
    # api/src/acl_tdt_buffers.cc
    fn("acltdtAllocBuf", check("type != 0u && type != 1u", "type is not ACL_TDT_NORMAL_MEM or ACL_TDT_DVPP_MEM"),
       null("buf")),
    fn("acltdtFreeBuf", null("buf")),
    fn("acltdtGetBufData", null("buf"), null("dataPtr"), null("size")),
    fn("acltdtSetBufDataLen", null("buf")),
    fn("acltdtGetBufDataLen", null("buf"), null("len")),
    fn("acltdtAppendBufChain", null("headBuf"), null("buf")),
    fn("acltdtGetBufChainNum", null("headBuf"), null("num")),
    fn("acltdtGetBufFromChain", null("headBuf"), null("buf")),
    fn("acltdtGetBufUserData", null("buf"), null("dataPtr"),
       check("offset > 96 || size > 96 - offset", "offset + size is larger than 96")),
    fn("acltdtSetBufUserData", null("buf"), null("dataPtr"),
       check("offset > 96 || size > 96 - offset", "offset + size is larger than 96")),
    fn("acltdtCopyBufRef", null("buf"), null("newBuf")),
    fn("aclrtAllocBuf", null("buf"), check("size == 0", "size is 0")),
    fn("aclrtFreeBuf", null("buf")),
    fn("aclrtGetBufData", null("buf"), null("dataPtr"), null("size")),
    fn("aclrtSetBufDataLen", null("buf")),
    fn("aclrtGetBufDataLen", null("buf"), null("len")),
    fn("aclrtAppendBufChain", null("headBuf"), null("buf")),
    fn("aclrtGetBufChainNum", null("headBuf"), null("num")),
    fn("aclrtGetBufFromChain", null("headBuf"), null("buf")),
    fn("aclrtGetBufUserData", null("buf"), null("dataPtr"),
       check("offset > 96 || size > 96 - offset", "offset + size is larger than 96")),
    fn("aclrtSetBufUserData", null("buf"), null("dataPtr"),
       check("offset > 96 || size > 96 - offset", "offset + size is larger than 96")),
    fn("aclrtCopyBufRef", null("buf"), null("newBuf")),
    # api/src/acl_tdt_channel.cc
    fn("acltdtStopChannel", null("handle")),
    fn("acltdtDestroyChannel", null("handle")),
    fn("acltdtCleanChannel", null("handle")),
    fn("acltdtSendTensor", null("handle"), null("dataset")),
    fn("acltdtReceiveTensor", null("handle"), null("dataset")),
    fn("acltdtQueryChannelSize", null("handle"), null("size")),
    # api/src/acl_tdt_dataset.cc
    fn("acltdtGetSliceInfoFromItem", null("dataItem"), null("sliceNum"), null("sliceId")),
    fn("acltdtGetDimsFromItem", null("dataItem"),
       check("dims == nullptr && dimNum != 0", "dims is NULL and dimNum is not 0"),
       check("dims != nullptr && dimNum == 0", "dims is not NULL and dimNum is 0")),
    fn("acltdtDestroyDataItem", null("dataItem")),
    fn("acltdtDestroyDataset", null("dataset")),
    fn("acltdtAddDataItem", null("dataset"), null("dataItem")),
    # api/src/acl_tdt_queue.cc
    fn("acltdtCreateQueue", null("qid")),
    fn("acltdtDestroyQueue"),
    fn("acltdtEnqueue", null("buf")),
    fn("acltdtDequeue", null("buf")),
    fn("acltdtEnqueueData", null("data"), check("dataSize == 0", "dataSize is 0"),
       check("userData == nullptr && userDataSize != 0", "userData is NULL and userDataSize is not 0"),
       check("userDataSize > 96", "userDataSize is larger than 96")),
    fn("acltdtDequeueData", null("data"), null("retDataSize"), check("dataSize == 0", "dataSize is 0")),
    fn("acltdtGrantQueue"),
    fn("acltdtAttachQueue", null("permission")),
    fn("acltdtBindQueueRoutes", null("qRouteList")),
    fn("acltdtUnbindQueueRoutes", null("qRouteList")),
    fn("acltdtQueryQueueRoutes", null("qRouteList"), null("queryInfo")),
    # api/src/acl_tdt_queue_objects.cc
    fn("acltdtDestroyQueueAttr", null("attr")),
    fn("acltdtSetQueueAttr", null("attr"), null("param")),
    fn("acltdtGetQueueAttr", null("attr"), null("param"), null("paramRetSize")),
    fn("acltdtDestroyQueueRoute", null("route")),
    fn("acltdtGetQueueRouteParam", null("route"), null("param"), null("paramRetSize")),
    fn("acltdtDestroyQueueRouteList", null("routeList")),
    fn("acltdtAddQueueRoute", null("routeList"), null("route")),
    fn("acltdtGetQueueRoute", null("routeList"), null("route")),
    fn("acltdtDestroyQueueRouteQueryInfo", null("info")),
    fn("acltdtSetQueueRouteQueryInfo", null("param"), null("value")),
    # api/src/acl_tensor_desc.cc
    fn("aclGetTensorDescDimV2", check("dimSize == nullptr || !Live(desc)", "NULL or dead desc, or dimSize")),
    fn("aclSetTensorFormat", check("!Live(desc)", "desc is NULL or not a live tensor description")),
    fn("aclSetTensorShape",
       check("!Live(desc)", "desc is NULL or not a live tensor description"),
       check("numDims < 0 || (numDims > 0 && dims == nullptr)", "numDims is negative, or dims is NULL")),
    fn("aclSetTensorConst",
       check("!Live(desc) || dataBuffer == nullptr || length == 0", "NULL desc or dataBuffer, or zero length")),
    fn("aclSetTensorPlaceMent",
       check("!Live(desc)", "desc is NULL or not a live tensor description"),
       check("memType < ACL_MEMTYPE_DEVICE || memType > ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT",
             "memType is not an aclMemType")),
    fn("aclSetTensorShapeRange",
       check("!Live(desc) || (dimsCount > 0 && dimsRange == nullptr)", "NULL or dead desc, or NULL dimsRange")),
    fn("aclSetTensorValueRange",
       check("!Live(desc) || (valueCount > 0 && valueRange == nullptr)", "NULL or dead desc, or NULL valueRange")),
    fn("aclGetTensorDescDimRange",
       check("!Live(desc) || dimRange == nullptr", "NULL or dead desc, or NULL dimRange")),
    fn("aclSetTensorStorageShape", check("!Live(desc) || dims == nullptr", "NULL or dead desc, or NULL dims")),
    fn("aclSetTensorOriginShape", check("!Live(desc) || dims == nullptr", "NULL or dead desc, or NULL dims")),
    fn("aclSetTensorDynamicInput",
       check("!Live(desc) || dynamicInputName == nullptr", "NULL or dead desc, or NULL name")),
    # api/src/aclsim_ext.cc
    fn("aclsimTraceGetCount", null("count", "dropped", msg="NULL argument")),
    fn("aclsimTraceGetRecords",
       check("written == nullptr || (records == nullptr && capacity > 0)", "NULL argument")),
    fn("aclsimGetDeviceTimeNs", null("timeNs")),
    fn("aclsimGetModelCost", null("flops", "macs", "bytes", "opTimeNs", msg="NULL argument")),
    fn("aclsimCheckBackendFeature", null("feature")),
    fn("aclsimGetSubscriptionStats", null("stats")),
    fn("aclsimGetLastProfDirectory", check("path == nullptr || length == 0", "NULL or empty buffer")),
    # api/src/mspti_bridge.cc
    fn("aclsimGetMsptiStats", null("stats")),
    # api/src/mstx_bridge.cc
    fn("aclsimGetMstxStats", null("stats")),
    # api/src/prof_session.cc
    fn("aclprofInit"),
    fn("aclprofDestroyConfig", null("profilerConfig")),
    fn("aclprofSetConfig",
       check("configType <= ACL_PROF_ARGS_MIN || configType >= ACL_PROF_ARGS_MAX", "configType out of range"),
       check("configLength > 256", "configLength exceeds 256"),
       null("config"),
       check("std::strlen(config) != configLength", "configLength differs from strlen")),
    fn("aclprofGetSupportedFeatures"),
    fn("aclprofGetSupportedFeaturesV2"),
    fn("aclprofGetStepTimestamp", null("stepInfo")),
    # api/src/prof_subscribe.cc
    fn("aclprofDestroySubscribeConfig", null("profSubscribeConfig", msg="config is NULL")),
    fn("aclprofGetOpDescSize", null("opDescSize")),
    fn("aclprofGetOpNum", null("opInfo", "opNumber", msg="NULL opInfo or opNumber")),
    fn("aclprofGetOpTypeLen"),
    fn("aclprofGetOpType"),
    fn("aclprofGetOpNameLen"),
    fn("aclprofGetOpName"),
    fn("aclprofGetOpStart"),
    fn("aclprofGetOpEnd"),
    fn("aclprofGetOpDuration"),
    fn("aclprofGetModelId"),
    fn("aclprofGetGraphId"),
    fn("ProfGetOpExecutionTime"),
]
