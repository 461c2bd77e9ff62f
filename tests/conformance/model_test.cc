// Models: aclmdlLoadFromFile, aclmdlLoadFromMem, aclmdlUnload, aclmdlExecute,
// aclmdlExecuteAsync, aclmdlCreateDesc, aclmdlDestroyDesc, aclmdlGetDesc and
// every description getter, aclmdlGetDynamicBatch, aclmdlGetDynamicHW,
// aclmdlSetDynamicBatchSize.
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelIo;
using aclsim_conformance::ModelPath;
using aclsim_conformance::OneOpModel;
using aclsim_conformance::TraceRecords;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

class ConfModel : public AclDeviceTest {
 protected:
  void LoadSampleMlp() {
    ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &model_id_));
    desc_ = aclmdlCreateDesc();
    ASSERT_NE(desc_, nullptr);
    ASSERT_ACL_OK(aclmdlGetDesc(desc_, model_id_));
  }
  void TearDown() override {
    if (desc_ != nullptr) (void)aclmdlDestroyDesc(desc_);
    AclDeviceTest::TearDown();
  }

  uint32_t model_id_ = 0;
  aclmdlDesc* desc_ = nullptr;
};

// ------------------------------------------------------------- description

TEST_F(ConfModel, GivenSampleMlpWhenDescribedThenInputsAndOutputsMatchTheFile) {
  LoadSampleMlp();
  EXPECT_EQ(aclmdlGetNumInputs(desc_), 1u);
  EXPECT_EQ(aclmdlGetNumOutputs(desc_), 1u);
  // x: [8, 784] float16 ND; probs: [8, 10] float16 ND.
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 0), 8u * 784u * 2u);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 8u * 10u * 2u);
  EXPECT_STREQ(aclmdlGetInputNameByIndex(desc_, 0), "x");
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc_, 0), "probs");
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 0), ACL_FLOAT16);
  EXPECT_EQ(aclmdlGetOutputDataType(desc_, 0), ACL_FLOAT16);
  EXPECT_EQ(aclmdlGetInputFormat(desc_, 0), ACL_FORMAT_ND);
  EXPECT_EQ(aclmdlGetOutputFormat(desc_, 0), ACL_FORMAT_ND);

  aclmdlIODims dims;
  std::memset(&dims, 0x7F, sizeof(dims));
  ASSERT_ACL_OK(aclmdlGetInputDims(desc_, 0, &dims));
  EXPECT_STREQ(dims.name, "x");
  ASSERT_EQ(dims.dimCount, 2u);
  EXPECT_EQ(dims.dims[0], 8);
  EXPECT_EQ(dims.dims[1], 784);
  ASSERT_ACL_OK(aclmdlGetInputDimsV2(desc_, 0, &dims));
  EXPECT_STREQ(dims.name, "x");
  ASSERT_EQ(dims.dimCount, 2u);
  EXPECT_EQ(dims.dims[1], 784);
  ASSERT_ACL_OK(aclmdlGetOutputDims(desc_, 0, &dims));
  EXPECT_STREQ(dims.name, "probs");
  ASSERT_EQ(dims.dimCount, 2u);
  EXPECT_EQ(dims.dims[0], 8);
  EXPECT_EQ(dims.dims[1], 10);
  ASSERT_ACL_OK(aclmdlGetCurOutputDims(desc_, 0, &dims));
  EXPECT_STREQ(dims.name, "probs");
  ASSERT_EQ(dims.dimCount, 2u);
  EXPECT_EQ(dims.dims[0], 8);
  EXPECT_EQ(dims.dims[1], 10);

  size_t index = 99;
  EXPECT_ACL_OK(aclmdlGetInputIndexByName(desc_, "x", &index));
  EXPECT_EQ(index, 0u);
  index = 99;
  EXPECT_ACL_OK(aclmdlGetOutputIndexByName(desc_, "probs", &index));
  EXPECT_EQ(index, 0u);
}

