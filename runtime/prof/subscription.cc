#include "runtime/prof/subscription.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "runtime/log.h"
#include "runtime/vendor.h"

namespace aclsim::prof {
namespace {

// How often a writer waiting for a descriptor to become writable checks
// whether its subscription was abandoned.
constexpr int kPollSliceMs = 20;
// Records a writer takes from its queue at once.
constexpr size_t kWriterBatch = 4096;

bool IsSocket(int fd) {
  struct stat st {};
  return fd >= 0 && ::fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode);
}

}  // namespace

SubscriptionManager::SubscriptionManager(size_t queue_capacity, std::chrono::milliseconds drain_timeout)
    : capacity_(std::max<size_t>(queue_capacity, kMaxRecordsPerWrite)), drain_timeout_(drain_timeout) {}

SubscriptionManager::~SubscriptionManager() { Shutdown(); }

Status SubscriptionManager::Subscribe(SubscribedModel model, const SubscribeConfig& config, bool* out_first_on_device) {
  std::lock_guard<std::mutex> lock(mu_);
  const Key key = ModelKey(model.model_id);
  const std::string what = "model " + std::to_string(model.model_id);
  return SubscribeLocked(key, std::move(model), config, what, out_first_on_device);
}

Status SubscriptionManager::SubscribeThread(uint32_t thread_id, uint32_t device_id, const SubscribeConfig& config,
                                            bool* out_first_on_device) {
  std::lock_guard<std::mutex> lock(mu_);
  SubscribedModel target;
  target.device_id = device_id;
  const std::string what = "thread " + std::to_string(thread_id);
  ACLSIM_RETURN_IF_ERROR(SubscribeLocked(ThreadKey(thread_id), std::move(target), config, what, out_first_on_device));
  active_.at(ThreadKey(thread_id))->stats.thread_id = thread_id;
  ++active_threads_;
  return OkStatus();
}

Status SubscriptionManager::SubscribeLocked(Key key, SubscribedModel model, const SubscribeConfig& config,
                                            const std::string& what, bool* out_first_on_device) {
  if (config.fd == nullptr) return Status(StatusCode::kInvalidArgument, "subscribe config holds a NULL fd pointer");
  if (config.time_info == 0 && config.aicore_metrics == kAicoreMetricsNone) {
    return Status(StatusCode::kInvalidArgument,
                  "subscribe config collects nothing: timeInfoSwitch is 0 and aicoreMetrics is ACL_AICORE_NONE");
  }
  if (shut_down_) return Status(StatusCode::kFailedPrecondition, "profiling is shutting down (aclFinalize)");
  if (auto it = active_.find(key); it != active_.end()) {
    const bool thread = (key & kThreadKeyBit) != 0;
    return Status(Detail::kAlreadySubscribed,
                  what + " is already subscribed" +
                      (thread ? " (to the ops of device " + std::to_string(it->second->model.device_id) +
                                    "; a thread holds one ProfOpSubscribe at a time)"
                              : ""));
  }
  auto task = device_tasks_.find(model.device_id);
  if (task != device_tasks_.end() && task->second.refs > 0 &&
      (task->second.time_info != config.time_info || task->second.metrics != config.aicore_metrics)) {
    return Status(Detail::kProfilingConfig,
                  "device " + std::to_string(model.device_id) +
                      " already has subscriptions with another timeInfoSwitch/aicoreMetrics; all models on one "
                      "device must use the same subscribe config");
  }
  const int fd = *config.fd;
  std::shared_ptr<Channel>& channel = channels_[fd];
  if (!channel) {
    channel = std::make_shared<Channel>();
    channel->fd = fd;
    channel->socket = IsSocket(fd);
    try {
      channel->writer = std::thread(&SubscriptionManager::WriterLoop, this, channel.get());
    } catch (...) {
      channels_.erase(fd);
      throw;
    }
  }
  *out_first_on_device = task == device_tasks_.end() || task->second.refs == 0;
  DeviceTask& t = device_tasks_[model.device_id];
  t.time_info = config.time_info;
  t.metrics = config.aicore_metrics;
  ++t.refs;

  auto sub = std::make_shared<Subscription>();
  sub->key = key;
  sub->fd_ptr = config.fd;
  sub->generation = next_generation_++;
  sub->channel = channel;
  ++channel->users;
  sub->stats.model_id = model.model_id;
  sub->stats.device_id = model.device_id;
  sub->stats.fd = fd;
  sub->stats.active = true;
  sub->model = std::move(model);
  retired_.erase(key);
  active_.emplace(key, std::move(sub));
  return OkStatus();
}

