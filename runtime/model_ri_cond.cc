// InstanceTable (runtime/model_ri.h): condition tasks — a condition value
// in device memory and the sub-instances aclmdlRIAddCondTask makes, which
// aclmdlRICaptureToModelRIBegin captures and an execution runs by the value
// (runtime_ri.cc).
#include <string>
#include <utility>

#include "runtime/model_ri.h"

namespace aclsim::runtime {
namespace {

Status NotACondHandle() { return Status(StatusCode::kInvalidArgument, "not a live condition handle"); }

}  // namespace

StatusOr<RiCondHandle*> InstanceTable::CreateCond(ModelRI* ri, uint32_t default_value, bool assign_default,
                                                  void* value) {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr || r->state_ != ModelRI::State::kCapturing) {
    return Status(StatusCode::kInvalidArgument, "a condition handle needs an instance that is capturing");
  }
  auto handle = std::make_unique<RiCondHandle>();
  handle->parent = r;
  handle->value = value;
  handle->default_value = default_value;
  handle->assign_default = assign_default;
  RiCondHandle* raw = handle.get();
  conds_.emplace(raw, std::move(handle));
  return raw;
}

StatusOr<void*> InstanceTable::CondValue(RiCondHandle* handle) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = conds_.find(handle);
  if (it == conds_.end()) return NotACondHandle();
  return it->second->value;
}

StatusOr<std::vector<ModelRI*>> InstanceTable::AddCond(Stream* stream, RiCondHandle* handle, uint32_t type,
                                                       const std::vector<uint32_t>& ids) {
  std::lock_guard<std::mutex> lock(mu_);
  auto h = conds_.find(handle);
  if (h == conds_.end()) return NotACondHandle();
  auto it = streams_.find(stream);
  if (it == streams_.end() || !it->second.capture) {
    return Status(Detail::kStreamNotCaptured, "a condition task goes on a capturing stream");
  }
  if (it->second.ri != handle->parent) {
    return Status(StatusCode::kInvalidArgument, "the stream captures another instance than the handle's");
  }
  if (!handle->subs.empty()) {
    return Status(StatusCode::kInvalidArgument, "the condition handle already has its condition task");
  }
  if (it->second.open_group >= 0) {
    return Status(Detail::kTaskTypeUnsupported, "only operator launches can be captured in a task group");
  }
  for (uint32_t id : ids) {
    auto sub = std::make_unique<ModelRI>();
    sub->id_ = id;
    sub->device_ = handle->parent->device_;
    sub->context_ = handle->parent->context_;
    sub->sub_ = true;
    sub->state_ = ModelRI::State::kPending;
    handle->subs.push_back(sub.get());
    instances_.emplace(sub.get(), std::move(sub));
  }
  handle->type = type;
  RiTask task;
  task.kind = RiTask::Kind::kCond;
  task.cond_handle = handle;
  ModelRI* ri = it->second.ri;
  ri->streams_[it->second.ri_stream].tasks.push_back(std::move(task));
  return handle->subs;
}

Status InstanceTable::BeginCaptureInto(Stream* stream, ModelRI* sub, CaptureMode mode, uint32_t thread) {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(sub);
  if (r == nullptr || !r->sub_) {
    return Status(StatusCode::kInvalidArgument, "the instance is not a sub-instance of a condition task");
  }
  if (r->state_ != ModelRI::State::kPending) {
    return Status(Detail::kModelCaptured, "the sub-instance " + std::to_string(r->id_) + " was already captured");
  }
  auto it = streams_.find(stream);
  if (it != streams_.end()) {
    if (it->second.capture) return Status(Detail::kStreamCaptured, "the stream is already capturing");
    return Status(Detail::kStreamBoundToModel, "the stream is bound to a model runtime instance");
  }
  r->state_ = ModelRI::State::kCapturing;
  r->streams_.push_back({stream, true, false, {}});
  StreamState state;
  state.ri = r;
  state.origin = true;
  state.mode = mode;
  state.thread = thread;
  streams_[stream] = state;
  context_modes_[r->context_][static_cast<uint32_t>(mode)]++;
  threads_[thread].captures[static_cast<uint32_t>(mode)]++;
  Recount();
  return OkStatus();
}

std::vector<RiCondHandle*> InstanceTable::CondsOf(ModelRI* ri) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<RiCondHandle*> out;
  std::vector<ModelRI*> pending{ri};
  while (!pending.empty()) {
    ModelRI* r = pending.back();
    pending.pop_back();
    for (const auto& [p, h] : conds_) {
      if (h->parent != r) continue;
      out.push_back(h.get());
      pending.insert(pending.end(), h->subs.begin(), h->subs.end());
    }
  }
  return out;
}

}  // namespace aclsim::runtime