TEST_F(ConfModel, GivenTwoBranchWhenDescribedThenSizesAndShapesMatchTheFile) {
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("two_branch.json").c_str(), &model_id_));
  desc_ = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(desc_, model_id_));
  EXPECT_EQ(aclmdlGetNumInputs(desc_), 1u);
  EXPECT_EQ(aclmdlGetNumOutputs(desc_), 1u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 0), 64u * 1024u * 2u);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 64u * 1024u * 2u);
  EXPECT_STREQ(aclmdlGetInputNameByIndex(desc_, 0), "x");
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc_, 0), "y");
  aclmdlIODims dims;
  ASSERT_ACL_OK(aclmdlGetOutputDims(desc_, 0, &dims));
  ASSERT_EQ(dims.dimCount, 2u);
  EXPECT_EQ(dims.dims[0], 64);
  EXPECT_EQ(dims.dims[1], 1024);
}

TEST_F(ConfModel, GivenMultiInputModelWithFormatsAndDtypesWhenDescribedThenEachReported) {
  const std::string json = R"({
    "schema": "aclsim.graph.v1", "name": "multi",
    "inputs": [
      {"name": "img", "dtype": "float32", "format": "NCHW", "shape": [2, 3, 4, 5]},
      {"name": "ids", "dtype": "int32", "shape": [7]},
      {"name": "flag", "dtype": "bool", "format": "NHWC", "shape": []}
    ],
    "outputs": ["b", "a"],
    "ops": [
      {"name": "opa", "type": "Relu", "inputs": ["img"],
       "outputs": [{"name": "a", "dtype": "float32", "format": "NCHW", "shape": [2, 3, 4, 5]}]},
      {"name": "opb", "type": "Cast", "inputs": ["ids", "flag"],
       "outputs": [{"name": "b", "dtype": "int64", "format": "ND", "shape": [7]}]}
    ]})";
  ASSERT_ACL_OK(LoadFromString(json, &model_id_));
  desc_ = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(desc_, model_id_));
  ASSERT_EQ(aclmdlGetNumInputs(desc_), 3u);
  ASSERT_EQ(aclmdlGetNumOutputs(desc_), 2u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 0), 2u * 3u * 4u * 5u * 4u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 1), 7u * 4u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 2), 1u);  // a bool scalar
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 0), ACL_FLOAT);
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 1), ACL_INT32);
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 2), ACL_BOOL);
  EXPECT_EQ(aclmdlGetInputFormat(desc_, 0), ACL_FORMAT_NCHW);
  EXPECT_EQ(aclmdlGetInputFormat(desc_, 1), ACL_FORMAT_ND);  // the default
  EXPECT_EQ(aclmdlGetInputFormat(desc_, 2), ACL_FORMAT_NHWC);
  // Outputs keep the order of the top-level "outputs" list.
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc_, 0), "b");
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc_, 1), "a");
  EXPECT_EQ(aclmdlGetOutputDataType(desc_, 0), ACL_INT64);
  EXPECT_EQ(aclmdlGetOutputDataType(desc_, 1), ACL_FLOAT);
  EXPECT_EQ(aclmdlGetOutputFormat(desc_, 1), ACL_FORMAT_NCHW);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 7u * 8u);
  aclmdlIODims dims;
  ASSERT_ACL_OK(aclmdlGetInputDims(desc_, 2, &dims));
  EXPECT_STREQ(dims.name, "flag");
  EXPECT_EQ(dims.dimCount, 0u);
  ASSERT_ACL_OK(aclmdlGetInputDims(desc_, 0, &dims));
  ASSERT_EQ(dims.dimCount, 4u);
  EXPECT_EQ(dims.dims[3], 5);
  size_t index = 99;
  EXPECT_ACL_OK(aclmdlGetInputIndexByName(desc_, "flag", &index));
  EXPECT_EQ(index, 2u);
  EXPECT_ACL_OK(aclmdlGetOutputIndexByName(desc_, "a", &index));
  EXPECT_EQ(index, 1u);
}

TEST_F(ConfModel, GivenTensorNameLongerThanIoDimsFieldWhenGetDimsThenTruncatedAndTerminated) {
  const std::string long_name(200, 'n');
  std::string json = OneOpModel("long_names", 1000);
  json.replace(json.find(R"("name": "x")"), 11, "\"name\": \"" + long_name + "\"");
  json.replace(json.find(R"("inputs": ["x"])"), 15, "\"inputs\": [\"" + long_name + "\"]");
  ASSERT_ACL_OK(LoadFromString(json, &model_id_));
  desc_ = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(desc_, model_id_));
  EXPECT_EQ(std::string(aclmdlGetInputNameByIndex(desc_, 0)), long_name);  // the full name
  aclmdlIODims dims;
  std::memset(&dims, 'z', sizeof(dims));
  ASSERT_ACL_OK(aclmdlGetInputDims(desc_, 0, &dims));
  EXPECT_EQ(std::string(dims.name), long_name.substr(0, ACL_MAX_TENSOR_NAME_LEN - 1));
  size_t index = 9;
  EXPECT_ACL_OK(aclmdlGetInputIndexByName(desc_, long_name.c_str(), &index));
  EXPECT_EQ(index, 0u);
}