std::string SubscriptionManager::Describe(const Subscription& sub) {
  if ((sub.key & kThreadKeyBit) == 0) return "model " + std::to_string(sub.stats.model_id);
  return "thread " + std::to_string(sub.stats.thread_id) + " on device " + std::to_string(sub.stats.device_id);
}

std::shared_ptr<SubscriptionManager::Subscription> SubscriptionManager::EndLocked(std::unique_lock<std::mutex>& lock,
                                                                                  Key key, Deadline deadline,
                                                                                  bool close_fd, bool* out_closed,
                                                                                  bool* out_device_idle,
                                                                                  uint32_t* out_device) {
  auto it = active_.find(key);
  if (it == active_.end()) return nullptr;
  std::shared_ptr<Subscription> sub = std::move(it->second);
  active_.erase(it);  // no new records are routed to it from here on
  if ((key & kThreadKeyBit) != 0) --active_threads_;
  sub->channel->not_full.notify_all();  // producers waiting for its queue skip it now
  if (!progress_.wait_until(lock, deadline, [&] { return sub->Outstanding() == 0; })) AbandonLocked(lock, sub.get());
  sub->stats.active = false;
  DeviceTask& task = device_tasks_[sub->stats.device_id];
  --task.refs;
  *out_device_idle = task.refs == 0;
  *out_device = sub->stats.device_id;
  *out_closed = false;
  std::shared_ptr<Channel> channel = sub->channel;
  if (--channel->users == 0) {
    auto found = channels_.find(channel->fd);
    if (found != channels_.end() && found->second == channel) channels_.erase(found);
    *out_closed = RetireChannelLocked(lock, channel, close_fd);
  }
  return sub;
}

void SubscriptionManager::AbandonLocked(std::unique_lock<std::mutex>& lock, Subscription* sub) {
  sub->abandoned = true;
  sub->stats.broken = true;
  ++sub->channel->abandons;
  const uint64_t undelivered = sub->Outstanding();
  // Its queued records leave the queue now; those its writer holds are
  // dropped by the writer within one poll slice.
  Channel& ch = *sub->channel;
  size_t kept = 0;
  for (size_t i = 0; i < ch.size; ++i) {
    const Entry& e = ch.ring[(ch.head + i) % ch.ring.size()];
    if (e.sub == sub) {
      ++sub->stats.dropped;
    } else {
      ch.ring[(ch.head + kept) % ch.ring.size()] = e;
      ++kept;
    }
  }
  ch.size = kept;
  ch.not_full.notify_all();
  progress_.wait(lock, [&] { return sub->Outstanding() == 0; });
  Log(LogLevel::kWarning, "subscription of " + Describe(*sub) + ": the reader of fd " + std::to_string(sub->stats.fd) +
                              " took no records for the drain timeout (" + std::to_string(drain_timeout_.count()) +
                              " ms); " + std::to_string(undelivered) +
                              " undelivered records were counted as dropped and the subscription marked broken");
}

bool SubscriptionManager::RetireChannelLocked(std::unique_lock<std::mutex>& lock,
                                              const std::shared_ptr<Channel>& channel, bool close_fd) {
  channel->closing = true;
  channel->not_empty.notify_all();
  lock.unlock();
  if (channel->writer.joinable()) channel->writer.join();
  lock.lock();
  // A subscription made meanwhile with the same descriptor value keeps it.
  if (!close_fd || channel->fd < 0 || channels_.count(channel->fd) != 0) return false;
  ::close(channel->fd);
  return true;
}

Status SubscriptionManager::Unsubscribe(uint32_t model_id, bool* out_device_idle, uint32_t* out_device) {
  std::unique_lock<std::mutex> lock(mu_);
  const Deadline deadline = std::chrono::steady_clock::now() + drain_timeout_;
  bool closed = false;
  std::shared_ptr<Subscription> sub =
      EndLocked(lock, ModelKey(model_id), deadline, /*close_fd=*/true, &closed, out_device_idle, out_device);
  if (!sub) return Status(Detail::kModelNotLoaded, "model " + std::to_string(model_id) + " is not subscribed");
  if (closed) *sub->fd_ptr = -1;
  retired_[ModelKey(model_id)] = std::move(sub);
  return OkStatus();
}

