# AscendC kernel build functions, at the paths where a CANN toolkit has its
# ascendc.cmake (<arch>-linux/tikcpp/ascendc_kernel_cmake/, also reached as
# tikcpp/, compiler/tikcpp/ and tools/tikcpp/; docs/toolkit.md). A project
# includes it, as CANN's samples do, with
#   include(${ASCENDC_CMAKE_DIR}/ascendc.cmake)
# and gets CANN's commands with CANN's signatures:
#   ascendc_library(<target> SHARED|STATIC <kernel sources>...)
#   ascendc_fatbin_library(<target> <kernel sources>...)
# aclsim has no AscendC device compiler yet, so a kernel library cannot be
# built: ascendc_library and ascendc_fatbin_library stop the configure step
# with one message naming the target and its kernel sources. Including the
# file alone (as the samples without kernels do) changes nothing. (CANN's
# ascendc_compile_definitions/_options/include_directories act on such a
# target, so no project reaches them; they are not defined.)
include_guard(GLOBAL)

# _aclsim_ascendc_no_kernels(<call> <sources>...): the one message.
function(_aclsim_ascendc_no_kernels call)
  set(listed "")
  foreach(source IN LISTS ARGN)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    string(APPEND listed "\n   ${path}")
  endforeach()
  if(listed STREQUAL "")
    set(listed "\n   (none given)")
  endif()
  message(FATAL_ERROR "aclsim cannot build AscendC device kernels yet.\n"
    " ${call} needs these kernel sources compiled for\n"
    " the NPU, and aclsim has no AscendC compiler:${listed}\n"
    " Configure the host program without this target.")
endfunction()

function(ascendc_library target)
  set(types SHARED STATIC)
  if(ARGC LESS 2)
    message(FATAL_ERROR "ascendc_library(${target}): the target type is missing; "
      "the supported types are SHARED and STATIC.")
  endif()
  list(GET ARGN 0 type)
  if(NOT type IN_LIST types)
    message(FATAL_ERROR "ascendc_library(${target} ${type}): the target type ${type} is not supported; "
      "the supported types are SHARED and STATIC.")
  endif()
  list(REMOVE_AT ARGN 0)
  _aclsim_ascendc_no_kernels("ascendc_library(${target} ${type})" ${ARGN})
endfunction()

function(ascendc_fatbin_library target)
  _aclsim_ascendc_no_kernels("ascendc_fatbin_library(${target})" ${ARGN})
endfunction()
