// acl.mdl: model loading and execution, model descriptions, gears (batch,
// image size, dims), datasets and their tensor descs (spec §5), in the conventions of acl_module.cc.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "module_common.h"

namespace aclsim::python {
namespace {

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

// Loading, execution, unloading.
void DefMdlLoadExecute(py::module_& mdl) {
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
}

// Model descriptions: counts, sizes, names and indexes of the inputs and outputs.
void DefMdlDesc(py::module_& mdl) {
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
}

// Model descriptions: dims, data types and formats of the inputs and outputs.
void DefMdlTensorInfo(py::module_& mdl) {
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
}

// Batch and image-size gears.
void DefMdlDynamicBatch(py::module_& mdl) {
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
      mdl, "get_dynamic_hw",
      [](Handle desc, size_t index) {
        aclmdlHW hw;
        std::memset(&hw, 0, sizeof(hw));
        aclError ret = aclmdlGetDynamicHW(Ptr<const aclmdlDesc>(desc), index, &hw);
        py::list gears;
        for (size_t i = 0; i < hw.hwCount && i < ACL_MAX_HW_NUM; ++i) {
          py::list pair;
          pair.append(hw.hw[i][0]);
          pair.append(hw.hw[i][1]);
          gears.append(pair);
        }
        py::dict d;
        d["hwCount"] = hw.hwCount;
        d["hw"] = gears;
        return py::make_tuple(d, ret);
      },
      "get_dynamic_hw(model_desc, index) -> ({'hwCount', 'hw': [[h, w], ...]}, ret).", py::arg("model_desc"),
      py::arg("index"));
  Def(
      mdl, "set_dynamic_hw_size",
      [](uint32_t id, Handle dataset, size_t index, uint64_t height, uint64_t width) {
        return aclmdlSetDynamicHWSize(id, Ptr<aclmdlDataset>(dataset), index, height, width);
      },
      "set_dynamic_hw_size(model_id, dataset, index, height, width) -> ret.", py::arg("model_id"), py::arg("dataset"),
      py::arg("index"), py::arg("height"), py::arg("width"));
}

// Dims gears.
void DefMdlDynamicDims(py::module_& mdl) {
  Def(
      mdl, "get_input_dynamic_gear_count",
      [](Handle desc, int64_t index) {
        size_t count = 0;
        aclError ret = aclmdlGetInputDynamicGearCount(Ptr<const aclmdlDesc>(desc), static_cast<size_t>(index), &count);
        return py::make_tuple(count, ret);
      },
      "get_input_dynamic_gear_count(model_desc, -1) -> (gear_count, ret).", py::arg("model_desc"), py::arg("index"));
  Def(
      mdl, "get_input_dynamic_dims",
      [](Handle desc, int64_t index, size_t gear_count) {
        std::vector<aclmdlIODims> dims(gear_count);
        std::memset(dims.data(), 0, dims.size() * sizeof(aclmdlIODims));
        aclError ret = aclmdlGetInputDynamicDims(Ptr<const aclmdlDesc>(desc), static_cast<size_t>(index),
                                                 dims.empty() ? nullptr : dims.data(), gear_count);
        py::list out;
        for (const aclmdlIODims& d : dims) out.append(DimsDict(d));
        return py::make_tuple(out, ret);
      },
      "get_input_dynamic_dims(model_desc, -1, gear_count) -> ([{'name', 'dimCount', 'dims'}, ...], ret): one per gear.",
      py::arg("model_desc"), py::arg("index"), py::arg("gear_count"));
  Def(
      mdl, "set_input_dynamic_dims",
      [](uint32_t id, Handle dataset, size_t index, const py::dict& dims) {
        aclmdlIODims d;
        std::memset(&d, 0, sizeof(d));
        const py::list values = dims["dims"].cast<py::list>();
        d.dimCount = dims.contains("dimCount") ? dims["dimCount"].cast<size_t>() : values.size();
        for (size_t i = 0; i < values.size() && i < ACL_MAX_DIM_CNT; ++i) d.dims[i] = values[i].cast<int64_t>();
        return aclmdlSetInputDynamicDims(id, Ptr<aclmdlDataset>(dataset), index, &d);
      },
      "set_input_dynamic_dims(model_id, dataset, index, {'dimCount', 'name', 'dims'}) -> ret.", py::arg("model_id"),
      py::arg("dataset"), py::arg("index"), py::arg("dims"));
}

// Datasets.
void DefMdlDatasets(py::module_& mdl) {
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
  Def(
      mdl, "set_dataset_tensor_desc",
      [](Handle dataset, Handle desc, size_t index) {
        aclError ret = aclmdlSetDatasetTensorDesc(Ptr<aclmdlDataset>(dataset), Ptr<aclTensorDesc>(desc), index);
        return py::make_tuple(dataset, ret);
      },
      "set_dataset_tensor_desc(dataset, tensor_desc, index) -> (dataset, ret).", py::arg("dataset"),
      py::arg("tensor_desc"), py::arg("index"));
  Def(
      mdl, "get_dataset_tensor_desc",
      [](Handle dataset, size_t index) {
        return Addr(aclmdlGetDatasetTensorDesc(Ptr<const aclmdlDataset>(dataset), index));
      },
      "get_dataset_tensor_desc(dataset, index) -> tensor_desc (0 when there is none).", py::arg("dataset"),
      py::arg("index"));
}

}  // namespace

void DefMdl(py::module_& mdl) {
  DefMdlLoadExecute(mdl);
  DefMdlDesc(mdl);
  DefMdlTensorInfo(mdl);
  DefMdlDynamicBatch(mdl);
  DefMdlDynamicDims(mdl);
  DefMdlDatasets(mdl);
}

}  // namespace aclsim::python
