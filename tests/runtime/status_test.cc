// Tests of Status, StatusOr, the propagation macros and ErrorCodeName.
#include "runtime/status.h"

#include <gtest/gtest.h>

#include <iterator>
#include <memory>
#include <set>
#include <string>
#include "tests/testing/status_printers.h"

namespace aclsim {
namespace {

TEST(Status, GivenDefaultThenOkWithEmptyMessage) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.code(), ErrorCode::kOk);
  EXPECT_EQ(s.message(), "");
  EXPECT_EQ(s.ToString(), "OK");
  EXPECT_EQ(Status::Ok().code(), ErrorCode::kOk);
  EXPECT_EQ(OkStatus().code(), ErrorCode::kOk);
}

TEST(Status, GivenErrorThenCodeMessageAndToString) {
  Status s(ErrorCode::kRtInvalidHandle, "stream gone");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(s.message(), "stream gone");
  EXPECT_EQ(s.ToString(), "RT_INVALID_HANDLE (107017): stream gone");
}

TEST(Status, GivenErrorCodesThenNumericValuesEqualAcl) {
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kInvalidParam), 100000);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kDeserializeModel), 100012);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kParseModel), 100013);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kModelSizeInvalid), 100015);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kModelMissingAttr), 100016);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kRtParamInvalid), 107000);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kRtContextNull), 107002);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kRtInvalidHandle), 107017);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kRtMemoryAllocation), 207001);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kRtNoDevice), 207004);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kRtContextReleaseError), 507007);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kGeExecModelPathInvalid), 145002);
  EXPECT_EQ(static_cast<int32_t>(ErrorCode::kGeExecModelIdInvalid), 145003);
}

TEST(StatusOr, GivenValueThenOkAndAccessors) {
  StatusOr<std::string> v(std::string("abc"));
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v.status().code(), ErrorCode::kOk);
  EXPECT_EQ(*v, "abc");
  EXPECT_EQ(v->size(), 3u);
  EXPECT_EQ(v.value(), "abc");
  v.value() += "d";
  EXPECT_EQ(*v, "abcd");
  const StatusOr<std::string>& cv = v;
  EXPECT_EQ(cv->size(), 4u);
  EXPECT_EQ(*cv, "abcd");
  std::string moved = std::move(v).value();
  EXPECT_EQ(moved, "abcd");
}

TEST(StatusOr, GivenStatusThenNotOkWithThatStatus) {
  StatusOr<int> v(Status(ErrorCode::kRtNoDevice, "none"));
  EXPECT_FALSE(v.ok());
  EXPECT_EQ(v.status().code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(v.status().message(), "none");
}

TEST(StatusOr, GivenMoveOnlyTypeThenHoldsAndMovesOut) {
  StatusOr<std::unique_ptr<int>> v(std::make_unique<int>(5));
  ASSERT_TRUE(v.ok());
  std::unique_ptr<int> p = std::move(v).value();
  EXPECT_EQ(*p, 5);
}

Status FailWith(ErrorCode code) { return code == ErrorCode::kOk ? OkStatus() : Status(code, "inner"); }

int g_after_return_if_error = 0;
Status UsesReturnIfError(ErrorCode code) {
  ACLSIM_RETURN_IF_ERROR(FailWith(code));
  ++g_after_return_if_error;
  return Status(ErrorCode::kFailure, "reached end");
}

TEST(StatusMacros, GivenErrorWhenReturnIfErrorThenReturnsSameStatus) {
  g_after_return_if_error = 0;
  Status s = UsesReturnIfError(ErrorCode::kRtParamInvalid);
  EXPECT_EQ(s.code(), ErrorCode::kRtParamInvalid);
  EXPECT_EQ(s.message(), "inner");
  EXPECT_EQ(g_after_return_if_error, 0);
  s = UsesReturnIfError(ErrorCode::kOk);
  EXPECT_EQ(s.code(), ErrorCode::kFailure);
  EXPECT_EQ(g_after_return_if_error, 1);
}

StatusOr<int> MakeInt(bool ok) {
  if (!ok) return Status(ErrorCode::kBadAlloc, "no int");
  return 21;
}

StatusOr<int> Doubled(bool ok_first, bool ok_second) {
  ACLSIM_ASSIGN_OR_RETURN(int a, MakeInt(ok_first));
  ACLSIM_ASSIGN_OR_RETURN(int b, MakeInt(ok_second));  // two uses on different lines
  return a + b;
}

TEST(StatusMacros, GivenAssignOrReturnThenValueAssignedOrErrorReturned) {
  auto ok = Doubled(true, true);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, 42);
  EXPECT_EQ(Doubled(false, true).status().code(), ErrorCode::kBadAlloc);
  EXPECT_EQ(Doubled(true, false).status().code(), ErrorCode::kBadAlloc);
  EXPECT_EQ(Doubled(true, false).status().message(), "no int");
}

Status AssignIntoExisting(int* out) {
  int value = 0;
  ACLSIM_ASSIGN_OR_RETURN(value, MakeInt(true));
  *out = value;
  return OkStatus();
}

