// train_loop: the scenario the step-marker API is documented for — a
// PyTorch-style training loop of single operators (aclnn), each iteration
// marked with aclprofGetStepTimestamp START and END, under a collection
// session. A two-layer MLP classifier: forward (Mm, Add, Gelu, Mm), the
// loss (CrossEntropyLoss), backward (CrossEntropyLossGrad, Permute + Mm for
// the weight gradients, ReduceSum for the bias, GeluBackward) and AdamW on
// every parameter (ApplyAdamWV2). Each iteration first copies its batch
// to the device (aclrtMemcpyAsync), as a data loader does.
//
//   train_loop [--iterations N] [--batch B] [--output DIR]
//
// Prints the ops launched per iteration and where the session was written.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "acl/aclsim_ext.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_reduce_sum.h"

namespace {

#define CHECK_ACL(expr)                                                                          \
  do {                                                                                           \
    int check_ret_ = (expr);                                                                     \
    if (check_ret_ != 0) {                                                                       \
      const char* msg = aclGetRecentErrMsg();                                                    \
      std::fprintf(stderr, "%s failed: %d (%s)\n", #expr, check_ret_, msg ? msg : "no message"); \
      std::exit(1);                                                                              \
    }                                                                                            \
  } while (0)

// Runs one aclnn operator: the first phase (|prepare| fills the workspace
// size and executor), a workspace if it asks for one, the second phase.
#define RUN_OP(op, ...)                                              \
  do {                                                               \
    uint64_t ws_size_ = 0;                                           \
    aclOpExecutor* exec_ = nullptr;                                  \
    CHECK_ACL(op##GetWorkspaceSize(__VA_ARGS__, &ws_size_, &exec_)); \
    void* ws_ = ws_size_ > 0 ? net.Workspace(ws_size_) : nullptr;    \
    CHECK_ACL(op(ws_, ws_size_, exec_, net.stream));                 \
    ++net.ops_launched;                                              \
  } while (0)

// A device tensor: memory from aclrtMalloc and its aclTensor description.
struct DeviceTensor {
  aclTensor* t = nullptr;
  void* mem = nullptr;
  size_t bytes = 0;
};

struct Net {
  aclrtStream stream = nullptr;
  std::vector<DeviceTensor> tensors;
  void* workspace = nullptr;
  uint64_t workspace_size = 0;
  int ops_launched = 0;

  aclTensor* Tensor(std::vector<int64_t> shape, aclDataType dtype = ACL_FLOAT) {
    uint64_t elems = 1;
    for (int64_t d : shape) elems *= static_cast<uint64_t>(d);
    DeviceTensor d;
    CHECK_ACL(aclrtMalloc(&d.mem, elems * aclDataTypeSize(dtype), ACL_MEM_MALLOC_HUGE_FIRST));
    d.t = aclCreateTensor(shape.data(), shape.size(), dtype, nullptr, 0, ACL_FORMAT_ND, shape.data(), shape.size(),
                          d.mem);
    d.bytes = elems * aclDataTypeSize(dtype);
    tensors.push_back(d);
    return d.t;
  }
  const DeviceTensor& Of(const aclTensor* t) const {
    for (const DeviceTensor& d : tensors) {
      if (d.t == t) return d;
    }
    std::fprintf(stderr, "not a tensor of this net\n");
    std::exit(1);
  }
  // Copies |t|'s bytes from |host| on the stream.
  void CopyIn(const aclTensor* t, const void* host) {
    const DeviceTensor& d = Of(t);
    CHECK_ACL(aclrtMemcpyAsync(d.mem, d.bytes, host, d.bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
  }
  void* Workspace(uint64_t size) {
    if (size > workspace_size) {
      if (workspace != nullptr) CHECK_ACL(aclrtFree(workspace));
      CHECK_ACL(aclrtMalloc(&workspace, size, ACL_MEM_MALLOC_HUGE_FIRST));
      workspace_size = size;
    }
    return workspace;
  }
  ~Net() {
    for (DeviceTensor& d : tensors) {
      aclDestroyTensor(d.t);
      (void)aclrtFree(d.mem);
    }
    if (workspace != nullptr) (void)aclrtFree(workspace);
  }
};

struct Options {
  int iterations = 3;
  int64_t batch = 32;
  std::string output = "./aclsim_train_output";
};

Options Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--iterations" && i + 1 < argc) {
      o.iterations = std::atoi(argv[++i]);
    } else if (arg == "--batch" && i + 1 < argc) {
      o.batch = std::atoll(argv[++i]);
    } else if (arg == "--output" && i + 1 < argc) {
      o.output = argv[++i];
    } else {
      std::fprintf(stderr, "usage: train_loop [--iterations N] [--batch B] [--output DIR]\n");
      std::exit(2);
    }
  }
  if (o.iterations < 1 || o.batch < 1) {
    std::fprintf(stderr, "train_loop: --iterations and --batch must be at least 1\n");
    std::exit(2);
  }
  return o;
}

// aclprofInit at |output| and a session of ACL API and task-time data on
// device 0.
aclprofConfig* StartSession(const std::string& output) {
  CHECK_ACL(aclprofInit(output.c_str(), output.size()));
  uint32_t devices[] = {0};
  aclprofConfig* config =
      aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_ACL_API | ACL_PROF_TASK_TIME);
  if (config == nullptr) CHECK_ACL(-1);
  CHECK_ACL(aclprofStart(config));
  return config;
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = Parse(argc, argv);
  constexpr int64_t kIn = 784, kHidden = 512, kClasses = 10;
  const int64_t b = opt.batch;
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  int rc = 0;
  {
    Net net;
    CHECK_ACL(aclrtCreateStream(&net.stream));
    aclprofConfig* config = StartSession(opt.output);

    // Parameters, their AdamW moments, activations and gradients.
    aclTensor *w1 = net.Tensor({kIn, kHidden}), *b1 = net.Tensor({kHidden}), *w2 = net.Tensor({kHidden, kClasses});
    aclTensor *m_w1 = net.Tensor({kIn, kHidden}), *v_w1 = net.Tensor({kIn, kHidden});
    aclTensor *m_b1 = net.Tensor({kHidden}), *v_b1 = net.Tensor({kHidden});
    aclTensor *m_w2 = net.Tensor({kHidden, kClasses}), *v_w2 = net.Tensor({kHidden, kClasses});
    aclTensor *x = net.Tensor({b, kIn}), *xt = net.Tensor({kIn, b}), *labels = net.Tensor({b}, ACL_INT64);
    aclTensor *z1 = net.Tensor({b, kHidden}), *a1 = net.Tensor({b, kHidden}), *h = net.Tensor({b, kHidden});
    aclTensor *ht = net.Tensor({kHidden, b}), *logits = net.Tensor({b, kClasses}),
              *w2t = net.Tensor({kClasses, kHidden});
    aclTensor *loss = net.Tensor({1}), *log_prob = net.Tensor({b, kClasses}), *zloss = net.Tensor({1});
    aclTensor *lse = net.Tensor({1}), *grad_loss = net.Tensor({1}), *dlogits = net.Tensor({b, kClasses});
    aclTensor *dw2 = net.Tensor({kHidden, kClasses}), *dh = net.Tensor({b, kHidden}), *dz1 = net.Tensor({b, kHidden});
    aclTensor *dw1 = net.Tensor({kIn, kHidden}), *db1 = net.Tensor({kHidden}), *step = net.Tensor({1});
    float one = 1.0f;
    aclScalar* alpha = aclCreateScalar(&one, ACL_FLOAT);
    std::vector<int64_t> swap = {1, 0}, batch_dim = {0};
    aclIntArray* transpose = aclCreateIntArray(swap.data(), 2);
    aclIntArray* over_batch = aclCreateIntArray(batch_dim.data(), 1);
    char mean[] = "mean";
    std::vector<float> host_batch(static_cast<size_t>(b * kIn), 0.5f);

    for (int it = 0; it < opt.iterations; ++it) {
      aclprofStepInfo* step_info = aclprofCreateStepInfo();
      CHECK_ACL(aclprofGetStepTimestamp(step_info, ACL_STEP_START, net.stream));
      const int before = net.ops_launched;
      net.CopyIn(x, host_batch.data());  // the batch: host to device, a copy task (not an op)
      // Forward.
      RUN_OP(aclnnMm, x, w1, z1, 0);
      RUN_OP(aclnnAdd, z1, b1, alpha, a1);
      RUN_OP(aclnnGelu, a1, h);
      RUN_OP(aclnnMm, h, w2, logits, 0);
      RUN_OP(aclnnCrossEntropyLoss, logits, labels, nullptr, mean, -100, 0.0, 0.0, false, loss, log_prob, zloss, lse);
      // Backward.
      RUN_OP(aclnnCrossEntropyLossGrad, grad_loss, log_prob, labels, nullptr, nullptr, nullptr, mean, -100, 0.0, 0.0,
             dlogits);
      RUN_OP(aclnnPermute, h, transpose, ht);
      RUN_OP(aclnnMm, ht, dlogits, dw2, 0);
      RUN_OP(aclnnPermute, w2, transpose, w2t);
      RUN_OP(aclnnMm, dlogits, w2t, dh, 0);
      RUN_OP(aclnnGeluBackward, dh, a1, dz1);
      RUN_OP(aclnnPermute, x, transpose, xt);
      RUN_OP(aclnnMm, xt, dz1, dw1, 0);
      RUN_OP(aclnnReduceSum, dz1, over_batch, false, ACL_FLOAT, db1);
      // AdamW on each parameter.
      RUN_OP(aclnnApplyAdamWV2, w1, m_w1, v_w1, nullptr, dw1, step, 1e-3f, 0.9f, 0.999f, 0.01f, 1e-8f, false, false);
      RUN_OP(aclnnApplyAdamWV2, b1, m_b1, v_b1, nullptr, db1, step, 1e-3f, 0.9f, 0.999f, 0.01f, 1e-8f, false, false);
      RUN_OP(aclnnApplyAdamWV2, w2, m_w2, v_w2, nullptr, dw2, step, 1e-3f, 0.9f, 0.999f, 0.01f, 1e-8f, false, false);
      CHECK_ACL(aclprofGetStepTimestamp(step_info, ACL_STEP_END, net.stream));
      CHECK_ACL(aclrtSynchronizeStream(net.stream));
      aclprofDestroyStepInfo(step_info);
      std::printf("iteration %d: %d ops\n", it, net.ops_launched - before);
    }
    aclDestroyScalar(alpha);
    aclDestroyIntArray(transpose);
    aclDestroyIntArray(over_batch);
    CHECK_ACL(aclprofStop(config));
    CHECK_ACL(aclprofDestroyConfig(config));
    CHECK_ACL(aclprofFinalize());
    char dir[4096] = {0};
    rc = aclsimGetLastProfDirectory(dir, sizeof(dir));
    std::printf("%d iterations, %d ops launched; session written to %s\n", opt.iterations, net.ops_launched, dir);
    CHECK_ACL(aclrtDestroyStream(net.stream));
  }
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());
  return rc;
}
