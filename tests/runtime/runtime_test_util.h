// The mock-backed Runtime fixture shared by the runtime core tests
// (runtime_test.cc, device_table_test.cc): a Runtime over the mock backend of
// tests/testing/ with two devices.
#ifndef ACLSIM_TESTS_RUNTIME_RUNTIME_TEST_UTIL_H_
#define ACLSIM_TESTS_RUNTIME_RUNTIME_TEST_UTIL_H_

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>

#include "runtime/model/graph_loader.h"
#include "runtime/runtime.h"
#include "tests/testing/mock_device.h"
#include "tests/testing/status_printers.h"

namespace aclsim::runtime::testing {

using ::aclsim::testing::MockBackend;
using ::aclsim::testing::MockDevice;
using ::aclsim::testing::RegisterMockBackend;
using ::testing::_;
using ::testing::AllOf;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::InSequence;
using ::testing::Invoke;
using ::testing::NiceMock;
using ::testing::Return;

// x [2,4] float16 (16 bytes) -> y [2,4] float32 (32 bytes).
constexpr char kTinyGraph[] = R"({
  "schema": "aclsim.graph.v1", "name": "tiny",
  "inputs": [ {"name": "x", "dtype": "float16", "shape": [2, 4]} ],
  "outputs": [ "y" ],
  "ops": [ {"name": "cast", "type": "Cast", "inputs": ["x"],
            "outputs": [ {"name": "y", "dtype": "float32", "shape": [2, 4]} ]} ]
})";

inline model::Graph TinyGraph() {
  auto g = model::LoadGraphFromJson(kTinyGraph);
  EXPECT_TRUE(g.ok()) << g.status().ToString();
  return std::move(g).value();
}

class RuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    RegisterMockBackend(registry_, "mock", &backend_, {&dev0_, &dev1_});
    options_.backend = "mock";
    auto rt = Runtime::Create(options_, registry_);
    ASSERT_TRUE(rt.ok()) << rt.status().ToString();
    rt_ = std::move(rt).value();
  }

  // Declared before rt_: the mocks outlive the runtime's last device calls.
  NiceMock<MockBackend> backend_;
  NiceMock<MockDevice> dev0_;
  NiceMock<MockDevice> dev1_;
  device::BackendRegistry registry_;
  RuntimeOptions options_;
  std::unique_ptr<Runtime> rt_;
};

// ------------------------------------------------------------------ devices
}  // namespace aclsim::runtime::testing

#endif  // ACLSIM_TESTS_RUNTIME_RUNTIME_TEST_UTIL_H_
