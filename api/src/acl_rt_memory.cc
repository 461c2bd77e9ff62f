// Memory entry points (acl_rt.h). Device memory is host-backed (runtime/memory.h).
#include "acl/acl.h"
#include "api/src/api_trace.h"
#include "api/src/edge.h"
#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"

using aclsim::api::Convert;
using aclsim::api::InvalidParam;

namespace {

// aclrtMalloc and aclrtMallocAlign32: every policy is served from the same
// host-backed pool, 64-byte aligned.
aclError MallocDevice(const char* function, void** dev_ptr, size_t size, aclrtMemMallocPolicy policy) {
  (void)policy;
  if (dev_ptr == nullptr) return InvalidParam(function, "devPtr is NULL");
  if (size == 0) return InvalidParam(function, "size is 0");
  ACLSIM_GET_RUNTIME_OR_RETURN_AT(rt, function);
  auto p = rt->MallocDevice(size);
  if (!p.ok()) return Convert(function, p.status());
  *dev_ptr = *p;
  return ACL_SUCCESS;
}

// MSPTI's view of a memory call that succeeded (api/src/mspti_bridge.h):
// |m| with the device (and the stream's id when |stream| is given) filled
// in. Nothing when MSPTI does not time the call.
aclError Noted(aclsim::api::ApiScope& scope, aclsim::runtime::Runtime* rt, aclError result,
               aclsim::api::mspti::MemoryActivity m, aclrtStream* stream = nullptr) {
  if (result != ACL_SUCCESS || scope.memory() == nullptr || rt == nullptr) return result;
  if (stream != nullptr) {
    if (auto target = rt->devices().ResolveTarget(aclsim::api::ToStream(*stream)); target.ok()) {
      m.device_id = static_cast<uint32_t>(target->device->id());
      m.stream_id = static_cast<uint32_t>(target->stream);
    }
  } else if (auto id = rt->devices().GetDevice(); id.ok()) {
    m.device_id = static_cast<uint32_t>(*id);
  }
  *scope.memory() = m;
  return result;
}

aclsim::api::mspti::MemoryActivity Activity(uint32_t kind, uint64_t bytes) {
  aclsim::api::mspti::MemoryActivity m;
  m.kind = kind;
  m.bytes = bytes;
  return m;
}

// ACL's copy kind as MSPTI reports it (HOST_TO_BUF_TO_DEVICE is host to device).
uint32_t MsptiCopyKind(aclrtMemcpyKind kind) {
  switch (kind) {
    case ACL_MEMCPY_HOST_TO_HOST: return 1;
    case ACL_MEMCPY_HOST_TO_DEVICE:
    case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE: return 2;
    case ACL_MEMCPY_DEVICE_TO_HOST: return 3;
    case ACL_MEMCPY_DEVICE_TO_DEVICE: return 4;
    case ACL_MEMCPY_DEFAULT: return 5;
    default: return 0;
  }
}

// aclrtMalloc and aclrtMallocAlign32 with their MEMORY record.
aclError MallocTimed(aclsim::api::ApiScope& scope, const char* function, void** dev_ptr, size_t size,
                     aclrtMemMallocPolicy policy) {
  const aclError result = MallocDevice(function, dev_ptr, size, policy);
  if (result != ACL_SUCCESS || scope.memory() == nullptr) return result;
  auto rt = aclsim::api::ExistingRuntime();
  if (!rt.ok()) return result;
  aclsim::api::mspti::MemoryActivity m = Activity(aclsim::prof::mspti::kMemory, size);
  m.address = reinterpret_cast<uintptr_t>(*dev_ptr);
  aclsim::api::mspti::NoteAllocation(m.address, size);
  return Noted(scope, rt->get(), result, m);
}

}  // namespace

