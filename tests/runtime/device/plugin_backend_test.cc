// Tests of device::LoadPluginBackend: the sim plugin against the in-process
// sim (identical records, costs, times and errors), and the loader's version
// and error handling against the fake plugins of tests/plugin/.
#include "runtime/device/c_api/plugin_backend.h"

#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "aclsim/backend_c_api.h"
#include "runtime/model/graph_loader.h"
#include "runtime/time_limits.h"
#include "sim/sim_backend.h"
#include "tests/testing/status_printers.h"

namespace aclsim::device {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

std::string ModelPath(const std::string& file) {
  const char* dir = std::getenv("ACLSIM_MODELS_DIR");
  return std::string(dir != nullptr && *dir != '\0' ? dir : ACLSIM_SOURCE_MODELS_DIR) + "/" + file;
}

class CollectingSink final : public CompletionSink {
 public:
  void OnCompletions(const CompletionRecord* records, size_t count) override {
    std::lock_guard<std::mutex> lock(mu_);
    records_.insert(records_.end(), records, records + count);
  }
  std::vector<CompletionRecord> records() {
    std::lock_guard<std::mutex> lock(mu_);
    return records_;
  }

 private:
  std::mutex mu_;
  std::vector<CompletionRecord> records_;
};

std::string Describe(const CompletionRecord& r) {
  return "dev=" + std::to_string(r.device_id) + " kind=" + std::to_string(static_cast<int>(r.kind)) +
         " engine=" + std::to_string(static_cast<int>(r.engine)) + " block_dim=" + std::to_string(r.block_dim) +
         " stream=" + std::to_string(r.stream_id) + " task=" + std::to_string(r.task_id) +
         " tag=" + std::to_string(r.model_tag) + " op=" + std::to_string(r.op_index) +
         " tid=" + std::to_string(r.host_tid) + " marker_tag=" + std::to_string(r.marker_tag) +
         " marker=" + std::to_string(r.marker_id) + " start=" + std::to_string(r.start_ns) +
         " end=" + std::to_string(r.end_ns) + " exec=" + std::to_string(r.exec_ns) +
         " flops=" + std::to_string(r.flops) + " bytes=" + std::to_string(r.bytes);
}

std::vector<std::string> Describe(const std::vector<CompletionRecord>& records) {
  std::vector<std::string> out;
  for (const auto& r : records) out.push_back(Describe(r));
  return out;
}

std::vector<std::string> Describe(const std::vector<OpCost>& costs) {
  std::vector<std::string> out;
  for (const auto& c : costs) {
    out.push_back(std::to_string(c.flops) + "/" + std::to_string(c.macs) + "/" + std::to_string(c.bytes) + "/" +
                  std::to_string(c.block_dim) + "/" + std::to_string(c.duration_ns));
  }
  return out;
}

// Everything a scenario observes through the Device interface.
struct Observed {
  std::string backend_name;
  uint32_t device_count = 0;
  DeviceInfo info;
  std::vector<std::string> records;
  std::vector<std::string> costs;
  std::vector<uint64_t> task_ids;
  std::vector<int64_t> times;
  std::vector<std::string> errors;
};

json ScenarioOptions() { return json{{"device_count", 2}, {"seed", 7}, {"jitter", 0.1}}; }

// A small graph and a marker on two streams joined by an event, on device 1.
Observed RunScenario(Backend& backend) {
  Observed o;
  o.backend_name = std::string(backend.name());
  o.device_count = backend.DeviceCount();
  auto dev_or = backend.OpenDevice(1);
  EXPECT_TRUE(dev_or.ok()) << dev_or.status().ToString();
  if (!dev_or.ok()) return o;
  Device& dev = **dev_or;
  o.info = dev.info();
  CollectingSink sink;
  dev.SetCompletionSink(&sink);

  auto graph = model::LoadGraphFromFile(ModelPath("sample_mlp.json"));
  EXPECT_TRUE(graph.ok()) << graph.status().ToString();
  auto exe = dev.LoadGraph(*graph);
  EXPECT_TRUE(exe.ok()) << exe.status().ToString();
  auto costs = dev.GetGraphCosts(*exe);
  EXPECT_TRUE(costs.ok());
  o.costs = Describe(*costs);

  StreamId a = *dev.CreateStream();
  StreamId b = *dev.CreateStream();
  EventId ev = *dev.CreateEvent();
  o.task_ids.push_back(*dev.SubmitGraph(a, *exe, LaunchInfo{5, 77}));
  o.task_ids.push_back(*dev.SubmitMarker(a, MarkerInfo{9, 3, 77}));
  EXPECT_TRUE(dev.SubmitEventRecord(a, ev).ok());
  EXPECT_TRUE(dev.SubmitEventWait(b, ev).ok());
  o.task_ids.push_back(*dev.SubmitGraph(b, *exe, LaunchInfo{6, 78}));
  o.task_ids.push_back(*dev.SubmitMarker(b, MarkerInfo{10, 4, 78}));
  auto state = dev.QueryEvent(ev);
  o.times.push_back(state->recorded);
  o.times.push_back(state->timestamp_ns);
  EXPECT_TRUE(dev.SynchronizeStream(a).ok());
  o.times.push_back(dev.Now());
  EXPECT_TRUE(dev.SynchronizeEvent(ev).ok());
  EXPECT_TRUE(dev.SynchronizeDevice().ok());
  o.times.push_back(dev.Now());
  o.times.push_back(*dev.QueryStream(b));

  // Errors cross the ABI with their code and message.
  o.errors.push_back(dev.DestroyStream(12345).ToString());
  o.errors.push_back(dev.SubmitGraph(a, 999, LaunchInfo{}).status().ToString());
  o.errors.push_back(dev.QueryEvent(4242).status().ToString());
  o.errors.push_back(backend.OpenDevice(2).status().ToString());

  dev.SetCompletionSink(nullptr);
  EXPECT_TRUE(dev.SubmitMarker(a, MarkerInfo{11, 1, 1}).ok());  // not reported: no sink
  EXPECT_TRUE(dev.UnloadGraph(*exe).ok());
  EXPECT_TRUE(dev.DestroyEvent(ev).ok());
  EXPECT_TRUE(dev.DestroyStream(a).ok());
  EXPECT_TRUE(dev.DestroyStream(b).ok());
  o.records = Describe(sink.records());
  return o;
}

StatusOr<std::unique_ptr<Backend>> LoadSimPlugin(const json& options) {
  return LoadPluginBackend(ACLSIM_SIM_PLUGIN_PATH, options);
}

TEST(PluginBackend, GivenSimPluginWhenSameScenarioThenIdenticalToInProcessSim) {
  auto in_process = sim::CreateSimBackendFromConfig(ScenarioOptions());
  ASSERT_TRUE(in_process.ok()) << in_process.status().ToString();
  auto plugin = LoadSimPlugin(ScenarioOptions());
  ASSERT_TRUE(plugin.ok()) << plugin.status().ToString();

  Observed want = RunScenario(**in_process);
  Observed got = RunScenario(**plugin);
  ASSERT_EQ(want.records.size(), 2u * 9u + 2u);  // two runs of 9 ops, two markers
  EXPECT_EQ(got.backend_name, "sim");
  EXPECT_EQ(got.device_count, want.device_count);
  EXPECT_EQ(got.info.profile_name, want.info.profile_name);
  EXPECT_EQ(got.info.soc_name, want.info.soc_name);
  EXPECT_EQ(got.info.memory_bytes, want.info.memory_bytes);
  EXPECT_EQ(got.info.ai_core_count, want.info.ai_core_count);
  EXPECT_EQ(got.info.vector_core_count, want.info.vector_core_count);
  EXPECT_EQ(got.info.aicpu_count, want.info.aicpu_count);
  EXPECT_EQ(got.records, want.records);
  EXPECT_EQ(got.costs, want.costs);
  EXPECT_EQ(got.task_ids, want.task_ids);
  EXPECT_EQ(got.times, want.times);
  EXPECT_EQ(got.errors, want.errors);
}

TEST(PluginBackend, GivenBadOptionsThenCreateFailsWithTheInProcessCodeAndMessage) {
  const json options = {{"device_profile", "NoSuchChip"}};
  auto want = sim::CreateSimBackendFromConfig(options);
  auto got = LoadSimPlugin(options);
  ASSERT_FALSE(want.ok());
  EXPECT_EQ(got.status().code(), want.status().code());
  EXPECT_EQ(got.status().message(), want.status().message());
}

TEST(PluginBackend, GivenOutOfRangeOptionThenThePluginRejectsItAsTheInProcessSimDoes) {
  const json options = {{"device_count", 0}};
  auto want = sim::CreateSimBackendFromConfig(options);
  auto got = LoadSimPlugin(options);
  ASSERT_EQ(want.status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(got.status().code(), want.status().code());
  EXPECT_EQ(got.status().message(), want.status().message());
}

TEST(PluginBackend, GivenOptionTheOneZeroStructCannotCarryThenFileAttrInvalidNamingIt) {
  auto unknown = LoadSimPlugin(json{{"devices", 2}});
  EXPECT_EQ(unknown.status().detail(), Detail::kFileAttrInvalid);
  EXPECT_EQ(unknown.status().message(), "config: unknown key \"aclsim.devices\" for backend 'sim'");
  auto wrong_type = LoadSimPlugin(json{{"device_count", "2"}});
  EXPECT_EQ(wrong_type.status().detail(), Detail::kFileAttrInvalid);
  EXPECT_THAT(wrong_type.status().message(), HasSubstr("device_count"));
  EXPECT_EQ(LoadSimPlugin(json{{"faults", {{"explode", json::object()}}}}).status().detail(), Detail::kFileAttrInvalid);
}

// ABI 2.1: a plugin answers feature questions itself (the conformance suite
// skips what it lacks); a 2.0 plugin is taken to have every feature.
TEST(PluginBackend, GivenFeatureQuestionThenThePluginAnswersWithItsReason) {
  auto skeleton = LoadPluginBackend(ACLSIM_SKELETON_PLUGIN_PATH, json::object());
  ASSERT_TRUE(skeleton.ok()) << skeleton.status().ToString();
  const Status lacking = (*skeleton)->CheckFeature(kFeatureExecution);
  EXPECT_EQ(lacking.code(), StatusCode::kUnimplemented);
  EXPECT_EQ(lacking.message(), "the skeleton backend implements no device method yet");
  EXPECT_TRUE((*skeleton)->CheckFeature(kFeatureFreshDeviceClock).ok());
  EXPECT_EQ((*skeleton)->CheckFeature("warp_drive").code(), StatusCode::kInvalidArgument);
  auto sim = LoadSimPlugin(json::object());
  ASSERT_TRUE(sim.ok());
  EXPECT_TRUE((*sim)->CheckFeature(kFeatureExecution).ok());
  auto old = LoadPluginBackend(ACLSIM_TEST_PLUGIN_OK, json::object());  // a 2.0 table
  ASSERT_TRUE(old.ok()) << old.status().ToString();
  EXPECT_TRUE((*old)->CheckFeature(kFeatureExecution).ok());
  EXPECT_EQ((*old)->CheckFeature("warp_drive").code(), StatusCode::kInvalidArgument);
}

TEST(PluginBackend, GivenClockAndDeliveryFaultsThenThePluginBackendReportsThem) {
  auto plain = LoadSimPlugin(json::object());
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  EXPECT_EQ((*plain)->clock_mode(), ClockMode::kVirtual);
  EXPECT_TRUE((*plain)->delivery_faults().empty());
  auto got = LoadSimPlugin(json::parse(
      R"({"clock": "realtime", "faults": {"slow_delivery": {"write_delay_us": 3}, "corrupt_record": {"index": 9}}})"));
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ((*got)->clock_mode(), ClockMode::kRealtime);
  EXPECT_EQ((*got)->delivery_faults().slow_delivery_us, 3u);
  EXPECT_EQ((*got)->delivery_faults().corrupt_record, 9u);
  EXPECT_EQ((*plain)->clock_origin_ns(), kDefaultClockOriginNs);
  auto origin = LoadSimPlugin(json{{"clock_origin_ns", 42}});
  ASSERT_TRUE(origin.ok()) << origin.status().ToString();
  EXPECT_EQ((*origin)->clock_origin_ns(), 42);
  EXPECT_EQ((*origin)->clock_mode(), ClockMode::kVirtual);
}

// ABI 2.3: the host takes the clock and the delivery faults from
// backend_properties and reads none of the options itself.
TEST(PluginBackend, GivenTwoThreePluginThenTheHostTakesWhatItsPropertiesReport) {
  const json options = {
      {"clock", "virtual"},
      {"properties", {{"clock_mode", 1}, {"clock_origin_ns", 77}, {"slow_delivery_us", 3}, {"corrupt_record", 4}}}};
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_PROPERTIES, options);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ((*got)->clock_mode(), ClockMode::kRealtime);
  EXPECT_EQ((*got)->clock_origin_ns(), 77);
  EXPECT_EQ((*got)->delivery_faults().slow_delivery_us, 3u);
  EXPECT_EQ((*got)->delivery_faults().corrupt_record, 4u);
  // Zeros are the defaults; "clock": "realtime" among the options is the plugin's business.
  auto defaults = LoadPluginBackend(ACLSIM_TEST_PLUGIN_PROPERTIES, json{{"clock", "realtime"}});
  ASSERT_TRUE(defaults.ok()) << defaults.status().ToString();
  EXPECT_EQ((*defaults)->clock_mode(), ClockMode::kVirtual);
  EXPECT_EQ((*defaults)->clock_origin_ns(), kDefaultClockOriginNs);
  EXPECT_TRUE((*defaults)->delivery_faults().empty());
}

TEST(PluginBackend, GivenPropertiesTheHostCannotUseThenLoadingFailsNamingTheValue) {
  auto load = [](const json& properties) {
    return LoadPluginBackend(ACLSIM_TEST_PLUGIN_PROPERTIES, json{{"properties", properties}}).status();
  };
  const Status clock = load(json{{"clock_mode", 2}});
  EXPECT_EQ(clock.code(), StatusCode::kInternal);
  EXPECT_EQ(clock.message(), "backend plugin 'fake' reported an unknown clock_mode 2");
  const Status negative = load(json{{"clock_origin_ns", -1}});
  EXPECT_EQ(negative.code(), StatusCode::kInternal);
  EXPECT_EQ(negative.message(), "backend plugin 'fake' reported clock_origin_ns -1, outside [0, 2^60]");
  EXPECT_EQ(load(json{{"clock_origin_ns", kMaxClockOriginNs + 1}}).code(), StatusCode::kInternal);
  EXPECT_TRUE(
      LoadPluginBackend(ACLSIM_TEST_PLUGIN_PROPERTIES, json{{"properties", {{"clock_origin_ns", kMaxClockOriginNs}}}})
          .ok());
  const Status failed = load(json{{"fail", true}});
  EXPECT_EQ(failed.code(), StatusCode::kUnavailable);
  EXPECT_EQ(failed.message(), "fake: properties are not ready");
}

// A plugin built against 2.2 still loads (any minor of the host's major is
// accepted) and reports every default: the host no longer reads "clock" or
// "faults" from the options, and calls nothing past the table's struct_size.
TEST(PluginBackend, GivenTwoTwoPluginThenItLoadsWithEveryDefaultProperty) {
  const json options = {{"clock", "realtime"},
                        {"clock_origin_ns", 5},
                        {"faults", {{"slow_delivery", {{"write_delay_us", 3}}}, {"corrupt_record", {{"index", 9}}}}}};
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_MINOR2, options);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ((*got)->clock_mode(), ClockMode::kVirtual);
  EXPECT_EQ((*got)->clock_origin_ns(), kDefaultClockOriginNs);
  EXPECT_TRUE((*got)->delivery_faults().empty());
  auto dev = (*got)->OpenDevice(0);
  ASSERT_TRUE(dev.ok()) << dev.status().ToString();
  EXPECT_EQ((*dev)->info().ai_core_count, 1u);                   // the plugin itself did take "clock": "realtime"
  auto old = LoadPluginBackend(ACLSIM_TEST_PLUGIN_OK, options);  // a 2.0-sized table: the same
  ASSERT_TRUE(old.ok()) << old.status().ToString();
  EXPECT_EQ((*old)->clock_mode(), ClockMode::kVirtual);
  EXPECT_TRUE((*old)->delivery_faults().empty());
}

