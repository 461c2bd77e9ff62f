// The single-operator API (acl_op.h, acl_op_compiler.h): op models
// (aclopSetModelDir, aclopCompile), aclopExecuteV2, aclopCompileAndExecute,
// handles, attributes, compile options, tensor descriptions; the exact code
// of each bad input, and the launched task.
#include <string>
#include <vector>

#include "acl/acl_op_compiler.h"
#include "conformance_util.h"

namespace {

using aclsim_conformance::AclDeviceTest;

class ConfOp : public AclDeviceTest {
 protected:
  void SetUp() override {
    AclDeviceTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
  }
  void TearDown() override {
    for (aclTensorDesc* d : descs_) aclDestroyTensorDesc(d);
    for (aclDataBuffer* b : buffers_) (void)aclDestroyDataBuffer(b);
    for (void* p : memory_) (void)aclrtFree(p);
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    AclDeviceTest::TearDown();
  }
  aclTensorDesc* Desc(std::vector<int64_t> dims, aclDataType dtype = ACL_FLOAT16) {
    descs_.push_back(aclCreateTensorDesc(dtype, static_cast<int>(dims.size()), dims.data(), ACL_FORMAT_ND));
    return descs_.back();
  }
  aclDataBuffer* Buffer(size_t bytes) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    memory_.push_back(p);
    buffers_.push_back(aclCreateDataBuffer(p, bytes));
    return buffers_.back();
  }
  // Add of two [rows, 16] fp16 tensors.
  aclError ExecuteAdd(int64_t rows) {
    aclTensorDesc* in[] = {Desc({rows, 16}), Desc({rows, 16})};
    aclTensorDesc* out[] = {Desc({rows, 16})};
    const size_t bytes = static_cast<size_t>(rows) * 32;
    aclDataBuffer* in_buf[] = {Buffer(bytes), Buffer(bytes)};
    aclDataBuffer* out_buf[] = {Buffer(bytes)};
    return aclopExecuteV2("Add", 2, in, in_buf, 1, out, out_buf, nullptr, stream_);
  }
  aclError CompileAdd(int64_t rows) {
    const aclTensorDesc* in[] = {Desc({rows, 16}), Desc({rows, 16})};
    const aclTensorDesc* out[] = {Desc({rows, 16})};
    return aclopCompile("Add", 2, in, 1, out, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr);
  }

  aclrtStream stream_ = nullptr;
  std::vector<aclTensorDesc*> descs_;
  std::vector<aclDataBuffer*> buffers_;
  std::vector<void*> memory_;
};

TEST_F(ConfOp, GivenNoOpModelThenOpNotFound) {
  EXPECT_ACL_ERROR(ExecuteAdd(4), ACL_ERROR_OP_NOT_FOUND);
  EXPECT_RECENT_ERR_HAS("aclopCompile");
}

TEST_F(ConfOp, GivenCompiledSignatureThenOnlyThatSignatureExecutes) {
  ASSERT_ACL_OK(CompileAdd(4));
  EXPECT_ACL_OK(ExecuteAdd(4));
  EXPECT_ACL_ERROR(ExecuteAdd(8), ACL_ERROR_OP_NOT_FOUND);
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
}

