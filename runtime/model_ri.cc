#include "runtime/model_ri.h"

#include <algorithm>
#include <string>
#include <utility>

namespace aclsim::runtime {
namespace {

Status NoInstance() { return Status(Detail::kInvalidHandle, "not a live model runtime instance"); }

const char* ModeName(CaptureMode mode) {
  switch (mode) {
    case CaptureMode::kGlobal: return "GLOBAL";
    case CaptureMode::kThreadLocal: return "THREAD_LOCAL";
    case CaptureMode::kRelaxed: return "RELAXED";
  }
  return "?";
}

bool IsControl(RiTask::Kind kind) {
  return kind == RiTask::Kind::kSetLabel || kind == RiTask::Kind::kSwitchLabel || kind == RiTask::Kind::kActiveStream ||
         kind == RiTask::Kind::kSwitchStream || kind == RiTask::Kind::kEndGraph;
}

}  // namespace

// ------------------------------------------------------------- instances

ModelRI* InstanceTable::FindLocked(ModelRI* ri) const {
  auto it = instances_.find(ri);
  return it == instances_.end() ? nullptr : it->second.get();
}

StatusOr<ModelRI*> InstanceTable::CreateBuilt(uint32_t id, DeviceState* device, Context* context) {
  auto ri = std::make_unique<ModelRI>();
  ri->id_ = id;
  ri->device_ = device;
  ri->context_ = context;
  ri->built_ = true;
  ri->state_ = ModelRI::State::kBuilding;
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* raw = ri.get();
  instances_.emplace(raw, std::move(ri));
  return raw;
}

Status InstanceTable::Check(ModelRI* ri) const {
  std::lock_guard<std::mutex> lock(mu_);
  return FindLocked(ri) == nullptr ? NoInstance() : OkStatus();
}

Status InstanceTable::Destroy(ModelRI* ri, std::vector<void*>* out_memory, std::vector<uint32_t>* out_ids) {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoInstance();
  if (r->sub_) {
    return Status(StatusCode::kUnimplemented, "a sub-instance of a condition task is destroyed with its parent");
  }
  if (r->state_ == ModelRI::State::kCapturing) {
    return Status(Detail::kModelCaptured,
                  "model runtime instance " + std::to_string(r->id_) + " is still capturing: end the capture first");
  }
  ForgetLocked(r, out_memory, out_ids);
  Recount();
  return OkStatus();
}

void InstanceTable::ForgetLocked(ModelRI* r, std::vector<void*>* out_memory, std::vector<uint32_t>* out_ids) {
  std::vector<ModelRI*> subs;
  for (auto it = conds_.begin(); it != conds_.end();) {
    if (it->second->parent != r) {
      ++it;
      continue;
    }
    out_memory->push_back(it->second->value);
    subs.insert(subs.end(), it->second->subs.begin(), it->second->subs.end());
    it = conds_.erase(it);
  }
  for (auto it = streams_.begin(); it != streams_.end();) {
    it = it->second.ri == r ? streams_.erase(it) : std::next(it);
  }
  for (auto it = updates_.begin(); it != updates_.end();) {
    it = it->second.ri == r ? updates_.erase(it) : std::next(it);
  }
  for (auto it = group_handles_.begin(); it != group_handles_.end();) {
    it = it->second->ri == r ? group_handles_.erase(it) : std::next(it);
  }
  out_ids->push_back(r->id_);
  instances_.erase(r);
  for (ModelRI* sub : subs) {
    if (FindLocked(sub) != nullptr) ForgetLocked(sub, out_memory, out_ids);
  }
}

StatusOr<RiProgramRef> InstanceTable::Program(ModelRI* ri) const {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoInstance();
  if (r->state_ == ModelRI::State::kCapturing) {
    return Status(Detail::kModelCaptured,
                  "model runtime instance " + std::to_string(r->id_) + " is still capturing (aclmdlRICaptureEnd)");
  }
  if (r->state_ != ModelRI::State::kReady || !r->program_) {
    return Status(Detail::kModelExecute, "model runtime instance " + std::to_string(r->id_) +
                                             (r->built_ ? " is still being built (aclmdlRIBuildEnd)"
                                                        : " was never captured (aclmdlRICaptureToModelRIBegin)"));
  }
  return r->program_;
}

StatusOr<Stream*> InstanceTable::FirstHeadStream(ModelRI* ri) const {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoInstance();
  for (const auto& s : r->streams_) {
    if (s.head && s.stream != nullptr) return s.stream;
  }
  return Status(StatusCode::kInvalidArgument,
                "model runtime instance " + std::to_string(r->id_) + " has no head stream bound");
}

std::vector<uint32_t> InstanceTable::LiveIds() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<uint32_t> ids;
  for (const auto& [p, r] : instances_) ids.push_back(r->id_);
  std::sort(ids.begin(), ids.end());
  return ids;
}

