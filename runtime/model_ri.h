// Model runtime instances (aclmdlRI) and the labels of their streams.
//
// An instance is a recorded list of stream tasks that runs again each time
// it is executed. It is filled in one of two ways:
//   capture   aclmdlRICaptureBegin(stream) .. aclmdlRICaptureEnd(stream):
//             what is submitted to the stream (and to the streams that join
//             the capture by waiting on an event it recorded) is recorded
//             instead of run, in submission order;
//   build     aclmdlRIBuildBegin, aclmdlRIBindStream(ACL_STREAM_PERSISTENT
//             stream) .. aclmdlRIEndTask, aclmdlRIBuildEnd: what is
//             submitted to a bound stream is recorded on that stream, with
//             the control tasks (labels, stream activation and switches)
//             that only bound streams take.
//
// InstanceTable keeps the instances, the labels, which stream records into
// which instance, and the capture modes (per context, per thread, and each
// thread's exchange mode) that decide which non-stream calls a capture
// refuses. Runtime::SubmitTask (runtime_ri.cc) is the one place a stream
// task is either run or handed to Record(); execution interprets the
// instance's program (RiProgram) there. docs/model_ri.md describes what is
// recorded, how a replay is timed and what is not supported.
//
// Thread safety: all methods may be called from any thread. The table's
// mutex is a leaf: it is never held while calling the device, the kernel
// cache, the model registry or the profiler.
#ifndef ACLSIM_RUNTIME_MODEL_RI_H_
#define ACLSIM_RUNTIME_MODEL_RI_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "runtime/device_table.h"
#include "runtime/model_registry.h"
#include "runtime/single_op.h"
#include "runtime/status.h"

namespace aclsim::runtime {

// aclmdlRICaptureMode: what a capture lets threads do (lower is stricter).
enum class CaptureMode : uint32_t { kGlobal = 0, kThreadLocal = 1, kRelaxed = 2 };
inline constexpr uint32_t kCaptureModeCount = 3;

class Label {};  // a handle only: where it is set lives in its instance
class ModelRI;
struct RiCondHandle;
// aclrtTaskGrp: a task group of an instance (valid while the instance lives).
struct RiGroupHandle {
  ModelRI* ri = nullptr;
  uint32_t group = 0;
};
// aclmdlRICondHandle: a condition value in device memory (8 bytes) of a
// capturing instance, and the sub-instances its condition task runs. It
// lives as long as its instance; |type| and |subs| are set once, by
// aclmdlRIAddCondTask, under the table's lock.
struct RiCondHandle {
  ModelRI* parent = nullptr;
  void* value = nullptr;  // device memory, freed with the instance
  uint32_t default_value = 0;
  bool assign_default = false;  // the value is set to default_value as each execution starts
  uint32_t type = 0;            // aclmdlRICondTaskType
  std::vector<ModelRI*> subs;
};
struct LabelList {
  std::vector<Label*> labels;
};

// One recorded task.
struct RiTask {
  enum class Kind : uint8_t {
    kOp,            // a kernel launch (an operator, a copy, a memset, a built-in task)
    kEventRecord,   // aclrtRecordEvent
    kEventWait,     // aclrtStreamWaitEvent
    kEventReset,    // aclrtResetEvent
    kSetLabel,      // aclrtSetLabel: a position, no work
    kSwitchLabel,   // aclrtSwitchLabelByIndex: jump to targets[*index]
    kActiveStream,  // aclrtActiveStream: run another bound stream
    kSwitchStream,  // aclrtSwitchStream: jump to another bound stream when the condition holds
    kEndGraph,      // aclmdlRIEndTask
    kCond,          // aclmdlRIAddCondTask: run sub-instances by a condition value
  };
  Kind kind = Kind::kOp;
  // kOp: the compiled kernel, the call it came from, and what runs on the
  // host first each time (the bytes a copy moves; may be empty).
  ModelRef kernel;
  std::shared_ptr<const OpCall> call;
  std::function<Status()> effect;
  bool copy = false;  // a copy, memset or built-in task: not an operator (task groups take operators only)
  uint32_t tag = 0;   // the records' model tag, set when the program is made
  Event* event = nullptr;
  Label* label = nullptr;                            // kSetLabel
  std::vector<Label*> targets;                       // kSwitchLabel: the list's labels when recorded
  const void* left = nullptr;                        // kSwitchLabel: the index; kSwitchStream: the left value
  const void* right = nullptr;                       // kSwitchStream
  uint32_t cond = 0;                                 // kSwitchStream: aclrtCondition
  uint32_t dtype = 0;                                // kSwitchStream: aclrtCompareDataType
  uint32_t target_stream = 0;                        // kActiveStream, kSwitchStream: an instance stream
  std::vector<std::pair<uint32_t, uint32_t>> jumps;  // kSwitchLabel: (stream, task) of each target
  uint64_t source_stream = 0;                        // the device stream id it was submitted to (debug print)
  RiCondHandle* cond_handle = nullptr;               // kCond
};

// What an execution runs: one task list per instance stream, and the
// streams that start.
struct RiProgram {
  std::vector<std::vector<RiTask>> streams;
  std::vector<uint32_t> heads;
};
using RiProgramRef = std::shared_ptr<const RiProgram>;

class ModelRI {
 public:
  uint32_t id() const { return id_; }
  DeviceState* device() const { return device_; }
  Context* context() const { return context_; }
  bool built() const { return built_; }
  bool sub() const { return sub_; }  // a sub-instance of a condition task

