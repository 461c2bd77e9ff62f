# Shared compile settings applied to every aclsim target (warnings,
# sanitizers), so no global flags are edited.

add_library(aclsim_build_flags INTERFACE)
target_compile_options(aclsim_build_flags INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor>
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra>)
if(ACLSIM_WERROR)
  target_compile_options(aclsim_build_flags INTERFACE -Werror)
endif()
if(ACLSIM_SANITIZER STREQUAL "address")
  # The libraries, tools and backends are instrumented; a test binary's own
  # code (a target with ACLSIM_TEST_CODE set, aclsim_cc_test) is not: it is
  # linked with the sanitizer runtimes, so every access the product's code
  # makes, to its own memory or the test's, is checked, and every allocation
  # is tracked for LeakSanitizer, but compiling the tests' assertions
  # instrumented cost as much as the rest of the build (docs/ci.md).
  set(instrumented "$<NOT:$<BOOL:$<TARGET_PROPERTY:ACLSIM_TEST_CODE>>>")
  target_compile_options(aclsim_build_flags INTERFACE
    "$<${instrumented}:-fsanitize=address,undefined;-fno-sanitize-recover=undefined>" -fno-omit-frame-pointer)
  target_link_options(aclsim_build_flags INTERFACE -fsanitize=address,undefined)
  # GCC's global-variable redzones are registered by every module at load and
  # unregistered at exit, and LeakSanitizer scans their descriptors: with one
  # process per test case that halved the cost of a case (docs/ci.md). Heap
  # and stack checks are unchanged; the fuzz targets (clang) keep them.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(aclsim_build_flags INTERFACE "$<${instrumented}:--param=asan-globals=0>")
  endif()
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

# aclsim_stage_headers(<target> PUBLIC|PRIVATE <headers...>)
# Gives <target> an include root of its own in the build tree holding only
# <headers> (paths relative to the current source directory), each under its
# repository path, so `#include "runtime/status.h"` resolves through the
# root of the target that owns status.h (as Bazel's virtual includes do).
# PUBLIC headers reach every target that links <target>; PRIVATE ones only
# <target> itself. A source can therefore include only headers of targets it
# links: the build enforces the layering, and no target puts the repository
# root on its include path. The entries are symbolic links, so edits to a
# header are seen at once; adding or removing one needs a CMake re-run.
function(aclsim_stage_headers target scope)
  set(root "${PROJECT_BINARY_DIR}/include/${target}/${scope}")
  get_property(staged GLOBAL PROPERTY ACLSIM_STAGED_${target}_${scope})
  if(NOT staged)  # first call for this root in this CMake run: drop stale links
    file(REMOVE_RECURSE "${root}")
    set_property(GLOBAL PROPERTY ACLSIM_STAGED_${target}_${scope} TRUE)
  endif()
  foreach(header ${ARGN})
    get_filename_component(abs "${header}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${abs}")
      message(FATAL_ERROR "aclsim_stage_headers(${target}): no such header ${abs}")
    endif()
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${abs}")
    get_filename_component(dir "${root}/${rel}" DIRECTORY)
    file(MAKE_DIRECTORY "${dir}")
    file(CREATE_LINK "${abs}" "${root}/${rel}" SYMBOLIC)
  endforeach()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE "$<BUILD_INTERFACE:${root}>")
  else()
    target_include_directories(${target} ${scope} "$<BUILD_INTERFACE:${root}>")
  endif()
endfunction()

# aclsim_cc_library(NAME <name> [ALIAS <alias>] [SHARED|INTERFACE] SRCS ... HDRS ... PRIVATE_HDRS ...
#                   DEPS ... PUBLIC_DEPS ...)
# A static library (PIC) with the project's flags. HDRS are its public
# headers, PRIVATE_HDRS headers only its own sources include (both staged by
# aclsim_stage_headers); DEPS are linked PRIVATE, PUBLIC_DEPS PUBLIC.
function(aclsim_cc_library)
  cmake_parse_arguments(A "SHARED;INTERFACE" "NAME;ALIAS" "SRCS;HDRS;PRIVATE_HDRS;DEPS;PUBLIC_DEPS" ${ARGN})
  if(A_INTERFACE)
    add_library(${A_NAME} INTERFACE)
    target_link_libraries(${A_NAME} INTERFACE ${A_PUBLIC_DEPS})
  else()
    set(kind STATIC)
    if(A_SHARED)
      set(kind SHARED)
    endif()
    add_library(${A_NAME} ${kind} ${A_SRCS})
    target_link_libraries(${A_NAME} PRIVATE aclsim_build_flags ${A_DEPS} PUBLIC ${A_PUBLIC_DEPS})
  endif()
  if(A_HDRS)
    aclsim_stage_headers(${A_NAME} PUBLIC ${A_HDRS})
  endif()
  if(A_PRIVATE_HDRS)
    aclsim_stage_headers(${A_NAME} PRIVATE ${A_PRIVATE_HDRS})
  endif()
  if(A_ALIAS)
    add_library(${A_ALIAS} ALIAS ${A_NAME})
  endif()
endfunction()

