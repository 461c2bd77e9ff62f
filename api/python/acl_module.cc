// The pyACL-compatible Python module `acl` (spec §5, §6): acl.rt, acl.mdl,
// acl.prof, acl.util and the top-level init/finalize/data-buffer helpers,
// spelled as Ascend's pyACL spells them, over aclsim's public C API.
//
// A binding, not a layer: every function converts its Python arguments, makes
// one C call and converts the result back. pyACL's conventions hold
// throughout: handles and pointers are Python ints (0 for NULL), aclError is an
// int, a C out-parameter turns the result into a (value, ret) tuple, a void C
// function returns None, and arguments that do not parse raise TypeError with
// "acl.<module>.<name> args parse failed". Calls that can block release the
// GIL so other Python threads (typically the subscription pipe reader) run.
//
// Differences from pyACL, on purpose:
//  * create_subscribe_config(switch, metrics, fd) copies the fd value into an
//    int owned by this module for as long as the profiler may use it (pyACL
//    hands out the address of a std::vector element that a later call can
//    reallocate, leaving earlier subscriptions with a dangling pointer).
//  * the acl.util numpy helpers import numpy on first use; without numpy they
//    raise ImportError and the rest of the module works.
//
// Only public headers are included (STYLE.md §6).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/prof_acl_api.h"

namespace py = pybind11;