extern "C" {

ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) try {
  ACLSIM_PROLOGUE(aclrtGetMemInfo);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto info = rt->DeviceMemInfo();  // a simulated device has one pool: every attr reports it
  if (!info.ok()) return Convert(__func__, info.status());
  *free = static_cast<size_t>(info->first);
  *total = static_cast<size_t>(info->second);
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) try {
  ACLSIM_PROLOGUE(aclrtMalloc);
  return MallocTimed(api_scope, kApiName, devPtr, size, policy);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr) try {
  ACLSIM_PROLOGUE(aclrtFree);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  const aclError result = Convert(__func__, rt->FreeDevice(devPtr));
  if (result != ACL_SUCCESS || api_scope.memory() == nullptr) return result;
  const uint64_t address = reinterpret_cast<uintptr_t>(devPtr);
  aclsim::api::mspti::MemoryActivity m =
      Activity(aclsim::prof::mspti::kMemory, aclsim::api::mspti::TakeAllocation(address));
  m.operation = 1;
  m.address = address;
  return Noted(api_scope, rt, result, m);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size) try {
  ACLSIM_PROLOGUE(aclrtMallocHost);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  auto p = rt->MallocHost(size);
  if (!p.ok()) return Convert(__func__, p.status());
  *hostPtr = *p;
  return ACL_SUCCESS;
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr) try {
  ACLSIM_PROLOGUE(aclrtFreeHost);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->FreeHost(hostPtr));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                         aclrtMemcpyKind kind) try {
  ACLSIM_PROLOGUE(aclrtMemcpy);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::api::mspti::MemoryActivity m = Activity(aclsim::prof::mspti::kMemcpy, count);
  m.copy_kind = MsptiCopyKind(kind);
  return Noted(api_scope, rt,
               Convert(__func__, rt->Memcpy(dst, destMax, src, count, static_cast<aclsim::runtime::CopyKind>(kind))),
               m);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) try {
  ACLSIM_PROLOGUE(aclrtMemset);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::api::mspti::MemoryActivity m = Activity(aclsim::prof::mspti::kMemset, count);
  m.value = static_cast<uint32_t>(value);
  return Noted(api_scope, rt, Convert(__func__, rt->Memset(devPtr, maxCount, value, count)), m);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtMemcpyAsync);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  // HOST_TO_BUF_TO_DEVICE is a host-to-device copy through a runtime buffer.
  const auto copy = kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE ? aclsim::runtime::CopyKind::kHostToDevice
                                                             : static_cast<aclsim::runtime::CopyKind>(kind);
  aclsim::api::mspti::MemoryActivity m = Activity(aclsim::prof::mspti::kMemcpy, count);
  m.copy_kind = MsptiCopyKind(kind);
  m.is_async = true;
  return Noted(api_scope, rt,
               Convert(__func__, rt->MemcpyAsync(dst, destMax, src, count, copy, aclsim::api::ToStream(stream),
                                                 api_scope.launch())),
               m, &stream);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                           size_t height, aclrtMemcpyKind kind) try {
  ACLSIM_PROLOGUE(aclrtMemcpy2d);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::api::mspti::MemoryActivity m = Activity(aclsim::prof::mspti::kMemcpy, width * height);
  m.copy_kind = MsptiCopyKind(kind);
  const aclsim::runtime::Copy2D copy{dst, dpitch, src, spitch, width, height};
  return Noted(api_scope, rt, Convert(__func__, rt->Memcpy2d(copy, static_cast<aclsim::runtime::CopyKind>(kind))), m);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemcpy2dAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                                                size_t height, aclrtMemcpyKind kind, aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtMemcpy2dAsync);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::api::mspti::MemoryActivity m = Activity(aclsim::prof::mspti::kMemcpy, width * height);
  m.copy_kind = MsptiCopyKind(kind);
  m.is_async = true;
  const aclsim::runtime::Copy2D copy{dst, dpitch, src, spitch, width, height};
  return Noted(api_scope, rt,
               Convert(__func__, rt->Memcpy2dAsync(copy, static_cast<aclsim::runtime::CopyKind>(kind),
                                                   aclsim::api::ToStream(stream), api_scope.launch())),
               m, &stream);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                                              aclrtStream stream) try {
  ACLSIM_PROLOGUE(aclrtMemsetAsync);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  aclsim::api::mspti::MemoryActivity m = Activity(aclsim::prof::mspti::kMemset, count);
  m.value = static_cast<uint32_t>(value);
  m.is_async = true;
  return Noted(api_scope, rt,
               Convert(__func__, rt->MemsetAsync(devPtr, maxCount, value, count, aclsim::api::ToStream(stream),
                                                 api_scope.launch())),
               m, &stream);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtReduceAsync(void* dst, const void* src, uint64_t count, aclrtReduceKind kind,
                                              aclDataType type, aclrtStream stream, void* reserve) try {
  ACLSIM_PROLOGUE(aclrtReduceAsync);
  using aclsim::runtime::ReduceOp;
  using aclsim::runtime::ReduceType;
  ReduceType element;
  switch (type) {
    case ACL_INT8: element = ReduceType::kInt8; break;
    case ACL_INT16: element = ReduceType::kInt16; break;
    case ACL_INT32: element = ReduceType::kInt32; break;
    case ACL_FLOAT16: element = ReduceType::kFloat16; break;
    case ACL_FLOAT: element = ReduceType::kFloat32; break;
    case ACL_BF16: element = ReduceType::kBfloat16; break;
    default: return InvalidParam(kApiName, "type is not a data type the reduction supports");
  }
  ReduceOp op;
  switch (kind) {
    case ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM: op = ReduceOp::kSum; break;
    case ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX: op = ReduceOp::kMax; break;
    case ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN: op = ReduceOp::kMin; break;
    case ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL:
      // CANN's pages do not say what the EQUAL reduction computes.
      aclsim::api::SetError(
          ACL_ERROR_API_NOT_SUPPORT,
          std::string(kApiName) + ": the EQUAL reduction is not simulated (its result is undocumented)");
      return ACL_ERROR_API_NOT_SUPPORT;
    default: return InvalidParam(kApiName, "kind is not an aclrtReduceKind");
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->ReduceAsync(dst, src, static_cast<size_t>(count), op, element,
                                           aclsim::api::ToStream(stream), api_scope.launch()));
}
ACLSIM_EDGE_CATCH

static aclsim::runtime::RandomParam ToParam(const aclrtRandomParaInfo& p) {
  aclsim::runtime::RandomParam out;
  out.is_addr = p.isAddr != 0;
  std::memcpy(out.value, p.valueOrAddr, sizeof(out.value));
  out.size = p.size;
  return out;
}

ACL_FUNC_VISIBILITY aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo* taskInfo, const aclrtStream stream,
                                                 void* reserve) try {
  ACLSIM_PROLOGUE(aclrtRandomNumAsync);
  using aclsim::runtime::RandomDistribution;
  using aclsim::runtime::RandomType;
  aclsim::runtime::RandomNumRequest request;
  switch (taskInfo->dataType) {
    case ACL_INT32: request.type = RandomType::kInt32; break;
    case ACL_INT64: request.type = RandomType::kInt64; break;
    case ACL_UINT32: request.type = RandomType::kUint32; break;
    case ACL_UINT64: request.type = RandomType::kUint64; break;
    case ACL_BF16: request.type = RandomType::kBfloat16; break;
    case ACL_FLOAT16: request.type = RandomType::kFloat16; break;
    case ACL_FLOAT: request.type = RandomType::kFloat32; break;
    default: return InvalidParam(kApiName, "taskInfo->dataType is not a data type random numbers take");
  }
  const auto& func = taskInfo->randomNumFuncParaInfo;
  switch (aclsim::api::RawEnum(func.funcType)) {
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK:
      request.distribution = RandomDistribution::kDropoutBitmask;
      request.a = ToParam(func.paramInfo.dropoutBitmaskInfo.dropoutRation);
      break;
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS:
      request.distribution = RandomDistribution::kUniform;
      request.a = ToParam(func.paramInfo.uniformDisInfo.min);
      request.b = ToParam(func.paramInfo.uniformDisInfo.max);
      break;
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS:
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS:
      request.distribution = aclsim::api::RawEnum(func.funcType) == ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS
                                 ? RandomDistribution::kNormal
                                 : RandomDistribution::kTruncatedNormal;
      request.a = ToParam(func.paramInfo.normalDisInfo.mean);
      request.b = ToParam(func.paramInfo.normalDisInfo.stddev);
      break;
    default: return InvalidParam(kApiName, "taskInfo->randomNumFuncParaInfo.funcType is not an aclrtRandomNumFuncType");
  }
  request.seed = ToParam(taskInfo->randomSeed);
  request.count = ToParam(taskInfo->randomNum);
  request.result = taskInfo->randomResultAddr;
  request.counter = taskInfo->randomCounterAddr;
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->RandomNumAsync(request, aclsim::api::ToStream(stream), api_scope.launch()));
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) try {
  ACLSIM_PROLOGUE(aclrtMallocAlign32);
  return MallocTimed(api_scope, kApiName, devPtr, size, policy);  // 64-byte aligned, so 32-byte aligned
}
ACLSIM_EDGE_CATCH

// CANN: memory of aclrtMallocCached and of aclrtMalloc are the same (both
// cached, coherent between host and device).
ACL_FUNC_VISIBILITY aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) try {
  ACLSIM_PROLOGUE(aclrtMallocCached);
  return MallocTimed(api_scope, kApiName, devPtr, size, policy);
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemFlush(void* devPtr, size_t size) try {
  ACLSIM_PROLOGUE(aclrtMemFlush);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->CacheMaintenance());
}
ACLSIM_EDGE_CATCH

ACL_FUNC_VISIBILITY aclError aclrtMemInvalidate(void* devPtr, size_t size) try {
  ACLSIM_PROLOGUE(aclrtMemInvalidate);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->CacheMaintenance());
}
ACLSIM_EDGE_CATCH

}  // extern "C"
