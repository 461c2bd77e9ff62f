#include "runtime/prof/msproftx.h"

#include <algorithm>
#include <cstring>

#include "runtime/vendor.h"

namespace aclsim::prof {

TxManager::TxManager(std::function<int64_t()> host_now, std::function<uint32_t()> tid,
                     std::function<bool(void*, uint64_t)> mark_device, uint32_t pid)
    : host_now_(std::move(host_now)), tid_(std::move(tid)), mark_device_(std::move(mark_device)), pid_(pid) {
  for (uint32_t i = 0; i < kPoolSize; ++i) pool_[i].index = i;
}

void TxManager::Enable() {
  std::lock_guard<std::mutex> lock(mu_);
  enabled_ = true;
}

void TxManager::Collect(bool on) {
  std::lock_guard<std::mutex> lock(mu_);
  collecting_ = on;
}

void TxManager::Teardown() {
  std::lock_guard<std::mutex> lock(mu_);
  enabled_ = false;
  collecting_ = false;
  for (auto& s : pool_) {
    uint32_t index = s.index;
    s = Stamp{};
    s.index = index;
  }
  stack_.clear();
  range_ex_open_ = false;
}

std::vector<TxRecord> TxManager::TakeRecords() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<TxRecord> out;
  out.swap(records_);
  return out;
}

bool TxManager::enabled() const {
  std::lock_guard<std::mutex> lock(mu_);
  return enabled_;
}

TxManager::Stamp* TxManager::FromHandle(void* stamp) {
  if (stamp == nullptr) return nullptr;
  for (auto& s : pool_) {
    if (&s == stamp) return s.in_use ? &s : nullptr;
  }
  return nullptr;
}

void TxManager::Report(const Stamp& s, vendor::TxEventType event_type, int64_t start_ns, int64_t end_ns) {
  if (!collecting_) return;
  TxRecord r;
  r.pid = pid_;
  r.tid = tid_();
  r.category = s.category;
  r.event_type = static_cast<uint32_t>(event_type);
  r.payload_type = s.payload_type;
  r.payload_value = s.payload_value;
  r.start_ns = start_ns;
  r.end_ns = end_ns;
  r.message_type = s.message_type;
  r.message = s.message;
  records_.push_back(std::move(r));
}

void* TxManager::CreateStamp() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return nullptr;
  for (auto& s : pool_) {
    if (!s.in_use) {
      uint32_t index = s.index;
      s = Stamp{};
      s.index = index;
      s.in_use = true;
      return &s;
    }
  }
  return nullptr;  // all 100 stamps in use
}

void TxManager::DestroyStamp(void* stamp) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return;
  stack_.erase(std::remove(stack_.begin(), stack_.end(), s), stack_.end());
  s->in_use = false;
  s->range_open = false;
}

int TxManager::SetStampTraceMessage(void* stamp, const char* msg, uint32_t msg_len) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr || msg == nullptr || msg_len >= kMaxMessage) return kFailed;
  s->message.assign(msg, strnlen(msg, msg_len));
  return 0;
}

int TxManager::Mark(void* stamp) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return kFailed;
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return kFailed;
  int64_t now = host_now_();
  Report(*s, vendor::TxEventType::kMark, now, now);
  return 0;
}

int TxManager::MarkEx(const char* msg, size_t msg_len, void* stream) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!enabled_ || msg == nullptr || stream == nullptr || msg_len < 1 || msg_len > 155 || std::strlen(msg) != msg_len) {
    return kFailed;
  }
  uint64_t mark_id = next_mark_id_++;
  int64_t now = host_now_();
  lock.unlock();
  if (!mark_device_(stream, mark_id)) return kFailed;
  lock.lock();
  if (collecting_) {
    TxRecord r;
    r.pid = pid_;
    r.tid = tid_();
    r.event_type = static_cast<uint32_t>(vendor::TxEventType::kMarkEx);
    r.start_ns = r.end_ns = now;
    r.message = std::string(msg, msg_len);
    r.mark_id = mark_id;
    records_.push_back(std::move(r));
  }
  return 0;
}

int TxManager::Push(void* stamp) {
  if (stamp == nullptr) return kInvalidParam;
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return kFailed;
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return kFailed;
  s->start_ns = host_now_();
  stack_.push_back(s);
  return 0;
}

int TxManager::Pop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_ || stack_.empty()) return kFailed;
  Stamp* s = stack_.back();
  stack_.pop_back();
  Report(*s, vendor::TxEventType::kPushPop, s->start_ns, host_now_());
  return 0;
}

int TxManager::RangeStart(void* stamp, uint32_t* range_id) {
  if (stamp == nullptr || range_id == nullptr) return kInvalidParam;
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return kFailed;
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return kFailed;
  s->start_ns = host_now_();
  s->range_open = true;
  *range_id = s->index;
  return 0;
}

int TxManager::RangeStop(uint32_t range_id) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_ || range_id >= kPoolSize) return kFailed;
  Stamp& s = pool_[range_id];
  if (!s.in_use || !s.range_open) return kFailed;
  s.range_open = false;
  Report(s, vendor::TxEventType::kStartStop, s.start_ns, host_now_());
  return 0;
}

int TxManager::SetCategoryName(uint32_t category, const char* name) {
  (void)category;
  (void)name;  // CANN keeps no effect beyond the return value
  std::lock_guard<std::mutex> lock(mu_);
  return enabled_ ? 0 : kFailed;
}

int TxManager::SetStampCategory(void* stamp, uint32_t category) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return kFailed;
  s->category = category;
  return 0;
}

int TxManager::SetStampPayload(void* stamp, int32_t type, const void* value) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr || value == nullptr) return kFailed;
  s->payload_type = type;  // CANN stores the type only
  return 0;
}

int TxManager::RangePushEx(bool attr_null, uint32_t message_type, std::string description) {
  if (attr_null) return kInvalidParam;
  if (message_type != 0) return kFailed;
  std::lock_guard<std::mutex> lock(mu_);
  range_ex_open_ = true;
  range_ex_description_ = std::move(description);
  range_ex_start_ns_ = host_now_();
  return 0;
}

int TxManager::RangePop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!range_ex_open_) return kInvalidParam;
  range_ex_open_ = false;
  if (collecting_) {
    TxRecord r;
    r.pid = pid_;
    r.tid = tid_();
    r.event_type = static_cast<uint32_t>(vendor::TxEventType::kStartStop);
    r.message_type = 0;
    r.start_ns = range_ex_start_ns_;
    r.end_ns = host_now_();
    r.message = range_ex_description_;
    records_.push_back(std::move(r));
  }
  return 0;
}

uint64_t Str2Id(const char* message) {
  if (message == nullptr || message[0] == '\0') return UINT64_MAX;
  uint32_t h0 = 0, h1 = 0;
  for (const char* p = message; *p != '\0'; ++p) {
    const uint32_t c = static_cast<uint32_t>(static_cast<int32_t>(static_cast<signed char>(*p)));
    h0 = h0 * 29 + c;
    h1 = h1 * 131 + c;
  }
  return (static_cast<uint64_t>(h0) << 32) | h1;
}

}  // namespace aclsim::prof