Status SubscriptionManager::UnsubscribeThread(uint32_t thread_id, uint32_t device_id, bool* out_device_idle) {
  std::unique_lock<std::mutex> lock(mu_);
  const Key key = ThreadKey(thread_id);
  auto it = active_.find(key);
  if (it == active_.end() || it->second->model.device_id != device_id) {
    return Status(
        StatusCode::kNotFound,
        "thread " + std::to_string(thread_id) + " holds no ProfOpSubscribe of device " + std::to_string(device_id) +
            (it == active_.end() ? std::string()
                                 : " (it subscribed device " + std::to_string(it->second->model.device_id) + ")"));
  }
  const Deadline deadline = std::chrono::steady_clock::now() + drain_timeout_;
  bool closed = false;
  uint32_t device = 0;
  // Found above under the same lock: EndLocked ends it.
  std::shared_ptr<Subscription> sub =
      EndLocked(lock, key, deadline, /*close_fd=*/true, &closed, out_device_idle, &device);
  if (closed) *sub->fd_ptr = -1;
  retired_[key] = std::move(sub);
  return OkStatus();
}

void SubscriptionManager::RegisterModel(uint32_t model_id, OpTableRef ops) {
  std::lock_guard<std::mutex> lock(mu_);
  models_[model_id] = std::move(ops);
}

bool SubscriptionManager::EndForUnload(uint32_t model_id, bool* out_device_idle, uint32_t* out_device) {
  std::unique_lock<std::mutex> lock(mu_);
  const Deadline deadline = std::chrono::steady_clock::now() + drain_timeout_;
  bool closed = false;
  std::shared_ptr<Subscription> sub =
      EndLocked(lock, ModelKey(model_id), deadline, /*close_fd=*/false, &closed, out_device_idle, out_device);
  if (!sub) return false;
  retired_[ModelKey(model_id)] = std::move(sub);
  return true;
}

void SubscriptionManager::SetFaults(uint64_t write_delay_us, uint64_t corrupt_record) {
  std::lock_guard<std::mutex> lock(mu_);
  write_delay_us_ = write_delay_us;
  corrupt_record_ = corrupt_record;
}

size_t SubscriptionManager::CloseDevice(uint32_t device_id) {
  std::unique_lock<std::mutex> lock(mu_);
  const Deadline deadline = std::chrono::steady_clock::now() + drain_timeout_;
  std::vector<Key> keys;
  for (const auto& [key, sub] : active_) {
    if (sub->stats.device_id == device_id) keys.push_back(key);
  }
  size_t closed_count = 0;
  for (Key id : keys) {
    bool closed = false;
    bool idle = false;
    uint32_t device = 0;
    std::shared_ptr<Subscription> sub = EndLocked(lock, id, deadline, /*close_fd=*/true, &closed, &idle, &device);
    if (!sub) continue;  // ended meanwhile by another caller
    if (closed) *sub->fd_ptr = -1;
    retired_[id] = std::move(sub);
    ++closed_count;
  }
  return closed_count;
}

void SubscriptionManager::Shutdown() {
  std::unique_lock<std::mutex> lock(mu_);
  if (shut_down_) return;
  shut_down_ = true;
  const Deadline deadline = std::chrono::steady_clock::now() + drain_timeout_;
  std::vector<Key> keys;
  for (const auto& [key, sub] : active_) keys.push_back(key);
  for (Key id : keys) {
    bool closed = false;
    bool idle = false;
    uint32_t device = 0;
    std::shared_ptr<Subscription> sub = EndLocked(lock, id, deadline, /*close_fd=*/true, &closed, &idle, &device);
    if (sub) retired_[id] = std::move(sub);  // the caller's int is not written: it may be gone
  }
}

bool SubscriptionManager::IsSubscribed(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  return active_.count(ModelKey(model_id)) != 0;
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
  if (auto it = active_.find(ModelKey(model_id)); it != active_.end()) return it->second->stats;
  if (auto it = retired_.find(ModelKey(model_id)); it != retired_.end()) return it->second->stats;
  return Status(Detail::kModelNotLoaded, "model " + std::to_string(model_id) + " was never subscribed");
}

StatusOr<SubscriptionStats> SubscriptionManager::ThreadStats(uint32_t thread_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = active_.find(ThreadKey(thread_id)); it != active_.end()) return it->second->stats;
  if (auto it = retired_.find(ThreadKey(thread_id)); it != retired_.end()) return it->second->stats;
  return Status(StatusCode::kNotFound, "thread " + std::to_string(thread_id) + " never subscribed");
}