// The C++ backends made plugins by the adapter report their own properties.
TEST(PluginBackend, GivenAdapterPluginsThenTheirPropertiesCrossTheAbi) {
  auto fixed = LoadPluginBackend(ACLSIM_FIXED_LATENCY_PLUGIN_PATH,
                                 json::parse(R"({"faults": {"slow_delivery": {"write_delay_us": 2},
                                                            "corrupt_record": {"index": 3}}})"));
  ASSERT_TRUE(fixed.ok()) << fixed.status().ToString();
  EXPECT_EQ((*fixed)->name(), "fixed_latency");
  EXPECT_EQ((*fixed)->clock_mode(), ClockMode::kVirtual);
  EXPECT_EQ((*fixed)->clock_origin_ns(), kDefaultClockOriginNs);
  EXPECT_EQ((*fixed)->delivery_faults().slow_delivery_us, 2u);
  EXPECT_EQ((*fixed)->delivery_faults().corrupt_record, 3u);
  auto skeleton = LoadPluginBackend(ACLSIM_SKELETON_PLUGIN_PATH, json::object());
  ASSERT_TRUE(skeleton.ok()) << skeleton.status().ToString();
  EXPECT_EQ((*skeleton)->clock_mode(), ClockMode::kVirtual);
  EXPECT_EQ((*skeleton)->clock_origin_ns(), kDefaultClockOriginNs);
  EXPECT_TRUE((*skeleton)->delivery_faults().empty());
}

