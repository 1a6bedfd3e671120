/* hc — HC_API marks the declarations that make up libhc's public ABI.
 *
 * The library is built with -fvisibility=hidden, so only what carries this
 * mark is exported from libhc.so; everything else (backends, kernels, the
 * thread pool's insides) stays private to the library and may change in
 * any release. A test (tests/cli/test_install.py) compares the exported
 * symbols with the marked declarations. */
#ifndef HC_EXPORT_H
#define HC_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define HC_API __attribute__((visibility("default")))
#else
#define HC_API
#endif

#endif
