// Seed connections for the wire-protocol fuzzer (tests/fuzz/
// remote_frames_fuzz.cc): each is the byte stream one well-behaved client
// sends, Hello first, so that the fuzzer starts past the handshake with
// every request type. remote_frames_test checks that a server answers every
// request of every seed with OK and that tests/fuzz/corpus/remote_frames/
// holds exactly these bytes; write_frame_seeds regenerates that folder.
// The handle ids assume fresh devices (ids start at 1) and two of them.
#ifndef ACLSIM_TESTS_REMOTE_FRAME_SEEDS_H_
#define ACLSIM_TESTS_REMOTE_FRAME_SEEDS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace aclsim::remote::seeds {

inline constexpr uint32_t kSeedDeviceCount = 2;

struct Seed {
  std::string name;            // the corpus file name
  std::vector<uint8_t> bytes;  // the connection's frames, back to back
  size_t requests = 0;         // frames in |bytes|
};

std::vector<Seed> FrameSeeds();

}  // namespace aclsim::remote::seeds

#endif  // ACLSIM_TESTS_REMOTE_FRAME_SEEDS_H_
