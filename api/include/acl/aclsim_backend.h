/*
 * aclsim device-backend plugin ABI (an aclsim extension; not part of CANN).
 *
 * aclsim runs ACL programs over a pluggable device layer. Backends built into
 * libascendcl.so ("sim", "null") use an in-process C++ interface with no ABI
 * promise (runtime/device/backend.h). A backend that lives in its own shared
 * library instead exports one C function, aclsimBackendGetApi, returning the
 * function table below; aclsim loads it with dlopen when the configured
 * backend ("aclsim": {"backend": ...} in the aclInit / ACLSIM_CONFIG file, or
 * the ACLSIM_BACKEND environment variable, which wins) is a path (contains a
 * '/' or ends in ".so"), or when it is "sim-plugin" (the in-tree simulator
 * built as libaclsim_backend_sim.so, loaded from the directory that holds
 * libascendcl.so). The model is PJRT's C API and the Level Zero DDI tables.
 *
 * This header is plain C (C99), self-contained (it includes no other ACL
 * header) and defines no ACL entry point: libascendcl.so neither exports nor
 * imports anything declared here. docs/backend_abi.md holds the narrative
 * contract and the CHANGELOG of this ABI.
 *
 * ---------------------------------------------------------------- Versioning
 * ACLSIM_BACKEND_ABI_MAJOR changes only on an incompatible change; a host and
 * a plugin work together only when their majors are equal. Each compatible
 * addition bumps ACLSIM_BACKEND_ABI_MINOR and gets a CHANGELOG line.
 * Compatible additions are:
 *   - new functions appended at the END of aclsimBackendApi;
 *   - new fields appended at the END of a struct.
 * Nothing is ever removed, reordered or retyped within a major.
 *
 * Every struct begins with `uint32_t struct_size`, set by whoever allocates
 * the struct to the size of the version it was compiled against
 * (ACLSIM_*_STRUCT_SIZE below: the end of its last field, not sizeof, so
 * tail padding never counts). A reader reads only fields that lie entirely
 * inside struct_size and treats missing fields as zero/default; a writer
 * writes only fields that lie entirely inside struct_size and never changes
 * struct_size itself. The host therefore accepts a plugin whose table is
 * larger (a newer minor) and checks `api->struct_size >= ` the end of the
 * last function it calls (ACLSIM_BACKEND_API_STRUCT_SIZE for 1.0).
 *
 * Arrays of structs (completion records, op costs) are strided: element i
 * starts at byte i * array[0].struct_size, and all elements of one array have
 * the same struct_size.
 *
 * Negotiation: the host calls aclsimBackendGetApi(ACLSIM_BACKEND_ABI_MAJOR).
 * A plugin that serves that major returns a table with abi_major equal to it.
 * One that cannot returns NULL or, preferably, its own native table: the
 * first four fields (struct_size, abi_major, abi_minor, name) keep this
 * layout in every major, so the host can name both versions in its error;
 * it reads nothing else from such a table and calls none of its functions.
 *
 * ------------------------------------------------------------ Status, errors
 * Every function returns aclsimBackendStatus: 0 on success, otherwise an ACL
 * error code (aclError value, e.g. 107017 ACL_ERROR_RT_INVALID_HANDLE) that
 * aclsim returns unchanged to the application. After a failing call the
 * plugin makes a human-readable message available through last_error() on
 * the same thread; aclsim shows it through aclGetRecentErrMsg(). On failure
 * no out-parameter is written. Codes used throughout:
 *   107000 ACL_ERROR_RT_PARAM_INVALID    NULL pointer, struct_size below the
 *                                        1.0 size, bad enumerator
 *   107001 ACL_ERROR_RT_INVALID_DEVICEID device id >= device_count
 *   107017 ACL_ERROR_RT_INVALID_HANDLE   unknown stream/event/executable id
 *   207001 ACL_ERROR_RT_MEMORY_ALLOCATION out of memory
 *   507000 ACL_ERROR_RT_INTERNAL_ERROR   anything unexpected in the plugin
 * Functions list the further codes they may return. No C++ exception and no
 * longjmp ever crosses this boundary.
 *
 * ------------------------------------------------------ Ownership, lifetime
 * aclsimBackend and aclsimDevice handles are opaque pointers owned by the
 * plugin; they stay valid until the matching destroy_backend / close_device
 * call. The host closes every device of a backend before destroying it, and
 * destroys every backend before it unloads (dlclose) the library. Stream,
 * event and executable ids are plugin-chosen nonzero uint64 values scoped to
 * their device, valid until the matching destroy/unload or close_device.
 * Pointers passed into a call (options strings, graph JSON) are borrowed for
 * the duration of the call only: the plugin copies what it keeps. Pointers
 * the plugin hands out (name, last_error(), completion records) are owned by
 * the plugin with the lifetime stated at each one.
 *
 * ----------------------------------------------------------- Thread safety
 * Every device function may be called from any host thread, concurrently
 * with any other device function on the same or another device; the plugin
 * serialises internally. The exceptions are the destroy/close functions: the
 * host never calls close_device concurrently with another call on that
 * device, nor destroy_backend concurrently with another call on that backend
 * or its devices. create_backend and device_count are thread-safe.
 *
 * The completion callback (aclsimCompletionFn) runs on the thread of a call
 * into that device (in the simulator: inside submit_graph / submit_marker,
 * and inside set_completion_sink when it flushes), before that call returns,
 * possibly with the plugin's device lock held. Calls for one device never
 * overlap. The callback must not call any function of this plugin (it would
 * deadlock or re-enter); it copies what it needs and returns.
 *
 * ------------------------------------------------------------------- Time
 * Times are device time in integer nanoseconds (a device-time domain: never
 * host wall time). A backend must be deterministic: the same sequence of
 * calls with the same options gives the same times and records.
 */