// --------------------------------------------------------------- capture

Status InstanceTable::BeginCapture(Stream* stream, uint32_t id, DeviceState* device, Context* context, CaptureMode mode,
                                   uint32_t thread, bool is_default) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = streams_.find(stream);
  if (it != streams_.end()) {
    if (it->second.capture) {
      return Status(Detail::kStreamCaptured, "the stream is already capturing");
    }
    return Status(Detail::kStreamBoundToModel,
                  "the stream is bound to model runtime instance " + std::to_string(it->second.ri->id_));
  }
  if (is_default) {
    return Status(StatusCode::kUnimplemented, "the default stream cannot capture: use a stream of aclrtCreateStream");
  }
  auto ri = std::make_unique<ModelRI>();
  ri->id_ = id;
  ri->device_ = device;
  ri->context_ = context;
  ri->streams_.push_back({stream, true, false, {}});
  ModelRI* raw = ri.get();
  instances_.emplace(raw, std::move(ri));
  StreamState state;
  state.ri = raw;
  state.origin = true;
  state.mode = mode;
  state.thread = thread;
  streams_[stream] = state;
  context_modes_[context][static_cast<uint32_t>(mode)]++;
  threads_[thread].captures[static_cast<uint32_t>(mode)]++;
  Recount();
  return OkStatus();
}

void InstanceTable::ExitCaptureLocked(ModelRI* ri) {
  for (auto it = streams_.begin(); it != streams_.end();) {
    if (it->second.ri != ri || !it->second.capture) {
      ++it;
      continue;
    }
    if (it->second.origin) {
      const uint32_t m = static_cast<uint32_t>(it->second.mode);
      auto& ctx = context_modes_[ri->context_];
      if (ctx[m] > 0) ctx[m]--;
      auto& th = threads_[it->second.thread].captures;
      if (th[m] > 0) th[m]--;
    }
    it = streams_.erase(it);
  }
  for (auto it = captured_events_.begin(); it != captured_events_.end();) {
    it = it->second == ri ? captured_events_.erase(it) : std::next(it);
  }
  Recount();
}

StatusOr<ModelRI*> InstanceTable::EndCapture(Stream* stream, uint32_t thread, TagFn tag_of) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = streams_.find(stream);
  if (it == streams_.end() || !it->second.capture) {
    return Status(Detail::kStreamNotCaptured, "the stream is not capturing: call aclmdlRICaptureBegin first");
  }
  if (!it->second.origin) {
    return Status(Detail::kCaptureUnmatched, "the capture was not begun on this stream (it joined it by an event)");
  }
  ModelRI* ri = it->second.ri;
  if (it->second.thread != thread && it->second.mode != CaptureMode::kRelaxed) {
    // CANN ends the capture and forgets it in this case.
    const std::string mode = ModeName(it->second.mode);
    ExitCaptureLocked(ri);
    for (auto h = group_handles_.begin(); h != group_handles_.end();) {
      h = h->second->ri == ri ? group_handles_.erase(h) : std::next(h);
    }
    instances_.erase(ri);
    return Status(Detail::kCaptureWrongThread,
                  "a capture in mode " + mode + " must end on the thread that began it; the capture is discarded");
  }
  ExitCaptureLocked(ri);
  ri->state_ = ModelRI::State::kReady;
  ri->streams_[0].stream = nullptr;
  ri->program_ = MakeProgram(ri, tag_of);
  return ri;
}

