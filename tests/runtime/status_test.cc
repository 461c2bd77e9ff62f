// Tests of Status, StatusOr, the propagation macros, StatusCodeName and DetailName.
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
  EXPECT_EQ(s.code(), StatusCode::kOk);
  EXPECT_EQ(s.message(), "");
  EXPECT_EQ(s.ToString(), "OK");
  EXPECT_EQ(Status::Ok().code(), StatusCode::kOk);
  EXPECT_EQ(OkStatus().code(), StatusCode::kOk);
}

TEST(Status, GivenErrorThenCodeDetailMessageAndToString) {
  Status s(Detail::kInvalidHandle, "stream gone");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_EQ(s.detail(), Detail::kInvalidHandle);
  EXPECT_EQ(s.value(), 0);
  EXPECT_EQ(s.message(), "stream gone");
  EXPECT_EQ(s.ToString(), "NOT_FOUND (INVALID_HANDLE): stream gone");
  Status plain(StatusCode::kInvalidArgument, "bad");
  EXPECT_EQ(plain.detail(), Detail::kNone);
  EXPECT_EQ(plain.ToString(), "INVALID_ARGUMENT: bad");
}

TEST(StatusOr, GivenValueThenOkAndAccessors) {
  StatusOr<std::string> v(std::string("abc"));
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v.status().code(), StatusCode::kOk);
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
  StatusOr<int> v(Status(Detail::kNoDevice, "none"));
  EXPECT_FALSE(v.ok());
  EXPECT_EQ(v.status().detail(), Detail::kNoDevice);
  EXPECT_EQ(v.status().message(), "none");
}

TEST(StatusOr, GivenMoveOnlyTypeThenHoldsAndMovesOut) {
  StatusOr<std::unique_ptr<int>> v(std::make_unique<int>(5));
  ASSERT_TRUE(v.ok());
  std::unique_ptr<int> p = std::move(v).value();
  EXPECT_EQ(*p, 5);
}

Status FailWith(StatusCode code) { return code == StatusCode::kOk ? OkStatus() : Status(code, "inner"); }

int g_after_return_if_error = 0;
Status UsesReturnIfError(StatusCode code) {
  ACLSIM_RETURN_IF_ERROR(FailWith(code));
  ++g_after_return_if_error;
  return Status(StatusCode::kInternal, "reached end");
}

TEST(StatusMacros, GivenErrorWhenReturnIfErrorThenReturnsSameStatus) {
  g_after_return_if_error = 0;
  Status s = UsesReturnIfError(StatusCode::kInvalidArgument);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "inner");
  EXPECT_EQ(g_after_return_if_error, 0);
  s = UsesReturnIfError(StatusCode::kOk);
  EXPECT_EQ(s.code(), StatusCode::kInternal);
  EXPECT_EQ(g_after_return_if_error, 1);
}

StatusOr<int> MakeInt(bool ok) {
  if (!ok) return Status(StatusCode::kResourceExhausted, "no int");
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
  EXPECT_EQ(Doubled(false, true).status().code(), StatusCode::kResourceExhausted);
  EXPECT_EQ(Doubled(true, false).status().code(), StatusCode::kResourceExhausted);
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
  EXPECT_EQ(AssignIntoExisting(&out).code(), StatusCode::kOk);
  EXPECT_EQ(out, 21);
}

TEST(StatusCodeName, GivenEachCodeThenItsAbseilName) {
  EXPECT_STREQ(StatusCodeName(StatusCode::kOk), "OK");
  EXPECT_STREQ(StatusCodeName(StatusCode::kInvalidArgument), "INVALID_ARGUMENT");
  EXPECT_STREQ(StatusCodeName(StatusCode::kNotFound), "NOT_FOUND");
  EXPECT_STREQ(StatusCodeName(StatusCode::kFailedPrecondition), "FAILED_PRECONDITION");
  EXPECT_STREQ(StatusCodeName(StatusCode::kUnavailable), "UNAVAILABLE");
  EXPECT_STREQ(StatusCodeName(StatusCode::kUnauthenticated), "UNAUTHENTICATED");
  EXPECT_STREQ(StatusCodeName(static_cast<StatusCode>(kMaxStatusCode + 1)), "?");
}

