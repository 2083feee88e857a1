# cmake -DSRC=DIR -DOUT=FILE -P tools/version.cmake: writes FILE with `#define D3_VERSION "..."`
# (git describe of DIR, "unknown" outside a git checkout), only when the text changes.
execute_process(COMMAND git describe --always --dirty --tags WORKING_DIRECTORY ${SRC}
  OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT version)
  set(version unknown)
endif()
set(text "#define D3_VERSION \"${version}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