CaptureInfo InstanceTable::GetInfo(Stream* stream) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = streams_.find(stream);
  if (it == streams_.end() || !it->second.capture) return {};
  return {true, it->second.ri};
}

CaptureMode InstanceTable::ExchangeMode(uint32_t thread, CaptureMode mode) {
  std::lock_guard<std::mutex> lock(mu_);
  CaptureMode& current = threads_[thread].exchange;
  return std::exchange(current, mode);
}

Status InstanceTable::BeginTaskGroup(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = streams_.find(stream);
  if (it == streams_.end() || !it->second.capture) {
    return Status(Detail::kStreamNotCaptured, "the stream is not capturing");
  }
  if (it->second.open_group >= 0 || updates_.count(stream) != 0) {
    return Status(Detail::kTaskGroupStatus, "a task group is already open on the stream");
  }
  ModelRI* ri = it->second.ri;
  const uint32_t s = it->second.ri_stream;
  ri->groups_.push_back({s, ri->streams_[s].tasks.size(), 0, false});
  it->second.open_group = static_cast<int32_t>(ri->groups_.size() - 1);
  return OkStatus();
}

StatusOr<RiGroupHandle*> InstanceTable::EndTaskGroup(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = streams_.find(stream);
  if (it == streams_.end() || !it->second.capture) {
    return Status(Detail::kStreamNotCaptured, "the stream is not capturing");
  }
  if (it->second.open_group < 0) {
    return Status(Detail::kTaskGroupStatus, "no task group is open on the stream (aclmdlRICaptureTaskGrpBegin)");
  }
  ModelRI* ri = it->second.ri;
  const auto index = static_cast<uint32_t>(it->second.open_group);
  auto& group = ri->groups_[index];
  group.count = ri->streams_[group.stream].tasks.size() - group.first;
  it->second.open_group = -1;
  auto handle = std::make_unique<RiGroupHandle>();
  handle->ri = ri;
  handle->group = index;
  RiGroupHandle* raw = handle.get();
  group_handles_.emplace(raw, std::move(handle));
  return raw;
}

Status InstanceTable::BeginUpdate(Stream* stream, RiGroupHandle* group) {
  std::lock_guard<std::mutex> lock(mu_);
  auto h = group_handles_.find(group);
  if (h == group_handles_.end()) {
    return Status(StatusCode::kInvalidArgument, "not a task group of a live model runtime instance");
  }
  ModelRI* r = h->second->ri;
  auto it = streams_.find(stream);
  if (it != streams_.end()) {
    if (it->second.capture) return Status(Detail::kStreamCaptured, "the updating stream must not be capturing");
    return Status(Detail::kStreamBoundToModel, "the updating stream is bound to a model runtime instance");
  }
  auto& g = r->groups_[h->second->group];
  if (updates_.count(stream) != 0) {
    return Status(Detail::kTaskGroupStatus, "the stream is already updating a task group");
  }
  if (g.updating) return Status(Detail::kTaskGroupStatus, "the task group is being updated on another stream");
  g.updating = true;
  updates_[stream] = {r, h->second->group, {}};
  Recount();
  return OkStatus();
}

