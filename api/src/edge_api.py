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
    ("MEM_CPY2D", "aclrtMemcpy2D"),
    ("MEM_CPY2D_ASYNC", "aclrtMemcpy2DAsync"),
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
    fn("aclrtMallocAlign32", SCOPE, mspti="MALLOC"),
    # api/src/acl_rt_stream.cc
    fn("aclrtCreateStream", SCOPE, null("stream")),
    fn("aclrtDestroyStream", SCOPE, null("stream")),
    fn("aclrtSynchronizeStream", SCOPE),
    fn("aclrtStreamQuery", null("status")),
    fn("aclrtCreateEvent", null("event")),
    fn("aclrtCreateEventWithFlag",
       null("event"),
       check("(flag & ~(ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE)) != 0",
             "unknown flag bits")),
    fn("aclrtDestroyEvent", null("event")),
    fn("aclrtRecordEvent", SCOPE, null("event")),
    fn("aclrtStreamWaitEvent", SCOPE, null("event")),
    fn("aclrtSynchronizeEvent", SCOPE, null("event")),
    fn("aclrtQueryEvent", null("event", "status", msg="NULL argument")),
    fn("aclrtQueryEventStatus", null("event", "status", msg="NULL argument")),
    fn("aclrtEventElapsedTime", null("ms", "startEvent", "endEvent", msg="NULL argument")),
    fn("aclrtStreamGetId", null("streamId")),
    fn("aclrtProfTrace", null("userdata")),
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
