# Shared compile settings applied to every aclsim target (warnings, sanitizers,
# validation switch), so no global flags are edited.

add_library(aclsim_build_flags INTERFACE)
target_compile_options(aclsim_build_flags INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor>
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra>)
if(ACLSIM_WERROR)
  target_compile_options(aclsim_build_flags INTERFACE -Werror)
endif()
if(ACLSIM_ENABLE_VALIDATION)
  target_compile_definitions(aclsim_build_flags INTERFACE ACLSIM_ENABLE_VALIDATION=1)
else()
  target_compile_definitions(aclsim_build_flags INTERFACE ACLSIM_ENABLE_VALIDATION=0)
endif()
if(ACLSIM_SANITIZER STREQUAL "address")
  target_compile_options(aclsim_build_flags INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(aclsim_build_flags INTERFACE -fsanitize=address,undefined)
elseif(ACLSIM_SANITIZER STREQUAL "thread")
  target_compile_options(aclsim_build_flags INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
  # GCC warns that TSan cannot model std::atomic_thread_fence, which Boost.Asio
  # uses in its handler bookkeeping (aclsim-device-server); the warning says
  # nothing about aclsim's code, so it must not fail a -Werror build.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(aclsim_build_flags INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Wno-tsan>)
  endif()
  target_link_options(aclsim_build_flags INTERFACE -fsanitize=thread)
elseif(NOT ACLSIM_SANITIZER STREQUAL "")
  message(FATAL_ERROR "ACLSIM_SANITIZER must be '', 'address' or 'thread'")
endif()

# aclsim_cc_library(NAME <name> [STATIC|SHARED|INTERFACE] SRCS ... DEPS ... )
function(aclsim_cc_library)
  cmake_parse_arguments(A "STATIC;SHARED" "NAME;ALIAS" "SRCS;DEPS;PUBLIC_DEPS" ${ARGN})
  set(kind STATIC)
  if(A_SHARED)
    set(kind SHARED)
  endif()
  add_library(${A_NAME} ${kind} ${A_SRCS})
  target_link_libraries(${A_NAME} PRIVATE aclsim_build_flags ${A_DEPS} PUBLIC ${A_PUBLIC_DEPS})
  if(A_ALIAS)
    add_library(${A_ALIAS} ALIAS ${A_NAME})
  endif()
endfunction()

# aclsim_cc_test(NAME <name> SRCS ... DEPS ... [PER_PROCESS])
# PER_PROCESS: every test case runs in its own process (gtest_discover_tests
# does this), needed wherever global ACL state is touched.
function(aclsim_cc_test)
  cmake_parse_arguments(A "" "NAME;TIMEOUT" "SRCS;DEPS;LABELS" ${ARGN})
  add_executable(${A_NAME} ${A_SRCS})
  target_link_libraries(${A_NAME} PRIVATE aclsim_build_flags ${A_DEPS} GTest::gmock_main)
  if(NOT A_TIMEOUT)
    set(A_TIMEOUT 120)
  endif()
  set(props TIMEOUT ${A_TIMEOUT} ENVIRONMENT "ACLSIM_MODELS_DIR=${PROJECT_SOURCE_DIR}/models")
  if(A_LABELS)
    list(APPEND props LABELS "${A_LABELS}")
  endif()
  gtest_discover_tests(${A_NAME} PROPERTIES ${props} DISCOVERY_TIMEOUT 60)
endfunction()
