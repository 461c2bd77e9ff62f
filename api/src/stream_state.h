// Stream state callbacks (aclrtRegStreamStateCallback): kept at the edge,
// called by the shims that create and destroy streams.
#ifndef ACLSIM_API_SRC_STREAM_STATE_H_
#define ACLSIM_API_SRC_STREAM_STATE_H_

#include "acl/acl_rt.h"

namespace aclsim::api {

// Calls every registered callback with (stream, state), in registration
// order, without any lock held. Never throws.
void NotifyStreamState(aclrtStream stream, aclrtStreamState state) noexcept;

}  // namespace aclsim::api

#endif  // ACLSIM_API_SRC_STREAM_STATE_H_
