#include "runtime/profiler.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <unordered_map>

#include "runtime/log.h"
#include "runtime/prof/mspti_collector.h"
#include "runtime/vendor.h"

namespace aclsim::runtime {
namespace {

using prof::SessionEvent;
using prof::SessionState;

std::atomic<bool> g_api_trace_on{false};
std::atomic<int> g_host_models{0};       // live profilers with a modelled host side
std::atomic<uint64_t> g_start_count{0};  // process-wide: never reset by Finalize (spec §7.1)

// Moves through the transition table: OK with |*out_proceed| when the call
// should do its work, OK without it for HEAD's no-op cases, the row's error
// otherwise (|input| for rows that report the caller's failed input check).
Status Enter(SessionState state, SessionEvent event, bool* out_proceed, const Status& input = OkStatus()) {
  const prof::Transition& t = prof::Lookup(state, event);
  *out_proceed = t.outcome == prof::Outcome::kProceed;
  if (t.outcome == prof::Outcome::kRejectInput) return input;
  return prof::RejectionOf(t);
}

// Step markers: normalise the framework tags (MindSpore 60000/60001) to
// ACL_STEP_START/END; msproftx and mstx markers keep theirs.
void NormaliseStepTags(std::vector<prof::TaskRecord>* tasks) {
  for (auto& t : *tasks) {
    if (!t.is_marker || vendor::IsTxMarkerTag(t.marker_tag)) continue;
    const bool start = t.marker_tag == vendor::kStepStartTag || t.marker_tag == vendor::kFrameworkStepStartTag;
    t.marker_tag = start ? vendor::kStepStartTag : vendor::kStepEndTag;
  }
}

// MarkEx and mstx host records get the device times of their device
// markers: a mark's one marker, a range's start and end markers (the first
// and second marker of its id and tag).
void LinkTxMarkers(const std::vector<prof::TaskRecord>& tasks, std::vector<prof::TxRecord>* tx) {
  struct Found {
    const prof::TaskRecord* first = nullptr;
    const prof::TaskRecord* second = nullptr;
  };
  std::unordered_map<uint64_t, Found> by_id;  // marker id (ids are unique across tags)
  for (const auto& t : tasks) {
    if (!t.is_marker || !vendor::IsTxMarkerTag(t.marker_tag)) continue;
    Found& f = by_id[t.marker_id];
    if (f.first == nullptr) {
      f.first = &t;
    } else if (f.second == nullptr) {
      f.second = &t;
    }
  }
  for (auto& r : *tx) {
    if (r.device_tag == 0) continue;
    auto it = by_id.find(r.mark_id);
    if (it == by_id.end() || it->second.first->marker_tag != r.device_tag) continue;
    const Found& f = it->second;
    r.has_device = true;
    r.device_id = f.first->device_id;
    r.device_ns = f.first->start_ns;
    r.device_end_ns = f.second != nullptr ? f.second->start_ns : f.first->start_ns;
  }
}

}  // namespace

Profiler::Profiler(const device::Backend& backend, DeviceTable* devices, ModelRegistry* models,
                   std::chrono::milliseconds drain_timeout, bool wall_time_origin, const HostCosts& host_costs)
    : devices_(devices),
      models_(models),
      clock_(backend.clock_mode(), backend.clock_origin_ns(), host_costs, devices->host_observed_ns()),
      subscriptions_(std::make_unique<prof::SubscriptionManager>(prof::SubscriptionManager::kDefaultQueueCapacity,
                                                                 drain_timeout)) {
  epoch_base_ns_ =
      wall_time_origin
          ? std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
                .count()
          : kFixedEpochOriginNs;
  epoch_anchor_ns_ = clock_.AnchorNs();
  epoch_offset_ns_ = epoch_base_ns_ - epoch_anchor_ns_;
  epoch_anchored_ = backend.clock_mode() == device::ClockMode::kRealtime;
  if (const device::DeliveryFaults faults = backend.delivery_faults(); !faults.empty()) {
    subscriptions_->SetFaults(faults.slow_delivery_us, faults.corrupt_record);
  }
  if (clock_.modelled()) g_host_models.fetch_add(1);
  tx_ = std::make_unique<prof::TxManager>(
      [this] { return clock_.Charge(clock_.costs().tx_ns); }, [] { return CurrentThreadId(); },
      [this](void* stream, uint64_t mark_id, uint32_t tag) {
        const int64_t ready = clock_.ReadyNs(clock_.costs().marker_ns);
        return devices_->SubmitMarker(static_cast<Stream*>(stream), mark_id, tag, ready).ok();
      },
      static_cast<uint32_t>(::getpid()));
  ConnectMspti();
}

Profiler::~Profiler() {
  DisconnectMspti();
  // Subscriptions end first: a producer waiting for a stalled reader holds
  // the device's fan-out until its subscription is abandoned.
  Shutdown();
  (void)EndCommandMode();  // a command-mode collection is written at the runtime's end
  (void)Finalize();        // a running session still writes its files
  for (DeviceState* device : devices_->OpenDevices()) {
    devices_->RemoveSink(device, subscriptions_.get());
    if (trace_) devices_->RemoveSink(device, trace_.get());
    if (mspti_sink_) devices_->RemoveSink(device, mspti_sink_.get());
  }
  subscriptions_.reset();
  if (clock_.modelled()) g_host_models.fetch_sub(1);
}

void Profiler::Shutdown() {
  subscriptions_->Shutdown();
  std::lock_guard<std::mutex> lock(mu_);
  if (!subscriptions_->HasActive()) state_ = prof::Lookup(state_, SessionEvent::kSubscriptionsEnd).to;
}

// ------------------------------------------------------------- devices

Status Profiler::OnDeviceOpened(DeviceState* device) {
  clock_.AddDevice(&device->device());
  const int64_t device_now = device->device().Now();
  std::lock_guard<std::mutex> lock(mu_);
  if (!epoch_anchored_) {
    // Virtual mode, first device: a clock already past the origin (shared
    // and moved on by earlier clients) is where the epoch base now lies.
    epoch_anchored_ = true;
    if (device_now > epoch_anchor_ns_) epoch_offset_ns_ = epoch_base_ns_ - device_now;
  }
  if (trace_) devices_->AddSink(device, trace_.get());
  if (prof::mspti::Collector::Instance().AnyEnabled(kMsptiDeviceKinds)) {
    if (!mspti_sink_) mspti_sink_ = std::make_unique<MsptiSink>(models_, [this] { return EpochOffsetNs(); });
    devices_->AddSink(device, mspti_sink_.get());
    if (std::find(mspti_devices_.begin(), mspti_devices_.end(), device->id()) == mspti_devices_.end()) {
      mspti_devices_.push_back(device->id());
    }
  }
  // Command mode: the collection starts with the first device; later ones
  // join it (all of them, unless the configuration lists devices).
  if (state_ == SessionState::kCommand && command_) {
    if (!session_.writer) {
      (void)StartCommandLocked(device);  // logged: the device opens all the same, as on CANN
      return OkStatus();
    }
    const auto& listed = command_->session.device_ids;
    if (listed.empty() ||
        std::find(listed.begin(), listed.end(), static_cast<uint32_t>(device->id())) != listed.end()) {
      return StartCollectingLocked(device);
    }
    return OkStatus();
  }
  // A device opened while a session runs joins it if the config lists it.
  const auto& ids = session_.config.device_ids;
  if (state_ == SessionState::kRunning &&
      std::find(ids.begin(), ids.end(), static_cast<uint32_t>(device->id())) != ids.end()) {
    return StartCollectingLocked(device);
  }
  return OkStatus();
}

void Profiler::OnDeviceLost(int32_t device_id) {
  // Subscriptions on a lost device flush what they have and close, so their
  // readers see EOF instead of waiting for records that will never come.
  if (subscriptions_->CloseDevice(static_cast<uint32_t>(device_id)) == 0) return;
  AfterSubscriptionEnded(static_cast<uint32_t>(device_id));
  Log(LogLevel::kError, "device " + std::to_string(device_id) + " lost: its subscriptions were flushed and closed");
}

// -------------------------------------------------------- subscriptions

StatusOr<Profiler::SubscribeTarget> Profiler::FindSubscribeTarget(uint32_t model_id) const {
  SubscribeTarget target;
  if (ModelRef model = models_->FindModelOrInstance(model_id)) {
    target.device = model->device;
    target.ops = model->ops;
    return target;
  }
  auto registered = registered_models_.find(model_id);
  if (registered == registered_models_.end()) {
    return Status(Detail::kModelNotLoaded, "model id " + std::to_string(model_id) + " is not loaded");
  }
  target.device = devices_->FindOpen(static_cast<int32_t>(registered->second));
  if (target.device == nullptr) {
    return Status(StatusCode::kFailedPrecondition, "model id " + std::to_string(model_id) +
                                                       " is registered on device " +
                                                       std::to_string(registered->second) + ", which is not open");
  }
  // Registered without a load: no op of it ever completes, so no record.
  target.ops = std::make_shared<const prof::OpTable>();
  return target;
}

Status Profiler::Subscribe(uint32_t model_id, const prof::SubscribeConfig* config) {
  std::lock_guard<std::mutex> lock(mu_);
  ACLSIM_ASSIGN_OR_RETURN(SubscribeTarget target, FindSubscribeTarget(model_id));
  if (config == nullptr) return Status(StatusCode::kInvalidArgument, "subscribe config is NULL");
  bool proceed = false;
  ACLSIM_RETURN_IF_ERROR(Enter(state_, SessionEvent::kSubscribe, &proceed));
  prof::SubscribedModel sub;
  sub.model_id = model_id;
  sub.device_id = static_cast<uint32_t>(target.device->id());
  sub.ops = std::move(target.ops);
  std::lock_guard<std::mutex> sinks(sink_mu_);
  bool first_on_device = false;
  ACLSIM_RETURN_IF_ERROR(subscriptions_->Subscribe(std::move(sub), *config, &first_on_device));
  devices_->AddSink(target.device, subscriptions_.get());  // idempotent
  state_ = prof::Lookup(state_, SessionEvent::kSubscribe).to;
  return OkStatus();
}

Status Profiler::SubscribeThreadOps(uint32_t device_id, uint32_t thread_id, const prof::SubscribeConfig* config) {
  if (config == nullptr) return Status(StatusCode::kInvalidArgument, "subscribe config is NULL");
  std::lock_guard<std::mutex> lock(mu_);
  DeviceState* device = devices_->FindOpen(static_cast<int32_t>(device_id));
  if (device == nullptr) {
    return Status(StatusCode::kFailedPrecondition,
                  "device " + std::to_string(device_id) + " is not open in this process (aclrtSetDevice it first)");
  }
  bool proceed = false;
  ACLSIM_RETURN_IF_ERROR(Enter(state_, SessionEvent::kSubscribe, &proceed));
  std::lock_guard<std::mutex> sinks(sink_mu_);
  bool first_on_device = false;
  ACLSIM_RETURN_IF_ERROR(subscriptions_->SubscribeThread(thread_id, device_id, *config, &first_on_device));
  devices_->AddSink(device, subscriptions_.get());  // idempotent
  state_ = prof::Lookup(state_, SessionEvent::kSubscribe).to;
  return OkStatus();
}

Status Profiler::UnsubscribeThreadOps(uint32_t device_id, uint32_t thread_id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    bool proceed = false;
    ACLSIM_RETURN_IF_ERROR(Enter(state_, SessionEvent::kUnsubscribe, &proceed));
  }
  // Flushing may wait for the reader, so it runs without the profiler lock.
  bool device_idle = false;
  ACLSIM_RETURN_IF_ERROR(subscriptions_->UnsubscribeThread(thread_id, device_id, &device_idle));
  AfterSubscriptionEnded(device_id);
  return OkStatus();
}