TEST(StatusCode, GivenEveryCodeThenItsNumberIsAbseils) {
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kCancelled), 1);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kInvalidArgument), 3);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kDeadlineExceeded), 4);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kNotFound), 5);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kResourceExhausted), 8);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kFailedPrecondition), 9);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kAborted), 10);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kUnimplemented), 12);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kInternal), 13);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kUnavailable), 14);
  EXPECT_EQ(static_cast<int32_t>(StatusCode::kDataLoss), 15);
}

TEST(Detail, GivenEveryDetailThenADistinctNameAndACodeOtherThanOkOrUnknown) {
  std::set<std::string> names;
  int known = 0;
  for (int32_t n = 1; n <= kMaxDetail; ++n) {
    const auto d = static_cast<Detail>(n);
    if (std::string(DetailName(d)) == "?") continue;  // a gap in the numbering
    ++known;
    SCOPED_TRACE(DetailName(d));
    EXPECT_TRUE(names.insert(DetailName(d)).second);
    EXPECT_NE(CodeOf(d), StatusCode::kOk);
    EXPECT_NE(CodeOf(d), StatusCode::kUnknown);
    EXPECT_EQ(Status(d, "m").code(), CodeOf(d));
    EXPECT_EQ(Status(d, "m").detail(), d);
  }
  EXPECT_EQ(known, 9 + 53);  // device-level 1..9, host-level 20..72
  EXPECT_STREQ(DetailName(Detail::kNone), "NONE");
  EXPECT_STREQ(DetailName(static_cast<Detail>(kMaxDetail + 1)), "?");
}

TEST(Detail, GivenDeviceLevelDetailsThenTheirNumbersAreTheAbis) {
  EXPECT_EQ(static_cast<int32_t>(Detail::kInvalidDeviceId), 1);
  EXPECT_EQ(static_cast<int32_t>(Detail::kInvalidHandle), 2);
  EXPECT_EQ(static_cast<int32_t>(Detail::kNoDevice), 3);
  EXPECT_EQ(static_cast<int32_t>(Detail::kDeviceLost), 4);
  EXPECT_EQ(static_cast<int32_t>(Detail::kModelDeserialize), 5);
  EXPECT_EQ(static_cast<int32_t>(Detail::kModelParse), 6);
  EXPECT_EQ(static_cast<int32_t>(Detail::kModelSizeInvalid), 7);
  EXPECT_EQ(static_cast<int32_t>(Detail::kModelMissingAttr), 8);
  EXPECT_EQ(static_cast<int32_t>(Detail::kDeviceError), 9);
  EXPECT_EQ(kMaxDeviceDetail, 9);
}

TEST(Status, GivenDeviceErrorThenAbortedWithTheNumberAndToStringNamesIt) {
  const Status s = Status::DeviceError(507015, "op failed");
  EXPECT_EQ(s.code(), StatusCode::kAborted);
  EXPECT_EQ(s.detail(), Detail::kDeviceError);
  EXPECT_EQ(s.value(), 507015);
  EXPECT_EQ(s.ToString(), "ABORTED (DEVICE_ERROR 507015): op failed");
}

TEST(Status, GivenWithPrefixThenCodeDetailAndValueKept) {
  const Status s = WithPrefix(Status::DeviceError(7, "m"), "where: ");
  EXPECT_EQ(s.code(), StatusCode::kAborted);
  EXPECT_EQ(s.detail(), Detail::kDeviceError);
  EXPECT_EQ(s.value(), 7);
  EXPECT_EQ(s.message(), "where: m");
  EXPECT_EQ(WithPrefix(Status(Detail::kModelParse, "bad"), "f: ").detail(), Detail::kModelParse);
}

}  // namespace
}  // namespace aclsim