TEST_F(ConfModel, GivenIndexOutOfRangeWhenGettersThenNeutralValuesOrInvalidParam) {
  LoadSampleMlp();
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 1), 0u);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 1), 0u);
  EXPECT_STREQ(aclmdlGetInputNameByIndex(desc_, 1), "");
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc_, 5), "");
  EXPECT_EQ(aclmdlGetInputFormat(desc_, 1), ACL_FORMAT_UNDEFINED);
  EXPECT_EQ(aclmdlGetOutputFormat(desc_, 1), ACL_FORMAT_UNDEFINED);
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 1), ACL_DT_UNDEFINED);
  EXPECT_EQ(aclmdlGetOutputDataType(desc_, 1), ACL_DT_UNDEFINED);
  aclmdlIODims dims;
  EXPECT_ACL_ERROR(aclmdlGetInputDims(desc_, 1, &dims), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetInputDims");
  EXPECT_ACL_ERROR(aclmdlGetInputDimsV2(desc_, 1, &dims), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetInputDimsV2");
  EXPECT_ACL_ERROR(aclmdlGetOutputDims(desc_, 1, &dims), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetOutputDims");
  EXPECT_ACL_ERROR(aclmdlGetCurOutputDims(desc_, 1, &dims), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetCurOutputDims");
}

TEST_F(ConfModel, GivenNullDescWhenGettersThenNeutralValuesOrInvalidParam) {
  EXPECT_EQ(aclmdlGetNumInputs(nullptr), 0u);
  EXPECT_EQ(aclmdlGetNumOutputs(nullptr), 0u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(nullptr, 0), 0u);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(nullptr, 0), 0u);
  EXPECT_STREQ(aclmdlGetInputNameByIndex(nullptr, 0), "");
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(nullptr, 0), "");
  EXPECT_EQ(aclmdlGetInputFormat(nullptr, 0), ACL_FORMAT_UNDEFINED);
  EXPECT_EQ(aclmdlGetOutputFormat(nullptr, 0), ACL_FORMAT_UNDEFINED);
  EXPECT_EQ(aclmdlGetInputDataType(nullptr, 0), ACL_DT_UNDEFINED);
  EXPECT_EQ(aclmdlGetOutputDataType(nullptr, 0), ACL_DT_UNDEFINED);
  aclmdlIODims dims;
  EXPECT_ACL_ERROR(aclmdlGetInputDims(nullptr, 0, &dims), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetOutputDims(nullptr, 0, &dims), ACL_ERROR_INVALID_PARAM);
  size_t index = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(nullptr, "x", &index), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetInputIndexByName");
  EXPECT_ACL_ERROR(aclmdlGetOutputIndexByName(nullptr, "probs", &index), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetOutputIndexByName");
}

TEST_F(ConfModel, GivenNullOutputArgumentsWhenGettersThenInvalidParam) {
  LoadSampleMlp();
  EXPECT_ACL_ERROR(aclmdlGetInputDims(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetInputDimsV2(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetOutputDims(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetCurOutputDims(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM);
  size_t index = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(desc_, nullptr, &index), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(desc_, "x", nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetOutputIndexByName(desc_, nullptr, &index), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetOutputIndexByName(desc_, "probs", nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfModel, GivenUnknownNameWhenGetIndexByNameThenInvalidParamNamingIt) {
  LoadSampleMlp();
  size_t index = 77;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(desc_, "probs", &index), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("'probs'");
  EXPECT_ACL_ERROR(aclmdlGetOutputIndexByName(desc_, "nope", &index), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("'nope'");
  EXPECT_EQ(index, 77u);
}

TEST_F(ConfModel, GivenUnfilledDescWhenGettersThenNeutralValues) {
  aclmdlDesc* empty = aclmdlCreateDesc();
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(aclmdlGetNumInputs(empty), 0u);
  EXPECT_EQ(aclmdlGetNumOutputs(empty), 0u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(empty, 0), 0u);
  aclmdlIODims dims;
  EXPECT_ACL_ERROR(aclmdlGetInputDims(empty, 0, &dims), ACL_ERROR_INVALID_PARAM);
  size_t index = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(empty, "x", &index), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclmdlDestroyDesc(empty));
}

TEST_F(ConfModel, GivenNullWhenDestroyDescThenInvalidParam) {
  EXPECT_ACL_ERROR(aclmdlDestroyDesc(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlDestroyDesc");
}

TEST_F(ConfModel, GivenNullDescWhenGetDescThenInvalidParam) {
  LoadSampleMlp();
  EXPECT_ACL_ERROR(aclmdlGetDesc(nullptr, model_id_), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetDesc");
}

TEST_F(ConfModel, GivenUnknownModelIdWhenGetDescThenModelIdInvalid) {
  aclmdlDesc* desc = aclmdlCreateDesc();
  EXPECT_ACL_ERROR(aclmdlGetDesc(desc, 12345), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  EXPECT_RECENT_ERR_HAS("12345");
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
}

TEST_F(ConfModel, GivenDescFilledWhenModelUnloadedThenDescStillReadable) {
  LoadSampleMlp();
  ASSERT_ACL_OK(aclmdlUnload(model_id_));
  EXPECT_EQ(aclmdlGetNumInputs(desc_), 1u);
  EXPECT_STREQ(aclmdlGetInputNameByIndex(desc_, 0), "x");
  aclmdlDesc* fresh = aclmdlCreateDesc();
  EXPECT_ACL_ERROR(aclmdlGetDesc(fresh, model_id_), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  EXPECT_ACL_OK(aclmdlDestroyDesc(fresh));
}

TEST_F(ConfModel, GivenStaticModelWhenGetDynamicBatchAndHWThenNoGears) {
  LoadSampleMlp();
  aclmdlBatch batch;
  batch.batchCount = 99;
  EXPECT_ACL_OK(aclmdlGetDynamicBatch(desc_, &batch));
  EXPECT_EQ(batch.batchCount, 0u);
  aclmdlHW hw;
  hw.hwCount = 99;
  EXPECT_ACL_OK(aclmdlGetDynamicHW(desc_, 0, &hw));
  EXPECT_EQ(hw.hwCount, 0u);
  EXPECT_ACL_OK(aclmdlGetDynamicHW(desc_, static_cast<size_t>(-1), &hw));
  EXPECT_EQ(hw.hwCount, 0u);
}

TEST_F(ConfModel, GivenNullArgumentsWhenGetDynamicBatchOrHWThenInvalidParam) {
  LoadSampleMlp();
  aclmdlBatch batch;
  aclmdlHW hw;
  EXPECT_ACL_ERROR(aclmdlGetDynamicBatch(nullptr, &batch), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetDynamicBatch");
  EXPECT_ACL_ERROR(aclmdlGetDynamicBatch(desc_, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlGetDynamicHW(nullptr, 0, &hw), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlGetDynamicHW");
  EXPECT_ACL_ERROR(aclmdlGetDynamicHW(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfModel, GivenStaticModelWhenSetDynamicBatchSizeThenBatchSizeInvalid) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_, io.input(), 0, 8), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
  EXPECT_RECENT_ERR_HAS("gears");
}

TEST_F(ConfModel, GivenBadArgumentsWhenSetDynamicBatchSizeThenError) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_, nullptr, 0, 8), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlSetDynamicBatchSize");
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_, io.input(), 0, 0), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_, io.input(), 1, 8), ACL_ERROR_INVALID_PARAM);
  aclmdlDataset* empty_addr = aclmdlCreateDataset();
  aclDataBuffer* null_buffer = aclCreateDataBuffer(nullptr, 0);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(empty_addr, null_buffer));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_, empty_addr, 0, 8), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_ + 100, io.input(), 0, 8), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  EXPECT_ACL_OK(aclDestroyDataBuffer(null_buffer));
  EXPECT_ACL_OK(aclmdlDestroyDataset(empty_addr));
}

// ------------------------------------------------------------------ loading

TEST_F(ConfModel, GivenSampleModelsWhenLoadFromFileThenDistinctIdsAndUnloadSucceeds) {
  uint32_t ids[4] = {};
  const char* files[4] = {"sample_mlp.json", "two_branch.json", "resnet50.json", "bert_base.json"};
  for (int i = 0; i < 4; ++i) {
    ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath(files[i]).c_str(), &ids[i])) << files[i];
  }
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) EXPECT_NE(ids[i], ids[j]);
  }
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(desc, ids[2]));
  EXPECT_STREQ(aclmdlGetInputNameByIndex(desc, 0), "images");
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc, 0), 1u * 3u * 224u * 224u * 2u);
  EXPECT_EQ(aclmdlGetInputFormat(desc, 0), ACL_FORMAT_NCHW);
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc, 0), "logits");
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc, 0), 1000u * 2u);
  ASSERT_ACL_OK(aclmdlGetDesc(desc, ids[3]));
  EXPECT_EQ(aclmdlGetNumInputs(desc), 4u);
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc, 0), "last_hidden_state");
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc, 0), 128u * 768u * 2u);
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  uint64_t flops = 0, macs = 0, bytes = 0, op_time_ns = 0;
  ASSERT_ACL_OK(aclsimGetModelCost(ids[2], &flops, &macs, &bytes, &op_time_ns));
  EXPECT_EQ(macs, 4089184256u);  // docs/model_format.md: ResNet-50 4.089 GMACs
  ASSERT_ACL_OK(aclsimGetModelCost(ids[0], &flops, &macs, &bytes, &op_time_ns));
  EXPECT_EQ(macs, 4280320u);
  EXPECT_EQ(flops % 2, 0u);
  for (uint32_t id : ids) EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(ConfModel, GivenFileContentWhenLoadFromMemThenSameDescriptionAsFromFile) {
  const std::string text = ReadFile(ModelPath("sample_mlp.json"));
  ASSERT_FALSE(text.empty());
  uint32_t from_mem = 0;
  ASSERT_ACL_OK(aclmdlLoadFromMem(text.data(), text.size(), &from_mem));
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(desc, from_mem));
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc, 0), 12544u);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc, 0), 160u);
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(desc, 0), "probs");
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  EXPECT_ACL_OK(aclmdlUnload(from_mem));
}

