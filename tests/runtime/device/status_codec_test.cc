// Tests of the device layer's canonical status codes (device/status_codec.h)
// and of the generated C ABI codec (device/c_api/codec.h).
#include "runtime/device/status_codec.h"

#include <gtest/gtest.h>

#include "runtime/device/c_api/codec.h"

namespace aclsim::device {
namespace {

Status RoundTrip(std::string_view function, ErrorCode code) {
  const CanonicalStatus c = ToCanonical(code);
  return FromCanonical(function, static_cast<int32_t>(c.code), static_cast<int32_t>(c.detail), c.value, "m");
}

TEST(StatusCodec, GivenCodesBackendsProduceThenCanonicalFormIsTheDocumentedOne) {
  EXPECT_EQ(ToCanonical(ErrorCode::kRtInvalidHandle).code, CanonicalCode::kNotFound);
  EXPECT_EQ(ToCanonical(ErrorCode::kRtInvalidHandle).detail, ErrorDetail::kInvalidHandle);
  EXPECT_EQ(ToCanonical(ErrorCode::kRtInvalidDeviceId).detail, ErrorDetail::kInvalidDeviceId);
  EXPECT_EQ(ToCanonical(ErrorCode::kRtNoDevice).code, CanonicalCode::kUnavailable);
  EXPECT_EQ(ToCanonical(ErrorCode::kRtLostHeartbeat).detail, ErrorDetail::kDeviceLost);
  EXPECT_EQ(ToCanonical(ErrorCode::kInvalidParam).code, CanonicalCode::kInvalidArgument);
  EXPECT_EQ(ToCanonical(ErrorCode::kInvalidParam).detail, ErrorDetail::kNone);
  EXPECT_EQ(ToCanonical(ErrorCode::kParseModel).detail, ErrorDetail::kModelParse);
  EXPECT_EQ(ToCanonical(ErrorCode::kRtFeatureNotSupport).code, CanonicalCode::kUnimplemented);
  EXPECT_EQ(ToCanonical(ErrorCode::kOk).code, CanonicalCode::kOk);
}

TEST(StatusCodec, GivenAnyOtherCodeThenItTravelsAsDeviceErrorWithItsNumber) {
  const CanonicalStatus c = ToCanonical(ErrorCode::kRtModelExecute);
  EXPECT_EQ(c.code, CanonicalCode::kAborted);
  EXPECT_EQ(c.detail, ErrorDetail::kDeviceError);
  EXPECT_EQ(c.value, 507011);
  EXPECT_EQ(RoundTrip("synchronize_stream", ErrorCode::kRtModelExecute).code(), ErrorCode::kRtModelExecute);
  EXPECT_EQ(RoundTrip("submit_marker", ErrorCode::kRtStreamNotComplete).code(), ErrorCode::kRtStreamNotComplete);
}

TEST(StatusCodec, GivenNativeCodesThenTheyRoundTripAtTheFunctionsThatReturnThem) {
  EXPECT_EQ(RoundTrip("destroy_stream", ErrorCode::kRtInvalidHandle).code(), ErrorCode::kRtInvalidHandle);
  EXPECT_EQ(RoundTrip("open_device", ErrorCode::kRtInvalidDeviceId).code(), ErrorCode::kRtInvalidDeviceId);
  EXPECT_EQ(RoundTrip("submit_graph", ErrorCode::kRtNoDevice).code(), ErrorCode::kRtNoDevice);
  EXPECT_EQ(RoundTrip("submit_graph", ErrorCode::kRtLostHeartbeat).code(), ErrorCode::kRtLostHeartbeat);
  EXPECT_EQ(RoundTrip("create_stream", ErrorCode::kRtParamInvalid).code(), ErrorCode::kRtParamInvalid);
  EXPECT_EQ(RoundTrip("create_backend", ErrorCode::kInvalidParam).code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(RoundTrip("load_graph", ErrorCode::kDeserializeModel).code(), ErrorCode::kDeserializeModel);
  EXPECT_EQ(RoundTrip("load_graph", ErrorCode::kModelSizeInvalid).code(), ErrorCode::kModelSizeInvalid);
  EXPECT_EQ(RoundTrip("load_graph", ErrorCode::kModelMissingAttr).code(), ErrorCode::kModelMissingAttr);
  EXPECT_EQ(RoundTrip("create_stream", ErrorCode::kRtMemoryAllocation).code(), ErrorCode::kRtMemoryAllocation);
  EXPECT_EQ(RoundTrip("now", ErrorCode::kRtInternalError).code(), ErrorCode::kRtInternalError);
}

TEST(StatusCodec, GivenTheSameCanonicalCodeThenTheFunctionChoosesTheAclCode) {
  const int32_t invalid = static_cast<int32_t>(CanonicalCode::kInvalidArgument);
  const int32_t unimplemented = static_cast<int32_t>(CanonicalCode::kUnimplemented);
  EXPECT_EQ(FromCanonical("create_backend", invalid, 0, 0, "m").code(), ErrorCode::kInvalidParam);
  EXPECT_EQ(FromCanonical("create_stream", invalid, 0, 0, "m").code(), ErrorCode::kRtParamInvalid);
  EXPECT_EQ(FromCanonical("create_backend", unimplemented, 0, 0, "m").code(), ErrorCode::kApiNotSupport);
  EXPECT_EQ(FromCanonical("load_graph", unimplemented, 0, 0, "m").code(), ErrorCode::kRtFeatureNotSupport);
  EXPECT_EQ(FromCanonical("open_device", static_cast<int32_t>(CanonicalCode::kNotFound), 0, 0, "m").code(),
            ErrorCode::kRtInvalidDeviceId);
}

TEST(StatusCodec, GivenOutOfRangeCodeDetailOrValueThenInternalErrorNamingThem) {
  Status bad_code = FromCanonical("now", 99, 0, 0, "why");
  EXPECT_EQ(bad_code.code(), ErrorCode::kRtInternalError);
  EXPECT_EQ(bad_code.message(), "now returned an unknown status (code 99, detail 0): why");
  EXPECT_EQ(FromCanonical("now", 3, 42, 0, "why").code(), ErrorCode::kRtInternalError);
  Status bad_value = FromCanonical("now", 10, static_cast<int32_t>(ErrorDetail::kDeviceError), -5, "why");
  EXPECT_EQ(bad_value.code(), ErrorCode::kRtInternalError);
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
