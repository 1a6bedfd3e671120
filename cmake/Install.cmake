# libhc.so, the man page and shell completions, and what `cmake --install`
# lays out. Included at the end of CMakeLists.txt, after the hclib, hccli
# and hc targets exist.
#
#   bin/hc                                   the command (libhc linked in statically, see below)
#   lib*/libhc.so.N.M.P, libhc.so.N, libhc.so  the shared library, SONAME libhc.so.N
#   lib*/libhc.a                             the static archive
#   lib*/pkgconfig/hc.pc                     for pkg-config / pkgconf
#   include/hc/*.h                           public headers, umbrella <hc/hc.h>
#   share/man/man1/hc.1                      generated from the option tables
#   share/bash-completion/completions/hc     generated, likewise
#   share/zsh/{vendor-completions,site-functions}/_hc
#   share/fish/vendor_completions.d/hc.fish
#   share/doc/hc/                            README, the CLI and library references, the example
#
# Why bin/hc links the static archive rather than libhc.so: the command
# uses the library beyond its public ABI (the tests and the CLI reach
# private headers, and the public surface is meant to shrink to opaque
# handles), it then runs from the build tree and from any prefix without
# an rpath or ldconfig, and a wrong or older libhc.so.N on the system can
# never change what hc prints. The cost is about a megabyte of duplicated
# code on disk, only when both are installed.

include(GNUInstallDirs)

# The ABI generation N of libhc.so.N comes from the public header, so the
# header and the SONAME can never disagree.
file(STRINGS ${CMAKE_SOURCE_DIR}/include/hc/hc.h HC_ABI_LINE REGEX "^#define HC_ABI_VERSION [0-9]+$")
string(REGEX REPLACE "^#define HC_ABI_VERSION " "" HC_ABI_VERSION "${HC_ABI_LINE}")
if(NOT HC_ABI_VERSION MATCHES "^[0-9]+$")
  message(FATAL_ERROR "include/hc/hc.h does not define HC_ABI_VERSION")
endif()

# ---- libhc.so: the very objects of libhc.a (compiled once, PIC, hidden) ------
add_library(hcshared SHARED $<TARGET_OBJECTS:hclib>)
set_target_properties(hcshared PROPERTIES OUTPUT_NAME hc VERSION ${PROJECT_VERSION} SOVERSION ${HC_ABI_VERSION})
target_link_libraries(hcshared PRIVATE $<TARGET_PROPERTY:hclib,LINK_LIBRARIES>)
target_include_directories(hcshared PUBLIC $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>)
if(NOT HC_SANITIZE)
  # Every symbol resolved at link time (sanitizer runtimes are not linked
  # into shared objects, so not with them); no dependency left unused.
  target_link_options(hcshared PRIVATE -Wl,--no-undefined -Wl,--as-needed)
endif()

# ---- man page and completions, generated from the CLI's own tables ----------
add_executable(hc_docgen ${CMAKE_SOURCE_DIR}/tools/docgen.c)
target_link_libraries(hc_docgen PRIVATE hccli)
# the page names the folder the documents are installed in
target_compile_definitions(hc_docgen PRIVATE HC_DOCDIR="${CMAKE_INSTALL_FULL_DOCDIR}")
set(HC_GENERATED_DOCS
    ${CMAKE_BINARY_DIR}/share/man/man1/hc.1
    ${CMAKE_BINARY_DIR}/share/completions/hc.bash
    ${CMAKE_BINARY_DIR}/share/completions/_hc
    ${CMAKE_BINARY_DIR}/share/completions/hc.fish)
add_custom_command(
  OUTPUT ${HC_GENERATED_DOCS}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/share/man/man1 ${CMAKE_BINARY_DIR}/share/completions
  COMMAND hc_docgen man ${CMAKE_SOURCE_DIR}/docs/hc.1.in ${CMAKE_BINARY_DIR}/share/man/man1/hc.1
  COMMAND hc_docgen bash ${CMAKE_BINARY_DIR}/share/completions/hc.bash
  COMMAND hc_docgen zsh ${CMAKE_BINARY_DIR}/share/completions/_hc
  COMMAND hc_docgen fish ${CMAKE_BINARY_DIR}/share/completions/hc.fish
  DEPENDS hc_docgen ${CMAKE_SOURCE_DIR}/docs/hc.1.in
  COMMENT "Generating the man page and the bash, zsh and fish completions"
  VERBATIM)
add_custom_target(hc_docs ALL DEPENDS ${HC_GENERATED_DOCS})

# ---- pkg-config: relocatable, so a DESTDIR tree or a moved prefix works ------
file(RELATIVE_PATH HC_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" HC_PC_TO_PREFIX "${HC_PC_TO_PREFIX}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/hc.pc.in ${CMAKE_BINARY_DIR}/hc.pc @ONLY)

# ---- install rules -------------------------------------------------------------
# zsh looks in vendor-completions for the distribution's own packages and
# in site-functions under /usr/local.
if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  set(HC_ZSH_DIR_DEFAULT ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
else()
  set(HC_ZSH_DIR_DEFAULT ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
endif()
set(HC_ZSH_COMPLETION_DIR ${HC_ZSH_DIR_DEFAULT} CACHE STRING "Where _hc goes, relative to the prefix")

install(TARGETS hc RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS hcshared LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS hclib ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
file(GLOB HC_PUBLIC_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/include/hc/*.h)
install(FILES ${HC_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hc)
install(FILES ${CMAKE_BINARY_DIR}/hc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${CMAKE_BINARY_DIR}/share/man/man1/hc.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_BINARY_DIR}/share/completions/hc.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME hc)
install(FILES ${CMAKE_BINARY_DIR}/share/completions/_hc DESTINATION ${HC_ZSH_COMPLETION_DIR})
install(FILES ${CMAKE_BINARY_DIR}/share/completions/hc.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/docs/cli.md ${CMAKE_SOURCE_DIR}/docs/library.md
              ${CMAKE_SOURCE_DIR}/examples/hash_file.c ${CMAKE_SOURCE_DIR}/examples/hash_big_file.c
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# ---- tests of all this ---------------------------------------------------------
# Install into a temporary DESTDIR, check the layout, the exported symbols,
# the example built through pkg-config, the man page and completions against
# hc's own help, and make install's rollback.
add_test(NAME install COMMAND ${HC_PYTHON} -m pytest -q -p no:cacheprovider ${CMAKE_SOURCE_DIR}/tests/install)
set_tests_properties(install PROPERTIES
  ENVIRONMENT "HC_BINARY=$<TARGET_FILE:hc>;HC_BUILD_DIR=${CMAKE_BINARY_DIR};HC_SOURCE_DIR=${CMAKE_SOURCE_DIR};HC_LIBRARY_SO=$<TARGET_FILE:hcshared>;HC_ABI_VERSION=${HC_ABI_VERSION};HC_SANITIZE=${HC_SANITIZE}"
  TIMEOUT 600)

include(${CMAKE_SOURCE_DIR}/cmake/Package.cmake)
