// A small, self-contained backend plugin for the plugin-loader tests.
//
// One source, several libraries (tests/plugin/CMakeLists.txt), each a way a
// real plugin can differ from the host:
//   (none)                     a correct 1.0 plugin
//   FAKE_PLUGIN_MAJOR=2        built for another ABI major (returns its table)
//   FAKE_PLUGIN_RETURN_NULL    serves no table for the host's major
//   FAKE_PLUGIN_NEWER_MINOR    a newer minor: larger function table with extra
//                              entries and larger completion records
//   FAKE_PLUGIN_SHORT_TABLE    claims 1.0 but its table lacks the last entry
//   FAKE_PLUGIN_NO_ENTRY       exports no aclsimBackendGetApi at all
//
// Its device echoes the options it was created with through device_info
// (profile_name = device_profile, soc_name = endpoint, memory_bytes = seed,
// ai_core_count = clock_mode, vector_core_count = device_count,
// aicpu_count = jitter * 1000) and runs every graph as two 1000 ns ops.
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "acl/aclsim_backend.h"

#ifndef FAKE_PLUGIN_MAJOR
#define FAKE_PLUGIN_MAJOR ACLSIM_BACKEND_ABI_MAJOR
#endif

namespace {

constexpr int32_t kParamInvalid = 107000;
constexpr int32_t kInvalidDeviceId = 107001;
constexpr int32_t kInvalidHandle = 107017;
constexpr int32_t kInvalidParam = 100000;
constexpr int64_t kOpNs = 1000;

thread_local std::string t_error;

int32_t Fail(int32_t code, std::string message) {
  t_error = "fake: " + std::move(message);
  return code;
}

#ifdef FAKE_PLUGIN_NEWER_MINOR
// What a future minor's record could look like: 1.0 fields, then more.
struct FutureCompletion {
  aclsimCompletion base;
  uint64_t future_a;
  uint64_t future_b;
};
using Record = FutureCompletion;
#else
using Record = aclsimCompletion;
#endif

}  // namespace

struct aclsimBackend {
  aclsimBackendOptions options;
  std::string profile;
  std::string endpoint;
};

struct aclsimDevice {
  aclsimBackend* backend;
  uint32_t id;
  std::mutex mu;
  std::map<uint64_t, int64_t> streams;  // id -> tail_ns
  std::map<uint64_t, int64_t> events;   // id -> timestamp (-1: never recorded)
  std::map<uint64_t, int> exes;
  uint64_t next_id = 1;
  uint64_t next_task = 1;
  int64_t horizon_ns = 0;
  aclsimCompletionFn fn = nullptr;
  void* user = nullptr;
};

namespace {

const char* LastError() { return t_error.c_str(); }

int32_t CreateBackend(const aclsimBackendOptions* options, aclsimBackend** out) {
  if (options == nullptr || out == nullptr) return Fail(kParamInvalid, "NULL argument");
  if (options->struct_size < ACLSIM_BACKEND_OPTIONS_STRUCT_SIZE) return Fail(kParamInvalid, "options too small");
  if (std::strcmp(options->device_profile, "reject") == 0) {
    return Fail(kInvalidParam, "device_profile 'reject' is refused");
  }
  auto* b = new aclsimBackend{*options, options->device_profile, options->endpoint};
  b->options.device_profile = b->profile.c_str();
  b->options.endpoint = b->endpoint.c_str();
  *out = b;
  return 0;
}

int32_t DestroyBackend(aclsimBackend* backend) {
  delete backend;
  return 0;
}

int32_t DeviceCount(aclsimBackend* backend, uint32_t* out) {
  *out = backend->options.device_count;
  return 0;
}

int32_t OpenDevice(aclsimBackend* backend, uint32_t id, aclsimDevice** out) {
  if (id >= backend->options.device_count) return Fail(kInvalidDeviceId, "no device " + std::to_string(id));
  auto* d = new aclsimDevice;
  d->backend = backend;
  d->id = id;
  *out = d;
  return 0;
}

int32_t CloseDevice(aclsimDevice* device) {
  delete device;
  return 0;
}

int32_t DeviceInfo(aclsimDevice* device, aclsimDeviceInfo* out) {
  const aclsimBackendOptions& o = device->backend->options;
  std::strncpy(out->profile_name, o.device_profile, sizeof(out->profile_name) - 1);
  std::strncpy(out->soc_name, o.endpoint, sizeof(out->soc_name) - 1);
  out->memory_bytes = o.seed;
  out->ai_core_count = o.clock_mode;
  out->vector_core_count = o.device_count;
  out->aicpu_count = static_cast<uint32_t>(o.jitter * 1000.0 + 0.5);
  return 0;
}

int32_t CreateStream(aclsimDevice* d, aclsimStreamId* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->next_id++;
  d->streams[*out] = d->horizon_ns;
  return 0;
}

int32_t DestroyStream(aclsimDevice* d, aclsimStreamId s) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->streams.erase(s) == 0) return Fail(kInvalidHandle, "stream " + std::to_string(s) + " does not exist");
  return 0;
}