StatusOr<ModelRI*> InstanceTable::EndUpdate(Stream* stream, TagFn tag_of) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = updates_.find(stream);
  if (it == updates_.end()) {
    return Status(Detail::kTaskGroupStatus, "the stream is not updating a task group (aclmdlRICaptureTaskUpdateBegin)");
  }
  UpdateState update = std::move(it->second);
  updates_.erase(it);
  Recount();
  ModelRI* ri = update.ri;
  auto& g = ri->groups_[update.group];
  g.updating = false;
  if (update.tasks.size() != g.count) {
    return Status(Detail::kModelUpdateFailed, "the update launched " + std::to_string(update.tasks.size()) +
                                                  " tasks, the task group holds " + std::to_string(g.count));
  }
  auto& tasks = ri->streams_[g.stream].tasks;
  for (size_t i = 0; i < g.count; ++i) tasks[g.first + i] = std::move(update.tasks[i]);
  ri->program_ = MakeProgram(ri, tag_of);
  return ri;
}

// ----------------------------------------------------------------- build

Status InstanceTable::Bind(ModelRI* ri, Stream* stream, bool head) {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoInstance();
  if (!r->built_) return Status(StatusCode::kInvalidArgument, "a captured instance takes no bound stream");
  auto it = streams_.find(stream);
  if (it != streams_.end()) {
    if (it->second.capture) return Status(Detail::kStreamCaptured, "the stream is capturing");
    return Status(Detail::kStreamBoundToModel,
                  "the stream is already bound to model runtime instance " + std::to_string(it->second.ri->id_));
  }
  if (r->state_ != ModelRI::State::kBuilding) {
    return Status(StatusCode::kInvalidArgument, "the instance is already built (aclmdlRIBuildEnd)");
  }
  StreamState state;
  state.ri = r;
  state.capture = false;
  state.ri_stream = static_cast<uint32_t>(r->streams_.size());
  r->streams_.push_back({stream, head, false, {}});
  streams_[stream] = state;
  Recount();
  return OkStatus();
}

Status InstanceTable::Unbind(ModelRI* ri, Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoInstance();
  if (!r->built_) return Status(StatusCode::kInvalidArgument, "a captured instance has no bound stream");
  auto it = streams_.find(stream);
  if (it != streams_.end() && it->second.capture) return Status(Detail::kStreamCaptured, "the stream is capturing");
  if (it == streams_.end() || it->second.ri != r) {
    return Status(Detail::kStreamBoundToModel, "the stream is not bound to this model runtime instance");
  }
  r->streams_[it->second.ri_stream].stream = nullptr;
  streams_.erase(it);
  Recount();
  return OkStatus();
}

Status InstanceTable::EndTask(ModelRI* ri, Stream* stream) {
  RiTask end;
  end.kind = RiTask::Kind::kEndGraph;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ModelRI* r = FindLocked(ri);
    if (r == nullptr) return NoInstance();
    auto it = streams_.find(stream);
    if (it == streams_.end() || it->second.ri != r || it->second.capture) {
      return Status(Detail::kStreamBoundToModel, "the stream is not bound to this model runtime instance");
    }
    if (r->state_ != ModelRI::State::kBuilding) {
      return Status(StatusCode::kInvalidArgument, "the instance is already built (aclmdlRIBuildEnd)");
    }
    r->streams_[it->second.ri_stream].ended = true;
    r->streams_[it->second.ri_stream].tasks.push_back(std::move(end));
  }
  return OkStatus();
}

Status InstanceTable::EndBuild(ModelRI* ri, TagFn tag_of) {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoInstance();
  if (!r->built_) return Status(StatusCode::kInvalidArgument, "a captured instance is ended by aclmdlRICaptureEnd");
  if (r->state_ != ModelRI::State::kBuilding) {
    return Status(StatusCode::kInvalidArgument, "the instance is already built");
  }
  auto program = std::const_pointer_cast<RiProgram>(MakeProgram(r, tag_of));
  ACLSIM_RETURN_IF_ERROR(ResolveJumps(*program, *r));
  r->program_ = std::move(program);
  r->state_ = ModelRI::State::kReady;
  return OkStatus();
}

