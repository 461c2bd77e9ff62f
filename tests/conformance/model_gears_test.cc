// Models converted with gears (atc --dynamic_batch_size, --dynamic_image_size,
// --dynamic_dims): what their descriptions report, choosing a gear, running
// it, and GE's codes for the wrong ones. The models are ONNX files written by
// tests/tools/gen_dynamic_onnx.py and converted by the atc under test
// (ACLSIM_ATC_BIN, or $ACLSIM_ATC: on an NPU host, CANN's own atc).
// Public headers only.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "model_fixture.h"
#include "prof_test_util.h"

namespace {

using aclsim_conformance::ConfModel;
using aclsim_conformance::ModelIo;

std::string Atc() {
  if (const char* env = std::getenv("ACLSIM_ATC")) return env;
#ifdef ACLSIM_ATC_BIN
  return ACLSIM_ATC_BIN;
#else
  return "";
#endif
}

// The converted models of this process, in a fresh directory.
class ConfGears : public ConfModel {
 protected:
  static void SetUpTestSuite() {
    dir_ = "/tmp/aclsim-gears-" + std::to_string(getpid());
    const std::string atc = Atc();
    if (atc.empty()) return;
    const std::string run = "mkdir -p " + dir_ + " && cd " + dir_ + " && /usr/bin/python3 " ACLSIM_GEN_ONNX " . && " +
                            atc + " --model=conv_dyn.onnx --framework=5 --output=conv_b --soc_version=Ascend910B2 " +
                            "--input_shape=x:-1,3,224,224 --dynamic_batch_size=1,2,4 >/dev/null && " + atc +
                            " --model=conv_dyn.onnx --framework=5 --output=conv_hw --soc_version=Ascend910B2 " +
                            "--input_shape=x:1,3,-1,-1 '--dynamic_image_size=32,32;64,64' >/dev/null && " + atc +
                            " --model=two_inputs.onnx --framework=5 --output=two --soc_version=Ascend910B2 " +
                            "'--input_shape=a:1,-1,64;b:1,-1,64' '--dynamic_dims=8,8;16,32' --input_format=ND "
                            ">/dev/null && " +
                            atc + " --model=conv_dyn.onnx --framework=5 --output=conv_dyn --soc_version=Ascend910B2 " +
                            "--input_shape=x:-1,3,-1,-1 >/dev/null";
    converted_ = std::system(run.c_str()) == 0;
  }
  static void TearDownTestSuite() { (void)std::system(("rm -rf " + dir_).c_str()); }

  void Load(const char* name) {
    if (Atc().empty()) GTEST_SKIP() << "no atc (build aclsim_atc or set ACLSIM_ATC)";
    ASSERT_TRUE(converted_) << "atc failed to convert the test models in " << dir_;
    ASSERT_ACL_OK(aclmdlLoadFromFile((dir_ + "/" + name).c_str(), &model_id_));
    desc_ = aclmdlCreateDesc();
    ASSERT_ACL_OK(aclmdlGetDesc(desc_, model_id_));
  }

  std::vector<int64_t> Dims(aclError (*get)(const aclmdlDesc*, size_t, aclmdlIODims*), size_t index) {
    aclmdlIODims d;
    std::memset(&d, 0, sizeof(d));
    EXPECT_ACL_OK(get(desc_, index, &d));
    return std::vector<int64_t>(d.dims, d.dims + d.dimCount);
  }

  // Device time of one execution, in ms (events around it on a stream).
  float TimedExecution(const ModelIo& io) {
    aclrtStream stream = nullptr;
    aclrtEvent start = nullptr, end = nullptr;
    EXPECT_ACL_OK(aclrtCreateStream(&stream));
    EXPECT_ACL_OK(aclrtCreateEvent(&start));
    EXPECT_ACL_OK(aclrtCreateEvent(&end));
    EXPECT_ACL_OK(aclrtRecordEvent(start, stream));
    EXPECT_ACL_OK(aclmdlExecuteAsync(model_id_, io.input(), io.output(), stream));
    EXPECT_ACL_OK(aclrtRecordEvent(end, stream));
    EXPECT_ACL_OK(aclrtSynchronizeStream(stream));
    float ms = 0;
    EXPECT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
    (void)aclrtDestroyEvent(start);
    (void)aclrtDestroyEvent(end);
    (void)aclrtDestroyStream(stream);
    return ms;
  }

