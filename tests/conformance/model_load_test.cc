// Model loading: aclmdlLoadFromFile, aclmdlLoadFromMem, aclmdlUnload, and
// every model call before aclInit. The load failures of malformed models are
// in model_load_errors_test.cc.
#include <fstream>
#include <sstream>
#include <string>

#include "model_fixture.h"

namespace {

using aclsim_conformance::ConfModel;
using aclsim_conformance::LoadFromString;
using aclsim_conformance::ModelPath;
using aclsim_conformance::OneOpModel;

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
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
