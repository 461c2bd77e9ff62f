// The MSPTI activity records aclsim writes (Ascend/mspti's layouts: each
// record packed, aligned to 8, laid end to end in the client's buffer) and
// the walk over a buffer of them. The public header mspti/mspti_activity.h
// declares the same layouts for clients; tests/mspti/mspti_layout_test.cc
// checks that both agree field by field. Pure data and functions: linked by
// libascendcl.so (which writes records) and libmspti.so (which walks them).
#ifndef ACLSIM_RUNTIME_PROF_MSPTI_RECORDS_H_
#define ACLSIM_RUNTIME_PROF_MSPTI_RECORDS_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace aclsim::prof::mspti {

// msptiActivityKind.
enum Kind : uint32_t {
  kInvalid = 0,
  kMarker = 1,
  kKernel = 2,
  kApi = 3,
  kHccl = 4,
  kMemory = 5,
  kMemset = 6,
  kMemcpy = 7,
  kExternalCorrelation = 8,
  kCommunication = 9,
  kAclApi = 10,
  kNodeApi = 11,
  kRuntimeApi = 12,
  kOverhead = 13,
};
inline constexpr uint32_t kKindCount = 14;

// msptiResult.
enum Result : int32_t {
  kSuccess = 0,
  kInvalidParameter = 1,
  kMultipleSubscribers = 2,
  kMaxLimitReached = 3,
  kQueueEmpty = 5,
  kNotInitialized = 7,
  kInvalidKind = 8,
  kParameterSizeNotSufficient = 9,
  kInner = 999,
};

#define ACLSIM_MSPTI_RECORD __attribute__((__packed__)) __attribute__((aligned(8)))

struct ACLSIM_MSPTI_RECORD MarkerRecord {
  uint32_t kind = kMarker;
  uint32_t flag = 0;
  uint32_t source_kind = 0;  // 0 host, 1 device
  uint64_t timestamp = 0;
  uint64_t id = 0;
  uint32_t object_id0 = 0;  // processId or deviceId
  uint32_t object_id1 = 0;  // threadId or streamId
  const char* name = nullptr;
  const char* domain = nullptr;
};

struct ACLSIM_MSPTI_RECORD ApiRecord {
  uint32_t kind = kApi;
  uint64_t start = 0;
  uint64_t end = 0;
  uint32_t process_id = 0;
  uint32_t thread_id = 0;
  uint64_t correlation_id = 0;
  const char* name = nullptr;
};

struct ACLSIM_MSPTI_RECORD KernelRecord {
  uint32_t kind = kKernel;
  uint64_t start = 0;
  uint64_t end = 0;
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  uint64_t correlation_id = 0;
  const char* type = nullptr;
  const char* name = nullptr;
};

struct ACLSIM_MSPTI_RECORD HcclRecord {
  uint32_t kind = kHccl;
  uint64_t start = 0;
  uint64_t end = 0;
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  double band_width = 0;
  const char* name = nullptr;
  const char* comm_name = nullptr;
};

struct ACLSIM_MSPTI_RECORD MemoryRecord {
  uint32_t kind = kMemory;
  uint32_t operation = 0;    // 0 allocation, 1 release
  uint32_t memory_kind = 1;  // 1 device
  uint64_t correlation_id = 0;
  uint64_t start = 0;
  uint64_t end = 0;
  uint64_t address = 0;
  uint64_t bytes = 0;
  uint32_t process_id = 0;
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
};

struct ACLSIM_MSPTI_RECORD MemsetRecord {
  uint32_t kind = kMemset;
  uint32_t value = 0;
  uint64_t bytes = 0;
  uint64_t start = 0;
  uint64_t end = 0;
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  uint64_t correlation_id = 0;
  uint8_t is_async = 0;
};

struct ACLSIM_MSPTI_RECORD MemcpyRecord {
  uint32_t kind = kMemcpy;
  uint32_t copy_kind = 0;  // msptiActivityMemcpyKind
  uint64_t bytes = 0;
  uint64_t start = 0;
  uint64_t end = 0;
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  uint64_t correlation_id = 0;
  uint8_t is_async = 0;
};