 private:
  friend class InstanceTable;
  struct RiStream {
    Stream* stream = nullptr;  // the bound or capturing stream (nullptr once unbound)
    bool head = true;
    bool ended = false;
    std::vector<RiTask> tasks;
  };
  struct TaskGroup {
    uint32_t stream = 0;
    size_t first = 0;
    size_t count = 0;
    bool updating = false;
  };
  enum class State : uint8_t { kPending, kCapturing, kBuilding, kReady };

  uint32_t id_ = 0;
  DeviceState* device_ = nullptr;
  Context* context_ = nullptr;
  bool built_ = false;  // aclmdlRIBuildBegin, not a capture
  bool sub_ = false;    // made by aclmdlRIAddCondTask; captured by aclmdlRICaptureToModelRIBegin
  State state_ = State::kCapturing;
  std::vector<RiStream> streams_;
  std::vector<TaskGroup> groups_;
  RiProgramRef program_;
  std::string name_;
};

// The model tag of the records of an instance's op task: (instance id,
// op ordinal, kernel) → tag.
using TagFn = uint32_t (*)(uint32_t, uint32_t, const ModelRef&);

// aclmdlRICaptureGetInfo's answer.
struct CaptureInfo {
  bool active = false;
  ModelRI* instance = nullptr;
};

class InstanceTable {
 public:
  InstanceTable() = default;
  InstanceTable(const InstanceTable&) = delete;
  InstanceTable& operator=(const InstanceTable&) = delete;

  // ---- instances. |id| comes from ModelRegistry::ReserveId.
  StatusOr<ModelRI*> CreateBuilt(uint32_t id, DeviceState* device, Context* context);
  // The live instance (kInvalidHandle otherwise).
  Status Check(ModelRI* ri) const;
  // Forgets |ri| with its condition handles and their sub-instances:
  // capturing → kModelCaptured; a sub-instance → kUnimplemented (its parent
  // owns it). Its bound streams are unbound. |out_memory| gets the handles'
  // device memory to free, |out_ids| the ids of the instances forgotten.
  Status Destroy(ModelRI* ri, std::vector<void*>* out_memory, std::vector<uint32_t>* out_ids);
  // The program an execution runs; not ready (capturing, building) → kInvalidArgument.
  StatusOr<RiProgramRef> Program(ModelRI* ri) const;
  // The instance streams that are bound to it (aclmdlRIExecute runs on the first head).
  StatusOr<Stream*> FirstHeadStream(ModelRI* ri) const;
  std::vector<uint32_t> LiveIds() const;
  Status SetName(ModelRI* ri, std::string name);
  StatusOr<std::string> GetName(ModelRI* ri) const;

  // ---- capture
  Status BeginCapture(Stream* stream, uint32_t id, DeviceState* device, Context* context, CaptureMode mode,
                      uint32_t thread, bool is_default);
  // Ends the capture |stream| began and makes its program (each op's tag
  // from |tag_of|(op ordinal, kernel)).
  StatusOr<ModelRI*> EndCapture(Stream* stream, uint32_t thread, TagFn tag_of);
  CaptureInfo GetInfo(Stream* stream) const;
  // aclmdlRICaptureThreadExchangeMode for |thread|: sets the mode, returns the previous.
  CaptureMode ExchangeMode(uint32_t thread, CaptureMode mode);
  Status BeginTaskGroup(Stream* stream);
  StatusOr<RiGroupHandle*> EndTaskGroup(Stream* stream);
  // |group| not live → kInvalidArgument.
  Status BeginUpdate(Stream* stream, RiGroupHandle* group);
  // Replaces the group's tasks by those recorded since BeginUpdate and
  // remakes the program (tags as for EndCapture).
  StatusOr<ModelRI*> EndUpdate(Stream* stream, TagFn tag_of);

  // ---- condition tasks (model_ri_cond.cc)
  // |ri| must be capturing (kInvalidArgument); |value| is its device memory.
  StatusOr<RiCondHandle*> CreateCond(ModelRI* ri, uint32_t default_value, bool assign_default, void* value);
  StatusOr<void*> CondValue(RiCondHandle* handle) const;
  // Makes |ids|.size() sub-instances for |handle| and records its task on
  // the capturing |stream| (the handle's instance's capture).
  StatusOr<std::vector<ModelRI*>> AddCond(Stream* stream, RiCondHandle* handle, uint32_t type,
                                          const std::vector<uint32_t>& ids);
  // aclmdlRICaptureToModelRIBegin: |stream| captures into the sub-instance |sub|.
  Status BeginCaptureInto(Stream* stream, ModelRI* sub, CaptureMode mode, uint32_t thread);
  // The condition handles of |ri| and of the sub-instances below it (their
  // default values are assigned as an execution of |ri| starts).
  std::vector<RiCondHandle*> CondsOf(ModelRI* ri) const;

