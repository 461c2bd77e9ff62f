# Install rules. The installed prefix is laid out as a CANN toolkit
# (docs/toolkit.md):
#   set_env.sh, bin/setenv.bash        the environment (cmake/toolkit/set_env.sh)
#   lib64/                             libascendcl, libmsprofiler, libprofapi, libc_sec, libnnopbase, libopapi,
#                                      libms_tools_ext, libmspti, and the libraries CANN splits the API
#                                      into: libacl_rt, libacl_rt_impl, libacl_mdl, libacl_op_executor,
#                                      libacl_op_compiler, libascend_dump, libacl_tdt_channel,
#                                      libacl_tdt_queue (docs/libraries.md) (RUNPATH $ORIGIN)
#   include/acl/..., include/aclnn/..., include/aclnnop/..., include/mstx/..., include/mspti/...,
#   include/securec.h, include/securectype.h, include/aclsim/backend_c_api.h
#   pkg_inc/profiling/aprof_pub.h      the reporter API of libprofapi.so
#   python/site-packages/              the acl module
#   share/info/runtime/version.info, <arch>-linux/ascend_toolkit_install.info   version files
#   bin/atc                            the model converter (on PATH after set_env.sh)
#   tools/profiler/bin/                (on PATH after set_env.sh)
#   <arch>-linux/tikcpp/ascendc_kernel_cmake/ascendc.cmake, and the links tikcpp/, compiler/tikcpp/,
#                                      tools/tikcpp/ to <arch>-linux/tikcpp   AscendC's CMake functions
#   opp/, toolkit/                     (empty) ASCEND_OPP_PATH and TOOLCHAIN_HOME
#   lib64/cmake/aclsim/                find_package(aclsim); lib64/pkgconfig/aclsim.pc
#   share/aclsim/models/               sample models
include(CMakePackageConfigHelpers)


set_target_properties(aclsim_acl PROPERTIES EXPORT_NAME acl)
set_target_properties(aclsim_msprofiler PROPERTIES EXPORT_NAME msprofiler)
set_target_properties(aclsim_profapi PROPERTIES EXPORT_NAME profapi)
set_target_properties(aclsim_c_sec PROPERTIES EXPORT_NAME c_sec)
set_target_properties(aclsim_nnopbase PROPERTIES EXPORT_NAME nnopbase)
set_target_properties(aclsim_opapi PROPERTIES EXPORT_NAME opapi)
set_target_properties(aclsim_ms_tools_ext PROPERTIES EXPORT_NAME ms_tools_ext)
set_target_properties(aclsim_mspti PROPERTIES EXPORT_NAME mspti)
set_target_properties(aclsim_headers PROPERTIES EXPORT_NAME headers)
get_property(ACLSIM_FORWARDING_TARGETS GLOBAL PROPERTY ACLSIM_FORWARDING_TARGETS)
install(TARGETS aclsim_acl aclsim_msprofiler aclsim_profapi aclsim_c_sec aclsim_nnopbase aclsim_opapi
  aclsim_ms_tools_ext aclsim_mspti aclsim_headers ${ACLSIM_FORWARDING_TARGETS}
  EXPORT aclsimTargets
  LIBRARY DESTINATION ${ACLSIM_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${ACLSIM_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/api/include/acl ${PROJECT_SOURCE_DIR}/api/include/aclnn
  ${PROJECT_SOURCE_DIR}/api/include/aclnnop ${PROJECT_SOURCE_DIR}/api/include/mstx ${PROJECT_SOURCE_DIR}/api/include/mspti
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/api/include/securec.h ${PROJECT_SOURCE_DIR}/api/include/securectype.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/api/pkg_inc/ DESTINATION pkg_inc)
# The device-backend plugin C ABI, for plugins built outside the tree.
install(FILES ${PROJECT_SOURCE_DIR}/runtime/device/c_api/backend_c_api.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aclsim)
# The simulator as a backend plugin: "sim-plugin" looks for it next to libascendcl.so.
if(TARGET aclsim_backend_sim_plugin)
  install(TARGETS aclsim_backend_sim_plugin LIBRARY DESTINATION ${ACLSIM_INSTALL_LIBDIR})
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/models/ DESTINATION ${CMAKE_INSTALL_DATADIR}/aclsim/models
  FILES_MATCHING PATTERN "*.json")

# The environment script, twice (CANN's samples source bin/setenv.bash).
install(FILES ${PROJECT_SOURCE_DIR}/cmake/toolkit/set_env.sh DESTINATION .)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/toolkit/set_env.sh DESTINATION bin RENAME setenv.bash)
install(DIRECTORY DESTINATION tools/profiler/bin)
# The directories ASCEND_OPP_PATH and TOOLCHAIN_HOME name (set_env.sh), which
# programs look in; aclsim keeps nothing in them.
install(DIRECTORY DESTINATION opp)
install(DIRECTORY DESTINATION toolkit)