  static std::string dir_;
  static bool converted_;
};

std::string ConfGears::dir_;
bool ConfGears::converted_ = false;

TEST_F(ConfGears, GivenBatchGearsThenTheDescriptionReportsThemAndTheGearInput) {
  Load("conv_b.om");
  ASSERT_EQ(aclmdlGetNumInputs(desc_), 2u);
  EXPECT_EQ(Dims(aclmdlGetInputDims, 0), (std::vector<int64_t>{-1, 3, 224, 224}));
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 0), 4u * 3 * 224 * 224 * 4);  // the largest gear, float32
  size_t index = 99;
  ASSERT_ACL_OK(aclmdlGetInputIndexByName(desc_, ACL_DYNAMIC_TENSOR_NAME, &index));
  EXPECT_EQ(index, 1u);
  EXPECT_EQ(Dims(aclmdlGetInputDims, 1), std::vector<int64_t>{1});
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 1), ACL_INT32);
  EXPECT_EQ(aclmdlGetInputFormat(desc_, 1), ACL_FORMAT_ND);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 1), 4u);
  EXPECT_EQ(Dims(aclmdlGetOutputDims, 0), (std::vector<int64_t>{4, 8, 1, 1}));
  aclmdlBatch batch;
  ASSERT_ACL_OK(aclmdlGetDynamicBatch(desc_, &batch));
  ASSERT_EQ(batch.batchCount, 3u);
  EXPECT_EQ(batch.batch[0], 1u);
  EXPECT_EQ(batch.batch[1], 2u);
  EXPECT_EQ(batch.batch[2], 4u);
  aclmdlHW hw;
  ASSERT_ACL_OK(aclmdlGetDynamicHW(desc_, 0, &hw));
  EXPECT_EQ(hw.hwCount, 0u);
  size_t gears = 99;
  ASSERT_ACL_OK(aclmdlGetInputDynamicGearCount(desc_, static_cast<size_t>(-1), &gears));
  EXPECT_EQ(gears, 0u);  // dims gears only
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicGearCount(desc_, 0, &gears), ACL_ERROR_INVALID_PARAM);
}

TEST_F(ConfGears, GivenABatchGearWhenSetAndExecutedThenItRunsAtItsCost) {
  Load("conv_b.om");
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  // Nothing chosen: the gear input holds 0, which is no gear.
  EXPECT_ACL_ERROR(aclmdlExecute(model_id_, io.input(), io.output()), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_, io.input(), 1, 3), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
  EXPECT_RECENT_ERR_HAS("(1; 2; 4 are its gears)");
  ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(model_id_, io.input(), 1, 1));
  // The gear input holds the batch size (4 bytes: the buffer is 4 long).
  int32_t held = 0;
  aclDataBuffer* gear_buffer = aclmdlGetDatasetBuffer(io.input(), 1);
  ASSERT_ACL_OK(
      aclrtMemcpy(&held, sizeof(held), aclGetDataBufferAddr(gear_buffer), sizeof(held), ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(held, 1);
  const double one = TimedExecution(io);
  EXPECT_EQ(Dims(aclmdlGetCurOutputDims, 0), (std::vector<int64_t>{1, 8, 1, 1}));
  ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(model_id_, io.input(), 1, 2));
  const double two = TimedExecution(io);
  ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(model_id_, io.input(), 1, 4));
  const double four = TimedExecution(io);
  EXPECT_EQ(Dims(aclmdlGetCurOutputDims, 0), (std::vector<int64_t>{4, 8, 1, 1}));
  // The cost grows with the work: each added image costs the same (the
  // fixed per-task costs cancel out), within 10 %.
  EXPECT_GT(two, one);
  EXPECT_NEAR((four - two) / (2 * (two - one)), 1.0, 0.1) << one << ", " << two << ", " << four << " ms";
  // GE checks the buffer's length first: 4 bytes cannot hold a height and width.
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(model_id_, io.input(), 1, 32, 32), ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_ + 100, io.input(), 1, 4), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
}

// A subscription to a model with gears gets the records of whichever gear
// ran, under the model's id: the fused ops (conv0 with its BatchNorm and
// Relu, conv1 with the residual Add and Relu, the pooling), longer at batch 4.
TEST_F(ConfGears, GivenASubscriptionThenEachGearsRecordsCarryTheModelId) {
  Load("conv_b.om");
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  aclsim_conformance::PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_NE(config, nullptr);
  ASSERT_ACL_OK(aclprofModelSubscribe(model_id_, config));
  for (uint64_t batch : {1u, 4u}) {
    ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(model_id_, io.input(), 1, batch));
    ASSERT_ACL_OK(aclmdlExecute(model_id_, io.input(), io.output()));
  }
  ASSERT_ACL_OK(aclprofModelUnSubscribe(model_id_));
  reader.Join();
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
  const auto records = aclsim_conformance::DecodeAll(reader.bytes);
  ASSERT_EQ(records.size(), 6u);
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].model_id, model_id_) << i;
    EXPECT_EQ(records[i].name, (std::vector<std::string>{"conv0", "conv1", "gap"}[i % 3])) << i;
  }
  // conv0 at batch 4 works longer than at batch 1 (both may sit on the
  // kernel floor, so the execution time, the work without it, tells).
  EXPECT_GT(records[3].execution, records[0].execution);
  EXPECT_GE(records[3].duration, records[0].duration);
}