TEST_F(ConfModel, GivenNullArgumentsWhenLoadThenInvalidParam) {
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(nullptr, &id), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlLoadFromFile");
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), nullptr), ACL_ERROR_INVALID_PARAM);
  const std::string json = OneOpModel("m", 1000);
  EXPECT_ACL_ERROR(aclmdlLoadFromMem(nullptr, json.size(), &id), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlLoadFromMem");
  EXPECT_ACL_ERROR(aclmdlLoadFromMem(json.data(), 0, &id), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlLoadFromMem(json.data(), json.size(), nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfModel, GivenNoCurrentContextWhenLoadThenContextNull) {
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &id), ACL_ERROR_RT_CONTEXT_NULL);
  EXPECT_ACL_ERROR(LoadFromString(OneOpModel("m", 1000), &id), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfModel, GivenUnknownOrUnloadedIdWhenUnloadThenModelIdInvalid) {
  EXPECT_ACL_ERROR(aclmdlUnload(4242), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  EXPECT_RECENT_ERR_HAS("4242");
  uint32_t id = 0;
  ASSERT_ACL_OK(LoadFromString(OneOpModel("m", 1000), &id));
  ASSERT_ACL_OK(aclmdlUnload(id));
  EXPECT_ACL_ERROR(aclmdlUnload(id), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
}

// ---------------------------------------------------------------- execution

TEST_F(ConfModel, GivenSampleMlpWhenExecuteThenAllOpsRunInOrderOnDevice0) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecute(model_id_, io.input(), io.output()));
  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 9u);
  const char* names[9] = {"fc1",      "fc1.bias_add", "fc1.relu",     "fc2",    "fc2.bias_add",
                          "fc2.gelu", "fc3",          "fc3.bias_add", "softmax"};
  const char* types[9] = {"MatMulV2", "Add", "Relu", "MatMulV2", "Add", "Gelu", "MatMulV2", "Add", "Softmax"};
  for (size_t i = 0; i < 9; ++i) {
    SCOPED_TRACE(names[i]);
    EXPECT_EQ(records[i].kind, static_cast<uint32_t>(ACLSIM_TASK_OP));
    EXPECT_EQ(records[i].structSize, sizeof(aclsimTaskRecord));
    EXPECT_EQ(records[i].deviceId, 0u);
    EXPECT_EQ(records[i].modelId, model_id_);
    EXPECT_EQ(records[i].opIndex, i);
    EXPECT_STREQ(records[i].opName, names[i]);
    EXPECT_STREQ(records[i].opType, types[i]);
    EXPECT_STREQ(records[i].engine, std::string(types[i]) == "MatMulV2" ? "AI_CORE" : "AI_VECTOR_CORE");
    EXPECT_GT(records[i].endNs, records[i].startNs);
    EXPECT_GE(records[i].blockDim, 1u);
    if (i > 0) {
      EXPECT_GE(records[i].startNs, records[i - 1].endNs);
    }
  }
  EXPECT_EQ(records[0].flops, 2u * 8u * 512u * 784u);  // fc1: 2·M·N·K
  uint64_t now = 0;
  ASSERT_ACL_OK(aclsimGetDeviceTimeNs(0, &now));
  EXPECT_EQ(now, records[8].endNs);  // aclmdlExecute is synchronous
  EXPECT_ACL_OK(aclsimTraceStop());
}