// The adapter's backend_properties checks its arguments as the ABI says.
TEST(PluginBackend, GivenAdapterPropertiesCallWithBadArgumentsThenInvalidArgument) {
  void* lib = dlopen(ACLSIM_SIM_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(lib, nullptr) << dlerror();
  auto get_api = reinterpret_cast<aclsimBackendGetApiFn>(dlsym(lib, "aclsimBackendGetApi"));
  ASSERT_NE(get_api, nullptr);
  const aclsimBackendApi* api = get_api(ACLSIM_BACKEND_ABI_MAJOR);
  ASSERT_GE(api->struct_size, ACLSIM_BACKEND_API_2_3_STRUCT_SIZE);
  EXPECT_EQ(api->abi_minor, 3u);
  aclsimBackend* backend = nullptr;
  ASSERT_EQ(api->create_backend("{}", 2, &backend), ACLSIM_BACKEND_OK);
  aclsimBackendProperties props{};
  props.struct_size = ACLSIM_BACKEND_PROPERTIES_STRUCT_SIZE - 8;
  EXPECT_EQ(api->backend_properties(backend, &props), ACLSIM_BACKEND_CODE_INVALID_ARGUMENT);
  EXPECT_EQ(props.clock_origin_ns, 0);  // untouched on failure
  EXPECT_EQ(api->backend_properties(backend, nullptr), ACLSIM_BACKEND_CODE_INVALID_ARGUMENT);
  EXPECT_EQ(api->backend_properties(nullptr, &props), ACLSIM_BACKEND_CODE_INVALID_ARGUMENT);
  props.struct_size = ACLSIM_BACKEND_PROPERTIES_STRUCT_SIZE;
  EXPECT_EQ(api->backend_properties(backend, &props), ACLSIM_BACKEND_OK);
  EXPECT_EQ(props.clock_mode, ACLSIM_BACKEND_CLOCK_VIRTUAL);
  EXPECT_EQ(props.clock_origin_ns, kDefaultClockOriginNs);
  EXPECT_EQ(props.slow_delivery_us, 0u);
  EXPECT_EQ(props.corrupt_record, 0u);
  EXPECT_EQ(api->destroy_backend(backend), ACLSIM_BACKEND_OK);
  dlclose(lib);
}

TEST(PluginBackend, GivenDevicesWhenBackendDestroyedFirstThenDevicesKeepWorking) {
  auto plugin = LoadSimPlugin(json::object());
  ASSERT_TRUE(plugin.ok()) << plugin.status().ToString();
  auto dev = (*plugin)->OpenDevice(0);
  ASSERT_TRUE(dev.ok());
  plugin->reset();  // the library and the plugin backend stay until the device goes
  auto stream = (*dev)->CreateStream();
  ASSERT_TRUE(stream.ok());
  EXPECT_TRUE((*dev)->SubmitMarker(*stream, MarkerInfo{1, 2, 3}).ok());
  EXPECT_TRUE((*dev)->SynchronizeDevice().ok());
  dev->reset();
}

TEST(PluginBackend, GivenConcurrentSubmittersThenEveryRecordArrives) {
  auto plugin = LoadSimPlugin(json::object());
  ASSERT_TRUE(plugin.ok()) << plugin.status().ToString();
  auto dev = (*plugin)->OpenDevice(0);
  ASSERT_TRUE(dev.ok());
  CollectingSink sink;
  (*dev)->SetCompletionSink(&sink);
  constexpr int kThreads = 4;
  constexpr int kMarkers = 200;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      StreamId s = *(*dev)->CreateStream();
      for (int i = 0; i < kMarkers; ++i) {
        EXPECT_TRUE((*dev)->SubmitMarker(s, MarkerInfo{static_cast<uint64_t>(i), static_cast<uint32_t>(t), 0}).ok());
      }
    });
  }
  for (auto& th : threads) th.join();
  (*dev)->SetCompletionSink(nullptr);
  EXPECT_EQ(sink.records().size(), static_cast<size_t>(kThreads * kMarkers));
}

