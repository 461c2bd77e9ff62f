#include "runtime/prof/mspti_collector.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <vector>

namespace aclsim::prof::mspti {

namespace {

// msptiCallbackData (natural layout, 72 bytes).
struct CallbackData {
  uint32_t callback_site;
  const char* function_name;
  const void* function_params;
  const void* function_return_value;
  const char* symbol_name;
  uint64_t correlation_id;
  uint64_t reserved1;
  uint64_t reserved2;
  uint64_t* correlation_data;
};
static_assert(sizeof(CallbackData) == 72);

thread_local uint64_t t_correlation = 0;
thread_local std::array<std::vector<uint64_t>, kExternalKindCount> t_external;
// Set while this thread hands buffers back: a FlushAll from a completion
// callback returns at once instead of waiting for itself.
thread_local bool t_delivering = false;

// The cbids of each domain that msptiEnableDomain turns on (1..36, 1..12).
uint64_t DomainBits(uint32_t domain) {
  const uint32_t last = domain == kDomainRuntime ? 36 : 12;
  uint64_t bits = 0;
  for (uint32_t id = 1; id <= last; ++id) bits |= uint64_t{1} << id;
  return bits;
}

}  // namespace

Collector& Collector::Instance() {
  // Never destroyed: producers may run during static destruction.
  static Collector* collector = new Collector();
  return *collector;
}

Collector::~Collector() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (delivery_.joinable()) delivery_.join();
}

void Collector::SetEnabled(uint32_t kind, bool on) {
  if (kind >= kKindCount) return;
  if (on) {
    enabled_.fetch_or(1u << kind, std::memory_order_relaxed);
  } else {
    enabled_.fetch_and(~(1u << kind), std::memory_order_relaxed);
  }
}

// ------------------------------------------------------------- buffers

void Collector::RegisterCallbacks(RequestFn request, CompleteFn complete) {
  std::lock_guard<std::mutex> lock(mu_);
  request_ = request;
  complete_ = complete;
  if (!delivery_.joinable()) delivery_ = std::thread([this] { DeliveryLoop(); });
}

// Makes room for |need| bytes: queues the current buffer if it is full and
// asks the client for a new one. False when there is no room.
bool Collector::OpenBufferLocked(size_t need) {
  Buffer& b = current_;
  const bool fits = b.data != nullptr && need <= b.size - b.valid && (b.max_records == 0 || b.records < b.max_records);
  if (fits) return true;
  if (b.data != nullptr) {
    full_.push_back(b);
    b = Buffer();
    cv_.notify_one();
  }
  if (request_ == nullptr) return false;
  uint8_t* data = nullptr;
  size_t size = 0;
  size_t max_records = 0;
  const bool overhead = Enabled(kOverhead);
  const uint64_t start = overhead ? HostNow() : 0;
  request_(&data, &size, &max_records);
  const uint64_t end = overhead ? HostNow() : 0;
  if (data == nullptr) return false;
  b.data = data;
  b.size = size;
  b.max_records = max_records;
  if (overhead && need + sizeof(OverheadRecord) <= size && max_records != 1) {
    // The request's own OVERHEAD record opens the buffer, if the record
    // that asked for it still fits after it.
    OverheadRecord r;
    r.overhead_kind = kOverheadBufferRequest;
    r.object_id0 = static_cast<uint32_t>(::getpid());
    r.object_id1 = static_cast<uint32_t>(::syscall(SYS_gettid));
    r.start = start;
    r.end = end;
    r.object_kind = kObjectThread;
    std::memcpy(b.data, &r, sizeof(r));
    b.valid = sizeof(r);
    b.records = 1;
    ++counters_.records;
  }
  if (need <= size) return true;
  // Too small for even one record: handed back empty, not kept.
  full_.push_back(b);
  b = Buffer();
  cv_.notify_one();
  return false;
}

void Collector::Append(uint32_t kind, const void* record, size_t size) {
  if (!Enabled(kind)) return;
  std::lock_guard<std::mutex> lock(mu_);
  if (!OpenBufferLocked(size)) {
    ++counters_.dropped;
    return;
  }
  std::memcpy(current_.data + current_.valid, record, size);
  current_.valid += size;
  ++current_.records;
  ++counters_.records;
}

