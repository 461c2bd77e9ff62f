// Operator-subscription entry points of acl_prof.h (spec §2.2, §3) and
// prof_acl_api.h's ProfOpSubscribe / ProfOpUnSubscribe, reached
// from libmsprofiler.so through the profiling table. The accessors are pure
// functions of the caller's buffer (runtime/prof/op_desc.h) and the
// process-wide name table; they never touch the runtime.
#include <cstdio>

#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "api/src/live_handles.h"
#include "api/src/prof_api.h"
#include "runtime/prof/op_desc.h"
#include "runtime/prof/op_name_table.h"

namespace aclsim::api::prof_impl {
namespace {

using prof::Field;
using prof::OpNameTable;

const uint8_t* Record(const char* function, const void* opInfo, size_t opInfoLen, uint32_t index) {
  const uint8_t* rec = prof::CheckedRecordMemo(opInfo, opInfoLen, index);
  if (rec == nullptr) {
    SetError(ACL_ERROR_INVALID_PARAM, std::string(function) + ": NULL opInfo, length " + std::to_string(opInfoLen) +
                                          " not a multiple of 80, index " + std::to_string(index) +
                                          " out of range, or the record's signature does not match");
  }
  return rec;
}

aclError NameLength(const char* function, const void* opInfo, size_t opInfoLen, uint32_t index, size_t* out_len,
                    OpNameTable::Which which) {
  if (out_len == nullptr) return InvalidParam(function, "length pointer is NULL");
  const uint8_t* rec = Record(function, opInfo, opInfoLen, index);
  if (rec == nullptr) return ACL_ERROR_INVALID_PARAM;
  if (!OpNameTable::Global().Length(prof::Load64(rec + static_cast<uint32_t>(Field::kOpIndex)), which, out_len)) {
    return InvalidParam(function, "no name for this record in this process (maybe it has been got already)");
  }
  return ACL_SUCCESS;
}

aclError TakeName(const char* function, const void* opInfo, size_t opInfoLen, uint32_t index, char* buf, size_t buf_len,
                  OpNameTable::Which which) {
  if (buf == nullptr || buf_len == 0) return InvalidParam(function, "NULL buffer or zero length");
  const uint8_t* rec = Record(function, opInfo, opInfoLen, index);
  if (rec == nullptr) return ACL_ERROR_INVALID_PARAM;
  if (!OpNameTable::Global().Take(prof::Load64(rec + static_cast<uint32_t>(Field::kOpIndex)), which, buf, buf_len)) {
    return InvalidParam(function,
                        "no name for this record (maybe it has been got already), or the buffer is shorter than it");
  }
  return ACL_SUCCESS;
}

uint64_t Field64(const char* function, const void* opInfo, size_t opInfoLen, uint32_t index, Field field) {
  const uint8_t* rec = Record(function, opInfo, opInfoLen, index);
  return rec == nullptr ? 0 : prof::Load64(rec + static_cast<uint32_t>(field));
}

}  // namespace

aclprofSubscribeConfig* aclprofCreateSubscribeConfig(int8_t timeInfoSwitch, aclprofAicoreMetrics aicoreMetrics,
                                                     void* fd) {
  if (fd == nullptr) {
    SetError(ACL_ERROR_INVALID_PARAM, "aclprofCreateSubscribeConfig: fd (a pointer to the pipe's write fd) is NULL");
    return nullptr;
  }
  if (timeInfoSwitch != 0 && timeInfoSwitch != 1) {
    SetError(ACL_ERROR_INVALID_PARAM, "aclprofCreateSubscribeConfig: timeInfoSwitch must be 0 or 1");
    return nullptr;
  }
  auto* config = api::LiveHandles<aclprofSubscribeConfig>::Global().Create();
  config->config.time_info = timeInfoSwitch;
  config->config.aicore_metrics = static_cast<int32_t>(aicoreMetrics);
  config->config.fd = static_cast<int*>(fd);
  return config;
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig* profSubscribeConfig) {
  ACLSIM_PROLOGUE(aclprofDestroySubscribeConfig);
  if (!api::LiveHandles<aclprofSubscribeConfig>::Global().Destroy(profSubscribeConfig)) {
    return InvalidParam(kApiName, "config is not a live subscribe config (already destroyed?)");
  }
  return ACL_SUCCESS;
}

aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig* profSubscribeConfig) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__,
                 rt->profiler().Subscribe(modelId, profSubscribeConfig ? &profSubscribeConfig->config : nullptr));
}

aclError aclprofModelUnSubscribe(uint32_t modelId) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().Unsubscribe(modelId));
}

// The subscription belongs to the calling thread (CANN keys it by its id).
int32_t ProfOpSubscribe(uint32_t devId, PROFAPI_SUBSCRIBECONFIG_CONST_PTR profSubscribeConfig) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  const auto* config = static_cast<const aclprofSubscribeConfig*>(profSubscribeConfig);
  return Convert(__func__, rt->profiler().SubscribeThreadOps(devId, runtime::CurrentThreadId(),
                                                             config ? &config->config : nullptr));
}

int32_t ProfOpUnSubscribe(uint32_t devId) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().UnsubscribeThreadOps(devId, runtime::CurrentThreadId()));
}

aclError aclprofGetOpDescSize(size_t* opDescSize) {
  ACLSIM_PROLOGUE(aclprofGetOpDescSize);
  *opDescSize = prof::kOpDescSize;
  return ACL_SUCCESS;
}

