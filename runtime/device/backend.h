// The pluggable device layer: the interface every device backend implements.
//
// runtime/ talks to devices only through these classes; sim/ (the simulated
// NPU) and the null backend implement them and register a factory in the
// BackendRegistry. The model mirrors what CANN's runtime does underneath ACL:
// a device owns streams (in-order task queues) and events (stream-ordered
// timestamps); the host submits tasks — whole op graphs, zero-length markers,
// event records and waits — and synchronises on streams, events or the whole
// device. Each finished task can be reported to a CompletionSink.
//
// Time: each device has an integer-nanosecond clock (VirtualTimeNs). It is a
// device-time domain: it never holds host wall time. A backend must be
// deterministic: the same sequence of calls gives the same times.
//
// Thread safety: every Device method may be called from any thread; the
// backend serialises internally. CompletionSink callbacks run on the thread
// that caused the completion (the submitting thread in the simulator)
// WITHOUT the device's internal lock held: a sink that blocks (backpressure
// from a subscriber that stopped reading) delays only the submission whose
// records it is taking, never another caller of the device. Records of one
// submission arrive in task order; submissions racing on several threads
// may interleave their batches. A sink must not call back into the device.
#ifndef ACLSIM_RUNTIME_DEVICE_BACKEND_H_
#define ACLSIM_RUNTIME_DEVICE_BACKEND_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/device/device_types.h"
#include "runtime/model/graph.h"
#include "runtime/status.h"

namespace aclsim::device {

enum class ClockMode : uint8_t {
  kVirtual,   // device time advances only through simulated work; never waits
  kRealtime,  // synchronisation waits until wall time reaches device time
};

// Options shared by all backends, filled from aclInit JSON / ACLSIM_CONFIG at
// the api/ edge.
struct BackendOptions {
  uint32_t device_count = 1;
  std::string device_profile = "Ascend910B2";  // built-in name
  std::string device_profile_path;             // a profile JSON file; wins over the name
  ClockMode clock_mode = ClockMode::kVirtual;
  uint64_t seed = 0;
  double jitter = 0.0;  // relative +- jitter of op durations, [0, 0.5]
  // Backend-specific: where the "remote" backend finds its device server
  // ("unix:/path/to/socket" or "tcp:127.0.0.1:port").
  std::string endpoint;
  // Fault injection for simulated devices, as the JSON text of the config's
  // "faults" section (docs/faults.md); empty = no faults.
  std::string faults_json;

  Status Validate() const;
};

class CompletionSink {
 public:
  virtual ~CompletionSink() = default;
  // |records| is valid only during the call.
  virtual void OnCompletions(const CompletionRecord* records, size_t count) = 0;
};

class Device {
 public:
  virtual ~Device() = default;

  virtual const DeviceInfo& info() const = 0;

#include "runtime/device/device_methods.inc"  // NOLINT: the generated device methods

  // Sets (or clears with nullptr) the sink receiving completion records.
  // |sink| is borrowed: it must stay valid until replaced or the device is
  // destroyed. Returns once no delivery to the previous sink is in progress,
  // so the caller may destroy it (see device/sink_slot.h).
  virtual void SetCompletionSink(CompletionSink* sink) = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string_view name() const = 0;
  virtual uint32_t DeviceCount() const = 0;
  // Opens device |device_id| (< DeviceCount()).
  virtual StatusOr<std::unique_ptr<Device>> OpenDevice(uint32_t device_id) = 0;
};

using BackendFactory = std::function<StatusOr<std::unique_ptr<Backend>>(const BackendOptions& options)>;

// Name → factory. The "null" backend is always registered; others register
// through their own registration function (see sim/registration.h).
class BackendRegistry {
 public:
  BackendRegistry();
  // Process-wide registry used by the ACL entry points.
  static BackendRegistry& Global();

  // Registers (or replaces) |name|.
  void Register(std::string name, BackendFactory factory);
  bool Contains(std::string_view name) const;
  std::vector<std::string> Names() const;
  // Unknown name → kInvalidParam listing the registered names.
  StatusOr<std::unique_ptr<Backend>> Create(std::string_view name, const BackendOptions& options) const;

 private:
  mutable std::mutex mu_;
  std::map<std::string, BackendFactory, std::less<>> factories_;
};

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_BACKEND_H_