void Collector::Deliver(std::deque<Buffer>* buffers) {
  CompleteFn complete = nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    complete = complete_;
    counters_.buffers_completed += buffers->size();
  }
  t_delivering = true;
  for (const Buffer& b : *buffers) {
    if (complete == nullptr) continue;
    const bool overhead = Enabled(kOverhead);
    const uint64_t start = overhead ? HostNow() : 0;
    complete(b.data, b.size, b.valid);
    if (!overhead) continue;
    // Written after the buffer it measured: it goes into a later one.
    OverheadRecord r;
    r.overhead_kind = kOverheadBufferFlush;
    r.object_id0 = static_cast<uint32_t>(::getpid());
    r.object_id1 = static_cast<uint32_t>(::syscall(SYS_gettid));
    r.start = start;
    r.end = HostNow();
    r.object_kind = kObjectThread;
    Append(r);
  }
  t_delivering = false;
  buffers->clear();
}

void Collector::DeliveryLoop() {
  for (;;) {
    std::unique_lock<std::mutex> delivering(delivery_mu_, std::defer_lock);
    std::deque<Buffer> ready;
    {
      std::unique_lock<std::mutex> lock(mu_);
      auto wake = [this] { return stop_ || !full_.empty(); };
      if (period_ms_ > 0) {
        cv_.wait_for(lock, std::chrono::milliseconds(period_ms_), wake);
      } else {
        cv_.wait(lock, wake);
      }
      if (stop_) return;
      if (full_.empty()) continue;
    }
    // Take the queue only under delivery_mu_, so a FlushAll running now
    // hands its buffers back before or after these, never in between.
    delivering.lock();
    {
      std::lock_guard<std::mutex> lock(mu_);
      ready.swap(full_);
    }
    Deliver(&ready);
  }
}

void Collector::FlushAll() {
  if (t_delivering) return;
  std::lock_guard<std::mutex> delivering(delivery_mu_);
  std::deque<Buffer> ready;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ready.swap(full_);
    if (current_.data != nullptr) {
      ready.push_back(current_);
      current_ = Buffer();
    }
  }
  Deliver(&ready);
}

void Collector::FlushPeriod(uint32_t ms) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    period_ms_ = ms;
  }
  cv_.notify_all();
}

Counters Collector::counters() const {
  std::lock_guard<std::mutex> lock(mu_);
  return counters_;
}

uint64_t Collector::TakeDropped() {
  std::lock_guard<std::mutex> lock(mu_);
  const uint64_t dropped = counters_.dropped - dropped_taken_;
  dropped_taken_ = counters_.dropped;
  return dropped;
}

// ---------------------------------------------------------------- time

void Collector::SetHostClock(const void* owner, std::function<int64_t()> clock) {
  std::lock_guard<std::mutex> lock(clock_mu_);
  clock_owner_ = owner;
  host_clock_ = std::move(clock);
}

void Collector::ClearHostClock(const void* owner) {
  std::lock_guard<std::mutex> lock(clock_mu_);
  if (clock_owner_ != owner) return;
  clock_owner_ = nullptr;
  host_clock_ = nullptr;
}

uint64_t Collector::HostNow() const {
  if (TimeFn fn = timestamp_callback()) return fn();
  std::lock_guard<std::mutex> lock(clock_mu_);
  return host_clock_ ? static_cast<uint64_t>(host_clock_()) : 0;
}

int64_t Collector::ClientOffset(int64_t now_ns) const {
  TimeFn fn = timestamp_callback();
  return fn == nullptr ? 0 : static_cast<int64_t>(fn()) - now_ns;
}

// --------------------------------------------------------- correlation

uint64_t Collector::NewCorrelationId() {
  const uint64_t id = next_correlation_.fetch_add(1, std::memory_order_relaxed);
  t_correlation = id;
  if (Enabled(kExternalCorrelation)) {
    for (uint32_t k = kFirstExternalKind; k < kExternalKindCount; ++k) {
      if (t_external[k].empty()) continue;
      ExternalCorrelationRecord r;
      r.external_kind = k;
      r.external_id = t_external[k].back();
      r.correlation_id = id;
      Append(r);
    }
  }
  return id;
}

uint64_t Collector::CurrentCorrelationId() noexcept { return t_correlation; }

Result Collector::PushExternal(uint32_t kind, uint64_t id) {
  if (kind < kFirstExternalKind || kind >= kExternalKindCount) return kInvalidParameter;
  t_external[kind].push_back(id);
  return kSuccess;
}

Result Collector::PopExternal(uint32_t kind, uint64_t* last_id) {
  if (kind < kFirstExternalKind || kind >= kExternalKindCount) return kInvalidParameter;
  if (t_external[kind].empty()) return kQueueEmpty;
  if (last_id != nullptr) *last_id = t_external[kind].back();
  t_external[kind].pop_back();
  return kSuccess;
}

