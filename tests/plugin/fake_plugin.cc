// A small, self-contained backend plugin for the plugin-loader tests.
//
// One source, several libraries (tests/plugin/CMakeLists.txt), each a way a
// real plugin can differ from the host:
//   (none)                     a correct 2.0 plugin (a 2.0-sized table)
//   FAKE_PLUGIN_MAJOR=1        built for the previous ABI major (returns its table)
//   FAKE_PLUGIN_RETURN_NULL    serves no table for the host's major
//   FAKE_PLUGIN_NEWER_MINOR    a newer minor: larger function table with extra
//                              entries and larger completion records
//   FAKE_PLUGIN_SHORT_TABLE    claims 2.0 but its table lacks the last entry
//   FAKE_PLUGIN_NO_ENTRY       exports no aclsimBackendGetApi at all
//   FAKE_PLUGIN_MINOR_2        built against 2.2: its table ends before
//                              backend_properties (2.3), and the memory past
//                              its struct_size holds a function the host must
//                              not call (it would report a realtime clock)
//   FAKE_PLUGIN_PROPERTIES     a 2.3 plugin: backend_properties reports the
//                              raw numbers of the "properties" option
//                              (clock_mode, clock_origin_ns, slow_delivery_us,
//                              corrupt_record; "fail": true fails the call)
//
// Its device echoes the options it was created with through device_info
// (profile_name = device_profile, soc_name = endpoint, memory_bytes = seed,
// ai_core_count = 1 for clock "realtime", vector_core_count = device_count,
// aicpu_count = jitter * 1000) and runs every graph as two 1000 ns ops.
// Failures are canonical codes with the detail the ABI asks for.
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "aclsim/backend_c_api.h"
#include "nlohmann/json.hpp"

#ifndef FAKE_PLUGIN_MAJOR
#define FAKE_PLUGIN_MAJOR ACLSIM_BACKEND_ABI_MAJOR
#endif

namespace {

constexpr int64_t kOpNs = 1000;

struct Failure {
  int32_t code = 0;
  int32_t detail = 0;
  std::string message;
};
thread_local Failure t_error;

int32_t Fail(int32_t code, std::string message, int32_t detail = ACLSIM_BACKEND_DETAIL_NONE) {
  t_error = Failure{code, detail, "fake: " + std::move(message)};
  return code;
}
int32_t BadArg(std::string message) { return Fail(ACLSIM_BACKEND_CODE_INVALID_ARGUMENT, std::move(message)); }
int32_t NoHandle(std::string message) {
  return Fail(ACLSIM_BACKEND_CODE_NOT_FOUND, std::move(message), ACLSIM_BACKEND_DETAIL_INVALID_HANDLE);
}

#ifdef FAKE_PLUGIN_NEWER_MINOR
// What a future minor's record could look like: 1.0 fields, then more.
struct FutureCompletion {
  aclsimBackendCompletion base;
  uint64_t future_a;
  uint64_t future_b;
};
using Record = FutureCompletion;
#else
using Record = aclsimBackendCompletion;
#endif

}  // namespace

struct aclsimBackend {
  nlohmann::json properties = nlohmann::json::object();  // FAKE_PLUGIN_PROPERTIES: what backend_properties reports
  uint32_t device_count = 1;
  std::string profile;
  std::string endpoint;
  uint64_t seed = 0;
  uint32_t realtime = 0;
  double jitter = 0.0;
};

struct aclsimBackendDevice {
  aclsimBackend* backend;
  uint32_t id;
  std::mutex mu;
  std::map<uint64_t, int64_t> streams;  // id -> tail_ns
  std::map<uint64_t, int64_t> events;   // id -> timestamp (-1: never recorded)
  std::map<uint64_t, int> exes;
  uint64_t next_id = 1;
  uint64_t next_task = 1;
  int64_t horizon_ns = 0;
  aclsimBackendCompletionFn fn = nullptr;
  void* user = nullptr;
};

