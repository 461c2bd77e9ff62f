// Collection sessions, step markers, msproftx stamps and toolchain extras of
// acl_prof.h / prof_acl_api.h (spec §2.0, §2.1, §2.3, §2.4), reached from
// libmsprofiler.so through the profiling table.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

#include "api/src/error.h"
#include "api/src/generated/edge_prologues.h"
#include "api/src/global.h"
#include "api/src/handles.h"
#include "api/src/live_handles.h"
#include "api/src/prof_api.h"
#include "runtime/log.h"
#include "runtime/prof/msproftx.h"

namespace aclsim::api::prof_impl {
namespace {

std::atomic<uint64_t> g_next_step_index{1};

// One record of the feature tables of aclprofGetSupportedFeatures(V2)
// (spec §2.1): laid out as CANN's C++ objects, whose two vtable slots
// consumers skip; aclsim leaves them NULL.
struct FeatureRecord {
  void* vptr;
  char featureName[64];
  void* info_vptr;
  char compatibility[16];
  char featureVersion[16];
  char affectedComponent[16];
  char affectedComponentVersion[16];
  char infoLog[128];
};
static_assert(sizeof(FeatureRecord) == 272, "FeatureRecord is 272 bytes");

// Every field non-empty, as CANN's FEATURE_V1 table: MindSpore's
// FeatureMgr::FormatFeatureList throws on an empty one and torch_npu drops
// the record. (V2 adds "MemoryAccess" on one chip family that no aclsim
// profile models, so both calls return this table.)
const FeatureRecord kFeatures[] = {
    {nullptr, "ATTR", nullptr, "1", "2", "all", "all", "It not support feature: ATTR!"},
    {nullptr, "AICORE_SHAPE", nullptr, "1", "1", "all", "all", "It not support feature: AICORE_SHAPE!"},
};

aclError Features(const char* function, size_t* size, void** data) {
  if (size == nullptr || data == nullptr || *data != nullptr) {
    return InvalidParam(function, "featuresSize/featuresData must be non-NULL and *featuresData NULL");
  }
  *data = const_cast<FeatureRecord*>(kFeatures);
  *size = sizeof(kFeatures) / sizeof(kFeatures[0]);
  return ACL_SUCCESS;
}

// msproftx helpers: the runtime (created on first use) owns the manager.
// Null (with |function|'s error recorded) when the runtime cannot be made;
// the caller holds the reference while it uses the manager.
RuntimeRef TxRuntime(const char* function) {
  auto rt = GetRuntime();
  if (!rt.ok()) {
    Convert(function, rt.status());
    return nullptr;
  }
  return std::move(rt).value();
}

// Runs |call| on the manager; its Status becomes |function|'s code.
template <typename F>
aclError TxCall(const char* function, F call) {
  auto rt = GetRuntime();
  return Convert(function, rt.ok() ? call((*rt)->profiler().tx()) : rt.status());
}

}  // namespace

// ------------------------------------------------------------- sessions

aclError aclprofInit(const char* profilerResultPath, size_t length) {
  ACLSIM_PROLOGUE(aclprofInit);
  const char* mode = std::getenv("PROFILING_MODE");
  const bool dynamic = mode != nullptr && std::strcmp(mode, "dynamic") == 0;
  if (!dynamic) {
    if (profilerResultPath == nullptr) return InvalidParam(kApiName, "profilerResultPath is NULL");
    if (length == 0 || length >= 4096) return InvalidParam(kApiName, "length must be in [1, 4095]");
    if (std::strlen(profilerResultPath) != length) {
      return InvalidParam(kApiName, "length differs from strlen(profilerResultPath)");
    }
  }
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().Init(
                               dynamic ? std::string_view() : std::string_view(profilerResultPath, length), dynamic));
}

aclError aclprofFinalize(void) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().Finalize());
}

aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList, uint32_t deviceNums, aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents* aicoreEvents, uint64_t dataTypeConfig) {
  auto rt = GetRuntime();
  if (!rt.ok()) {
    Convert(__func__, rt.status());
    return nullptr;
  }
  auto config = prof::MakeSessionConfig(deviceIdList, deviceNums, static_cast<int32_t>(aicoreMetrics),
                                        aicoreEvents != nullptr, dataTypeConfig, (*rt)->devices().DeviceCount());
  if (!config.ok()) {
    Convert(__func__, config.status());
    return nullptr;
  }
  return api::LiveHandles<aclprofConfig>::Global().Create(std::move(config).value());
}

aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig) {
  ACLSIM_PROLOGUE(aclprofDestroyConfig);
  if (!api::LiveHandles<aclprofConfig>::Global().Destroy(profilerConfig)) {
    return InvalidParam(kApiName, "profilerConfig is not a live config (already destroyed?)");
  }
  return ACL_SUCCESS;
}

aclError aclprofSetConfig(aclprofConfigType configType, const char* config, size_t configLength) {
  ACLSIM_PROLOGUE(aclprofSetConfig);
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__,
                 rt->profiler().SetConfig(static_cast<int32_t>(configType), std::string_view(config, configLength)));
}

aclError aclprofStart(const aclprofConfig* profilerConfig) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().Start(profilerConfig ? &profilerConfig->config : nullptr));
}

aclError aclprofStop(const aclprofConfig* profilerConfig) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().Stop(profilerConfig ? &profilerConfig->config : nullptr));
}

int aclprofWarmup(const aclprofConfig* profilerConfig) {
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  return Convert(__func__, rt->profiler().Warmup(profilerConfig ? &profilerConfig->config : nullptr));
}

int32_t aclprofGetSupportedFeatures(size_t* featuresSize, void** featuresData) {
  ACLSIM_PROLOGUE(aclprofGetSupportedFeatures);
  return Features(kApiName, featuresSize, featuresData);
}

int32_t aclprofGetSupportedFeaturesV2(size_t* featuresSize, void** featuresData) {
  ACLSIM_PROLOGUE(aclprofGetSupportedFeaturesV2);
  // V2 adds a "MemoryAccess" entry on one chip family only; the simulated
  // profiles are not that family, so both tables are the same.
  return Features(kApiName, featuresSize, featuresData);
}

int aclprofRegisterDeviceCallback(void) { return ACL_SUCCESS; }  // devices opened later always join

// ----------------------------------------------------------- step markers

aclprofStepInfo* aclprofCreateStepInfo(void) {
  return api::LiveHandles<aclprofStepInfo>::Global().Create(false, false, g_next_step_index.fetch_add(1));
}

void aclprofDestroyStepInfo(aclprofStepInfo* stepinfo) {
  if (stepinfo == nullptr) {
    SetError(ACL_ERROR_INVALID_PARAM, "aclprofDestroyStepInfo: stepinfo is NULL");
    return;
  }
  if (!api::LiveHandles<aclprofStepInfo>::Global().Destroy(stepinfo)) {
    SetError(ACL_ERROR_INVALID_PARAM, "aclprofDestroyStepInfo: stepinfo is not a live step info (already destroyed?)");
  }
}

aclError aclprofGetStepTimestamp(aclprofStepInfo* stepInfo, aclprofStepTag tag, aclrtStream stream) {
  ACLSIM_PROLOGUE(aclprofGetStepTimestamp);
  // CANN rejects only a repeated ACL_STEP_START or ACL_STEP_END (spec §2.3):
  // any other tag (MindSpore's 60000 and 60001 on one step info) sets the
  // END flag and is always accepted. The flag is set before the marker is
  // issued, so a failed marker still consumes the tag.
  if (tag == ACL_STEP_START && stepInfo->startFlag) {
    return InvalidParam(kApiName, "START was already issued for this step info");
  }
  if (tag == ACL_STEP_END && stepInfo->endFlag) {
    return InvalidParam(kApiName, "END was already issued for this step info");
  }
  (tag == ACL_STEP_START ? stepInfo->startFlag : stepInfo->endFlag) = true;
  ACLSIM_GET_RUNTIME_OR_RETURN(rt);
  Status s = rt->profiler().StepMarker(ToStream(stream), stepInfo->indexId, static_cast<uint32_t>(tag));
  return Convert(__func__, s.ok() ? s : WithPrefix(s, "aclprofGetStepTimestamp: the step marker failed: "));
}

