# rgn_version_script(HEADER OUTPUT): writes the linker version script that
# makes a shared library export exactly the functions HEADER declares
# (every "rgn_name(" outside comments and static inline definitions), so
# that the library's interface is its public header and nothing more.
# CMake runs again when the header changes.
set(RGN_EXPORTS_TEMPLATE ${CMAKE_CURRENT_LIST_DIR}/rgn.map.in)
function(rgn_version_script header output)
  file(READ ${header} text)
  # comments name functions in examples and references: not declarations
  string(REGEX REPLACE "/\\*([^*]|\\*+[^*/])*\\*+/" "" text "${text}")
  string(REGEX REPLACE "static inline[^\n]*" "" text "${text}")
  string(REGEX MATCHALL "rgn_[a-z0-9_]+\\(" names "${text}")
  list(REMOVE_DUPLICATES names)
  list(SORT names)
  set(RGN_EXPORTS "")
  foreach(name ${names})
    string(REPLACE "(" ";" name "${name}")
    string(APPEND RGN_EXPORTS "    ${name}\n")
  endforeach()
  string(REGEX REPLACE "\n$" "" RGN_EXPORTS "${RGN_EXPORTS}")
  configure_file(${RGN_EXPORTS_TEMPLATE} ${output} @ONLY)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${header})
endfunction()