TEST(StatusMacros, GivenExistingVariableWhenAssignOrReturnThenAssigned) {
  int out = 0;
  EXPECT_EQ(AssignIntoExisting(&out).code(), ErrorCode::kOk);
  EXPECT_EQ(out, 21);
}

TEST(ErrorCodeName, GivenEachCodeThenItsAclName) {
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kOk), "OK");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kInvalidParam), "INVALID_PARAM");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kUninitialized), "UNINITIALIZE");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kDeserializeModel), "DESERIALIZE_MODEL");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kParseModel), "PARSE_MODEL");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kModelSizeInvalid), "MODEL_SIZE_INVALID");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kModelMissingAttr), "MODEL_MISSING_ATTR");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtInvalidDeviceId), "RT_INVALID_DEVICEID");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtContextNull), "RT_CONTEXT_NULL");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtStreamContext), "RT_STREAM_CONTEXT");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtEventTimestampInvalid), "RT_EVENT_TIMESTAMP_INVALID");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtInvalidHandle), "RT_INVALID_HANDLE");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtMemoryAllocation), "RT_MEMORY_ALLOCATION");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtNoDevice), "RT_NO_DEVICE");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtInternalError), "RT_INTERNAL_ERROR");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kRtContextReleaseError), "RT_CONTEXT_RELEASE_ERROR");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kGeExecModelPathInvalid), "GE_EXEC_MODEL_PATH_INVALID");
  EXPECT_STREQ(ErrorCodeName(ErrorCode::kGeExecModelIdInvalid), "GE_EXEC_MODEL_ID_INVALID");
}

TEST(ErrorCodeName, GivenEveryEnumeratorThenADistinctKnownName) {
  const ErrorCode all[] = {ErrorCode::kOk,
                           ErrorCode::kInvalidParam,
                           ErrorCode::kUninitialized,
                           ErrorCode::kRepeatInitialize,
                           ErrorCode::kInvalidFile,
                           ErrorCode::kWriteFile,
                           ErrorCode::kParseFile,
                           ErrorCode::kFileMissingAttr,
                           ErrorCode::kFileAttrInvalid,
                           ErrorCode::kInvalidProfilingConfig,
                           ErrorCode::kInvalidModelId,
                           ErrorCode::kDeserializeModel,
                           ErrorCode::kParseModel,
                           ErrorCode::kReadModelFailure,
                           ErrorCode::kModelSizeInvalid,
                           ErrorCode::kModelMissingAttr,
                           ErrorCode::kModelInputNotMatch,
                           ErrorCode::kModelOutputNotMatch,
                           ErrorCode::kModelNotDynamic,
                           ErrorCode::kRepeatFinalize,
                           ErrorCode::kProfAlreadyRun,
                           ErrorCode::kProfNotRun,
                           ErrorCode::kProfRepeatSubscribe,
                           ErrorCode::kProfApiConflict,
                           ErrorCode::kBadAlloc,
                           ErrorCode::kApiNotSupport,
                           ErrorCode::kInvalidDevice,
                           ErrorCode::kFeatureUnsupported,
                           ErrorCode::kProfModulesUnsupported,
                           ErrorCode::kInternalError,
                           ErrorCode::kFailure,
                           ErrorCode::kGeFailure,
                           ErrorCode::kRtFailure,
                           ErrorCode::kProfilingFailure,
                           ErrorCode::kRtParamInvalid,
                           ErrorCode::kRtInvalidDeviceId,
                           ErrorCode::kRtContextNull,
                           ErrorCode::kRtStreamContext,
                           ErrorCode::kRtEventTimestampInvalid,
                           ErrorCode::kRtStreamSubscribe,
                           ErrorCode::kRtThreadSubscribe,
                           ErrorCode::kRtStreamNoCbReg,
                           ErrorCode::kRtInvalidHandle,
                           ErrorCode::kRtFeatureNotSupport,
                           ErrorCode::kRtMemoryAllocation,
                           ErrorCode::kRtNoDevice,
                           ErrorCode::kRtInternalError,
                           ErrorCode::kRtStreamNotComplete,
                           ErrorCode::kRtEventNotComplete,
                           ErrorCode::kRtContextReleaseError,
                           ErrorCode::kRtModelExecute,
                           ErrorCode::kRtReportTimeout,
                           ErrorCode::kGeParamInvalid,
                           ErrorCode::kGeExecModelPathInvalid,
                           ErrorCode::kGeExecNotInit,
                           ErrorCode::kGeExecModelIdInvalid,
                           ErrorCode::kGeExecModelDataSizeInvalid,
                           ErrorCode::kGeDynamicInputLengthInvalid,
                           ErrorCode::kGeDynamicBatchSizeInvalid};
  std::set<std::string> names;
  for (ErrorCode code : all) {
    const std::string name = ErrorCodeName(code);
    EXPECT_NE(name, "UNKNOWN") << static_cast<int32_t>(code);
    EXPECT_TRUE(names.insert(name).second) << "duplicate name " << name;
  }
  EXPECT_EQ(names.size(), std::size(all));
}

TEST(ErrorCodeName, GivenValueOutsideEnumThenUnknown) {
  EXPECT_STREQ(ErrorCodeName(static_cast<ErrorCode>(12345)), "UNKNOWN");
}

}  // namespace
}  // namespace aclsim
