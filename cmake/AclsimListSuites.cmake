# Run after each build of a test binary (aclsim_isolated_tests in
# AclsimTests.cmake): lists its cases with --gtest_list_tests and writes
# OUTPUT, a CTest file with one test per suite.
#   cmake -D EXECUTABLE=... -D PREFIX=... -D CASE_TIMEOUT=... -D PROPS_FILE=... -D OUTPUT=...
#         [-D EXPECTED_FAILURES=<list file>] -P AclsimListSuites.cmake
foreach(var EXECUTABLE CASE_TIMEOUT PROPS_FILE OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "AclsimListSuites.cmake: ${var} is not set")
  endif()
endforeach()

execute_process(COMMAND "${EXECUTABLE}" --gtest_list_tests
  OUTPUT_VARIABLE listing ERROR_VARIABLE errors RESULT_VARIABLE rc TIMEOUT 120)
if(NOT rc EQUAL 0)
  file(REMOVE "${OUTPUT}")
  message(FATAL_ERROR "${EXECUTABLE} --gtest_list_tests failed (${rc}):\n${listing}\n${errors}")
endif()
file(READ "${PROPS_FILE}" props)

# The listing: "Suite." lines (maybe followed by "  # TypeParam = ..."), then
# each case indented by two spaces (maybe followed by "  # GetParam() = ...").
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(suites "")
set(suite "")
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ #][^ ]*)\\.( .*)?$")
    set(suite "${CMAKE_MATCH_1}")
    list(APPEND suites "${suite}")
    set(count_${suite} 0)
  elseif(line MATCHES "^  ([^ #]+)" AND NOT suite STREQUAL "")
    set(name "${CMAKE_MATCH_1}")
    if(NOT suite MATCHES "(^|/)DISABLED_" AND NOT name MATCHES "^DISABLED_")
      math(EXPR count_${suite} "${count_${suite}} + 1")
    endif()
  endif()
endforeach()

set(expected "")
if(EXPECTED_FAILURES)
  set(expected " [==[--aclsim_expected_failures=${EXPECTED_FAILURES}]==]")
endif()

set(script "# GENERATED from ${EXECUTABLE} --gtest_list_tests by AclsimListSuites.cmake\n")
set(total 0)
foreach(suite IN LISTS suites)
  set(n ${count_${suite}})
  if(n EQUAL 0)
    continue()
  endif()
  math(EXPR total "${total} + ${n}")
  math(EXPR timeout "${CASE_TIMEOUT} * ${n} + 60")
  set(test "${PREFIX}${suite}")
  string(APPEND script
    "add_test([==[${test}]==] [==[${EXECUTABLE}]==] --aclsim_isolate --aclsim_case_timeout=${CASE_TIMEOUT} "
    "[==[--gtest_filter=${suite}.*]==] [==[--aclsim_tally_name=${test}]==]${expected})\n"
    "set_tests_properties([==[${test}]==] PROPERTIES TIMEOUT ${timeout} ${props})\n"
    "# aclsim-cases: [==[${test}]==] ${n}\n")
endforeach()
string(APPEND script "# aclsim-cases-total: ${total}\n")
file(WRITE "${OUTPUT}" "${script}")
