// Interruptible host waits of a device (ClockMode::kRealtime pacing).
//
// A device that paces synchronisation by the host clock sleeps on the
// calling thread. A host that must be able to end such a sleep early — the
// device server, when a client disconnects or the server stops — installs a
// WaitInterrupt on the thread that calls the device (ScopedWaitInterrupt);
// the device sleeps with SleepUntilOrInterrupted(), which returns early once
// that interrupt fires (Interrupt() from any thread, or its |poll| function
// reporting true, checked every |poll_period|). Without an installed
// interrupt it is a plain sleep.
//
// Thread safety: Interrupt() and interrupted() from any thread; a
// WaitInterrupt outlives its ScopedWaitInterrupt.
#ifndef ACLSIM_RUNTIME_DEVICE_WAIT_INTERRUPT_H_
#define ACLSIM_RUNTIME_DEVICE_WAIT_INTERRUPT_H_

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>

namespace aclsim::device {

class WaitInterrupt {
 public:
  // |poll| (may be empty) returns a non-empty reason to interrupt; called
  // by the sleeping thread only.
  explicit WaitInterrupt(std::function<std::string()> poll = {},
                         std::chrono::milliseconds poll_period = std::chrono::milliseconds(20));
  WaitInterrupt(const WaitInterrupt&) = delete;
  WaitInterrupt& operator=(const WaitInterrupt&) = delete;

  // Ends the current and every later sleep of this interrupt at once.
  void Interrupt(const std::string& reason);
  bool interrupted() const;
  std::string reason() const;

  // Sleeps until |deadline|; false (and |*reason| set) when interrupted.
  bool SleepUntil(std::chrono::steady_clock::time_point deadline, std::string* reason);

 private:
  const std::function<std::string()> poll_;
  const std::chrono::milliseconds poll_period_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::string reason_;  // non-empty once interrupted
};

// Installs |interrupt| for the calling thread for this object's lifetime.
class ScopedWaitInterrupt {
 public:
  explicit ScopedWaitInterrupt(WaitInterrupt* interrupt);
  ~ScopedWaitInterrupt();
  ScopedWaitInterrupt(const ScopedWaitInterrupt&) = delete;
  ScopedWaitInterrupt& operator=(const ScopedWaitInterrupt&) = delete;

 private:
  WaitInterrupt* previous_;
};

// Sleeps until |deadline| unless the calling thread's installed interrupt
// fires first (or has fired): then returns false with |*reason| set.
bool SleepUntilOrInterrupted(std::chrono::steady_clock::time_point deadline, std::string* reason);

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_WAIT_INTERRUPT_H_
