// MSPTI's state inside libascendcl.so (docs/mspti.md): which activity kinds
// are on, the client's buffer callbacks, the buffer being filled and the
// filled ones waiting to be handed back, correlation ids, external
// correlation stacks, marker domains and the callback subscriber.
//
// One Collector per process (Instance()): MSPTI is used before aclInit and
// outlives aclFinalize, so it belongs to no Runtime. The producers
// (api/src/mspti_bridge.cc: host calls, memory, markers; the runtime's MSPTI
// completion sink: kernels) test a kind with Enabled() — one relaxed atomic
// load — before they build a record.
//
// Buffers: a record goes into the current buffer while it fits (and while
// the client's maxNumRecords, if not 0, is not reached); otherwise the
// buffer is queued as full and a new one requested. Full buffers are handed
// back in the order they were filled: by the delivery thread as they fill
// (or every FlushPeriod ms), and by FlushAll on the calling thread, which
// also hands back the current one. A record that finds no buffer (the
// request callback gave none, or one too small) is dropped and counted.
//
// Lock order: delivery_mu_ before mu_; no lock is held while a completion
// callback runs (delivery_mu_ excepted: it orders deliveries); the request
// callback runs under mu_ and must not call MSPTI.
#ifndef ACLSIM_RUNTIME_PROF_MSPTI_COLLECTOR_H_
#define ACLSIM_RUNTIME_PROF_MSPTI_COLLECTOR_H_

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_set>

#include "runtime/prof/mspti_records.h"

namespace aclsim::prof::mspti {

using RequestFn = void (*)(uint8_t** buffer, size_t* size, size_t* max_records);
using CompleteFn = void (*)(uint8_t* buffer, size_t size, size_t valid_size);
using CallbackFn = void (*)(void* userdata, uint32_t domain, uint32_t cbid, const void* cbdata);

// msptiCallbackDomain values and the callback site.
inline constexpr uint32_t kDomainRuntime = 1;
inline constexpr uint32_t kDomainHccl = 2;
inline constexpr uint32_t kSiteEnter = 0;
inline constexpr uint32_t kSiteExit = 1;
// The external correlation kinds a client may push (UNKNOWN..CUSTOM2).
inline constexpr uint32_t kFirstExternalKind = 1;
inline constexpr uint32_t kExternalKindCount = 5;

using TimeFn = uint64_t (*)();

struct Counters {
  uint64_t records = 0;            // records written into a client buffer
  uint64_t dropped = 0;            // records lost: no buffer, or a buffer too small
  uint64_t buffers_completed = 0;  // buffers handed back
};

class Collector {
 public:
  static Collector& Instance();

  Collector() = default;
  ~Collector();
  Collector(const Collector&) = delete;
  Collector& operator=(const Collector&) = delete;

  // ---- switches
  bool Enabled(uint32_t kind) const noexcept {
    return kind < kKindCount && (enabled_.load(std::memory_order_relaxed) & (1u << kind)) != 0;
  }
  // True when any of |mask|'s kinds (bit k = kind k) is on.
  bool AnyEnabled(uint32_t mask) const noexcept { return (enabled_.load(std::memory_order_relaxed) & mask) != 0; }
  void SetEnabled(uint32_t kind, bool on);

  // ---- buffers
  void RegisterCallbacks(RequestFn request, CompleteFn complete);
  // Writes |size| bytes (one record; |size| a multiple of 8) if |kind| is on.
  void Append(uint32_t kind, const void* record, size_t size);
  template <typename R>
  void Append(const R& record) {
    Append(record.kind, &record, sizeof(R));
  }
  // Writes up to |count| records of |size| bytes (a multiple of 8, at most
  // kMaxRecordBytes) straight into the client's buffers, under one lock (the
  // kernel source's batches): fill(i, dst) writes candidate i's record at
  // |dst| and returns true, or returns false (dst untouched) when candidate i
  // is no record. |fill| runs under the collector's lock and must not call
  // MSPTI. When the client gives no buffer, the batch's remaining records are
  // built in scratch space and counted as dropped.
  template <typename Fill>
  void AppendEach(uint32_t kind, size_t size, size_t count, Fill&& fill);
  static constexpr size_t kMaxRecordBytes = 128;
  void FlushAll();
  void FlushPeriod(uint32_t ms);
  Counters counters() const;
  // Records dropped since the last call (msptiActivityGetNumDroppedRecords).
  uint64_t TakeDropped();

  // ---- time
  // The host clock of the runtime that exists (epoch ns, not advanced by a
  // reading), installed by it while it lives; |owner| names the installer,
  // so only it removes its clock. Without one, HostNow() reads 0.
  void SetHostClock(const void* owner, std::function<int64_t()> clock);
  void ClearHostClock(const void* owner);
  // The client's timestamp callback (msptiActivityRegisterTimestampCallback);
  // nullptr: none.
  void SetTimestampCallback(TimeFn fn) noexcept { timestamp_fn_.store(fn, std::memory_order_release); }
  TimeFn timestamp_callback() const noexcept { return timestamp_fn_.load(std::memory_order_acquire); }
  // Now on the records' time base: the timestamp callback's reading if there
  // is one, else the host clock's.
  uint64_t HostNow() const;
  // What to add to an aclsim time taken when the host clock read |now_ns| to
  // put it on the client's clock: callback() - now_ns; 0 without a callback.
  int64_t ClientOffset(int64_t now_ns) const;