TEST_F(ConfGears, GivenImageSizeGearsThenHeightAndWidthAreChosen) {
  Load("conv_hw.om");
  EXPECT_EQ(Dims(aclmdlGetInputDims, 0), (std::vector<int64_t>{1, 3, -1, -1}));
  EXPECT_EQ(Dims(aclmdlGetInputDims, 1), std::vector<int64_t>{2});
  aclmdlHW hw;
  ASSERT_ACL_OK(aclmdlGetDynamicHW(desc_, static_cast<size_t>(-1), &hw));
  ASSERT_EQ(hw.hwCount, 2u);
  EXPECT_EQ(hw.hw[1][0], 64u);
  EXPECT_EQ(hw.hw[1][1], 64u);
  aclmdlBatch batch;
  ASSERT_ACL_OK(aclmdlGetDynamicBatch(desc_, &batch));
  EXPECT_EQ(batch.batchCount, 0u);
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(model_id_, io.input(), 1, 32, 64), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(model_id_, io.input(), 1, 0, 64), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclmdlSetDynamicHWSize(model_id_, io.input(), 1, 32, 32));
  EXPECT_ACL_OK(aclmdlExecute(model_id_, io.input(), io.output()));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(model_id_, io.input(), 1, 1), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
}

TEST_F(ConfGears, GivenDimsGearsThenEachGearListsEveryInputsDims) {
  Load("two.om");
  ASSERT_EQ(aclmdlGetNumInputs(desc_), 3u);
  EXPECT_EQ(Dims(aclmdlGetInputDims, 1), (std::vector<int64_t>{1, -1, 64}));
  size_t count = 0;
  ASSERT_ACL_OK(aclmdlGetInputDynamicGearCount(desc_, static_cast<size_t>(-1), &count));
  ASSERT_EQ(count, 2u);
  aclmdlIODims gears[2];
  std::memset(gears, 0, sizeof(gears));
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicDims(desc_, static_cast<size_t>(-1), gears, 1), ACL_ERROR_INVALID_PARAM);
  ASSERT_ACL_OK(aclmdlGetInputDynamicDims(desc_, static_cast<size_t>(-1), gears, 2));
  ASSERT_EQ(gears[1].dimCount, 6u);
  EXPECT_EQ(std::vector<int64_t>(gears[1].dims, gears[1].dims + 6), (std::vector<int64_t>{1, 16, 64, 1, 32, 64}));
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  aclmdlIODims want = gears[1];
  ASSERT_ACL_OK(aclmdlSetInputDynamicDims(model_id_, io.input(), 2, &want));
  EXPECT_ACL_OK(aclmdlExecute(model_id_, io.input(), io.output()));
  EXPECT_EQ(Dims(aclmdlGetCurOutputDims, 0), (std::vector<int64_t>{1, 16, 32}));
  want.dims[2] = 65;  // a static dim that differs from the model's
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(model_id_, io.input(), 2, &want),
                   ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
  want = gears[1];
  want.dims[4] = 8;  // [16, 8] is not a gear
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(model_id_, io.input(), 2, &want), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
  want.dimCount = 5;
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(model_id_, io.input(), 2, &want),
                   ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
}

// A CANN offline model (its "IMOD" header) cannot run here: the load says to
// convert the source model with atc.
TEST_F(ConfGears, GivenACannOmThenTheLoadSaysToConvertTheSourceModel) {
  std::string om(256, '\0');
  om.replace(0, 4, "IMOD");
  om += "compiled kernels";
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromMem(om.data(), om.size(), &id), ACL_ERROR_DESERIALIZE_MODEL);
  EXPECT_RECENT_ERR_HAS("convert the source model with aclsim's atc");
}

TEST_F(ConfGears, GivenAModelWithoutGearsThenTheGearCallsAnswerAsGeDoes) {
  LoadSampleMlp();
  size_t count = 99;
  ASSERT_ACL_OK(aclmdlGetInputDynamicGearCount(desc_, static_cast<size_t>(-1), &count));
  EXPECT_EQ(count, 0u);
  size_t index = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(desc_, ACL_DYNAMIC_TENSOR_NAME, &index), ACL_ERROR_INVALID_PARAM);
  ModelIo io;
  ASSERT_ACL_OK(io.Create(model_id_));
  aclmdlIODims dims;
  std::memset(&dims, 0, sizeof(dims));
  dims.dimCount = 2;
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(model_id_, io.input(), 0, &dims),
                   ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(model_id_, io.input(), 0, 8, 8), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
}