struct ACLSIM_MSPTI_RECORD ExternalCorrelationRecord {
  uint32_t kind = kExternalCorrelation;
  uint32_t external_kind = 0;
  uint64_t external_id = 0;
  uint64_t correlation_id = 0;
};

struct ACLSIM_MSPTI_RECORD CommunicationRecord {
  uint32_t kind = kCommunication;
  uint32_t data_type = 0;
  uint64_t count = 0;
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  uint64_t start = 0;
  uint64_t end = 0;
  const char* alg_type = nullptr;
  const char* name = nullptr;
  const char* comm_name = nullptr;
  uint64_t correlation_id = 0;
};

// msptiActivityOverhead: time spent in a client callback.
struct ACLSIM_MSPTI_RECORD OverheadRecord {
  uint32_t kind = kOverhead;
  uint32_t overhead_kind = 0;  // 2: buffer request, 3: buffer flush (completion)
  uint32_t object_id0 = 0;     // processId
  uint32_t object_id1 = 0;     // threadId
  uint64_t start = 0;
  uint64_t end = 0;
  uint64_t correlation_id = 0;          // reserved
  const void* overhead_data = nullptr;  // reserved
  uint32_t object_kind = 0;             // 2: a thread
};
inline constexpr uint32_t kOverheadBufferRequest = 2;
inline constexpr uint32_t kOverheadBufferFlush = 3;
inline constexpr uint32_t kObjectThread = 2;

#undef ACLSIM_MSPTI_RECORD

static_assert(sizeof(MarkerRecord) == 56 && sizeof(ApiRecord) == 48 && sizeof(KernelRecord) == 56 &&
              sizeof(HcclRecord) == 56 && sizeof(MemoryRecord) == 64 && sizeof(MemsetRecord) == 56 &&
              sizeof(MemcpyRecord) == 56 && sizeof(ExternalCorrelationRecord) == 24 &&
              sizeof(CommunicationRecord) == 72 && sizeof(OverheadRecord) == 56);

// Writes a KERNEL record at |dst| (56 bytes, the tail padding zeroed) field
// by field: the kernel source's hot path, which would otherwise build the
// packed record on its stack and copy it (a store-forwarding stall per field).
inline void WriteKernelRecord(uint8_t* dst, uint64_t start, uint64_t end, uint32_t device_id, uint32_t stream_id,
                              uint64_t correlation_id, const char* type, const char* name) {
  const uint32_t kind = kKernel;
  const uint32_t pad = 0;
  std::memcpy(dst + offsetof(KernelRecord, kind), &kind, sizeof(kind));
  std::memcpy(dst + offsetof(KernelRecord, start), &start, sizeof(start));
  std::memcpy(dst + offsetof(KernelRecord, end), &end, sizeof(end));
  std::memcpy(dst + offsetof(KernelRecord, device_id), &device_id, sizeof(device_id));
  std::memcpy(dst + offsetof(KernelRecord, stream_id), &stream_id, sizeof(stream_id));
  std::memcpy(dst + offsetof(KernelRecord, correlation_id), &correlation_id, sizeof(correlation_id));
  std::memcpy(dst + offsetof(KernelRecord, type), &type, sizeof(type));
  std::memcpy(dst + offsetof(KernelRecord, name), &name, sizeof(name));
  std::memcpy(dst + offsetof(KernelRecord, name) + sizeof(name), &pad, sizeof(pad));
}
static_assert(offsetof(KernelRecord, name) + sizeof(const char*) + sizeof(uint32_t) == sizeof(KernelRecord));

// Bytes of a record of |kind| in a buffer; 0 for a kind outside 1..12.
size_t RecordSize(uint32_t kind);

// One step of msptiActivityGetNextRecord: *record NULL starts at |buffer|,
// else the record after *record. kSuccess with *record set; kMaxLimitReached
// past the last record; kInner for an unknown kind, a misaligned cursor or a
// record that crosses |valid| (nothing past |valid| is read);
// kInvalidParameter for a NULL |buffer| or |record|.
Result NextRecord(const uint8_t* buffer, size_t valid, const uint8_t** record);

}  // namespace aclsim::prof::mspti

#endif  // ACLSIM_RUNTIME_PROF_MSPTI_RECORDS_H_