  // ---- correlation
  // A new correlation id for the calling thread: it becomes the thread's
  // current one, and an EXTERNAL_CORRELATION record is written for the top
  // of each of the thread's non-empty external stacks.
  uint64_t NewCorrelationId();
  // The calling thread's current correlation id (0: none yet).
  static uint64_t CurrentCorrelationId() noexcept;
  // External correlation stacks of the calling thread.
  Result PushExternal(uint32_t kind, uint64_t id);
  Result PopExternal(uint32_t kind, uint64_t* last_id);

  // Interned copy of |s|: valid for the process's life (record strings).
  const char* Intern(std::string_view s);

  // ---- marker domains ("default" is the domain of the plain mstx calls)
  void SetDomainEnabled(std::string_view name, bool on);
  bool DomainEnabled(std::string_view name) const;

  // ---- callbacks
  bool subscribed() const noexcept { return subscribed_.load(std::memory_order_acquire); }
  // *on: whether |cbid| of |domain| is enabled for |handle| (kNotInitialized
  // without a subscriber; kInvalidParameter for another handle).
  Result CallbackState(void* handle, uint32_t domain, uint32_t cbid, bool* on) const;
  Result Subscribe(void** handle, CallbackFn callback, void* userdata);
  Result Unsubscribe(void* handle);
  Result EnableCallback(bool on, void* handle, uint32_t domain, uint32_t cbid);
  Result EnableDomain(bool on, void* handle, uint32_t domain);
  // True when a subscriber wants |cbid| of |domain| (relaxed loads).
  bool CallbackOn(uint32_t domain, uint32_t cbid) const noexcept;
  // Calls the subscriber with a msptiCallbackData for |name| at |site|.
  // |correlation_data|: the call's slot, the same at its entry and its exit.
  void FireCallback(uint32_t domain, uint32_t cbid, uint32_t site, const char* name, uint64_t correlation_id,
                    uint64_t* correlation_data);

 private:
  struct Buffer {
    uint8_t* data = nullptr;
    size_t size = 0;
    size_t valid = 0;
    size_t max_records = 0;  // 0: no limit
    size_t records = 0;
  };
  struct Subscriber {
    CallbackFn callback = nullptr;
    void* userdata = nullptr;
  };

  bool OpenBufferLocked(size_t need);
  void DeliveryLoop();
  void Deliver(std::deque<Buffer>* buffers);

  std::atomic<uint32_t> enabled_{0};
  std::atomic<TimeFn> timestamp_fn_{nullptr};

  mutable std::mutex clock_mu_;  // a leaf lock: guards the two below
  const void* clock_owner_ = nullptr;
  std::function<int64_t()> host_clock_;

  mutable std::mutex mu_;  // guards everything below but the atomics
  RequestFn request_ = nullptr;
  CompleteFn complete_ = nullptr;
  Buffer current_;
  std::deque<Buffer> full_;
  Counters counters_;
  uint64_t dropped_taken_ = 0;  // counters_.dropped at the last TakeDropped
  uint32_t period_ms_ = 0;
  bool stop_ = false;
  std::condition_variable cv_;
  std::thread delivery_;

  std::mutex delivery_mu_;  // held while buffers are handed back: keeps their order

  std::atomic<uint64_t> next_correlation_{1};

  std::mutex strings_mu_;
  std::unordered_set<std::string> strings_;

  mutable std::mutex domains_mu_;
  std::set<std::string, std::less<>> disabled_domains_;

  std::mutex subscriber_mu_;
  Subscriber subscriber_;
  std::atomic<bool> subscribed_{false};
  std::array<std::atomic<uint64_t>, 3> callback_bits_{};  // by domain: bit cbid
};

template <typename Fill>
void Collector::AppendEach(uint32_t kind, size_t size, size_t count, Fill&& fill) {
  if (!Enabled(kind) || count == 0 || size == 0 || size > kMaxRecordBytes) return;
  std::lock_guard<std::mutex> lock(mu_);
  size_t i = 0;
  while (i < count) {
    if (!OpenBufferLocked(size)) {
      alignas(8) uint8_t scratch[kMaxRecordBytes];
      for (; i < count; ++i) counters_.dropped += fill(i, scratch) ? 1 : 0;
      return;
    }
    Buffer& b = current_;
    size_t room = (b.size - b.valid) / size;
    if (b.max_records != 0 && b.max_records - b.records < room) room = b.max_records - b.records;
    // Locals: |fill| writes through a byte pointer, which may alias b.
    uint8_t* const data = b.data;
    size_t valid = b.valid;
    size_t written = 0;
    for (; i < count && written < room; ++i) {
      if (fill(i, data + valid)) {
        valid += size;
        ++written;
      }
    }
    b.valid = valid;
    b.records += written;
    counters_.records += written;
  }
}

}  // namespace aclsim::prof::mspti

#endif  // ACLSIM_RUNTIME_PROF_MSPTI_COLLECTOR_H_
