#include "frame_seeds.h"

#include <utility>

#include "remote/protocol.h"
#include "remote/wire_types.h"

namespace aclsim::remote::seeds {
namespace {

// A two-op graph in the aclsim JSON format (docs/model_format.md).
constexpr const char* kGraph =
    R"({"schema":"aclsim.graph.v1","name":"seed","inputs":[{"name":"x","dtype":"float16","shape":[16,16]}],)"
    R"("outputs":["z"],"ops":[{"name":"relu","type":"Relu","engine":"AI_VECTOR","inputs":["x"],)"
    R"("outputs":[{"name":"y","dtype":"float16","shape":[16,16]}]},{"name":"add","type":"Add","engine":"AI_VECTOR",)"
    R"("inputs":["x","y"],"outputs":[{"name":"z","dtype":"float16","shape":[16,16]}]}]})";

// Appends framed requests to a connection's byte stream.
class Script {
 public:
  explicit Script(std::string name) { seed_.name = std::move(name); }

  // A request of |type| whose payload |fill| writes.
  template <typename Fill>
  Script& Add(MessageType type, Fill&& fill) {
    Writer payload;
    fill(payload);
    FrameHeader h;
    h.type = static_cast<uint16_t>(type);
    h.payload_len = static_cast<uint32_t>(payload.bytes().size());
    h.request_id = ++seed_.requests;
    uint8_t raw[kHeaderBytes];
    EncodeHeader(h, raw);
    seed_.bytes.insert(seed_.bytes.end(), raw, raw + kHeaderBytes);
    seed_.bytes.insert(seed_.bytes.end(), payload.bytes().begin(), payload.bytes().end());
    return *this;
  }
  Script& Add(MessageType type) {
    return Add(type, [](Writer&) {});
  }
  // A device request on |device| with further arguments from |fill|.
  template <typename Fill>
  Script& On(uint32_t device, MessageType type, Fill&& fill) {
    return Add(type, [&](Writer& w) {
      w.U32(device);
      fill(w);
    });
  }
  Script& On(uint32_t device, MessageType type) {
    return On(device, type, [](Writer&) {});
  }
  // A device request on |device| whose arguments are the handles |ids|.
  Script& On(uint32_t device, MessageType type, std::initializer_list<uint64_t> ids) {
    return On(device, type, [&](Writer& w) {
      for (uint64_t id : ids) w.U64(id);
    });
  }
  Script& Hello() {
    return Add(MessageType::kHello, [](Writer& w) { w.Str("frame seed"); });
  }
  Seed Done() { return std::move(seed_); }

 private:
  Seed seed_;
};

}  // namespace

std::vector<Seed> FrameSeeds() {
  using M = MessageType;
  std::vector<Seed> out;
  out.push_back(Script("hello").Hello().Done());
  out.push_back(Script("session_info")
                    .Hello()
                    .Add(M::kDeviceCount)
                    .Add(M::kServerStats)
                    .Add(M::kOpenDevice, [](Writer& w) { w.U32(0); })
                    .On(0, M::kDeviceInfo)
                    .On(0, M::kNow)
                    .On(0, M::kSynchronizeDevice)
                    .Done());
  out.push_back(Script("run_graph")
                    .Hello()
                    .Add(M::kOpenDevice, [](Writer& w) { w.U32(0); })
                    .On(0, M::kSetCompletionSink, [](Writer& w) { w.U8(1); })
                    .On(0, M::kCreateStream)
                    .On(0, M::kLoadGraph, [](Writer& w) { w.Str(kGraph); })
                    .On(0, M::kGraphCosts, {1})
                    .On(0, M::kSubmitGraph,
                        [](Writer& w) {
                          w.U64(1);
                          w.U64(1);
                          Encode(w, device::LaunchInfo{7, 100, 3'600'000'010'000});
                        })
                    .On(0, M::kSubmitMarker,
                        [](Writer& w) {
                          w.U64(1);
                          Encode(w, device::MarkerInfo{5, 7, 100, 3'600'000'020'000});
                        })
                    .On(0, M::kSynchronizeStream, {1})
                    .On(0, M::kQueryStream, {1})
                    .On(0, M::kUnloadGraph, {1})
                    .On(0, M::kDestroyStream, {1})
                    .Done());
  out.push_back(Script("events")
                    .Hello()
                    .Add(M::kOpenDevice, [](Writer& w) { w.U32(1); })
                    .On(1, M::kCreateStream)
                    .On(1, M::kCreateStream)
                    .On(1, M::kCreateEvent)
                    .On(1, M::kSubmitEventRecord, {1, 1})
                    .On(1, M::kSubmitEventWait, {2, 1})
                    .On(1, M::kSynchronizeEvent, {1})
                    .On(1, M::kQueryEvent, {1})
                    .On(1, M::kDestroyEvent, {1})
                    .On(1, M::kDestroyStream, {2})
                    .On(1, M::kDestroyStream, {1})
                    .Done());
  // Hangs up holding a stream, an event and a graph on each device.
  Script abandon("abandon");
  abandon.Hello();
  for (uint32_t d = 0; d < kSeedDeviceCount; ++d) {
    abandon.Add(M::kOpenDevice, [d](Writer& w) { w.U32(d); })
        .On(d, M::kCreateStream)
        .On(d, M::kCreateEvent)
        .On(d, M::kLoadGraph, [](Writer& w) { w.Str(kGraph); });
  }
  out.push_back(abandon.Done());
  return out;
}

}  // namespace aclsim::remote::seeds
