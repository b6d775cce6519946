# The section-3 manual pages, written from rgn.h's comments by
# man/rgn3.py at build time into man3/ of the build folder: rgn(3), a
# page per part of rgn.h, and a link FUNCTION.3 per function; installed
# into share/man/man3. Python 3: Debian always has it, and the comments'
# paragraphs, lists and examples are parsed more plainly in it than in
# awk.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(RGN_MAN3_DIR ${PROJECT_BINARY_DIR}/man3)
add_custom_command(
  OUTPUT ${RGN_MAN3_DIR}/rgn.3
  COMMAND Python3::Interpreter ${PROJECT_SOURCE_DIR}/man/rgn3.py
          ${PROJECT_SOURCE_DIR}/src/rgn.h ${PROJECT_VERSION} ${RGN_MAN3_DIR}
  DEPENDS ${PROJECT_SOURCE_DIR}/man/rgn3.py ${PROJECT_SOURCE_DIR}/src/rgn.h
  COMMENT "Writing the section-3 manual pages from rgn.h")
add_custom_target(man3 ALL DEPENDS ${RGN_MAN3_DIR}/rgn.3)
install(DIRECTORY ${RGN_MAN3_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man3
        FILES_MATCHING PATTERN "*.3")