namespace {

void LastError(aclsimBackendError* out) {
  if (out == nullptr || out->struct_size < ACLSIM_BACKEND_ERROR_STRUCT_SIZE) return;
  out->code = t_error.code;
  out->detail = t_error.detail;
  out->value = 0;
  out->message = t_error.message.c_str();
}

int32_t CreateBackend(const char* options_json, size_t len, aclsimBackend** out) {
  if ((options_json == nullptr && len > 0) || out == nullptr) return BadArg("NULL argument");
  nlohmann::json o =
      nlohmann::json::parse(std::string(options_json == nullptr ? "" : options_json, len), nullptr, false);
  if (len == 0) o = nlohmann::json::object();
  if (!o.is_object()) return BadArg("the options are not a JSON object");
  auto* b = new aclsimBackend;
  b->device_count = o.value("device_count", 1u);
  b->profile = o.value("device_profile", std::string());
  b->endpoint = o.value("endpoint", std::string());
  b->seed = o.value("seed", uint64_t{0});
  b->realtime = o.value("clock", std::string()) == "realtime" ? 1 : 0;
  b->jitter = o.value("jitter", 0.0);
  if (o.contains("properties")) b->properties = o["properties"];
  if (b->profile == "reject") {
    delete b;
    return BadArg("device_profile 'reject' is refused");
  }
  *out = b;
  return 0;
}

int32_t DestroyBackend(aclsimBackend* backend) {
  delete backend;
  return 0;
}

int32_t DeviceCount(aclsimBackend* backend, uint32_t* out) {
  *out = backend->device_count;
  return 0;
}

int32_t OpenDevice(aclsimBackend* backend, uint32_t id, aclsimBackendDevice** out) {
  if (id >= backend->device_count) {
    return Fail(ACLSIM_BACKEND_CODE_NOT_FOUND, "no device " + std::to_string(id),
                ACLSIM_BACKEND_DETAIL_INVALID_DEVICE_ID);
  }
  auto* d = new aclsimBackendDevice;
  d->backend = backend;
  d->id = id;
  *out = d;
  return 0;
}

int32_t CloseDevice(aclsimBackendDevice* device) {
  delete device;
  return 0;
}

int32_t DeviceInfo(aclsimBackendDevice* device, aclsimBackendDeviceInfo* out) {
  const aclsimBackend& o = *device->backend;
  std::strncpy(out->profile_name, o.profile.c_str(), sizeof(out->profile_name) - 1);
  std::strncpy(out->soc_name, o.endpoint.c_str(), sizeof(out->soc_name) - 1);
  out->memory_bytes = o.seed;
  out->ai_core_count = o.realtime;
  out->vector_core_count = o.device_count;
  out->aicpu_count = static_cast<uint32_t>(o.jitter * 1000.0 + 0.5);
  return 0;
}

int32_t CreateStream(aclsimBackendDevice* d, aclsimBackendStreamId* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->next_id++;
  d->streams[*out] = d->horizon_ns;
  return 0;
}

int32_t DestroyStream(aclsimBackendDevice* d, aclsimBackendStreamId s) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->streams.erase(s) == 0) return NoHandle("stream " + std::to_string(s) + " does not exist");
  return 0;
}

int32_t CreateEvent(aclsimBackendDevice* d, aclsimBackendEventId* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->next_id++;
  d->events[*out] = -1;
  return 0;
}

int32_t DestroyEvent(aclsimBackendDevice* d, aclsimBackendEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->events.erase(e) == 0) return NoHandle("event " + std::to_string(e) + " does not exist");
  return 0;
}

int32_t LoadGraph(aclsimBackendDevice* d, const char* json, size_t len, aclsimBackendExecutableId* out) {
  if (json == nullptr || len == 0) {
    return Fail(ACLSIM_BACKEND_CODE_INVALID_ARGUMENT, "empty graph", ACLSIM_BACKEND_DETAIL_MODEL_SIZE);
  }
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->next_id++;
  d->exes[*out] = 2;
  return 0;
}

int32_t UnloadGraph(aclsimBackendDevice* d, aclsimBackendExecutableId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->exes.erase(e) == 0) return NoHandle("executable " + std::to_string(e) + " is not loaded");
  return 0;
}