TEST_F(ConfModel, GivenAsyncExecutionOnStreamWhenSynchronizedThenSameOpsAsSync) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model_id_, io.input(), io.output(), stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  ASSERT_ACL_OK(aclmdlExecuteAsync(model_id_, io.input(), io.output(), nullptr));  // default stream
  ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));
  auto records = TraceRecords();
  ASSERT_EQ(records.size(), 18u);
  EXPECT_NE(records[0].streamId, records[9].streamId);
  for (size_t i = 0; i < 9; ++i) {
    EXPECT_EQ(records[i].endNs - records[i].startNs, records[i + 9].endNs - records[i + 9].startNs);
  }
  // Work submitted after a synchronisation starts no earlier than it.
  EXPECT_GE(records[9].startNs, records[8].endNs);
  EXPECT_ACL_OK(aclsimTraceStop());
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

TEST_F(ConfModel, GivenLargerBuffersThanNeededWhenExecuteThenSuccess) {
  LoadSampleMlp();
  void* in = nullptr;
  void* out = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&in, 20000, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMalloc(&out, 1000, ACL_MEM_MALLOC_HUGE_FIRST));
  aclmdlDataset* input = aclmdlCreateDataset();
  aclmdlDataset* output = aclmdlCreateDataset();
  aclDataBuffer* bi = aclCreateDataBuffer(in, 20000);
  aclDataBuffer* bo = aclCreateDataBuffer(out, 1000);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(input, bi));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(output, bo));
  EXPECT_ACL_OK(aclmdlExecute(model_id_, input, output));
  EXPECT_ACL_OK(aclDestroyDataBuffer(bi));
  EXPECT_ACL_OK(aclDestroyDataBuffer(bo));
  EXPECT_ACL_OK(aclmdlDestroyDataset(input));
  EXPECT_ACL_OK(aclmdlDestroyDataset(output));
  EXPECT_ACL_OK(aclrtFree(in));
  EXPECT_ACL_OK(aclrtFree(out));
}

