// Tests of the generated backend registrations (api/src/registered_backends.h):
// every backend folder that calls aclsim_register_backend is built in, each
// registration registers its own name, and their order does not matter.
#include "api/src/registered_backends.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace aclsim::api {
namespace {

std::vector<std::string> NamesAfter(const std::vector<BackendRegistration>& order) {
  device::BackendRegistry registry;
  for (const BackendRegistration& r : order) r.function(registry);
  return registry.Names();
}

TEST(RegisteredBackends, GivenTheBuildThenSimSimPluginAndRemoteAreRegisteredInNameOrder) {
  std::vector<std::string> names;
  for (const BackendRegistration& r : RegisteredBackends()) names.push_back(r.name);
  EXPECT_EQ(names, (std::vector<std::string>{"remote", "sim", "sim-plugin", "skeleton"}));
}

TEST(RegisteredBackends, GivenRegisterBackendsThenTheRegistryListsThemAndNull) {
  device::BackendRegistry registry;
  RegisterBackends(registry);
  EXPECT_EQ(registry.Names(), (std::vector<std::string>{"null", "remote", "sim", "sim-plugin", "skeleton"}));
}

TEST(RegisteredBackends, GivenEachRegistrationAloneThenItRegistersExactlyItsOwnName) {
  for (const BackendRegistration& r : RegisteredBackends()) {
    EXPECT_EQ(NamesAfter({r}), (std::vector<std::string>{"null", r.name})) << r.name;
  }
}

TEST(RegisteredBackends, GivenAnyOrderOfRegistrationThenTheSameRegistry) {
  std::vector<BackendRegistration> order = RegisteredBackends();
  const std::vector<std::string> want = NamesAfter(order);
  std::sort(order.begin(), order.end(),
            [](const BackendRegistration& a, const BackendRegistration& b) { return std::string(a.name) < b.name; });
  do {
    EXPECT_EQ(NamesAfter(order), want);
  } while (std::next_permutation(
      order.begin(), order.end(),
      [](const BackendRegistration& a, const BackendRegistration& b) { return std::string(a.name) < b.name; }));
}

TEST(RegisteredBackends, GivenRegisteredSimThenCreatableThroughTheRegistry) {
  device::BackendRegistry registry;
  RegisterBackends(registry);
  auto sim = registry.Create("sim", nlohmann::json{{"device_count", 2}});
  ASSERT_TRUE(sim.ok()) << sim.status().ToString();
  EXPECT_EQ((*sim)->name(), "sim");
  EXPECT_EQ((*sim)->DeviceCount(), 2u);
}

}  // namespace
}  // namespace aclsim::api
