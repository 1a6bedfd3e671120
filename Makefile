# Convenience wrapper around CMake. The two commands of the README:
#   make demo   install what is missing, build, time several algorithms on a generated 1 GiB file
#   make test   install what is missing, build, run the whole test suite
BUILD ?= build
JOBS ?= $(shell nproc)
WERROR ?= ON

PREFIX ?= /usr/local

.PHONY: all build test demo sanitize tsan clean install uninstall deb fuzz cross cross-windows extra-row

all: build

build:
	./scripts/deps.sh build
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DHC_WERROR=$(WERROR) >/dev/null
	cmake --build $(BUILD) -j$(JOBS)

test: build
	./scripts/deps.sh test cluster
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

demo: build
	./scripts/deps.sh bench
	./bench/demo.sh $(BUILD)/hc

# The timing-dependent CLI tests beside two CPU hogs (a busy machine).
.PHONY: busy-test
busy-test: build
	./scripts/deps.sh test
	./scripts/busy_tests.sh $(BUILD)

# The suite again under AddressSanitizer + UndefinedBehaviorSanitizer.
sanitize:
	./scripts/deps.sh build test
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHC_WERROR=$(WERROR) -DHC_SANITIZE=address,undefined >/dev/null
	cmake --build build-asan -j$(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j$(JOBS)

# The threaded parts (pool, BLAKE3 tree, dir mode, brute force) under ThreadSanitizer.
tsan:
	./scripts/deps.sh build test
	cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHC_WERROR=$(WERROR) -DHC_SANITIZE=thread >/dev/null
	cmake --build build-tsan -j$(JOBS)
	cd build-tsan && ctest --output-on-failure -j$(JOBS)

# The proof that a new algorithm needs its own files, its row and its
# vectors only (docs/adding-an-algorithm.md): a build with the test-only
# XXH32 row (test-xxh32) after the contract's 50, and the unit and CLI
# suites on it, no test changed (the install tree and the cluster recipes
# do not depend on the rows: left to `make test`).
extra-row:
	./scripts/deps.sh build test
	cmake -S . -B build-extra -DCMAKE_BUILD_TYPE=Release -DHC_WERROR=$(WERROR) -DHC_TEST_EXTRA_ROW=ON >/dev/null
	cmake --build build-extra -j$(JOBS)
	cd build-extra && ctest --output-on-failure -j$(JOBS) -E '^(cluster|install)$$'

# Cross builds, tested under qemu-user: AArch64 (NEON through the portable
# kernels, ISA-L's CRCs) and big-endian s390x (ISA-L left out, so the
# portable CRC code is proved too). See scripts/cross.sh.
cross:
	./scripts/deps.sh cross
	./scripts/cross.sh aarch64
	./scripts/cross.sh s390x -DHC_WITH_ISAL=OFF

# Windows (x86-64, MinGW-w64, static), tested under Wine: the library's
# unit tests (the reference vectors of all 50 rows, the platform layer),
# hc.exe on the vectors and its CLI tests beside the native hc (built in
# build/ when missing), then the release zip (docs/windows.md). See
# scripts/cross.sh.
cross-windows:
	./scripts/deps.sh windows
	./scripts/cross.sh windows

# Install into $(DESTDIR)$(PREFIX): bin/hc, libhc (shared and static),
# headers, hc.pc, the man page and completions. A failed install removes
# what it copied; `make uninstall` removes everything install recorded.
install:
	./scripts/deps.sh build
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DHC_WERROR=$(WERROR) -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	cmake --build $(BUILD) -j$(JOBS) --target hc hcshared hclib hc_docs
	DESTDIR="$(DESTDIR)" ./scripts/install.sh install $(BUILD) $(PREFIX)

uninstall:
	./scripts/install.sh uninstall $(BUILD)

# The Debian package, in build-deb/ (its own build: the /usr prefix decides
# the multiarch library directory).
deb:
	./scripts/deps.sh build package
	cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DHC_WERROR=$(WERROR) -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
	cmake --build build-deb -j$(JOBS) --target hc hcshared hclib hc_docs
	rm -f build-deb/hc_*.deb
	cd build-deb && cpack -G DEB

# Every fuzz target under libFuzzer + ASan + UBSan (clang), FUZZ_SECONDS in all.
FUZZ_SECONDS ?= 90
fuzz:
	./scripts/fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf build build-asan build-tsan build-deb build-fuzz build-cross build-extra
