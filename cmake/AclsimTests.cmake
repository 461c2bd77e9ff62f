# aclsim_isolated_tests(<target> [TEST_PREFIX <prefix>] [CASE_TIMEOUT <s>]
#                       [LABELS <label>...] [ENVIRONMENT <VAR=value>...]
#                       [FIXTURES_REQUIRED <fixture>] [RESOURCE_LOCK <lock>]
#                       [EXPECTED_FAILURES <file>])
#
# Registers the GoogleTest binary <target> (linked with aclsim::test_main,
# tests/testing/isolated_main.cc) with CTest as one test per test suite,
# named <prefix><Suite>. Each runs
#   <target> --aclsim_isolate --aclsim_case_timeout=<s> --gtest_filter=<Suite>.*
# which runs every case of the suite in a process of its own, forked before
# any case ran: the isolation of one process per case (ACL state is
# process-global) at the cost of a fork instead of a process start.
#
# The suites are listed after each build (as gtest_discover_tests lists the
# cases), so adding a TEST needs no CMake re-run. EXPECTED_FAILURES names a
# list of cases the run is known to fail ("Suite.Case  reason" lines, passed
# as --aclsim_expected_failures): such a case failing is counted as an
# expected failure, passing is an error (isolated_main.cc). CASE_TIMEOUT (default 120)
# bounds each case; the CTest timeout of a suite is that times its number of
# cases, plus a minute, as a backstop the runner never reaches. A suite whose
# every case skipped is reported by CTest as skipped.
set(ACLSIM_LIST_SUITES_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/AclsimListSuites.cmake")

function(aclsim_isolated_tests target)
  cmake_parse_arguments(A "" "TEST_PREFIX;CASE_TIMEOUT;FIXTURES_REQUIRED;RESOURCE_LOCK;EXPECTED_FAILURES"
    "LABELS;ENVIRONMENT" ${ARGN})
  if(NOT A_CASE_TIMEOUT)
    set(A_CASE_TIMEOUT 120)
  endif()
  # Properties other than TIMEOUT, as the text of set_tests_properties'
  # arguments (bracket arguments keep each list whole).
  set(props "SKIP_REGULAR_EXPRESSION [==[aclsim-isolated: all [0-9]+ skipped]==]")
  foreach(kind LABELS ENVIRONMENT FIXTURES_REQUIRED RESOURCE_LOCK)
    if(A_${kind})
      string(APPEND props " ${kind} [==[${A_${kind}}]==]")
    endif()
  endforeach()
  string(MAKE_C_IDENTIFIER "${target}_${A_TEST_PREFIX}" id)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/isolated_tests")
  set(props_file "${dir}/${id}_props.txt")
  set(suites_file "${dir}/${id}_suites.cmake")
  set(include_file "${dir}/${id}_include.cmake")
  file(GENERATE OUTPUT "${props_file}" CONTENT "${props}")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "EXECUTABLE=$<TARGET_FILE:${target}>" -D "PREFIX=${A_TEST_PREFIX}"
            -D "CASE_TIMEOUT=${A_CASE_TIMEOUT}" -D "PROPS_FILE=${props_file}" -D "OUTPUT=${suites_file}"
            -D "EXPECTED_FAILURES=${A_EXPECTED_FAILURES}"
            -P "${ACLSIM_LIST_SUITES_SCRIPT}"
    BYPRODUCTS "${suites_file}"
    VERBATIM)
  file(WRITE "${include_file}"
    "if(EXISTS [==[${suites_file}]==])\n"
    "  include([==[${suites_file}]==])\n"
    "else()\n"
    "  add_test([==[${target}_${A_TEST_PREFIX}NOT_BUILT]==] [==[${target}_${A_TEST_PREFIX}NOT_BUILT]==])\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
