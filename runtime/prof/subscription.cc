#include "runtime/prof/subscription.h"

#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "runtime/log.h"

namespace aclsim::prof {

SubscriptionManager::SubscriptionManager(size_t queue_capacity)
    : capacity_(std::max<size_t>(queue_capacity, kMaxRecordsPerWrite)), ring_(capacity_) {}

SubscriptionManager::~SubscriptionManager() {
  {
    std::unique_lock<std::mutex> lock(mu_);
    stopping_ = true;
    not_empty_.notify_all();
  }
  if (delivery_.joinable()) delivery_.join();
  std::vector<int> fds;
  for (auto& [id, sub] : active_) {
    if (sub->stats.fd >= 0 && std::find(fds.begin(), fds.end(), sub->stats.fd) == fds.end())
      fds.push_back(sub->stats.fd);
  }
  for (int fd : fds) ::close(fd);  // each descriptor once, even if shared
}

Status SubscriptionManager::Subscribe(SubscribedModel model, const SubscribeConfig& config, bool* out_first_on_device) {
  if (config.fd == nullptr) return Status(StatusCode::kInvalidArgument, "subscribe config holds a NULL fd pointer");
  if (config.time_info == 0 && config.aicore_metrics == kAicoreMetricsNone) {
    return Status(StatusCode::kInvalidArgument,
                  "subscribe config collects nothing: timeInfoSwitch is 0 and aicoreMetrics is ACL_AICORE_NONE");
  }
  std::lock_guard<std::mutex> lock(mu_);
  const uint32_t model_id = model.model_id;
  if (active_.count(model_id) != 0) {
    return Status(Detail::kAlreadySubscribed, "model " + std::to_string(model_id) + " is already subscribed");
  }
  auto task = device_tasks_.find(model.device_id);
  if (task != device_tasks_.end() && task->second.refs > 0 &&
      (task->second.time_info != config.time_info || task->second.metrics != config.aicore_metrics)) {
    return Status(Detail::kProfilingConfig,
                  "device " + std::to_string(model.device_id) +
                      " already has subscriptions with another timeInfoSwitch/aicoreMetrics; all models on one "
                      "device must use the same subscribe config");
  }
  *out_first_on_device = task == device_tasks_.end() || task->second.refs == 0;
  DeviceTask& t = device_tasks_[model.device_id];
  t.time_info = config.time_info;
  t.metrics = config.aicore_metrics;
  ++t.refs;

  auto sub = std::make_unique<Subscription>();
  sub->fd_ptr = config.fd;
  sub->generation = next_generation_++;
  sub->stats.model_id = model_id;
  sub->stats.device_id = model.device_id;
  sub->stats.fd = *config.fd;
  sub->stats.active = true;
  sub->model = std::move(model);
  retired_.erase(model_id);
  active_.emplace(model_id, std::move(sub));
  if (!delivery_.joinable()) delivery_ = std::thread(&SubscriptionManager::DeliveryLoop, this);
  return OkStatus();
}

std::unique_ptr<SubscriptionManager::Subscription> SubscriptionManager::EndLocked(std::unique_lock<std::mutex>& lock,
                                                                                  uint32_t model_id,
                                                                                  bool* out_device_idle,
                                                                                  uint32_t* out_device) {
  auto it = active_.find(model_id);
  if (it == active_.end()) return nullptr;
  std::unique_ptr<Subscription> sub = std::move(it->second);
  active_.erase(it);  // no new records are routed to it from here on
  Subscription* raw = sub.get();
  progress_.wait(lock, [&] { return raw->stats.delivered + raw->stats.dropped == raw->stats.produced; });
  raw->stats.active = false;
  DeviceTask& task = device_tasks_[raw->stats.device_id];
  --task.refs;
  *out_device_idle = task.refs == 0;
  *out_device = raw->stats.device_id;
  return sub;
}

Status SubscriptionManager::Unsubscribe(uint32_t model_id, bool* out_device_idle, uint32_t* out_device) {
  std::unique_lock<std::mutex> lock(mu_);
  std::unique_ptr<Subscription> sub = EndLocked(lock, model_id, out_device_idle, out_device);
  if (!sub) return Status(Detail::kModelNotLoaded, "model " + std::to_string(model_id) + " is not subscribed");
  const int fd = sub->stats.fd;
  bool shared = false;
  for (const auto& [id, other] : active_) shared = shared || other->stats.fd == fd;
  if (!shared) {
    if (fd >= 0) ::close(fd);
    *sub->fd_ptr = -1;
  }
  retired_[model_id] = std::move(sub);
  return OkStatus();
}

bool SubscriptionManager::EndForUnload(uint32_t model_id, bool* out_device_idle, uint32_t* out_device) {
  std::unique_lock<std::mutex> lock(mu_);
  std::unique_ptr<Subscription> sub = EndLocked(lock, model_id, out_device_idle, out_device);
  if (!sub) return false;
  retired_[model_id] = std::move(sub);
  return true;
}

void SubscriptionManager::SetFaults(uint64_t write_delay_us, uint64_t corrupt_record) {
  std::lock_guard<std::mutex> lock(mu_);
  write_delay_us_ = write_delay_us;
  corrupt_record_ = corrupt_record;
}

size_t SubscriptionManager::CloseDevice(uint32_t device_id) {
  std::vector<uint32_t> models;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [id, sub] : active_) {
      if (sub->stats.device_id == device_id) models.push_back(id);
    }
  }
  size_t closed = 0;
  for (uint32_t id : models) {
    bool idle = false;
    uint32_t device = 0;
    if (Unsubscribe(id, &idle, &device).ok()) ++closed;
  }
  return closed;
}