RiProgramRef InstanceTable::MakeProgram(ModelRI* ri, TagFn tag_of) {
  auto program = std::make_shared<RiProgram>();
  uint32_t ordinal = 0;
  for (uint32_t s = 0; s < ri->streams_.size(); ++s) {
    std::vector<RiTask> tasks = ri->streams_[s].tasks;
    for (RiTask& t : tasks) {
      if (t.kind == RiTask::Kind::kOp) t.tag = tag_of(ri->id_, ordinal++, t.kernel);
    }
    program->streams.push_back(std::move(tasks));
    if (ri->streams_[s].head) program->heads.push_back(s);
  }
  return program;
}

Status InstanceTable::ResolveJumps(RiProgram& program, const ModelRI& ri) {
  std::unordered_map<Label*, std::pair<uint32_t, uint32_t>> where;
  for (uint32_t s = 0; s < program.streams.size(); ++s) {
    for (uint32_t i = 0; i < program.streams[s].size(); ++i) {
      const RiTask& t = program.streams[s][i];
      if (t.kind == RiTask::Kind::kSetLabel) where[t.label] = {s, i};
    }
  }
  for (auto& tasks : program.streams) {
    for (RiTask& t : tasks) {
      if (t.kind != RiTask::Kind::kSwitchLabel) continue;
      t.jumps.clear();
      for (Label* l : t.targets) {
        auto it = where.find(l);
        if (it == where.end()) {
          return Status(StatusCode::kInvalidArgument, "a label of a switch of instance " + std::to_string(ri.id_) +
                                                          " is not set on any of its streams (aclrtSetLabel)");
        }
        t.jumps.push_back(it->second);
      }
    }
  }
  return OkStatus();
}

// ---------------------------------------------------------------- funnel

StatusOr<bool> InstanceTable::Record(Stream* stream, RiTask task) {
  std::lock_guard<std::mutex> lock(mu_);
  auto up = updates_.find(stream);
  if (up != updates_.end()) {
    if (task.kind != RiTask::Kind::kOp || task.copy) {
      return Status(Detail::kTaskTypeUnsupported, "only operator launches can update a task group");
    }
    up->second.tasks.push_back(std::move(task));
    return true;
  }
  auto it = streams_.find(stream);
  if (it == streams_.end() && task.kind == RiTask::Kind::kEventWait) {
    // A stream that waits on an event a capture recorded joins the capture.
    auto ev = captured_events_.find(task.event);
    if (ev != captured_events_.end()) {
      StreamState joined;
      joined.ri = ev->second;
      auto origin = std::find_if(streams_.begin(), streams_.end(),
                                 [&](const auto& s) { return s.second.ri == ev->second && s.second.origin; });
      if (origin != streams_.end()) joined.mode = origin->second.mode;
      it = streams_.emplace(stream, joined).first;
      Recount();
    }
  }
  if (it == streams_.end()) {
    if (IsControl(task.kind)) {
      return Status(StatusCode::kInvalidArgument, "the stream is not bound to a model runtime instance");
    }
    return false;
  }
  StreamState& state = it->second;
  ModelRI* ri = state.ri;
  if (!state.capture && ri->state_ != ModelRI::State::kBuilding) {
    return Status(Detail::kStreamBoundToModel, "the stream is bound to model runtime instance " +
                                                   std::to_string(ri->id_) + ", whose build has ended");
  }
  if (state.capture && IsControl(task.kind)) {
    return Status(StatusCode::kInvalidArgument, "a capturing stream takes no label or stream-control task");
  }
  if (state.open_group >= 0 && (task.kind != RiTask::Kind::kOp || task.copy)) {
    return Status(Detail::kTaskTypeUnsupported, "only operator launches can be captured in a task group");
  }
  if (!state.capture && ri->streams_[state.ri_stream].ended) {
    return Status(StatusCode::kInvalidArgument, "the stream's tasks were ended (aclmdlRIEndTask)");
  }
  if (task.kind == RiTask::Kind::kEventRecord && state.capture) captured_events_[task.event] = ri;
  ri->streams_[state.ri_stream].tasks.push_back(std::move(task));
  return true;
}

}  // namespace aclsim::runtime
