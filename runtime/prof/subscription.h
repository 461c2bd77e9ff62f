// Operator subscription: records of subscribed ops to the subscriber's fd.
//
// Models CANN's aclprofModelSubscribe path (spec §2.2, §3.5): the manager is
// attached as a CompletionSink to every device that has a subscription.
// For each completed op of a subscribed model it builds a ProfOpDesc (fresh
// opIndex, names in the OpNameTable, signature last) and appends it to the
// bounded queue of the subscription's descriptor.
//
// A thread subscription (ProfOpSubscribe of prof_acl_api.h) takes the ops
// that one host thread launches on one device, of whichever model, unless
// that model has a subscription of its own, which comes first (as in CANN's
// msprof, whose pipe transport looks a record up by model id, then by thread
// id). CANN keys it by the thread alone, so a thread holds at most one.
// Its records are those of a model subscription (the model id is the
// model's); the manager resolves their ops through RegisterModel.
//
// Each descriptor has its own queue and writer thread (subscriptions that
// share a descriptor value share them), so one reader that stops reading
// holds up only its own records.
//
// Delivery contract (DESIGN.md contract 5):
//  * every write() carries whole records, at most 51 (4080 bytes < PIPE_BUF),
//    so a reader that reads multiples of 80 bytes gets whole records;
//  * a full pipe stops that descriptor's writer, its queue fills, and the
//    thread producing records for it waits (backpressure): nothing is
//    dropped, and other descriptors and other producers go on;
//  * a closed read end or a bad descriptor marks that subscription broken:
//    its later records are counted as dropped, others keep flowing, and the
//    writer threads block SIGPIPE so the process is never killed;
//  * Unsubscribe flushes the subscription's records, then closes the
//    descriptor and writes -1 to the caller's int, unless another active
//    subscription uses the same descriptor value;
//  * ending a subscription (Unsubscribe, EndForUnload, CloseDevice, the
//    destructor) waits at most the drain timeout for the reader to take the
//    queued records. After it the subscription is marked broken, what is
//    still queued is counted as dropped, and the call returns.
//
// A writer waits for the descriptor to become writable (poll) before each
// write and writes sockets with MSG_DONTWAIT, so for pipes, FIFOs, sockets
// and regular files a write never blocks and the drain timeout holds. A
// descriptor that blocks in write() after reporting itself writable (a
// terminal stopped by flow control) can hold its writer past the timeout.
//
// The descriptor value is read from the caller's int at subscribe time (CANN
// re-reads it on every write; aclsim does not, so a caller-side change after
// subscribing cannot redirect records, and no thread races on the int).
//
// Thread safety: all methods are thread-safe. OnCompletions runs on the
// submitting thread outside any device lock; no writer holds the manager
// mutex while writing.
#ifndef ACLSIM_RUNTIME_PROF_SUBSCRIPTION_H_
#define ACLSIM_RUNTIME_PROF_SUBSCRIPTION_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/prof/op_desc.h"
#include "runtime/prof/op_name_table.h"
#include "runtime/prof/op_table.h"
#include "runtime/status.h"

namespace aclsim::prof {

// What aclprofCreateSubscribeConfig stores. |fd| is borrowed from the caller,
// who keeps it alive until unsubscribe (as CANN requires).
struct SubscribeConfig {
  int8_t time_info = 1;
  int32_t aicore_metrics = 0xFF;
  int* fd = nullptr;
};

inline constexpr int32_t kAicoreMetricsNone = 0xFF;

struct SubscriptionStats {
  uint32_t model_id = 0;   // a model subscription's model; 0 for a thread subscription
  uint32_t thread_id = 0;  // a thread subscription's host thread; 0 for a model subscription
  uint32_t device_id = 0;
  int32_t fd = -1;
  bool active = false;  // false once unsubscribed
  bool broken = false;  // the descriptor failed or the drain timed out; later records are dropped
  uint64_t produced = 0;
  uint64_t delivered = 0;
  uint64_t dropped = 0;
};

// What the manager needs to know about a model it subscribes.
struct SubscribedModel {
  uint32_t model_id = 0;
  uint32_t device_id = 0;
  OpTableRef ops;  // the model's op table (model registry), by op index
};

class SubscriptionManager final : public device::CompletionSink {
 public:
  static constexpr size_t kDefaultQueueCapacity = 64 * 1024;  // records per descriptor
  static constexpr size_t kMaxRecordsPerWrite = 51;           // 4080 bytes
  static constexpr std::chrono::milliseconds kDefaultDrainTimeout{5000};

