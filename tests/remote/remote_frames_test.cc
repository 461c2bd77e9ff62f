// Tests of the device server's socket-free frame handling
// (remote/server/frame_handler.h) driven from buffers: the wire fuzzer's
// seeds are answered OK request by request and are what the corpus holds,
// a connection that hangs up releases what it held, and malformed streams
// end the connection where they should. Fuzzer findings get their
// regression test here.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "frame_seeds.h"
#include "remote/protocol.h"
#include "remote/server/frame_handler.h"

namespace aclsim::remote {
namespace {

// Two fresh simulated devices and the counters of a server hosting them.
struct Server {
  Server() {
    options.devices.device_count = seeds::kSeedDeviceCount;
    auto created = HostedDevices::Create(options.devices);
    EXPECT_TRUE(created.ok()) << created.status().message();
    if (created.ok()) hosted = std::move(*created);
  }
  std::vector<std::unique_ptr<device::Device>>& devices() { return hosted->devices(); }

  ServerOptions options;
  std::unique_ptr<HostedDevices> hosted;
  Counters counters;
};

struct Answer {
  uint16_t type = 0;
  uint64_t request_id = 0;
  StatusCode code = StatusCode::kOk;
};

// Serves |bytes| as one connection; returns each response's type, id and code.
std::vector<Answer> Serve(Server& server, const std::vector<uint8_t>& bytes) {
  std::vector<Answer> answers;
  FrameHandler frames(server.devices(), server.options, server.counters, 1);
  ServeBytes(frames, bytes.data(), bytes.size(), [&](const FrameHeader&, const Status&, const ResponseFrame& r) {
    auto h = DecodeHeader(r.header.data());
    EXPECT_TRUE(h.ok());
    EXPECT_EQ(h->payload_len, r.prefix.bytes().size() + r.body_len);
    Reader reader(r.prefix.bytes());
    Status status;
    EXPECT_TRUE(DecodeStatus(reader, "test", &status));
    answers.push_back({h->type, h->request_id, status.code()});
  });
  return answers;
}

std::vector<uint8_t> Frame(uint16_t type, const std::vector<uint8_t>& payload, uint64_t request_id,
                           uint16_t version = kProtocolVersion) {
  FrameHeader h;
  h.type = type;
  h.version = version;
  h.payload_len = static_cast<uint32_t>(payload.size());
  h.request_id = request_id;
  std::vector<uint8_t> out(kHeaderBytes);
  EncodeHeader(h, out.data());
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

std::vector<uint8_t> HelloFrame() {
  Writer w;
  w.Str("test");
  return Frame(static_cast<uint16_t>(MessageType::kHello), w.bytes(), 1);
}

std::vector<uint8_t> Concat(std::initializer_list<std::vector<uint8_t>> parts) {
  std::vector<uint8_t> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

TEST(RemoteFrames, EverySeedRequestIsAnsweredOk) {
  for (const auto& seed : seeds::FrameSeeds()) {
    SCOPED_TRACE(seed.name);
    Server server;
    auto answers = Serve(server, seed.bytes);
    ASSERT_EQ(answers.size(), seed.requests);
    for (size_t i = 0; i < answers.size(); ++i) {
      EXPECT_EQ(answers[i].request_id, i + 1);
      EXPECT_NE(answers[i].type & kResponseBit, 0);
      EXPECT_EQ(answers[i].code, StatusCode::kOk) << "request " << i + 1;
    }
    EXPECT_EQ(server.counters.sessions_closed.load(), 1u);
    EXPECT_EQ(server.counters.live_sessions.load(), 0u);
    EXPECT_EQ(server.counters.handshaking.load(), 0u);
    EXPECT_EQ(server.counters.streams.load(), 0u);
    EXPECT_EQ(server.counters.events.load(), 0u);
    EXPECT_EQ(server.counters.executables.load(), 0u);
  }
}

TEST(RemoteFrames, CorpusHoldsTheSeeds) {
  for (const auto& seed : seeds::FrameSeeds()) {
    const std::string path = std::string(ACLSIM_FRAME_CORPUS_DIR) + "/" + seed.name;
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path << " is missing; run write_frame_seeds " << ACLSIM_FRAME_CORPUS_DIR;
    std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(file, seed.bytes) << path << " is stale; run write_frame_seeds " << ACLSIM_FRAME_CORPUS_DIR;
  }
}

TEST(RemoteFrames, HangingUpReleasesEveryHandleOnTheDevices) {
  Server server;
  const auto seeds = seeds::FrameSeeds();
  const auto& abandon = seeds.back();
  ASSERT_EQ(abandon.name, "abandon");
  EXPECT_EQ(Serve(server, abandon.bytes).size(), abandon.requests);
  for (auto& dev : server.devices()) {
    EXPECT_EQ(dev->QueryStream(1).status().detail(), Detail::kInvalidHandle);
    EXPECT_EQ(dev->QueryEvent(1).status().detail(), Detail::kInvalidHandle);
    EXPECT_EQ(dev->GetGraphCosts(1).status().detail(), Detail::kInvalidHandle);
  }
  EXPECT_EQ(server.counters.streams.load(), 0u);
  EXPECT_EQ(server.counters.events.load(), 0u);
  EXPECT_EQ(server.counters.executables.load(), 0u);
}

TEST(RemoteFrames, BadMagicEndsTheConnectionUnanswered) {
  Server server;
  auto bytes = HelloFrame();
  bytes[0] ^= 0xFF;
  EXPECT_EQ(Serve(server, bytes).size(), 0u);
  EXPECT_EQ(server.counters.bad_frames.load(), 1u);
  EXPECT_EQ(server.counters.handshaking.load(), 0u);
  EXPECT_EQ(server.counters.sessions_closed.load(), 0u);
}

TEST(RemoteFrames, AFrameCutShortIsNotHandled) {
  Server server;
  auto count = Frame(static_cast<uint16_t>(MessageType::kDeviceCount), {}, 2);
  auto open = Frame(static_cast<uint16_t>(MessageType::kOpenDevice), {0, 0, 0, 0}, 3);
  open.pop_back();
  auto answers = Serve(server, Concat({HelloFrame(), count, open}));
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[1].request_id, 2u);
  EXPECT_EQ(server.counters.sessions_closed.load(), 1u);
  EXPECT_EQ(server.counters.bad_frames.load(), 0u);
}

TEST(RemoteFrames, AResponseFrameFromTheClientIsAnsweredThenTheConnectionEnds) {
  Server server;
  auto bogus = Frame(static_cast<uint16_t>(MessageType::kDeviceCount) | kResponseBit, {}, 2);
  auto count = Frame(static_cast<uint16_t>(MessageType::kDeviceCount), {}, 3);
  auto answers = Serve(server, Concat({HelloFrame(), bogus, count}));
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[1].code, StatusCode::kInvalidArgument);
  EXPECT_EQ(answers[1].type, static_cast<uint16_t>(MessageType::kDeviceCount) | kResponseBit);
}

TEST(RemoteFrames, AnOversizedRequestBeforeHelloIsABadFrame) {
  Server server;
  FrameHeader h;
  h.type = static_cast<uint16_t>(MessageType::kHello);
  h.payload_len = kMaxHelloPayloadBytes + 1;
  std::vector<uint8_t> bytes(kHeaderBytes);
  EncodeHeader(h, bytes.data());
  EXPECT_EQ(Serve(server, bytes).size(), 0u);
  EXPECT_EQ(server.counters.bad_frames.load(), 1u);
}

TEST(RemoteFrames, AV1HelloGetsTheV1PrefixAndTheConnectionEnds) {
  Server server;
  Writer w;
  w.Str("old client");
  auto hello = Frame(static_cast<uint16_t>(MessageType::kHello), w.bytes(), 1, 1);
  FrameHandler frames(server.devices(), server.options, server.counters, 1);
  int32_t code = -1;
  ServeBytes(frames, hello.data(), hello.size(), [&](const FrameHeader&, const Status& s, const ResponseFrame& r) {
    EXPECT_EQ(s.detail(), Detail::kVersionMismatch);
    Reader reader(r.prefix.bytes());
    code = reader.I32();
  });
  EXPECT_EQ(code, 207000);
  EXPECT_EQ(server.counters.handshaking.load(), 0u);
  EXPECT_EQ(server.counters.sessions_closed.load(), 0u);
}

}  // namespace
}  // namespace aclsim::remote