Status Profiler::RegisterModelDevice(uint32_t model_id, uint32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  registered_models_[model_id] = device_id;
  return OkStatus();
}

Status Profiler::UnregisterModelDevice(uint32_t model_id, uint32_t device_id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = registered_models_.find(model_id);
  if (it == registered_models_.end() || it->second != device_id) {
    return Status(StatusCode::kNotFound,
                  "model id " + std::to_string(model_id) + " is not registered on device " + std::to_string(device_id));
  }
  registered_models_.erase(it);
  return OkStatus();
}

Status Profiler::Unsubscribe(uint32_t model_id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!models_->FindModelOrInstance(model_id) && registered_models_.count(model_id) == 0) {
      return Status(Detail::kModelNotLoaded, "model id " + std::to_string(model_id) + " is not loaded");
    }
    bool proceed = false;
    ACLSIM_RETURN_IF_ERROR(Enter(state_, SessionEvent::kUnsubscribe, &proceed));
  }
  // Flushing may wait for the reader, so it runs without the profiler lock.
  bool device_idle = false;
  uint32_t device_id = 0;
  ACLSIM_RETURN_IF_ERROR(subscriptions_->Unsubscribe(model_id, &device_idle, &device_id));
  AfterSubscriptionEnded(device_id);
  return OkStatus();
}

