#include "runtime/ipc_events.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include "runtime/gated_device.h"
#include "runtime/shared_file.h"

namespace aclsim::runtime {

// The state after the memory file's header page. Every field is read and
// written with atomic builtins: other processes map the same bytes.
struct IpcEvents::State {
  uint64_t recorded;               // records made so far, by every process
  uint64_t slots[kIpcEventSlots];  // slot n % kIpcEventSlots: n once record n reached its device
};

namespace {

constexpr char kHandleMagic[8] = {'A', 'C', 'L', 'S', 'I', 'M', 'E', 'V'};

// The handle's bytes: the magic, then where the state lives.
struct HandleBytes {
  char magic[8];
  int32_t pid;
  int32_t fd;
  uint64_t serial;
};
static_assert(sizeof(HandleBytes) <= kIpcEventHandleBytes, "the handle fits aclrtIpcEventHandle");

size_t FileBytes() { return SharedFileHeaderBytes() + sizeof(IpcEvents::State); }

uint64_t LoadSlot(const uint64_t* slot) { return __atomic_load_n(slot, __ATOMIC_ACQUIRE); }

// Slots only grow: a record that reaches its device after a later one that
// shares its slot does not undo it.
void StoreSlot(uint64_t* slot, uint64_t n) {
  uint64_t seen = LoadSlot(slot);
  while (seen < n && !__atomic_compare_exchange_n(slot, &seen, n, true, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
  }
}

Status MapFailed(const char* what) {
  return Status(StatusCode::kInternal, std::string(what) + " failed for an IPC event: " + std::strerror(errno));
}

}  // namespace

IpcEvents::State* IpcEvents::Entry::state() const {
  return reinterpret_cast<State*>(static_cast<char*>(mapping) + SharedFileHeaderBytes());
}

StatusOr<std::shared_ptr<IpcEvents::Entry>> IpcEvents::Find(Event* event) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = events_.find(event);
  if (it == events_.end()) return Status(StatusCode::kInvalidArgument, "the event is not an IPC event");
  return it->second;
}

namespace {

// An entry that unmaps its state and closes its file when the last user
// (the table, a queued stream operation) lets go.
std::shared_ptr<void> OwnMapping(void* mapping, size_t bytes, int fd) {
  return std::shared_ptr<void>(mapping, [bytes, fd](void* p) {
    ::munmap(p, bytes);
    if (fd >= 0) ::close(fd);
  });
}

}  // namespace

StatusOr<Event*> IpcEvents::NewEvent(const std::function<Status(Event*)>& attach) {
  ACLSIM_ASSIGN_OR_RETURN(DeviceState * device, devices_->CurrentDevice());
  ACLSIM_RETURN_IF_ERROR(CheckSupported(device->device().info().soc_name));
  ACLSIM_ASSIGN_OR_RETURN(Event * event, devices_->CreateEvent());
  Status attached = attach(event);
  if (!attached.ok()) {
    (void)devices_->DestroyEvent(event);
    return attached;
  }
  return event;
}

StatusOr<Event*> IpcEvents::CreateEvent() {
  return NewEvent([this](Event* event) { return Create(event); });
}

StatusOr<Event*> IpcEvents::OpenEvent(const IpcEventHandle& handle) {
  return NewEvent([this, &handle](Event* event) { return Open(handle, event); });
}

Status IpcEvents::Create(Event* event) {
  const int fd = ::memfd_create("aclsim-ipc-event", MFD_CLOEXEC);
  if (fd < 0) return MapFailed("memfd_create");
  if (::ftruncate(fd, static_cast<off_t>(FileBytes())) != 0) {
    const Status failed = MapFailed("ftruncate");
    ::close(fd);
    return failed;
  }
  uint64_t serial = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    serial = next_serial_++;
  }
  auto header = InitSharedFileHeader(fd, serial);
  if (!header.ok()) {
    ::close(fd);
    return header.status();
  }
  SetSharedFilePidCheck(*header, false);  // any process of the host may open the handle
  UnmapSharedFileHeader(*header);
  void* mapping = ::mmap(nullptr, FileBytes(), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (mapping == MAP_FAILED) {
    const Status failed = MapFailed("mmap");
    ::close(fd);
    return failed;
  }
  auto entry = std::make_shared<Entry>();
  entry->pid = static_cast<int32_t>(::getpid());
  entry->fd_in_creator = fd;
  entry->serial = serial;
  entry->mapping = mapping;
  entry->owner = OwnMapping(mapping, FileBytes(), fd);
  std::lock_guard<std::mutex> lock(mu_);
  events_[event] = std::move(entry);
  return OkStatus();
}

bool IpcEvents::IsIpc(Event* event) const {
  std::lock_guard<std::mutex> lock(mu_);
  return events_.count(event) != 0;
}

Status IpcEvents::Refuse(Event* event, const char* api) const {
  if (!IsIpc(event)) return OkStatus();
  return Status(StatusCode::kUnimplemented, std::string(api) + " does not take an IPC event (ACL_EVENT_IPC)");
}

Status IpcEvents::CheckSupported(const std::string& soc) {
  const auto starts = [&soc](const char* prefix) { return soc.rfind(prefix, 0) == 0; };
  if (starts("Ascend910B") || starts("Ascend910_93") || starts("Ascend950PR")) return OkStatus();
  return Status(StatusCode::kUnimplemented,
                "IPC events exist on the Atlas A2 and A3 lines and Ascend950PR, not on " + soc);
}

StatusOr<IpcEventHandle> IpcEvents::Export(Event* event) const {
  ACLSIM_ASSIGN_OR_RETURN(std::shared_ptr<Entry> entry, Find(event));
  // An opened event exports the handle it was opened with.
  HandleBytes h{};
  std::memcpy(h.magic, kHandleMagic, sizeof(kHandleMagic));
  h.pid = entry->pid;
  h.fd = entry->fd_in_creator;
  h.serial = entry->serial;
  IpcEventHandle out{};
  std::memcpy(out.data(), &h, sizeof(h));
  return out;
}

Status IpcEvents::Open(const IpcEventHandle& handle, Event* event) {
  HandleBytes h{};
  std::memcpy(&h, handle.data(), sizeof(h));
  if (std::memcmp(h.magic, kHandleMagic, sizeof(kHandleMagic)) != 0) {
    return Status(StatusCode::kInvalidArgument,
                  "the handle is not one aclrtIpcGetEventHandle returned (its first bytes are not aclsim's)");
  }
  ACLSIM_ASSIGN_OR_RETURN(int fd, OpenPeerSharedFile(h.pid, h.fd, h.serial, sizeof(State),
                                                     "the IPC event handle of process " + std::to_string(h.pid)));
  void* mapping = ::mmap(nullptr, FileBytes(), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  ::close(fd);  // the mapping keeps the file
  if (mapping == MAP_FAILED) return MapFailed("mmap");
  auto entry = std::make_shared<Entry>();
  entry->pid = h.pid;
  entry->fd_in_creator = h.fd;
  entry->serial = h.serial;
  entry->mapping = mapping;
  entry->owner = OwnMapping(mapping, FileBytes(), -1);
  std::lock_guard<std::mutex> lock(mu_);
  events_[event] = std::move(entry);
  return OkStatus();
}

void IpcEvents::Forget(Event* event) {
  std::shared_ptr<Entry> gone;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = events_.find(event);
  if (it == events_.end()) return;
  gone = std::move(it->second);
  events_.erase(it);
}

Status IpcEvents::Record(Event* event, Stream* stream) {
  ACLSIM_ASSIGN_OR_RETURN(std::shared_ptr<Entry> entry, Find(event));
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  State* s = entry->state();
  const uint64_t n = __atomic_add_fetch(&s->recorded, 1, __ATOMIC_ACQ_REL);
  uint64_t* slot = &s->slots[n % kIpcEventSlots];
  Status submitted =
      target.device->gated().ValueWrite(target.stream, reinterpret_cast<uintptr_t>(slot), n, [entry, slot, n] {
        StoreSlot(slot, n);
        return OkStatus();
      });
  // A record its stream refused is counted already: it completes at once,
  // so no wait in any process hangs on it.
  if (!submitted.ok()) StoreSlot(slot, n);
  return submitted;
}

Status IpcEvents::Wait(Stream* stream, Event* event) {
  ACLSIM_ASSIGN_OR_RETURN(std::shared_ptr<Entry> entry, Find(event));
  ACLSIM_ASSIGN_OR_RETURN(SubmitTarget target, devices_->ResolveTarget(stream));
  State* s = entry->state();
  const uint64_t n = __atomic_load_n(&s->recorded, __ATOMIC_ACQUIRE);
  if (n == 0) return OkStatus();  // never recorded: nothing to wait for (CANN's IpcEventWait)
  const uint64_t* slot = &s->slots[n % kIpcEventSlots];
  return target.device->gated().ValueWait(
      target.stream, reinterpret_cast<uintptr_t>(slot), n, ValueCompare::kGeq,
      [entry, slot]() -> StatusOr<uint64_t> { return LoadSlot(slot); },
      /*polled=*/true);
}

StatusOr<bool> IpcEvents::Complete(Event* event) {
  ACLSIM_ASSIGN_OR_RETURN(std::shared_ptr<Entry> entry, Find(event));
  State* s = entry->state();
  const uint64_t n = __atomic_load_n(&s->recorded, __ATOMIC_ACQUIRE);
  return n == 0 || LoadSlot(&s->slots[n % kIpcEventSlots]) >= n;
}

Status IpcEvents::Synchronize(Event* event, int32_t timeout_ms) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    ACLSIM_ASSIGN_OR_RETURN(bool done, Complete(event));
    if (done) return OkStatus();
    if (timeout_ms >= 0 && std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(timeout_ms)) {
      return Status(Detail::kEventNotComplete,
                    "the IPC event's latest record did not complete within " + std::to_string(timeout_ms) + " ms");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace aclsim::runtime