const char* Collector::Intern(std::string_view s) {
  std::lock_guard<std::mutex> lock(strings_mu_);
  return strings_.emplace(s).first->c_str();
}

// ------------------------------------------------------ marker domains

void Collector::SetDomainEnabled(std::string_view name, bool on) {
  std::lock_guard<std::mutex> lock(domains_mu_);
  if (on) {
    auto it = disabled_domains_.find(name);
    if (it != disabled_domains_.end()) disabled_domains_.erase(it);
  } else {
    disabled_domains_.emplace(name);
  }
}

bool Collector::DomainEnabled(std::string_view name) const {
  std::lock_guard<std::mutex> lock(domains_mu_);
  return disabled_domains_.find(name) == disabled_domains_.end();
}

// ----------------------------------------------------------- callbacks

Result Collector::Subscribe(void** handle, CallbackFn callback, void* userdata) {
  if (handle == nullptr) return kInvalidParameter;
  std::lock_guard<std::mutex> lock(subscriber_mu_);
  if (subscribed_.load()) return kMultipleSubscribers;
  for (auto& bits : callback_bits_) bits.store(0);
  subscriber_ = Subscriber{callback, userdata};
  subscribed_.store(true);
  *handle = &subscriber_;
  return kSuccess;
}

Result Collector::Unsubscribe(void* handle) {
  std::lock_guard<std::mutex> lock(subscriber_mu_);
  if (!subscribed_.load()) return kSuccess;
  if (handle != &subscriber_) return kInvalidParameter;
  subscribed_.store(false);
  for (auto& bits : callback_bits_) bits.store(0);
  subscriber_ = Subscriber();
  return kSuccess;
}

Result Collector::EnableCallback(bool on, void* handle, uint32_t domain, uint32_t cbid) {
  std::lock_guard<std::mutex> lock(subscriber_mu_);
  if (!subscribed_.load()) return kNotInitialized;
  if (handle != &subscriber_ || (domain != kDomainRuntime && domain != kDomainHccl) || cbid >= 64) {
    return kInvalidParameter;
  }
  const uint64_t bit = uint64_t{1} << cbid;
  if (on) {
    callback_bits_[domain].fetch_or(bit);
  } else {
    callback_bits_[domain].fetch_and(~bit);
  }
  return kSuccess;
}

Result Collector::EnableDomain(bool on, void* handle, uint32_t domain) {
  std::lock_guard<std::mutex> lock(subscriber_mu_);
  if (!subscribed_.load()) return kNotInitialized;
  if (handle != &subscriber_ || (domain != kDomainRuntime && domain != kDomainHccl)) return kInvalidParameter;
  if (on) {
    callback_bits_[domain].fetch_or(DomainBits(domain));
  } else {
    callback_bits_[domain].fetch_and(~DomainBits(domain));
  }
  return kSuccess;
}

Result Collector::CallbackState(void* handle, uint32_t domain, uint32_t cbid, bool* on) const {
  if (!subscribed()) return kNotInitialized;
  if (handle != &subscriber_ || domain >= callback_bits_.size() || cbid >= 64) return kInvalidParameter;
  *on = (callback_bits_[domain].load(std::memory_order_relaxed) & (uint64_t{1} << cbid)) != 0;
  return kSuccess;
}

bool Collector::CallbackOn(uint32_t domain, uint32_t cbid) const noexcept {
  if (domain >= callback_bits_.size() || cbid >= 64 || !subscribed_.load(std::memory_order_relaxed)) return false;
  return (callback_bits_[domain].load(std::memory_order_relaxed) & (uint64_t{1} << cbid)) != 0;
}

void Collector::FireCallback(uint32_t domain, uint32_t cbid, uint32_t site, const char* name, uint64_t correlation_id,
                             uint64_t* correlation_data) {
  Subscriber s;
  {
    std::lock_guard<std::mutex> lock(subscriber_mu_);
    if (subscribed_.load()) s = subscriber_;
  }
  if (s.callback == nullptr || !CallbackOn(domain, cbid)) return;
  CallbackData data{};
  data.callback_site = site;
  data.function_name = name;
  data.correlation_id = correlation_id;
  data.correlation_data = correlation_data;
  s.callback(s.userdata, domain, cbid, &data);
}

}  // namespace aclsim::prof::mspti