TEST(PluginBackend, GivenWrongMajorThenFeatureNotSupportedNamingBothVersions) {
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_MAJOR1, json::object());
  EXPECT_EQ(got.status().detail(), Detail::kVersionMismatch);
  EXPECT_THAT(got.status().message(), HasSubstr(ACLSIM_TEST_PLUGIN_MAJOR1));
  EXPECT_THAT(got.status().message(),
              HasSubstr("implements backend ABI 1.0, but this aclsim implements backend ABI 2.3"));
}

TEST(PluginBackend, GivenPluginWithNoTableForHostMajorThenFeatureNotSupported) {
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_NULL, json::object());
  EXPECT_EQ(got.status().detail(), Detail::kVersionMismatch);
  EXPECT_THAT(got.status().message(), HasSubstr("offers no function table for backend ABI major 2"));
}

TEST(PluginBackend, GivenTableShorterThanOneZeroThenFeatureNotSupported) {
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_SHORT_TABLE, json::object());
  EXPECT_EQ(got.status().detail(), Detail::kVersionMismatch);
  EXPECT_THAT(got.status().message(), HasSubstr("struct_size"));
}

TEST(PluginBackend, GivenLibraryWithoutEntryPointThenInvalidParam) {
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_NO_ENTRY, json::object());
  EXPECT_EQ(got.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(got.status().message(), HasSubstr("is not an aclsim backend plugin"));
  EXPECT_THAT(got.status().message(), HasSubstr("aclsimBackendGetApi"));
}

