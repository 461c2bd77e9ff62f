"""The device interface, declared once.

This list is the one definition of the methods of a device and of the value
types that cross the device boundary. scripts/gen/gen_device.py turns it into

  runtime/device/device_methods.inc          the pure virtuals of device::Device
  runtime/device/device_types.h              the C++ value types
  runtime/device/c_api/backend_c_api.h       the plugin C ABI (installed as
                                             <aclsim/backend_c_api.h>)
  runtime/device/c_api/codec.{h,cc}          C++ <-> C conversions of the types
  runtime/device/c_api/host_device.{h,cc}    C table -> device::Device (host side)
  runtime/device/c_api/plugin_functions.inc  device::Device -> C table (plugin side)
  remote/wire_types.{h,cc}                   wire encoding of the types
  remote/message_types.h                     the remote protocol's message enum
  remote/client/remote_device.{h,cc}         device::Device -> remote requests
  remote/server/device_requests.cc           remote requests -> device::Device

Adding a device method means one entry in METHODS plus its implementation in
each backend (sim/, remote/server is generated). Run the generator after any
change; CI fails when its outputs are stale (scripts/gen/gen_device.py --check).

A field may carry a fourth element, the ABI minor version that appended it
("2.2"): such fields come last, are plain numbers, and a reader of an older
(smaller) struct takes their default.

Field types: u32, u64, i64, bool, str64 (a name of at most 63 bytes), and
enums declared in ENUMS. Parameter types: the handle kinds stream, event,
executable; graph (a model::Graph; "aclsim.graph.v1" JSON across the C ABI
and the wire); or a STRUCTS name (passed by const reference / pointer).
Result types: none, a handle kind or task, bool, time (device nanoseconds),
a STRUCTS name, or "list:<STRUCTS name>".
"""

# Enums that cross the boundary: C++ name, C prefix, values in order.
ENUMS = [
    {
        "name": "TaskKind",
        "cpp": "device::TaskKind",
        "c_prefix": "ACLSIM_BACKEND_TASK_",
        "doc": "What a completion record describes.",
        "values": [("kOp", "OP", "one op of a graph execution"),
                   ("kMarker", "MARKER", "a zero-length marker (step tag, MarkEx)"),
                   ("kEventRecord", "EVENT_RECORD", "an event record")],
    },
    {
        "name": "Engine",
        "cpp": "model::Engine",
        "c_prefix": "ACLSIM_BACKEND_ENGINE_",
        "doc": "The engine an op ran on (msprof task types).",
        "values": [("kAiCore", "AI_CORE", "AI Core (cube and vector units)"),
                   ("kAiVector", "AI_VECTOR", "AI Vector core"),
                   ("kAiCpu", "AI_CPU", "AI CPU")],
    },
]

# Value types. Each has a C struct that begins with uint32_t struct_size.
STRUCTS = [
    {
        "name": "DeviceInfo",
        "c": "aclsimBackendDeviceInfo",
        "doc": "Static facts about a device.",
        "fields": [
            ("profile_name", "str64", "device profile, e.g. \"Ascend910B2\""),
            ("soc_name", "str64", "what aclrtGetSocName reports"),
            ("memory_bytes", "u64", "device memory"),
            ("ai_core_count", "u32", "AI Cores"),
            ("vector_core_count", "u32", "AI Vector cores"),
            ("aicpu_count", "u32", "AI CPUs"),
        ],
    },
    {
        "name": "EventState",
        "c": "aclsimBackendEventState",
        "doc": "The state of an event.",
        "fields": [
            ("recorded", "bool", "a record was submitted"),
            ("complete", "bool", "the stream reached the latest record (true if never recorded)"),
            ("timestamp_ns", "i64", "device time of the latest record; valid when recorded"),
        ],
    },
    {
        "name": "OpCost",
        "c": "aclsimBackendOpCost",
        "doc": "Per-op cost of a loaded graph as the backend computed it.",
        "fields": [
            ("flops", "u64", "floating-point operations"),
            ("macs", "u64", "multiply-accumulates of cube ops (Conv/MatMul/...)"),
            ("bytes", "u64", "bytes moved"),
            ("block_dim", "u32", "cores the op runs on"),
            ("duration_ns", "i64", "modelled duration"),
        ],
    },
    {
        "name": "LaunchInfo",
        "c": "aclsimBackendLaunchInfo",
        "doc": ("Who launched a graph execution (recorded, never interpreted by the device), and when the host "
                "finished enqueuing it."),
        "fields": [
            ("model_tag", "u32", "the submitter's tag, copied into every op record (the runtime's model id)"),
            ("host_tid", "u32", "the submitter's host thread id"),
            ("host_ready_ns", "i64", ("the device time (the host's clock) at which the host finished enqueuing the "
                                      "work: no op starts earlier; 0: no constraint"), "2.2"),
        ],
    },
    {
        "name": "MarkerInfo",
        "c": "aclsimBackendMarkerInfo",
        "doc": "A zero-length marker task (recorded, never interpreted by the device).",
        "fields": [
            ("marker_id", "u64", "the submitter's id"),
            ("tag", "u32", "the submitter's tag"),
            ("host_tid", "u32", "the submitter's host thread id"),
            ("host_ready_ns", "i64", ("the device time (the host's clock) at which the host finished enqueuing the "
                                      "marker: the stream reaches it no earlier; 0: no constraint"), "2.2"),
        ],
    },
    {
        "name": "CompletionRecord",
        "c": "aclsimBackendCompletion",
        "doc": ("One finished task. For op records model_tag and op_index identify the op; for marker "
                "records marker_id and marker_tag are the submitter's."),
        "fields": [
            ("device_id", "u32", "the device that ran the task"),
            ("kind", "enum:TaskKind", "what the record describes"),
            ("engine", "enum:Engine", "the engine of an op"),
            ("block_dim", "u32", "cores an op ran on"),
            ("stream_id", "u64", "the stream of the task"),
            ("task_id", "u64", "per device, increasing in submit order"),
            ("model_tag", "u32", "LaunchInfo.model_tag of an op; 0xFFFFFFFF for a marker"),
            ("op_index", "u32", "the op's index in its graph"),
            ("host_tid", "u32", "the submitter's host thread id"),
            ("marker_tag", "u32", "MarkerInfo.tag of a marker"),
            ("marker_id", "u64", "MarkerInfo.marker_id of a marker"),
            ("start_ns", "i64", "device time the task started"),
            ("end_ns", "i64", "device time the task ended"),
            ("exec_ns", "i64", "core execution time: duration without launch overhead"),
            ("flops", "u64", "floating-point operations of an op"),
            ("bytes", "u64", "bytes an op moved"),
        ],
    },
]