#ifndef ACLSIM_BACKEND_H_
#define ACLSIM_BACKEND_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACLSIM_BACKEND_ABI_MAJOR 1
#define ACLSIM_BACKEND_ABI_MINOR 0

/* Marks the one symbol a plugin exports. */
#if defined(_WIN32)
#define ACLSIM_BACKEND_EXPORT __declspec(dllexport)
#else
#define ACLSIM_BACKEND_EXPORT __attribute__((visibility("default")))
#endif

/* Size of a struct version: the end of its last field (PJRT_STRUCT_SIZE). */
#define ACLSIM_STRUCT_SIZE(type, last_field) ((uint32_t)(offsetof(type, last_field) + sizeof(((type*)0)->last_field)))

/* 0 = success; otherwise an aclError value (see "Status, errors" above). */
typedef int32_t aclsimBackendStatus;

typedef struct aclsimBackend aclsimBackend; /* opaque, plugin-owned */
typedef struct aclsimDevice aclsimDevice;   /* opaque, plugin-owned */

typedef uint64_t aclsimStreamId;     /* nonzero; per device */
typedef uint64_t aclsimEventId;      /* nonzero; per device */
typedef uint64_t aclsimExecutableId; /* nonzero; per device */
typedef uint64_t aclsimTaskId;       /* per device, increasing in submit order */

/* clock_mode values. */
#define ACLSIM_CLOCK_VIRTUAL 0u  /* time advances only through simulated work */
#define ACLSIM_CLOCK_REALTIME 1u /* synchronisation is paced by the wall clock */

/* aclsimCompletion.kind values (named apart from aclsim_ext.h's ACLSIM_TASK_*,
 * so both headers can be included in either order). */
#define ACLSIM_COMPLETION_OP 0u
#define ACLSIM_COMPLETION_MARKER 1u
#define ACLSIM_COMPLETION_EVENT_RECORD 2u

/* aclsimCompletion.engine values (msprof task types). */
#define ACLSIM_ENGINE_AI_CORE 0u
#define ACLSIM_ENGINE_AI_VECTOR 1u
#define ACLSIM_ENGINE_AI_CPU 2u

/* Backend creation options (host-allocated, read by create_backend).
 * Strings are NUL-terminated, never NULL ("" = not set), borrowed for the
 * call. Backends ignore fields that do not apply to them. */
typedef struct aclsimBackendOptions {
  uint32_t struct_size;
  uint32_t device_count;           /* [1, 64] */
  const char* device_profile;      /* built-in profile name, e.g. "Ascend910B2" */
  const char* device_profile_path; /* profile JSON file; wins over the name */
  uint32_t clock_mode;             /* ACLSIM_CLOCK_* */
  uint32_t reserved0;              /* must be 0 */
  uint64_t seed;                   /* jitter seed */
  double jitter;                   /* relative +- jitter of op durations, [0, 0.5] */
  const char* endpoint;            /* remote backends: "unix:/path" or "tcp:host:port" */
  const char* faults_json;         /* fault injection: JSON text (docs/faults.md) */
} aclsimBackendOptions;
#define ACLSIM_BACKEND_OPTIONS_STRUCT_SIZE ACLSIM_STRUCT_SIZE(aclsimBackendOptions, faults_json)