SubscriptionManager::Subscription* SubscriptionManager::RouteLocked(const device::CompletionRecord& r,
                                                                    const OpTable** out_ops) {
  // A model's own subscription comes first, and takes its records only (a
  // gear of the model has its own op table, registered under its tag).
  if (auto it = active_.find(ModelKey(vendor::ExportedModelId(r.model_tag))); it != active_.end()) {
    *out_ops = it->second->model.ops.get();
    if (vendor::IsGearTag(r.model_tag)) {
      auto gear = models_.find(r.model_tag);
      if (gear == models_.end()) return nullptr;
      *out_ops = gear->second.get();
    }
    return it->second->model.device_id == r.device_id ? it->second.get() : nullptr;
  }
  if (active_threads_ == 0) return nullptr;
  auto it = active_.find(ThreadKey(r.host_tid));
  if (it == active_.end() || it->second->model.device_id != r.device_id) return nullptr;
  auto model = models_.find(r.model_tag);
  if (model == models_.end()) return nullptr;  // not a model this runtime loaded
  *out_ops = model->second.get();
  return it->second.get();
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
  const OpTable* ops = nullptr;
  const device::CompletionRecord* cached = nullptr;  // the record |sub| and |ops| were routed for
  for (size_t i = 0; i < count; ++i) {
    const device::CompletionRecord& r = records[i];
    if (r.kind != device::TaskKind::kOp) continue;
    if (cached == nullptr || r.model_tag != cached->model_tag || r.host_tid != cached->host_tid ||
        r.device_id != cached->device_id) {
      sub = RouteLocked(r, &ops);
      cached = &r;
    }
    if (sub == nullptr || ops == nullptr || r.op_index >= ops->size()) continue;
    if ((*ops)[r.op_index].info != nullptr && !(*ops)[r.op_index].info->compute) continue;  // a copy: no op record
    ProfOpDesc d = ProfOpDesc::Default();
    d.model_id = vendor::ExportedModelId(r.model_tag);
    const OpEntry& op = (*ops)[r.op_index];
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
    owners.push_back(Pending{sub->key, sub->generation});
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
  QueueLocked(lock, batch, owners);
}

void SubscriptionManager::QueueLocked(std::unique_lock<std::mutex>& lock, std::vector<Entry>& batch,
                                      const std::vector<Pending>& owners) {
  Channel* notify = nullptr;  // the channel last appended to, not yet told
  for (size_t k = 0; k < batch.size(); ++k) {
    // The subscription may have been unsubscribed (even replaced by a new
    // one of the same model) while the lock was released; its flush has
    // then completed without these records, so they are not queued. The
    // generation, not the address, identifies it: memory may be reused.
    auto live = active_.find(owners[k].key);
    if (live == active_.end() || live->second->generation != owners[k].generation) continue;
    Subscription* s = live->second.get();
    if (s->stats.broken) {  // nothing more reaches its descriptor
      ++s->stats.produced;
      ++s->stats.dropped;
      continue;
    }
    if (s->channel->size >= capacity_) {
      // Backpressure: only this producer waits, and only for this queue.
      std::shared_ptr<Channel> held = s->channel;  // the wait may outlive the subscription
      if (notify != nullptr) notify->not_empty.notify_one();
      notify = nullptr;
      bool gone = false;
      held->not_full.wait(lock, [&] {
        auto again = active_.find(owners[k].key);
        gone = again == active_.end() || again->second->generation != owners[k].generation;
        return gone || held->size < capacity_ || again->second->stats.broken;
      });
      if (gone) continue;
      s = active_.find(owners[k].key)->second.get();
      if (s->stats.broken) {
        ++s->stats.produced;
        ++s->stats.dropped;
        continue;
      }
    }
    Entry& e = batch[k];
    e.sub = s;
    ++s->stats.produced;
    if (notify != nullptr && notify != s->channel.get()) notify->not_empty.notify_one();
    notify = s->channel.get();
    PushLocked(notify, e);
  }
  if (notify != nullptr) notify->not_empty.notify_one();
}

void SubscriptionManager::PushLocked(Channel* channel, const Entry& entry) {
  Channel& ch = *channel;
  if (ch.size == ch.ring.size()) {  // grows up to capacity_ (callers wait below it)
    std::vector<Entry> grown(std::min(capacity_, std::max<size_t>(256, ch.ring.size() * 2)));
    for (size_t i = 0; i < ch.size; ++i) grown[i] = ch.ring[(ch.head + i) % ch.ring.size()];
    ch.ring.swap(grown);
    ch.head = 0;
  }
  ch.ring[(ch.head + ch.size) % ch.ring.size()] = entry;
  ++ch.size;
}

SubscriptionManager::WriteResult SubscriptionManager::WriteRecords(Channel* channel, const Subscription* sub,
                                                                   const ProfOpDesc* records, size_t count,
                                                                   size_t* out_written) {
  const int fd = channel->fd;
  const auto* p = reinterpret_cast<const char*>(records);
  const uint64_t abandons = channel->abandons.load();
  size_t left = count * kOpDescSize;
  size_t done = 0;
  auto finish = [&](WriteResult result) {
    *out_written = done / kOpDescSize;
    return result;
  };
  if (fd < 0) {
    Log(LogLevel::kWarning, "subscription: fd " + std::to_string(fd) + " is not a descriptor");
    return finish(WriteResult::kFailed);
  }
  while (left > 0) {
    // Wait until the descriptor takes data, so the write below does not
    // block and an abandoned subscription is noticed within one slice.
    pollfd pfd{fd, POLLOUT, 0};
    const int pr = ::poll(&pfd, 1, kPollSliceMs);
    if (pr < 0 && errno != EINTR) {
      Log(LogLevel::kWarning, "subscription: poll on fd " + std::to_string(fd) + " failed: " + std::strerror(errno));
      return finish(WriteResult::kFailed);
    }
    if (pr <= 0) {
      if (sub->abandoned.load()) return finish(WriteResult::kAbandoned);
      // Another subscription of this descriptor was abandoned: let the
      // writer drop its records (only between whole records).
      if (done == 0 && channel->abandons.load() != abandons) return finish(WriteResult::kInterrupted);
      continue;
    }
    if ((pfd.revents & POLLNVAL) != 0) {
      Log(LogLevel::kWarning, "subscription: fd " + std::to_string(fd) + " is not open");
      return finish(WriteResult::kFailed);
    }
    const ssize_t n =
        channel->socket ? ::send(fd, p + done, left, MSG_DONTWAIT | MSG_NOSIGNAL) : ::write(fd, p + done, left);
    if (n > 0) {
      done += static_cast<size_t>(n);
      left -= static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
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
    return finish(WriteResult::kFailed);
  }
  return finish(WriteResult::kWritten);
}

void SubscriptionManager::WriterLoop(Channel* channel) {
  sigset_t pipe_set;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, nullptr);

  Channel& ch = *channel;
  std::vector<Entry> local;
  local.reserve(kWriterBatch);
  ProfOpDesc staging[kMaxRecordsPerWrite];
  std::unique_lock<std::mutex> lock(mu_);
  const uint64_t write_delay_us = write_delay_us_;
  // Requires |lock|: counts records of |sub| and wakes whoever waits.
  auto account = [&](Subscription* sub, uint64_t delivered, uint64_t dropped, bool failed) {
    sub->stats.delivered += delivered;
    sub->stats.dropped += dropped;
    if (failed) sub->stats.broken = true;
    ch.not_full.notify_all();  // producers of a broken subscription stop waiting
    progress_.notify_all();
  };
  while (true) {
    ch.not_empty.wait(lock, [&] { return ch.size > 0 || ch.closing; });
    if (ch.size == 0) break;  // closing, and nothing left
    local.clear();
    while (ch.size > 0 && local.size() < kWriterBatch) {
      local.push_back(ch.ring[ch.head]);
      ch.head = (ch.head + 1) % ch.ring.size();
      --ch.size;
    }
    ch.not_full.notify_all();
    lock.unlock();

    // Consecutive entries of one subscription go out together, at most 51
    // per write, and are counted after each write. Each subscription in
    // |local| has these records outstanding, so it stays alive until they
    // are counted.
    size_t pos = 0;
    while (pos < local.size()) {
      Subscription* sub = local[pos].sub;
      size_t end = pos;
      while (end < local.size() && local[end].sub == sub && end - pos < kMaxRecordsPerWrite) ++end;
      const size_t n = end - pos;
      if (sub->write_failed || sub->abandoned.load()) {
        lock.lock();
        account(sub, 0, n, false);
        lock.unlock();
        pos = end;
        continue;
      }
      for (size_t m = 0; m < n; ++m) staging[m] = local[pos + m].record;
      if (write_delay_us > 0) std::this_thread::sleep_for(std::chrono::microseconds(write_delay_us));
      size_t written = 0;
      const WriteResult result = WriteRecords(&ch, sub, staging, n, &written);
      if (result == WriteResult::kInterrupted) {
        // Drop the queued records of subscriptions abandoned meanwhile,
        // keep the rest in order, and go on.
        size_t kept = pos;
        lock.lock();
        for (size_t i = pos; i < local.size(); ++i) {
          if (local[i].sub->abandoned.load()) {
            account(local[i].sub, 0, 1, false);
          } else {
            local[kept++] = local[i];
          }
        }
        lock.unlock();
        local.resize(kept);
        continue;
      }
      const bool failed = result == WriteResult::kFailed;
      if (failed) sub->write_failed = true;
      lock.lock();
      account(sub, written, n - written, failed);
      lock.unlock();
      pos = end;
    }
    lock.lock();
  }
}

}  // namespace aclsim::prof
