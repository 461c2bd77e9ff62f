// GoogleMock fakes of the pluggable device layer (runtime/device/backend.h).
//
// MockDevice and MockBackend mock every virtual of device::Device and
// device::Backend. A test owns its mocks (usually as NiceMock<...> on the
// stack) and hands the runtime *forwarding proxies* that borrow them, so the
// mocks outlive the Runtime and expectations are verified after the runtime's
// destructor has made its last device calls:
//
//   testing::NiceMock<aclsim::testing::MockBackend> backend;
//   testing::NiceMock<aclsim::testing::MockDevice> dev0;
//   aclsim::device::BackendRegistry registry;
//   aclsim::testing::RegisterMockBackend(registry, "mock", &backend, {&dev0});
//   EXPECT_CALL(backend, OpenDevice(0u)).Times(1);   // default action still serves dev0
//
// MockDevice installs default actions (ON_CALL) so that a NiceMock behaves
// like a trivial, always-succeeding device: ids count up from 1, Status calls
// return OK, QueryEvent reports a never-recorded event, Now() is 0.
// Thread safety: as GoogleMock (mock calls may come from any thread).
#ifndef ACLSIM_TESTS_TESTING_MOCK_DEVICE_H_
#define ACLSIM_TESTS_TESTING_MOCK_DEVICE_H_

#include <gmock/gmock.h>

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/device/backend.h"

namespace aclsim::testing {

class MockDevice : public device::Device {
 public:
  MockDevice() {
    using ::testing::_;
    using ::testing::Invoke;
    using ::testing::Return;
    using ::testing::ReturnRef;
    info_value.profile_name = "MockProfile";
    info_value.soc_name = "MockSoc";
    info_value.memory_bytes = 1 << 20;
    info_value.ai_core_count = 4;
    info_value.vector_core_count = 8;
    info_value.aicpu_count = 2;
    ON_CALL(*this, info()).WillByDefault(ReturnRef(info_value));
    ON_CALL(*this, CreateStream()).WillByDefault(Invoke([this]() -> StatusOr<device::StreamId> {
      return next_stream_id_.fetch_add(1);
    }));
    ON_CALL(*this, CreateEvent()).WillByDefault(Invoke([this]() -> StatusOr<device::EventId> {
      return next_event_id_.fetch_add(1);
    }));
    ON_CALL(*this, LoadGraph(_)).WillByDefault(Invoke([this](const model::Graph&) -> StatusOr<device::ExecutableId> {
      return next_exe_id_.fetch_add(1);
    }));
    ON_CALL(*this, GetGraphCosts(_))
        .WillByDefault(Return(StatusOr<std::vector<device::OpCost>>(std::vector<device::OpCost>{})));
    ON_CALL(*this, SubmitGraph(_, _, _))
        .WillByDefault(Invoke([this](device::StreamId, device::ExecutableId, const device::LaunchInfo&)
                                  -> StatusOr<device::TaskId> { return next_task_id_.fetch_add(1); }));
    ON_CALL(*this, SubmitMarker(_, _))
        .WillByDefault(Invoke([this](device::StreamId, const device::MarkerInfo&) -> StatusOr<device::TaskId> {
          return next_task_id_.fetch_add(1);
        }));
    ON_CALL(*this, QueryStream(_)).WillByDefault(Return(StatusOr<bool>(true)));
    ON_CALL(*this, QueryEvent(_)).WillByDefault(Return(StatusOr<device::EventState>(device::EventState{})));
    ON_CALL(*this, Now()).WillByDefault(Return(device::VirtualTimeNs{0}));
  }

