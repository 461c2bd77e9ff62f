# Install rules: libraries, headers, CMake package config (find_package(aclsim))
# and pkg-config file (pkg-config aclsim).
include(CMakePackageConfigHelpers)

# Exported as aclsim::acl, aclsim::msprofiler and aclsim::headers (the names
# of the in-tree aliases).
set_target_properties(aclsim_acl PROPERTIES EXPORT_NAME acl)
set_target_properties(aclsim_msprofiler PROPERTIES EXPORT_NAME msprofiler)
set_target_properties(aclsim_headers PROPERTIES EXPORT_NAME headers)
install(TARGETS aclsim_acl aclsim_msprofiler aclsim_headers
  EXPORT aclsimTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/api/include/acl DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The device-backend plugin C ABI, for plugins built outside the tree.
install(FILES ${PROJECT_SOURCE_DIR}/runtime/device/c_api/backend_c_api.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/aclsim)
# The simulator as a backend plugin: "sim-plugin" looks for it next to libascendcl.so.
if(TARGET aclsim_backend_sim_plugin)
  install(TARGETS aclsim_backend_sim_plugin LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/models/ DESTINATION ${CMAKE_INSTALL_DATADIR}/aclsim/models
  FILES_MATCHING PATTERN "*.json")

install(EXPORT aclsimTargets NAMESPACE aclsim:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/aclsim)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/aclsimConfig.cmake.in
  ${PROJECT_BINARY_DIR}/aclsimConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/aclsim)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/aclsimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/aclsimConfig.cmake ${PROJECT_BINARY_DIR}/aclsimConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/aclsim)

configure_file(${PROJECT_SOURCE_DIR}/cmake/aclsim.pc.in ${PROJECT_BINARY_DIR}/aclsim.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/aclsim.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
