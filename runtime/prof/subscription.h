// Operator subscription: records of subscribed models to the subscriber's fd.
//
// Models CANN's aclprofModelSubscribe path (spec §2.2, §3.5): the manager is
// attached as a CompletionSink to every device that has a subscribed model.
// For each completed op of a subscribed model it builds a ProfOpDesc (fresh
// opIndex, names in the OpNameTable, signature last) and appends it to one
// bounded queue. A delivery thread drains the queue and writes to each
// subscription's descriptor.
//
// Delivery contract (DESIGN.md contract 5):
//  * every write() carries whole records, at most 51 (4080 bytes < PIPE_BUF),
//    so a reader that reads multiples of 80 bytes gets whole records;
//  * a full pipe blocks the delivery thread, the queue fills, and the
//    producing device waits (backpressure): nothing is dropped;
//  * a closed read end or a bad descriptor marks that subscription broken:
//    its later records are counted as dropped, others keep flowing, and the
//    delivery thread blocks SIGPIPE so the process is never killed;
//  * Unsubscribe flushes the subscription's records, then closes the
//    descriptor and writes -1 to the caller's int, unless another active
//    subscription uses the same descriptor value.
//
// The descriptor value is read from the caller's int at subscribe time (CANN
// re-reads it on every write; aclsim does not, so a caller-side change after
// subscribing cannot redirect records, and no thread races on the int).
//
// Thread safety: all methods are thread-safe. OnCompletions runs on the
// submitting thread outside any device lock; the delivery thread never holds
// the manager mutex while writing.
#ifndef ACLSIM_RUNTIME_PROF_SUBSCRIPTION_H_
#define ACLSIM_RUNTIME_PROF_SUBSCRIPTION_H_

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
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
  uint32_t model_id = 0;
  uint32_t device_id = 0;
  int32_t fd = -1;
  bool active = false;  // false once unsubscribed
  bool broken = false;  // the descriptor failed; later records are dropped
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
  static constexpr size_t kDefaultQueueCapacity = 64 * 1024;  // records
  static constexpr size_t kMaxRecordsPerWrite = 51;           // 4080 bytes

  explicit SubscriptionManager(size_t queue_capacity = kDefaultQueueCapacity);
  // Flushes every queued record, closes the descriptors of subscriptions
  // still active (without writing -1: the caller's int may be gone), and
  // stops the delivery thread.
  ~SubscriptionManager() override;

  // Checks 4–6 of spec §2.2 (the caller checked the model id, NULL config and
  // the mode). |*out_first_on_device| tells the caller to attach the manager
  // to the device. Errors: kInvalidArgument (NULL fd, timeInfo 0 with metrics
  // NONE), kAlreadySubscribed (148046), kProfilingConfig (another
  // config on this device).
  Status Subscribe(SubscribedModel model, const SubscribeConfig& config, bool* out_first_on_device);
  // Flushes, closes the descriptor (see above). |*out_device_idle| tells the
  // caller to detach from |*out_device|. Not subscribed → kModelNotLoaded.
  Status Unsubscribe(uint32_t model_id, bool* out_device_idle, uint32_t* out_device);
  // For a model being unloaded while subscribed: flushes its records and
  // ends the subscription WITHOUT closing the descriptor (CANN never closes
  // it in this case; the caller still owns it). No subscription → false.
  bool EndForUnload(uint32_t model_id, bool* out_device_idle, uint32_t* out_device);
  // The device of these subscriptions was lost: each is flushed and then
  // closed like an unsubscribe (the reader sees EOF). Returns how many.
  size_t CloseDevice(uint32_t device_id);
  // Delivery faults (docs/faults.md): a sleep before every write, and the
  // |corrupt_record|-th record built (1-based; 0 = none) gets a wrong signature.
  void SetFaults(uint64_t write_delay_us, uint64_t corrupt_record);
  bool IsSubscribed(uint32_t model_id) const;
  bool HasActive() const;
  bool HasActiveOnDevice(uint32_t device_id) const;
  // Live or most recent subscription of |model_id|; none → kModelNotLoaded.
  StatusOr<SubscriptionStats> Stats(uint32_t model_id) const;

  void OnCompletions(const device::CompletionRecord* records, size_t count) override;

 private:
  struct Subscription {
    SubscribedModel model;
    int* fd_ptr = nullptr;    // caller's int, written at unsubscribe
    uint64_t generation = 0;  // unique per Subscribe: tells a new subscription from an old one
    SubscriptionStats stats;
  };
  struct DeviceTask {
    int8_t time_info = 0;
    int32_t metrics = 0;
    uint32_t refs = 0;
  };
  struct Entry {
    Subscription* sub;
    ProfOpDesc record;
  };
  struct Pending {
    uint32_t model_id;
    uint64_t generation;
  };

  void DeliveryLoop();
  // Requires |lock| on mu_. Removes |model_id| from the active set, waits
  // for its records, updates the device task; returns the subscription.
  std::unique_ptr<Subscription> EndLocked(std::unique_lock<std::mutex>& lock, uint32_t model_id, bool* out_device_idle,
                                          uint32_t* out_device);
  // Writes |count| records to |fd|; false if the descriptor failed.
  bool WriteRecords(int fd, const ProfOpDesc* records, size_t count, size_t* out_written);

  const size_t capacity_;
  mutable std::mutex mu_;
  std::condition_variable not_full_;
  std::condition_variable not_empty_;
  std::condition_variable progress_;  // delivered/dropped counters moved
  std::vector<Entry> ring_;
  size_t head_ = 0;
  size_t size_ = 0;
  bool stopping_ = false;
  std::unordered_map<uint32_t, std::unique_ptr<Subscription>> active_;
  std::unordered_map<uint32_t, std::unique_ptr<Subscription>> retired_;
  std::unordered_map<uint32_t, DeviceTask> device_tasks_;
  uint64_t next_generation_ = 1;
  uint64_t write_delay_us_ = 0;  // set before the first subscription
  uint64_t corrupt_record_ = 0;
  uint64_t records_built_ = 0;
  std::thread delivery_;
};

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_SUBSCRIPTION_H_
