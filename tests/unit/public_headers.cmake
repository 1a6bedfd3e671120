# The public headers, each on its own (CMakeLists.txt includes this file).
#
# For every include/hc/NAME.h a translation unit holding that one include
# is compiled as C99 with -pedantic-errors and, where a native C++
# compiler is found, as C++ with -pedantic-errors: a header that needs
# another one it does not include, a compiler's own type or C11 syntax
# fails the build. The core headers are compiled without HC_ADVANCED_API
# (they must not need it); the advanced ones (the search engine) define
# it, and without HC_ADVANCED_API must stop the build with a message.
# test_public_headers.cpp then calls a function of each core header from
# C++, which links only where the header gives it C linkage, and
# test_public_headers_advanced.cpp a search through the advanced ones.
set(HC_ADVANCED_HEADERS crack mask rules stream)
# (no C++ in cross builds: the host's compiler is no target's)
if(NOT CMAKE_CROSSCOMPILING)
  include(CheckLanguage)
  check_language(CXX)
  if(CMAKE_CXX_COMPILER)
    enable_language(CXX)
  endif()
endif()

file(GLOB HC_PUBLIC_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/include/hc/*.h)
set(HC_HEADER_UNITS_C "")
set(HC_HEADER_UNITS_CXX "")
foreach(header IN LISTS HC_PUBLIC_HEADERS)
  get_filename_component(name ${header} NAME_WE)
  set(unit_text "#include <hc/${name}.h>\n/* (a unit must declare something: hc/export.h declares nothing) */\ntypedef int hc_header_unit_${name};\n")
  set(unit ${CMAKE_BINARY_DIR}/public_headers/${name})
  if(name IN_LIST HC_ADVANCED_HEADERS)
    set(unit_text "#define HC_ADVANCED_API\n${unit_text}")
  endif()
  list(APPEND HC_HEADER_UNITS_CXX ${unit}.cpp)
  file(CONFIGURE OUTPUT ${unit}.c CONTENT "${unit_text}")
  file(CONFIGURE OUTPUT ${unit}.cpp CONTENT "${unit_text}")
  list(APPEND HC_HEADER_UNITS_C ${unit}.c)
endforeach()

# and the umbrella header with the advanced API too
set(unit ${CMAKE_BINARY_DIR}/public_headers/hc_advanced)
set(unit_text "#define HC_ADVANCED_API\n#include <hc/hc.h>\ntypedef int hc_header_unit_hc_advanced;\n")
file(CONFIGURE OUTPUT ${unit}.c CONTENT "${unit_text}")
file(CONFIGURE OUTPUT ${unit}.cpp CONTENT "${unit_text}")
list(APPEND HC_HEADER_UNITS_C ${unit}.c)
list(APPEND HC_HEADER_UNITS_CXX ${unit}.cpp)

# an advanced header without the opt-in stops the build, saying why
foreach(name IN LISTS HC_ADVANCED_HEADERS)
  set(unit ${CMAKE_BINARY_DIR}/public_headers/${name}_without_opt_in.c)
  file(CONFIGURE OUTPUT ${unit} CONTENT "#include <hc/${name}.h>\n")
  add_test(NAME test_public_headers_opt_in_${name}
           COMMAND ${CMAKE_C_COMPILER} -fsyntax-only -I${CMAKE_SOURCE_DIR}/include ${unit})
  set_tests_properties(test_public_headers_opt_in_${name} PROPERTIES
    PASS_REGULAR_EXPRESSION "<hc/${name}.h> is libhc's advanced API, which is not ABI-stable: define HC_ADVANCED_API")
endforeach()

add_library(public_headers_c99 OBJECT ${HC_HEADER_UNITS_C})
set_target_properties(public_headers_c99 PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF)
target_compile_options(public_headers_c99 PRIVATE -pedantic-errors)
target_include_directories(public_headers_c99 PRIVATE ${CMAKE_SOURCE_DIR}/include)

if(CMAKE_CXX_COMPILER)
  set(HC_CXX_WARNINGS -Wall -Wextra -pedantic-errors $<$<BOOL:${HC_WERROR}>:-Werror>)
  add_library(public_headers_cxx OBJECT ${HC_HEADER_UNITS_CXX})
  set_target_properties(public_headers_cxx PROPERTIES CXX_STANDARD 11 CXX_EXTENSIONS OFF)
  target_compile_options(public_headers_cxx PRIVATE ${HC_CXX_WARNINGS})
  target_include_directories(public_headers_cxx PRIVATE ${CMAKE_SOURCE_DIR}/include)

  foreach(test_name test_public_headers test_public_headers_advanced)
    add_executable(${test_name} ${CMAKE_SOURCE_DIR}/tests/unit/${test_name}.cpp)
    set_target_properties(${test_name} PROPERTIES CXX_STANDARD 11 CXX_EXTENSIONS OFF)
    target_compile_options(${test_name} PRIVATE ${HC_CXX_WARNINGS})
    target_link_libraries(${test_name} PRIVATE hclib)
    add_test(NAME ${test_name} COMMAND ${test_name})
  endforeach()
endif()
