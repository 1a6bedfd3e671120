"""cmake --install: the layout, the shared library's SONAME and exports,
and the example program built against the installed tree via pkg-config."""
import os
import re
import subprocess

from conftest import ABI_VERSION, LIBRARY_SO, SANITIZE_FLAGS, SOURCE_DIR, run


def libdir_of(prefix):
    [pc] = list(prefix.glob("lib*/**/pkgconfig/hc.pc")) or list(prefix.glob("lib*/pkgconfig/hc.pc"))
    return pc.parent.parent


def test_layout(installed):
    destdir, prefix = installed
    hc = prefix / "bin" / "hc"
    assert hc.is_file() and os.access(hc, os.X_OK)
    libdir = libdir_of(prefix)
    real = list(libdir.glob("libhc.so.*.*.*"))
    assert len(real) == 1 and real[0].is_file() and not real[0].is_symlink()
    soname_link = libdir / f"libhc.so.{ABI_VERSION}"
    assert soname_link.is_symlink() and soname_link.resolve() == real[0].resolve()
    assert (libdir / "libhc.so").is_symlink() and (libdir / "libhc.so").resolve() == real[0].resolve()
    assert (libdir / "libhc.a").is_file()
    headers = {p.name for p in (prefix / "include" / "hc").iterdir()}
    assert headers == {p.name for p in (SOURCE_DIR / "include" / "hc").glob("*.h")}
    assert "hc.h" in headers
    assert (prefix / "share/man/man1/hc.1").is_file()
    assert (prefix / "share/bash-completion/completions/hc").is_file()
    assert list(prefix.glob("share/zsh/*/_hc"))
    assert (prefix / "share/fish/vendor_completions.d/hc.fish").is_file()
    assert (prefix / "share/doc/hc/hash_file.c").is_file()
    # Nothing outside the prefix.
    assert {p.name for p in destdir.iterdir()} == {prefix.relative_to(destdir).parts[0]}


def test_installed_hc_runs(installed):
    _, prefix = installed
    r = run([prefix / "bin" / "hc", "md5", "string", "-s", "123"])
    assert (r.returncode, r.stdout) == (0, "202CB962AC59075B964B07152D234B70\n")
    # bin/hc carries the library inside: it needs no libhc.so at run time.
    r = run(["readelf", "-d", prefix / "bin" / "hc"])
    assert "libhc" not in r.stdout


def test_soname():
    r = run(["readelf", "-d", LIBRARY_SO])
    assert r.returncode == 0
    assert f"Library soname: [libhc.so.{ABI_VERSION}]" in r.stdout


def public_declarations():
    """Names declared with HC_API in the public headers."""
    names = set()
    for header in (SOURCE_DIR / "include" / "hc").glob("*.h"):
        text = header.read_text()
        for line in text.splitlines():
            if "HC_API" not in line or line.lstrip().startswith(("#", "/*", "*")):
                continue
            m = re.search(r"\b(hc_[a-z0-9_]+)\s*[\(\[]", line)
            assert m, f"{header.name}: HC_API on a line without a declaration: {line}"
            names.add(m.group(1))
    return names


def test_every_public_declaration_is_marked():
    """A function or object declared in a public header without HC_API
    would be hidden in libhc.so (built with -fvisibility=hidden): callers
    could compile against it and fail to link."""
    unmarked = []
    for header in sorted((SOURCE_DIR / "include" / "hc").glob("*.h")):
        for number, line in enumerate(header.read_text().splitlines(), 1):
            if re.match(r"^(typedef|#|static|/\*|\*|\s|\}|HC_API|extern HC_API|$)", line):
                continue
            if re.search(r"\bhc_[a-z0-9_]+\s*[\(\[]", line) or re.match(r"extern (?!\"C\")", line):
                unmarked.append(f"{header.name}:{number}: {line}")
    assert unmarked == []