int32_t CreateEvent(aclsimDevice* d, aclsimEventId* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->next_id++;
  d->events[*out] = -1;
  return 0;
}

int32_t DestroyEvent(aclsimDevice* d, aclsimEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->events.erase(e) == 0) return Fail(kInvalidHandle, "event " + std::to_string(e) + " does not exist");
  return 0;
}

int32_t LoadGraph(aclsimDevice* d, const char* json, size_t len, aclsimExecutableId* out) {
  if (json == nullptr || len == 0) return Fail(100015, "empty graph");
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->next_id++;
  d->exes[*out] = 2;
  return 0;
}

int32_t UnloadGraph(aclsimDevice* d, aclsimExecutableId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->exes.erase(e) == 0) return Fail(kInvalidHandle, "executable " + std::to_string(e) + " is not loaded");
  return 0;
}

int32_t GraphCosts(aclsimDevice* d, aclsimExecutableId e, aclsimOpCost* out, size_t capacity, size_t* out_count) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto it = d->exes.find(e);
  if (it == d->exes.end()) return Fail(kInvalidHandle, "executable is not loaded");
  const size_t n = static_cast<size_t>(it->second);
  for (size_t i = 0; i < n && i < capacity; ++i) {
    auto* c = reinterpret_cast<aclsimOpCost*>(reinterpret_cast<char*>(out) + i * out->struct_size);
    c->flops = 100 * (i + 1);
    c->macs = 10 * (i + 1);
    c->bytes = 64;
    c->block_dim = 1;
    c->duration_ns = kOpNs;
  }
  *out_count = n;
  return 0;
}

Record NewRecord(aclsimDevice* d) {
  Record r{};
#ifdef FAKE_PLUGIN_NEWER_MINOR
  r.base.struct_size = sizeof(Record);
  r.future_a = 0xAAAAAAAAAAAAAAAAull;
  r.future_b = 0xBBBBBBBBBBBBBBBBull;
  aclsimCompletion& c = r.base;
#else
  r.struct_size = sizeof(Record);
  aclsimCompletion& c = r;
#endif
  c.device_id = d->id;
  return r;
}

aclsimCompletion& Base(Record& r) {
#ifdef FAKE_PLUGIN_NEWER_MINOR
  return r.base;
#else
  return r;
#endif
}

