// Tests of the cost classes (sim/op_class.h): each kind and flag of the
// op-type table (runtime/model/op_type.h) maps to its class, and every
// type-keyed coefficient of the built-in profiles names a row of the table.
#include "sim/op_class.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "sim/device_profile.h"
#include "tests/testing/status_printers.h"

namespace aclsim::sim {
namespace {

TEST(OpClass, GivenTypesOfEachKindAndFlagThenTheirClass) {
  const std::map<std::string, OpClass> cases = {
      {"MatMulV2", OpClass::kGemm},
      {"Einsum", OpClass::kGemm},
      {"DynamicRNN", OpClass::kGemm},
      {"DynamicGRUV2", OpClass::kGemm},
      {"QuantBatchMatmulV3", OpClass::kQuantMatmul},
      {"GroupedMatmul", OpClass::kGroupedMatmul},
      {"GroupedMatmulV2", OpClass::kGroupedMatmul},
      {"Conv2D", OpClass::kConv},
      {"DepthwiseConv2D", OpClass::kConv},
      {"FlashAttentionScore", OpClass::kAttention},
      {"IncreFlashAttention", OpClass::kAttentionDecode},
      {"Add", OpClass::kElementwise},
      {"Sin", OpClass::kElementwise},
      {"HardSwish", OpClass::kElementwise},
      {"SoftmaxV2", OpClass::kReduceNorm},
      {"LRN", OpClass::kReduceNorm},
      {"ReduceL2", OpClass::kReduceNorm},
      {"ArgMin", OpClass::kReduceNorm},
      {"Transpose", OpClass::kDataMovement},
      {"Resize", OpClass::kDataMovement},
      {"GatherNd", OpClass::kDataMovement},
      {"Reshape", OpClass::kDataMovement},
      {"Dropout", OpClass::kDataMovement},
      {"Fill", OpClass::kMemset},
      {"ZerosLike", OpClass::kMemset},
      {"Cast", OpClass::kCast},
      {"Shape", OpClass::kOther},
      {"NonZero", OpClass::kOther},
      {"NoSuchOp", OpClass::kOther},
      {"", OpClass::kOther},
  };
  for (const auto& [type, cls] : cases) {
    EXPECT_EQ(ClassifyOpType(type), cls) << type;
    EXPECT_STREQ(OpClassName(ClassifyOpType(type)), OpClassName(cls)) << type;
  }
}

TEST(OpClass, GivenEveryRowThenOnlyHostOpsAreOther) {
  for (size_t i = 0; i < model::kOpTypeCount; ++i) {
    const model::OpTraits& row = model::TraitsOf(static_cast<model::OpType>(i));
    EXPECT_EQ(ClassOfTraits(row) == OpClass::kOther, row.kind == model::OpKind::kHost) << row.name;
    EXPECT_EQ(ClassifyOpType(row.name), ClassOfTraits(row)) << row.name;
  }
}

// A coefficient key is "<level>" or "<level>/<dtype or unaligned>" where the
// level is an engine, a class or an op type (docs/cost_model.md): an op type
// the table does not list would be a key no op ever reads.
TEST(OpClass, GivenEveryBuiltinProfileThenEveryTypeKeyHasARow) {
  const auto names = BuiltinDeviceProfileNames();
  ASSERT_FALSE(names.empty());
  size_t type_keys = 0;
  for (const std::string& name : names) {
    auto profile = BuiltinDeviceProfile(name);
    ASSERT_TRUE(profile.ok()) << name;
    for (const auto* table :
         {&profile->compute_efficiency, &profile->stream_efficiency, &profile->fill_ns, &profile->row_ns}) {
      for (const auto& [key, value] : *table) {
        const std::string level = key.substr(0, key.find('/'));
        if (model::ParseEngine(level) || ParseOpClass(level)) continue;
        ++type_keys;
        EXPECT_NE(model::FindOpTraits(level), nullptr) << name << ": key '" << key << "'";
      }
    }
  }
  EXPECT_GT(type_keys, 0u);
}

}  // namespace
}  // namespace aclsim::sim
