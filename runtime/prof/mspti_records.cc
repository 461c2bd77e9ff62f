#include "runtime/prof/mspti_records.h"

#include <cstring>

namespace aclsim::prof::mspti {

size_t RecordSize(uint32_t kind) {
  switch (kind) {
    case kMarker: return sizeof(MarkerRecord);
    case kKernel: return sizeof(KernelRecord);
    case kApi:
    case kAclApi:
    case kNodeApi:
    case kRuntimeApi: return sizeof(ApiRecord);
    case kHccl: return sizeof(HcclRecord);
    case kMemory: return sizeof(MemoryRecord);
    case kMemset: return sizeof(MemsetRecord);
    case kMemcpy: return sizeof(MemcpyRecord);
    case kExternalCorrelation: return sizeof(ExternalCorrelationRecord);
    case kCommunication: return sizeof(CommunicationRecord);
    case kOverhead: return sizeof(OverheadRecord);
    default: return 0;
  }
}

Result NextRecord(const uint8_t* buffer, size_t valid, const uint8_t** record) {
  if (buffer == nullptr || record == nullptr) return kInvalidParameter;
  size_t pos = 0;
  if (*record != nullptr) {
    // The previous record: it must lie inside the buffer, at a record start.
    if (*record < buffer || static_cast<size_t>(*record - buffer) >= valid) return kInner;
    pos = static_cast<size_t>(*record - buffer);
    uint32_t kind = 0;
    std::memcpy(&kind, buffer + pos, sizeof(kind));
    const size_t size = RecordSize(kind);
    if (size == 0 || pos % 8 != 0) return kInner;
    pos += size;
  }
  if (pos >= valid) return kMaxLimitReached;
  if (valid - pos < sizeof(uint32_t)) return kInner;
  uint32_t kind = 0;
  std::memcpy(&kind, buffer + pos, sizeof(kind));
  const size_t size = RecordSize(kind);
  if (size == 0) return kInvalidKind;
  if (size > valid - pos) return kInner;
  *record = buffer + pos;
  return kSuccess;
}

}  // namespace aclsim::prof::mspti
