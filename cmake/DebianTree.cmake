# Runs inside cpack on the staged tree of the .deb (CPACK_PRE_BUILD_SCRIPTS):
# what Debian policy asks of a package's files beyond what install lays out.
#   - man pages gzipped at the highest level (policy 12.1)
#   - /usr/share/doc/hc/copyright (policy 12.5), here the MIT licence text
#   - a changelog.gz (policy 12.7; a native package: no Debian revision)
set(root "${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
if(NOT IS_DIRECTORY "${root}")
  message(FATAL_ERROR "DebianTree.cmake: no staged tree at '${root}'")
endif()
find_program(GZIP gzip REQUIRED)
file(GLOB_RECURSE manpages "${root}/*/share/man/*.[1-9]")
foreach(page IN LISTS manpages)
  execute_process(COMMAND ${GZIP} -9n "${page}" RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "gzip ${page} failed")
  endif()
endforeach()
file(GLOB docdirs "${root}/*/share/doc/hc")
foreach(doc IN LISTS docdirs)
  file(READ "${CPACK_RESOURCE_FILE_LICENSE}" license)
  file(WRITE "${doc}/copyright"
       "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
       "Upstream-Name: hc\n\nFiles: *\nCopyright: the hc developers\nLicense: MIT\n")
  string(REGEX REPLACE "\n\n" "\n.\n" license_paragraphs "${license}")
  string(REGEX REPLACE "\n" "\n " license_indented "${license_paragraphs}")
  file(APPEND "${doc}/copyright" " ${license_indented}\n")
  string(TIMESTAMP now "%a, %d %b %Y %H:%M:%S +0000" UTC)
  file(WRITE "${doc}/changelog"
       "hc (${CPACK_PACKAGE_VERSION}) unstable; urgency=low\n\n"
       "  * Release ${CPACK_PACKAGE_VERSION}, packaged from the project's own CMake rules.\n\n"
       " -- ${CPACK_PACKAGE_CONTACT}  ${now}\n")
  execute_process(COMMAND ${GZIP} -9n "${doc}/changelog" RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "gzip changelog failed")
  endif()
endforeach()
