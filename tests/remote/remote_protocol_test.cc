// Tests of the remote wire format (remote/protocol.h): header golden bytes,
// round trips, bounds, truncation and endpoint parsing (loopback only).
#include "remote/protocol.h"

#include <gtest/gtest.h>

#include "remote/wire_types.h"

#include <vector>

#include "tests/testing/status_printers.h"

namespace aclsim::remote {
namespace {

TEST(RemoteProtocol, GivenHeaderWhenEncodedThenGoldenLittleEndianBytes) {
  FrameHeader h;
  h.type = static_cast<uint16_t>(MessageType::kSubmitGraph) | kResponseBit;
  h.payload_len = 0x01020304;
  h.request_id = 0x1122334455667788ull;
  uint8_t raw[kHeaderBytes];
  EncodeHeader(h, raw);
  // magic, version 4, type, payload length, request id; little-endian.
  const std::vector<uint8_t> expected = {'A',  'C',  'L',  'S',  0x04, 0x00, 0x18, 0x80, 0x04, 0x03,
                                         0x02, 0x01, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11};
  EXPECT_EQ(std::vector<uint8_t>(raw, raw + kHeaderBytes), expected);
  auto back = DecodeHeader(raw);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->version, kProtocolVersion);
  EXPECT_EQ(back->type, h.type);
  EXPECT_EQ(back->payload_len, h.payload_len);
  EXPECT_EQ(back->request_id, h.request_id);
}

TEST(RemoteProtocol, GivenBadMagicOrOversizedFrameWhenDecodedThenRtInternalError) {
  FrameHeader h;
  uint8_t raw[kHeaderBytes];
  EncodeHeader(h, raw);
  raw[0] = 'X';
  EXPECT_EQ(DecodeHeader(raw).status().code(), StatusCode::kInternal);
  h.payload_len = kMaxPayloadBytes + 1;
  EncodeHeader(h, raw);
  EXPECT_EQ(DecodeHeader(raw).status().code(), StatusCode::kInternal);
  h.payload_len = kMaxPayloadBytes;
  EncodeHeader(h, raw);
  EXPECT_TRUE(DecodeHeader(raw).ok());
}

TEST(RemoteProtocol, GivenRecordWhenEncodedThenNinetyBytesAndRoundTrips) {
  device::CompletionRecord r;
  r.device_id = 3;
  r.kind = device::TaskKind::kMarker;
  r.engine = model::Engine::kAiCpu;
  r.block_dim = 7;
  r.stream_id = 0x0102030405060708ull;
  r.task_id = 99;
  r.model_tag = 0xFFFFFFFFu;
  r.op_index = 5;
  r.host_tid = 1234;
  r.marker_tag = 8;
  r.marker_id = 1ull << 40;
  r.start_ns = -1;
  r.end_ns = 123456789;
  r.exec_ns = 42;
  r.flops = 1ull << 50;
  r.bytes = 77;
  Writer w;
  Encode(w, r);
  ASSERT_EQ(w.bytes().size(), kCompletionRecordWireBytes);
  ASSERT_EQ(kCompletionRecordWireBytes, 90u);
  Reader rd(w.bytes());
  device::CompletionRecord back;
  ASSERT_TRUE(Decode(rd, &back));
  ASSERT_TRUE(rd.Finish("record").ok());
  Writer again;
  Encode(again, back);
  EXPECT_EQ(again.bytes(), w.bytes());
  EXPECT_EQ(back.stream_id, r.stream_id);
  EXPECT_EQ(back.start_ns, -1);
  EXPECT_EQ(back.kind, device::TaskKind::kMarker);
}

TEST(RemoteProtocol, GivenTruncatedOrTrailingPayloadWhenReadThenRtParamInvalid) {
  Writer w;
  w.U32(5);
  w.Str("hello");
  Reader ok(w.bytes());
  EXPECT_EQ(ok.U32(), 5u);
  EXPECT_EQ(ok.Str(), "hello");
  EXPECT_TRUE(ok.Finish("x").ok());

  Reader truncated(w.bytes().data(), w.bytes().size() - 1);
  truncated.U32();
  EXPECT_EQ(truncated.Str(), "");
  EXPECT_EQ(truncated.Finish("x").code(), StatusCode::kInvalidArgument);

  Reader trailing(w.bytes());
  trailing.U32();
  EXPECT_EQ(trailing.Finish("x").code(), StatusCode::kInvalidArgument);

  Writer huge;
  huge.U32(0xFFFFFFFFu);  // a string length far beyond the payload
  Reader bad(huge.bytes());
  EXPECT_EQ(bad.Str(), "");
  EXPECT_FALSE(bad.ok());
}

TEST(RemoteProtocol, GivenEndpointsWhenParsedThenOnlyUnixAndLoopbackAccepted) {
  auto unix_ep = ParseEndpoint("unix:/tmp/x.sock");
  ASSERT_TRUE(unix_ep.ok());
  EXPECT_EQ(unix_ep->kind, Endpoint::Kind::kUnix);
  EXPECT_EQ(FormatEndpoint(*unix_ep), "unix:/tmp/x.sock");

  auto tcp = ParseEndpoint("tcp:127.0.0.1:5000");
  ASSERT_TRUE(tcp.ok());
  EXPECT_EQ(tcp->port, 5000);
  EXPECT_EQ(FormatEndpoint(*tcp), "tcp:127.0.0.1:5000");
  auto localhost = ParseEndpoint("tcp:localhost:0");
  ASSERT_TRUE(localhost.ok());
  EXPECT_EQ(localhost->host, "127.0.0.1");
  auto v6 = ParseEndpoint("tcp:[::1]:7");
  ASSERT_TRUE(v6.ok());
  EXPECT_EQ(FormatEndpoint(*v6), "tcp:[::1]:7");

  for (const char* bad : {"tcp:0.0.0.0:5000", "tcp:10.0.0.1:5000", "tcp:[::]:5000", "tcp:example.com:80",
                          "tcp:127.0.0.1", "tcp:127.0.0.1:70000", "tcp:127.0.0.1:-1", "unix:", "http://x", ""}) {
    EXPECT_EQ(ParseEndpoint(bad).status().code(), StatusCode::kInvalidArgument) << bad;
  }
  EXPECT_EQ(ParseEndpoint("unix:/" + std::string(200, 'a')).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace aclsim::remote
