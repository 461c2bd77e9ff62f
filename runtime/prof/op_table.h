// OpTable: the one per-model table of ops that every profiling consumer
// reads — subscriptions (type and name for the record's opIndex, the
// subgraph flag), collection sessions (the msprof columns) and the task trace
// (name and type of a traced op).
//
// The model registry builds it once when a model is loaded and never changes
// it; consumers hold it through a shared_ptr, so a table stays valid for a
// consumer that still needs it after its model is unloaded.
#ifndef ACLSIM_RUNTIME_PROF_OP_TABLE_H_
#define ACLSIM_RUNTIME_PROF_OP_TABLE_H_

#include <memory>
#include <vector>

#include "runtime/device/backend.h"
#include "runtime/prof/op_name_table.h"
#include "runtime/prof/session_data.h"

namespace aclsim::prof {

struct OpEntry {
  const OpStrings* strings = nullptr;  // interned type and name: live for the process
  const OpInfo* info = nullptr;        // msprof columns: live as long as the model registry
  device::OpCost cost;                 // as the device computed it at load (zero if it could not)
  bool subgraph = false;               // an FFTS+ op: aclprofGetOpFlag reports a subgraph
  bool copy_task = false;              // a MEMCPY_ASYNC / MEMSET_ASYNC task (aclrtMemcpyAsync...): not a kernel
};

using OpTable = std::vector<OpEntry>;
using OpTableRef = std::shared_ptr<const OpTable>;

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_OP_TABLE_H_