def test_exports_are_exactly_the_public_api():
    r = run(["nm", "-D", "--defined-only", LIBRARY_SO])
    assert r.returncode == 0, r.stderr
    exported = set()
    for line in r.stdout.splitlines():
        fields = line.split()
        # names with two leading underscores belong to the toolchain (a
        # sanitizer build's instrumentation), not to the API
        if len(fields) == 3 and fields[1] in "TDRBVW" and not fields[2].startswith("__"):
            exported.add(fields[2].split("@")[0])
    declared = public_declarations()
    assert len(declared) > 30
    assert exported == declared, (sorted(exported - declared), sorted(declared - exported))


def test_example_builds_with_pkg_config_and_runs(installed, tmp_path):
    destdir, prefix = installed
    libdir = libdir_of(prefix)
    env = dict(os.environ, PKG_CONFIG_PATH=str(libdir / "pkgconfig"))
    flags = run(["pkg-config", "--cflags", "--libs", "hc"], env=env)
    assert flags.returncode == 0, flags.stderr
    assert str(destdir) in flags.stdout  # found through the installed tree, not the source tree
    assert "src/" not in flags.stdout and str(SOURCE_DIR / "include") not in flags.stdout
    example = prefix / "share/doc/hc/hash_file.c"
    program = tmp_path / "hash_file"
    r = run(["cc", "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror", *SANITIZE_FLAGS, example, "-o", program,
             *flags.stdout.split()])
    assert r.returncode == 0, r.stderr
    # Linked against the shared library, which the loader finds in the tree.
    r = run(["readelf", "-d", program])
    assert f"Shared library: [libhc.so.{ABI_VERSION}]" in r.stdout
    data = tmp_path / "data.bin"
    data.write_bytes(bytes(range(256)) * 1000)
    run_env = dict(os.environ, LD_LIBRARY_PATH=str(libdir))
    r = run([program, "sha256", data], env=run_env)
    import hashlib
    assert (r.returncode, r.stdout) == (0, f"{hashlib.sha256(data.read_bytes()).hexdigest()}  {data}\n")
    r = run(["ldd", program], env=run_env)
    assert str(libdir) in r.stdout
    r = run([program, "md55", data], env=run_env)
    assert r.returncode == 2 and "unknown algorithm" in r.stderr
    r = run([program, "md5", tmp_path / "missing"], env=run_env)
    assert r.returncode == 1 and "No such file" in r.stderr


def test_static_link_through_pkg_config(installed, tmp_path):
    _, prefix = installed
    libdir = libdir_of(prefix)
    env = dict(os.environ, PKG_CONFIG_PATH=str(libdir / "pkgconfig"))
    flags = run(["pkg-config", "--static", "--cflags", "--libs", "hc"], env=env).stdout.split()
    program = tmp_path / "hash_file_static"
    # -l:libhc.a picks the archive; the private libraries come from --static.
    flags = ["-l:libhc.a" if f == "-lhc" else f for f in flags]
    r = run(["cc", *SANITIZE_FLAGS, prefix / "share/doc/hc/hash_file.c", "-o", program, *flags])
    assert r.returncode == 0, r.stderr
    assert "libhc" not in run(["readelf", "-d", program]).stdout
    data = tmp_path / "x"
    data.write_bytes(b"123")
    r = run([program, "md5", data])
    assert r.stdout.split()[0] == "202cb962ac59075b964b07152d234b70"


def test_version_is_the_commands(installed, tmp_path):
    _, prefix = installed
    libdir = libdir_of(prefix)
    env = dict(os.environ, PKG_CONFIG_PATH=str(libdir / "pkgconfig"))
    version = run(["pkg-config", "--modversion", "hc"], env=env).stdout.strip()
    src = tmp_path / "v.c"
    src.write_text('#include <hc/hc.h>\n#include <stdio.h>\nint main(void) { puts(hc_version()); '
                   'return HC_ABI_VERSION > 0 ? 0 : 1; }\n')
    flags = run(["pkg-config", "--cflags", "--libs", "hc"], env=env).stdout.split()
    assert run(["cc", *SANITIZE_FLAGS, src, "-o", tmp_path / "v", *flags]).returncode == 0
    out = run([tmp_path / "v"], env=dict(os.environ, LD_LIBRARY_PATH=str(libdir))).stdout.strip()
    assert out == version
    assert run([prefix / "bin" / "hc", "--version"]).stdout.splitlines()[0] == f"hc {version}"
