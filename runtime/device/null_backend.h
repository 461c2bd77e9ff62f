// The null backend: a backend with no devices that accepts nothing.
//
// It is the template for writing a new backend (the smallest complete
// implementation of the interface) and what the conformance suite uses to
// prove it skips cleanly when no device exists. Every device-level call
// fails with kNoDevice and a message naming the backend.
#ifndef ACLSIM_RUNTIME_DEVICE_NULL_BACKEND_H_
#define ACLSIM_RUNTIME_DEVICE_NULL_BACKEND_H_

#include <memory>

#include "runtime/device/backend.h"

namespace aclsim::device {

std::unique_ptr<Backend> CreateNullBackend();

}  // namespace aclsim::device

#endif  // ACLSIM_RUNTIME_DEVICE_NULL_BACKEND_H_