void Profiler::EndForUnload(uint32_t model_id) {
  bool device_idle = false;
  uint32_t device_id = 0;
  if (subscriptions_->EndForUnload(model_id, &device_idle, &device_id)) AfterSubscriptionEnded(device_id);
}

void Profiler::AfterSubscriptionEnded(uint32_t device_id) {
  {
    // Decided afresh under sink_mu_ (not from the manager's flag of a moment
    // ago): a subscription made meanwhile on the same device keeps the sink.
    std::lock_guard<std::mutex> sinks(sink_mu_);
    DeviceState* device = devices_->FindOpen(static_cast<int32_t>(device_id));
    if (device != nullptr && !subscriptions_->HasActiveOnDevice(device_id)) {
      devices_->RemoveSink(device, subscriptions_.get());
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (!subscriptions_->HasActive()) state_ = prof::Lookup(state_, SessionEvent::kSubscriptionsEnd).to;
}

StatusOr<prof::SubscriptionStats> Profiler::GetSubscriptionStats(uint32_t model_id) const {
  return subscriptions_->Stats(model_id);
}

// ------------------------------------------------------------- sessions

Status Profiler::Init(std::string_view path, bool dynamic_mode) {
  if (dynamic_mode) {
    return Status(Detail::kFeatureUnsupported, "aclprofInit: PROFILING_MODE=dynamic is not supported");
  }
  std::lock_guard<std::mutex> lock(mu_);
  bool proceed = false;
  ACLSIM_RETURN_IF_ERROR(Enter(state_, SessionEvent::kInit, &proceed));
  ACLSIM_ASSIGN_OR_RETURN(session_.init_path, prof::NormalizeResultPath(path));
  state_ = SessionState::kInitialized;
  return OkStatus();
}

Status Profiler::SetConfig(int32_t type, std::string_view value) {
  ACLSIM_RETURN_IF_ERROR(prof::ValidateSetConfigValue(type, value));
  std::lock_guard<std::mutex> lock(mu_);
  session_.set_config[type] = std::string(value);
  return OkStatus();
}

Status Profiler::Start(const prof::SessionConfig* config) {
  prof::SessionConfig defaults;
  std::lock_guard<std::mutex> lock(mu_);
  if (config == nullptr) {
    // HEAD 9.0+: NULL means every active device with the default data types.
    for (const DeviceState* dev : devices_->OpenDevices()) defaults.device_ids.push_back(dev->id());
    defaults.device_ids.push_back(prof::kHostDeviceId);
    defaults.requested_data_types = prof::kAclApi | prof::kTaskTime | prof::kMsproftx;
    defaults.data_type_config = prof::RewriteDataTypeConfig(defaults.requested_data_types);
    config = &defaults;
  }
  ACLSIM_RETURN_IF_ERROR(prof::CheckSessionConfig(*config));
  const bool same = state_ == SessionState::kRunning && config->data_type_config == session_.config.data_type_config;
  bool proceed = false;
  ACLSIM_RETURN_IF_ERROR(Enter(state_, same ? SessionEvent::kStartSameConfig : SessionEvent::kStart, &proceed));
  if (!proceed) return OkStatus();
  return StartLocked(*config);
}

Status Profiler::StartLocked(const prof::SessionConfig& config) {
  const auto path_config = session_.set_config.find(vendor::kProfConfigPath);
  const bool has_path = path_config != session_.set_config.end();
  if (state_ == SessionState::kIdle) {  // HEAD: Start initialises on its own
    ACLSIM_ASSIGN_OR_RETURN(session_.init_path, prof::NormalizeResultPath(has_path ? path_config->second : "./"));
    state_ = SessionState::kInitialized;
  }
  std::string base = session_.init_path;
  if (has_path) {
    ACLSIM_ASSIGN_OR_RETURN(base, prof::NormalizeResultPath(path_config->second));
  }
  ACLSIM_RETURN_IF_ERROR(prof::MakeDirectories(base));
  ACLSIM_ASSIGN_OR_RETURN(prof::SessionWriter writer, prof::SessionWriter::Create(base, g_start_count.fetch_add(1)));

  state_ = SessionState::kRunning;
  session_.config = config;
  session_.collected.clear();
  session_.clock_sync.clear();
  session_.host_start_ns = clock_.NowNs();
  session_.last_job_dir = writer.job_dir();
  session_.writer = std::move(writer);
  (void)collector_->Take();
  for (uint32_t id : config.device_ids) {
    DeviceState* device = devices_->FindOpen(static_cast<int32_t>(id));
    if (device != nullptr) ACLSIM_RETURN_IF_ERROR(StartCollectingLocked(device));
  }
  if (config.data_type_config & prof::kMsproftx) {
    tx_->Enable();
    tx_->Collect(true);
  }
  {
    std::lock_guard<std::mutex> api_lock(api_mu_);
    api_records_.clear();
  }
  g_api_trace_on.store((config.data_type_config & prof::kAclApi) != 0);
  Log(LogLevel::kInfo, "profiling session started: " + session_.writer->job_dir());
  return session_.writer->WriteSample(config, session_.set_config);
}

Status Profiler::StartCollectingLocked(DeviceState* device) {
  const uint32_t id = static_cast<uint32_t>(device->id());
  if (std::find(session_.collected.begin(), session_.collected.end(), id) != session_.collected.end()) {
    return OkStatus();
  }
  session_.collected.push_back(id);
  prof::ClockSync sync;
  sync.device_id = id;
  sync.device_start_ns = device->device().Now();
  sync.host_start_ns = clock_.SyncPointNs(sync.device_start_ns);
  session_.clock_sync.push_back(sync);
  devices_->AddSink(device, collector_.get());
  return session_.writer->AddDevice(id);
}

Profiler::Stopped Profiler::StopLocked() {
  g_api_trace_on.store(false);
  DetachCollectorLocked();
  tx_->Collect(false);
  Stopped stopped;
  FillStopped(&stopped.data);
  stopped.writer = std::move(session_.writer);
  session_.writer.reset();
  session_.collected.clear();
  session_.clock_sync.clear();
  return stopped;
}

void Profiler::DetachCollectorLocked() {
  for (uint32_t id : session_.collected) {
    DeviceState* device = devices_->FindOpen(static_cast<int32_t>(id));
    if (device == nullptr) continue;
    (void)device->device().SynchronizeDevice();  // work already submitted is collected, not lost
    devices_->RemoveSink(device, collector_.get());
  }
}

void Profiler::FillStopped(prof::SessionData* out) {
  prof::FillProcessFacts(out);
  out->data_type_config = session_.config.requested_data_types;
  out->aicore_metrics = session_.config.aicore_metrics;
  std::vector<uint32_t> ids = session_.collected;
  std::sort(ids.begin(), ids.end());
  for (uint32_t id : ids) {
    const auto& info = devices_->FindOpen(static_cast<int32_t>(id))->device().info();
    out->devices.push_back({id, info.soc_name, info.ai_core_count, info.vector_core_count});
  }
  out->clock_sync = session_.clock_sync;
  out->host_start_ns = session_.host_start_ns;
  out->host_end_ns = clock_.NowNs();
  out->epoch_offset_ns = epoch_offset_ns_;
  out->tasks = collector_->Take();
  NormaliseStepTags(&out->tasks);
  out->tx = tx_->TakeRecords();
  LinkTxMarkers(out->tasks, &out->tx);
  std::lock_guard<std::mutex> api_lock(api_mu_);
  out->apis.swap(api_records_);
}

Status Profiler::Write(Stopped stopped) {
  // Written without the profiler lock: |stopped| is the caller's own, and the
  // OpInfo entries it points to live as long as the model registry.
  if (!stopped.writer) return OkStatus();
  return stopped.writer->WriteResults(stopped.data);
}

Status Profiler::Stop(const prof::SessionConfig* config) {
  Stopped stopped;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const Status input = config != nullptr ? prof::CheckSessionConfig(*config) : OkStatus();
    SessionEvent event = SessionEvent::kStop;
    if (!input.ok()) {
      event = SessionEvent::kStopBadConfig;
    } else if (state_ == SessionState::kRunning && config != nullptr &&
               config->data_type_config != session_.config.data_type_config) {
      event = SessionEvent::kStopOtherConfig;
    }
    bool proceed = false;
    ACLSIM_RETURN_IF_ERROR(Enter(state_, event, &proceed, input));
    if (!proceed) return OkStatus();
    stopped = StopLocked();
    state_ = prof::Lookup(state_, event).to;
  }
  Log(LogLevel::kInfo, "profiling session stopped: " + stopped.writer->job_dir());
  return Write(std::move(stopped));
}

Status Profiler::Warmup(const prof::SessionConfig* config) {
  if (config == nullptr) return Status(StatusCode::kInvalidArgument, "aclprofWarmup: config is NULL");
  ACLSIM_RETURN_IF_ERROR(prof::CheckSessionConfig(*config));
  std::lock_guard<std::mutex> lock(mu_);
  bool proceed = false;
  ACLSIM_RETURN_IF_ERROR(Enter(state_, SessionEvent::kWarmup, &proceed));
  state_ = SessionState::kWarm;
  session_.config = *config;
  return OkStatus();
}

Status Profiler::Finalize() {
  Stopped stopped;
  {
    std::lock_guard<std::mutex> lock(mu_);
    bool proceed = false;
    ACLSIM_RETURN_IF_ERROR(Enter(state_, SessionEvent::kFinalize, &proceed));
    if (!proceed) return OkStatus();
    if (state_ == SessionState::kRunning) stopped = StopLocked();
    tx_->Teardown();
    state_ = SessionState::kIdle;
  }
  return Write(std::move(stopped));
}

std::string Profiler::LastProfDirectory() const {
  std::lock_guard<std::mutex> lock(mu_);
  return session_.last_job_dir;
}

Status Profiler::StepMarker(Stream* stream, uint64_t index_id, uint32_t tag) {
  const int64_t ready = clock_.ReadyNs(clock_.costs().marker_ns);
  auto task = devices_->SubmitMarker(stream, index_id, tag, ready);
  return task.ok() ? OkStatus() : task.status();
}

void Profiler::OnModelLoaded(uint32_t model_id, prof::OpTableRef ops) {
  subscriptions_->RegisterModel(model_id, ops);
  collector_->RegisterModel(model_id, std::move(ops));
}

// ---------------------------------------------------------------- trace

Status Profiler::StartTrace(size_t capacity) {
  std::lock_guard<std::mutex> lock(mu_);
  if (trace_) return Status(Detail::kAlreadyInitialized, "tracing is already on");
  trace_ = std::make_unique<TaskTrace>(capacity);
  for (DeviceState* device : devices_->OpenDevices()) devices_->AddSink(device, trace_.get());
  return OkStatus();
}

Status Profiler::StopTrace() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!trace_) return Status(StatusCode::kInvalidArgument, "tracing is not on");
  for (DeviceState* device : devices_->OpenDevices()) devices_->RemoveSink(device, trace_.get());
  stopped_trace_ = std::move(trace_);  // records stay readable until the next StartTrace
  return OkStatus();
}