// --------------------------------------------------------------- msproftx

void* aclprofCreateStamp(void) {
  const RuntimeRef rt = TxRuntime(__func__);
  void* stamp = rt ? rt->profiler().tx().CreateStamp() : nullptr;
  if (stamp == nullptr) {
    SetError(ACL_ERROR_INVALID_PARAM,
             "aclprofCreateStamp: msproftx is not active (needs aclprofStart with ACL_PROF_MSPROFTX) or all 100 "
             "stamps are in use");
  }
  return stamp;
}

void aclprofDestroyStamp(void* stamp) {
  if (stamp == nullptr) {
    SetError(ACL_ERROR_INVALID_PARAM, "aclprofDestroyStamp: stamp is NULL");
    return;
  }
  if (const RuntimeRef rt = TxRuntime(__func__)) rt->profiler().tx().DestroyStamp(stamp);
}

aclError aclprofSetStampTraceMessage(void* stamp, const char* msg, uint32_t msgLen) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.SetStampTraceMessage(stamp, msg, msgLen); });
}

aclError aclprofMark(void* stamp) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.Mark(stamp); });
}

aclError aclprofMarkEx(const char* msg, size_t msgLen, aclrtStream stream) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.MarkEx(msg, msgLen, stream); });
}

aclError aclprofPush(void* stamp) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.Push(stamp); });
}

aclError aclprofPop(void) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.Pop(); });
}

aclError aclprofRangeStart(void* stamp, uint32_t* rangeId) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.RangeStart(stamp, rangeId); });
}

aclError aclprofRangeStop(uint32_t rangeId) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.RangeStop(rangeId); });
}

uint64_t aclprofStr2Id(const char* message) { return prof::Str2Id(message); }

int32_t aclprofSetCategoryName(uint32_t category, const char* categoryName) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.SetCategoryName(category, categoryName); });
}

int32_t aclprofSetStampCategory(void* stamp, uint32_t category) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.SetStampCategory(stamp, category); });
}

int32_t aclprofSetStampTagName(void* stamp, const char* tagName, uint16_t len) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.SetStampTagName(stamp, tagName, len); });
}

aclError aclprofSetStampCallStack(void* stamp, const char* callStack, uint32_t len) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.SetStampCallStack(stamp, callStack, len); });
}

int32_t aclprofSetStampPayload(void* stamp, const int32_t type, void* value) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.SetStampPayload(stamp, type, value); });
}

aclError aclprofRangePushEx(aclprofEventAttributes* attr) {
  std::string description;
  if (attr != nullptr && attr->messageType == ACL_PROF_MESSAGE_TYPE_TENSOR_INFO &&
      attr->message.tensorInfo != nullptr) {
    const aclprofTensorInfo& info = *attr->message.tensorInfo;
    description = "tensor info: opNameId=" + std::to_string(info.opNameId) +
                  " opTypeId=" + std::to_string(info.opTypeId) + " tensors=" + std::to_string(info.tensorNum);
    for (uint32_t i = 0; info.tensors != nullptr && i < info.tensorNum && i < 64; ++i) {
      const aclprofTensor& t = info.tensors[i];
      description += std::string(i ? ";" : " [") + (t.type == 0 ? "in" : "out") +
                     " dtype=" + std::to_string(t.dataType) + " format=" + std::to_string(t.format) + " shape=";
      for (uint32_t d = 0; d < t.shapeDim && d < ACL_PROF_TENSOR_DATA_SHAPE_LEN; ++d) {
        description += (d ? "," : "") + std::to_string(t.shape[d]);
      }
    }
    if (info.tensorNum > 0 && info.tensors != nullptr) description += "]";
  }
  return TxCall(__func__, [&](prof::TxManager& tx) {
    return tx.RangePushEx(attr == nullptr, attr ? attr->messageType : 0, std::move(description));
  });
}

aclError aclprofRangePop(void) {
  return TxCall(__func__, [&](prof::TxManager& tx) { return tx.RangePop(); });
}

}  // namespace aclsim::api::prof_impl