TEST_F(ConfModel, GivenUnloadedModelWhenExecuteThenModelIdInvalid) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  ASSERT_ACL_OK(aclmdlUnload(model_id_));
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, io.input(), io.output()), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  EXPECT_EQ(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, 145003u);
  EXPECT_RECENT_ERR_HAS("not loaded");
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(model_id_, io.input(), io.output(), nullptr), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
  EXPECT_ACL_ERROR(aclmdlExecute(999999, io.input(), io.output()), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
}

TEST_F(ConfModel, GivenNullDatasetWhenExecuteThenInvalidParam) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, nullptr, io.output()), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlExecute");
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, io.input(), nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(model_id_, nullptr, io.output(), nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlExecuteAsync");
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(model_id_, io.input(), nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfModel, GivenWrongBufferCountWhenExecuteThenInvalidParam) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  aclmdlDataset* empty = aclmdlCreateDataset();
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, empty, io.output()), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("input dataset has 0 buffers, the model has 1");
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, io.input(), empty), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("output dataset has 0 buffers");
  // One buffer too many.
  aclmdlDataset* two = aclmdlCreateDataset();
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(two, aclmdlGetDatasetBuffer(io.input(), 0)));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(two, aclmdlGetDatasetBuffer(io.input(), 0)));
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(model_id_, two, io.output(), nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("has 2 buffers");
  EXPECT_ACL_OK(aclmdlDestroyDataset(empty));
  EXPECT_ACL_OK(aclmdlDestroyDataset(two));
}

