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

#include <nlohmann/json_fwd.hpp>

#include "runtime/device/device_types.h"
#include "runtime/device/faults.h"
#include "runtime/model/graph.h"
#include "runtime/status.h"
#include "runtime/time_limits.h"

namespace aclsim::device {

enum class ClockMode : uint8_t {
  kVirtual,   // device time advances only through simulated work; never waits
  kRealtime,  // synchronisation waits until wall time reaches device time
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

// What a backend can be asked about (Backend::CheckFeature): capabilities
// that differ between backends and that callers — the conformance suite
// first — need to know before relying on them.
//   kFeatureClientDeviceOptions  the device options (device_count,
//       device_profile, device_profile_path, clock, seed, jitter, faults)
//       come from this process's configuration.
//   kFeatureFreshDeviceClock     a device's clock starts at its origin
//       (Backend::clock_origin_ns) when this process opens it (no other
//       client has used it before).
//   kFeatureExecution            the devices run work (a backend still being
//       written, such as backends/skeleton, lacks it).
inline constexpr std::string_view kFeatureClientDeviceOptions = "client_device_options";
inline constexpr std::string_view kFeatureFreshDeviceClock = "fresh_device_clock";
inline constexpr std::string_view kFeatureExecution = "execution";
bool IsBackendFeature(std::string_view feature);

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string_view name() const = 0;
  virtual uint32_t DeviceCount() const = 0;
  // Opens device |device_id| (< DeviceCount()).
  virtual StatusOr<std::unique_ptr<Device>> OpenDevice(uint32_t device_id) = 0;

  // How the devices' clocks relate to wall time; the runtime paces its host
  // clock by it (runtime/host_clock.h).
  virtual ClockMode clock_mode() const { return ClockMode::kVirtual; }
  // Where the devices' clocks start in the virtual mode (the host clock
  // starts there too, so host records before the first device opens are not
  // near 0): kDefaultClockOriginNs unless the backend is configured otherwise.
  virtual int64_t clock_origin_ns() const { return kDefaultClockOriginNs; }
  // The subscription-side faults of the backend's fault plan (docs/faults.md),
  // which the runtime's profiler applies: none by default.
  virtual DeliveryFaults delivery_faults() const { return {}; }
  // OK when the backend has |feature| (one of the kFeature* names above);
  // kUnimplemented with the reason when it lacks it; kInvalidArgument for a name
  // that is no feature. The default has every feature.
  virtual Status CheckFeature(std::string_view feature) const;
};

// A backend's options are the keys of the configuration's "aclsim" object
// other than the runtime's own ("backend", "log_level"; runtime/config.h),
// as one JSON object, unvalidated: each backend parses and validates its own
// (sim/sim_options.h, remote/client/remote_options.h) and rejects a key it
// does not know with kFileAttrInvalid naming the backend and the key
// (UnknownBackendOption), or one it knows but does not take with
// kUnimplemented.
using BackendFactory = std::function<StatusOr<std::unique_ptr<Backend>>(const nlohmann::json& options)>;

// kFileAttrInvalid: config: unknown key "aclsim.<key>" for backend '<backend>'.
Status UnknownBackendOption(std::string_view backend, std::string_view key);
// For option parsers: true, with |*out| set, when |value| is an integer >= 0
// (JSON text gives unsigned numbers; JSON built in code may give signed ones).
bool AsNonNegativeInteger(const nlohmann::json& value, uint64_t* out);

// Name → factory. The "null" backend (no devices; it ignores every option)
// is always registered; the others register themselves through their
// registration function (aclsim_register_backend in
// cmake/AclsimHelpers.cmake; docs/architecture.md, "Where to add things").
// Names are unique, so the order of registration does not matter.
class BackendRegistry {
 public:
  BackendRegistry();
  // Process-wide registry used by the ACL entry points.
  static BackendRegistry& Global();

  // Registers (or replaces) |name|.
  void Register(std::string name, BackendFactory factory);
  bool Contains(std::string_view name) const;
  std::vector<std::string> Names() const;
  // Unknown name → kInvalidArgument listing the registered names; otherwise
  // whatever the factory returns for |options| (a JSON object).
  StatusOr<std::unique_ptr<Backend>> Create(std::string_view name, const nlohmann::json& options) const;

 private:
  mutable std::mutex mu_;
  std::map<std::string, BackendFactory, std::less<>> factories_;
};

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_BACKEND_H_
