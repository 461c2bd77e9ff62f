// libmspti.so: the newer MSPTI queries and settings — result strings, the
// version, record sizes, the enabled kinds and callbacks, dropped-record
// counts, the time base and its callback, activity attributes, callback
// names and domains. Behaviour as Ascend/mspti's csrc/ (2026) and its API
// pages describe it; docs/mspti.md says where aclsim differs.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>

#include "api/mspti/mspti_table.h"
#include "mspti/mspti.h"
#include "runtime/prof/mspti_records.h"

namespace {

using aclsim::mspti_lib::R;
using aclsim::mspti_lib::Table;
using aclsim::mspti_lib::ValidKind;

// CHANNEL_BUFFER_SIZE: CANN's per-device channel buffers. aclsim has no
// channels (records come from its runtime), so the value is kept and
// reported, and bounded as CANN bounds it.
constexpr uint32_t kMinChannelBytes = 2u << 20;
constexpr uint32_t kMaxChannelBytes = 10u << 20;
std::atomic<uint32_t> g_channel_bytes{kMinChannelBytes};

// The API each callback id stands for (index: cbid), from api/src/edge_api.py.
#define ACLSIM_MSPTI_CALLBACK(domain, cbid, name) ACLSIM_MSPTI_##domain(cbid, name)
constexpr std::array<const char*, MSPTI_CBID_RUNTIME_SIZE> kRuntimeNames = [] {
  std::array<const char*, MSPTI_CBID_RUNTIME_SIZE> names{};
#define ACLSIM_MSPTI_RUNTIME(cbid, name) names[cbid] = name;
#define ACLSIM_MSPTI_HCCL(cbid, name)
#include "api/src/generated/mspti_callbacks.inc"
#undef ACLSIM_MSPTI_RUNTIME
#undef ACLSIM_MSPTI_HCCL
  return names;
}();
constexpr std::array<const char*, MSPTI_CBID_HCCL_SIZE> kHcclNames = [] {
  std::array<const char*, MSPTI_CBID_HCCL_SIZE> names{};
#define ACLSIM_MSPTI_RUNTIME(cbid, name)
#define ACLSIM_MSPTI_HCCL(cbid, name) names[cbid] = name;
#include "api/src/generated/mspti_callbacks.inc"
#undef ACLSIM_MSPTI_RUNTIME
#undef ACLSIM_MSPTI_HCCL
  return names;
}();
#undef ACLSIM_MSPTI_CALLBACK

// Callback ids of |domain| run 1..DomainSize(domain)-1; 0: no such domain.
uint32_t DomainSize(msptiCallbackDomain domain) {
  switch (domain) {
    case MSPTI_CB_DOMAIN_RUNTIME: return MSPTI_CBID_RUNTIME_SIZE;
    case MSPTI_CB_DOMAIN_HCCL: return MSPTI_CBID_HCCL_SIZE;
    default: return 0;
  }
}

// "9.1.0" → 90100: major * 10000 + minor * 100 + patch; 0 when the text
// does not start with three dot-separated numbers.
uint32_t ParseVersion(const char* text) {
  uint64_t parts[3] = {};
  const char* p = text;
  for (int i = 0; i < 3; ++i) {
    if (*p < '0' || *p > '9') return 0;
    while (*p >= '0' && *p <= '9' && parts[i] < 100000) parts[i] = parts[i] * 10 + static_cast<uint64_t>(*p++ - '0');
    if (i < 2 && *p++ != '.') return 0;
  }
  const uint64_t v = parts[0] * 10000 + parts[1] * 100 + parts[2];
  return v > UINT32_MAX ? 0 : static_cast<uint32_t>(v);
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) msptiResult msptiGetResultString(msptiResult result, const char** str) {
  if (str == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const char* text = nullptr;
  switch (result) {
    case MSPTI_SUCCESS: text = "Success."; break;
    case MSPTI_ERROR_INVALID_PARAMETER: text = "An argument is not valid."; break;
    case MSPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: text = "Only one subscriber is supported."; break;
    case MSPTI_ERROR_MAX_LIMIT_REACHED: text = "The buffer holds no more records."; break;
    case MSPTI_ERROR_DEVICE_OFFLINE: text = "The device is not available."; break;
    case MSPTI_ERROR_QUEUE_EMPTY: text = "No external correlation id is pushed for this kind."; break;
    case MSPTI_ERROR_WITHOUT_LD_PRELOAD: text = "The operation needs libmspti.so in LD_PRELOAD."; break;
    case MSPTI_ERROR_NOT_INITIALIZED: text = "MSPTI has no subscriber yet."; break;
    case MSPTI_ERROR_INVALID_KIND: text = "The activity kind is not valid."; break;
    case MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT: text = "The value is smaller than the parameter needs."; break;
    case MSPTI_ERROR_INNER: text = "An internal error occurred."; break;
    default: return MSPTI_ERROR_INVALID_PARAMETER;
  }
  *str = text;
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiGetVersion(uint32_t* version) {
  if (version == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const uint32_t v = ParseVersion(ACLSIM_CANN_VERSION);
  if (v == 0) return MSPTI_ERROR_INNER;
  *version = v;
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiActivityGetStructSize(msptiActivityKind activityKind,
                                                                              uint32_t version,
                                                                              size_t* activityStructSize) {
  (void)version;  // one layout per kind, as in CANN
  if (activityStructSize == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  if (!ValidKind(activityKind)) return MSPTI_ERROR_INVALID_KIND;
  *activityStructSize = aclsim::prof::mspti::RecordSize(static_cast<uint32_t>(activityKind));
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiActivityGetEnabledKinds(msptiSubscriberHandle subscriber,
                                                                                msptiActivityKind* buffer,
                                                                                uint32_t* bufferSize,
                                                                                uint32_t* enabledKindsCount) {
  (void)subscriber;  // kinds are per process
  if (enabledKindsCount == nullptr || (buffer != nullptr && bufferSize == nullptr)) {
    return MSPTI_ERROR_INVALID_PARAMETER;
  }
  const auto* t = Table();
  if (t == nullptr) return MSPTI_ERROR_INNER;
  uint32_t count = 0;
  uint32_t written = 0;
  for (int k = MSPTI_ACTIVITY_KIND_INVALID + 1; k < MSPTI_ACTIVITY_KIND_COUNT; ++k) {
    if (!t->kind_enabled(static_cast<uint32_t>(k))) continue;
    ++count;
    if (buffer != nullptr && written < *bufferSize) buffer[written++] = static_cast<msptiActivityKind>(k);
  }
  *enabledKindsCount = count;
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiActivityGetNumDroppedRecords(void* context, uint32_t streamId,
                                                                                     size_t* dropped) {
  (void)context;  // one count for the process
  (void)streamId;
  if (dropped == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  if (t == nullptr) return MSPTI_ERROR_INNER;
  uint64_t n = 0;
  const msptiResult result = R(t->take_dropped(&n));
  if (result == MSPTI_SUCCESS) *dropped = static_cast<size_t>(n);
  return result;
}

__attribute__((visibility("default"))) msptiResult msptiGetTimestamp(uint64_t* timestamp) {
  if (timestamp == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->timestamp(timestamp));
}

__attribute__((visibility("default"))) msptiResult msptiActivityRegisterTimestampCallback(
    msptiTimestampCallbackFunc funcTimestamp) {
  if (funcTimestamp == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->set_timestamp_callback(funcTimestamp));
}

__attribute__((visibility("default"))) msptiResult msptiActivitySetAttribute(msptiActivityAttribute attr,
                                                                             size_t* valueSize, void* value) {
  if (valueSize == nullptr || value == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  if (attr == MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE) {
    uint32_t bytes = 0;
    if (*valueSize < sizeof(bytes)) return MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT;
    std::memcpy(&bytes, value, sizeof(bytes));
    if (bytes < kMinChannelBytes || bytes > kMaxChannelBytes) return MSPTI_ERROR_INVALID_PARAMETER;
    g_channel_bytes.store(bytes);
    return MSPTI_SUCCESS;
  }
  if (attr == MSPTI_ACTIVITY_ATTR_TIMESTAMP_CALLBACK) {
    msptiTimestampCallbackFunc callback = nullptr;
    if (*valueSize < sizeof(callback)) return MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT;
    std::memcpy(&callback, value, sizeof(callback));
    return msptiActivityRegisterTimestampCallback(callback);
  }
  return MSPTI_ERROR_INVALID_PARAMETER;
}

__attribute__((visibility("default"))) msptiResult msptiActivityGetAttribute(msptiActivityAttribute attr,
                                                                             size_t* valueSize, void* value) {
  if (valueSize == nullptr || value == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  if (attr == MSPTI_ACTIVITY_ATTR_CHANNEL_BUFFER_SIZE) {
    if (*valueSize < sizeof(uint32_t)) return MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT;
    const uint32_t bytes = g_channel_bytes.load();
    std::memcpy(value, &bytes, sizeof(bytes));
    *valueSize = sizeof(bytes);
    return MSPTI_SUCCESS;
  }
  if (attr == MSPTI_ACTIVITY_ATTR_TIMESTAMP_CALLBACK) {
    if (*valueSize < sizeof(msptiTimestampCallbackFunc)) return MSPTI_ERROR_PARAMETER_SIZE_NOT_SUFFICIENT;
    const auto* t = Table();
    if (t == nullptr) return MSPTI_ERROR_INNER;
    const msptiTimestampCallbackFunc callback = t->timestamp_callback();
    std::memcpy(value, &callback, sizeof(callback));
    *valueSize = sizeof(callback);
    return MSPTI_SUCCESS;
  }
  return MSPTI_ERROR_INVALID_PARAMETER;
}

__attribute__((visibility("default"))) msptiResult msptiEnableAllDomains(uint32_t enable,
                                                                         msptiSubscriberHandle subscriber) {
  for (msptiCallbackDomain d : {MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CB_DOMAIN_HCCL}) {
    const msptiResult result = msptiEnableDomain(enable, subscriber, d);
    if (result != MSPTI_SUCCESS) return result;
  }
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiGetCallbackName(msptiCallbackDomain domain, uint32_t cbid,
                                                                        const char** name) {
  if (name == nullptr || cbid == 0 || cbid >= DomainSize(domain)) return MSPTI_ERROR_INVALID_PARAMETER;
  *name = domain == MSPTI_CB_DOMAIN_RUNTIME ? kRuntimeNames[cbid] : kHcclNames[cbid];
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiGetCallbackState(uint32_t* enable,
                                                                         msptiSubscriberHandle subscriber,
                                                                         msptiCallbackDomain domain,
                                                                         msptiCallbackId cbid) {
  if (enable == nullptr || DomainSize(domain) == 0 || cbid >= 64) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER
                      : R(t->callback_state(subscriber, static_cast<uint32_t>(domain), cbid, enable));
}

__attribute__((visibility("default"))) msptiResult msptiSupportedDomains(size_t* domainCount,
                                                                         msptiDomainTable* domainTable) {
  if (domainCount == nullptr || domainTable == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  static msptiCallbackDomain domains[] = {MSPTI_CB_DOMAIN_RUNTIME, MSPTI_CB_DOMAIN_HCCL};
  *domainCount = sizeof(domains) / sizeof(domains[0]);
  *domainTable = domains;
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiGetEnabledCallbacks(msptiSubscriberHandle subscriber,
                                                                            msptiCallbackDomain domain,
                                                                            msptiCallbackId* buffer,
                                                                            uint32_t* bufferSize,
                                                                            uint32_t* enabledCallbacksCount) {
  if (enabledCallbacksCount == nullptr || DomainSize(domain) == 0) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  if (t == nullptr) return MSPTI_ERROR_INNER;
  uint32_t count = 0;
  std::array<msptiCallbackId, 64> on{};
  for (uint32_t id = 1; id < DomainSize(domain); ++id) {
    uint32_t enabled = 0;
    const msptiResult result = R(t->callback_state(subscriber, static_cast<uint32_t>(domain), id, &enabled));
    if (result != MSPTI_SUCCESS) return result;
    if (enabled != 0) on[count++] = id;
  }
  *enabledCallbacksCount = count;
  if (buffer == nullptr) return MSPTI_SUCCESS;
  if (bufferSize == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  std::copy_n(on.begin(), std::min(*bufferSize, count), buffer);
  return MSPTI_SUCCESS;
}

__attribute__((visibility("default"))) msptiResult msptiIsTracingSessionRunning(uint8_t* isRunning) {
  if (isRunning == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  if (t == nullptr) return MSPTI_ERROR_INNER;
  *isRunning = t->subscribed() ? 1 : 0;
  return MSPTI_SUCCESS;
}

}  // extern "C"