std::vector<TraceEntry> Profiler::TraceSnapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<TraceEntry> out;
  const TaskTrace* trace = trace_ ? trace_.get() : stopped_trace_.get();
  if (trace == nullptr) return out;
  for (const auto& rec : trace->Snapshot()) {
    TraceEntry entry{rec, {}, {}};
    if (rec.kind == device::TaskKind::kOp) {
      ModelRef model = models_->FindTag(rec.model_tag);
      if (model && rec.op_index < model->ops->size()) {
        const prof::OpStrings* op = (*model->ops)[rec.op_index].strings;
        entry.op_name = op->name;
        entry.op_type = op->type;
      }
    }
    out.push_back(std::move(entry));
  }
  return out;
}

uint64_t Profiler::TraceDropped() const {
  std::lock_guard<std::mutex> lock(mu_);
  const TaskTrace* trace = trace_ ? trace_.get() : stopped_trace_.get();
  return trace ? trace->dropped() : 0;
}

// ------------------------------------------------------------ API timing

bool Profiler::ApiTraceOn() { return g_api_trace_on.load(std::memory_order_relaxed); }

bool Profiler::HostModelOn() { return g_host_models.load(std::memory_order_relaxed) > 0; }

void Profiler::RecordApi(prof::ApiRecord record) noexcept {
  if (!ApiTraceOn()) return;
  std::lock_guard<std::mutex> lock(api_mu_);
  try {
    api_records_.push_back(std::move(record));
  } catch (const std::bad_alloc&) {
    // Runs in the edge's scope destructors, where nothing may throw: the
    // record is counted as lost instead.
    ++api_records_lost_;
  }
}

void Profiler::SetApiTypeName(uint16_t level, uint32_t type, std::string name) {
  std::lock_guard<std::mutex> lock(api_mu_);
  api_type_names_[{level, type}] = std::move(name);
}

std::string Profiler::ApiTypeName(uint16_t level, uint32_t type) const {
  std::lock_guard<std::mutex> lock(api_mu_);
  auto it = api_type_names_.find({level, type});
  if (it != api_type_names_.end()) return it->second;
  char name[32];
  std::snprintf(name, sizeof(name), "type_0x%x", type);
  return name;
}

uint64_t Profiler::ApiRecordsLost() const {
  std::lock_guard<std::mutex> lock(api_mu_);
  return api_records_lost_;
}

}  // namespace aclsim::runtime
