// acl.op: the single-operator API (acl_op.h) as pyACL exposes it — attributes,
// execute_v2, handles (execute_with_handle), casts, op models. The tensor
// descriptions the calls take (acl.create_tensor_desc …, at the top level as
// in pyACL) are in tensor_desc_bindings.cc. Pointers are Python ints; lists of descriptions and
// buffers are lists of ints. pyACL has no wrappers for aclopCompile or the
// compile options, and neither has this module.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "module_common.h"

namespace aclsim::python {
namespace {

template <typename T>
std::vector<T*> Ptrs(const std::vector<Handle>& handles) {
  std::vector<T*> out;
  out.reserve(handles.size());
  for (Handle h : handles) out.push_back(Ptr<T>(h));
  return out;
}

void DefOpAttrs(py::module_& op) {
  Def(
      op, "create_attr", []() { return Addr(aclopCreateAttr()); }, "create_attr() -> attr (0 on failure).");
  Def(
      op, "destroy_attr", [](Handle attr) { aclopDestroyAttr(Ptr<const aclopAttr>(attr)); }, "destroy_attr(attr).",
      py::arg("attr"));
  Def(
      op, "set_attr_bool",
      [](Handle attr, const std::string& name, int value) {
        return aclopSetAttrBool(Ptr<aclopAttr>(attr), name.c_str(), static_cast<uint8_t>(value));
      },
      "set_attr_bool(attr, name, value) -> ret.", py::arg("attr"), py::arg("name"), py::arg("value"));
  Def(
      op, "set_attr_int",
      [](Handle attr, const std::string& name, int64_t value) {
        return aclopSetAttrInt(Ptr<aclopAttr>(attr), name.c_str(), value);
      },
      "set_attr_int(attr, name, value) -> ret.", py::arg("attr"), py::arg("name"), py::arg("value"));
  Def(
      op, "set_attr_float",
      [](Handle attr, const std::string& name, float value) {
        return aclopSetAttrFloat(Ptr<aclopAttr>(attr), name.c_str(), value);
      },
      "set_attr_float(attr, name, value) -> ret.", py::arg("attr"), py::arg("name"), py::arg("value"));
  Def(
      op, "set_attr_string",
      [](Handle attr, const std::string& name, const std::string& value) {
        return aclopSetAttrString(Ptr<aclopAttr>(attr), name.c_str(), value.c_str());
      },
      "set_attr_string(attr, name, value) -> ret.", py::arg("attr"), py::arg("name"), py::arg("value"));
  Def(
      op, "set_attr_list_int",
      [](Handle attr, const std::string& name, const std::vector<int64_t>& values) {
        return aclopSetAttrListInt(Ptr<aclopAttr>(attr), name.c_str(), static_cast<int>(values.size()), values.data());
      },
      "set_attr_list_int(attr, name, values) -> ret.", py::arg("attr"), py::arg("name"), py::arg("values"));
  Def(
      op, "set_attr_list_float",
      [](Handle attr, const std::string& name, const std::vector<float>& values) {
        return aclopSetAttrListFloat(Ptr<aclopAttr>(attr), name.c_str(), static_cast<int>(values.size()),
                                     values.data());
      },
      "set_attr_list_float(attr, name, values) -> ret.", py::arg("attr"), py::arg("name"), py::arg("values"));
  Def(
      op, "set_attr_data_type",
      [](Handle attr, const std::string& name, int dtype) {
        aclError ret = aclopSetAttrDataType(Ptr<aclopAttr>(attr), name.c_str(), static_cast<aclDataType>(dtype));
        return py::make_tuple(attr, ret);
      },
      "set_attr_data_type(attr, name, dtype) -> (attr, ret), as pyACL returns it.", py::arg("attr"), py::arg("name"),
      py::arg("dtype"));
}

// The list attributes of other element types.
void DefOpListAttrs(py::module_& op) {
  Def(
      op, "set_attr_list_bool",
      [](Handle attr, const std::string& name, const std::vector<int>& values) {
        std::vector<uint8_t> flags(values.begin(), values.end());
        return aclopSetAttrListBool(Ptr<aclopAttr>(attr), name.c_str(), static_cast<int>(flags.size()), flags.data());
      },
      "set_attr_list_bool(attr, name, values) -> ret.", py::arg("attr"), py::arg("name"), py::arg("values"));
  Def(
      op, "set_attr_list_string",
      [](Handle attr, const std::string& name, const std::vector<std::string>& values) {
        std::vector<const char*> strings;
        for (const std::string& v : values) strings.push_back(v.c_str());
        return aclopSetAttrListString(Ptr<aclopAttr>(attr), name.c_str(), static_cast<int>(strings.size()),
                                      strings.data());
      },
      "set_attr_list_string(attr, name, values) -> ret.", py::arg("attr"), py::arg("name"), py::arg("values"));
  Def(
      op, "set_attr_list_list_int",
      [](Handle attr, const std::string& name, const std::vector<std::vector<int64_t>>& lists) {
        std::vector<int> counts;
        std::vector<const int64_t*> values;
        for (const auto& l : lists) {
          counts.push_back(static_cast<int>(l.size()));
          values.push_back(l.data());
        }
        return aclopSetAttrListListInt(Ptr<aclopAttr>(attr), name.c_str(), static_cast<int>(lists.size()),
                                       counts.data(), values.data());
      },
      "set_attr_list_list_int(attr, name, [[int, ...], ...]) -> ret.", py::arg("attr"), py::arg("name"),
      py::arg("values"));
  Def(
      op, "set_attr_list_data_type",
      [](Handle attr, const std::string& name, const std::vector<int>& values) {
        std::vector<aclDataType> types;
        for (int v : values) types.push_back(static_cast<aclDataType>(v));
        aclError ret =
            aclopSetAttrListDataType(Ptr<aclopAttr>(attr), name.c_str(), static_cast<int>(types.size()), types.data());
        return py::make_tuple(attr, ret);
      },
      "set_attr_list_data_type(attr, name, values) -> (attr, ret), as pyACL returns it.", py::arg("attr"),
      py::arg("name"), py::arg("values"));
}

// aclopExecute (deprecated) and the casts.
void DefOpCasts(py::module_& op) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Def(
      op, "execute",
      [](const std::string& type, const std::vector<Handle>& in_desc, const std::vector<Handle>& inputs,
         const std::vector<Handle>& out_desc, const std::vector<Handle>& outputs, Handle attr, Handle stream) {
        auto in_d = Ptrs<const aclTensorDesc>(in_desc);
        auto in_b = Ptrs<const aclDataBuffer>(inputs);
        auto out_d = Ptrs<const aclTensorDesc>(out_desc);
        auto out_b = Ptrs<aclDataBuffer>(outputs);
        return aclopExecute(type.c_str(), static_cast<int>(in_b.size()), in_d.data(), in_b.data(),
                            static_cast<int>(out_b.size()), out_d.data(), out_b.data(), Ptr<const aclopAttr>(attr),
                            Ptr<void>(stream));
      },
      "execute(op_type, input_desc, inputs, output_desc, outputs, attr, stream) -> ret (deprecated).",
      py::arg("op_type"), py::arg("input_desc"), py::arg("inputs"), py::arg("output_desc"), py::arg("outputs"),
      py::arg("attr"), py::arg("stream"));
#pragma GCC diagnostic pop
  Def(
      op, "cast",
      [](Handle src_desc, Handle src, Handle dst_desc, Handle dst, int truncate, Handle stream) {
        return aclopCast(Ptr<const aclTensorDesc>(src_desc), Ptr<const aclDataBuffer>(src),
                         Ptr<const aclTensorDesc>(dst_desc), Ptr<aclDataBuffer>(dst), static_cast<uint8_t>(truncate),
                         Ptr<void>(stream));
      },
      "cast(src_desc, src_buffer, dst_desc, dst_buffer, truncate, stream) -> ret.", py::arg("src_desc"),
      py::arg("src_buffer"), py::arg("dst_desc"), py::arg("dst_buffer"), py::arg("truncate"), py::arg("stream"));
  Def(
      op, "create_handle_for_cast",
      [](Handle src_desc, Handle dst_desc, int truncate) {
        aclopHandle* handle = nullptr;
        aclError ret = aclopCreateHandleForCast(Ptr<aclTensorDesc>(src_desc), Ptr<aclTensorDesc>(dst_desc),
                                                static_cast<uint8_t>(truncate), &handle);
        return py::make_tuple(Addr(handle), ret);
      },
      "create_handle_for_cast(src_desc, dst_desc, truncate) -> (handle, ret).", py::arg("src_desc"),
      py::arg("dst_desc"), py::arg("truncate"));
}

void DefOpExecute(py::module_& op) {
  Def(
      op, "set_model_dir", [](const std::string& dir) { return aclopSetModelDir(dir.c_str()); },
      "set_model_dir(model_dir) -> ret.", py::arg("model_dir"));
  Def(
      op, "load", [](Handle model, size_t size) { return aclopLoad(Ptr<const void>(model), size); },
      "load(model_ptr, model_size) -> ret.", py::arg("model_ptr"), py::arg("model_size"));
  Def(
      op, "execute_v2",
      [](const std::string& type, const std::vector<Handle>& in_desc, const std::vector<Handle>& inputs,
         const std::vector<Handle>& out_desc, const std::vector<Handle>& outputs, Handle attr, Handle stream) {
        auto in_d = Ptrs<aclTensorDesc>(in_desc);
        auto in_b = Ptrs<aclDataBuffer>(inputs);
        auto out_d = Ptrs<aclTensorDesc>(out_desc);
        auto out_b = Ptrs<aclDataBuffer>(outputs);
        // As pyACL: the counts are the buffer lists' lengths.
        return aclopExecuteV2(type.c_str(), static_cast<int>(in_b.size()), in_d.data(), in_b.data(),
                              static_cast<int>(out_b.size()), out_d.data(), out_b.data(), Ptr<aclopAttr>(attr),
                              Ptr<void>(stream));
      },
      "execute_v2(op_type, input_desc, inputs, output_desc, outputs, attr, stream) -> ret.", py::arg("op_type"),
      py::arg("input_desc"), py::arg("inputs"), py::arg("output_desc"), py::arg("outputs"), py::arg("attr"),
      py::arg("stream"));
  Def(
      op, "create_handle",
      [](const std::string& type, const std::vector<Handle>& in_desc, const std::vector<Handle>& out_desc,
         Handle attr) {
        auto in_d = Ptrs<const aclTensorDesc>(in_desc);
        auto out_d = Ptrs<const aclTensorDesc>(out_desc);
        aclopHandle* handle = nullptr;
        aclError ret =
            aclopCreateHandle(type.c_str(), static_cast<int>(in_d.size()), in_d.data(), static_cast<int>(out_d.size()),
                              out_d.data(), Ptr<const aclopAttr>(attr), &handle);
        return py::make_tuple(Addr(handle), ret);
      },
      "create_handle(op_type, input_desc, output_desc, op_attr) -> (handle, ret).", py::arg("op_type"),
      py::arg("input_desc"), py::arg("output_desc"), py::arg("op_attr"));
  Def(
      op, "destroy_handle", [](Handle h) { aclopDestroyHandle(Ptr<aclopHandle>(h)); }, "destroy_handle(handle).",
      py::arg("handle"));
  Def(
      op, "execute_with_handle",
      [](Handle h, const std::vector<Handle>& inputs, const std::vector<Handle>& outputs, Handle stream) {
        auto in_b = Ptrs<const aclDataBuffer>(inputs);
        auto out_b = Ptrs<aclDataBuffer>(outputs);
        return aclopExecWithHandle(Ptr<aclopHandle>(h), static_cast<int>(in_b.size()), in_b.data(),
                                   static_cast<int>(out_b.size()), out_b.data(), Ptr<void>(stream));
      },
      "execute_with_handle(handle, inputs, outputs, stream) -> ret.", py::arg("handle"), py::arg("inputs"),
      py::arg("outputs"), py::arg("stream"));
  Def(
      op, "set_max_op_queue_num", [](uint64_t n) { return aclopSetMaxOpQueueNum(n); },
      "set_max_op_queue_num(max_op_num) -> ret.", py::arg("max_op_num"));
}

}  // namespace

void DefOp(py::module_& op) {
  DefOpAttrs(op);
  DefOpListAttrs(op);
  DefOpCasts(op);
  DefOpExecute(op);
}

}  // namespace aclsim::python