  explicit SubscriptionManager(size_t queue_capacity = kDefaultQueueCapacity,
                               std::chrono::milliseconds drain_timeout = kDefaultDrainTimeout);
  // Shutdown(), then stops every writer.
  ~SubscriptionManager() override;

  // Checks 4–6 of spec §2.2 (the caller checked the model id, NULL config and
  // the mode). |*out_first_on_device| tells the caller to attach the manager
  // to the device. Errors: kInvalidArgument (NULL fd, timeInfo 0 with metrics
  // NONE), kAlreadySubscribed (148046), kProfilingConfig (another
  // config on this device), kFailedPrecondition after Shutdown.
  Status Subscribe(SubscribedModel model, const SubscribeConfig& config, bool* out_first_on_device);
  // Flushes (at most the drain timeout), closes the descriptor (see above).
  // |*out_device_idle| tells the caller no subscription is left on
  // |*out_device|. Not subscribed → kModelNotLoaded.
  Status Unsubscribe(uint32_t model_id, bool* out_device_idle, uint32_t* out_device);
  // A thread subscription: the ops host thread |thread_id| launches on
  // |device_id|. The config checks of Subscribe; kAlreadySubscribed if the
  // thread holds one already (on any device).
  Status SubscribeThread(uint32_t thread_id, uint32_t device_id, const SubscribeConfig& config,
                         bool* out_first_on_device);
  // Ends it as Unsubscribe does. kNotFound unless |thread_id| holds one on
  // |device_id|.
  Status UnsubscribeThread(uint32_t thread_id, uint32_t device_id, bool* out_device_idle);
  // The op table of |model_id|, for the records of thread subscriptions
  // (kept, like the session collector's, for as long as the manager).
  void RegisterModel(uint32_t model_id, OpTableRef ops);
  // For a model being unloaded while subscribed: flushes its records and
  // ends the subscription WITHOUT closing the descriptor (CANN never closes
  // it in this case; the caller still owns it). No subscription → false.
  bool EndForUnload(uint32_t model_id, bool* out_device_idle, uint32_t* out_device);
  // The device of these subscriptions was lost: each is flushed and then
  // closed like an unsubscribe (the reader sees EOF), all within one drain
  // timeout. Returns how many.
  size_t CloseDevice(uint32_t device_id);
  // Ends every subscription within one drain timeout, closes the descriptors
  // of those still active (without writing -1: the caller's int may be
  // gone), and releases every producer waiting for queue space. Later
  // Subscribe calls fail; completions are ignored. Idempotent.
  void Shutdown();
  // Delivery faults (docs/faults.md): a sleep before every write, and the
  // |corrupt_record|-th record built (1-based; 0 = none) gets a wrong signature.
  void SetFaults(uint64_t write_delay_us, uint64_t corrupt_record);
  std::chrono::milliseconds drain_timeout() const { return drain_timeout_; }
  bool IsSubscribed(uint32_t model_id) const;
  bool HasActive() const;
  bool HasActiveOnDevice(uint32_t device_id) const;
  // Live or most recent subscription of |model_id|; none → kModelNotLoaded.
  StatusOr<SubscriptionStats> Stats(uint32_t model_id) const;
  // Live or most recent thread subscription of |thread_id|; none → kNotFound.
  StatusOr<SubscriptionStats> ThreadStats(uint32_t thread_id) const;

  void OnCompletions(const device::CompletionRecord* records, size_t count) override;

 private:
  // What a subscription is keyed by: a model id, or (kThreadKeyBit set) a
  // host thread id.
  using Key = uint64_t;
  static constexpr Key kThreadKeyBit = Key{1} << 32;
  static Key ModelKey(uint32_t model_id) { return model_id; }
  static Key ThreadKey(uint32_t thread_id) { return kThreadKeyBit | thread_id; }