/* Static facts about a device (host-allocated, written by device_info).
 * Strings are NUL-terminated and truncated to fit. */
typedef struct aclsimDeviceInfo {
  uint32_t struct_size;
  char profile_name[64]; /* e.g. "Ascend910B2" */
  char soc_name[64];     /* what aclrtGetSocName reports */
  uint32_t reserved0;
  uint64_t memory_bytes;
  uint32_t ai_core_count;
  uint32_t vector_core_count;
  uint32_t aicpu_count;
} aclsimDeviceInfo;
#define ACLSIM_DEVICE_INFO_STRUCT_SIZE ACLSIM_STRUCT_SIZE(aclsimDeviceInfo, aicpu_count)

/* One finished task (plugin-allocated, passed to the completion callback).
 * For ACLSIM_COMPLETION_OP records model_tag and op_index identify the op (the tag
 * is what the host passed to submit_graph); for ACLSIM_COMPLETION_MARKER records
 * marker_id and marker_tag are the host's and model_tag is 0xFFFFFFFF. */
typedef struct aclsimCompletion {
  uint32_t struct_size;
  uint32_t device_id;
  uint32_t kind;   /* ACLSIM_COMPLETION_* */
  uint32_t engine; /* ACLSIM_ENGINE_* */
  uint32_t block_dim;
  uint32_t model_tag;
  uint32_t op_index;
  uint32_t host_tid; /* the submitter's host thread id */
  uint32_t marker_tag;
  uint32_t reserved0;
  uint64_t stream_id;
  uint64_t task_id;
  uint64_t marker_id;
  int64_t start_ns;
  int64_t end_ns;
  int64_t exec_ns; /* core execution time: duration without launch overhead */
  uint64_t flops;
  uint64_t bytes;
} aclsimCompletion;
#define ACLSIM_COMPLETION_STRUCT_SIZE ACLSIM_STRUCT_SIZE(aclsimCompletion, bytes)

/* Per-op cost of a loaded graph as the backend computed it (host-allocated
 * array, written by graph_costs). */
typedef struct aclsimOpCost {
  uint32_t struct_size;
  uint32_t block_dim;
  uint64_t flops;
  uint64_t macs; /* multiply-accumulates of cube ops (Conv/MatMul/...) */
  uint64_t bytes;
  int64_t duration_ns;
} aclsimOpCost;
#define ACLSIM_OP_COST_STRUCT_SIZE ACLSIM_STRUCT_SIZE(aclsimOpCost, duration_ns)

/* State of an event (host-allocated, written by query_event). */
typedef struct aclsimEventState {
  uint32_t struct_size;
  uint32_t recorded; /* 0/1: a record was submitted */
  uint32_t complete; /* 0/1: the stream reached the latest record (1 if never recorded) */
  uint32_t reserved0;
  int64_t timestamp_ns; /* device time of the latest record; valid when recorded */
} aclsimEventState;
#define ACLSIM_EVENT_STATE_STRUCT_SIZE ACLSIM_STRUCT_SIZE(aclsimEventState, timestamp_ns)

/* Receives completion records. |records| points to |count| (>= 1) records
 * strided by records[0].struct_size, owned by the plugin and valid only
 * during the call. |user| is the value given to set_completion_sink. See
 * "Thread safety" above: never call into the plugin from here. */
typedef void (*aclsimCompletionFn)(void* user, const aclsimCompletion* records, size_t count);

/* The function table. Plugin-owned, immutable and valid until the library is
 * unloaded. Append-only: new members go at the end, with a minor bump. */
