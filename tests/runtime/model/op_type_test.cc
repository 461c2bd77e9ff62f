// Tests of the op-type table (runtime/model/op_type.h, generated from
// runtime/model/op_types.py): lookup, traits, and that every op type another
// table names — the aclnn kernels, the aclop types, the ONNX mapping's
// targets — has a row.
#include "runtime/model/op_type.h"

#include <gtest/gtest.h>

#include <string>

#include "runtime/ops/op_def.h"
#if ACLSIM_WITH_ONNX
#include "runtime/model/onnx/generated/onnx_aliases.inc"
#include "runtime/model/onnx/onnx_loader.h"
#endif

namespace aclsim::model {
namespace {

TEST(OpType, GivenEveryRowThenItsNameFindsItAndTheEnumIndexesIt) {
  for (size_t i = 0; i < kOpTypeCount; ++i) {
    const OpTraits& row = TraitsOf(static_cast<OpType>(i));
    EXPECT_EQ(static_cast<size_t>(row.type), i);
    const OpTraits* found = FindOpTraits(row.name);
    ASSERT_NE(found, nullptr) << row.name;
    EXPECT_EQ(found, &row) << row.name;
    EXPECT_EQ(FindOpType(row.name), row.type);
    EXPECT_TRUE(row.compute.empty()) << row.name << ": no op computes its values yet";
  }
}

TEST(OpType, GivenUnknownOrMisspelledNamesThenNoRow) {
  for (std::string_view name : {"", "NoSuchOp", "matmulv2", "MatMulV2 ", "Zzz", "A", "MEMCPY_ASYNC"}) {
    EXPECT_EQ(FindOpTraits(name), nullptr) << name;
    EXPECT_EQ(FindOpType(name), std::nullopt) << name;
  }
}

TEST(OpType, GivenRowsThenTheirTraits) {
  const OpTraits& mm = TraitsOf(OpType::kMatMulV2);
  EXPECT_EQ(mm.name, "MatMulV2");
  EXPECT_EQ(mm.kind, OpKind::kMatmul);
  EXPECT_EQ(mm.engine, Engine::kAiCore);
  EXPECT_EQ(mm.fusion, OpFusion::kMatmulHead);
  EXPECT_EQ(mm.flags, 0u);
  EXPECT_EQ(TraitsOf(OpType::kQuantBatchMatmulV3).flags, uint32_t{OpFlags::kQuantized});
  EXPECT_EQ(TraitsOf(OpType::kGroupedMatmulV2).flags, uint32_t{OpFlags::kGrouped});
  EXPECT_EQ(TraitsOf(OpType::kIncreFlashAttention).flags, uint32_t{OpFlags::kDecode});
  EXPECT_EQ(TraitsOf(OpType::kDepthwiseConv2D).kind, OpKind::kConv);
  EXPECT_EQ(TraitsOf(OpType::kDepthwiseConv2D).fusion, OpFusion::kConvHead);
  EXPECT_EQ(TraitsOf(OpType::kBNInfer).fusion, OpFusion::kBatchNorm);
  EXPECT_EQ(TraitsOf(OpType::kClipByValue).fusion, OpFusion::kActivation);
  EXPECT_EQ(TraitsOf(OpType::kApplyAdamW).flops_per_element, 12);
  EXPECT_EQ(TraitsOf(OpType::kSoftmaxV2).flops_per_element, 5);
  EXPECT_EQ(TraitsOf(OpType::kSoftmaxV2).flags, uint32_t{OpFlags::kRowWise});
  EXPECT_EQ(TraitsOf(OpType::kReduceL2).kind, OpKind::kReduction);
  EXPECT_EQ(TraitsOf(OpType::kReduceL2).flags, uint32_t{OpFlags::kSplitsInput});
  EXPECT_EQ(TraitsOf(OpType::kTopKV2).flags, 0u);
  EXPECT_EQ(TraitsOf(OpType::kGatherNd).flags, uint32_t{OpFlags::kGather});
  EXPECT_EQ(TraitsOf(OpType::kTranspose).flops_per_element, 0);
  EXPECT_EQ(TraitsOf(OpType::kFill).flags, uint32_t{OpFlags::kWriteOnly});
  EXPECT_EQ(TraitsOf(OpType::kCast).kind, OpKind::kCast);
  EXPECT_EQ(TraitsOf(OpType::kDropout).kind, OpKind::kView);
  const OpTraits& shape = TraitsOf(OpType::kShape);
  EXPECT_EQ(shape.kind, OpKind::kHost);
  EXPECT_EQ(shape.engine, Engine::kAiCpu);
  EXPECT_EQ(shape.flags, uint32_t{OpFlags::kShapeOnly});
  EXPECT_EQ(TraitsOf(OpType::kAbs).flags, uint32_t{OpFlags::kAclop});
  EXPECT_STREQ(OpKindName(OpKind::kDataMovement), "data_movement");
  EXPECT_STREQ(OpKindName(OpKind::kHost), "host");
}

TEST(OpType, GivenEachKindThenItsDefaultEngine) {
  for (size_t i = 0; i < kOpTypeCount; ++i) {
    const OpTraits& row = TraitsOf(static_cast<OpType>(i));
    switch (row.kind) {
      case OpKind::kMatmul:
      case OpKind::kConv:
      case OpKind::kAttention: EXPECT_EQ(row.engine, Engine::kAiCore) << row.name; break;
      case OpKind::kHost: EXPECT_EQ(row.engine, Engine::kAiCpu) << row.name; break;
      case OpKind::kElementwise:
      case OpKind::kReduction:
      case OpKind::kNorm:
      case OpKind::kDataMovement:
      case OpKind::kCast:
      case OpKind::kView: EXPECT_EQ(row.engine, Engine::kAiVector) << row.name; break;
    }
  }
}

TEST(OpType, GivenEveryAclnnKernelTypeThenARowWithItsEngine) {
  ASSERT_GT(ops::OpDefCount(), 0u);
  for (size_t i = 0; i < ops::OpDefCount(); ++i) {
    const ops::OpDef& def = ops::GetOpDef(i);
    const OpTraits* row = FindOpTraits(def.kernel_type);
    ASSERT_NE(row, nullptr) << def.kernel_type << " (api/aclnn/aclnn_ops.py) has no row in runtime/model/op_types.py";
    EXPECT_EQ(row->engine, def.engine) << def.kernel_type;
  }
}

TEST(OpType, GivenEveryAclopTypeThenARow) {
  const auto types = ops::AclopTypes();
  EXPECT_EQ(types.size(), 83u);  // 47 aclnn kernel types and 36 with the aclop flag
  for (const std::string& type : types) EXPECT_NE(FindOpTraits(type), nullptr) << type;
}

#if ACLSIM_WITH_ONNX
TEST(OpType, GivenEveryOnnxMappingTargetThenARowWithTheImportersEngine) {
  size_t aliases = 0;
#define ACLSIM_CHECK_ALIAS(onnx, id, engine)                               \
  ++aliases;                                                               \
  EXPECT_EQ(OnnxAscendOpType(onnx, 2), TraitsOf(OpType::id).name) << onnx; \
  for (size_t rank = 0; rank <= 6; ++rank) {                               \
    const std::string_view target = OnnxAscendOpType(onnx, rank);          \
    EXPECT_NE(FindOpTraits(target), nullptr) << onnx << " -> " << target;  \
  }
  ACLSIM_ONNX_ALIAS_LIST(ACLSIM_CHECK_ALIAS)
#undef ACLSIM_CHECK_ALIAS
  EXPECT_EQ(aliases, 157u);
  EXPECT_EQ(OnnxAscendOpType("Conv", 5), "Conv3D");
  EXPECT_EQ(OnnxAscendOpType("MatMul", 2), "MatMulV2");
  EXPECT_EQ(OnnxAscendOpType("Gemm", 4), "MatMulV2");
  EXPECT_EQ(OnnxAscendOpType("NoSuchOnnxOp", 2), "");
}
#endif

}  // namespace
}  // namespace aclsim::model