# aclsim_cc_test(NAME <name> SRCS ... DEPS ... [LABELS ...] [TIMEOUT <s>])
# A GoogleTest binary registered with CTest as one test per suite, each case
# in a process of its own (aclsim_isolated_tests, cmake/AclsimTests.cmake):
# ACL state is process-global. TIMEOUT (default 120) bounds each case.
#
# With ACLSIM_TEST_SCOPE "threads" (tests/CMakeLists.txt), a test not in
# ACLSIM_THREADS_TESTS is defined but neither built by default nor registered.
function(aclsim_cc_test)
  cmake_parse_arguments(A "" "NAME;TIMEOUT" "SRCS;DEPS;LABELS" ${ARGN})
  if(ACLSIM_TEST_SCOPE STREQUAL "threads" AND NOT A_NAME IN_LIST ACLSIM_THREADS_TESTS)
    add_executable(${A_NAME} EXCLUDE_FROM_ALL ${A_SRCS})
    target_link_libraries(${A_NAME} PRIVATE aclsim_build_flags ${A_DEPS} aclsim::test_main)
    return()
  endif()
  add_executable(${A_NAME} ${A_SRCS})
  target_link_libraries(${A_NAME} PRIVATE aclsim_build_flags ${A_DEPS} aclsim::test_main)
  set_target_properties(${A_NAME} PROPERTIES ACLSIM_TEST_CODE ON)
  if(NOT A_TIMEOUT)
    set(A_TIMEOUT 120)
  endif()
  aclsim_isolated_tests(${A_NAME} CASE_TIMEOUT ${A_TIMEOUT} LABELS ${A_LABELS}
    ENVIRONMENT "ACLSIM_MODELS_DIR=${PROJECT_SOURCE_DIR}/models")
endfunction()

# aclsim_register_backend(NAME <name> FUNCTION <function> HEADER <header> TARGET <target>)
# Builds a device backend into libascendcl.so. <function> (fully qualified,
# declared in <header>, of type void(aclsim::device::BackendRegistry&))
# registers the backend <name>; <target> holds it. Call this in the
# backend's own CMakeLists.txt: api/CMakeLists.txt generates one source that
# includes every registered header and calls every registered function on
# the process-wide registry, and links every registered target
# (aclsim::registered_backends), so api/ names no backend and no static
# initialiser is needed. The top-level CMakeLists.txt adds api/ after the
# backends' folders. Names are unique; the calls happen in name order, and
# the order does not matter (each registers a name of its own).
function(aclsim_register_backend)
  cmake_parse_arguments(A "" "NAME;FUNCTION;HEADER;TARGET" "" ${ARGN})
  foreach(arg NAME FUNCTION HEADER TARGET)
    if(NOT A_${arg})
      message(FATAL_ERROR "aclsim_register_backend: ${arg} is required")
    endif()
  endforeach()
  get_property(generated GLOBAL PROPERTY ACLSIM_BACKENDS_GENERATED)
  if(generated)
    message(FATAL_ERROR "aclsim_register_backend(${A_NAME}): api/ already generated the registrations; "
                        "add the backend's folder before api/ in the top-level CMakeLists.txt")
  endif()
  get_property(names GLOBAL PROPERTY ACLSIM_BACKENDS)
  if(A_NAME IN_LIST names OR A_NAME STREQUAL "null")
    message(FATAL_ERROR "aclsim_register_backend: backend '${A_NAME}' is already registered")
  endif()
  set_property(GLOBAL APPEND PROPERTY ACLSIM_BACKENDS ${A_NAME})
  set_property(GLOBAL PROPERTY ACLSIM_BACKEND_${A_NAME}_FUNCTION ${A_FUNCTION})
  set_property(GLOBAL PROPERTY ACLSIM_BACKEND_${A_NAME}_HEADER ${A_HEADER})
  set_property(GLOBAL PROPERTY ACLSIM_BACKEND_${A_NAME}_TARGET ${A_TARGET})
endfunction()

# aclsim_backend_plugin(NAME <target> OUTPUT_NAME <libname> SRCS ... DEPS ...)
# A device-backend plugin: a MODULE library in ${PROJECT_BINARY_DIR}/lib
# (next to libascendcl.so) linking the C ABI adapter (aclsim::plugin_adapter)
# and |DEPS|, with every symbol resolved at link time and only
# aclsimBackendGetApi exported (cmake/backend_plugin.map).
function(aclsim_backend_plugin)
  cmake_parse_arguments(A "" "NAME;OUTPUT_NAME" "SRCS;DEPS" ${ARGN})
  add_library(${A_NAME} MODULE ${A_SRCS})
  set_target_properties(${A_NAME} PROPERTIES OUTPUT_NAME ${A_OUTPUT_NAME}
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
  target_link_libraries(${A_NAME} PRIVATE aclsim_build_flags aclsim::plugin_adapter ${A_DEPS})
  set(no_undefined -Wl,--no-undefined)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND NOT ACLSIM_SANITIZER STREQUAL "")
    set(no_undefined "")  # clang's sanitizer runtimes resolve only at load time
  endif()
  set(map ${PROJECT_SOURCE_DIR}/cmake/backend_plugin.map)
  target_link_options(${A_NAME} PRIVATE ${no_undefined} -Wl,--exclude-libs,ALL -Wl,--version-script=${map})
  set_property(TARGET ${A_NAME} APPEND PROPERTY LINK_DEPENDS ${map})
endfunction()

# libascendcl.so needs libascend_dump.so at load time (api/CMakeLists.txt),
# but libascend_dump.so links libascendcl.so and so cannot be its build
# dependency. Every executable of the build, and the Python module, depends on
# it instead, so that a target built on its own
# (`cmake --build . --target X`) also loads.
function(aclsim_programs_need_ascend_dump dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE" OR target STREQUAL "aclsim_python")
      add_dependencies(${target} aclsim_ascend_dump)
    endif()
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    aclsim_programs_need_ascend_dump("${subdir}")
  endforeach()
endfunction()