TEST_F(ConfOp, GivenModelDirThenEveryTableOpTypeExecutesAndUnknownTypesDoNot) {
  EXPECT_ACL_ERROR(aclopSetModelDir(nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopSetModelDir("/nonexistent/op_models"), ACL_ERROR_INVALID_FILE);
  ASSERT_ACL_OK(aclopSetModelDir("."));
  EXPECT_ACL_OK(ExecuteAdd(8));
  aclTensorDesc* in[] = {Desc({4})};
  aclTensorDesc* out[] = {Desc({4})};
  aclDataBuffer* in_buf[] = {Buffer(8)};
  aclDataBuffer* out_buf[] = {Buffer(8)};
  EXPECT_ACL_ERROR(aclopExecuteV2("NoSuchOp", 1, in, in_buf, 1, out, out_buf, nullptr, stream_),
                   ACL_ERROR_OP_NOT_FOUND);
  EXPECT_RECENT_ERR_HAS("NoSuchOp");
  EXPECT_ACL_ERROR(aclopLoad(nullptr, 10), ACL_ERROR_INVALID_PARAM);
  char model[16] = {};
  EXPECT_ACL_OK(aclopLoad(model, sizeof(model)));
}

TEST_F(ConfOp, GivenBadArgumentsThenInvalidParamAndEmptyOutputsShortCut) {
  ASSERT_ACL_OK(aclopSetModelDir("."));
  aclTensorDesc* in[] = {Desc({4})};
  aclTensorDesc* out[] = {Desc({4})};
  aclTensorDesc* dynamic[] = {Desc({-1})};
  aclTensorDesc* empty[] = {Desc({0, 4})};
  aclDataBuffer* in_buf[] = {Buffer(8)};
  aclDataBuffer* out_buf[] = {Buffer(8)};
  EXPECT_ACL_ERROR(aclopExecuteV2(nullptr, 1, in, in_buf, 1, out, out_buf, nullptr, stream_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopExecuteV2("Relu", -1, in, in_buf, 1, out, out_buf, nullptr, stream_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopExecuteV2("Relu", 1, nullptr, in_buf, 1, out, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopExecuteV2("Relu", 1, in, nullptr, 1, out, out_buf, nullptr, stream_), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopExecuteV2("Relu", 1, dynamic, in_buf, 1, out, out_buf, nullptr, stream_),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_ERR_HAS("dynamic dim");
  // Every output empty: success before the buffers are even looked at.
  EXPECT_ACL_OK(aclopExecuteV2("NoSuchOp", 1, in, nullptr, 1, empty, nullptr, nullptr, stream_));
}

#ifndef ACLSIM_CONFORMANCE_PORTABLE
TEST_F(ConfOp, GivenExecutedOpsThenTasksNamedByOpTypeOnTheirEngine) {
  ASSERT_ACL_OK(aclopSetModelDir("."));
  ASSERT_ACL_OK(aclsimTraceStart(0));
  ASSERT_ACL_OK(ExecuteAdd(64));
  aclTensorDesc* in[] = {Desc({32, 64}), Desc({64, 16})};
  aclTensorDesc* out[] = {Desc({32, 16})};
  aclDataBuffer* in_buf[] = {Buffer(32 * 64 * 2), Buffer(64 * 16 * 2)};
  aclDataBuffer* out_buf[] = {Buffer(32 * 16 * 2)};
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_ACL_OK(aclopSetAttrBool(attr, "transpose_x1", 0));
  ASSERT_ACL_OK(aclopSetAttrBool(attr, "transpose_x2", 0));
  ASSERT_ACL_OK(aclopExecuteV2("MatMulV2", 2, in, in_buf, 1, out, out_buf, attr, stream_));
  aclopDestroyAttr(attr);
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  std::vector<aclsimTaskRecord> r(4);
  size_t n = 0;
  ASSERT_ACL_OK(aclsimTraceGetRecords(r.data(), r.size(), &n));
  ASSERT_EQ(n, 2u);
  EXPECT_STREQ(r[0].opName, "Add");
  EXPECT_STREQ(r[0].engine, "AI_VECTOR_CORE");
  EXPECT_EQ(r[0].flops, 64u * 16u);
  EXPECT_STREQ(r[1].opType, "MatMulV2");
  EXPECT_STREQ(r[1].engine, "AI_CORE");
  EXPECT_EQ(r[1].flops, 2u * 32u * 64u * 16u);
  EXPECT_EQ(r[1].startNs, r[0].endNs);
}
#endif

TEST_F(ConfOp, GivenCompileAndExecuteThenItRunsAndBadFlagsAreNotSupported) {
  const aclTensorDesc* in[] = {Desc({4, 4})};
  const aclTensorDesc* out[] = {Desc({4, 4})};
  const aclDataBuffer* in_buf[] = {Buffer(32)};
  aclDataBuffer* out_buf[] = {Buffer(32)};
  EXPECT_ACL_OK(aclopCompileAndExecute("Relu", 1, in, in_buf, 1, out, out_buf, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_SYS,
                                       nullptr, stream_));
  EXPECT_ACL_ERROR(aclopCompileAndExecute("Relu", 1, in, in_buf, 1, out, out_buf, nullptr, ACL_ENGINE_SYS,
                                          static_cast<aclopCompileType>(7), nullptr, stream_),
                   ACL_ERROR_API_NOT_SUPPORT);
  EXPECT_ACL_ERROR(aclopCompile("Relu", 1, in, 1, out, nullptr, ACL_ENGINE_SYS, ACL_COMPILE_UNREGISTERED, nullptr),
                   ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
}

TEST_F(ConfOp, GivenHandleThenCountsMustMatchAndItLaunches) {
  ASSERT_ACL_OK(CompileAdd(2));
  const aclTensorDesc* in[] = {Desc({2, 16}), Desc({2, 16})};
  const aclTensorDesc* out[] = {Desc({2, 16})};
  aclopHandle* handle = nullptr;
  ASSERT_ACL_OK(aclopCreateHandle("Add", 2, in, 1, out, nullptr, &handle));
  const aclDataBuffer* in_buf[] = {Buffer(64), Buffer(64)};
  aclDataBuffer* out_buf[] = {Buffer(64)};
  EXPECT_ACL_ERROR(aclopExecWithHandle(handle, 1, in_buf, 1, out_buf, stream_), ACL_ERROR_OP_INPUT_NOT_MATCH);
  EXPECT_ACL_ERROR(aclopExecWithHandle(handle, 2, in_buf, 0, out_buf, stream_), ACL_ERROR_OP_OUTPUT_NOT_MATCH);
  EXPECT_ACL_OK(aclopExecWithHandle(handle, 2, in_buf, 1, out_buf, stream_));
  EXPECT_ACL_ERROR(aclopExecWithHandle(nullptr, 2, in_buf, 1, out_buf, stream_), ACL_ERROR_INVALID_PARAM);
  aclopDestroyHandle(handle);
  // Without a matching op model there is no handle.
  const aclTensorDesc* other[] = {Desc({3, 16}), Desc({3, 16})};
  aclopHandle* none = nullptr;
  EXPECT_ACL_ERROR(aclopCreateHandle("Add", 2, other, 1, out, nullptr, &none), ACL_ERROR_OP_NOT_FOUND);
  EXPECT_EQ(none, nullptr);
  EXPECT_ACL_OK(aclrtSynchronizeStream(stream_));
}

TEST_F(ConfOp, GivenAttrSettersThenNullsAndBadListsAreInvalidParam) {
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_NE(attr, nullptr);
  const int64_t ints[] = {1, 2};
  const char* strings[] = {"a", "b"};
  const int64_t* lists[] = {ints, ints};
  const int lengths[] = {2, 1};
  EXPECT_ACL_OK(aclopSetAttrInt(attr, "axis", 1));
  EXPECT_ACL_OK(aclopSetAttrFloat(attr, "eps", 1e-5f));
  EXPECT_ACL_OK(aclopSetAttrString(attr, "mode", "x"));
  EXPECT_ACL_OK(aclopSetAttrListInt(attr, "perm", 2, ints));
  EXPECT_ACL_OK(aclopSetAttrListString(attr, "names", 2, strings));
  EXPECT_ACL_OK(aclopSetAttrListListInt(attr, "pads", 2, lengths, lists));
  EXPECT_ACL_OK(aclopSetAttrDataType(attr, "dst_type", ACL_FLOAT));
  EXPECT_ACL_ERROR(aclopSetAttrInt(nullptr, "axis", 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopSetAttrInt(attr, nullptr, 1), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopSetAttrString(attr, "mode", nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopSetAttrListInt(attr, "perm", 2, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclopSetAttrListInt(attr, "perm", -1, ints), ACL_ERROR_INVALID_PARAM);
  aclopDestroyAttr(attr);
  aclopDestroyAttr(nullptr);
}

TEST_F(ConfOp, GivenCompileOptionsThenCannsCodesAndValues) {
  EXPECT_ACL_OK(aclSetCompileopt(ACL_PRECISION_MODE, "allow_fp32_to_fp16"));
  EXPECT_EQ(aclGetCompileoptSize(ACL_PRECISION_MODE), sizeof("allow_fp32_to_fp16"));
  EXPECT_EQ(aclGetCompileoptSize(ACL_OP_JIT_COMPILE), 256u);
  EXPECT_EQ(aclGetCompileoptSize(ACL_DEBUG_DIR), 0u);
  EXPECT_ACL_ERROR(aclSetCompileopt(ACL_PRECISION_MODE, nullptr), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_ERROR(aclSetCompileopt(ACL_AUTO_TUNE_MODE, "on"), ACL_ERROR_FEATURE_UNSUPPORTED);
  EXPECT_ACL_ERROR(aclSetCompileopt(static_cast<aclCompileOpt>(99), "x"), ACL_ERROR_INTERNAL_ERROR);
  char value[256] = {};
  EXPECT_ACL_ERROR(aclGetCompileopt(ACL_PRECISION_MODE, value, sizeof(value)), ACL_ERROR_API_NOT_SUPPORT);
  ASSERT_ACL_OK(aclSetCompileopt(ACL_OP_DEBUG_OPTION, "oom"));
  ASSERT_ACL_OK(aclGetCompileopt(ACL_OP_DEBUG_OPTION, value, sizeof(value)));
  EXPECT_STREQ(value, "oom");
  EXPECT_ACL_ERROR(aclGetCompileopt(ACL_OP_DEBUG_OPTION, value, 3), ACL_ERROR_FAILURE);
  EXPECT_ACL_ERROR(aclGetCompileopt(ACL_OP_DEBUG_OPTION, nullptr, 8), ACL_ERROR_INVALID_PARAM);
  EXPECT_ACL_OK(aclopSetCompileFlag(ACL_OP_COMPILE_FUZZ));
  EXPECT_ACL_ERROR(aclopSetCompileFlag(static_cast<aclOpCompileFlag>(5)), ACL_ERROR_INVALID_PARAM);
}

#ifndef ACLSIM_CONFORMANCE_PORTABLE
TEST_F(ConfOp, GivenJitCompileThenTheSocDefaultWhateverWasSet) {
  ASSERT_ACL_OK(aclSetCompileopt(ACL_OP_JIT_COMPILE, "enable"));
  char value[256] = {};
  ASSERT_ACL_OK(aclGetCompileopt(ACL_OP_JIT_COMPILE, value, sizeof(value)));
  EXPECT_STREQ(value, "disable");  // Ascend910B2, the default profile
}
#endif

TEST_F(ConfOp, GivenTensorDescThenItReadsBack) {
  const int64_t dims[] = {2, 3, 4};
  aclTensorDesc* d = aclCreateTensorDesc(ACL_FLOAT, 3, dims, ACL_FORMAT_NCHW);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(aclGetTensorDescType(d), ACL_FLOAT);
  EXPECT_EQ(aclGetTensorDescFormat(d), ACL_FORMAT_NCHW);
  EXPECT_EQ(aclGetTensorDescNumDims(d), 3u);
  EXPECT_EQ(aclGetTensorDescElementCount(d), 24u);
  EXPECT_EQ(aclGetTensorDescSize(d), 96u);
  int64_t dim = 0;
  EXPECT_ACL_OK(aclGetTensorDescDimV2(d, 2, &dim));
  EXPECT_EQ(dim, 4);
  EXPECT_ACL_ERROR(aclGetTensorDescDimV2(d, 3, &dim), ACL_ERROR_INVALID_PARAM);
  aclSetTensorDescName(d, "x");
  EXPECT_STREQ(aclGetTensorDescName(d), "x");
  const int64_t reshaped[] = {6, 4};
  EXPECT_ACL_OK(aclSetTensorShape(d, 2, reshaped));
  EXPECT_EQ(aclGetTensorDescElementCount(d), 24u);
  EXPECT_EQ(aclGetTensorDescNumDims(d), 2u);
  aclDestroyTensorDesc(d);
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, -1, dims, ACL_FORMAT_ND), nullptr);
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 2, nullptr, ACL_FORMAT_ND), nullptr);
  EXPECT_EQ(aclGetTensorDescType(nullptr), ACL_DT_UNDEFINED);
  EXPECT_EQ(aclGetTensorDescSize(nullptr), 0u);
}

}  // namespace