namespace {

using Handle = uintptr_t;  // pyACL's "k" format: an address as a Python int
using NoGil = py::call_guard<py::gil_scoped_release>;

template <typename T>
T* Ptr(Handle h) {
  return reinterpret_cast<T*>(h);
}

Handle Addr(const void* p) { return reinterpret_cast<Handle>(p); }

// Registers |f| as |name| in |m|, followed by a catch-all overload that turns
// any argument mismatch into pyACL's TypeError text (pybind11 tries overloads
// in order, so the typed one always wins when the arguments fit).
template <typename F, typename... Extra>
void Def(py::module_& m, const char* name, F&& f, const char* doc, const Extra&... extra) {
  m.def(name, std::forward<F>(f), doc, extra...);
  std::string where = py::cast<std::string>(m.attr("__name__")) + "." + name;
  m.def(
      name,
      [where](py::args args, py::kwargs kwargs) {
        std::string got;
        for (py::handle a : args)
          got += (got.empty() ? "" : ", ") + std::string(py::str(a.get_type().attr("__name__")));
        for (auto kv : kwargs) {
          got += (got.empty() ? "" : ", ") + std::string(py::str(kv.first)) + "=" +
                 std::string(py::str(kv.second.get_type().attr("__name__")));
        }
        throw py::type_error(where + " args parse failed: got (" + got + "); see help(" + where + ")");
      },
      "(argument-error fallback)");
}

// ------------------------------------------------------------ acl.prof fd ints

// The ints whose addresses create_subscribe_config hands to the profiler,
// keyed by the config handle. destroy_subscribe_config frees the int once the
// profiler has written -1 into it (model_unsubscribe closed the pipe).
// Otherwise a subscription may still hold the address and write -1 into it
// later, and the module cannot tell that from a config never subscribed, so
// the int is kept (4 bytes) for the life of the process.
std::mutex g_fd_mu;
std::map<Handle, std::unique_ptr<int>> g_fd_ints;
std::vector<std::unique_ptr<int>> g_parked_fd_ints;

Handle CreateSubscribeConfig(uint8_t time_info_switch, int aicore_metrics, int fd) {
  auto fd_int = std::make_unique<int>(fd);
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(
      static_cast<int8_t>(time_info_switch), static_cast<aclprofAicoreMetrics>(aicore_metrics), fd_int.get());
  if (config == nullptr) return 0;
  std::lock_guard<std::mutex> lock(g_fd_mu);
  g_fd_ints[Addr(config)] = std::move(fd_int);
  return Addr(config);
}

int DestroySubscribeConfig(Handle config) {
  aclError ret = aclprofDestroySubscribeConfig(Ptr<const aclprofSubscribeConfig>(config));
  std::lock_guard<std::mutex> lock(g_fd_mu);
  auto it = g_fd_ints.find(config);
  if (ret == ACL_SUCCESS && it != g_fd_ints.end()) {
    if (*it->second != -1) g_parked_fd_ints.push_back(std::move(it->second));
    g_fd_ints.erase(it);
  }
  return ret;
}

// --------------------------------------------------------- acl.prof accessors

// pyACL refuses name/type buffers over 4096 bytes without calling C.
constexpr uint64_t kMaxNameLen = 4096;

using NameLenFn = aclError (*)(const void*, size_t, uint32_t, size_t*);
using NameFn = aclError (*)(const void*, size_t, uint32_t, char*, size_t);

py::tuple NameLength(NameLenFn fn, Handle op_info, uint64_t op_info_len, uint32_t index) {
  size_t len = 0;
  aclError ret = fn(Ptr<const void>(op_info), op_info_len, index, &len);
  return py::make_tuple(len, ret);
}

py::tuple Name(NameFn fn, Handle op_info, uint64_t op_info_len, uint32_t index, uint64_t len) {
  if (len > kMaxNameLen) return py::make_tuple("", ACL_ERROR_INVALID_PARAM);
  std::vector<char> buf(len + 1, '\0');
  aclError ret = fn(Ptr<const void>(op_info), op_info_len, index, buf.data(), len);
  return py::make_tuple(py::str(buf.data()), ret);
}

// The _v2 getters: length query then fetch; None when either fails.
py::tuple NameV2(NameLenFn len_fn, NameFn fn, Handle op_info, uint64_t op_info_len, uint32_t index) {
  size_t len = 0;
  aclError ret = len_fn(Ptr<const void>(op_info), op_info_len, index, &len);
  if (ret != ACL_SUCCESS) return py::make_tuple(py::none(), ret);
  std::vector<char> buf(len + 1, '\0');
  ret = fn(Ptr<const void>(op_info), op_info_len, index, buf.data(), len);
  if (ret != ACL_SUCCESS) return py::make_tuple(py::none(), ret);
  return py::make_tuple(py::str(buf.data()), ret);
}

// ----------------------------------------------------------------- acl.mdl

py::dict DimsDict(const aclmdlIODims& dims) {
  py::list values;
  for (size_t i = 0; i < dims.dimCount && i < ACL_MAX_DIM_CNT; ++i) values.append(dims.dims[i]);
  py::dict d;
  d["name"] = py::str(dims.name);
  d["dimCount"] = dims.dimCount;
  d["dims"] = values;
  return d;
}

using DimsFn = aclError (*)(const aclmdlDesc*, size_t, aclmdlIODims*);

py::tuple Dims(DimsFn fn, Handle desc, size_t index) {
  aclmdlIODims dims;
  std::memset(&dims, 0, sizeof(dims));
  aclError ret;
  {
    py::gil_scoped_release nogil;
    ret = fn(Ptr<const aclmdlDesc>(desc), index, &dims);
  }
  return py::make_tuple(DimsDict(dims), ret);
}

// ---------------------------------------------------------------- acl.util

py::module_ Numpy(const char* function) {
  try {
    return py::module_::import("numpy");
  } catch (py::error_already_set&) {
    throw py::import_error(std::string("acl.util.") + function +
                           " needs numpy, which is not importable (Debian: apt-get install python3-numpy)");
  }
}

void Deprecated(const char* function) {
  std::string text = std::string("acl.util.") + function + " is deprecated, use acl.util.bytes_to_ptr instead";
  if (PyErr_WarnEx(PyExc_DeprecationWarning, text.c_str(), 1) != 0) throw py::error_already_set();
}

py::array AsArray(const char* function, const py::object& obj) {
  py::module_ np = Numpy(function);
  if (!py::isinstance(obj, np.attr("ndarray"))) {
    throw py::value_error(std::string("acl.util.") + function + " needs a numpy.ndarray as argument");
  }
  return py::reinterpret_borrow<py::array>(obj);
}

// A Python function running on its own thread for start_thread/stop_thread.
struct PyThread {
  std::thread thread;
  std::vector<std::string> errors;  // messages of exceptions the function raised
};

std::mutex g_thread_mu;
std::map<uint64_t, std::unique_ptr<PyThread>> g_threads;

py::tuple StartThread(py::function func, py::object args) {
  auto record = std::make_unique<PyThread>();
  PyThread* raw = record.get();
  auto* f = new py::function(std::move(func));
  auto* a = new py::object(std::move(args));
  raw->thread = std::thread([raw, f, a] {
    py::gil_scoped_acquire gil;
    try {
      if (a->is_none()) {
        (*f)();
      } else {
        (*f)(*a);
      }
    } catch (py::error_already_set& e) {
      raw->errors.push_back(e.what());
    } catch (const std::exception& e) {
      raw->errors.push_back(e.what());
    }
    delete f;  // the references are dropped while this thread holds the GIL
    delete a;
  });
  uint64_t id = static_cast<uint64_t>(raw->thread.native_handle());
  std::lock_guard<std::mutex> lock(g_thread_mu);
  g_threads[id] = std::move(record);
  return py::make_tuple(id, 0);
}

int StopThread(uint64_t thread_id) {
  std::unique_ptr<PyThread> record;
  {
    std::lock_guard<std::mutex> lock(g_thread_mu);
    auto it = g_threads.find(thread_id);
    if (it == g_threads.end()) return ESRCH;  // what pthread_join says of an unknown thread
    record = std::move(it->second);
    g_threads.erase(it);
  }
  {
    py::gil_scoped_release nogil;
    record->thread.join();
  }
  if (!record->errors.empty()) {
    std::string text = "acl.util.stop_thread: the thread's function raised:";
    for (const auto& e : record->errors) text += "\n" + e;
    throw std::runtime_error(text);
  }
  return 0;
}

// ---------------------------------------------------------- submodule defs

void DefTopLevel(py::module_& m) {
  Def(
      m, "init", [](std::optional<std::string> path) { return aclInit(path ? path->c_str() : nullptr); },
      "init([config_path]) -> ret: aclInit.", py::arg("config_path") = py::none());
  Def(m, "finalize", &aclFinalize, "finalize() -> ret: aclFinalize.", NoGil());
  Def(
      m, "get_recent_err_msg",
      []() -> py::object {
        const char* msg = aclGetRecentErrMsg();
        return msg ? py::object(py::str(msg)) : py::object(py::none());
      },
      "get_recent_err_msg() -> str or None: aclGetRecentErrMsg.");
  Def(
      m, "create_data_buffer",
      [](Handle data, size_t size) { return Addr(aclCreateDataBuffer(Ptr<void>(data), size)); },
      "create_data_buffer(data, size) -> buffer: aclCreateDataBuffer.", py::arg("data"), py::arg("size"));
  Def(
      m, "destroy_data_buffer", [](Handle buffer) { return aclDestroyDataBuffer(Ptr<const aclDataBuffer>(buffer)); },
      "destroy_data_buffer(buffer) -> ret.", py::arg("data_buffer"));
  Def(
      m, "update_data_buffer",
      [](Handle buffer, Handle data, size_t size) {
        return aclUpdateDataBuffer(Ptr<aclDataBuffer>(buffer), Ptr<void>(data), size);
      },
      "update_data_buffer(buffer, data, size) -> ret.", py::arg("data_buffer"), py::arg("data"), py::arg("size"));
  Def(
      m, "get_data_buffer_addr",
      [](Handle buffer) { return Addr(aclGetDataBufferAddr(Ptr<const aclDataBuffer>(buffer))); },
      "get_data_buffer_addr(buffer) -> ptr.", py::arg("data_buffer"));
  Def(
      m, "get_data_buffer_size_v2",
      [](Handle buffer) { return aclGetDataBufferSizeV2(Ptr<const aclDataBuffer>(buffer)); },
      "get_data_buffer_size_v2(buffer) -> size.", py::arg("data_buffer"));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Def(
      m, "get_data_buffer_size", [](Handle buffer) { return aclGetDataBufferSize(Ptr<const aclDataBuffer>(buffer)); },
      "get_data_buffer_size(buffer) -> size (deprecated, 32-bit).", py::arg("data_buffer"));
#pragma GCC diagnostic pop
}

void DefRt(py::module_& rt) {
  Def(rt, "set_device", &aclrtSetDevice, "set_device(device_id) -> ret.", py::arg("device_id"));
  Def(rt, "reset_device", &aclrtResetDevice, "reset_device(device_id) -> ret.", py::arg("device_id"), NoGil());
  Def(rt, "reset_device_force", &aclrtResetDeviceForce, "reset_device_force(device_id) -> ret.", py::arg("device_id"),
      NoGil());
  Def(
      rt, "get_device",
      []() {
        int32_t id = 0;
        aclError ret = aclrtGetDevice(&id);
        return py::make_tuple(id, ret);
      },
      "get_device() -> (device_id, ret).");
  Def(
      rt, "get_device_count",
      []() {
        uint32_t count = 0;
        aclError ret = aclrtGetDeviceCount(&count);
        return py::make_tuple(count, ret);
      },
      "get_device_count() -> (count, ret).");
  Def(rt, "synchronize_device", &aclrtSynchronizeDevice, "synchronize_device() -> ret (releases the GIL).", NoGil());
  Def(
      rt, "get_run_mode",
      []() {
        aclrtRunMode mode = ACL_HOST;
        aclError ret = aclrtGetRunMode(&mode);
        return py::make_tuple(static_cast<int>(mode), ret);
      },
      "get_run_mode() -> (run_mode, ret).");
  Def(
      rt, "get_soc_name",
      []() -> py::object {
        const char* name = aclrtGetSocName();
        return name ? py::object(py::str(name)) : py::object(py::none());
      },
      "get_soc_name() -> str or None.");

  Def(
      rt, "create_context",
      [](int32_t device_id) {
        aclrtContext ctx = nullptr;
        aclError ret = aclrtCreateContext(&ctx, device_id);
        return py::make_tuple(Addr(ctx), ret);
      },
      "create_context(device_id) -> (context, ret).", py::arg("device_id"));
  Def(
      rt, "destroy_context", [](Handle ctx) { return aclrtDestroyContext(Ptr<void>(ctx)); },
      "destroy_context(context) -> ret.", py::arg("context"), NoGil());
  Def(
      rt, "set_context", [](Handle ctx) { return aclrtSetCurrentContext(Ptr<void>(ctx)); },
      "set_context(context) -> ret.", py::arg("context"));
  Def(
      rt, "get_context",
      []() {
        aclrtContext ctx = nullptr;
        aclError ret = aclrtGetCurrentContext(&ctx);
        return py::make_tuple(Addr(ctx), ret);
      },
      "get_context() -> (context, ret).");

  Def(
      rt, "create_stream",
      []() {
        aclrtStream stream = nullptr;
        aclError ret = aclrtCreateStream(&stream);
        return py::make_tuple(Addr(stream), ret);
      },
      "create_stream() -> (stream, ret).");
  Def(
      rt, "destroy_stream", [](Handle stream) { return aclrtDestroyStream(Ptr<void>(stream)); },
      "destroy_stream(stream) -> ret.", py::arg("stream"), NoGil());
  Def(
      rt, "synchronize_stream", [](Handle stream) { return aclrtSynchronizeStream(Ptr<void>(stream)); },
      "synchronize_stream(stream) -> ret (releases the GIL).", py::arg("stream"), NoGil());
  Def(
      rt, "stream_query",
      [](Handle stream) {
        aclrtStreamStatus status = ACL_STREAM_STATUS_RESERVED;
        aclError ret = aclrtStreamQuery(Ptr<void>(stream), &status);
        return py::make_tuple(static_cast<int>(status), ret);
      },
      "stream_query(stream) -> (status, ret).", py::arg("stream"));
  Def(
      rt, "stream_wait_event",
      [](Handle stream, Handle event) { return aclrtStreamWaitEvent(Ptr<void>(stream), Ptr<void>(event)); },
      "stream_wait_event(stream, event) -> ret.", py::arg("stream"), py::arg("event"));

  Def(
      rt, "create_event",
      []() {
        aclrtEvent event = nullptr;
        aclError ret = aclrtCreateEvent(&event);
        return py::make_tuple(Addr(event), ret);
      },
      "create_event() -> (event, ret).");
  Def(
      rt, "create_event_with_flag",
      [](uint32_t flag) {
        aclrtEvent event = nullptr;
        aclError ret = aclrtCreateEventWithFlag(&event, flag);
        return py::make_tuple(Addr(event), ret);
      },
      "create_event_with_flag(flag) -> (event, ret).", py::arg("flag"));
  Def(
      rt, "destroy_event", [](Handle event) { return aclrtDestroyEvent(Ptr<void>(event)); },
      "destroy_event(event) -> ret.", py::arg("event"));
  Def(
      rt, "record_event",
      [](Handle event, Handle stream) { return aclrtRecordEvent(Ptr<void>(event), Ptr<void>(stream)); },
      "record_event(event, stream) -> ret.", py::arg("event"), py::arg("stream"));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Def(
      rt, "query_event",
      [](Handle event) {
        aclrtEventStatus status = ACL_EVENT_STATUS_RESERVED;
        aclError ret = aclrtQueryEvent(Ptr<void>(event), &status);
        return py::make_tuple(static_cast<int>(status), ret);
      },
      "query_event(event) -> (status, ret) (deprecated in CANN).", py::arg("event"));
#pragma GCC diagnostic pop
  Def(
      rt, "query_event_status",
      [](Handle event) {
        aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
        aclError ret = aclrtQueryEventStatus(Ptr<void>(event), &status);
        return py::make_tuple(static_cast<int>(status), ret);
      },
      "query_event_status(event) -> (status, ret).", py::arg("event"));
  Def(
      rt, "synchronize_event", [](Handle event) { return aclrtSynchronizeEvent(Ptr<void>(event)); },
      "synchronize_event(event) -> ret (releases the GIL).", py::arg("event"), NoGil());
  Def(
      rt, "event_elapsed_time",
      [](Handle start, Handle end) {
        float ms = 0.0f;
        aclError ret = aclrtEventElapsedTime(&ms, Ptr<void>(start), Ptr<void>(end));
        return py::make_tuple(ms, ret);
      },
      "event_elapsed_time(start_event, end_event) -> (ms, ret).", py::arg("start"), py::arg("end"));

  Def(
      rt, "malloc",
      [](size_t size, int policy) {
        void* p = nullptr;
        aclError ret = aclrtMalloc(&p, size, static_cast<aclrtMemMallocPolicy>(policy));
        return py::make_tuple(Addr(p), ret);
      },
      "malloc(size, policy) -> (dev_ptr, ret).", py::arg("size"), py::arg("policy"));
  Def(
      rt, "malloc_host",
      [](size_t size) {
        void* p = nullptr;
        aclError ret = aclrtMallocHost(&p, size);
        return py::make_tuple(Addr(p), ret);
      },
      "malloc_host(size) -> (host_ptr, ret).", py::arg("size"));
  Def(
      rt, "free", [](Handle p) { return aclrtFree(Ptr<void>(p)); }, "free(dev_ptr) -> ret.", py::arg("dev_ptr"));
  Def(
      rt, "free_host", [](Handle p) { return aclrtFreeHost(Ptr<void>(p)); }, "free_host(host_ptr) -> ret.",
      py::arg("host_ptr"));
  Def(
      rt, "memcpy",
      [](Handle dst, size_t dest_max, Handle src, size_t count, int kind) {
        return aclrtMemcpy(Ptr<void>(dst), dest_max, Ptr<const void>(src), count, static_cast<aclrtMemcpyKind>(kind));
      },
      "memcpy(dst, dest_max, src, count, kind) -> ret (releases the GIL).", py::arg("dst"), py::arg("dest_max"),
      py::arg("src"), py::arg("count"), py::arg("kind"), NoGil());
  Def(
      rt, "memset",
      [](Handle p, size_t max_count, int32_t value, size_t count) {
        return aclrtMemset(Ptr<void>(p), max_count, value, count);
      },
      "memset(dev_ptr, max_count, value, count) -> ret.", py::arg("dev_ptr"), py::arg("max_count"), py::arg("value"),
      py::arg("count"), NoGil());
}

void DefMdl(py::module_& mdl) {
  Def(
      mdl, "load_from_file",
      [](const std::string& path) {
        uint32_t id = 0;
        aclError ret;
        {
          py::gil_scoped_release nogil;
          ret = aclmdlLoadFromFile(path.c_str(), &id);
        }
        return py::make_tuple(id, ret);
      },
      "load_from_file(model_path) -> (model_id, ret).", py::arg("model_path"));
  Def(
      mdl, "load_from_mem",
      [](Handle model, size_t size) {
        uint32_t id = 0;
        aclError ret;
        {
          py::gil_scoped_release nogil;
          ret = aclmdlLoadFromMem(Ptr<const void>(model), size, &id);
        }
        return py::make_tuple(id, ret);
      },
      "load_from_mem(model_ptr, model_size) -> (model_id, ret).", py::arg("model"), py::arg("model_size"));
  Def(
      mdl, "execute",
      [](uint32_t id, Handle input, Handle output) {
        return aclmdlExecute(id, Ptr<const aclmdlDataset>(input), Ptr<aclmdlDataset>(output));
      },
      "execute(model_id, input, output) -> ret (releases the GIL).", py::arg("model_id"), py::arg("input"),
      py::arg("output"), NoGil());
  Def(
      mdl, "execute_async",
      [](uint32_t id, Handle input, Handle output, Handle stream) {
        return aclmdlExecuteAsync(id, Ptr<const aclmdlDataset>(input), Ptr<aclmdlDataset>(output), Ptr<void>(stream));
      },
      "execute_async(model_id, input, output, stream) -> ret (releases the GIL).", py::arg("model_id"),
      py::arg("input"), py::arg("output"), py::arg("stream"), NoGil());
  Def(mdl, "unload", &aclmdlUnload, "unload(model_id) -> ret.", py::arg("model_id"), NoGil());

  Def(
      mdl, "create_desc", []() { return Addr(aclmdlCreateDesc()); }, "create_desc() -> model_desc.");
  Def(
      mdl, "destroy_desc", [](Handle desc) { return aclmdlDestroyDesc(Ptr<aclmdlDesc>(desc)); },
      "destroy_desc(model_desc) -> ret.", py::arg("model_desc"));
  Def(
      mdl, "get_desc", [](Handle desc, uint32_t id) { return aclmdlGetDesc(Ptr<aclmdlDesc>(desc), id); },
      "get_desc(model_desc, model_id) -> ret.", py::arg("model_desc"), py::arg("model_id"));
  Def(
      mdl, "get_num_inputs", [](Handle desc) { return aclmdlGetNumInputs(Ptr<aclmdlDesc>(desc)); },
      "get_num_inputs(model_desc) -> int.", py::arg("model_desc"));
  Def(
      mdl, "get_num_outputs", [](Handle desc) { return aclmdlGetNumOutputs(Ptr<aclmdlDesc>(desc)); },
      "get_num_outputs(model_desc) -> int.", py::arg("model_desc"));
  Def(
      mdl, "get_input_size_by_index",
      [](Handle desc, size_t i) { return aclmdlGetInputSizeByIndex(Ptr<aclmdlDesc>(desc), i); },
      "get_input_size_by_index(model_desc, index) -> int.", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_output_size_by_index",
      [](Handle desc, size_t i) { return aclmdlGetOutputSizeByIndex(Ptr<aclmdlDesc>(desc), i); },
      "get_output_size_by_index(model_desc, index) -> int.", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_input_name_by_index",
      [](Handle desc, size_t i) { return std::string(aclmdlGetInputNameByIndex(Ptr<const aclmdlDesc>(desc), i)); },
      "get_input_name_by_index(model_desc, index) -> str.", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_output_name_by_index",
      [](Handle desc, size_t i) { return std::string(aclmdlGetOutputNameByIndex(Ptr<const aclmdlDesc>(desc), i)); },
      "get_output_name_by_index(model_desc, index) -> str.", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_input_index_by_name",
      [](Handle desc, const std::string& name) {
        size_t index = 0;
        aclError ret = aclmdlGetInputIndexByName(Ptr<const aclmdlDesc>(desc), name.c_str(), &index);
        return py::make_tuple(index, ret);
      },
      "get_input_index_by_name(model_desc, name) -> (index, ret).", py::arg("model_desc"), py::arg("name"));
  Def(
      mdl, "get_output_index_by_name",
      [](Handle desc, const std::string& name) {
        size_t index = 0;
        aclError ret = aclmdlGetOutputIndexByName(Ptr<const aclmdlDesc>(desc), name.c_str(), &index);
        return py::make_tuple(index, ret);
      },
      "get_output_index_by_name(model_desc, name) -> (index, ret).", py::arg("model_desc"), py::arg("name"));
  Def(
      mdl, "get_input_dims", [](Handle desc, size_t i) { return Dims(&aclmdlGetInputDims, desc, i); },
      "get_input_dims(model_desc, index) -> ({'name', 'dimCount', 'dims'}, ret).", py::arg("model_desc"),
      py::arg("index"));
  Def(
      mdl, "get_input_dims_v2", [](Handle desc, size_t i) { return Dims(&aclmdlGetInputDimsV2, desc, i); },
      "get_input_dims_v2(model_desc, index) -> ({'name', 'dimCount', 'dims'}, ret).", py::arg("model_desc"),
      py::arg("index"));
  Def(
      mdl, "get_output_dims", [](Handle desc, size_t i) { return Dims(&aclmdlGetOutputDims, desc, i); },
      "get_output_dims(model_desc, index) -> ({'name', 'dimCount', 'dims'}, ret).", py::arg("model_desc"),
      py::arg("index"));
  Def(
      mdl, "get_cur_output_dims", [](Handle desc, size_t i) { return Dims(&aclmdlGetCurOutputDims, desc, i); },
      "get_cur_output_dims(model_desc, index) -> ({'name', 'dimCount', 'dims'}, ret).", py::arg("model_desc"),
      py::arg("index"));
  Def(
      mdl, "get_input_data_type",
      [](Handle desc, size_t i) { return static_cast<int>(aclmdlGetInputDataType(Ptr<const aclmdlDesc>(desc), i)); },
      "get_input_data_type(model_desc, index) -> int (aclDataType).", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_output_data_type",
      [](Handle desc, size_t i) { return static_cast<int>(aclmdlGetOutputDataType(Ptr<const aclmdlDesc>(desc), i)); },
      "get_output_data_type(model_desc, index) -> int (aclDataType).", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_input_format",
      [](Handle desc, size_t i) { return static_cast<int>(aclmdlGetInputFormat(Ptr<const aclmdlDesc>(desc), i)); },
      "get_input_format(model_desc, index) -> int (aclFormat).", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_output_format",
      [](Handle desc, size_t i) { return static_cast<int>(aclmdlGetOutputFormat(Ptr<const aclmdlDesc>(desc), i)); },
      "get_output_format(model_desc, index) -> int (aclFormat).", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_dynamic_batch",
      [](Handle desc) {
        aclmdlBatch batch;
        std::memset(&batch, 0, sizeof(batch));
        aclError ret = aclmdlGetDynamicBatch(Ptr<const aclmdlDesc>(desc), &batch);
        py::list gears;
        for (size_t i = 0; i < batch.batchCount && i < ACL_MAX_BATCH_NUM; ++i) gears.append(batch.batch[i]);
        py::dict d;
        d["batchCount"] = batch.batchCount;
        d["batch"] = gears;
        return py::make_tuple(d, ret);
      },
      "get_dynamic_batch(model_desc) -> ({'batchCount', 'batch'}, ret).", py::arg("model_desc"));
  Def(
      mdl, "set_dynamic_batch_size",
      [](uint32_t id, Handle dataset, size_t index, uint64_t batch) {
        return aclmdlSetDynamicBatchSize(id, Ptr<aclmdlDataset>(dataset), index, batch);
      },
      "set_dynamic_batch_size(model_id, dataset, index, batch_size) -> ret.", py::arg("model_id"), py::arg("dataset"),
      py::arg("index"), py::arg("batch_size"));

  Def(
      mdl, "create_dataset", []() { return Addr(aclmdlCreateDataset()); }, "create_dataset() -> dataset.");
  Def(
      mdl, "destroy_dataset", [](Handle dataset) { return aclmdlDestroyDataset(Ptr<const aclmdlDataset>(dataset)); },
      "destroy_dataset(dataset) -> ret.", py::arg("dataset"));
  Def(
      mdl, "add_dataset_buffer",
      [](Handle dataset, Handle buffer) {
        aclError ret = aclmdlAddDatasetBuffer(Ptr<aclmdlDataset>(dataset), Ptr<aclDataBuffer>(buffer));
        return py::make_tuple(dataset, ret);
      },
      "add_dataset_buffer(dataset, data_buffer) -> (dataset, ret).", py::arg("dataset"), py::arg("data_buffer"));
  Def(
      mdl, "get_dataset_num_buffers",
      [](Handle dataset) { return aclmdlGetDatasetNumBuffers(Ptr<const aclmdlDataset>(dataset)); },
      "get_dataset_num_buffers(dataset) -> int.", py::arg("dataset"));
  Def(
      mdl, "get_dataset_buffer",
      [](Handle dataset, size_t i) { return Addr(aclmdlGetDatasetBuffer(Ptr<const aclmdlDataset>(dataset), i)); },
      "get_dataset_buffer(dataset, index) -> data_buffer.", py::arg("dataset"), py::arg("index"));
}

void DefProf(py::module_& prof) {
  // Collection sessions.
  Def(
      prof, "create_config",
      [](py::list device_id_list, int aicore_metrics, Handle aicore_events, uint64_t data_type_config) {
        std::vector<uint32_t> ids;
        for (py::handle item : device_id_list) {
          try {
            if (!PyLong_Check(item.ptr())) throw py::cast_error();
            ids.push_back(item.cast<uint32_t>());
          } catch (const py::cast_error&) {
            throw py::type_error("acl.prof.create_config args parse failed: device ids must be ints in [0, 2**32)");
          }
        }
        return Addr(aclprofCreateConfig(ids.empty() ? nullptr : ids.data(), static_cast<uint32_t>(ids.size()),
                                        static_cast<aclprofAicoreMetrics>(aicore_metrics),
                                        Ptr<const aclprofAicoreEvents>(aicore_events), data_type_config));
      },
      "create_config(device_id_list, aicore_metrics, aicore_events, data_type_config) -> config (0 on failure).",
      py::arg("device_id_list"), py::arg("aicore_metrics"), py::arg("aicore_events"), py::arg("data_type_config"));
  Def(
      prof, "destroy_config", [](Handle config) { return aclprofDestroyConfig(Ptr<const aclprofConfig>(config)); },
      "destroy_config(config) -> ret.", py::arg("config"));
  Def(
      prof, "init", [](const std::string& path) { return aclprofInit(path.c_str(), std::strlen(path.c_str())); },
      "init(profiler_result_path) -> ret.", py::arg("profiler_result_path"), NoGil());
  Def(prof, "finalize", &aclprofFinalize, "finalize() -> ret.", NoGil());
  Def(
      prof, "start", [](Handle config) { return aclprofStart(Ptr<const aclprofConfig>(config)); },
      "start(config) -> ret.", py::arg("config"), NoGil());
  Def(
      prof, "stop", [](Handle config) { return aclprofStop(Ptr<const aclprofConfig>(config)); },
      "stop(config) -> ret (releases the GIL: waits for submitted work).", py::arg("config"), NoGil());
  Def(
      prof, "set_config",
      [](int config_type, const std::string& config) {
        return aclprofSetConfig(static_cast<aclprofConfigType>(config_type), config.c_str(),
                                std::strlen(config.c_str()));
      },
      "set_config(config_type, config) -> ret.", py::arg("config_type"), py::arg("config"));

  // Operator subscription.
  Def(
      prof, "model_subscribe",
      [](uint32_t id, Handle config) { return aclprofModelSubscribe(id, Ptr<const aclprofSubscribeConfig>(config)); },
      "model_subscribe(model_id, subscribe_config) -> ret.", py::arg("model_id"), py::arg("subscribe_config"), NoGil());
  Def(prof, "model_unsubscribe", &aclprofModelUnSubscribe,
      "model_unsubscribe(model_id) -> ret (releases the GIL: waits until every record is written).",
      py::arg("model_id"), NoGil());
  Def(prof, "model_un_subscribe", &aclprofModelUnSubscribe,
      "model_un_subscribe(model_id) -> ret: legacy spelling of model_unsubscribe.", py::arg("model_id"), NoGil());
  Def(prof, "create_subscribe_config", &CreateSubscribeConfig,
      "create_subscribe_config(time_info_switch, aicore_metrics, fd) -> subscribe_config (0 on failure).\n\n"
      "fd is the pipe's write descriptor VALUE; the module keeps it in an int that lives as long as the\n"
      "profiler may use it. model_unsubscribe closes fd.",
      py::arg("time_info_switch"), py::arg("aicore_metrics"), py::arg("fd"));
  Def(prof, "destroy_subscribe_config", &DestroySubscribeConfig, "destroy_subscribe_config(subscribe_config) -> ret.",
      py::arg("subscribe_config"));
  Def(
      prof, "get_op_desc_size",
      []() {
        size_t size = 0;
        aclError ret = aclprofGetOpDescSize(&size);
        return py::make_tuple(size, ret);
      },
      "get_op_desc_size() -> (size, ret).");
  Def(
      prof, "get_op_num",
      [](Handle op_info, uint64_t len) {
        uint32_t num = 0;
        aclError ret = aclprofGetOpNum(Ptr<const void>(op_info), len, &num);
        return py::make_tuple(num, ret);
      },
      "get_op_num(op_info, op_info_len) -> (op_number, ret).", py::arg("op_info"), py::arg("op_info_len"));
  Def(
      prof, "get_op_type_len",
      [](Handle op_info, uint64_t len, uint32_t i) { return NameLength(&aclprofGetOpTypeLen, op_info, len, i); },
      "get_op_type_len(op_info, op_info_len, index) -> (len, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_name_len",
      [](Handle op_info, uint64_t len, uint32_t i) { return NameLength(&aclprofGetOpNameLen, op_info, len, i); },
      "get_op_name_len(op_info, op_info_len, index) -> (len, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_type",
      [](Handle op_info, uint64_t len, uint32_t i, uint64_t n) { return Name(&aclprofGetOpType, op_info, len, i, n); },
      "get_op_type(op_info, op_info_len, index, op_type_len) -> (str, ret); ('', 100000) if op_type_len > 4096.",
      py::arg("op_info"), py::arg("op_info_len"), py::arg("index"), py::arg("op_type_len"));
  Def(
      prof, "get_op_name",
      [](Handle op_info, uint64_t len, uint32_t i, uint64_t n) { return Name(&aclprofGetOpName, op_info, len, i, n); },
      "get_op_name(op_info, op_info_len, index, op_name_len) -> (str, ret); ('', 100000) if op_name_len > 4096.",
      py::arg("op_info"), py::arg("op_info_len"), py::arg("index"), py::arg("op_name_len"));
  Def(
      prof, "get_op_type_v2",
      [](Handle op_info, uint64_t len, uint32_t i) {
        return NameV2(&aclprofGetOpTypeLen, &aclprofGetOpType, op_info, len, i);
      },
      "get_op_type_v2(op_info, op_info_len, index) -> (str or None, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_name_v2",
      [](Handle op_info, uint64_t len, uint32_t i) {
        return NameV2(&aclprofGetOpNameLen, &aclprofGetOpName, op_info, len, i);
      },
      "get_op_name_v2(op_info, op_info_len, index) -> (str or None, ret).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_start",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetOpStart(Ptr<const void>(op_info), len, i); },
      "get_op_start(op_info, op_info_len, index) -> int ns (0 on failure).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_end",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetOpEnd(Ptr<const void>(op_info), len, i); },
      "get_op_end(op_info, op_info_len, index) -> int ns (0 on failure).", py::arg("op_info"), py::arg("op_info_len"),
      py::arg("index"));
  Def(
      prof, "get_op_duration",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetOpDuration(Ptr<const void>(op_info), len, i); },
      "get_op_duration(op_info, op_info_len, index) -> int ns (0 on failure).", py::arg("op_info"),
      py::arg("op_info_len"), py::arg("index"));
  Def(
      prof, "get_model_id",
      [](Handle op_info, uint64_t len, uint32_t i) { return aclprofGetModelId(Ptr<const void>(op_info), len, i); },
      "get_model_id(op_info, op_info_len, index) -> int (the error code 100000 on failure, as in CANN).",
      py::arg("op_info"), py::arg("op_info_len"), py::arg("index"));

  // Step markers.
  Def(
      prof, "create_step_info", []() { return Addr(aclprofCreateStepInfo()); }, "create_step_info() -> step_info.");
  Def(
      prof, "destroy_step_info", [](Handle step) { aclprofDestroyStepInfo(Ptr<aclprofStepInfo>(step)); },
      "destroy_step_info(step_info) -> None.", py::arg("step_info"));
  Def(
      prof, "get_step_timestamp",
      [](Handle step, int tag, Handle stream) {
        return aclprofGetStepTimestamp(Ptr<aclprofStepInfo>(step), static_cast<aclprofStepTag>(tag), Ptr<void>(stream));
      },
      "get_step_timestamp(step_info, tag, stream) -> ret.", py::arg("step_info"), py::arg("tag"), py::arg("stream"));

  // msproftx.
  Def(
      prof, "create_stamp", []() { return Addr(aclprofCreateStamp()); }, "create_stamp() -> stamp (0 on failure).");
  Def(
      prof, "destroy_stamp", [](Handle stamp) { aclprofDestroyStamp(Ptr<void>(stamp)); },
      "destroy_stamp(stamp) -> None.", py::arg("stamp"));
  Def(
      prof, "push", [](Handle stamp) { return aclprofPush(Ptr<void>(stamp)); }, "push(stamp) -> ret.",
      py::arg("stamp"));
  Def(prof, "pop", &aclprofPop, "pop() -> ret.");
  Def(
      prof, "range_start",
      [](Handle stamp) {
        uint32_t range_id = 0;
        aclError ret = aclprofRangeStart(Ptr<void>(stamp), &range_id);
        return py::make_tuple(range_id, ret);
      },
      "range_start(stamp) -> (range_id, ret).", py::arg("stamp"));
  Def(prof, "range_stop", &aclprofRangeStop, "range_stop(range_id) -> ret.", py::arg("range_id"));
  Def(
      prof, "set_stamp_trace_message",
      [](Handle stamp, const std::string& msg, uint32_t msg_len) {
        return aclprofSetStampTraceMessage(Ptr<void>(stamp), msg.c_str(), msg_len);
      },
      "set_stamp_trace_message(stamp, msg, msg_len) -> ret.", py::arg("stamp"), py::arg("msg"), py::arg("msg_len"));
  Def(
      prof, "mark", [](Handle stamp) { return aclprofMark(Ptr<void>(stamp)); }, "mark(stamp) -> ret.",
      py::arg("stamp"));
  Def(
      prof, "mark_ex",
      [](const std::string& msg, Handle stream) {
        return aclprofMarkEx(msg.c_str(), std::strlen(msg.c_str()), Ptr<void>(stream));
      },
      "mark_ex(msg, stream) -> ret.", py::arg("msg"), py::arg("stream"));
}

