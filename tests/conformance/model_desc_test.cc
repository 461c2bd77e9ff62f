// Model descriptions: aclmdlCreateDesc, aclmdlDestroyDesc, aclmdlGetDesc and
// every description getter, aclmdlGetDynamicBatch, aclmdlGetDynamicHW,
// aclmdlSetDynamicBatchSize.
#include <cstring>
#include <string>

#include "model_fixture.h"

namespace {

using aclsim_conformance::ConfModel;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelIo;
using aclsim_conformance::ModelPath;
using aclsim_conformance::OneOpModel;

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

TEST_F(ConfModel, GivenDestroyedDescWhenDestroyedAgainThenInvalidParam) {
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_NE(desc, nullptr);
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  EXPECT_ACL_ERROR(aclmdlDestroyDesc(desc), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("aclmdlDestroyDesc");
  EXPECT_RECENT_ERR_HAS("already destroyed");
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

}  // namespace