// Dynamic-shape models (-1 without gears; or an ONNX file whose spatial dims
// are symbolic, loaded directly): the inputs' shapes come with each
// execution, in the input dataset's tensor descs.
void SetShape(aclmdlDataset* dataset, size_t index, std::vector<int64_t> dims) {
  aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT, static_cast<int>(dims.size()), dims.data(), ACL_FORMAT_NCHW);
  ASSERT_NE(desc, nullptr);
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset, desc, index));
  aclDestroyTensorDesc(desc);  // the dataset keeps its own copy
}

std::vector<int64_t> DescDims(const aclTensorDesc* desc) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < aclGetTensorDescNumDims(desc); ++i) {
    int64_t d = 0;
    EXPECT_ACL_OK(aclGetTensorDescDimV2(desc, i, &d));
    dims.push_back(d);
  }
  return dims;
}

// Buffers of |bytes| each for a model's inputs and outputs; the caller
// frees |memory| and destroys |buffers|.
aclmdlDataset* Dataset(size_t count, size_t bytes, std::vector<void*>* memory, std::vector<aclDataBuffer*>* buffers) {
  aclmdlDataset* d = aclmdlCreateDataset();
  for (size_t i = 0; i < count; ++i) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    memory->push_back(p);
    buffers->push_back(aclCreateDataBuffer(p, bytes));
    EXPECT_ACL_OK(aclmdlAddDatasetBuffer(d, buffers->back()));
  }
  return d;
}

TEST_F(ConfGears, GivenDynamicShapesThenEachExecutionRunsTheShapesItsDescsGive) {
  for (const char* file : {"conv_dyn.om", "conv_dyn.onnx"}) {
    SCOPED_TRACE(file);
    Load(file);
    EXPECT_EQ(Dims(aclmdlGetInputDims, 0), (std::vector<int64_t>{-1, 3, -1, -1}));
    EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 0), 0u);  // unknown until it runs
    aclmdlIODims cur;
    EXPECT_ACL_ERROR(aclmdlGetCurOutputDims(desc_, 0, &cur), ACL_ERROR_API_NOT_SUPPORT);
    std::vector<void*> memory;
    std::vector<aclDataBuffer*> buffers;
    aclmdlDataset* in = Dataset(1, 2 * 3 * 64 * 64 * 4, &memory, &buffers);
    aclmdlDataset* out = Dataset(1, 2 * 8 * 4, &memory, &buffers);
    // No shapes given: CANN's runtime-v2 check.
    EXPECT_ACL_ERROR(aclmdlExecute(model_id_, in, out), ACL_ERROR_INVALID_PARAM);
    EXPECT_RECENT_ERR_HAS("aclmdlSetDatasetTensorDesc");
    SetShape(in, 0, {1, 3, 32, 32});
    ASSERT_ACL_OK(aclmdlExecute(model_id_, in, out));
    const aclTensorDesc* y = aclmdlGetDatasetTensorDesc(out, 0);
    ASSERT_NE(y, nullptr);
    EXPECT_EQ(DescDims(y), (std::vector<int64_t>{1, 8, 1, 1}));
    EXPECT_EQ(aclGetTensorDescType(y), ACL_FLOAT);
    SetShape(in, 0, {2, 3, 64, 64});
    ASSERT_ACL_OK(aclmdlExecute(model_id_, in, out));
    EXPECT_EQ(DescDims(aclmdlGetDatasetTensorDesc(out, 0)), (std::vector<int64_t>{2, 8, 1, 1}));
    SetShape(in, 0, {1, 4, 32, 32});  // 4 channels: the model has 3
    EXPECT_ACL_ERROR(aclmdlExecute(model_id_, in, out), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_OK(aclmdlSetDatasetTensorDesc(in, nullptr, 0));
    EXPECT_EQ(aclmdlGetDatasetTensorDesc(in, 0), nullptr);
    EXPECT_ACL_ERROR(aclmdlSetDatasetTensorDesc(in, nullptr, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_ACL_OK(aclmdlDestroyDataset(in));
    EXPECT_ACL_OK(aclmdlDestroyDataset(out));
    for (aclDataBuffer* b : buffers) EXPECT_ACL_OK(aclDestroyDataBuffer(b));
    for (void* p : memory) EXPECT_ACL_OK(aclrtFree(p));
    ASSERT_ACL_OK(aclmdlUnload(model_id_));
    ASSERT_ACL_OK(aclmdlDestroyDesc(desc_));
    desc_ = nullptr;
  }
}

}  // namespace
