# Writes html_page.c: the HTML viewer's fixed parts (head.html, with the
# page's style and layout, and viewer.js) as C strings for write_html.c.
# The script goes inside a CDATA section behind a comment, so that the
# page is well-formed XML as well as HTML; it must not contain "]]>" or
# "</" (HTML 4 parsers, xmllint's among them, end a script at any "</").
#   cmake -DHEAD=head.html -DSCRIPT=viewer.js -DOUT=html_page.c -P embed.cmake
function(c_string path result)
  file(READ "${path}" text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "?" "\\?" text "${text}") # no trigraphs
  string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
  set(${result} "    \"${text}\"" PARENT_SCOPE)
endfunction()

file(READ "${SCRIPT}" script)
string(FIND "${script}" "</" at1)
string(FIND "${script}" "]]>" at2)
if(NOT at1 EQUAL -1 OR NOT at2 EQUAL -1)
  message(FATAL_ERROR "${SCRIPT} contains </ or ]]>")
endif()
c_string("${HEAD}" head)
c_string("${SCRIPT}" body)
file(WRITE "${OUT}.tmp" "/* Generated from head.html and viewer.js by embed.cmake: do not edit. */

const char rgn_html_head[] =
${head};

const char rgn_html_script[] =
    \"<script>//<![CDATA[\\n\"
${body}
    \"//]]></script>\\n</body>\\n</html>\\n\";
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
