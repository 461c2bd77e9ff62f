// What the source files of the `acl` Python module share (acl_module.cc has
// the module's conventions): the handle type and its casts, Def() with its
// pyACL-style TypeError fallback, and the registration function of each
// submodule. Internal to api/python; public ACL headers only.
#ifndef ACLSIM_API_PYTHON_MODULE_COMMON_H_
#define ACLSIM_API_PYTHON_MODULE_COMMON_H_

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <utility>

namespace aclsim::python {

namespace py = pybind11;

using Handle = uintptr_t;  // pyACL's "k" format: an address as a Python int
using NoGil = py::call_guard<py::gil_scoped_release>;

template <typename T>
T* Ptr(Handle h) {
  return reinterpret_cast<T*>(h);
}

inline Handle Addr(const void* p) { return reinterpret_cast<Handle>(p); }

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

// Each registers the functions of one (sub)module in |m|.
void DefTopLevel(py::module_& m);    // acl_module.cc: acl.init, acl.finalize, data buffers
void DefRt(py::module_& rt);         // rt_bindings.cc
void DefMdl(py::module_& mdl);       // mdl_bindings.cc
void DefProf(py::module_& prof);     // prof_bindings.cc
void DefUtil(py::module_& util);     // util_bindings.cc
void DefOp(py::module_& op);         // op_bindings.cc
void DefTensorDesc(py::module_& m);  // tensor_desc_bindings.cc: acl.create_tensor_desc …
// surface.cc: the not-supported functions and the lenient wrappers that
// scripts/gen/gen_pyacl.py generates from pyacl_functions.txt; runs last.
void DefGenerated(py::module_& acl);

}  // namespace aclsim::python

#endif  // ACLSIM_API_PYTHON_MODULE_COMMON_H_
