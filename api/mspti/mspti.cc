// libmspti.so: the MSPTI API (mspti/mspti.h) over libascendcl.so's table
// (api/src/mspti_api.h). msptiActivityGetNextRecord is answered here
// (runtime/prof/mspti_records.h): it reads only the client's buffer.
//
// Where aclsim differs from CANN's libmspti.so (docs/mspti.md): records
// come from aclsim's own runtime, so no kind needs LD_PRELOAD
// (MSPTI_ERROR_WITHOUT_LD_PRELOAD is never returned); GetNextRecord takes
// the previous record as its cursor, as the header documents; external
// correlation stacks are per thread, as the header documents; a NULL
// lastId is accepted by Pop.
#include "mspti/mspti.h"
#include "acl/aclsim_ext.h"
#include "api/mspti/mspti_table.h"
#include "api/src/companion_table.h"
#include "runtime/prof/mspti_records.h"

namespace aclsim::mspti_lib {

const api::MsptiApi* Table() {
  static const api::MsptiApi* table = api::CheckedTable<api::MsptiApi>(aclsimInternalGetMsptiApi(api::kMsptiApiVersion),
                                                                       api::kMsptiApiVersion, "libmspti.so", "mspti");
  return table;
}

}  // namespace aclsim::mspti_lib

namespace {

using aclsim::mspti_lib::R;
using aclsim::mspti_lib::Table;
using aclsim::mspti_lib::ValidKind;

}  // namespace

extern "C" {

__attribute__((visibility("default"))) msptiResult msptiActivityRegisterCallbacks(
    msptiBuffersCallbackRequestFunc funcBufferRequested, msptiBuffersCallbackCompleteFunc funcBufferCompleted) {
  if (funcBufferRequested == nullptr || funcBufferCompleted == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->register_callbacks(funcBufferRequested, funcBufferCompleted));
}

__attribute__((visibility("default"))) msptiResult msptiActivityEnable(msptiActivityKind kind) {
  if (!ValidKind(kind)) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->set_kind_enabled(static_cast<uint32_t>(kind), true));
}

__attribute__((visibility("default"))) msptiResult msptiActivityDisable(msptiActivityKind kind) {
  if (!ValidKind(kind)) return MSPTI_ERROR_INVALID_PARAMETER;
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->set_kind_enabled(static_cast<uint32_t>(kind), false));
}

__attribute__((visibility("default"))) bool msptiActivityIsEnabled(msptiActivityKind kind) {
  const auto* t = Table();
  return ValidKind(kind) && t != nullptr && t->kind_enabled(static_cast<uint32_t>(kind));
}

__attribute__((visibility("default"))) msptiResult msptiActivityEnableMarkerDomain(const char* name) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->set_marker_domain_enabled(name, true));
}

__attribute__((visibility("default"))) msptiResult msptiActivityDisableMarkerDomain(const char* name) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->set_marker_domain_enabled(name, false));
}

__attribute__((visibility("default"))) msptiResult msptiActivityGetNextRecord(uint8_t* buffer,
                                                                              size_t validBufferSizeBytes,
                                                                              msptiActivity** record) {
  if (record == nullptr) return MSPTI_ERROR_INVALID_PARAMETER;
  const uint8_t* cursor = reinterpret_cast<const uint8_t*>(*record);
  const auto result = aclsim::prof::mspti::NextRecord(buffer, validBufferSizeBytes, &cursor);
  if (result == aclsim::prof::mspti::kSuccess) *record = reinterpret_cast<msptiActivity*>(const_cast<uint8_t*>(cursor));
  return R(result);
}

__attribute__((visibility("default"))) msptiResult msptiActivityFlushAll(uint32_t flag) {
  (void)flag;  // CANN ignores it too: every buffer holding records is handed back
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->flush_all());
}

__attribute__((visibility("default"))) msptiResult msptiActivityFlushPeriod(uint32_t time) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->flush_period(time));
}

__attribute__((visibility("default"))) msptiResult msptiActivityPushExternalCorrelationId(
    msptiExternalCorrelationKind kind, uint64_t id) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->push_external(static_cast<uint32_t>(kind), id));
}

__attribute__((visibility("default"))) msptiResult msptiActivityPopExternalCorrelationId(
    msptiExternalCorrelationKind kind, uint64_t* lastId) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->pop_external(static_cast<uint32_t>(kind), lastId));
}

__attribute__((visibility("default"))) msptiResult msptiSubscribe(msptiSubscriberHandle* subscriber,
                                                                  msptiCallbackFunc callback, void* userdata) {
  const auto* t = Table();
  if (t == nullptr) return MSPTI_ERROR_INNER;
  // The table passes the callback on unchanged: its parameters are the
  // header's, as unsigned integers.
  using Raw = void (*)(void*, uint32_t, uint32_t, const void*);
  return R(t->subscribe(reinterpret_cast<void**>(subscriber), reinterpret_cast<Raw>(callback), userdata));
}

__attribute__((visibility("default"))) msptiResult msptiUnsubscribe(msptiSubscriberHandle subscriber) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->unsubscribe(subscriber));
}

__attribute__((visibility("default"))) msptiResult msptiEnableCallback(uint32_t enable,
                                                                       msptiSubscriberHandle subscriber,
                                                                       msptiCallbackDomain domain,
                                                                       msptiCallbackId cbid) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER
                      : R(t->enable_callback(enable, subscriber, static_cast<uint32_t>(domain), cbid));
}

__attribute__((visibility("default"))) msptiResult msptiEnableDomain(uint32_t enable, msptiSubscriberHandle subscriber,
                                                                     msptiCallbackDomain domain) {
  const auto* t = Table();
  return t == nullptr ? MSPTI_ERROR_INNER : R(t->enable_domain(enable, subscriber, static_cast<uint32_t>(domain)));
}

}  // extern "C"
