// The native module `mspti_C` of the `mspti` Python package (api/python/mspti/):
// the surface Ascend/mspti's Python monitors call (its mspti/csrc
// adapter, read for names and behaviour): start/stop (reference counted:
// the first start subscribes and registers the buffer callbacks, the last
// stop unsubscribes), flush_all, flush_period, set_buffer_size, and the
// submodules kernel, mstx, hccl and communication with registerCB /
// unregisterCB (which enable or disable their activity kind; unregistering
// flushes first) and mstx.enableDomain / disableDomain. Each returns an
// msptiResult as an int.
//
// Buffers come from a pool of set_buffer_size MiB buffers (default 8, at
// most 256 MiB in all); when the pool is empty the request returns none and
// MSPTI counts the records it drops. A completed buffer is walked with the
// GIL held and each KERNEL, MARKER, HCCL or COMMUNICATION record goes to its
// kind's callback as a dict with the keys the upstream adapter uses.
#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include "mspti/mspti.h"

namespace py = pybind11;

namespace {

constexpr size_t kMiB = 1 << 20;
constexpr size_t kPoolBytes = 256 * kMiB;

struct State {
  std::mutex mu;
  int starts = 0;
  msptiSubscriberHandle subscriber = nullptr;
  size_t buffer_mib = 8;
  size_t outstanding = 0;  // buffers handed out and not yet back
  // Callbacks by kind (KERNEL, MARKER, HCCL, COMMUNICATION); held as owned
  // references, released with the GIL held.
  py::object* callbacks[MSPTI_ACTIVITY_KIND_COUNT] = {};
};

State& S() {
  static State* state = new State();  // never destroyed: the delivery thread may still use it
  return *state;
}

std::atomic<bool> g_alive{true};  // false once the interpreter is finalizing

void Request(uint8_t** buffer, size_t* size, size_t* max_records) {
  State& s = S();
  std::lock_guard<std::mutex> lock(s.mu);
  *max_records = 0;
  const size_t bytes = s.buffer_mib * kMiB;
  if ((s.outstanding + 1) * bytes > kPoolBytes) {
    *buffer = nullptr;
    *size = 0;
    return;
  }
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, bytes));
  *size = *buffer != nullptr ? bytes : 0;
  if (*buffer != nullptr) ++s.outstanding;
}

py::dict KernelDict(const msptiActivityKernel& k) {
  py::dict d;
  d["kind"] = static_cast<int>(k.kind);
  d["start"] = k.start;
  d["end"] = k.end;
  d["deviceId"] = k.ds.deviceId;
  d["streamId"] = k.ds.streamId;
  d["correlationId"] = k.correlationId;
  d["type"] = k.type != nullptr ? k.type : "";
  d["name"] = k.name != nullptr ? k.name : "";
  return d;
}

py::dict MarkerDict(const msptiActivityMarker& m) {
  py::dict d;
  const bool host = m.sourceKind == MSPTI_ACTIVITY_SOURCE_KIND_HOST;
  d["kind"] = static_cast<int>(m.kind);
  d["flag"] = static_cast<int>(m.flag);
  d["sourceKind"] = static_cast<int>(m.sourceKind);
  d["timestamp"] = m.timestamp;
  d["id"] = m.id;
  d["processId"] = host ? static_cast<int64_t>(m.objectId.pt.processId) : -1;
  d["threadId"] = host ? static_cast<int64_t>(m.objectId.pt.threadId) : -1;
  d["deviceId"] = host ? -1 : static_cast<int64_t>(m.objectId.ds.deviceId);
  d["streamId"] = host ? -1 : static_cast<int64_t>(m.objectId.ds.streamId);
  d["name"] = m.name != nullptr ? m.name : "";
  d["domain"] = m.domain != nullptr ? m.domain : "";
  return d;
}

void Dispatch(const msptiActivity* record) {
  State& s = S();
  py::object* cb = nullptr;
  {
    std::lock_guard<std::mutex> lock(s.mu);
    if (record->kind < MSPTI_ACTIVITY_KIND_COUNT) cb = s.callbacks[record->kind];
  }
  if (cb == nullptr) return;
  if (record->kind == MSPTI_ACTIVITY_KIND_KERNEL) {
    (*cb)(KernelDict(*reinterpret_cast<const msptiActivityKernel*>(record)));
  } else if (record->kind == MSPTI_ACTIVITY_KIND_MARKER) {
    (*cb)(MarkerDict(*reinterpret_cast<const msptiActivityMarker*>(record)));
  }
}