void DefUtil(py::module_& util) {
  // Not through Def(): pyACL raises ValueError here, not TypeError.
  util.def(
      "bytes_to_ptr",
      [](py::object b) {
        if (!PyBytes_Check(b.ptr())) throw py::value_error("acl.util.bytes_to_ptr needs an bytes as argument");
        return Addr(PyBytes_AS_STRING(b.ptr()));
      },
      "bytes_to_ptr(b) -> ptr: address of the bytes object's buffer (no copy; valid while b is alive).", py::arg("b"));
  Def(
      util, "ptr_to_bytes",
      [](Handle ptr, size_t size) {
        if (ptr == 0 && size != 0) throw py::value_error("acl.util.ptr_to_bytes: ptr is 0");
        return py::bytes(Ptr<const char>(ptr), size);
      },
      "ptr_to_bytes(ptr, size) -> bytes copied from [ptr, ptr + size).", py::arg("ptr"), py::arg("size"));
  util.def(
      "numpy_to_ptr",
      [](py::object obj) {
        py::array arr = AsArray("numpy_to_ptr", obj);
        Deprecated("numpy_to_ptr");
        if (!(arr.flags() & py::array::c_style)) {
          if (PyErr_WarnEx(PyExc_Warning, "acl.util.numpy_to_ptr: the array is not C-contiguous", 1) != 0) {
            throw py::error_already_set();
          }
        }
        return Addr(arr.data());
      },
      "numpy_to_ptr(array) -> ptr (deprecated: use bytes_to_ptr).", py::arg("array"));
  util.def(
      "numpy_contiguous_to_ptr",
      [](py::object obj) {
        AsArray("numpy_contiguous_to_ptr", obj);
        Deprecated("numpy_contiguous_to_ptr");
        py::array contiguous = Numpy("numpy_contiguous_to_ptr").attr("ascontiguousarray")(obj);
        return py::make_tuple(Addr(contiguous.data()), contiguous);
      },
      "numpy_contiguous_to_ptr(array) -> (ptr, contiguous_array); keep the array alive (deprecated).",
      py::arg("array"));
  Def(
      util, "ptr_to_numpy",
      [](Handle ptr, py::tuple shape, int npy_type) {
        Numpy("ptr_to_numpy");
        Deprecated("ptr_to_numpy");
        std::vector<py::ssize_t> dims;
        for (py::handle d : shape) dims.push_back(d.cast<py::ssize_t>());
        // A view (no copy, writeable) of memory the caller owns; the capsule
        // only marks the array as not owning its data.
        return py::array(py::dtype(npy_type), dims, Ptr<void>(ptr), py::capsule(Ptr<void>(ptr), [](void*) {}));
      },
      "ptr_to_numpy(ptr, shape, npy_type) -> ndarray view of the memory (deprecated).", py::arg("ptr"),
      py::arg("shape"), py::arg("npy_type"));
  Def(util, "start_thread", &StartThread,
      "start_thread(func, args) -> (thread_id, err): runs func() (args None) or func(args) on a new thread.",
      py::arg("func"), py::arg("args"));
  Def(util, "stop_thread", &StopThread,
      "stop_thread(thread_id) -> err: joins; raises RuntimeError if the function raised.", py::arg("thread_id"));
}

}  // namespace

PYBIND11_MODULE(acl, m) {
  m.doc() = "pyACL-compatible bindings of aclsim (the ACL runtime and profiling API over a simulated NPU)";
  DefTopLevel(m);
  py::module_ rt = m.def_submodule("rt", "devices, contexts, streams, events, memory");
  DefRt(rt);
  py::module_ mdl = m.def_submodule("mdl", "models, descriptions, datasets");
  DefMdl(mdl);
  py::module_ prof = m.def_submodule("prof", "profiling: sessions, operator subscription, step markers, msproftx");
  DefProf(prof);
  py::module_ util = m.def_submodule("util", "pointer helpers and threads");
  DefUtil(util);
}
