// The work of one op: FLOPs, MACs and bytes from its type, shapes and
// dtypes (formulas in docs/cost_model.md), with the op class and compute
// dtype that select the profile's calibrated coefficients.
#ifndef ACLSIM_SIM_OP_WORK_H_
#define ACLSIM_SIM_OP_WORK_H_

#include <cstdint>

#include "runtime/model/graph.h"
#include "sim/op_class.h"

namespace aclsim::sim {

struct OpWork {
  uint64_t flops = 0;
  uint64_t macs = 0;   // cube ops only; flops = 2 * macs for them
  uint64_t bytes = 0;  // bytes the kernel reads and writes
  // Part of |bytes| in tensors produced and consumed inside the graph (not
  // graph inputs, weights or graph outputs): what an on-chip cache can hold
  // between two kernels.
  uint64_t intermediate_bytes = 0;
  // Independent pieces of work the kernel splits into (before capping at
  // the engine's cores): one per 128x256 output tile of a cube op, per
  // 128-row query block of each head of an attention op, per sequence and
  // key-value head of a decode attention op, per 2048 output elements of a
  // vector op (input elements of a reduction or pool); one for an AI CPU op.
  uint64_t blocks = 1;
  // Row batches a reduction or norm reduces one after another: rows of the
  // last axis, short rows packed into one batch of kRowBatchElements; 0 for
  // other classes.
  uint64_t rows = 0;
  // True when the innermost dimension of an input or output is not a whole
  // number of 32-byte blocks: the kernel pads or takes a slower path.
  bool unaligned = false;
  model::DataType compute_dtype = model::DataType::kFloat16;
  OpClass op_class = OpClass::kOther;
};

// Output elements per block of a cube op (one 128x256 tile) and of a vector op.
inline constexpr uint64_t kCubeBlockElements = 128 * 256;
inline constexpr uint64_t kVectorBlockElements = 2048;
// Elements of the input a row-wise kernel reduces as one batch when its
// rows are shorter than that.
inline constexpr uint64_t kRowBatchElements = 4096;
// Query rows per block of an attention op.
inline constexpr uint64_t kAttentionBlockRows = 128;

// True for the copy and memset tasks of aclrtMemcpyAsync / aclrtMemsetAsync
// (runtime/vendor.h): DMA work that occupies no compute core.
bool IsCopyTask(const model::Op& op);

// Work of |op| in |graph|. Pure function of the op and its tensors.
OpWork ComputeOpWork(const model::Graph& graph, const model::Op& op);

}  // namespace aclsim::sim

#endif  // ACLSIM_SIM_OP_WORK_H_