aclError aclprofGetOpNum(const void* opInfo, size_t opInfoLen, uint32_t* opNumber) {
  ACLSIM_PROLOGUE(aclprofGetOpNum);
  if (!prof::CountRecords(opInfo, opInfoLen, opNumber)) {
    return InvalidParam(kApiName, "length is not a multiple of 80 or a record's signature does not match");
  }
  return ACL_SUCCESS;
}

aclError aclprofGetOpTypeLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opTypeLen) {
  ACLSIM_PROLOGUE(aclprofGetOpTypeLen);
  return NameLength(kApiName, opInfo, opInfoLen, index, opTypeLen, OpNameTable::Which::kType);
}

aclError aclprofGetOpType(const void* opInfo, size_t opInfoLen, uint32_t index, char* opType, size_t opTypeLen) {
  ACLSIM_PROLOGUE(aclprofGetOpType);
  return TakeName(kApiName, opInfo, opInfoLen, index, opType, opTypeLen, OpNameTable::Which::kType);
}

aclError aclprofGetOpNameLen(const void* opInfo, size_t opInfoLen, uint32_t index, size_t* opNameLen) {
  ACLSIM_PROLOGUE(aclprofGetOpNameLen);
  return NameLength(kApiName, opInfo, opInfoLen, index, opNameLen, OpNameTable::Which::kName);
}

aclError aclprofGetOpName(const void* opInfo, size_t opInfoLen, uint32_t index, char* opName, size_t opNameLen) {
  ACLSIM_PROLOGUE(aclprofGetOpName);
  return TakeName(kApiName, opInfo, opInfoLen, index, opName, opNameLen, OpNameTable::Which::kName);
}

uint64_t aclprofGetOpStart(const void* opInfo, size_t opInfoLen, uint32_t index) {
  ACLSIM_PROLOGUE(aclprofGetOpStart);
  return Field64(kApiName, opInfo, opInfoLen, index, Field::kStart);
}

uint64_t aclprofGetOpEnd(const void* opInfo, size_t opInfoLen, uint32_t index) {
  ACLSIM_PROLOGUE(aclprofGetOpEnd);
  return Field64(kApiName, opInfo, opInfoLen, index, Field::kEnd);
}

uint64_t aclprofGetOpDuration(const void* opInfo, size_t opInfoLen, uint32_t index) {
  ACLSIM_PROLOGUE(aclprofGetOpDuration);
  return Field64(kApiName, opInfo, opInfoLen, index, Field::kDuration);
}

size_t aclprofGetModelId(const void* opInfo, size_t opInfoLen, uint32_t index) {
  ACLSIM_PROLOGUE(aclprofGetModelId);
  const uint8_t* rec = Record(kApiName, opInfo, opInfoLen, index);
  // CANN returns the error code itself as the "model id" on failure.
  return rec == nullptr ? static_cast<size_t>(ACL_ERROR_INVALID_PARAM)
                        : prof::Load32(rec + static_cast<uint32_t>(Field::kModelId));
}

size_t aclprofGetGraphId(const void* opInfo, size_t opInfoLen, uint32_t index) {
  ACLSIM_PROLOGUE(aclprofGetGraphId);
  const uint8_t* rec = Record(kApiName, opInfo, opInfoLen, index);
  return rec == nullptr ? static_cast<size_t>(ACL_ERROR_INVALID_PARAM)
                        : prof::Load32(rec + static_cast<uint32_t>(Field::kModelId));
}

aclprofSubscribeOpFlag aclprofGetOpFlag(const void* opInfo, size_t opInfoLen, uint32_t index) {
  if (opInfo == nullptr) {
    SetError(ACL_ERROR_INVALID_PARAM, "aclprofGetOpFlag: opInfo is NULL");
    return ACL_SUBSCRIBE_NONE;
  }
  const uint8_t* rec = prof::UncheckedRecord(opInfo, opInfoLen, index);
  if (rec == nullptr) {
    SetError(ACL_ERROR_INVALID_PARAM, "aclprofGetOpFlag: index out of range");
    return ACL_SUBSCRIBE_OP;  // CANN returns 0 here, not ACL_SUBSCRIBE_NONE
  }
  return static_cast<aclprofSubscribeOpFlag>(prof::Load32(rec + static_cast<uint32_t>(Field::kFlag)));
}

const char* aclprofGetOpAttriValue(const void* opInfo, size_t opInfoLen, uint32_t index,
                                   aclprofSubscribeOpAttri attri) {
  // CANN hands out one process-global buffer; aclsim's is per thread (still
  // overwritten by the next call), so concurrent readers do not race.
  thread_local char text[24];
  const uint8_t* rec = prof::UncheckedRecord(opInfo, opInfoLen, index);
  if (rec == nullptr || attri != ACL_SUBSCRIBE_ATTRI_THREADID ||
      prof::Load32(rec + static_cast<uint32_t>(Field::kFlag)) != ACL_SUBSCRIBE_OP_THREAD) {
    SetError(ACL_ERROR_INVALID_PARAM,
             "aclprofGetOpAttriValue: NULL opInfo, index out of range, unknown attribute, or the record is not "
             "an ACL_SUBSCRIBE_OP_THREAD record");
    return nullptr;
  }
  std::snprintf(text, sizeof(text), "%u", prof::Load32(rec + static_cast<uint32_t>(Field::kThreadId)));
  return text;
}

uint64_t ProfGetOpExecutionTime(const void* data, uint32_t len, uint32_t index) {
  ACLSIM_PROLOGUE(ProfGetOpExecutionTime);
  return Field64(kApiName, data, len, index, Field::kExecutionTime);
}

}  // namespace aclsim::api::prof_impl
