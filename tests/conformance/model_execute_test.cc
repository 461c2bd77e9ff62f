// Model execution: aclmdlExecute and aclmdlExecuteAsync, their dataset and
// stream checks, and the ops they run on the device.
#include <string>

#include "model_fixture.h"

namespace {

using aclsim_conformance::ConfModel;
using aclsim_conformance::ModelIo;
using aclsim_conformance::TraceRecords;

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

}  // namespace