# Device methods, in C-table and wire order. "errors" lists the canonical
# codes (and details) a backend may return besides INVALID_ARGUMENT for a
# malformed call; the host maps them to ACL codes at the API edge.
METHODS = [
    {
        "name": "device_info", "result": "DeviceInfo", "params": [],
        "kind": "info",
        "doc": "Static facts about the device. Read once, when the host opens it.",
        "errors": [],
    },
    {
        "name": "create_stream", "result": "stream", "params": [],
        "creates": "stream",
        "doc": "Creates an in-order task queue.",
        "errors": ["RESOURCE_EXHAUSTED"],
    },
    {
        "name": "destroy_stream", "result": "none", "params": [("stream", "stream")],
        "destroys": "stream",
        "doc": "Waits for the stream's tasks, then forgets it.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "create_event", "result": "event", "params": [],
        "creates": "event",
        "doc": "Creates a never-recorded event.",
        "errors": ["RESOURCE_EXHAUSTED"],
    },
    {
        "name": "destroy_event", "result": "none", "params": [("event", "event")],
        "destroys": "event",
        "doc": "Forgets an event.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "load_graph", "result": "executable", "params": [("graph", "graph")],
        "creates": "executable",
        "doc": ("Compiles a graph for this device (costs, schedule tables). The backend copies what it "
                "needs; the graph may be freed afterwards."),
        "errors": ["INVALID_ARGUMENT/MODEL_*"],
    },
    {
        "name": "unload_graph", "result": "none", "params": [("exe", "executable")],
        "destroys": "executable",
        "doc": "Forgets a loaded graph.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "graph_costs", "result": "list:OpCost", "params": [("exe", "executable")],
        "cpp": "GetGraphCosts",
        "doc": "Per-op costs of a loaded graph, in graph op order.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "submit_graph", "result": "task",
        "params": [("stream", "stream"), ("exe", "executable"), ("launch", "LaunchInfo")],
        "submits": True,
        "doc": ("Enqueues one execution of a graph on a stream: all ops run after every task already on "
                "the stream; the stream continues after the last op. Op i gets task id first + i; its "
                "record carries the launch info."),
        "errors": ["NOT_FOUND/INVALID_HANDLE", "UNAVAILABLE/DEVICE_LOST"],
    },
    {
        "name": "submit_marker", "result": "task",
        "params": [("stream", "stream"), ("marker", "MarkerInfo")],
        "submits": True,
        "doc": "Enqueues a zero-length marker; its timestamp is the time the stream reaches it.",
        "errors": ["NOT_FOUND/INVALID_HANDLE", "ABORTED/DEVICE_ERROR"],
    },
    {
        "name": "submit_event_record", "result": "none", "params": [("stream", "stream"), ("event", "event")],
        "doc": "Records an event at the current end of a stream.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "submit_event_wait", "result": "none", "params": [("stream", "stream"), ("event", "event")],
        "doc": ("Tasks enqueued on the stream after this wait start no earlier than the event's latest "
                "record. Waiting on a never-recorded event is a no-op."),
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "synchronize_stream", "result": "none", "params": [("stream", "stream")],
        "doc": "Blocks until the stream's tasks are done; reports the first failed task's error.",
        "errors": ["NOT_FOUND/INVALID_HANDLE", "ABORTED/DEVICE_ERROR", "UNAVAILABLE/DEVICE_LOST"],
    },
    {
        "name": "query_stream", "result": "bool", "params": [("stream", "stream")],
        "doc": "True when every task of the stream is done.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "synchronize_event", "result": "none", "params": [("event", "event")],
        "doc": "Blocks until the event's latest record is reached; returns at once for a never-recorded event.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "query_event", "result": "EventState", "params": [("event", "event")],
        "doc": "The state of an event.",
        "errors": ["NOT_FOUND/INVALID_HANDLE"],
    },
    {
        "name": "synchronize_device", "result": "none", "params": [],
        "doc": "Blocks until every stream of the device is done.",
        "errors": ["ABORTED/DEVICE_ERROR", "UNAVAILABLE/DEVICE_LOST"],
    },
    {
        "name": "now", "result": "time", "params": [],
        "doc": "The device clock as the host observes it.",
        "errors": ["UNAVAILABLE/NO_DEVICE"],
    },
    {
        "name": "set_completion_sink", "result": "none", "params": [],
        "kind": "sink",
        "doc": ("Sets, or clears, where completion records go. Records still pending for the previous "
                "sink are delivered to it before this returns; afterwards only the new one is called."),
        "errors": [],
    },
]
