#include "runtime/prof/op_name_table.h"

#include <cstring>

namespace aclsim::prof {

OpNameTable& OpNameTable::Global() {
  static OpNameTable* table = new OpNameTable();  // never destroyed: readers may outlive everything
  return *table;
}

const OpStrings* OpNameTable::Intern(std::string_view type, std::string_view name) {
  std::lock_guard<std::mutex> lock(intern_mu_);
  auto key = std::make_pair(std::string(type), std::string(name));
  auto it = interned_.find(key);
  if (it != interned_.end()) return it->second.get();
  auto strings = std::make_unique<OpStrings>(
      OpStrings{key.first, key.second, std::strlen(key.first.c_str()), std::strlen(key.second.c_str())});
  const OpStrings* raw = strings.get();
  interned_.emplace(std::move(key), std::move(strings));
  return raw;
}

uint64_t OpNameTable::Insert(const OpStrings* const* ops, size_t count) {
  if (count == 0) return 0;
  std::lock_guard<SpinLock> lock(mu_);
  if (next_index_ > UINT64_MAX - count) return 0;
  const uint64_t first = next_index_;
  if (segments_.empty()) first_segment_ = first >> kSegmentBits;
  for (size_t i = 0; i < count; ++i) {
    const uint64_t index = next_index_++;
    const uint64_t seg_no = index >> kSegmentBits;
    while (first_segment_ + segments_.size() <= seg_no) segments_.push_back(std::make_unique<Segment>());
    Segment* seg = segments_[seg_no - first_segment_].get();
    seg->ops[index & (kSegmentSize - 1)] = ops[i];
    ++seg->filled;
  }
  live_entries_ += count;
  return first;
}

OpNameTable::Segment* OpNameTable::FindSegment(uint64_t index) {
  const uint64_t seg_no = index >> kSegmentBits;
  if (index == 0 || index >= next_index_ || seg_no < first_segment_ || seg_no - first_segment_ >= segments_.size()) {
    return nullptr;
  }
  return segments_[seg_no - first_segment_].get();
}

void OpNameTable::MaybeRelease(uint64_t seg_no) {
  Segment* seg = segments_[seg_no - first_segment_].get();
  // Index 0 is never assigned, so the first segment holds one slot less.
  const uint32_t capacity = seg_no == 0 ? kSegmentSize - 1 : kSegmentSize;
  if (seg->fully_consumed < capacity) return;
  segments_[seg_no - first_segment_].reset();
  while (!segments_.empty() && !segments_.front()) {
    segments_.pop_front();
    ++first_segment_;
  }
}

bool OpNameTable::Length(uint64_t index, Which which, size_t* out_len) {
  std::lock_guard<SpinLock> lock(mu_);
  Segment* seg = FindSegment(index);
  if (seg == nullptr) return false;
  const size_t slot = index & (kSegmentSize - 1);
  const uint8_t bit = which == Which::kType ? 1 : 2;
  if (seg->ops[slot] == nullptr || (seg->consumed[slot] & bit) != 0) return false;
  *out_len = (which == Which::kType ? seg->ops[slot]->type_len : seg->ops[slot]->name_len) + 1;
  return true;
}

bool OpNameTable::Take(uint64_t index, Which which, char* buf, size_t buf_len) {
  std::lock_guard<SpinLock> lock(mu_);
  Segment* seg = FindSegment(index);
  if (seg == nullptr || buf == nullptr || buf_len == 0) return false;
  const size_t slot = index & (kSegmentSize - 1);
  const uint8_t bit = which == Which::kType ? 1 : 2;
  if (seg->ops[slot] == nullptr || (seg->consumed[slot] & bit) != 0) return false;
  const OpStrings& op = *seg->ops[slot];
  const std::string& s = which == Which::kType ? op.type : op.name;
  const size_t len = which == Which::kType ? op.type_len : op.name_len;
  if (buf_len < len) return false;
  std::memcpy(buf, s.data(), len);
  buf[buf_len - 1] = '\0';
  seg->consumed[slot] |= bit;
  if (seg->consumed[slot] == 3) {
    ++seg->fully_consumed;
    --live_entries_;
    MaybeRelease(index >> kSegmentBits);
  }
  return true;
}

uint64_t OpNameTable::LiveEntries() {
  std::lock_guard<SpinLock> lock(mu_);
  return live_entries_;
}

}  // namespace aclsim::prof
