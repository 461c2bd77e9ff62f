// mstx markers and ranges (mstx/ms_tools_ext.h) on the TxManager.
//
// Behaviour follows msprof's mstx collector as the public sources show it
// (Ascend/msprof collector mstx handling; Ascend/mspti csrc/common/inject/
// mstx_inject.cpp for the device markers): a message must be non-NULL and
// non-empty and must not start with '=', '+', '-' or '@'; ids count up from
// 1 across the process, shared with aclprofMarkEx's device markers; a
// stream adds rtProfilerTraceEx markers (tag 11 for a mark, tag 12 at a
// range's start and end, all carrying the event's id); range records are
// written when the range ends, on whichever thread ends it.
#include <atomic>
#include <cstring>

#include "runtime/log.h"
#include "runtime/prof/msproftx.h"
#include "runtime/vendor.h"

namespace aclsim::prof {

namespace {

// TxManagers collecting now, process-wide: the entry points' fast path.
std::atomic<uint32_t> g_mstx_collecting{0};

}  // namespace

bool TxManager::MstxActive() { return g_mstx_collecting.load(std::memory_order_relaxed) != 0; }

void TxManager::SetCollectingLocked(bool on) {
  if (on == collecting_) return;
  collecting_ = on;
  if (on) {
    g_mstx_collecting.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  g_mstx_collecting.fetch_sub(1, std::memory_order_relaxed);
  if (!open_ranges_.empty()) {
    mstx_stats_.unfinished += open_ranges_.size();
    Log(LogLevel::kWarning, "mstx: " + std::to_string(open_ranges_.size()) +
                                " range(s) still open when the collection stopped are not recorded");
    open_ranges_.clear();
  }
}

std::string_view TxManager::MstxRefusal(const char* message) {
  if (message == nullptr) return "the message is NULL";
  if (message[0] == '\0') return "the message is empty";
  if (strnlen(message, kMaxMstxMessage + 1) > kMaxMstxMessage) return "the message is longer than 4095 bytes";
  if (vendor::kMstxRefusedPrefixes.find(message[0]) != std::string_view::npos) {
    return "the message starts with '=', '+', '-' or '@' (refused as msprof refuses it)";
  }
  return {};
}

bool TxManager::PlaceMarker(void* stream, uint64_t id, uint32_t tag) {
  if (stream == nullptr) return true;
  if (mark_device_(stream, id, tag)) return true;
  std::lock_guard<std::mutex> lock(mu_);
  ++mstx_stats_.marker_failures;
  Log(LogLevel::kWarning, "mstx: the device marker of event " + std::to_string(id) +
                              " could not be placed on its stream (not a live stream?); the host record is kept");
  return false;
}

uint64_t TxManager::MstxMark(std::string_view domain, const char* message, void* stream) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!collecting_) return 0;
  if (std::string_view why = MstxRefusal(message); !why.empty()) {
    ++mstx_stats_.refused;
    Log(LogLevel::kWarning, "mstxMarkA: " + std::string(why) + "; the marker is not recorded");
    return 0;
  }
  TxRecord r;
  r.pid = pid_;
  r.tid = tid_();
  r.event_type = static_cast<uint32_t>(vendor::TxEventType::kMark);
  r.start_ns = r.end_ns = host_now_();
  r.message = message;
  r.mstx = true;
  r.domain_name = domain;
  r.mark_id = next_mark_id_++;
  r.device_tag = stream != nullptr ? vendor::kMarkExTag : 0;
  const uint64_t id = r.mark_id;
  records_.push_back(std::move(r));
  ++mstx_stats_.marks;
  lock.unlock();
  (void)PlaceMarker(stream, id, vendor::kMarkExTag);
  return id;
}

uint64_t TxManager::NewMarkId() {
  std::lock_guard<std::mutex> lock(mu_);
  return next_mark_id_++;
}

uint64_t TxManager::MstxRangeStart(std::string_view domain, const char* message, void* stream) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!collecting_) return 0;
  if (std::string_view why = MstxRefusal(message); !why.empty()) {
    ++mstx_stats_.refused;
    Log(LogLevel::kWarning, "mstxRangeStartA: " + std::string(why) + "; the range is not recorded");
    return 0;
  }
  const uint64_t id = next_mark_id_++;
  OpenRange& open = open_ranges_[id];
  open.domain = domain;
  open.message = message;
  open.start_ns = host_now_();
  open.tid = tid_();
  open.stream = stream;
  lock.unlock();
  (void)PlaceMarker(stream, id, vendor::kMstxRangeTag);
  return id;
}

void TxManager::MstxRangeEnd(std::string_view domain, uint64_t id) {
  if (id == 0) return;
  std::unique_lock<std::mutex> lock(mu_);
  if (!collecting_) return;
  auto it = open_ranges_.find(id);
  if (it == open_ranges_.end() || it->second.domain != domain) {
    ++mstx_stats_.unmatched_ends;
    Log(LogLevel::kWarning,
        "mstxRangeEnd: " + std::to_string(id) + " is not an open range of domain \"" + std::string(domain) + "\"");
    return;
  }
  OpenRange open = std::move(it->second);
  open_ranges_.erase(it);
  TxRecord r;
  r.pid = pid_;
  r.tid = open.tid;
  r.event_type = static_cast<uint32_t>(vendor::TxEventType::kStartStop);
  r.start_ns = open.start_ns;
  r.end_ns = host_now_();
  r.message = std::move(open.message);
  r.mstx = true;
  r.domain_name = std::move(open.domain);
  r.mark_id = id;
  r.device_tag = open.stream != nullptr ? vendor::kMstxRangeTag : 0;
  records_.push_back(std::move(r));
  ++mstx_stats_.ranges;
  lock.unlock();
  (void)PlaceMarker(open.stream, id, vendor::kMstxRangeTag);
}

MstxStats TxManager::mstx_stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return mstx_stats_;
}

}  // namespace aclsim::prof