void Complete(uint8_t* buffer, size_t, size_t valid) {
  if (buffer == nullptr) return;
  if (g_alive.load() && Py_IsInitialized()) {
    py::gil_scoped_acquire gil;
    msptiActivity* record = nullptr;
    while (msptiActivityGetNextRecord(buffer, valid, &record) == MSPTI_SUCCESS) {
      try {
        Dispatch(record);
      } catch (py::error_already_set& e) {
        e.discard_as_unraisable("mspti_C buffer callback");
      }
    }
  }
  std::free(buffer);
  State& s = S();
  std::lock_guard<std::mutex> lock(s.mu);
  --s.outstanding;
}

int Start() {
  State& s = S();
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.starts++ > 0) return MSPTI_SUCCESS;
  msptiResult r = msptiSubscribe(&s.subscriber, nullptr, nullptr);
  if (r == MSPTI_SUCCESS) r = msptiActivityRegisterCallbacks(&Request, &Complete);
  if (r != MSPTI_SUCCESS) --s.starts;
  return r;
}

int Stop() {
  State& s = S();
  std::lock_guard<std::mutex> lock(s.mu);
  if (s.starts == 0) return MSPTI_SUCCESS;
  if (--s.starts > 0) return MSPTI_SUCCESS;
  return msptiUnsubscribe(s.subscriber);
}

// Enables |kind| and makes |cb| its callback.
int Register(msptiActivityKind kind, py::object cb) {
  State& s = S();
  {
    std::lock_guard<std::mutex> lock(s.mu);
    delete s.callbacks[kind];
    s.callbacks[kind] = new py::object(std::move(cb));
  }
  return msptiActivityEnable(kind);
}

// Disables |kind|, hands its records over, then drops its callback.
int Unregister(msptiActivityKind kind) {
  const msptiResult r = msptiActivityDisable(kind);
  {
    py::gil_scoped_release release;  // the completion callback takes the GIL
    (void)msptiActivityFlushAll(1);
  }
  State& s = S();
  py::object* old = nullptr;
  {
    std::lock_guard<std::mutex> lock(s.mu);
    old = s.callbacks[kind];
    s.callbacks[kind] = nullptr;
  }
  delete old;
  return r;
}

void DefKind(py::module_& m, const char* name, msptiActivityKind kind) {
  py::module_ sub = m.def_submodule(name);
  // importlib.import_module("mspti_C.kernel") finds it, as the upstream
  // package imports it.
  py::module_::import("sys").attr("modules")[py::str(std::string("mspti_C.") + name)] = sub;
  sub.def("registerCB", [kind](py::object cb) { return Register(kind, std::move(cb)); });
  sub.def("unregisterCB", [kind]() { return Unregister(kind); });
}

}  // namespace

PYBIND11_MODULE(mspti_C, m) {
  m.doc() = "aclsim's native MSPTI module for the mspti package's monitors";
  m.def("start", &Start);
  m.def("stop", &Stop);
  m.def("flush_all", [] {
    py::gil_scoped_release release;
    return static_cast<int>(msptiActivityFlushAll(1));
  });
  m.def("flush_period", [](uint32_t ms) { return static_cast<int>(msptiActivityFlushPeriod(ms)); });
  m.def("set_buffer_size", [](int mib) {
    if (mib <= 0 || static_cast<size_t>(mib) * kMiB > kPoolBytes)
      return static_cast<int>(MSPTI_ERROR_INVALID_PARAMETER);
    State& s = S();
    std::lock_guard<std::mutex> lock(s.mu);
    s.buffer_mib = static_cast<size_t>(mib);
    return static_cast<int>(MSPTI_SUCCESS);
  });
  DefKind(m, "kernel", MSPTI_ACTIVITY_KIND_KERNEL);
  DefKind(m, "mstx", MSPTI_ACTIVITY_KIND_MARKER);
  DefKind(m, "hccl", MSPTI_ACTIVITY_KIND_HCCL);
  DefKind(m, "communication", MSPTI_ACTIVITY_KIND_COMMUNICATION);
  py::module_ mstx = m.attr("mstx");
  mstx.def("enableDomain",
           [](const std::string& name) { return static_cast<int>(msptiActivityEnableMarkerDomain(name.c_str())); });
  mstx.def("disableDomain",
           [](const std::string& name) { return static_cast<int>(msptiActivityDisableMarkerDomain(name.c_str())); });
  py::module_::import("atexit").attr("register")(py::cpp_function([] { g_alive.store(false); }));
}
