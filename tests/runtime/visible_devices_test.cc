// ASCEND_RT_VISIBLE_DEVICES parsing (runtime/visible_devices.h), by CANN's
// documented examples and its runtime's rules.
#include "runtime/visible_devices.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace aclsim::runtime {
namespace {

using State = VisibleDevices::State;

VisibleDevices Parse(const char* value, uint32_t devices = 8) {
  return ParseVisibleDevices(value == nullptr ? std::nullopt : std::optional<std::string>(value), devices);
}

TEST(VisibleDevices, GivenUnsetThenEveryDeviceUnderItsOwnId) {
  const VisibleDevices v = Parse(nullptr);
  EXPECT_EQ(v.state, State::kUnset);
  EXPECT_TRUE(v.ok());
  EXPECT_TRUE(v.ids.empty());
  EXPECT_EQ(v.Problem(), "");
}

TEST(VisibleDevices, GivenAnAscendingListThenThoseDevicesRenumberedFromZero) {
  const VisibleDevices v = Parse("1,2,3");
  EXPECT_EQ(v.state, State::kOk);
  EXPECT_EQ(v.ids, (std::vector<uint32_t>{1, 2, 3}));
}

TEST(VisibleDevices, GivenABadCharacterThenTheIdsBeforeItAreKept) {
  EXPECT_EQ(Parse("1, 2,3").ids, (std::vector<uint32_t>{1}));  // CANN's documented example
  EXPECT_EQ(Parse("0,2x,5").ids, (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(Parse("0,,5").ids, (std::vector<uint32_t>{0}));
  EXPECT_EQ(Parse("4,").ids, (std::vector<uint32_t>{4}));
}

TEST(VisibleDevices, GivenAnIdTheBackendLacksThenTheListEndsBeforeIt) {
  EXPECT_EQ(Parse("1,3,8", 8).ids, (std::vector<uint32_t>{1, 3}));  // CANN's documented example
  EXPECT_EQ(Parse("1,3,99999999999,4", 8).ids, (std::vector<uint32_t>{1, 3}));
}

TEST(VisibleDevices, GivenEveryDeviceListedThenLaterIdsAreNotRead) {
  EXPECT_EQ(Parse("0,1,1", 2).state, State::kOk);
  EXPECT_EQ(Parse("0,1,1", 2).ids, (std::vector<uint32_t>{0, 1}));
}

TEST(VisibleDevices, GivenADuplicateOrDescendingIdThenNoDevice) {
  const VisibleDevices dup = Parse("1,1");
  EXPECT_EQ(dup.state, State::kDuplicate);
  EXPECT_FALSE(dup.ok());
  EXPECT_TRUE(dup.ids.empty());
  EXPECT_EQ(dup.Problem(), "ASCEND_RT_VISIBLE_DEVICES=\"1,1\" lists a device twice");
  const VisibleDevices desc = Parse("0,3,2");
  EXPECT_EQ(desc.state, State::kDescending);
  EXPECT_EQ(desc.Problem(), "ASCEND_RT_VISIBLE_DEVICES=\"0,3,2\" is not in ascending order");
}

TEST(VisibleDevices, GivenNoIdThenNoDevice) {
  for (const char* value : {"", "x1", ",1", " 1", "8"}) {
    const VisibleDevices v = Parse(value, 8);
    EXPECT_EQ(v.state, State::kNoId) << "\"" << value << "\"";
    EXPECT_FALSE(v.ok());
  }
}

}  // namespace
}  // namespace aclsim::runtime
