#include "runtime/tdt/queue_table.h"

#include <chrono>

namespace aclsim::tdt {
namespace {

using Clock = std::chrono::steady_clock;

Status NoQueue(uint32_t qid) { return Status(StatusCode::kInvalidArgument, "no queue " + std::to_string(qid)); }

// Waits on |cv| until |ready()| holds or |timeout_ms| passes (-1: no end).
// True when ready() holds.
template <typename Ready>
bool WaitFor(std::unique_lock<std::mutex>& lock, std::condition_variable& cv, int32_t timeout_ms, Ready ready) {
  if (timeout_ms < 0) {
    cv.wait(lock, ready);
    return true;
  }
  return cv.wait_until(lock, Clock::now() + std::chrono::milliseconds(timeout_ms), ready);
}

}  // namespace

QueueTable::~QueueTable() = default;

StatusOr<uint32_t> QueueTable::Create(const std::string& name, uint32_t depth, int32_t owner_pid) {
  if (depth == 0) return Status(StatusCode::kInvalidArgument, "queue depth is 0");
  if (name.size() + 1 > kMaxNameLength) {
    return Status(StatusCode::kInvalidArgument, "queue name is longer than " + std::to_string(kMaxNameLength - 1));
  }
  std::lock_guard<std::mutex> lock(mu_);
  const uint32_t id = next_id_;
  std::string actual = name.empty() ? "aclsim_queue_" + std::to_string(id) : name;
  for (const auto& [qid, q] : queues_) {
    if (q->name == actual) return Status(StatusCode::kInvalidArgument, "a queue named " + actual + " exists");
  }
  auto q = std::make_shared<Queue>();
  q->id = id;
  q->name = std::move(actual);
  q->depth = depth;
  q->owner_pid = owner_pid;
  queues_.emplace(id, std::move(q));
  ++next_id_;
  return id;
}

Status QueueTable::Destroy(uint32_t qid) {
  std::vector<BufferPtr> dropped;  // released after the lock
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = queues_.find(qid);
    if (it == queues_.end()) return NoQueue(qid);
    it->second->destroyed = true;
    dropped.assign(it->second->entries.begin(), it->second->entries.end());
    it->second->entries.clear();
    queues_.erase(it);
    for (auto r = routes_.begin(); r != routes_.end();) {
      r = (r->first == qid || r->second == qid) ? routes_.erase(r) : std::next(r);
    }
  }
  changed_.notify_all();
  return OkStatus();
}

QueueTable::QueuePtr QueueTable::FindLocked(uint32_t qid) const {
  auto it = queues_.find(qid);
  return it == queues_.end() ? nullptr : it->second;
}

QueueTable::QueuePtr QueueTable::DestinationLocked(QueuePtr q) const {
  for (int hop = 0; hop < kMaxRouteHops; ++hop) {
    auto r = routes_.find(q->id);
    if (r == routes_.end()) break;
    QueuePtr next = FindLocked(r->second);
    if (next == nullptr) break;
    q = std::move(next);
  }
  return q;
}

Status QueueTable::Enqueue(uint32_t qid, BufferPtr buf, int32_t timeout_ms) {
  std::unique_lock<std::mutex> lock(mu_);
  QueuePtr q = FindLocked(qid);
  if (q == nullptr) return NoQueue(qid);
  QueuePtr target;
  const bool ready = WaitFor(lock, changed_, timeout_ms, [&] {
    if (q->destroyed || q->stopped) return true;
    target = DestinationLocked(q);
    return target->stopped || target->entries.size() < target->depth;
  });
  if (q->destroyed) return NoQueue(qid);
  if (q->stopped || (target != nullptr && target->stopped)) {
    return Status(StatusCode::kCancelled, "queue " + std::to_string(qid) + " is stopped");
  }
  if (!ready) return Status(StatusCode::kDeadlineExceeded, "queue " + std::to_string(target->id) + " is full");
  target->entries.push_back(std::move(buf));
  lock.unlock();
  changed_.notify_all();
  return OkStatus();
}

StatusOr<BufferPtr> QueueTable::Dequeue(uint32_t qid, int32_t timeout_ms, size_t max_data_len) {
  std::unique_lock<std::mutex> lock(mu_);
  QueuePtr q = FindLocked(qid);
  if (q == nullptr) return NoQueue(qid);
  const bool ready =
      WaitFor(lock, changed_, timeout_ms, [&] { return q->destroyed || q->stopped || !q->entries.empty(); });
  if (q->destroyed) return NoQueue(qid);
  if (q->stopped) return Status(StatusCode::kCancelled, "queue " + std::to_string(qid) + " is stopped");
  if (!ready) return Status(StatusCode::kDeadlineExceeded, "queue " + std::to_string(qid) + " is empty");
  if (q->entries.front()->data_len > max_data_len) {
    return Status(StatusCode::kOutOfRange, "the buffer of queue " + std::to_string(qid) + " holds " +
                                               std::to_string(q->entries.front()->data_len) + " bytes, more than " +
                                               std::to_string(max_data_len));
  }
  BufferPtr buf = std::move(q->entries.front());
  q->entries.pop_front();
  // Room in |q|: a route into it may move buffers waiting in its source.
  for (const auto& [src, dst] : routes_) {
    if (dst != qid) continue;
    if (QueuePtr s = FindLocked(src)) DrainLocked(*s, *q);
  }
  lock.unlock();
  changed_.notify_all();
  return buf;
}

