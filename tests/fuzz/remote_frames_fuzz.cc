// libFuzzer target: the device server's wire protocol. The input is the
// whole byte stream of one client connection (remote/server/frame_handler.h,
// ServeBytes): frame headers, payload lengths and every request type's
// decoding and dispatch, against two fresh in-process simulated devices
// (fresh per input, so handle ids and results depend on the input only).
// Seeds (tests/fuzz/corpus/remote_frames/) start with a Hello.
// Checked: every response is a well-formed frame answering its request with
// a decodable status that is not an internal error; once the input ends
// the connection holds nothing, and the server's counters show one
// connection ended and nothing left behind.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "remote/protocol.h"
#include "remote/server/frame_handler.h"

namespace {

using namespace aclsim::remote;

const ServerOptions& Options() {
  static const ServerOptions* options = [] {
    auto* o = new ServerOptions();
    o->devices.device_count = 2;
    o->max_sessions = 1;
    o->max_streams = 8;  // small quotas: reachable by a short input
    o->max_events = 8;
    o->max_graphs = 4;
    return o;
  }();
  return *options;
}

// Frames handled over the run, printed at exit (scripts/fuzz.sh reports it).
uint64_t g_frames = 0;
uint64_t g_connections = 0;

void PrintTotals() {
  std::printf("remote_frames_fuzz: %llu frames handled in %llu connections\n",
              static_cast<unsigned long long>(g_frames), static_cast<unsigned long long>(g_connections));
}

void CheckResponse(const FrameHeader& request, const aclsim::Status& status, const ResponseFrame& response) {
  if (!response.fits) std::abort();  // no request of a client makes a response over the frame limit
  auto h = DecodeHeader(response.header.data());
  if (!h.ok() || h->type != (request.type | kResponseBit) || h->request_id != request.request_id ||
      h->payload_len != response.prefix.bytes().size() + response.body_len) {
    std::abort();
  }
  if (status.code() == aclsim::StatusCode::kInternal) std::abort();  // a handler threw or a device broke
  if (request.version < 2) return;                                   // the v1 prefix: {i32 code, string}
  Reader r(response.prefix.bytes());
  aclsim::Status decoded;
  if (!DecodeStatus(r, "fuzz", &decoded) || r.remaining() != 0 || decoded.code() != status.code()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool registered = std::atexit(PrintTotals) == 0;
  (void)registered;
  auto hosted = HostedDevices::Create(Options().devices);
  if (!hosted.ok()) std::abort();
  Counters counters;
  {
    FrameHandler frames((*hosted)->devices(), Options(), counters, 1);
    g_frames += ServeBytes(frames, data, size, CheckResponse);
    ++g_connections;
  }
  const uint64_t ended = counters.sessions_closed.load();
  if (counters.live_sessions.load() != 0 || counters.handshaking.load() != 0 || ended > 1 ||
      counters.streams.load() != 0 || counters.events.load() != 0 || counters.executables.load() != 0) {
    std::abort();
  }
  return 0;
}
