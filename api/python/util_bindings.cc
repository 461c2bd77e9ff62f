// acl.util: pointer/bytes/numpy helpers and Python functions on threads of
// their own (spec §5), in the conventions of acl_module.cc. numpy is imported
// on first use, so the module works without it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cerrno>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "module_common.h"

namespace aclsim::python {
namespace {

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

}  // namespace

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

}  // namespace aclsim::python
