#include "runtime/prof/mspti_calls.h"

#include <unistd.h>

namespace aclsim::prof::mspti {
namespace {

// The fields a MEMCPY and a MEMSET record share.
template <typename Record>
void AppendTransfer(Collector& c, const MemoryActivity& m, uint64_t correlation_id, int64_t start_ns, int64_t end_ns,
                    Record& r) {
  r.bytes = m.bytes;
  r.start = static_cast<uint64_t>(start_ns);
  r.end = static_cast<uint64_t>(end_ns);
  r.device_id = m.device_id;
  r.stream_id = m.stream_id;
  r.correlation_id = correlation_id;
  r.is_async = m.is_async ? 1 : 0;
  c.Append(r);
}

void AppendMemory(Collector& c, const MemoryActivity& m, uint64_t correlation_id, int64_t start_ns, int64_t end_ns) {
  if (m.kind == kMemory) {
    MemoryRecord r;
    r.operation = m.operation;
    r.correlation_id = correlation_id;
    r.start = static_cast<uint64_t>(start_ns);
    r.end = static_cast<uint64_t>(end_ns);
    r.address = m.address;
    r.bytes = m.bytes;
    r.process_id = static_cast<uint32_t>(::getpid());
    r.device_id = m.device_id;
    r.stream_id = m.stream_id;
    c.Append(r);
  } else if (m.kind == kMemcpy) {
    MemcpyRecord r;
    r.copy_kind = m.copy_kind;
    AppendTransfer(c, m, correlation_id, start_ns, end_ns, r);
  } else if (m.kind == kMemset) {
    MemsetRecord r;
    r.value = m.value;
    AppendTransfer(c, m, correlation_id, start_ns, end_ns, r);
  }
}

constexpr uint32_t Bit(uint32_t kind) { return 1u << kind; }
constexpr uint32_t kApiKinds = Bit(kApi) | Bit(kAclApi) | Bit(kNodeApi) | Bit(kRuntimeApi);

}  // namespace

void RecordCall(Collector& c, TimedCall call, const MemoryActivity& memory) {
  if (const int64_t offset = c.ClientOffset(call.end_ns); offset != 0) {  // the client's timestamp callback's clock
    call.start_ns += offset;
    call.end_ns += offset;
  }
  if (c.AnyEnabled(kApiKinds)) {
    ApiRecord r;
    r.start = static_cast<uint64_t>(call.start_ns);
    r.end = static_cast<uint64_t>(call.end_ns);
    r.process_id = static_cast<uint32_t>(::getpid());
    r.thread_id = call.thread_id;
    r.correlation_id = call.correlation_id;
    r.name = call.name;
    auto emit = [&](uint32_t kind) {
      r.kind = kind;
      c.Append(r);
    };
    if (call.family == CallFamily::kNode) {
      emit(kApi);
      emit(kNodeApi);
    } else {
      emit(kAclApi);
      if (call.family == CallFamily::kRuntime) emit(kRuntimeApi);
    }
  }
  if (memory.kind != 0) AppendMemory(c, memory, call.correlation_id, call.start_ns, call.end_ns);
}

}  // namespace aclsim::prof::mspti
