// InstanceTable (runtime/model_ri.h): names, labels and what a capture
// refuses.
#include <string>
#include <utility>

#include "runtime/model_ri.h"

namespace aclsim::runtime {
namespace {

Status NoLiveInstance() { return Status(Detail::kInvalidHandle, "not a live model runtime instance"); }

const char* CaptureModeName(CaptureMode mode) {
  switch (mode) {
    case CaptureMode::kGlobal: return "GLOBAL";
    case CaptureMode::kThreadLocal: return "THREAD_LOCAL";
    case CaptureMode::kRelaxed: return "RELAXED";
  }
  return "?";
}

// The strictest mode with a non-zero count, or kCaptureModeCount for none.
uint32_t StrictestMode(const std::array<uint32_t, kCaptureModeCount>& counts) {
  for (uint32_t m = 0; m < kCaptureModeCount; ++m) {
    if (counts[m] != 0) return m;
  }
  return kCaptureModeCount;
}

}  // namespace

Status InstanceTable::SetName(ModelRI* ri, std::string name) {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoLiveInstance();
  r->name_ = std::move(name);
  return OkStatus();
}

StatusOr<std::string> InstanceTable::GetName(ModelRI* ri) const {
  std::lock_guard<std::mutex> lock(mu_);
  ModelRI* r = FindLocked(ri);
  if (r == nullptr) return NoLiveInstance();
  return r->name_;
}

// ---------------------------------------------------------------- labels

Label* InstanceTable::CreateLabel() {
  auto label = std::make_unique<Label>();
  Label* raw = label.get();
  std::lock_guard<std::mutex> lock(mu_);
  labels_.emplace(raw, std::move(label));
  return raw;
}

Status InstanceTable::DestroyLabel(Label* label) {
  std::lock_guard<std::mutex> lock(mu_);
  if (labels_.erase(label) == 0) return Status(Detail::kInvalidHandle, "not a live label");
  return OkStatus();
}

StatusOr<LabelList*> InstanceTable::CreateLabelList(const std::vector<Label*>& labels) {
  std::lock_guard<std::mutex> lock(mu_);
  for (Label* l : labels) {
    if (labels_.count(l) == 0) return Status(StatusCode::kInvalidArgument, "a label of the array is not live");
  }
  auto list = std::make_unique<LabelList>();
  list->labels = labels;
  LabelList* raw = list.get();
  lists_.emplace(raw, std::move(list));
  return raw;
}

Status InstanceTable::DestroyLabelList(LabelList* list) {
  std::lock_guard<std::mutex> lock(mu_);
  if (lists_.erase(list) == 0) return Status(Detail::kInvalidHandle, "not a live label list");
  return OkStatus();
}

StatusOr<std::vector<Label*>> InstanceTable::ListLabels(LabelList* list) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = lists_.find(list);
  if (it == lists_.end()) return Status(Detail::kInvalidHandle, "not a live label list");
  return it->second->labels;
}

StatusOr<uint32_t> InstanceTable::BoundIndexLike(Stream* stream, Stream* other) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto a = streams_.find(stream);
  auto b = streams_.find(other);
  if (a == streams_.end() || a->second.capture || b == streams_.end() || b->second.capture ||
      a->second.ri != b->second.ri) {
    return Status(StatusCode::kInvalidArgument, "both streams must be bound to the same model runtime instance");
  }
  return b->second.ri_stream;
}

// ------------------------------------------------------------- refusals

Status InstanceTable::CheckNotCapturing(Stream* stream, const char* what) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = streams_.find(stream);
  if (it == streams_.end() || !it->second.capture) return OkStatus();
  return Status(Detail::kStreamCaptured, std::string(what) + " is not allowed on a capturing stream");
}

Status InstanceTable::CheckDeviceNotCapturing(const DeviceState* device, const char* what) const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto& [stream, state] : streams_) {
    if (state.capture && state.ri->device_ == device) {
      return Status(Detail::kStreamCaptured,
                    std::string(what) + " is not allowed while a stream of the device captures");
    }
  }
  return OkStatus();
}

Status InstanceTable::CheckEventNotCaptured(Event* event, const char* what) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (captured_events_.count(event) == 0) return OkStatus();
  return Status(Detail::kEventCaptured,
                std::string(what) + " is not allowed on an event whose latest record belongs to an active capture");
}

Status InstanceTable::CheckUnsafeCall(const Context* context, uint32_t thread, const char* what) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto ctx = context_modes_.find(context);
  if (ctx == context_modes_.end() || StrictestMode(ctx->second) == kCaptureModeCount) return OkStatus();
  const uint32_t context_mode = StrictestMode(ctx->second);
  auto th = threads_.find(thread);
  const uint32_t thread_mode = th == threads_.end() ? kCaptureModeCount : StrictestMode(th->second.captures);
  const CaptureMode exchange = th == threads_.end() ? CaptureMode::kGlobal : th->second.exchange;
  bool refused = false;
  if (exchange == CaptureMode::kGlobal) {
    refused = context_mode == static_cast<uint32_t>(CaptureMode::kGlobal) ||
              thread_mode == static_cast<uint32_t>(CaptureMode::kThreadLocal);
  } else if (exchange == CaptureMode::kThreadLocal) {
    refused = thread_mode == static_cast<uint32_t>(CaptureMode::kGlobal) ||
              thread_mode == static_cast<uint32_t>(CaptureMode::kThreadLocal);
  }
  if (!refused) return OkStatus();
  return Status(Detail::kCaptureModeRefused, std::string(what) + " is not allowed while a stream captures in mode " +
                                                 CaptureModeName(static_cast<CaptureMode>(context_mode)) +
                                                 " (this thread's mode " + CaptureModeName(exchange) +
                                                 "): switch with aclmdlRICaptureThreadExchangeMode");
}

bool InstanceTable::IsModelStream(Stream* stream) const {
  std::lock_guard<std::mutex> lock(mu_);
  return streams_.count(stream) != 0;
}

void InstanceTable::OnStreamDestroyed(Stream* stream) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = streams_.find(stream);
  if (it != streams_.end()) {
    it->second.ri->streams_[it->second.ri_stream].stream = nullptr;
    streams_.erase(it);
  }
  auto up = updates_.find(stream);
  if (up != updates_.end()) {
    up->second.ri->groups_[up->second.group].updating = false;
    updates_.erase(up);
  }
  Recount();
}

}  // namespace aclsim::runtime
