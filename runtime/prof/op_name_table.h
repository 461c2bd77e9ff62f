// The process-wide opIndex → (op type, op name) table (spec §3.3).
//
// Names are not in the 80-byte records: the producer assigns each record a
// fresh opIndex (a 64-bit counter starting at 1) and stores the op's type and
// name here; readers fetch them with aclprofGetOpType/GetOpName, which
// consume the entry (one-shot). Entries never fetched are never freed, as in
// CANN; storage of fully consumed ranges is released.
//
// Strings are interned for the life of the process (one copy per distinct
// (type, name) pair), so an entry stays valid after its model is unloaded.
// Thread-safe; one short critical section per call (per batch for Insert).
#ifndef ACLSIM_RUNTIME_PROF_OP_NAME_TABLE_H_
#define ACLSIM_RUNTIME_PROF_OP_NAME_TABLE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>

namespace aclsim::prof {

struct OpStrings {
  std::string type;
  std::string name;
  size_t type_len = 0;  // strlen(type.c_str()), as CANN measures it
  size_t name_len = 0;
};

// A test-and-test-and-set lock for the table's very short critical sections:
// readers and the producer hold it for a few dozen instructions, far less
// than a futex sleep and wake-up would cost. Yields after spinning a while.
class SpinLock {
 public:
  void lock() {
    for (int spins = 0; flag_.exchange(true, std::memory_order_acquire); ++spins) {
      while (flag_.load(std::memory_order_relaxed)) {
        if (++spins > 64) {
          std::this_thread::yield();
          spins = 0;
        } else {
          __builtin_ia32_pause();
        }
      }
    }
  }
  void unlock() { flag_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> flag_{false};
};

class OpNameTable {
 public:
  enum class Which { kType, kName };

  static OpNameTable& Global();

  // Interned strings for (|type|, |name|); the pointer lives as long as the process.
  const OpStrings* Intern(std::string_view type, std::string_view name);

  // Assigns |count| consecutive opIndex values to |ops| and returns the first.
  // Returns 0 (and stores nothing) if the 64-bit counter would wrap.
  uint64_t Insert(const OpStrings* const* ops, size_t count);

  // strlen + 1 of the stored string; false if absent or already consumed.
  bool Length(uint64_t index, Which which, size_t* out_len);

  // Copies the stored string into |buf| with CANN's rules (spec §2.2): fails
  // if |buf_len| < strlen; otherwise copies strlen bytes and sets
  // buf[buf_len - 1] = '\0', leaving bytes in between untouched; then removes
  // the string. False if absent, consumed or |buf_len| too small.
  bool Take(uint64_t index, Which which, char* buf, size_t buf_len);

  // Entries whose type or name is still stored (for tests and diagnostics).
  uint64_t LiveEntries();

 private:
  static constexpr size_t kSegmentBits = 12;
  static constexpr size_t kSegmentSize = size_t{1} << kSegmentBits;
  struct Segment {
    const OpStrings* ops[kSegmentSize] = {};
    uint8_t consumed[kSegmentSize] = {};  // bit 0 type, bit 1 name
    uint32_t filled = 0;
    uint32_t fully_consumed = 0;
  };
  struct PairHash {
    size_t operator()(const std::pair<std::string, std::string>& p) const {
      return std::hash<std::string>()(p.first) * 31 + std::hash<std::string>()(p.second);
    }
  };

  // Requires mu_. Entry slot or nullptr.
  Segment* FindSegment(uint64_t index);
  void MaybeRelease(uint64_t segment_number);

  SpinLock mu_;
  uint64_t next_index_ = 1;
  uint64_t first_segment_ = 0;  // segment number of segments_.front()
  std::deque<std::unique_ptr<Segment>> segments_;
  uint64_t live_entries_ = 0;

  std::mutex intern_mu_;
  std::unordered_map<std::pair<std::string, std::string>, std::unique_ptr<OpStrings>, PairHash> interned_;
};

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_OP_NAME_TABLE_H_