  MOCK_METHOD(const device::DeviceInfo&, info, (), (const, override));
  MOCK_METHOD(StatusOr<device::StreamId>, CreateStream, (), (override));
  MOCK_METHOD(Status, DestroyStream, (device::StreamId stream), (override));
  MOCK_METHOD(StatusOr<device::EventId>, CreateEvent, (), (override));
  MOCK_METHOD(Status, DestroyEvent, (device::EventId event), (override));
  MOCK_METHOD(StatusOr<device::ExecutableId>, LoadGraph, (const model::Graph& graph), (override));
  MOCK_METHOD(Status, UnloadGraph, (device::ExecutableId exe), (override));
  MOCK_METHOD(StatusOr<std::vector<device::OpCost>>, GetGraphCosts, (device::ExecutableId exe), (override));
  MOCK_METHOD(StatusOr<device::TaskId>, SubmitGraph,
              (device::StreamId stream, device::ExecutableId exe, const device::LaunchInfo& launch), (override));
  MOCK_METHOD(StatusOr<device::TaskId>, SubmitMarker, (device::StreamId stream, const device::MarkerInfo& marker),
              (override));
  MOCK_METHOD(Status, SubmitEventRecord, (device::StreamId stream, device::EventId event), (override));
  MOCK_METHOD(Status, SubmitEventWait, (device::StreamId stream, device::EventId event), (override));
  MOCK_METHOD(Status, SynchronizeStream, (device::StreamId stream), (override));
  MOCK_METHOD(StatusOr<bool>, QueryStream, (device::StreamId stream), (override));
  MOCK_METHOD(Status, SynchronizeEvent, (device::EventId event), (override));
  MOCK_METHOD(StatusOr<device::EventState>, QueryEvent, (device::EventId event), (override));
  MOCK_METHOD(Status, SynchronizeDevice, (), (override));
  MOCK_METHOD(device::VirtualTimeNs, Now, (), (override));
  MOCK_METHOD(void, SetCompletionSink, (device::CompletionSink * sink), (override));

  // What info() returns by default; tests may edit it before the device is opened.
  device::DeviceInfo info_value;

 private:
  std::atomic<uint64_t> next_stream_id_{1};
  std::atomic<uint64_t> next_event_id_{1};
  std::atomic<uint64_t> next_exe_id_{1};
  std::atomic<uint64_t> next_task_id_{1};
};

class MockBackend : public device::Backend {
 public:
  MockBackend() {
    ON_CALL(*this, name()).WillByDefault(::testing::Return(std::string_view("mock")));
    ON_CALL(*this, DeviceCount()).WillByDefault(::testing::Return(0u));
    ON_CALL(*this, OpenDevice(::testing::_))
        .WillByDefault(::testing::Invoke([](uint32_t id) -> StatusOr<std::unique_ptr<device::Device>> {
          return Status(Detail::kNoDevice, "mock backend has no device " + std::to_string(id));
        }));
  }

  MOCK_METHOD(std::string_view, name, (), (const, override));
  MOCK_METHOD(uint32_t, DeviceCount, (), (const, override));
  MOCK_METHOD(StatusOr<std::unique_ptr<device::Device>>, OpenDevice, (uint32_t device_id), (override));
};

// A Device that forwards every call to a borrowed |target| (which must
// outlive it). Lets the runtime own "its" device while the test owns the mock.
class ForwardingDevice final : public device::Device {
 public:
  explicit ForwardingDevice(device::Device* target) : target_(target) {}
  const device::DeviceInfo& info() const override { return target_->info(); }
  StatusOr<device::StreamId> CreateStream() override { return target_->CreateStream(); }
  Status DestroyStream(device::StreamId s) override { return target_->DestroyStream(s); }
  StatusOr<device::EventId> CreateEvent() override { return target_->CreateEvent(); }
  Status DestroyEvent(device::EventId e) override { return target_->DestroyEvent(e); }
  StatusOr<device::ExecutableId> LoadGraph(const model::Graph& g) override { return target_->LoadGraph(g); }
  Status UnloadGraph(device::ExecutableId x) override { return target_->UnloadGraph(x); }
  StatusOr<std::vector<device::OpCost>> GetGraphCosts(device::ExecutableId x) override {
    return target_->GetGraphCosts(x);
  }
  StatusOr<device::TaskId> SubmitGraph(device::StreamId s, device::ExecutableId x,
                                       const device::LaunchInfo& l) override {
    return target_->SubmitGraph(s, x, l);
  }
  StatusOr<device::TaskId> SubmitMarker(device::StreamId s, const device::MarkerInfo& m) override {
    return target_->SubmitMarker(s, m);
  }
  Status SubmitEventRecord(device::StreamId s, device::EventId e) override { return target_->SubmitEventRecord(s, e); }
  Status SubmitEventWait(device::StreamId s, device::EventId e) override { return target_->SubmitEventWait(s, e); }
  Status SynchronizeStream(device::StreamId s) override { return target_->SynchronizeStream(s); }
  StatusOr<bool> QueryStream(device::StreamId s) override { return target_->QueryStream(s); }
  Status SynchronizeEvent(device::EventId e) override { return target_->SynchronizeEvent(e); }
  StatusOr<device::EventState> QueryEvent(device::EventId e) override { return target_->QueryEvent(e); }
  Status SynchronizeDevice() override { return target_->SynchronizeDevice(); }
  device::VirtualTimeNs Now() override { return target_->Now(); }
  void SetCompletionSink(device::CompletionSink* sink) override { target_->SetCompletionSink(sink); }