int32_t GraphCosts(aclsimBackendDevice* d, aclsimBackendExecutableId e, aclsimBackendOpCost* out, size_t capacity,
                   size_t* out_count) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto it = d->exes.find(e);
  if (it == d->exes.end()) return NoHandle("executable is not loaded");
  const size_t n = static_cast<size_t>(it->second);
  for (size_t i = 0; i < n && i < capacity; ++i) {
    auto* c = reinterpret_cast<aclsimBackendOpCost*>(reinterpret_cast<char*>(out) + i * out->struct_size);
    c->flops = 100 * (i + 1);
    c->macs = 10 * (i + 1);
    c->bytes = 64;
    c->block_dim = 1;
    c->duration_ns = kOpNs;
  }
  *out_count = n;
  return 0;
}

Record NewRecord(aclsimBackendDevice* d) {
  Record r{};
#ifdef FAKE_PLUGIN_NEWER_MINOR
  r.base.struct_size = sizeof(Record);
  r.future_a = 0xAAAAAAAAAAAAAAAAull;
  r.future_b = 0xBBBBBBBBBBBBBBBBull;
  aclsimBackendCompletion& c = r.base;
#else
  r.struct_size = sizeof(Record);
  aclsimBackendCompletion& c = r;
#endif
  c.device_id = d->id;
  return r;
}

aclsimBackendCompletion& Base(Record& r) {
#ifdef FAKE_PLUGIN_NEWER_MINOR
  return r.base;
#else
  return r;
#endif
}

// The host finished enqueuing at |ready_ns|: the stream and the host horizon
// move there (requires d->mu).
void HostReady(aclsimBackendDevice* d, int64_t ready_ns, int64_t* stream_tail_ns) {
  if (ready_ns > d->horizon_ns) d->horizon_ns = ready_ns;
  if (ready_ns > *stream_tail_ns) *stream_tail_ns = ready_ns;
}

int32_t SubmitGraph(aclsimBackendDevice* d, aclsimBackendStreamId s, aclsimBackendExecutableId e,
                    const aclsimBackendLaunchInfo* launch, aclsimBackendTaskId* out) {
  if (launch == nullptr) return BadArg("launch is NULL");
  const uint32_t tag = launch->model_tag;
  const uint32_t tid = launch->host_tid;
  std::vector<Record> records;
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  if (st == d->streams.end()) return NoHandle("stream " + std::to_string(s) + " does not exist");
  auto ex = d->exes.find(e);
  if (ex == d->exes.end()) return NoHandle("executable is not loaded");
  // 2.2: no op starts before the host enqueued the graph (a 2.0 struct has no such time).
  if (launch->struct_size >= ACLSIM_BACKEND_LAUNCH_INFO_STRUCT_SIZE) HostReady(d, launch->host_ready_ns, &st->second);
  *out = d->next_task;
  for (int i = 0; i < ex->second; ++i) {
    Record r = NewRecord(d);
    aclsimBackendCompletion& c = Base(r);
    c.kind = ACLSIM_BACKEND_TASK_OP;
    c.engine = static_cast<uint32_t>(i % 3);
    c.block_dim = 1;
    c.stream_id = s;
    c.task_id = d->next_task++;
    c.model_tag = tag;
    c.op_index = static_cast<uint32_t>(i);
    c.host_tid = tid;
    c.start_ns = st->second;
    c.end_ns = st->second += kOpNs;
    c.exec_ns = kOpNs - 100;
    c.flops = 100 * static_cast<uint64_t>(i + 1);
    c.bytes = 64;
    records.push_back(r);
  }
  if (d->fn != nullptr) d->fn(d->user, &Base(records[0]), records.size());
  return 0;
}

