#include "runtime/prof/msproftx.h"

#include <algorithm>
#include <cstring>

#include "runtime/vendor.h"

namespace aclsim::prof {

TxManager::TxManager(std::function<int64_t()> host_now, std::function<uint32_t()> tid,
                     std::function<bool(void*, uint64_t, uint32_t)> mark_device, uint32_t pid)
    : host_now_(std::move(host_now)), tid_(std::move(tid)), mark_device_(std::move(mark_device)), pid_(pid) {
  for (uint32_t i = 0; i < kPoolSize; ++i) pool_[i].index = i;
}

void TxManager::Enable() {
  std::lock_guard<std::mutex> lock(mu_);
  enabled_ = true;
}

TxManager::~TxManager() {
  std::lock_guard<std::mutex> lock(mu_);
  SetCollectingLocked(false);
}

void TxManager::Collect(bool on) {
  std::lock_guard<std::mutex> lock(mu_);
  SetCollectingLocked(on);
}

void TxManager::Teardown() {
  std::lock_guard<std::mutex> lock(mu_);
  enabled_ = false;
  SetCollectingLocked(false);
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

namespace {

Status NotActive() {
  return Status(Detail::kProfilingNotRunning, "msproftx is not active (needs aclprofStart with ACL_PROF_MSPROFTX)");
}
Status UnknownStamp() {
  return Status(Detail::kInvalidHandle, "stamp is NULL or not a live stamp of aclprofCreateStamp");
}

}  // namespace

Status TxManager::SetStampTraceMessage(void* stamp, const char* msg, uint32_t msg_len) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  if (msg == nullptr) return Status(StatusCode::kInvalidArgument, "msg is NULL");
  if (msg_len >= kMaxMessage) {
    return Status(StatusCode::kInvalidArgument,
                  "msgLen " + std::to_string(msg_len) + " is not below " + std::to_string(kMaxMessage));
  }
  s->message.assign(msg, strnlen(msg, msg_len));
  return OkStatus();
}

Status TxManager::Mark(void* stamp) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return NotActive();
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  int64_t now = host_now_();
  Report(*s, vendor::TxEventType::kMark, now, now);
  return OkStatus();
}

Status TxManager::MarkEx(const char* msg, size_t msg_len, void* stream) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!enabled_) return NotActive();
  if (msg == nullptr || stream == nullptr) return Status(StatusCode::kInvalidArgument, "msg or stream is NULL");
  if (msg_len < 1 || msg_len > 155 || std::strlen(msg) != msg_len) {
    return Status(StatusCode::kInvalidArgument, "msgLen must equal strlen(msg) and lie in 1..155");
  }
  uint64_t mark_id = next_mark_id_++;
  int64_t now = host_now_();
  lock.unlock();
  if (!mark_device_(stream, mark_id, vendor::kMarkExTag)) {
    return Status(StatusCode::kInternal, "the device marker could not be issued");
  }
  lock.lock();
  if (collecting_) {
    TxRecord r;
    r.pid = pid_;
    r.tid = tid_();
    r.event_type = static_cast<uint32_t>(vendor::TxEventType::kMarkEx);
    r.start_ns = r.end_ns = now;
    r.message = std::string(msg, msg_len);
    r.mark_id = mark_id;
    r.device_tag = vendor::kMarkExTag;
    records_.push_back(std::move(r));
  }
  return OkStatus();
}

Status TxManager::Push(void* stamp) {
  if (stamp == nullptr) return Status(StatusCode::kInvalidArgument, "stamp is NULL");
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return NotActive();
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  s->start_ns = host_now_();
  stack_.push_back(s);
  return OkStatus();
}

Status TxManager::Pop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return NotActive();
  if (stack_.empty()) return Status(StatusCode::kFailedPrecondition, "nothing was pushed");
  Stamp* s = stack_.back();
  stack_.pop_back();
  Report(*s, vendor::TxEventType::kPushPop, s->start_ns, host_now_());
  return OkStatus();
}

Status TxManager::RangeStart(void* stamp, uint32_t* range_id) {
  if (stamp == nullptr || range_id == nullptr) return Status(StatusCode::kInvalidArgument, "stamp or rangeId is NULL");
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return NotActive();
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  s->start_ns = host_now_();
  s->range_open = true;
  *range_id = s->index;
  return OkStatus();
}

Status TxManager::RangeStop(uint32_t range_id) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!enabled_) return NotActive();
  if (range_id >= kPoolSize || !pool_[range_id].in_use || !pool_[range_id].range_open) {
    return Status(Detail::kInvalidHandle, "range " + std::to_string(range_id) + " is not open");
  }
  Stamp& s = pool_[range_id];
  s.range_open = false;
  Report(s, vendor::TxEventType::kStartStop, s.start_ns, host_now_());
  return OkStatus();
}

Status TxManager::SetCategoryName(uint32_t category, const char* name) {
  (void)category;
  (void)name;  // CANN keeps no effect beyond the return value
  std::lock_guard<std::mutex> lock(mu_);
  return enabled_ ? OkStatus() : NotActive();
}

Status TxManager::SetStampCategory(void* stamp, uint32_t category) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  s->category = category;
  return OkStatus();
}

Status TxManager::SetStampTagName(void* stamp, const char* name, uint16_t len) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  if (name == nullptr || len >= 128) {
    return Status(StatusCode::kInvalidArgument, "tagName is NULL or len " + std::to_string(len) + " is 128 or more");
  }
  s->tag_name.assign(name, strnlen(name, len));
  return OkStatus();
}

Status TxManager::SetStampCallStack(void* stamp, const char* call_stack, uint32_t len) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  if (call_stack == nullptr) return Status(StatusCode::kInvalidArgument, "callStack is NULL");
  s->call_stack.assign(call_stack, strnlen(call_stack, len));
  return OkStatus();
}

Status TxManager::SetStampPayload(void* stamp, int32_t type, const void* value) {
  std::lock_guard<std::mutex> lock(mu_);
  Stamp* s = FromHandle(stamp);
  if (s == nullptr) return UnknownStamp();
  if (value == nullptr) return Status(StatusCode::kInvalidArgument, "value is NULL");
  s->payload_type = type;  // CANN stores the type only
  return OkStatus();
}

Status TxManager::RangePushEx(bool attr_null, uint32_t message_type, std::string description) {
  if (attr_null) return Status(StatusCode::kInvalidArgument, "attr is NULL");
  if (message_type != 0) {
    return Status(Detail::kFeatureUnsupported,
                  "messageType " + std::to_string(message_type) + " is not ACL_PROF_MESSAGE_TYPE_TENSOR_INFO");
  }
  std::lock_guard<std::mutex> lock(mu_);
  range_ex_open_ = true;
  range_ex_description_ = std::move(description);
  range_ex_start_ns_ = host_now_();
  return OkStatus();
}

Status TxManager::RangePop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!range_ex_open_) return Status(StatusCode::kFailedPrecondition, "no aclprofRangePushEx before it");
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
  return OkStatus();
}

uint64_t Str2Id(const char* message) { return message == nullptr ? UINT64_MAX : DoubleHash(message); }

uint64_t DoubleHash(std::string_view bytes) {
  if (bytes.empty()) return UINT64_MAX;
  uint32_t h0 = 0, h1 = 0;
  for (const char ch : bytes) {
    const uint32_t c = static_cast<uint32_t>(static_cast<int32_t>(static_cast<signed char>(ch)));
    h0 = h0 * 29 + c;
    h1 = h1 * 131 + c;
  }
  return (static_cast<uint64_t>(h0) << 32) | h1;
}

}  // namespace aclsim::prof
