// The fusion passes of ATC's default graph optimisation that change a
// model's timing, in aclsim's own form (ATC applies them unless a fusion
// switch file turns them off; see docs/atc.md):
//  * BatchNorm folding: a BatchNorm whose data input is the only use of a
//    convolution's output folds into the convolution (its scale and shift
//    go into the convolution's weights and bias), so the BatchNorm task
//    disappears.
//  * Activation fusion: an element-wise activation whose input is the only
//    use of a cube op's output (after any folded BatchNorm) runs in the cube
//    op's output pipeline.
//  * Bias and residual-add fusion: an Add one of whose operands is the only
//    use of a cube op's output is done by the cube op as it writes its
//    output, when the other operand is a weight (a bias, broadcast) or a
//    tensor of the output's shape that exists before the cube op runs (a
//    residual); the cube op then reads that operand too.
// A fused op keeps its name, type and engine, writes the last fused op's
// output tensor, and lists what it absorbed in its "fused_ops" attribute
// ("BatchNorm,Relu"). Graph outputs are never fused away. Ops and tensors are
// renumbered afterwards, in the same topological order.
#ifndef ACLSIM_RUNTIME_MODEL_FUSION_H_
#define ACLSIM_RUNTIME_MODEL_FUSION_H_

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/model/graph.h"

namespace aclsim::model {

struct FusionReport {
  size_t batchnorms_folded = 0;
  size_t activations_fused = 0;
  size_t biases_fused = 0;
  size_t adds_fused = 0;  // residual adds
  // One line per fusion: "BatchNorm 'bn1' -> Conv2D 'conv1'".
  std::vector<std::string> fusions;

  size_t total() const { return batchnorms_folded + activations_fused + biases_fused + adds_fused; }
};

// Applies the passes to |graph| in place.
FusionReport FuseGraph(Graph* graph);

}  // namespace aclsim::model

#endif  // ACLSIM_RUNTIME_MODEL_FUSION_H_
