// A model for the benchmarks: |ops| element-wise Adds in a chain, each
// feeding the next (1024 fp16 elements), as aclsim.graph.v1 JSON.
#ifndef ACLSIM_BENCH_CHAIN_MODEL_H_
#define ACLSIM_BENCH_CHAIN_MODEL_H_

#include <sstream>
#include <string>

inline std::string ChainModel(int ops) {
  std::ostringstream m;
  m << R"({"schema":"aclsim.graph.v1","name":"chain","inputs":[{"name":"t0","dtype":"float16","shape":[1024]}],"ops":[)";
  for (int i = 0; i < ops; ++i) {
    m << (i ? "," : "") << R"({"name":"layer)" << i << R"(.add","type":"Add","inputs":["t)" << i
      << R"("],"outputs":[{"name":"t)" << i + 1 << R"(","dtype":"float16","shape":[1024]}]})";
  }
  m << R"(],"outputs":["t)" << ops << R"("]})";
  return m.str();
}

#endif  // ACLSIM_BENCH_CHAIN_MODEL_H_
