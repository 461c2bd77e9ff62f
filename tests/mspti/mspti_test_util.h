// What the MSPTI tests share: a client that hands out buffers of a chosen
// size (or none) and keeps every buffer handed back, in order, with its
// records decoded by msptiActivityGetNextRecord, as Huawei's sample helpers
// do (samples/common/helper_mspti.h in Ascend/mspti).
#ifndef ACLSIM_TESTS_MSPTI_MSPTI_TEST_UTIL_H_
#define ACLSIM_TESTS_MSPTI_MSPTI_TEST_UTIL_H_

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "mspti/mspti.h"

namespace aclsim_mspti_test {

// One record as delivered: its bytes (copied) and its kind.
struct Record {
  msptiActivityKind kind = MSPTI_ACTIVITY_KIND_INVALID;
  std::vector<uint8_t> bytes;
  template <typename T>
  T As() const {
    T t;
    std::memcpy(&t, bytes.data(), sizeof(T));
    return t;
  }
};

struct Delivered {
  size_t size = 0;
  size_t valid = 0;
  std::vector<Record> records;
  msptiResult walk_end = MSPTI_SUCCESS;  // what ended the walk
};

class Client {
 public:
  // Never destroyed: MSPTI's delivery thread may still hand a buffer back
  // while the process exits.
  static Client& Get() {
    static Client* client = new Client();
    return *client;
  }
  // Buffers of |size| bytes from now on (0: the request hands out none),
  // with |max_records| (0: no limit).
  void SetBuffers(size_t size, size_t max_records = 0) {
    std::lock_guard<std::mutex> lock(mu_);
    size_ = size;
    max_records_ = max_records;
  }
  std::vector<Delivered> Take() {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<Delivered> out;
    out.swap(delivered_);
    return out;
  }
  std::vector<Record> TakeRecords() {
    std::vector<Record> out;
    for (Delivered& d : Take()) out.insert(out.end(), d.records.begin(), d.records.end());
    return out;
  }
  size_t requests() {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
  }

  static void Request(uint8_t** buffer, size_t* size, size_t* max_records) {
    Client& c = Get();
    std::lock_guard<std::mutex> lock(c.mu_);
    ++c.requests_;
    *max_records = c.max_records_;
    if (c.size_ == 0) {
      *buffer = nullptr;
      *size = 0;
      return;
    }
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, (c.size_ + 7) / 8 * 8));
    *size = c.size_;
  }
  static void Complete(uint8_t* buffer, size_t size, size_t valid) {
    Delivered d;
    d.size = size;
    d.valid = valid;
    msptiActivity* record = nullptr;
    for (;;) {
      d.walk_end = msptiActivityGetNextRecord(buffer, valid, &record);
      if (d.walk_end != MSPTI_SUCCESS) break;
      Record r;
      r.kind = record->kind;
      const uint8_t* p = reinterpret_cast<const uint8_t*>(record);
      size_t bytes = 0;
      switch (record->kind) {
        case MSPTI_ACTIVITY_KIND_MARKER: bytes = sizeof(msptiActivityMarker); break;
        case MSPTI_ACTIVITY_KIND_KERNEL: bytes = sizeof(msptiActivityKernel); break;
        case MSPTI_ACTIVITY_KIND_MEMORY: bytes = sizeof(msptiActivityMemory); break;
        case MSPTI_ACTIVITY_KIND_MEMSET: bytes = sizeof(msptiActivityMemset); break;
        case MSPTI_ACTIVITY_KIND_MEMCPY: bytes = sizeof(msptiActivityMemcpy); break;
        case MSPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: bytes = sizeof(msptiActivityExternalCorrelation); break;
        case MSPTI_ACTIVITY_KIND_OVERHEAD: bytes = sizeof(msptiActivityOverhead); break;
        default: bytes = sizeof(msptiActivityApi); break;
      }
      r.bytes.assign(p, p + bytes);
      d.records.push_back(std::move(r));
    }
    std::free(buffer);
    Client& c = Get();
    std::lock_guard<std::mutex> lock(c.mu_);
    c.delivered_.push_back(std::move(d));
  }

 private:
  std::mutex mu_;
  size_t size_ = 1 << 20;
  size_t max_records_ = 0;
  size_t requests_ = 0;
  std::vector<Delivered> delivered_;
};

inline msptiResult RegisterClient() { return msptiActivityRegisterCallbacks(&Client::Request, &Client::Complete); }

}  // namespace aclsim_mspti_test

#endif  // ACLSIM_TESTS_MSPTI_MSPTI_TEST_UTIL_H_