  struct Channel;
  struct Subscription {
    Key key = 0;
    SubscribedModel model;    // a thread subscription's has the device only (no ops)
    int* fd_ptr = nullptr;    // caller's int, written at unsubscribe
    uint64_t generation = 0;  // unique per Subscribe: tells a new subscription from an old one
    std::shared_ptr<Channel> channel;
    // Set when the drain timed out: the writer drops its queued records.
    std::atomic<bool> abandoned{false};
    bool write_failed = false;  // the descriptor failed; only its channel's writer touches it
    SubscriptionStats stats;    // guarded by mu_
    uint64_t Outstanding() const { return stats.produced - stats.delivered - stats.dropped; }
  };
  struct Entry {
    Subscription* sub;  // alive while it has outstanding records
    ProfOpDesc record;
  };
  // The queue and writer of one descriptor value.
  struct Channel {
    int fd = -1;
    bool socket = false;  // written with send(MSG_DONTWAIT)
    size_t users = 0;     // active subscriptions on it
    std::vector<Entry> ring;
    size_t head = 0;
    size_t size = 0;
    std::condition_variable not_full;
    std::condition_variable not_empty;
    bool closing = false;               // no user left: drain and exit
    std::atomic<uint64_t> abandons{0};  // subscriptions of it abandoned so far
    std::thread writer;
  };
  struct DeviceTask {
    int8_t time_info = 0;
    int32_t metrics = 0;
    uint32_t refs = 0;
  };
  struct Pending {
    Key key;
    uint64_t generation;
  };
  enum class WriteResult { kWritten, kFailed, kAbandoned, kInterrupted };
  using Deadline = std::chrono::steady_clock::time_point;

  void WriterLoop(Channel* channel);
  // Requires mu_. The checks and bookkeeping of Subscribe and
  // SubscribeThread; |what| names the subscription in messages.
  Status SubscribeLocked(Key key, SubscribedModel model, const SubscribeConfig& config, const std::string& what,
                         bool* out_first_on_device);
  // Requires mu_. The subscription that takes op record |r| and the op
  // table to resolve it with; nullptr if none does.
  Subscription* RouteLocked(const device::CompletionRecord& r, const OpTable** out_ops);
  // "model 3" or "thread 4021 on device 0", for messages.
  static std::string Describe(const Subscription& sub);
  // Requires |lock| on mu_. Removes |key| from the active set, waits
  // until |deadline| for its records (then abandons them), updates the
  // device task and retires the channel when it has no user left (its fd is
  // then closed if |close_fd|, which |*out_closed| reports); the
  // subscription is returned, or nullptr.
  std::shared_ptr<Subscription> EndLocked(std::unique_lock<std::mutex>& lock, Key key, Deadline deadline, bool close_fd,
                                          bool* out_closed, bool* out_device_idle, uint32_t* out_device);
  // Requires |lock|. Counts |sub|'s queued records as dropped, marks it
  // broken and waits until its writer holds none of them.
  void AbandonLocked(std::unique_lock<std::mutex>& lock, Subscription* sub);
  // Requires |lock|. Stops |channel|'s writer once its queue is empty and
  // joins it; closes its fd if |close_fd| and no active subscription uses
  // that value. Returns whether the fd was closed.
  bool RetireChannelLocked(std::unique_lock<std::mutex>& lock, const std::shared_ptr<Channel>& channel, bool close_fd);
  // Requires |lock|. Queues each built record of |batch| to the live
  // subscription |owners| names (same index), waiting for queue space.
  void QueueLocked(std::unique_lock<std::mutex>& lock, std::vector<Entry>& batch, const std::vector<Pending>& owners);
  // Requires |lock|. Appends to |channel|, growing its ring up to capacity_.
  void PushLocked(Channel* channel, const Entry& entry);
  // Writes |count| records of |sub| to |channel|'s fd, waiting for it to be
  // writable; kFailed if the descriptor failed, kAbandoned if |sub| was
  // abandoned while waiting, kInterrupted (nothing written) if another
  // subscription of the channel was.
  WriteResult WriteRecords(Channel* channel, const Subscription* sub, const ProfOpDesc* records, size_t count,
                           size_t* out_written);

  const size_t capacity_;
  const std::chrono::milliseconds drain_timeout_;
  mutable std::mutex mu_;
  std::condition_variable progress_;  // delivered/dropped counters moved, or a writer exited
  bool shut_down_ = false;
  std::unordered_map<Key, std::shared_ptr<Subscription>> active_;
  std::unordered_map<Key, std::shared_ptr<Subscription>> retired_;
  size_t active_threads_ = 0;                                   // thread subscriptions in active_
  std::unordered_map<uint32_t, OpTableRef> models_;             // RegisterModel, for thread subscriptions
  std::unordered_map<int, std::shared_ptr<Channel>> channels_;  // by fd value, while it has users
  std::unordered_map<uint32_t, DeviceTask> device_tasks_;
  uint64_t next_generation_ = 1;
  uint64_t write_delay_us_ = 0;  // set before the first subscription
  uint64_t corrupt_record_ = 0;
  uint64_t records_built_ = 0;
};

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_SUBSCRIPTION_H_
