// Tests of the device layer's canonical status codes (device/status_codec.h)
// and of the generated C ABI codec (device/c_api/codec.h).
#include "runtime/device/status_codec.h"

#include <gtest/gtest.h>

#include "runtime/device/c_api/codec.h"

namespace aclsim::device {
namespace {

Status RoundTrip(std::string_view function, const Status& status) {
  const CanonicalStatus c = ToCanonical(status);
  return FromCanonical(function, static_cast<int32_t>(c.code), static_cast<int32_t>(c.detail), c.value, "m");
}

TEST(StatusCodec, GivenDeviceLevelDetailsThenTheyCrossWithTheirCode) {
  EXPECT_EQ(ToCanonical(Status(Detail::kInvalidHandle, "m")).code, StatusCode::kNotFound);
  EXPECT_EQ(ToCanonical(Status(Detail::kInvalidHandle, "m")).detail, Detail::kInvalidHandle);
  EXPECT_EQ(ToCanonical(Status(Detail::kInvalidDeviceId, "m")).detail, Detail::kInvalidDeviceId);
  EXPECT_EQ(ToCanonical(Status(Detail::kNoDevice, "m")).code, StatusCode::kUnavailable);
  EXPECT_EQ(ToCanonical(Status(Detail::kDeviceLost, "m")).detail, Detail::kDeviceLost);
  EXPECT_EQ(ToCanonical(Status(StatusCode::kInvalidArgument, "m")).code, StatusCode::kInvalidArgument);
  EXPECT_EQ(ToCanonical(Status(StatusCode::kInvalidArgument, "m")).detail, Detail::kNone);
  EXPECT_EQ(ToCanonical(Status(Detail::kModelParse, "m")).detail, Detail::kModelParse);
  EXPECT_EQ(ToCanonical(Status(StatusCode::kUnimplemented, "m")).code, StatusCode::kUnimplemented);
  EXPECT_EQ(ToCanonical(OkStatus()).code, StatusCode::kOk);
}

TEST(StatusCodec, GivenHostLevelDetailThenItCrossesToo) {
  const CanonicalStatus c = ToCanonical(Status(Detail::kFileAttrInvalid, "m"));
  EXPECT_EQ(c.code, StatusCode::kInvalidArgument);
  EXPECT_EQ(c.detail, Detail::kFileAttrInvalid);
  EXPECT_EQ(c.value, 0);
  const Status back = RoundTrip("create_backend", Status(Detail::kFileAttrInvalid, "m"));
  EXPECT_EQ(back.detail(), Detail::kFileAttrInvalid);
}

TEST(StatusCodec, GivenDeviceErrorThenItsNumberCrosses) {
  const CanonicalStatus c = ToCanonical(Status::DeviceError(507011, "m"));
  EXPECT_EQ(c.code, StatusCode::kAborted);
  EXPECT_EQ(c.detail, Detail::kDeviceError);
  EXPECT_EQ(c.value, 507011);
  const Status back = RoundTrip("synchronize_stream", Status::DeviceError(507004, "m"));
  EXPECT_EQ(back.code(), StatusCode::kAborted);
  EXPECT_EQ(back.detail(), Detail::kDeviceError);
  EXPECT_EQ(back.value(), 507004);
}

TEST(StatusCodec, GivenWhatBackendsReturnThenItRoundTripsUnchanged) {
  for (const Detail d :
       {Detail::kInvalidHandle, Detail::kInvalidDeviceId, Detail::kNoDevice, Detail::kDeviceLost,
        Detail::kModelDeserialize, Detail::kModelParse, Detail::kModelSizeInvalid, Detail::kModelMissingAttr}) {
    SCOPED_TRACE(DetailName(d));
    const Status back = RoundTrip("load_graph", Status(d, "m"));
    EXPECT_EQ(back.code(), CodeOf(d));
    EXPECT_EQ(back.detail(), d);
  }
  const Status invalid = RoundTrip("create_stream", Status(StatusCode::kInvalidArgument, "m"));
  EXPECT_EQ(invalid.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(invalid.detail(), Detail::kNone);
  EXPECT_EQ(RoundTrip("now", Status(StatusCode::kInternal, "m")).code(), StatusCode::kInternal);
}

TEST(StatusCodec, GivenAPlainCodeWithOneMeaningAtThatFunctionThenTheDecoderNamesIt) {
  const int32_t not_found = static_cast<int32_t>(StatusCode::kNotFound);
  const int32_t exhausted = static_cast<int32_t>(StatusCode::kResourceExhausted);
  const int32_t unavailable = static_cast<int32_t>(StatusCode::kUnavailable);
  const int32_t unimplemented = static_cast<int32_t>(StatusCode::kUnimplemented);
  EXPECT_EQ(FromCanonical("open_device", not_found, 0, 0, "m").detail(), Detail::kInvalidDeviceId);
  EXPECT_EQ(FromCanonical("destroy_stream", not_found, 0, 0, "m").detail(), Detail::kNone);
  EXPECT_EQ(FromCanonical("create_stream", exhausted, 0, 0, "m").detail(), Detail::kDeviceMemory);
  EXPECT_EQ(FromCanonical("create_backend", exhausted, 0, 0, "m").detail(), Detail::kNone);
  EXPECT_EQ(FromCanonical("submit_graph", unavailable, 0, 0, "m").detail(), Detail::kNoDevice);
  EXPECT_EQ(FromCanonical("create_backend", unimplemented, 0, 0, "m").detail(), Detail::kOptionUnsupported);
  EXPECT_EQ(FromCanonical("load_graph", unimplemented, 0, 0, "m").detail(), Detail::kNone);
  EXPECT_EQ(FromCanonical("load_graph", unimplemented, 0, 0, "m").code(), StatusCode::kUnimplemented);
}

TEST(StatusCodec, GivenOutOfRangeCodeDetailOrValueThenInternalErrorNamingThem) {
  Status bad_code = FromCanonical("now", 99, 0, 0, "why");
  EXPECT_EQ(bad_code.code(), StatusCode::kInternal);
  EXPECT_EQ(bad_code.detail(), Detail::kNone);
  EXPECT_EQ(bad_code.message(), "now returned an unknown status (code 99, detail 0): why");
  EXPECT_EQ(FromCanonical("now", 3, 19, 0, "why").code(), StatusCode::kInternal);
  EXPECT_EQ(FromCanonical("now", 3, 15, 0, "why").code(), StatusCode::kInternal);  // a gap in the numbering
  EXPECT_EQ(FromCanonical("now", 3, kMaxDetail + 1, 0, "why").code(), StatusCode::kInternal);
  Status bad_value = FromCanonical("now", 10, static_cast<int32_t>(Detail::kDeviceError), -5, "why");
  EXPECT_EQ(bad_value.code(), StatusCode::kInternal);
  EXPECT_EQ(bad_value.message(), "now returned DEVICE_ERROR with the invalid value -5: why");
  EXPECT_TRUE(FromCanonical("now", 0, 0, 0, "ignored").ok());
}

TEST(CApiCodec, GivenRecordThenCAndBackAreEqualFieldByField) {
  CompletionRecord r;
  r.device_id = 3;
  r.kind = TaskKind::kMarker;
  r.engine = model::Engine::kAiCpu;
  r.block_dim = 7;
  r.stream_id = 1ull << 40;
  r.task_id = 9;
  r.model_tag = 0xFFFFFFFFu;
  r.op_index = 5;
  r.host_tid = 77;
  r.marker_tag = 8;
  r.marker_id = 1ull << 50;
  r.start_ns = -1;
  r.end_ns = 12345;
  r.exec_ns = 42;
  r.flops = 1ull << 60;
  r.bytes = 64;
  aclsimBackendCompletion c{};
  c.struct_size = ACLSIM_BACKEND_COMPLETION_STRUCT_SIZE;
  capi::ToC(r, &c);
  EXPECT_EQ(c.kind, ACLSIM_BACKEND_TASK_MARKER);
  EXPECT_EQ(c.engine, ACLSIM_BACKEND_ENGINE_AI_CPU);
  CompletionRecord back;
  ASSERT_TRUE(capi::FromC(c, &back));
  EXPECT_EQ(back.kind, r.kind);
  EXPECT_EQ(back.engine, r.engine);
  EXPECT_EQ(back.stream_id, r.stream_id);
  EXPECT_EQ(back.marker_id, r.marker_id);
  EXPECT_EQ(back.start_ns, -1);
  EXPECT_EQ(back.flops, r.flops);
  c.engine = 3;  // beyond ACLSIM_BACKEND_ENGINE_AI_CPU
  EXPECT_FALSE(capi::FromC(c, &back));
}

TEST(CApiCodec, GivenLongNameThenTruncatedToSixtyThreeBytesAndTerminated) {
  DeviceInfo info;
  info.profile_name = std::string(100, 'x');
  info.soc_name = "Ascend910B2";
  aclsimBackendDeviceInfo c{};
  capi::ToC(info, &c);
  DeviceInfo back;
  ASSERT_TRUE(capi::FromC(c, &back));
  EXPECT_EQ(back.profile_name, std::string(63, 'x'));
  EXPECT_EQ(back.soc_name, "Ascend910B2");
}

}  // namespace
}  // namespace aclsim::device
