// One iteration of a collection, as `msprof --export --model-id=M
// --iteration-id=N` exports it (Ascend/msprof docs/en/user_guide/
// msprof_parsing_instruct.md, analysis/msinterface/msprof_export.py):
//  * model id 4294967295 is the step mode: iteration N is the step whose
//    index id is N (aclprofGetStepTimestamp, MindSpore's 60000/60001 tags),
//    from its START marker to its END marker on each device that has it;
//  * any other model id is the graph mode: iteration N is the N-th execution
//    of model M on each device, counted from 1. aclsim recognises an
//    execution by its first-launched op (every execution of a graph launches
//    the same op first) and spans it from that task's start to the end of
//    the model's last task before the next execution.
// The selection keeps every device task that starts inside an iteration's
// span on its device, the host API calls that launched one of those tasks or
// lie inside the span on the host clock, and the msproftx/mstx records whose
// device markers (or, host-only, whose host times) lie inside it.
#ifndef ACLSIM_RUNTIME_PROF_EXPORT_FILTER_H_
#define ACLSIM_RUNTIME_PROF_EXPORT_FILTER_H_

#include <cstdint>
#include <string>

#include "runtime/prof/session_data.h"
#include "runtime/status.h"

namespace aclsim::prof {

inline constexpr uint32_t kStepModeModelId = 0xFFFFFFFFu;

// The part of |data| in iteration |iteration_id| of model |model_id|. The
// result points at |data|'s OpInfo and must not outlive what they live in.
// An iteration the collection does not have is kProfilingConfig, with
// msprof's message naming the valid range.
StatusOr<SessionData> SelectIteration(const SessionData& data, uint32_t model_id, uint64_t iteration_id);

}  // namespace aclsim::prof

#endif  // ACLSIM_RUNTIME_PROF_EXPORT_FILTER_H_