StatusOr<size_t> QueueTable::Size(uint32_t qid) const {
  std::lock_guard<std::mutex> lock(mu_);
  QueuePtr q = FindLocked(qid);
  if (q == nullptr) return NoQueue(qid);
  return q->entries.size();
}

Status QueueTable::Reset(uint32_t qid) {
  std::deque<BufferPtr> dropped;
  {
    std::lock_guard<std::mutex> lock(mu_);
    QueuePtr q = FindLocked(qid);
    if (q == nullptr) return NoQueue(qid);
    dropped.swap(q->entries);
  }
  changed_.notify_all();
  return OkStatus();
}

Status QueueTable::Stop(uint32_t qid) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    QueuePtr q = FindLocked(qid);
    if (q == nullptr) return NoQueue(qid);
    q->stopped = true;
  }
  changed_.notify_all();
  return OkStatus();
}

Status QueueTable::Grant(uint32_t qid, int32_t pid, uint32_t permission) {
  if (permission == 0 || (permission & ~kPermissionAll) != 0) {
    return Status(StatusCode::kInvalidArgument, "permission " + std::to_string(permission) + " is not in 1..7");
  }
  std::lock_guard<std::mutex> lock(mu_);
  QueuePtr q = FindLocked(qid);
  if (q == nullptr) return NoQueue(qid);
  q->grants[pid] |= permission;
  return OkStatus();
}

StatusOr<uint32_t> QueueTable::Attach(uint32_t qid, int32_t pid) const {
  std::lock_guard<std::mutex> lock(mu_);
  QueuePtr q = FindLocked(qid);
  if (q == nullptr) return NoQueue(qid);
  if (pid == q->owner_pid) return kPermissionAll;
  auto g = q->grants.find(pid);
  if (g == q->grants.end()) {
    return Status(StatusCode::kPermissionDenied, "queue " + std::to_string(qid) + " was not granted to this process");
  }
  return g->second;
}

void QueueTable::DrainLocked(Queue& src, Queue& dst) {
  while (!src.entries.empty() && dst.entries.size() < dst.depth) {
    dst.entries.push_back(std::move(src.entries.front()));
    src.entries.pop_front();
  }
}

Status QueueTable::Bind(uint32_t src, uint32_t dst) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    QueuePtr s = FindLocked(src);
    QueuePtr d = FindLocked(dst);
    if (s == nullptr) return NoQueue(src);
    if (d == nullptr) return NoQueue(dst);
    if (src == dst) return Status(StatusCode::kInvalidArgument, "a route's source and destination are one queue");
    if (routes_.count(src) != 0) {
      return Status(StatusCode::kInvalidArgument, "queue " + std::to_string(src) + " already has a route");
    }
    routes_.emplace(src, dst);
    DrainLocked(*s, *DestinationLocked(d));
  }
  changed_.notify_all();
  return OkStatus();
}

Status QueueTable::Unbind(uint32_t src, uint32_t dst) {
  std::lock_guard<std::mutex> lock(mu_);
  auto r = routes_.find(src);
  if (r == routes_.end() || r->second != dst) {
    return Status(StatusCode::kInvalidArgument,
                  "no route from queue " + std::to_string(src) + " to queue " + std::to_string(dst));
  }
  routes_.erase(r);
  return OkStatus();
}

std::vector<std::pair<uint32_t, uint32_t>> QueueTable::Routes(RouteQuery mode, uint32_t src, uint32_t dst) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (const auto& route : routes_) {
    const bool match = (mode == RouteQuery::kSrc && route.first == src) ||
                       (mode == RouteQuery::kDst && route.second == dst) ||
                       (mode == RouteQuery::kSrcAndDst && route.first == src && route.second == dst);
    if (match) out.push_back(route);
  }
  return out;
}

Buffer* QueueTable::Hold(BufferPtr buf) {
  Buffer* handle = buf.get();
  std::lock_guard<std::mutex> lock(mu_);
  for (const BufferPtr& link : buf->chain) held_[link.get()] = link;
  held_[handle] = std::move(buf);
  return handle;
}

BufferPtr QueueTable::Find(const void* handle) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = held_.find(handle);
  return it == held_.end() ? nullptr : it->second;
}

BufferPtr QueueTable::Release(const void* handle) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = held_.find(handle);
  if (it == held_.end()) return nullptr;
  BufferPtr buf = std::move(it->second);
  held_.erase(it);
  for (const BufferPtr& link : buf->chain) held_.erase(link.get());
  return buf;
}

}  // namespace aclsim::tdt
