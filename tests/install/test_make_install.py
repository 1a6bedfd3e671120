"""scripts/install.sh, behind `make install` / `make uninstall`: a
manifest, a clean uninstall, and a failed install that leaves nothing."""
import os
import pathlib

from conftest import BUILD_DIR, SOURCE_DIR, run

SCRIPT = SOURCE_DIR / "scripts" / "install.sh"


def install(prefix, destdir, manifest):
    env = dict(os.environ, HC_INSTALL_MANIFEST=str(manifest))
    if destdir is not None:
        env["DESTDIR"] = str(destdir)
    return run([SCRIPT, "install", BUILD_DIR, prefix], env=env)


def uninstall(manifest):
    return run([SCRIPT, "uninstall", BUILD_DIR], env=dict(os.environ, HC_INSTALL_MANIFEST=str(manifest)))


def tree(root):
    return sorted(str(p.relative_to(root)) for p in pathlib.Path(root).rglob("*"))


def test_install_then_uninstall_leaves_nothing(tmp_path):
    destdir, manifest = tmp_path / "dest", tmp_path / "manifest.txt"
    destdir.mkdir()
    r = install("/opt/hc", destdir, manifest)
    assert r.returncode == 0, r.stderr
    files = tree(destdir)
    assert "opt/hc/bin/hc" in files and "opt/hc/include/hc/hc.h" in files
    assert any(f.startswith("opt/hc/lib") and f.endswith("libhc.so") for f in files)
    assert not any(".hc-install-tmp" in f for f in files)
    assert run([destdir / "opt/hc/bin/hc", "md5", "string", "-s", "123"]).stdout == \
        "202CB962AC59075B964B07152D234B70\n"
    r = uninstall(manifest)
    assert r.returncode == 0, r.stderr
    assert tree(destdir) == []  # the directories it made are gone too, DESTDIR itself stays
    assert not manifest.exists()
    assert "nothing to uninstall" in uninstall(manifest).stdout


def test_failed_install_is_rolled_back(tmp_path):
    """share/ of the prefix is a file: bin/, include/ and lib/ go in before
    the copy under share/ fails; everything of this run must go again."""
    prefix, manifest = tmp_path / "prefix", tmp_path / "manifest.txt"
    prefix.mkdir()
    (prefix / "share").write_text("in the way\n")
    r = install(str(prefix), None, manifest)
    assert r.returncode == 1
    assert "Not a directory" in r.stderr  # the OS's reason, from the tool that failed
    assert "nothing of it was left behind" in r.stderr
    assert tree(prefix) == ["share"] and (prefix / "share").read_text() == "in the way\n"
    assert not manifest.exists() or manifest.read_text() == ""


def test_failed_install_keeps_an_earlier_install_uninstallable(tmp_path):
    good, bad, manifest = tmp_path / "good", tmp_path / "bad", tmp_path / "manifest.txt"
    good.mkdir()
    bad.mkdir()
    (bad / "share").write_text("x")
    assert install(str(good), None, manifest).returncode == 0
    assert install(str(bad), None, manifest).returncode == 1
    assert tree(bad) == ["share"]
    assert uninstall(manifest).returncode == 0
    assert tree(good) == []


def test_unwritable_prefix_reports_permission(tmp_path):
    prefix, manifest = tmp_path / "locked", tmp_path / "manifest.txt"
    prefix.mkdir()
    prefix.chmod(0o555)
    try:
        r = install(str(prefix), None, manifest)
        if os.geteuid() == 0 and r.returncode == 0:
            # root writes anyway: clean up, the rollback is covered above
            assert uninstall(manifest).returncode == 0
            return
        assert r.returncode == 1
        assert "Permission denied" in r.stderr
        assert tree(prefix) == []
    finally:
        prefix.chmod(0o755)


def test_relative_prefix_is_refused(tmp_path):
    r = install("relative/prefix", tmp_path, tmp_path / "m")
    assert r.returncode == 2 and "absolute" in r.stderr