typedef struct aclsimBackendApi {
  /* ---- Frozen across all majors (read before the version check). ---- */
  uint32_t struct_size; /* >= ACLSIM_BACKEND_API_STRUCT_SIZE for 1.0 */
  uint32_t abi_major;   /* ACLSIM_BACKEND_ABI_MAJOR the plugin was built with */
  uint32_t abi_minor;   /* ACLSIM_BACKEND_ABI_MINOR the plugin was built with */
  const char* name;     /* backend name, e.g. "sim"; static, NUL-terminated */

  /* ---- 1.0 ---- */

  /* The message of the latest failing call made on the calling thread; ""
   * if none. Never NULL. Valid until the next call into the plugin on this
   * thread. Thread-safe (the message is thread-local). */
  const char* (*last_error)(void);

  /* Creates a backend from |options| (struct_size >= the 1.0 size) and
   * stores it in |*out_backend|. The plugin copies what it keeps.
   * Errors: 107000; 100000 ACL_ERROR_INVALID_PARAM for an invalid option
   * value (device_count, jitter, unknown profile, unreadable profile file,
   * bad faults_json); remote backends also ACL_ERROR_RT_* transport errors. */
  aclsimBackendStatus (*create_backend)(const aclsimBackendOptions* options, aclsimBackend** out_backend);

  /* Destroys |backend|; NULL is a no-op. Every device must be closed. */
  aclsimBackendStatus (*destroy_backend)(aclsimBackend* backend);

  /* Number of devices, constant over the backend's lifetime. Errors: 107000. */
  aclsimBackendStatus (*device_count)(aclsimBackend* backend, uint32_t* out_count);

  /* Opens device |device_id| and stores it in |*out_device|. A device id may
   * be open at most once at a time. Errors: 107000, 107001. */
  aclsimBackendStatus (*open_device)(aclsimBackend* backend, uint32_t device_id, aclsimDevice** out_device);

  /* Waits for the device's work, then releases it and every stream, event
   * and executable on it. NULL is a no-op. No completion is reported after
   * this returns. */
  aclsimBackendStatus (*close_device)(aclsimDevice* device);

  /* Fills |out_info| (host sets out_info->struct_size). Errors: 107000. */
  aclsimBackendStatus (*device_info)(aclsimDevice* device, aclsimDeviceInfo* out_info);

  /* Creates an in-order task queue. Errors: 107000, 207001. */
  aclsimBackendStatus (*create_stream)(aclsimDevice* device, aclsimStreamId* out_stream);
  /* Waits for the stream's tasks, then forgets it. Errors: 107000, 107017. */
  aclsimBackendStatus (*destroy_stream)(aclsimDevice* device, aclsimStreamId stream);
  /* Creates a never-recorded event. Errors: 107000, 207001. */
  aclsimBackendStatus (*create_event)(aclsimDevice* device, aclsimEventId* out_event);
  /* Errors: 107000, 107017. */
  aclsimBackendStatus (*destroy_event)(aclsimDevice* device, aclsimEventId event);

  /* Compiles the graph given as "aclsim.graph.v1" JSON text (|len| bytes at
   * |json|, no terminator needed; docs/model_format.md) for this device. Errors: 107000; the model loader's codes for
   * bad JSON (100012 ACL_ERROR_DESERIALIZE_MODEL, 100013 ACL_ERROR_PARSE_MODEL, 100015, 100016). */
  aclsimBackendStatus (*load_graph)(aclsimDevice* device, const char* json, size_t len, aclsimExecutableId* out_exe);
  /* Errors: 107000, 107017. */
  aclsimBackendStatus (*unload_graph)(aclsimDevice* device, aclsimExecutableId exe);

  /* Per-op costs of |exe| in graph op order. Always stores the op count in
   * |*out_count|; writes the first min(capacity, count) elements of
   * |out_costs| (stride out_costs[0].struct_size, set by the host). Call
   * with capacity 0 (out_costs may be NULL) to learn the count, then again.
   * Errors: 107000 (out_count NULL, or capacity > 0 with out_costs NULL or
   * a too small struct_size), 107017. */
  aclsimBackendStatus (*graph_costs)(aclsimDevice* device, aclsimExecutableId exe, aclsimOpCost* out_costs,
                                     size_t capacity, size_t* out_count);

  /* Enqueues one execution of |exe| on |stream|: all ops run after every
   * task already on the stream; the stream continues after the last op. Op
   * i gets task id *out_first_task + i; records carry |model_tag| and
   * |host_tid|. Errors: 107000, 107017 (stream or exe). */
  aclsimBackendStatus (*submit_graph)(aclsimDevice* device, aclsimStreamId stream, aclsimExecutableId exe,
                                      uint32_t model_tag, uint32_t host_tid, aclsimTaskId* out_first_task);
  /* Enqueues a zero-length marker; its time is when the stream reaches it.
   * Errors: 107000, 107017. */
  aclsimBackendStatus (*submit_marker)(aclsimDevice* device, aclsimStreamId stream, uint64_t marker_id, uint32_t tag,
                                       uint32_t host_tid, aclsimTaskId* out_task);
  /* Records |event| at the current end of |stream|. Errors: 107017. */
  aclsimBackendStatus (*submit_event_record)(aclsimDevice* device, aclsimStreamId stream, aclsimEventId event);
  /* Later tasks on |stream| start no earlier than the event's latest record;
   * a never-recorded event is a no-op. Errors: 107017. */
  aclsimBackendStatus (*submit_event_wait)(aclsimDevice* device, aclsimStreamId stream, aclsimEventId event);

  /* Blocks until the stream's tasks are done. Errors: 107017. */
  aclsimBackendStatus (*synchronize_stream)(aclsimDevice* device, aclsimStreamId stream);
  /* *out_idle = 1 when every task of the stream is done, else 0.
   * Errors: 107000, 107017. */
  aclsimBackendStatus (*query_stream)(aclsimDevice* device, aclsimStreamId stream, uint32_t* out_idle);
  /* Blocks until the event's latest record is reached; returns at once for a
   * never-recorded event. Errors: 107017. */
  aclsimBackendStatus (*synchronize_event)(aclsimDevice* device, aclsimEventId event);
  /* Fills |out_state| (host sets struct_size). Errors: 107000, 107017. */
  aclsimBackendStatus (*query_event)(aclsimDevice* device, aclsimEventId event, aclsimEventState* out_state);
  /* Blocks until every stream of the device is done. */
  aclsimBackendStatus (*synchronize_device)(aclsimDevice* device);

  /* The device clock as the host observes it. Errors: 107000. */
  aclsimBackendStatus (*now)(aclsimDevice* device, int64_t* out_ns);

  /* Sets the completion callback, or clears it with |fn| NULL. Records still
   * pending for the previous callback are delivered to it before this
   * returns; afterwards only |fn| is called. |user| is passed back verbatim
   * and must stay valid until the callback is replaced, cleared or the
   * device closed. A backend may skip producing records while no callback
   * is set. Errors: 107000 (device NULL). */
  aclsimBackendStatus (*set_completion_sink)(aclsimDevice* device, aclsimCompletionFn fn, void* user);
} aclsimBackendApi;
#define ACLSIM_BACKEND_API_STRUCT_SIZE ACLSIM_STRUCT_SIZE(aclsimBackendApi, set_completion_sink)
/* The frozen prefix every major keeps (see "Negotiation"). */
#define ACLSIM_BACKEND_API_HEADER_SIZE ACLSIM_STRUCT_SIZE(aclsimBackendApi, name)

