// msproftx: user stamps, marks, ranges and pushes (spec §2.4), and the
// markers and ranges of mstx (mstx/ms_tools_ext.h, implemented in mstx.cc).
//
// The stamp pool (100 entries) exists from an aclprofStart whose config has
// ACL_PROF_MSPROFTX until aclprofFinalize. Records are kept only while such
// a session is collecting; the session takes them at Stop. Failures are
// Statuses; the API edge turns them into CANN's numbers (mostly the
// internal -1, PROFILING_FAILED; a few 100000; api/src/error_table.cc).
//
// mstx calls return nothing but a range id: a call refused for its input
// is logged and counted (MstxStats), never recorded in part. mstx records
// are kept while a session with ACL_PROF_MSPROFTX collects, as msprof
// enables mstx; otherwise the calls return at once (MstxActive()).
//
// Thread safety: all methods are thread-safe (one mutex). The Push/Pop stack
// is process-wide, as in CANN, so Push and Pop pair LIFO across threads; an
// mstx range may end on any thread.
#ifndef ACLSIM_RUNTIME_PROF_MSPROFTX_H_
#define ACLSIM_RUNTIME_PROF_MSPROFTX_H_

#include <array>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/prof/session_data.h"
#include "runtime/status.h"
#include "runtime/vendor.h"

namespace aclsim::prof {

// Counters of the mstx calls a TxManager saw while collecting.
struct MstxStats {
  uint64_t marks = 0;            // markers recorded
  uint64_t ranges = 0;           // ranges recorded (ended)
  uint64_t refused = 0;          // calls refused: NULL, empty or too long message, refused prefix
  uint64_t unfinished = 0;       // ranges still open when their collection stopped (not recorded)
  uint64_t unmatched_ends = 0;   // range ends that closed no open range of their domain
  uint64_t marker_failures = 0;  // device markers that could not be placed (host record kept)
};

class TxManager {
 public:
  static constexpr size_t kPoolSize = 100;
  static constexpr size_t kMaxMessage = 128;
  // The longest mstx message kept (msprof's collector splits longer ones
  // into 155-byte segments and its parser joins them: the message survives).
  static constexpr size_t kMaxMstxMessage = 4095;

  struct Stamp {
    uint32_t index = 0;
    bool in_use = false;
    bool range_open = false;
    uint32_t category = 0;
    int32_t payload_type = 0;
    uint64_t payload_value = 0;
    int32_t message_type = 0;
    std::string message;
    std::string tag_name;    // aclprofSetStampTagName (older API): kept, not exported
    std::string call_stack;  // aclprofSetStampCallStack (older API): kept, not exported
    int64_t start_ns = 0;
  };

  // |host_now| gives host-clock ns; |tid| the calling thread's id;
  // |mark_device| enqueues a device marker (id, tag) on a stream and
  // returns false on failure. All borrowed for the manager's lifetime.
  TxManager(std::function<int64_t()> host_now, std::function<uint32_t()> tid,
            std::function<bool(void* stream, uint64_t mark_id, uint32_t tag)> mark_device, uint32_t pid);
  ~TxManager();
  TxManager(const TxManager&) = delete;
  TxManager& operator=(const TxManager&) = delete;

  // Session hooks: Enable at a Start with MSPROFTX (creates the pool once),
  // Collect(true/false) while that session runs, Teardown at Finalize.
  void Enable();
  void Collect(bool on);
  void Teardown();
  std::vector<TxRecord> TakeRecords();
  bool enabled() const;

  void* CreateStamp();
  void DestroyStamp(void* stamp);
  Status SetStampTraceMessage(void* stamp, const char* msg, uint32_t msg_len);
  Status Mark(void* stamp);
  Status MarkEx(const char* msg, size_t msg_len, void* stream);
  Status Push(void* stamp);
  Status Pop();
  Status RangeStart(void* stamp, uint32_t* range_id);
  Status RangeStop(uint32_t range_id);
  Status SetCategoryName(uint32_t category, const char* name);
  Status SetStampCategory(void* stamp, uint32_t category);
  // Unknown stamp, NULL name or len >= 128 → kInvalidArgument.
  Status SetStampTagName(void* stamp, const char* name, uint16_t len);
  // Unknown stamp or NULL text → kInvalidArgument; keeps the first |len| bytes
  // (up to a NUL).
  Status SetStampCallStack(void* stamp, const char* call_stack, uint32_t len);
  Status SetStampPayload(void* stamp, int32_t type, const void* value);
  // RangePushEx / RangePop with a tensor-info attribute (opaque to this
  // class: the caller passes a description of it).
  Status RangePushEx(bool attr_null, uint32_t message_type, std::string description);
  Status RangePop();

  // mstx. |domain| is the domain's name (vendor::kMstxDefaultDomain for the
  // NULL domain); a non-NULL |stream| also places device markers (tag 11 for
  // a mark, tag 12 at a range's start and end) in stream order. A mark and
  // a range start return the id they recorded (the device marker's), 0 when
  // nothing was recorded; a range end
  // of id 0 is ignored, and one that matches no open range of |domain| is
  // counted.
  uint64_t MstxMark(std::string_view domain, const char* message, void* stream);
  uint64_t MstxRangeStart(std::string_view domain, const char* message, void* stream);
  void MstxRangeEnd(std::string_view domain, uint64_t id);
  MstxStats mstx_stats() const;
  // A new id from the same sequence as the session's marks and ranges, for
  // markers recorded without a session (MSPTI's): ids never repeat within
  // the runtime, whoever recorded them.
  uint64_t NewMarkId();
  // True while a TxManager of the process collects: the mstx entry points
  // return at once otherwise. One relaxed atomic load.
  static bool MstxActive();

 private:
  struct OpenRange {
    std::string domain;
    std::string message;
    int64_t start_ns = 0;
    uint32_t tid = 0;
    void* stream = nullptr;
  };
  // Empty when |message| is acceptable; else why not (mstx.cc).
  static std::string_view MstxRefusal(const char* message);
  void SetCollectingLocked(bool on);                          // requires mu_
  bool PlaceMarker(void* stream, uint64_t id, uint32_t tag);  // requires mu_ NOT held

  Stamp* FromHandle(void* stamp);  // requires mu_; nullptr when not a live stamp
  void Report(const Stamp& s, vendor::TxEventType event_type, int64_t start_ns, int64_t end_ns);  // requires mu_

  const std::function<int64_t()> host_now_;
  const std::function<uint32_t()> tid_;
  const std::function<bool(void*, uint64_t, uint32_t)> mark_device_;
  const uint32_t pid_;

  mutable std::mutex mu_;
  bool enabled_ = false;
  bool collecting_ = false;
  std::array<Stamp, kPoolSize> pool_;
  std::vector<Stamp*> stack_;
  uint64_t next_mark_id_ = 1;
  bool range_ex_open_ = false;
  std::string range_ex_description_;
  int64_t range_ex_start_ns_ = 0;
  std::vector<TxRecord> records_;
  std::unordered_map<uint64_t, OpenRange> open_ranges_;  // mstx range id -> its start
  MstxStats mstx_stats_;
};

// aclprofStr2Id (spec §2.4): two 32-bit accumulators over the bytes as
// signed chars, h0 = h0*29 + c, h1 = h1*131 + c; (h0 << 32) | h1. Empty (or
// NULL, where CANN would crash) → UINT64_MAX.
uint64_t Str2Id(const char* message);
// The same over |bytes| (MsprofGetHashId; CANN's HashData::DoubleHash);
// empty → UINT64_MAX.
uint64_t DoubleHash(std::string_view bytes);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_MSPROFTX_H_
