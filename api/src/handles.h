// Definitions of the opaque ACL handle types that are plain data at the edge
// (data buffers, datasets, model descriptions) and the casts between ACL
// handles and runtime objects. The only place these layouts are known.
#ifndef ACLSIM_API_SRC_HANDLES_H_
#define ACLSIM_API_SRC_HANDLES_H_

#include <vector>

#include "acl/acl.h"
#include "acl/acl_prof.h"
#include "runtime/prof/subscription.h"
#include "runtime/runtime.h"

struct aclDataBuffer {
  void* data = nullptr;
  size_t size = 0;
};

struct aclmdlDataset {
  std::vector<aclDataBuffer*> buffers;  // borrowed: destroyed by the user
  uint64_t dynamic_batch = 0;           // set by aclmdlSetDynamicBatchSize
};

struct aclprofSubscribeConfig {
  aclsim::prof::SubscribeConfig config;
};

struct aclmdlDesc {
  bool filled = false;
  aclsim::runtime::ModelDescription desc;
};

namespace aclsim::api {

inline runtime::Stream* ToStream(aclrtStream s) { return static_cast<runtime::Stream*>(s); }
inline runtime::Event* ToEvent(aclrtEvent e) { return static_cast<runtime::Event*>(e); }
inline runtime::Context* ToContext(aclrtContext c) { return static_cast<runtime::Context*>(c); }

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_HANDLES_H_
