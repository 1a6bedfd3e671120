# Cross-compiling hc for 64-bit Windows with Debian's MinGW-w64 (the posix
# thread model: winpthreads and C11 atomics), as scripts/cross.sh windows
# does. Programs are linked statically: hc.exe and the test programs import
# only Windows' own DLLs. CMAKE_CROSSCOMPILING_EMULATOR runs the tests under
# Wine (scripts/cross.sh sets WINEPREFIX and WINEDEBUG).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(HC_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${HC_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_RC_COMPILER ${HC_MINGW_TRIPLE}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${HC_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
find_program(HC_WINE64 wine64 PATHS /usr/lib/wine NO_DEFAULT_PATH)
find_program(HC_WINE64 wine64)
set(CMAKE_CROSSCOMPILING_EMULATOR ${HC_WINE64})
