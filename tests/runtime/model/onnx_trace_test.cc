// An ONNX model through the public ACL API: aclmdlLoadFromFile detects the
// format, the model description carries the graph's real inputs and outputs,
// and both the aclsim task trace and an operator subscription carry the ONNX
// node names and the mapped Ascend op types.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/aclsim_ext.h"
#include "conformance_util.h"
#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

class OnnxAcl : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
};

TEST_F(OnnxAcl, GivenResNet50OnnxWhenDescribedThenRealInputsAndOutputs) {
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath("resnet50.onnx").c_str(), &id));
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(desc, id));
  EXPECT_EQ(aclmdlGetNumInputs(desc), 1u);
  EXPECT_EQ(aclmdlGetNumOutputs(desc), 1u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc, 0), 1u * 3 * 224 * 224 * 4);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc, 0), 1000u * 4);
  aclmdlIODims dims;
  ASSERT_ACL_OK(aclmdlGetInputDims(desc, 0, &dims));
  EXPECT_STREQ(dims.name, "input");
  ASSERT_EQ(dims.dimCount, 4u);
  EXPECT_EQ(dims.dims[0], 1);
  EXPECT_EQ(dims.dims[3], 224);
  EXPECT_EQ(aclmdlGetInputDataType(desc, 0), ACL_FLOAT);
  EXPECT_EQ(aclmdlGetInputFormat(desc, 0), ACL_FORMAT_NCHW);
  ASSERT_ACL_OK(aclmdlGetOutputDims(desc, 0, &dims));
  EXPECT_STREQ(dims.name, "output");
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_F(OnnxAcl, GivenOnnxBytesWhenLoadedFromMemThenSameAsFromFile) {
  TempFile copy("", ".bin");
  std::FILE* in = std::fopen(ModelPath("resnet50.onnx").c_str(), "rb");
  ASSERT_NE(in, nullptr);
  std::vector<char> bytes;
  char chunk[4096];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), in)) > 0) bytes.insert(bytes.end(), chunk, chunk + n);
  std::fclose(in);
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id));
  EXPECT_ACL_OK(aclmdlUnload(id));
  bytes.resize(bytes.size() / 3);
  EXPECT_ACL_ERROR(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_ERROR_DESERIALIZE_MODEL);
}

TEST_F(OnnxAcl, GivenResNet50OnnxWhenTracedThenRecordsCarryOnnxNodeNamesAndAscendTypes) {
  LoadedModel model("resnet50.onnx");
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclrtSynchronizeDevice());
  ASSERT_ACL_OK(aclsimTraceStop());
  std::vector<aclsimTaskRecord> ops = TraceOps();
  ASSERT_EQ(ops.size(), 122u - 1u);  // every node but the Flatten view
  std::map<std::string, std::pair<std::string, std::string>> by_name;
  for (const auto& r : ops) by_name[r.opName] = {r.opType, r.engine};
  EXPECT_EQ(by_name["/conv1/Conv"], std::make_pair(std::string("Conv2D"), std::string("AI_CORE")));
  EXPECT_EQ(by_name["/layer1/layer1.0/conv2/Conv"].first, "Conv2D");
  EXPECT_EQ(by_name["/maxpool/MaxPool"], std::make_pair(std::string("MaxPool"), std::string("AI_VECTOR_CORE")));
  EXPECT_EQ(by_name["/avgpool/GlobalAveragePool"].first, "ReduceMean");
  EXPECT_EQ(by_name["/fc/Gemm"], std::make_pair(std::string("MatMulV2"), std::string("AI_CORE")));
  EXPECT_EQ(by_name.count("/Flatten"), 0u);
  uint64_t flops = 0;
  for (const auto& r : ops) flops += r.flops;
  EXPECT_GT(flops, 2 * 4'089'184'256ull);
}

TEST_F(OnnxAcl, GivenSubscribedBertOnnxWhenExecutedThenOpRecordsCarryOnnxNamesAndTypes) {
  LoadedModel model("bert_base.onnx");
  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_NE(config, nullptr);
  ASSERT_ACL_OK(aclprofModelSubscribe(model.id(), config));
  ASSERT_ACL_OK(model.Execute());
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model.id()));
  reader.Join();
  std::vector<Decoded> records = DecodeAll(reader.bytes);
  ASSERT_FALSE(records.empty());
  std::map<std::string, std::string> type_of;
  if (std::getenv("ACLSIM_TEST_VERBOSE") != nullptr) {
    for (const auto& d : records) std::cout << d.name << " " << d.type << "\n";
  }
  for (const auto& d : records) type_of[d.name] = d.type;
  EXPECT_EQ(type_of["/encoder/layer.0/attention/self/query/MatMul"], "BatchMatMulV2");
  EXPECT_EQ(type_of["/encoder/layer.0/attention/self/MatMul"], "BatchMatMulV2");
  EXPECT_EQ(type_of["/encoder/layer.0/attention/self/Softmax"], "SoftmaxV2");
  EXPECT_EQ(type_of["/encoder/layer.11/output/LayerNorm/LayerNormalization"], "LayerNorm");
  EXPECT_EQ(type_of["/encoder/layer.3/intermediate/intermediate_act_fn/Erf"], "Erf");
  EXPECT_EQ(type_of["/embeddings/word_embeddings/Gather"], "GatherV2");
  EXPECT_EQ(type_of.count("/encoder/layer.0/attention/self/query/Reshape"), 0u);  // no-task view
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
}

}  // namespace
}  // namespace aclsim_conformance
