# The Debian package: `make deb` (a build configured with the /usr prefix,
# then `cpack -G DEB`). One package, hc, holding the command, the library
# (shared and static), headers, pkg-config file, man page and completions.
# Depends is computed by dpkg-shlibdeps from the ELF files themselves, and
# a shlibs file lets packages built against libhc depend on it in turn.

set(CPACK_PACKAGE_NAME hc)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "the hc developers")
set(CPACK_PACKAGE_CONTACT "the hc developers <hc-developers@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "hash calculator: 50 algorithms for strings, files, trees and brute force")
set(CPACK_PACKAGE_DESCRIPTION
    "hc computes digests of strings, files and directory trees, verifies and\n\
finds files by hash, and restores short strings from their hash by brute\n\
force, with the command line of the established Hash Calculator. 50\n\
algorithms (MD, SHA-1/2/3, BLAKE2/3, RIPEMD, HAVAL, Tiger, GOST, CRC and\n\
more), SIMD code chosen at run time. Also ships libhc, its headers and a\n\
pkg-config file.")
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# libhc.so.N is registered through dpkg's ldconfig trigger; our own
# (empty) postinst and postrm keep CPack from writing ones that call
# ldconfig directly, which Debian no longer wants.
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/cmake/debian/triggers ${CMAKE_SOURCE_DIR}/cmake/debian/postinst
                                       ${CMAKE_SOURCE_DIR}/cmake/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Debian keeps man pages and changelogs gzipped and wants a copyright
# file; done on the staged tree just before it is packed.
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_SOURCE_DIR}/cmake/DebianTree.cmake)
# `make deb` builds the targets the package needs; packing must not build
# everything else (tests, benchmarks) first.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
include(CPack)