/* The entry point a plugin exports (the only symbol it needs to export).
 * Returns the table for ABI major |host_abi_major|, see "Negotiation";
 * NULL if the plugin cannot serve it and offers no table. Thread-safe, no
 * side effects, may be called any number of times; the table is static. */
typedef const aclsimBackendApi* (*aclsimBackendGetApiFn)(uint32_t host_abi_major);
ACLSIM_BACKEND_EXPORT const aclsimBackendApi* aclsimBackendGetApi(uint32_t host_abi_major);

#ifdef __cplusplus
} /* extern "C" */

/* Layout guards: 1.0 sizes are frozen (LP64). */
static_assert(ACLSIM_BACKEND_OPTIONS_STRUCT_SIZE == 64, "aclsimBackendOptions 1.0 layout");
static_assert(ACLSIM_DEVICE_INFO_STRUCT_SIZE == 156, "aclsimDeviceInfo 1.0 layout");
static_assert(ACLSIM_COMPLETION_STRUCT_SIZE == 104, "aclsimCompletion 1.0 layout");
static_assert(ACLSIM_OP_COST_STRUCT_SIZE == 40, "aclsimOpCost 1.0 layout");
static_assert(ACLSIM_EVENT_STATE_STRUCT_SIZE == 24, "aclsimEventState 1.0 layout");
static_assert(ACLSIM_BACKEND_API_HEADER_SIZE == 24, "aclsimBackendApi frozen prefix");
static_assert(ACLSIM_BACKEND_API_STRUCT_SIZE == 24 + 25 * sizeof(void*), "aclsimBackendApi 1.0 layout");
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(ACLSIM_COMPLETION_STRUCT_SIZE == 104, "aclsimCompletion 1.0 layout");
#endif

#endif /* ACLSIM_BACKEND_H_ */