 private:
  device::Device* const target_;  // borrowed
};

// A Backend that forwards to a borrowed |target| (which must outlive it).
class ForwardingBackend final : public device::Backend {
 public:
  explicit ForwardingBackend(device::Backend* target) : target_(target) {}
  std::string_view name() const override { return target_->name(); }
  uint32_t DeviceCount() const override { return target_->DeviceCount(); }
  StatusOr<std::unique_ptr<device::Device>> OpenDevice(uint32_t id) override { return target_->OpenDevice(id); }
  device::ClockMode clock_mode() const override { return target_->clock_mode(); }
  device::DeliveryFaults delivery_faults() const override { return target_->delivery_faults(); }
  Status CheckFeature(std::string_view feature) const override { return target_->CheckFeature(feature); }

 private:
  device::Backend* const target_;  // borrowed
};

// Makes |backend| report |devices.size()| devices and hand out, on
// OpenDevice(i), a ForwardingDevice borrowing devices[i]. The devices are
// borrowed and must outlive every device the backend hands out.
inline void ServeDevices(MockBackend* backend, std::vector<MockDevice*> devices) {
  const auto count = static_cast<uint32_t>(devices.size());
  ON_CALL(*backend, DeviceCount()).WillByDefault(::testing::Return(count));
  ON_CALL(*backend, OpenDevice(::testing::_))
      .WillByDefault(::testing::Invoke([devices](uint32_t id) -> StatusOr<std::unique_ptr<device::Device>> {
        if (id >= devices.size()) {
          return Status(Detail::kInvalidDeviceId, "mock backend has no device " + std::to_string(id));
        }
        return std::unique_ptr<device::Device>(new ForwardingDevice(devices[id]));
      }));
}

// A BackendFactory that returns a ForwardingBackend borrowing |backend|.
inline device::BackendFactory MockBackendFactory(device::Backend* backend) {
  return [backend](const nlohmann::json&) -> StatusOr<std::unique_ptr<device::Backend>> {
    return std::unique_ptr<device::Backend>(new ForwardingBackend(backend));
  };
}

// Registers |name| in |registry| as a backend forwarding to |backend|, which
// serves |devices| (see ServeDevices). Everything passed is borrowed.
inline void RegisterMockBackend(device::BackendRegistry& registry, std::string name, MockBackend* backend,
                                std::vector<MockDevice*> devices) {
  ServeDevices(backend, std::move(devices));
  registry.Register(std::move(name), MockBackendFactory(backend));
}

}  // namespace aclsim::testing

#endif  // ACLSIM_TESTS_TESTING_MOCK_DEVICE_H_