int32_t SubmitGraph(aclsimDevice* d, aclsimStreamId s, aclsimExecutableId e, uint32_t tag, uint32_t tid,
                    aclsimTaskId* out) {
  std::vector<Record> records;
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  if (st == d->streams.end()) return Fail(kInvalidHandle, "stream " + std::to_string(s) + " does not exist");
  auto ex = d->exes.find(e);
  if (ex == d->exes.end()) return Fail(kInvalidHandle, "executable is not loaded");
  *out = d->next_task;
  for (int i = 0; i < ex->second; ++i) {
    Record r = NewRecord(d);
    aclsimCompletion& c = Base(r);
    c.kind = ACLSIM_COMPLETION_OP;
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

int32_t SubmitMarker(aclsimDevice* d, aclsimStreamId s, uint64_t marker_id, uint32_t tag, uint32_t tid,
                     aclsimTaskId* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  if (st == d->streams.end()) return Fail(kInvalidHandle, "stream " + std::to_string(s) + " does not exist");
  Record r = NewRecord(d);
  aclsimCompletion& c = Base(r);
  c.kind = ACLSIM_COMPLETION_MARKER;
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

int32_t SubmitEventRecord(aclsimDevice* d, aclsimStreamId s, aclsimEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  auto ev = d->events.find(e);
  if (st == d->streams.end() || ev == d->events.end()) return Fail(kInvalidHandle, "unknown stream or event");
  ev->second = st->second;
  return 0;
}

int32_t SubmitEventWait(aclsimDevice* d, aclsimStreamId s, aclsimEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  auto ev = d->events.find(e);
  if (st == d->streams.end() || ev == d->events.end()) return Fail(kInvalidHandle, "unknown stream or event");
  if (ev->second > st->second) st->second = ev->second;
  return 0;
}

int32_t SynchronizeStream(aclsimDevice* d, aclsimStreamId s) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto st = d->streams.find(s);
  if (st == d->streams.end()) return Fail(kInvalidHandle, "stream " + std::to_string(s) + " does not exist");
  if (st->second > d->horizon_ns) d->horizon_ns = st->second;
  return 0;
}

int32_t QueryStream(aclsimDevice* d, aclsimStreamId s, uint32_t* out_idle) {
  std::lock_guard<std::mutex> lock(d->mu);
  if (d->streams.count(s) == 0) return Fail(kInvalidHandle, "stream " + std::to_string(s) + " does not exist");
  *out_idle = 1;
  return 0;
}

int32_t SynchronizeEvent(aclsimDevice* d, aclsimEventId e) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto ev = d->events.find(e);
  if (ev == d->events.end()) return Fail(kInvalidHandle, "event " + std::to_string(e) + " does not exist");
  if (ev->second > d->horizon_ns) d->horizon_ns = ev->second;
  return 0;
}

int32_t QueryEvent(aclsimDevice* d, aclsimEventId e, aclsimEventState* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  auto ev = d->events.find(e);
  if (ev == d->events.end()) return Fail(kInvalidHandle, "event " + std::to_string(e) + " does not exist");
  out->recorded = ev->second >= 0 ? 1 : 0;
  out->complete = 1;
  out->timestamp_ns = ev->second >= 0 ? ev->second : 0;
  return 0;
}

int32_t SynchronizeDevice(aclsimDevice* d) {
  std::lock_guard<std::mutex> lock(d->mu);
  for (const auto& [id, tail] : d->streams) {
    if (tail > d->horizon_ns) d->horizon_ns = tail;
  }
  return 0;
}

int32_t Now(aclsimDevice* d, int64_t* out) {
  std::lock_guard<std::mutex> lock(d->mu);
  *out = d->horizon_ns;
  return 0;
}

int32_t SetCompletionSink(aclsimDevice* d, aclsimCompletionFn fn, void* user) {
  std::lock_guard<std::mutex> lock(d->mu);
  d->fn = fn;
  d->user = user;
  return 0;
}

#ifdef FAKE_PLUGIN_NEWER_MINOR
void FutureFunction() {}
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
#elif defined(FAKE_PLUGIN_SHORT_TABLE)
constexpr uint32_t kTableSize = ACLSIM_STRUCT_SIZE(aclsimBackendApi, now);
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
     SetCompletionSink},
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