TEST(PluginBackend, GivenFileThatIsNotASharedLibraryThenInvalidParamQuotingDlerror) {
  const std::string path = ModelPath("sample_mlp.json");
  auto got = LoadPluginBackend(path, json::object());
  EXPECT_EQ(got.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(got.status().message(), HasSubstr("cannot load backend plugin '" + path + "'"));
}

TEST(PluginBackend, GivenMissingFileThenInvalidParam) {
  auto got = LoadPluginBackend("/nonexistent/libaclsim_backend_none.so", json::object());
  EXPECT_EQ(got.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(got.status().message(), HasSubstr("/nonexistent/libaclsim_backend_none.so"));
}

TEST(PluginBackend, GivenOptionsThenEveryFieldCrossesTheAbi) {
  const json options = {{"device_count", 3},   {"device_profile", "Ascend310P3"},
                        {"clock", "realtime"}, {"seed", 123456789},
                        {"jitter", 0.25},      {"endpoint", "unix:/tmp/x.sock"}};
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_OK, options);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ((*got)->name(), "fake");
  EXPECT_EQ((*got)->DeviceCount(), 3u);
  auto dev = (*got)->OpenDevice(2);
  ASSERT_TRUE(dev.ok());
  const DeviceInfo& info = (*dev)->info();
  EXPECT_EQ(info.profile_name, "Ascend310P3");
  EXPECT_EQ(info.soc_name, "unix:/tmp/x.sock");
  EXPECT_EQ(info.memory_bytes, 123456789u);
  EXPECT_EQ(info.ai_core_count, 1u);  // realtime
  EXPECT_EQ(info.vector_core_count, 3u);
  EXPECT_EQ(info.aicpu_count, 250u);
  EXPECT_EQ((*got)->OpenDevice(3).status().detail(), Detail::kInvalidDeviceId);
}

TEST(PluginBackend, GivenPluginCreateFailureThenItsCodeAndMessagePropagate) {
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_OK, json{{"device_profile", "reject"}});
  EXPECT_EQ(got.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(got.status().message(), "fake: device_profile 'reject' is refused");
}

TEST(PluginBackend, GivenNewerMinorWithLargerStructsThenAcceptedAndRecordsReadByStride) {
  auto got = LoadPluginBackend(ACLSIM_TEST_PLUGIN_NEWER_MINOR, json::object());
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  auto dev = (*got)->OpenDevice(0);
  ASSERT_TRUE(dev.ok());
  CollectingSink sink;
  (*dev)->SetCompletionSink(&sink);
  auto graph = model::LoadGraphFromFile(ModelPath("sample_mlp.json"));
  ASSERT_TRUE(graph.ok());
  auto exe = (*dev)->LoadGraph(*graph);
  ASSERT_TRUE(exe.ok());
  StreamId s = *(*dev)->CreateStream();
  EXPECT_EQ(*(*dev)->SubmitGraph(s, *exe, LaunchInfo{4, 40}), 1u);
  EXPECT_EQ(*(*dev)->SubmitMarker(s, MarkerInfo{99, 7, 40}), 3u);
  auto costs = (*dev)->GetGraphCosts(*exe);
  ASSERT_TRUE(costs.ok());
  EXPECT_EQ(Describe(*costs), (std::vector<std::string>{"100/10/64/1/1000", "200/20/64/1/1000"}));
  auto records = sink.records();
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(Describe(records[0]),
            "dev=0 kind=0 engine=0 block_dim=1 stream=2 task=1 tag=4 op=0 tid=40 marker_tag=0 marker=0 "
            "start=0 end=1000 exec=900 flops=100 bytes=64");
  EXPECT_EQ(Describe(records[1]),
            "dev=0 kind=0 engine=1 block_dim=1 stream=2 task=2 tag=4 op=1 tid=40 marker_tag=0 marker=0 "
            "start=1000 end=2000 exec=900 flops=200 bytes=64");
  EXPECT_EQ(Describe(records[2]),
            "dev=0 kind=1 engine=0 block_dim=0 stream=2 task=3 tag=4294967295 op=0 tid=40 marker_tag=7 "
            "marker=99 start=2000 end=2000 exec=0 flops=0 bytes=0");
  EXPECT_EQ((*dev)->DestroyStream(77).detail(), Detail::kInvalidHandle);
}

}  // namespace
}  // namespace aclsim::device
