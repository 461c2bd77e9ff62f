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
//  * a not-supported function accepts any positional arguments (pyACL's
//    would parse them first), and the hand-written bindings also accept
//    their parameters as keywords (pyACL's functions take none).
//  * acl.app_log names the calling Python file, line and function in the
//    log line (pyACL's names its own C wrapper).
//
// Only public headers are included (STYLE.md §6).
//
// The functions are those of api/python/pyacl_functions.txt: hand-written
// bindings here and in the submodules' files, and for every other listed
// function a generated not-supported one (surface.cc), which also makes the
// lenient functions ignore extra positional arguments as pyACL's do.
// docs/python_api_coverage.md lists them all.
//
// This file holds the top-level functions and the module definition; each
// submodule has its own file (rt_bindings.cc, mdl_bindings.cc,
// prof_bindings.cc, util_bindings.cc, op_bindings.cc; tensor descriptions in
// tensor_desc_bindings.cc) and module_common.h what they share.
#include <Python.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>

#include "acl/acl.h"
#include "module_common.h"

namespace aclsim::python {
namespace {

// acl.app_log(level, message): the line names the calling Python function,
// file and line, where pyACL's names its own C wrapper.
void AppLog(int level, const std::string& message) {
  std::string file = "<python>";
  std::string function = "<module>";
  uint32_t line = 0;
  if (PyFrameObject* frame = PyEval_GetFrame(); frame != nullptr) {
    line = static_cast<uint32_t>(PyFrame_GetLineNumber(frame));
    py::object code = py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(PyFrame_GetCode(frame)));
    file = py::cast<std::string>(code.attr("co_filename"));
    function = py::cast<std::string>(code.attr("co_name"));
  }
  aclAppLog(static_cast<aclLogLevel>(level), function.c_str(), file.c_str(), line, "%s", message.c_str());
}

void DefSystem(py::module_& m) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Def(
      m, "get_version",
      []() {
        int32_t major = 0;
        int32_t minor = 0;
        int32_t patch = 0;
        aclError ret = aclrtGetVersion(&major, &minor, &patch);
        return py::make_tuple(major, minor, patch, ret);
      },
      "get_version() -> (major, minor, patch, ret): aclrtGetVersion.");
#pragma GCC diagnostic pop
  Def(
      m, "get_soc_name",
      []() -> py::object {
        const char* name = aclrtGetSocName();
        return name ? py::object(py::str(name)) : py::object(py::none());
      },
      "get_soc_name() -> str or None: aclrtGetSocName.");
  Def(
      m, "data_type_size", [](int dtype) { return aclDataTypeSize(static_cast<aclDataType>(dtype)); },
      "data_type_size(data_type) -> size (0 for an unknown or sub-byte type): aclDataTypeSize.", py::arg("data_type"));
  Def(
      m, "float16_to_float", [](int64_t value) { return aclFloat16ToFloat(static_cast<aclFloat16>(value & 0xffff)); },
      "float16_to_float(value) -> float: aclFloat16ToFloat of the low 16 bits of value (IEEE half bits).",
      py::arg("value"));
  Def(
      m, "float_to_float16", [](float value) { return aclFloatToFloat16(value); },
      "float_to_float16(value) -> int: aclFloatToFloat16, the IEEE half bits (round to nearest even).",
      py::arg("value"));
  Def(m, "app_log", &AppLog,
      "app_log(log_level, message) -> None: aclAppLog; levels 0 debug, 1 info, 2 warning, 3 error "
      "(ASCEND_GLOBAL_LOG_LEVEL filters them; docs/logging.md).",
      py::arg("log_level"), py::arg("message"));
}

}  // namespace

void DefTopLevel(py::module_& m) {
  DefSystem(m);
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

}  // namespace aclsim::python

namespace py = pybind11;
using aclsim::python::DefGenerated;
using aclsim::python::DefMdl;
using aclsim::python::DefOp;
using aclsim::python::DefProf;
using aclsim::python::DefRt;
using aclsim::python::DefTensorDesc;
using aclsim::python::DefTopLevel;
using aclsim::python::DefUtil;

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
  DefTensorDesc(m);
  py::module_ op = m.def_submodule("op", "single operators: attributes, execute_v2, handles, op models");
  DefOp(op);
  m.def_submodule("blas", "matrix functions (not supported: every function returns ACL_ERROR_API_NOT_SUPPORT)");
  m.def_submodule("media", "DVPP, VDEC and VENC (not supported: every function returns ACL_ERROR_API_NOT_SUPPORT)");
  DefGenerated(m);
}