int32_t SubmitMarker(aclsimBackendDevice* d, aclsimBackendStreamId s, const aclsimBackendMarkerInfo* marker,
                     aclsimBackendTaskId* out) {
  if (marker == nullptr) return BadArg("marker is NULL");
  const uint64_t marker_id = marker->marker_id;
  const uint32_t tag = marker->tag;
  const uint32_t tid = marker->host_tid;
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  if (st == d->streams.end()) return NoHandle("stream " + std::to_string(s) + " does not exist");
  if (marker->struct_size >= ACLSIM_BACKEND_MARKER_INFO_STRUCT_SIZE) HostReady(d, marker->host_ready_ns, &st->second);
  Record r = NewRecord(d);
  aclsimBackendCompletion& c = Base(r);
  c.kind = ACLSIM_BACKEND_TASK_MARKER;
  c.stream_id = s;
  c.task_id = *out = d->next_task++;
  c.model_tag = 0xFFFFFFFFu;
  c.host_tid = tid;
  c.marker_id = marker_id;
  c.marker_tag = tag;
  c.start_ns = c.end_ns = st->second;
  if (d->fn != nullptr) d->fn(d->user, &c, 1);
  return 0;
}

int32_t SubmitEventRecord(aclsimBackendDevice* d, aclsimBackendStreamId s, aclsimBackendEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  auto ev = d->events.find(e);
  if (st == d->streams.end() || ev == d->events.end()) return NoHandle("unknown stream or event");
  ev->second = st->second;
  return 0;
}

int32_t SubmitEventWait(aclsimBackendDevice* d, aclsimBackendStreamId s, aclsimBackendEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  auto ev = d->events.find(e);
  if (st == d->streams.end() || ev == d->events.end()) return NoHandle("unknown stream or event");
  if (ev->second > st->second) st->second = ev->second;
  return 0;
}

int32_t SynchronizeStream(aclsimBackendDevice* d, aclsimBackendStreamId s) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  if (st == d->streams.end()) return NoHandle("stream " + std::to_string(s) + " does not exist");
  if (st->second > d->horizon_ns) d->horizon_ns = st->second;
  return 0;
}

int32_t QueryStream(aclsimBackendDevice* d, aclsimBackendStreamId s, uint32_t* out_idle) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->streams.count(s) == 0) return NoHandle("stream " + std::to_string(s) + " does not exist");
  *out_idle = 1;
  return 0;
}

int32_t SynchronizeEvent(aclsimBackendDevice* d, aclsimBackendEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto ev = d->events.find(e);
  if (ev == d->events.end()) return NoHandle("event " + std::to_string(e) + " does not exist");
  if (ev->second > d->horizon_ns) d->horizon_ns = ev->second;
  return 0;
}

int32_t QueryEvent(aclsimBackendDevice* d, aclsimBackendEventId e, aclsimBackendEventState* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto ev = d->events.find(e);
  if (ev == d->events.end()) return NoHandle("event " + std::to_string(e) + " does not exist");
  out->recorded = ev->second >= 0 ? 1 : 0;
  out->complete = 1;
  out->timestamp_ns = ev->second >= 0 ? ev->second : 0;
  return 0;
}

int32_t SynchronizeDevice(aclsimBackendDevice* d) {
  std::lock_guard<std::mutex> lock(d->mu);
  for (const auto& [id, tail] : d->streams) {
    if (tail > d->horizon_ns) d->horizon_ns = tail;
  }
  return 0;
}

int32_t Now(aclsimBackendDevice* d, int64_t* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->horizon_ns;
  return 0;
}

int32_t SetCompletionSink(aclsimBackendDevice* d, aclsimBackendCompletionFn fn, void* user) {
  std::lock_guard<std::mutex> lock(d->mu);
  d->fn = fn;
  d->user = user;
  return 0;
}

#ifdef FAKE_PLUGIN_NEWER_MINOR
void FutureFunction() {}
#endif

