// The runtime's MSPTI kernel source: a completion sink on each open device
// (attached by Profiler::AttachMsptiSink once MSPTI's KERNEL kind has been
// on) that writes one KERNEL record per finished op into MSPTI's buffers
// (runtime/prof/mspti_collector.h), and a device-side MARKER record per
// mstx device marker while the MARKER kind is on. Event records and the
// copy and memset tasks of aclrtMemcpyAsync / aclrtMemsetAsync are not
// kernels.
//
// Times are the device ns of the record on the exported epoch clock (the
// same mapping the msprof exports use); the correlation id is the launching
// thread's current one, as the launching call set it (records are delivered
// on the submitting thread); 0 for a record delivered on another thread.
#ifndef ACLSIM_RUNTIME_MSPTI_SINK_H_
#define ACLSIM_RUNTIME_MSPTI_SINK_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/model_registry.h"
#include "runtime/prof/mspti_records.h"

namespace aclsim::runtime {

// The MSPTI kinds whose records come from the devices (bit k: kind k).
inline constexpr uint32_t kMsptiDeviceKinds = (1u << prof::mspti::kKernel) | (1u << prof::mspti::kMarker);

class MsptiSink final : public device::CompletionSink {
 public:
  // |models| is borrowed; |epoch_offset| gives epoch ns - device ns.
  MsptiSink(const ModelRegistry* models, std::function<int64_t()> epoch_offset)
      : models_(models), epoch_offset_(std::move(epoch_offset)) {}
  void OnCompletions(const device::CompletionRecord* records, size_t count) override;
  // Kernels whose correlation id could not be known (delivered off their thread).
  uint64_t uncorrelated() const { return uncorrelated_.load(std::memory_order_relaxed); }

 private:
  // A device-side MARKER record for an mstx device marker (tag 11: a mark;
  // tag 12: a range's start, then its end).
  void DeviceMarker(const device::CompletionRecord& r, int64_t offset);

  // Kernel names by op index (nullptr: not a kernel) of |ops|: a compact
  // copy built once per op table, so a batch reads 8 bytes per op.
  using KernelNames = std::shared_ptr<const std::vector<const char*>>;
  KernelNames NamesOf(const prof::OpTableRef& ops);

  const ModelRegistry* const models_;
  const std::function<int64_t()> epoch_offset_;
  std::atomic<uint64_t> uncorrelated_{0};
  std::mutex ranges_mu_;
  std::unordered_set<uint64_t> open_ranges_;  // ids of ranges whose start marker ran
  std::mutex names_mu_;
  // By table: the table is held, so its address is not reused while listed;
  // a table only this cache still holds (its model unloaded) is let go.
  std::unordered_map<const prof::OpTable*, std::pair<prof::OpTableRef, KernelNames>> names_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_MSPTI_SINK_H_