bool SubscriptionManager::IsSubscribed(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  return active_.count(model_id) != 0;
}

bool SubscriptionManager::HasActive() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !active_.empty();
}

bool SubscriptionManager::HasActiveOnDevice(uint32_t device_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& [id, sub] : active_) {
    if (sub->stats.device_id == device_id) return true;
  }
  return false;
}

StatusOr<SubscriptionStats> SubscriptionManager::Stats(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = active_.find(model_id); it != active_.end()) return it->second->stats;
  if (auto it = retired_.find(model_id); it != retired_.end()) return it->second->stats;
  return Status(Detail::kModelNotLoaded, "model " + std::to_string(model_id) + " was never subscribed");
}

void SubscriptionManager::OnCompletions(const device::CompletionRecord* records, size_t count) {
  thread_local std::vector<Entry> batch;
  thread_local std::vector<const OpStrings*> names;
  thread_local std::vector<Pending> owners;
  batch.clear();
  names.clear();
  owners.clear();
  std::unique_lock<std::mutex> lock(mu_);
  Subscription* sub = nullptr;
  bool have_cached = false;
  uint32_t cached_model = 0;
  for (size_t i = 0; i < count; ++i) {
    const device::CompletionRecord& r = records[i];
    if (r.kind != device::TaskKind::kOp) continue;
    if (!have_cached || r.model_tag != cached_model) {
      auto it = active_.find(r.model_tag);
      sub = it == active_.end() ? nullptr : it->second.get();
      cached_model = r.model_tag;
      have_cached = true;
    }
    if (sub == nullptr || sub->model.device_id != r.device_id || r.op_index >= sub->model.ops->size()) continue;
    ProfOpDesc d = ProfOpDesc::Default();
    d.model_id = r.model_tag;
    const OpEntry& op = (*sub->model.ops)[r.op_index];
    d.flag = op.subgraph ? kFlagSubgraph : kFlagOp;
    d.thread_id = r.host_tid;
    d.start = static_cast<uint64_t>(r.start_ns);
    d.end = static_cast<uint64_t>(r.end_ns);
    d.duration = d.end - d.start;
    d.execution_time = static_cast<uint64_t>(r.exec_ns);
    if (r.engine == model::Engine::kAiCore) {
      d.cube_fops = r.flops;
    } else {
      d.vector_fops = r.flops;
    }
    d.dev_id = r.device_id;
    batch.push_back(Entry{sub, d});
    names.push_back(op.strings);
    owners.push_back(Pending{r.model_tag, sub->generation});
  }
  if (batch.empty()) return;
  const uint64_t built_before = records_built_;
  records_built_ += batch.size();
  const uint64_t corrupt = corrupt_record_;
  lock.unlock();
  uint64_t first_index = OpNameTable::Global().Insert(names.data(), names.size());
  for (size_t i = 0; i < batch.size(); ++i) {
    batch[i].record.op_index = first_index == 0 ? 0 : first_index + i;
    batch[i].record.Seal();
    if (corrupt != 0 && built_before + i + 1 == corrupt) batch[i].record.signature ^= 0xFFFFFFFFu;  // injected fault
  }
  lock.lock();
  size_t pushed = 0;
  while (pushed < batch.size()) {
    not_full_.wait(lock, [&] { return size_ < capacity_ || stopping_; });
    if (stopping_) break;
    while (pushed < batch.size() && size_ < capacity_) {
      // The subscription may have been unsubscribed (even replaced by a new
      // one of the same model) while the lock was released; its flush has
      // then completed without these records, so they are not queued. The
      // generation, not the address, identifies it: memory may be reused.
      const size_t k = pushed++;
      Entry& e = batch[k];
      auto live = active_.find(owners[k].model_id);
      if (live == active_.end() || live->second->generation != owners[k].generation) continue;
      e.sub = live->second.get();
      ++e.sub->stats.produced;
      ring_[(head_ + size_) % capacity_] = e;
      ++size_;
    }
    not_empty_.notify_one();
  }
}

