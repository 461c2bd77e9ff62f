// Operator subscription of a model runtime instance (docs/model_ri.md):
// aclprofModelSubscribe takes the instance's id (aclmdlRIGetId), and each
// replay delivers one record per operator task (copies have none, as for
// models) with that model id.
#include "acl/acl_op_compiler.h"
#include "prof_test_util.h"

namespace aclsim_conformance {
namespace {

TEST(ProfModelRI, GivenSubscribedInstanceThenEachReplayDeliversItsTasksUnderItsId) {
  ASSERT_ACL_OK(aclInit(NoHostCostsConfig()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  constexpr size_t kBytes = 1 << 16;
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&a, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMalloc(&b, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
  const int64_t dims[] = {4, 16};
  aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT16, 2, dims, ACL_FORMAT_ND);
  const aclTensorDesc* in_desc[] = {desc, desc};
  const aclTensorDesc* out_desc[] = {desc};
  ASSERT_ACL_OK(aclopCompile("Add", 2, in_desc, 1, out_desc, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr));
  aclDataBuffer* x = aclCreateDataBuffer(a, 128);
  aclDataBuffer* y = aclCreateDataBuffer(b, 128);
  aclDataBuffer* inputs[] = {x, x};
  aclDataBuffer* outputs[] = {y};
  aclTensorDesc* in_mut[] = {desc, desc};
  aclTensorDesc* out_mut[] = {desc};
  aclmdlRI ri = nullptr;
  ASSERT_ACL_OK(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
  ASSERT_ACL_OK(aclrtMemsetAsync(a, kBytes, 1, kBytes, stream));
  ASSERT_ACL_OK(aclopExecuteV2("Add", 2, in_mut, inputs, 1, out_mut, outputs, nullptr, stream));
  ASSERT_ACL_OK(aclrtMemcpyAsync(b, kBytes, a, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
  ASSERT_ACL_OK(aclmdlRICaptureEnd(stream, &ri));
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlRIGetId(ri, &id));

  PipeReader reader;
  aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &reader.write_fd);
  ASSERT_NE(config, nullptr);
  ASSERT_ACL_OK(aclprofModelSubscribe(id, config));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, stream));
  ASSERT_ACL_OK(aclmdlRIExecuteAsync(ri, stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  ASSERT_ACL_OK(aclprofModelUnSubscribe(id));
  reader.Join();
  const std::vector<Decoded> records = DecodeAll(reader.bytes);
  ASSERT_EQ(records.size(), 2u);
  for (const Decoded& d : records) {
    EXPECT_EQ(d.model_id, id);
    EXPECT_EQ(d.type, "Add");
    EXPECT_EQ(d.duration, records[0].duration) << "each replay times its tasks alike";
  }
  EXPECT_GT(records[1].start, records[0].end) << "the second replay follows the first on the stream";
  EXPECT_ACL_OK(aclprofDestroySubscribeConfig(config));
  EXPECT_ACL_OK(aclmdlRIDestroy(ri));
  (void)aclDestroyDataBuffer(x);
  (void)aclDestroyDataBuffer(y);
  aclDestroyTensorDesc(desc);
  (void)aclrtFree(a);
  (void)aclrtFree(b);
  (void)aclrtDestroyStream(stream);
  (void)aclrtResetDevice(0);
  (void)aclFinalize();
}

}  // namespace
}  // namespace aclsim_conformance
