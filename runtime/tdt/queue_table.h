// The queues behind acl_tdt_queue.h and acl_tdt.h's capacity channels: named
// bounded FIFOs of buffers in one process, the routes that forward what is
// enqueued to a source queue into its destination, the permissions granted
// on them, and the buffers (acltdtBuf) the program holds.
//
// A channel (acltdtCreateChannelWithCapacity) is a queue whose depth is its
// capacity and whose buffers carry a dataset (Message), as CANN builds its
// queue-backed channels on its memory queues. Timeouts are in milliseconds:
// -1 waits without end, 0 does not wait. Thread-safe; one mutex for the
// table (a leaf: nothing is called while it is held), one condition
// variable that wakes the waiters of every queue.
#ifndef ACLSIM_RUNTIME_TDT_QUEUE_TABLE_H_
#define ACLSIM_RUNTIME_TDT_QUEUE_TABLE_H_

#include <array>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/status.h"

namespace aclsim::tdt {

// One data item of a dataset as it travels: its kind (acltdtTensorType), its
// element type (aclDataType), shape, slice information and a copy of its bytes.
struct Item {
  int32_t tensor_type = 0;
  int32_t data_type = 0;
  std::vector<int64_t> dims;
  uint16_t slice_num = 0;
  uint16_t slice_id = 0;
  std::vector<uint8_t> bytes;
};

// A dataset sent on a channel.
struct Message {
  std::string name;
  std::vector<Item> items;
};

// The size of a buffer's private user-data area (CANN's mbuf head).
inline constexpr size_t kUserDataSize = 96;

// A shared buffer (acltdtBuf): a data area (shared by the buffers
// CopyBufRef makes), the number of its bytes that are valid, the private
// user-data area, the buffers chained after it, and, on a channel, the
// dataset it carries.
struct Buffer {
  std::shared_ptr<std::vector<uint8_t>> data;
  size_t data_len = 0;
  std::array<uint8_t, kUserDataSize> user_data{};
  std::vector<std::shared_ptr<Buffer>> chain;
  std::shared_ptr<const Message> message;
  bool chained = false;  // appended to another buffer's chain
};
using BufferPtr = std::shared_ptr<Buffer>;

// acl_tdt_queue.h's permission bits and route states.
inline constexpr uint32_t kPermissionManage = 1;
inline constexpr uint32_t kPermissionDequeue = 2;
inline constexpr uint32_t kPermissionEnqueue = 4;
inline constexpr uint32_t kPermissionAll = kPermissionManage | kPermissionDequeue | kPermissionEnqueue;

// Which routes Routes() returns (acltdtQueueRouteQueryMode).
enum class RouteQuery : int32_t { kSrc = 0, kDst = 1, kSrcAndDst = 2, kAbnormal = 100 };

class QueueTable {
 public:
  // CANN's defaults and limits (RT_MQ_DEPTH_DEFAULT, RT_MQ_MAX_NAME_LEN).
  static constexpr uint32_t kDefaultDepth = 8;
  static constexpr size_t kMaxNameLength = 128;  // with the terminating NUL
  // How far a buffer follows routes (src → dst → ...) before it stays.
  static constexpr int kMaxRouteHops = 16;

  QueueTable() = default;
  ~QueueTable();
  QueueTable(const QueueTable&) = delete;
  QueueTable& operator=(const QueueTable&) = delete;

  // A new queue of |depth| (> 0) buffers named |name| ("" → a generated
  // name), owned by process |owner_pid| (every permission). A name in use
  // or too long, or depth 0 → kInvalidArgument.
  StatusOr<uint32_t> Create(const std::string& name, uint32_t depth, int32_t owner_pid);
  // Removes queue |qid|, its buffers and every route touching it; its
  // waiters fail with kInvalidArgument. Unknown qid → kInvalidArgument.
  Status Destroy(uint32_t qid);
  // Puts |buf| on |qid| (or, when a route is bound from |qid|, on the
  // route's destination), waiting at most |timeout_ms| for room.
  // Still full → kDeadlineExceeded; a stopped queue → kCancelled.
  Status Enqueue(uint32_t qid, BufferPtr buf, int32_t timeout_ms);
  // Takes the oldest buffer of |qid|, waiting at most |timeout_ms| for one.
  // Still empty → kDeadlineExceeded; a stopped queue → kCancelled. An
  // oldest buffer of more than |max_data_len| valid bytes stays where it is
  // → kOutOfRange.
  StatusOr<BufferPtr> Dequeue(uint32_t qid, int32_t timeout_ms, size_t max_data_len = SIZE_MAX);
  StatusOr<size_t> Size(uint32_t qid) const;
  // Drops the buffers waiting in |qid|.
  Status Reset(uint32_t qid);
  // Wakes |qid|'s waiters; they and every later Enqueue / Dequeue fail
  // with kCancelled.
  Status Stop(uint32_t qid);

  // Grants process |pid| the permission bits |permission| (1..7) on |qid|;
  // Attach returns the bits process |pid| holds on |qid| (the owner holds
  // all). Nothing granted → kPermissionDenied.
  Status Grant(uint32_t qid, int32_t pid, uint32_t permission);
  StatusOr<uint32_t> Attach(uint32_t qid, int32_t pid) const;

  // Routes. Bind: both queues exist and differ, and |src| has no route yet
  // (else kInvalidArgument); buffers already waiting in |src| move to |dst|
  // while it has room. Unbind: the route is bound (else kInvalidArgument).
  Status Bind(uint32_t src, uint32_t dst);
  Status Unbind(uint32_t src, uint32_t dst);
  // The bound routes the query selects (no route is ever abnormal here).
  std::vector<std::pair<uint32_t, uint32_t>> Routes(RouteQuery mode, uint32_t src, uint32_t dst) const;

  // Buffers held by the program. Hold records |buf| and the buffers of its
  // chain and returns its handle; Find returns the buffer of a held handle
  // (NULL otherwise); Release stops holding it and its chain and returns it
  // (NULL when not held).
  Buffer* Hold(BufferPtr buf);
  BufferPtr Find(const void* handle) const;
  BufferPtr Release(const void* handle);

 private:
  struct Queue {
    uint32_t id = 0;
    std::string name;
    uint32_t depth = 0;
    int32_t owner_pid = 0;
    std::deque<BufferPtr> entries;
    std::map<int32_t, uint32_t> grants;
    bool stopped = false;
    bool destroyed = false;
  };
  using QueuePtr = std::shared_ptr<Queue>;

  QueuePtr FindLocked(uint32_t qid) const;
  // The queue a buffer enqueued to |q| ends in (following bound routes).
  QueuePtr DestinationLocked(QueuePtr q) const;
  // Moves buffers waiting in |src| to |dst| while it has room.
  void DrainLocked(Queue& src, Queue& dst);

  mutable std::mutex mu_;
  std::condition_variable changed_;
  uint32_t next_id_ = 1;
  std::map<uint32_t, QueuePtr> queues_;
  std::map<uint32_t, uint32_t> routes_;  // src → dst
  std::unordered_map<const void*, BufferPtr> held_;
};

}  // namespace aclsim::tdt

#endif  // ACLSIM_RUNTIME_TDT_QUEUE_TABLE_H_