# AscendC's CMake functions (cmake/toolkit/ascendc.cmake) at
# <arch>-linux/tikcpp/ascendc_kernel_cmake/, and the other spellings CMake
# files reach it by, as links: tikcpp/, compiler/tikcpp/, tools/tikcpp/.
set(ACLSIM_TOOLKIT_ARCH "${CMAKE_SYSTEM_PROCESSOR}")
install(FILES ${PROJECT_SOURCE_DIR}/cmake/toolkit/ascendc.cmake
  DESTINATION ${ACLSIM_TOOLKIT_ARCH}-linux/tikcpp/ascendc_kernel_cmake)
install(CODE "
  set(root \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  foreach(link tikcpp compiler/tikcpp tools/tikcpp)
    get_filename_component(parent \"\${root}/\${link}\" DIRECTORY)
    file(MAKE_DIRECTORY \"\${parent}\")
    file(RELATIVE_PATH target \"\${parent}\" \"\${root}/${ACLSIM_TOOLKIT_ARCH}-linux/tikcpp\")
    file(REMOVE \"\${root}/\${link}\")
    file(CREATE_LINK \"\${target}\" \"\${root}/\${link}\" SYMBOLIC)
    message(STATUS \"Installing: \${root}/\${link} -> \${target}\")
  endforeach()")

# Version files in CANN's formats: share/info/<package>/version.info
# ("Version=..."), and <arch>-linux/ascend_toolkit_install.info, which
# frameworks read for the toolkit version ("version=...") and which records
# the install path as of the install.
file(WRITE ${PROJECT_BINARY_DIR}/toolkit/version.info
  "Version=${ACLSIM_CANN_VERSION}\nversion_dir=${ACLSIM_CANN_VERSION}\naclsim_version=${PROJECT_VERSION}\n")
install(FILES ${PROJECT_BINARY_DIR}/toolkit/version.info DESTINATION share/info/runtime)
install(CODE "
  set(info \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${ACLSIM_TOOLKIT_ARCH}-linux/ascend_toolkit_install.info\")
  file(WRITE \"\${info}\" \"package_name=Ascend-cann-toolkit\\nversion=${ACLSIM_CANN_VERSION}\\ninnerversion=aclsim-${PROJECT_VERSION}\\narch=${ACLSIM_TOOLKIT_ARCH}\\nos=linux\\npath=\${CMAKE_INSTALL_PREFIX}\\n\")
  message(STATUS \"Installing: \${info}\")")

install(EXPORT aclsimTargets NAMESPACE aclsim:: DESTINATION ${ACLSIM_INSTALL_LIBDIR}/cmake/aclsim)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/aclsimConfig.cmake.in
  ${PROJECT_BINARY_DIR}/aclsimConfig.cmake INSTALL_DESTINATION ${ACLSIM_INSTALL_LIBDIR}/cmake/aclsim)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/aclsimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/aclsimConfig.cmake ${PROJECT_BINARY_DIR}/aclsimConfigVersion.cmake
  DESTINATION ${ACLSIM_INSTALL_LIBDIR}/cmake/aclsim)

configure_file(${PROJECT_SOURCE_DIR}/cmake/aclsim.pc.in ${PROJECT_BINARY_DIR}/aclsim.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/aclsim.pc DESTINATION ${ACLSIM_INSTALL_LIBDIR}/pkgconfig)