  // ---- build
  Status Bind(ModelRI* ri, Stream* stream, bool head);
  Status Unbind(ModelRI* ri, Stream* stream);
  Status EndTask(ModelRI* ri, Stream* stream);
  Status EndBuild(ModelRI* ri, TagFn tag_of);

  // ---- labels
  Label* CreateLabel();
  Status DestroyLabel(Label* label);
  StatusOr<LabelList*> CreateLabelList(const std::vector<Label*>& labels);
  Status DestroyLabelList(LabelList* list);
  // The labels of a live list (kInvalidHandle otherwise).
  StatusOr<std::vector<Label*>> ListLabels(LabelList* list) const;
  // The instance stream of |other| in the instance |stream| is bound to.
  StatusOr<uint32_t> BoundIndexLike(Stream* stream, Stream* other) const;

  // ---- the funnel: every stream task the runtime submits comes here first.
  // True: recorded (the stream captures, is bound to an instance being
  // built, or updates a task group); false: run it. A stream bound to a
  // finished instance → kStreamBoundToModel; a control task (labels,
  // activation) on a stream that is not bound → kInvalidArgument; anything
  // but an op inside a task group or an update → kTaskTypeUnsupported.
  StatusOr<bool> Record(Stream* stream, RiTask task);
  // False when no stream records at all: the launch path then skips Record
  // (and the task it would build) without taking the table's lock.
  bool MayRecord() const { return recording_.load(std::memory_order_acquire) != 0; }

  // ---- what a capture refuses
  // |stream| captures → kStreamCaptured.
  Status CheckNotCapturing(Stream* stream, const char* what) const;
  // A stream of |device| captures → kStreamCaptured.
  Status CheckDeviceNotCapturing(const DeviceState* device, const char* what) const;
  // The latest record of |event| was captured by a capture still active → kEventCaptured.
  Status CheckEventNotCaptured(Event* event, const char* what) const;
  // aclrtMemcpy, aclrtMemset and the like from |thread| in |context|, by
  // the capture modes → kCaptureModeRefused.
  Status CheckUnsafeCall(const Context* context, uint32_t thread, const char* what) const;
  // A stream bound to an instance, or capturing.
  bool IsModelStream(Stream* stream) const;
  // |stream| was destroyed: forget its bindings.
  void OnStreamDestroyed(Stream* stream);

 private:
  struct StreamState {
    ModelRI* ri = nullptr;
    uint32_t ri_stream = 0;
    bool capture = true;  // false: bound for a build
    bool origin = false;
    CaptureMode mode = CaptureMode::kGlobal;
    uint32_t thread = 0;
    int32_t open_group = -1;  // the group aclmdlRICaptureTaskGrpBegin opened
  };
  struct UpdateState {
    ModelRI* ri = nullptr;
    uint32_t group = 0;
    std::vector<RiTask> tasks;
  };
  struct ThreadModes {
    std::array<uint32_t, kCaptureModeCount> captures{};  // captures this thread began, by mode
    CaptureMode exchange = CaptureMode::kGlobal;
  };

  // Require mu_.
  ModelRI* FindLocked(ModelRI* ri) const;
  void ForgetLocked(ModelRI* ri, std::vector<void*>* out_memory, std::vector<uint32_t>* out_ids);
  void ExitCaptureLocked(ModelRI* ri);
  static RiProgramRef MakeProgram(ModelRI* ri, TagFn tag_of);
  static Status ResolveJumps(RiProgram& program, const ModelRI& ri);

  // Requires mu_: recording_ follows streams_ and updates_.
  void Recount() { recording_.store(streams_.size() + updates_.size(), std::memory_order_release); }

  std::atomic<size_t> recording_{0};
  mutable std::mutex mu_;
  std::unordered_map<ModelRI*, std::unique_ptr<ModelRI>> instances_;
  std::unordered_map<Stream*, StreamState> streams_;
  std::unordered_map<Stream*, UpdateState> updates_;
  std::unordered_map<Event*, ModelRI*> captured_events_;
  std::unordered_map<const Context*, std::array<uint32_t, kCaptureModeCount>> context_modes_;
  std::unordered_map<uint32_t, ThreadModes> threads_;
  std::unordered_map<RiGroupHandle*, std::unique_ptr<RiGroupHandle>> group_handles_;
  std::unordered_map<RiCondHandle*, std::unique_ptr<RiCondHandle>> conds_;
  std::unordered_map<Label*, std::unique_ptr<Label>> labels_;
  std::unordered_map<LabelList*, std::unique_ptr<LabelList>> lists_;
};

}  // namespace aclsim::runtime

#endif  // ACLSIM_RUNTIME_MODEL_RI_H_
