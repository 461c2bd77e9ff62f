// The generated part of the module: every function of
// api/python/pyacl_functions.txt without a hand-written binding becomes a
// not-supported function, and the lenient functions accept extra positional
// arguments (generated/pyacl_table.inc, written by scripts/gen/gen_pyacl.py).
//
// A not-supported function accepts any positional arguments, records
// "acl.<module>.<name> is not implemented by aclsim" with
// ACL_ERROR_API_NOT_SUPPORT through libascendcl.so (so
// acl.get_recent_err_msg() and the error log have it, as for the C API's
// not-supported functions) and returns pyACL's shape for the function with
// the code in the error slot.
#include <pybind11/pybind11.h>

#include <cstring>
#include <string>
#include <string_view>

#include "acl/acl.h"
#include "acl/aclsim_ext.h"
#include "api/src/internal_entry_points.h"
#include "module_common.h"

namespace aclsim::python {
namespace {

struct Entry {
  const char* module;
  const char* name;
  const char* returns;
};

#define ACLSIM_PYACL_NOT_SUPPORTED(module, name, returns) {module, name, returns},
#define ACLSIM_PYACL_LENIENT(module, name)
constexpr Entry kNotSupported[] = {
#include "generated/pyacl_table.inc"
};
#undef ACLSIM_PYACL_LENIENT
#undef ACLSIM_PYACL_NOT_SUPPORTED

#define ACLSIM_PYACL_NOT_SUPPORTED(module, name, returns)
#define ACLSIM_PYACL_LENIENT(module, name) {module, name, nullptr},
constexpr Entry kLenient[] = {
#include "generated/pyacl_table.inc"
};
#undef ACLSIM_PYACL_LENIENT
#undef ACLSIM_PYACL_NOT_SUPPORTED

// One slot of a shape: 0, 0.0, None, "", {}, [] or ret (the error code).
py::object Slot(std::string_view token) {
  if (token == "ret") return py::int_(ACL_ERROR_API_NOT_SUPPORT);
  if (token == "0.0") return py::float_(0.0);
  if (token == "None") return py::none();
  if (token == "\"\"") return py::str("");
  if (token == "{}") return py::dict();
  if (token == "[]") return py::list();
  return py::int_(0);
}

// What a not-supported call returns, from its shape (the list's notation,
// checked by the generator): ret, void, =<value> or (<slot>,…).
py::object FailureValue(std::string_view returns) {
  if (returns == "void") return py::none();
  if (returns.front() == '=') return Slot(returns.substr(1));
  if (returns.front() != '(') return Slot(returns);
  py::list slots;
  std::string_view rest = returns.substr(1, returns.size() - 2);
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    slots.append(Slot(rest.substr(0, comma)));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return py::tuple(slots);
}

py::module_ Module(py::module_& acl, const char* module) {
  if (std::strcmp(module, "acl") == 0) return acl;
  return acl.attr(module).cast<py::module_>();
}

void DefNotSupported(py::module_& acl, const Entry& e) {
  py::module_ m = Module(acl, e.module);
  std::string api = py::cast<std::string>(m.attr("__name__")) + "." + e.name;
  std::string doc = std::string(e.name) + "(*args) -> " + e.returns +
                    ": not supported by aclsim; returns ACL_ERROR_API_NOT_SUPPORT (200001) in pyACL's shape and "
                    "leaves a message for acl.get_recent_err_msg().";
  std::string_view returns = e.returns;
  m.def(
      e.name,
      [api, returns](const py::args&) {
        aclsimInternalSetPythonNotSupported(api.c_str());
        return FailureValue(returns);
      },
      doc.c_str());
}

// The description of the first overload in pybind11's docstring of an
// overloaded function (Def() adds the argument-error fallback as the second).
std::string FirstOverloadDoc(const std::string& doc) {
  size_t first = doc.find("\n1. ");
  size_t body = first == std::string::npos ? first : doc.find("\n\n", first + 1);
  size_t end = first == std::string::npos ? first : doc.find("\n\n2. ", first);
  if (body == std::string::npos || end == std::string::npos || end < body) return doc;
  return doc.substr(body + 2, end - body - 2);
}

// Replaces the binding |e.name| (which takes no arguments) by one that
// ignores any positional arguments and calls it.
void MakeLenient(py::module_& acl, const Entry& e) {
  py::module_ m = Module(acl, e.module);
  py::object bound = m.attr(e.name);
  std::string doc = FirstOverloadDoc(py::cast<std::string>(bound.attr("__doc__"))) +
                    " As in pyACL, extra positional arguments are accepted and ignored.";
  m.attr(e.name) = py::cpp_function([bound](const py::args&) { return bound(); }, py::name(e.name), py::scope(m),
                                    py::doc(doc.c_str()));
}

}  // namespace

void DefGenerated(py::module_& acl) {
  for (const Entry& e : kNotSupported) DefNotSupported(acl, e);
  for (const Entry& e : kLenient) MakeLenient(acl, e);
}

}  // namespace aclsim::python