bool SubscriptionManager::WriteRecords(int fd, const ProfOpDesc* records, size_t count, size_t* out_written) {
  const auto* p = reinterpret_cast<const char*>(records);
  size_t left = count * kOpDescSize;
  size_t done = 0;
  while (left > 0) {
    ssize_t n = ::write(fd, p + done, left);
    if (n > 0) {
      done += static_cast<size_t>(n);
      left -= static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd pfd{fd, POLLOUT, 0};
      (void)::poll(&pfd, 1, 100);
      continue;
    }
    if (n < 0 && errno == EPIPE) {
      // Consume the SIGPIPE this thread has pending (it is blocked here).
      sigset_t pipe_set;
      sigemptyset(&pipe_set);
      sigaddset(&pipe_set, SIGPIPE);
      timespec zero{0, 0};
      (void)sigtimedwait(&pipe_set, nullptr, &zero);
    }
    Log(LogLevel::kWarning, "subscription: write to fd " + std::to_string(fd) + " failed: " +
                                (n < 0 ? std::string(std::strerror(errno)) : std::string("wrote nothing")));
    *out_written = done / kOpDescSize;
    return false;
  }
  *out_written = count;
  return true;
}

void SubscriptionManager::DeliveryLoop() {
  sigset_t pipe_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, nullptr);

  std::vector<Entry> local;
  local.reserve(4096);
  ProfOpDesc staging[kMaxRecordsPerWrite];
  std::unique_lock<std::mutex> lock(mu_);
  const uint64_t write_delay_us = write_delay_us_;
  while (true) {
    not_empty_.wait(lock, [&] { return size_ > 0 || stopping_; });
    if (size_ == 0 && stopping_) break;
    local.clear();
    while (size_ > 0 && local.size() < 4096) {
      local.push_back(ring_[head_]);
      head_ = (head_ + 1) % capacity_;
      --size_;
    }
    not_full_.notify_all();
    lock.unlock();

    // Consecutive entries of one subscription go out together, at most 51 per write.
    struct Outcome {
      Subscription* sub;
      uint64_t delivered;
      uint64_t dropped;
    };
    std::vector<Outcome> outcomes;
    size_t i = 0;
    while (i < local.size()) {
      Subscription* sub = local[i].sub;
      size_t j = i;
      while (j < local.size() && local[j].sub == sub) ++j;
      // |broken| and |fd| are only written by this thread after Subscribe.
      bool broken = sub->stats.broken;
      uint64_t delivered = 0;
      size_t k = i;
      while (k < j && !broken) {
        size_t n = std::min(kMaxRecordsPerWrite, j - k);
        for (size_t m = 0; m < n; ++m) staging[m] = local[k + m].record;
        if (write_delay_us > 0) std::this_thread::sleep_for(std::chrono::microseconds(write_delay_us));
        size_t written = 0;
        if (!WriteRecords(sub->stats.fd, staging, n, &written)) broken = true;
        delivered += written;
        k += n;
      }
      outcomes.push_back(Outcome{sub, delivered, (j - i) - delivered});
      if (broken && !sub->stats.broken) {
        lock.lock();
        sub->stats.broken = true;
        lock.unlock();
      }
      i = j;
    }
    lock.lock();
    for (const Outcome& o : outcomes) {
      o.sub->stats.delivered += o.delivered;
      o.sub->stats.dropped += o.dropped;
    }
    progress_.notify_all();
  }
}

}  // namespace aclsim::prof
