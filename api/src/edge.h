// No exception crosses the C edge (DESIGN.md contract 11).
//
// Every extern "C" entry point of libascendcl.so is a function-try-block
// whose handler is one of the macros below, and every profiling entry point
// reaches its implementation through a noexcept wrapper (aclsim_ext.cc), so
// an exception thrown anywhere beneath — std::bad_alloc from a container,
// a standard-library or third-party exception — becomes an ACL error with a
// message for aclGetRecentErrMsg(): std::bad_alloc → ACL_ERROR_BAD_ALLOC
// (200000), anything else → ACL_ERROR_INTERNAL_ERROR (500000). Recording the
// message allocates nothing, so it cannot fail in turn.
//
// scripts/check/check_layers.py checks that every entry point uses them.
#ifndef ACLSIM_API_SRC_EDGE_H_
#define ACLSIM_API_SRC_EDGE_H_

#include <cstring>
#include <type_traits>

#include "acl/acl_base.h"

namespace aclsim::api {

// Call only from a catch handler: records the exception in flight against
// |function| and returns its ACL code.
aclError ExceptionAtEdge(const char* function) noexcept;

// For entry points that return something other than an aclError: records
// the exception and returns |failure()|, the entry point's own failure value
// (which may be void). An aclError entry point gets the exception's code.
template <typename T, typename F>
T FailureAtEdgeOr(const char* function, F failure) noexcept {
  const aclError code = ExceptionAtEdge(function);
  if constexpr (std::is_same_v<T, aclError>) {
    return code;
  } else {
    (void)code;
    return failure();
  }
}

// The same with a plain failure value.
template <typename T>
T FailureAtEdge(const char* function, T failure) noexcept {
  return FailureAtEdgeOr<T>(function, [&] { return failure; });
}

// The integer a C caller stored in an enum-typed field. C lets a program
// store any int there; reading the field as the C++ enum is undefined for a
// value outside the enumerators' range, so entry points validate the raw
// representation instead.
template <typename E>
std::underlying_type_t<E> RawEnum(const E& field) noexcept {
  static_assert(std::is_enum_v<E>);
  std::underlying_type_t<E> raw;
  std::memcpy(&raw, &field, sizeof(raw));
  return raw;
}

}  // namespace aclsim::api

// Handler of an aclError-returning entry point's function-try-block.
#define ACLSIM_EDGE_CATCH                            \
  catch (...) {                                      \
    return ::aclsim::api::ExceptionAtEdge(__func__); \
  }

// Handler of an entry point whose failure value is |failure|.
#define ACLSIM_EDGE_CATCH_RETURN(failure)                   \
  catch (...) {                                             \
    return ::aclsim::api::FailureAtEdge(__func__, failure); \
  }

// Handler of an entry point that returns nothing: the exception is recorded.
#define ACLSIM_EDGE_CATCH_VOID                      \
  catch (...) {                                     \
    (void)::aclsim::api::ExceptionAtEdge(__func__); \
  }

#endif  // ACLSIM_API_SRC_EDGE_H_