#if defined(FAKE_PLUGIN_PROPERTIES)
int32_t BackendProperties(aclsimBackend* backend, aclsimBackendProperties* out) {
  if (backend == nullptr || out == nullptr) return BadArg("NULL argument");
  if (out->struct_size < ACLSIM_BACKEND_PROPERTIES_STRUCT_SIZE) return BadArg("properties struct_size too small");
  const nlohmann::json& p = backend->properties;
  if (p.value("fail", false)) return Fail(ACLSIM_BACKEND_CODE_UNAVAILABLE, "properties are not ready");
  out->clock_mode = p.value("clock_mode", 0u);
  out->clock_origin_ns = p.value("clock_origin_ns", int64_t{0});
  out->slow_delivery_us = p.value("slow_delivery_us", uint64_t{0});
  out->corrupt_record = p.value("corrupt_record", uint64_t{0});
  return 0;
}
#define FAKE_BACKEND_PROPERTIES BackendProperties
#elif defined(FAKE_PLUGIN_MINOR_2)
// Past this table's struct_size: a host that read it would see a realtime
// clock and delivery faults.
int32_t BeyondTheTable(aclsimBackend*, aclsimBackendProperties* out) {
  out->clock_mode = ACLSIM_BACKEND_CLOCK_REALTIME;
  out->slow_delivery_us = 5;
  out->corrupt_record = 6;
  return 0;
}
#define FAKE_BACKEND_PROPERTIES BeyondTheTable
#else
#define FAKE_BACKEND_PROPERTIES nullptr
#endif

struct Table {
  aclsimBackendApi api;
#ifdef FAKE_PLUGIN_NEWER_MINOR
  void (*future_a)(void);  // what later minors append
  void (*future_b)(void);
#endif
};

#ifdef FAKE_PLUGIN_NEWER_MINOR
constexpr uint32_t kTableSize = sizeof(Table);
constexpr uint32_t kMinor = ACLSIM_BACKEND_ABI_MINOR + 3;
#elif FAKE_PLUGIN_MAJOR != ACLSIM_BACKEND_ABI_MAJOR
constexpr uint32_t kTableSize = ACLSIM_BACKEND_API_STRUCT_SIZE;
constexpr uint32_t kMinor = 0;  // a plugin built against <major>.0
#elif defined(FAKE_PLUGIN_MINOR_2)
constexpr uint32_t kTableSize = ACLSIM_BACKEND_API_2_1_STRUCT_SIZE;  // 2.2 appended no function
constexpr uint32_t kMinor = 2;
#elif defined(FAKE_PLUGIN_PROPERTIES)
constexpr uint32_t kTableSize = ACLSIM_BACKEND_API_2_3_STRUCT_SIZE;
constexpr uint32_t kMinor = 3;
#elif defined(FAKE_PLUGIN_SHORT_TABLE)
constexpr uint32_t kTableSize = ACLSIM_BACKEND_STRUCT_SIZE(aclsimBackendApi, now);
constexpr uint32_t kMinor = ACLSIM_BACKEND_ABI_MINOR;
#else
constexpr uint32_t kTableSize = ACLSIM_BACKEND_API_STRUCT_SIZE;
constexpr uint32_t kMinor = ACLSIM_BACKEND_ABI_MINOR;
#endif

const Table kTable = {
    {kTableSize,
     FAKE_PLUGIN_MAJOR,
     kMinor,
     "fake",
     LastError,
     CreateBackend,
     DestroyBackend,
     DeviceCount,
     OpenDevice,
     CloseDevice,
     DeviceInfo,
     CreateStream,
     DestroyStream,
     CreateEvent,
     DestroyEvent,
     LoadGraph,
     UnloadGraph,
     GraphCosts,
     SubmitGraph,
     SubmitMarker,
     SubmitEventRecord,
     SubmitEventWait,
     SynchronizeStream,
     QueryStream,
     SynchronizeEvent,
     QueryEvent,
     SynchronizeDevice,
     Now,
     SetCompletionSink,
     nullptr,  // check_feature (2.1): the fake answers no feature question
     FAKE_BACKEND_PROPERTIES},
#ifdef FAKE_PLUGIN_NEWER_MINOR
    FutureFunction,
    FutureFunction,
#endif
};

}  // namespace

#ifdef FAKE_PLUGIN_NO_ENTRY
extern "C" ACLSIM_BACKEND_EXPORT const aclsimBackendApi* aclsimSomethingElse(uint32_t) { return &kTable.api; }
#else
extern "C" ACLSIM_BACKEND_EXPORT const aclsimBackendApi* aclsimBackendGetApi(uint32_t host_abi_major) {
#ifdef FAKE_PLUGIN_RETURN_NULL
  (void)host_abi_major;
  return nullptr;
#else
  (void)host_abi_major;  // a plugin for another major still offers its table, so the host can name it
  return &kTable.api;
#endif
}
#endif
