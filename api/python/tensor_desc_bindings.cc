// Tensor descriptions (acl_base.h's aclTensorDesc functions) at the top level
// of `acl`, as pyACL has them: create, query, set shapes, formats, ranges,
// names and constants. Descriptions and pointers are Python ints; dims are
// lists of ints and ranges lists of [low, high] pairs.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "module_common.h"

namespace aclsim::python {
namespace {

using Desc = aclTensorDesc;
using Range = std::array<int64_t, 2>;

const Desc* CDesc(Handle d) { return Ptr<const Desc>(d); }

// Getters.
void DefTensorDescGetters(py::module_& m) {
  Def(
      m, "get_tensor_desc_format", [](Handle d) { return static_cast<int>(aclGetTensorDescFormat(CDesc(d))); },
      "get_tensor_desc_format(desc) -> format.", py::arg("desc"));
  Def(
      m, "get_tensor_desc_element_count", [](Handle d) { return aclGetTensorDescElementCount(CDesc(d)); },
      "get_tensor_desc_element_count(desc) -> count.", py::arg("desc"));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Def(
      m, "get_tensor_desc_dim", [](Handle d, size_t index) { return aclGetTensorDescDim(CDesc(d), index); },
      "get_tensor_desc_dim(desc, index) -> dim (deprecated; -1 on failure).", py::arg("desc"), py::arg("index"));
#pragma GCC diagnostic pop
  Def(
      m, "get_tensor_desc_dim_range",
      [](Handle d, size_t index, size_t dim_range_num) {
        int64_t range[ACL_TENSOR_SHAPE_RANGE_NUM] = {0, 0};
        aclError ret = aclGetTensorDescDimRange(CDesc(d), index, dim_range_num, range);
        if (ret != ACL_SUCCESS) return py::make_tuple(py::none(), ret);
        return py::make_tuple(py::cast(std::vector<int64_t>(range, range + ACL_TENSOR_SHAPE_RANGE_NUM)), ret);
      },
      "get_tensor_desc_dim_range(desc, index, dim_range_num) -> ([low, high] or None, ret).", py::arg("desc"),
      py::arg("index"), py::arg("dim_range_num"));
  Def(
      m, "get_tensor_desc_name",
      [](Handle d) -> py::object {
        const char* name = aclGetTensorDescName(Ptr<Desc>(d));
        return name ? py::object(py::str(name)) : py::object(py::none());
      },
      "get_tensor_desc_name(desc) -> name (\"\" when unset or for a bad desc).", py::arg("desc"));
  Def(
      m, "get_tensor_desc_address", [](Handle d) { return Addr(aclGetTensorDescAddress(CDesc(d))); },
      "get_tensor_desc_address(desc) -> ptr (0 when unset).", py::arg("desc"));
  Def(
      m, "get_tensor_desc_by_index",
      [](Handle d, size_t index) { return Addr(aclGetTensorDescByIndex(Ptr<Desc>(d), index)); },
      "get_tensor_desc_by_index(desc, index) -> desc (0 on failure).", py::arg("desc"), py::arg("index"));
}

// Setters of formats, shapes and ranges.
void DefTensorDescShapes(py::module_& m) {
  Def(
      m, "set_tensor_format",
      [](Handle d, int format) { return aclSetTensorFormat(Ptr<Desc>(d), static_cast<aclFormat>(format)); },
      "set_tensor_format(desc, format) -> ret.", py::arg("desc"), py::arg("format"));
  Def(
      m, "set_tensor_origin_format",
      [](Handle d, int format) { return aclSetTensorOriginFormat(Ptr<Desc>(d), static_cast<aclFormat>(format)); },
      "set_tensor_origin_format(desc, format) -> ret.", py::arg("desc"), py::arg("format"));
  Def(
      m, "set_tensor_shape",
      [](Handle d, const std::vector<int64_t>& dims) {
        return aclSetTensorShape(Ptr<Desc>(d), static_cast<int>(dims.size()), dims.data());
      },
      "set_tensor_shape(desc, dims) -> ret.", py::arg("desc"), py::arg("dims"));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Def(
      m, "set_tensor_storage_format",
      [](Handle d, int format) { return aclSetTensorStorageFormat(Ptr<Desc>(d), static_cast<aclFormat>(format)); },
      "set_tensor_storage_format(desc, format) -> ret (deprecated).", py::arg("desc"), py::arg("format"));
  Def(
      m, "set_tensor_storage_shape",
      [](Handle d, const std::vector<int64_t>& dims) {
        return aclSetTensorStorageShape(Ptr<Desc>(d), static_cast<int>(dims.size()), dims.data());
      },
      "set_tensor_storage_shape(desc, dims) -> ret (deprecated).", py::arg("desc"), py::arg("dims"));
#pragma GCC diagnostic pop
  Def(
      m, "set_tensor_origin_shape",
      [](Handle d, const std::vector<int64_t>& dims) {
        return aclSetTensorOriginShape(Ptr<Desc>(d), static_cast<int>(dims.size()), dims.data());
      },
      "set_tensor_origin_shape(desc, dims) -> ret.", py::arg("desc"), py::arg("dims"));
  Def(
      m, "set_tensor_shape_range",
      [](Handle d, std::vector<Range> ranges) {
        return aclSetTensorShapeRange(Ptr<Desc>(d), ranges.size(),
                                      reinterpret_cast<int64_t(*)[ACL_TENSOR_SHAPE_RANGE_NUM]>(ranges.data()));
      },
      "set_tensor_shape_range(desc, [[low, high], ...]) -> ret.", py::arg("desc"), py::arg("dims_range"));
  Def(
      m, "set_tensor_value_range",
      [](Handle d, std::vector<Range> ranges) {
        return aclSetTensorValueRange(Ptr<Desc>(d), ranges.size(),
                                      reinterpret_cast<int64_t(*)[ACL_TENSOR_VALUE_RANGE_NUM]>(ranges.data()));
      },
      "set_tensor_value_range(desc, [[low, high], ...]) -> ret.", py::arg("desc"), py::arg("value_range"));
}

// Names, placement and constant data.
void DefTensorDescData(py::module_& m) {
  Def(
      m, "set_tensor_desc_name",
      [](Handle d, const std::string& name) { aclSetTensorDescName(Ptr<Desc>(d), name.c_str()); },
      "set_tensor_desc_name(desc, name) -> None.", py::arg("desc"), py::arg("name"));
  Def(
      m, "set_tensor_dynamic_input",
      [](Handle d, const std::string& name) { return aclSetTensorDynamicInput(Ptr<Desc>(d), name.c_str()); },
      "set_tensor_dynamic_input(desc, dynamic_input_name) -> ret.", py::arg("desc"), py::arg("dynamic_input_name"));
  Def(
      m, "set_tensor_place_ment",
      [](Handle d, int mem_type) { return aclSetTensorPlaceMent(Ptr<Desc>(d), static_cast<aclMemType>(mem_type)); },
      "set_tensor_place_ment(desc, mem_type) -> ret.", py::arg("desc"), py::arg("mem_type"));
  Def(
      m, "set_tensor_const",
      [](Handle d, Handle data, size_t length) { return aclSetTensorConst(Ptr<Desc>(d), Ptr<void>(data), length); },
      "set_tensor_const(desc, data_buffer, length) -> ret.", py::arg("desc"), py::arg("data_buffer"),
      py::arg("length"));
}

}  // namespace

void DefTensorDesc(py::module_& m) {
  Def(
      m, "create_tensor_desc",
      [](int dtype, const std::vector<int64_t>& dims, int format) {
        return Addr(aclCreateTensorDesc(static_cast<aclDataType>(dtype), static_cast<int>(dims.size()), dims.data(),
                                        static_cast<aclFormat>(format)));
      },
      "create_tensor_desc(data_type, dims, format) -> desc (0 on failure).", py::arg("data_type"), py::arg("dims"),
      py::arg("format"));
  Def(
      m, "destroy_tensor_desc", [](Handle d) { aclDestroyTensorDesc(Ptr<const aclTensorDesc>(d)); },
      "destroy_tensor_desc(desc).", py::arg("desc"));
  Def(
      m, "get_tensor_desc_size", [](Handle d) { return aclGetTensorDescSize(Ptr<const aclTensorDesc>(d)); },
      "get_tensor_desc_size(desc) -> size.", py::arg("desc"));
  Def(
      m, "get_tensor_desc_num_dims", [](Handle d) { return aclGetTensorDescNumDims(Ptr<const aclTensorDesc>(d)); },
      "get_tensor_desc_num_dims(desc) -> num_dims.", py::arg("desc"));
  Def(
      m, "get_tensor_desc_type",
      [](Handle d) { return static_cast<int>(aclGetTensorDescType(Ptr<const aclTensorDesc>(d))); },
      "get_tensor_desc_type(desc) -> data_type.", py::arg("desc"));
  Def(
      m, "get_tensor_desc_dim_v2",
      [](Handle d, size_t index) {
        int64_t dim = 0;
        aclError ret = aclGetTensorDescDimV2(Ptr<const aclTensorDesc>(d), index, &dim);
        return py::make_tuple(dim, ret);
      },
      "get_tensor_desc_dim_v2(desc, index) -> (dim_size, ret).", py::arg("desc"), py::arg("index"));
  DefTensorDescGetters(m);
  DefTensorDescShapes(m);
  DefTensorDescData(m);
}

}  // namespace aclsim::python
