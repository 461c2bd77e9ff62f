// Writes the wire-protocol fuzzer's seed connections (frame_seeds.h), one
// file each, into the folder given:
//   build/test/bin/write_frame_seeds tests/fuzz/corpus/remote_frames
#include <cstdio>
#include <fstream>
#include <string>

#include "frame_seeds.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  for (const auto& seed : aclsim::remote::seeds::FrameSeeds()) {
    const std::string path = std::string(argv[1]) + "/" + seed.name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(seed.bytes.data()), static_cast<std::streamsize>(seed.bytes.size()));
    if (!out) {
      std::fprintf(stderr, "write_frame_seeds: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}
