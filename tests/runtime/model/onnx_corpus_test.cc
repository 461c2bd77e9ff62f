// Corpus test: every model.onnx of Debian's libonnx-testdata (node,
// pytorch-converted, pytorch-operator and simple sets) either loads through
// the format-detecting loader and executes on a simulated NPU, or is rejected
// with one of the documented reasons of docs/onnx_mapping.md ("Rejections").
// Any other outcome (a crash, an undocumented error) fails the test. Each set
// (the node set in shards) is its own test case, so ctest runs them in
// parallel processes. The counts are printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/model/model_loader.h"
#include "sim/sim_backend.h"
#include "tests/testing/status_printers.h"

namespace aclsim::model {
namespace {

namespace fs = std::filesystem;

std::string TestdataRoot() {
  const char* env = std::getenv("ACLSIM_ONNX_TESTDATA");
  return (env != nullptr && *env != '\0') ? env : "/usr/share/libonnx-testdata/data";
}

// The documented rejection reasons: code and the message part naming it.
struct Reason {
  Detail detail;
  const char* message_part;
  const char* label;
};
constexpr Reason kDocumentedReasons[] = {
    {Detail::kModelNotDynamic, "data-dependent shape", "MODEL_NOT_DYNAMIC: data-dependent shape"},
    {Detail::kModelNotDynamic, "only the leading (batch) dimension", "MODEL_NOT_DYNAMIC: dynamic non-batch input dim"},
    {Detail::kModelNotDynamic, "has no shape (unknown rank)", "MODEL_NOT_DYNAMIC: input of unknown rank"},
    {Detail::kFeatureUnsupported, "is not a tensor", "FEATURE_UNSUPPORTED: sequence/map/optional value"},
    {Detail::kFeatureUnsupported, "string and complex", "FEATURE_UNSUPPORTED: string/complex dtype"},
};

const Reason* Classify(const Status& s) {
  for (const auto& r : kDocumentedReasons) {
    if (s.detail() == r.detail && s.message().find(r.message_part) != std::string::npos) return &r;
  }
  return nullptr;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Model directories of |set|, sorted; shard |shard| of |shards|.
std::vector<fs::path> Models(const std::string& set, int shard, int shards) {
  std::vector<fs::path> dirs;
  fs::path root = fs::path(TestdataRoot()) / set;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    if (fs::exists(entry.path() / "model.onnx")) dirs.push_back(entry.path());
  }
  std::sort(dirs.begin(), dirs.end());
  std::vector<fs::path> mine;
  for (size_t i = 0; i < dirs.size(); ++i) {
    if (static_cast<int>(i % static_cast<size_t>(shards)) == shard) mine.push_back(dirs[i] / "model.onnx");
  }
  return mine;
}

void RunCorpus(const std::string& set, int shard = 0, int shards = 1) {
  auto models = Models(set, shard, shards);
  if (models.empty()) GTEST_SKIP() << "no models under " << TestdataRoot() << "/" << set << " (libonnx-testdata)";
  auto backend = sim::CreateSimBackend(sim::SimOptions{});
  ASSERT_TRUE(backend.ok()) << backend.status().ToString();
  auto device = (*backend)->OpenDevice(0);
  ASSERT_TRUE(device.ok()) << device.status().ToString();
  auto stream = (*device)->CreateStream();
  ASSERT_TRUE(stream.ok());

  size_t loaded = 0, executed = 0;
  std::map<std::string, size_t> rejected;
  const bool verbose = std::getenv("ACLSIM_CORPUS_VERBOSE") != nullptr;
  for (const auto& path : models) {
    const std::string name = path.parent_path().filename().string();
    std::string bytes = ReadFile(path);
    ASSERT_EQ(DetectModelFormat(bytes), ModelFormat::kOnnx) << name;
    auto graph = LoadModelBytes(bytes, ModelLoadOptions{});
    if (!graph.ok()) {
      const Reason* reason = Classify(graph.status());
      EXPECT_NE(reason, nullptr) << name << ": undocumented rejection " << graph.status().ToString();
      ++rejected[reason != nullptr ? reason->label : "UNDOCUMENTED"];
      if (verbose) std::cout << "  rejected " << name << ": " << graph.status().ToString() << "\n";
      continue;
    }
    ++loaded;
    EXPECT_FALSE(graph->ops.empty()) << name;
    auto exe = (*device)->LoadGraph(*graph);
    ASSERT_TRUE(exe.ok()) << name << ": " << exe.status().ToString();
    const auto before = (*device)->Now();
    auto task = (*device)->SubmitGraph(*stream, *exe, device::LaunchInfo{});
    ASSERT_TRUE(task.ok()) << name << ": " << task.status().ToString();
    ASSERT_TRUE((*device)->SynchronizeStream(*stream).ok()) << name;
    EXPECT_GT((*device)->Now(), before) << name << ": execution took no device time";
    ASSERT_TRUE((*device)->UnloadGraph(*exe).ok()) << name;
    ++executed;
  }
  std::cout << "[corpus] " << set;
  if (shards > 1) std::cout << " shard " << shard << "/" << shards;
  std::cout << ": " << models.size() << " models, " << loaded << " loaded, " << executed << " executed";
  size_t total_rejected = 0;
  for (const auto& [label, count] : rejected) total_rejected += count;
  std::cout << ", " << total_rejected << " rejected\n";
  for (const auto& [label, count] : rejected) std::cout << "[corpus]   " << count << " x " << label << "\n";
  EXPECT_EQ(loaded + total_rejected, models.size());
  EXPECT_EQ(executed, loaded);
}

constexpr int kNodeShards = 4;

TEST(OnnxCorpus, GivenNodeSetShard0WhenLoadedThenEachExecutesOrIsRejectedAsDocumented) {
  RunCorpus("node", 0, kNodeShards);
}
TEST(OnnxCorpus, GivenNodeSetShard1WhenLoadedThenEachExecutesOrIsRejectedAsDocumented) {
  RunCorpus("node", 1, kNodeShards);
}
TEST(OnnxCorpus, GivenNodeSetShard2WhenLoadedThenEachExecutesOrIsRejectedAsDocumented) {
  RunCorpus("node", 2, kNodeShards);
}
TEST(OnnxCorpus, GivenNodeSetShard3WhenLoadedThenEachExecutesOrIsRejectedAsDocumented) {
  RunCorpus("node", 3, kNodeShards);
}
TEST(OnnxCorpus, GivenPytorchConvertedSetWhenLoadedThenEachExecutesOrIsRejectedAsDocumented) {
  RunCorpus("pytorch-converted");
}
TEST(OnnxCorpus, GivenPytorchOperatorSetWhenLoadedThenEachExecutesOrIsRejectedAsDocumented) {
  RunCorpus("pytorch-operator");
}
TEST(OnnxCorpus, GivenSimpleSetWhenLoadedThenEachExecutesOrIsRejectedAsDocumented) { RunCorpus("simple"); }

}  // namespace
}  // namespace aclsim::model
