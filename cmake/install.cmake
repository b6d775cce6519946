# What `cmake --install` puts in place (the paths are GNUInstallDirs'):
#   bin/rgn
#   lib/librgn.a, lib/librgn.so.VERSION (SONAME librgn.so.MAJOR), lib/librgn.so
#   include/rgn.h
#   lib/pkgconfig/rgn.pc
#   lib/cmake/rgn/ (find_package(rgn): rgn::rgn, rgn::rgn_static)
#   share/man/man1/rgn.1, man5/rgn.5, man7/rgn-*.7
#   share/man/man3/ (rgn.3 and the library's pages: cmake/man3.cmake)
#   share/rgn/grammar/ (the EBNF grammar and the RELAX NG schema)
#   share/bash-completion/completions/rgn
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS rgn RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set(rgn_install_targets rgn_lib)
if(TARGET rgn_so)
  list(APPEND rgn_install_targets rgn_so)
endif()
install(TARGETS ${rgn_install_targets}
  EXPORT rgnTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/src/rgn.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# pkg-config
file(RELATIVE_PATH RGN_PC_TO_PREFIX
  "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" RGN_PC_TO_PREFIX "${RGN_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/rgn.pc.in
  ${PROJECT_BINARY_DIR}/rgn.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/rgn.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# CMake package
set(rgn_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/rgn)
install(EXPORT rgnTargets NAMESPACE rgn:: DESTINATION ${rgn_cmake_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/rgnConfig.cmake.in
  ${PROJECT_BINARY_DIR}/rgnConfig.cmake
  INSTALL_DESTINATION ${rgn_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/rgnConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/rgnConfig.cmake
  ${PROJECT_BINARY_DIR}/rgnConfigVersion.cmake
  DESTINATION ${rgn_cmake_dir})

# Manual pages, each into the folder of its section
file(GLOB rgn_man_pages ${PROJECT_SOURCE_DIR}/man/*.[1-9])
foreach(page ${rgn_man_pages})
  string(REGEX MATCH "[1-9]$" section ${page})
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section})
endforeach()
include(${CMAKE_CURRENT_LIST_DIR}/man3.cmake)

install(FILES ${PROJECT_SOURCE_DIR}/grammar/rgn.ebnf
  ${PROJECT_SOURCE_DIR}/grammar/rgn.rng
  ${PROJECT_SOURCE_DIR}/grammar/rgn-game.schema.json
  DESTINATION ${CMAKE_INSTALL_DATADIR}/rgn/grammar)
install(FILES ${PROJECT_SOURCE_DIR}/src/cli/rgn.bash-completion
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME rgn)
