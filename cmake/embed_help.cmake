# embed_help.cmake - the help of the rgn program's commands, written as
# text in src/cli/help (NAME.txt for "rgn NAME --help", a space of the
# name a '-'), made into the C table cli_help_texts. A line "@PART@" is
# replaced by the text of _PART.txt: the options several commands share.
#
# usage: cmake -DHELP_DIR=DIR -DOUTPUT=FILE -P embed_help.cmake

# TEXT as the lines of a C string literal
function(c_literal text out)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "?" "\\?" text "${text}") # no trigraphs under -std=c11
  string(REPLACE "\t" "\\t" text "${text}")
  string(REGEX REPLACE "\n$" "" text "${text}")
  string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
  set(${out} "    \"${text}\\n\"" PARENT_SCOPE)
endfunction()

file(GLOB parts RELATIVE "${HELP_DIR}" "${HELP_DIR}/_*.txt")
file(GLOB pages RELATIVE "${HELP_DIR}" "${HELP_DIR}/*.txt")
list(FILTER pages EXCLUDE REGEX "^_")
list(SORT pages)
set(c "/* Generated from src/cli/help by cmake/embed_help.cmake: edit those. */\n")
string(APPEND c "#include \"cli.h\"\n\nconst cli_help_text cli_help_texts[] = {\n")
foreach(page IN LISTS pages)
  file(READ "${HELP_DIR}/${page}" text)
  foreach(part IN LISTS parts)
    string(REGEX REPLACE "^_(.*)\\.txt$" "\\1" name "${part}")
    file(READ "${HELP_DIR}/${part}" shared)
    string(REPLACE "@${name}@\n" "${shared}" text "${text}")
  endforeach()
  if(text MATCHES "@[a-z-]+@")
    message(FATAL_ERROR "${page}: ${CMAKE_MATCH_0} names no _PART.txt")
  endif()
  string(REGEX REPLACE "\\.txt$" "" name "${page}")
  string(REPLACE "-" " " name "${name}")
  c_literal("${text}" literal)
  string(APPEND c "    {\"${name}\",\n${literal}},\n")
endforeach()
string(APPEND c "    {0},\n};\n")
# written only when changed, so that a build that changed nothing here
# compiles nothing again
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL c)
  file(WRITE "${OUTPUT}" "${c}")
endif()
