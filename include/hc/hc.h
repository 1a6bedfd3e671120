/* libhc — the umbrella header: include this one.
 *
 *   #include <hc/hc.h>
 *   cc prog.c $(pkg-config --cflags --libs hc)
 *
 * The library computes; it never prints, never exits and keeps no global
 * state beyond the CPU features it reads once. docs/library.md describes
 * the API, who owns what, threading, errors and the ABI promise. */
#ifndef HC_HC_H
#define HC_HC_H

#include "hc/export.h"

/* The stable core: hashing, encodings, files. */
#include "hc/algorithm.h"
#include "hc/blake3.h"
#include "hc/cpu.h"
#include "hc/encode.h"
#include "hc/file.h"
#include "hc/pool.h"
#include "hc/status.h"

/* The search engine, for programs that opt in to its unstable ABI
 * (hc/crack.h). */
#ifdef HC_ADVANCED_API
#include "hc/crack.h"
#include "hc/mask.h"
#include "hc/rules.h"
#include "hc/stream.h"
#endif

/* C linkage in C++, as in every libhc header. */
#ifdef __cplusplus
extern "C" {
#endif

/* The ABI generation: the N of libhc.so.N (CMake reads it from here).
 * Raised whenever a release removes or changes anything the core headers
 * export; adding functions keeps it. The advanced API is outside it. */
#define HC_ABI_VERSION 4

/* The library's release, e.g. "1.0.0" (the hc command prints the same). */
HC_API const char *hc_version(void);

#ifdef __cplusplus
}
#endif

#endif
