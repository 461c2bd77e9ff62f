#include "runtime/device/wait_interrupt.h"

#include <algorithm>
#include <thread>
#include <utility>

namespace aclsim::device {

namespace {
thread_local WaitInterrupt* t_interrupt = nullptr;
}  // namespace

WaitInterrupt::WaitInterrupt(std::function<std::string()> poll, std::chrono::milliseconds poll_period)
    : poll_(std::move(poll)), poll_period_(std::max(poll_period, std::chrono::milliseconds(1))) {}

void WaitInterrupt::Interrupt(const std::string& reason) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (reason_.empty()) reason_ = reason.empty() ? "interrupted" : reason;
  }
  cv_.notify_all();
}

bool WaitInterrupt::interrupted() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !reason_.empty();
}

std::string WaitInterrupt::reason() const {
  std::lock_guard<std::mutex> lock(mu_);
  return reason_;
}

bool WaitInterrupt::SleepUntil(std::chrono::steady_clock::time_point deadline, std::string* reason) {
  std::unique_lock<std::mutex> lock(mu_);
  while (reason_.empty()) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return true;
    const auto slice = poll_ ? std::min(deadline, now + poll_period_) : deadline;
    cv_.wait_until(lock, slice, [this] { return !reason_.empty(); });
    if (reason_.empty() && poll_) {
      lock.unlock();
      std::string why = poll_();
      lock.lock();
      if (!why.empty() && reason_.empty()) reason_ = why;
    }
  }
  if (reason != nullptr) *reason = reason_;
  return false;
}

ScopedWaitInterrupt::ScopedWaitInterrupt(WaitInterrupt* interrupt) : previous_(t_interrupt) { t_interrupt = interrupt; }

ScopedWaitInterrupt::~ScopedWaitInterrupt() { t_interrupt = previous_; }

bool SleepUntilOrInterrupted(std::chrono::steady_clock::time_point deadline, std::string* reason) {
  if (t_interrupt == nullptr) {
    std::this_thread::sleep_until(deadline);
    return true;
  }
  return t_interrupt->SleepUntil(deadline, reason);
}

}  // namespace aclsim::device
