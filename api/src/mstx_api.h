// The recording side of mstx inside libascendcl.so (mstx_bridge.cc), used
// by the tool side (mstx_tool.cc: InitInjectionMstx and the functions it
// places in a program's mstx tables). Markers are recorded by domain name
// into the runtime's profiling session and MSPTI's MARKER records.
#ifndef ACLSIM_API_SRC_MSTX_API_H_
#define ACLSIM_API_SRC_MSTX_API_H_

#include <cstdint>

namespace aclsim::api::mstx {

// True while a collection records mstx events (a session with msproftx
// data, or MSPTI's MARKER kind); every other call may be skipped while it
// is false. Lock-free, callable from any thread.
bool Active() noexcept;
void Mark(const char* domain, const char* message, void* stream) noexcept;
uint64_t RangeStart(const char* domain, const char* message, void* stream) noexcept;
void RangeEnd(const char* domain, uint64_t id) noexcept;
// Writes a warning line to the runtime's log.
void Warn(const char* message) noexcept;

}  // namespace aclsim::api::mstx

#endif  // ACLSIM_API_SRC_MSTX_API_H_