TEST_F(ConfModel, GivenTooSmallOrNullBufferWhenExecuteThenInvalidParam) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  void* small = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&small, 12543, ACL_MEM_MALLOC_HUGE_FIRST));
  aclmdlDataset* input = aclmdlCreateDataset();
  aclDataBuffer* b = aclCreateDataBuffer(small, 12543);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(input, b));
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, input, io.output()), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("12544");
  // Right size, NULL address.
  ASSERT_ACL_OK(aclUpdateDataBuffer(b, nullptr, 12544));
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, input, io.output()), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("NULL");
  // Too-small output.
  aclmdlDataset* output = aclmdlCreateDataset();
  aclDataBuffer* ob = aclCreateDataBuffer(small, 159);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(output, ob));
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(model_id_, io.input(), output, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("output buffer 0");
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
  EXPECT_ACL_OK(aclDestroyDataBuffer(ob));
  EXPECT_ACL_OK(aclmdlDestroyDataset(input));
  EXPECT_ACL_OK(aclmdlDestroyDataset(output));
  EXPECT_ACL_OK(aclrtFree(small));
}

TEST_F(ConfModel, GivenDestroyedStreamWhenExecuteAsyncThenInvalidHandle) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  ASSERT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(model_id_, io.input(), io.output(), stream), ACL_ERROR_RT_INVALID_HANDLE);
}

TEST_F(ConfModel, GivenNoCurrentContextWhenExecuteOnDefaultStreamThenContextNull) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  ASSERT_ACL_OK(aclrtResetDevice(0));
  device_set_ = false;
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, io.input(), io.output()), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(ConfModel, GivenModelLoadedInOneContextWhenExecutedFromAnotherContextOfSameDeviceThenSuccess) {
  LoadSampleMlp();
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  EXPECT_ACL_OK(aclmdlExecuteAsync(model_id_, io.input(), io.output(), stream));
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_OK(aclrtDestroyContext(ctx));
}

// -------------------------------------------------------- before aclInit

TEST(ConfModelNoInit, GivenNoAclInitWhenModelCallsThenExecNotInit) {
  ASSERT_ACL_OK(aclrtSetDevice(0));  // runtime calls work before aclInit
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(ModelPath("sample_mlp.json").c_str(), &id), ACL_ERROR_GE_EXEC_NOT_INIT);
  EXPECT_EQ(ACL_ERROR_GE_EXEC_NOT_INIT, 145001u);
  EXPECT_RECENT_ERR_HAS("aclInit");
  EXPECT_ACL_ERROR(LoadFromString(OneOpModel("m", 1000), &id), ACL_ERROR_GE_EXEC_NOT_INIT);
  EXPECT_RECENT_ERR_HAS("aclmdlLoadFromMem");
  EXPECT_ACL_ERROR(aclmdlUnload(1), ACL_ERROR_GE_EXEC_NOT_INIT);
  EXPECT_RECENT_ERR_HAS("aclmdlUnload");
  aclmdlDesc* desc = aclmdlCreateDesc();
  EXPECT_ACL_ERROR(aclmdlGetDesc(desc, 1), ACL_ERROR_GE_EXEC_NOT_INIT);
  EXPECT_RECENT_ERR_HAS("aclmdlGetDesc");
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  EXPECT_ACL_ERROR(aclmdlExecute(1, in, out), ACL_ERROR_GE_EXEC_NOT_INIT);
  EXPECT_RECENT_ERR_HAS("aclmdlExecute");
  EXPECT_ACL_ERROR(aclmdlExecuteAsync(1, in, out, nullptr), ACL_ERROR_GE_EXEC_NOT_INIT);
  char byte = 0;
  aclDataBuffer* b = aclCreateDataBuffer(&byte, 1);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(in, b));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(1, in, 0, 4), ACL_ERROR_GE_EXEC_NOT_INIT);
  EXPECT_ACL_OK(aclDestroyDataBuffer(b));
  EXPECT_ACL_OK(aclmdlDestroyDataset(in));
  EXPECT_ACL_OK(aclmdlDestroyDataset(out));
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  EXPECT_ACL_OK(aclrtResetDevice(0));
}

}  // namespace
