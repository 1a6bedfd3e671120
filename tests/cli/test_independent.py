"""Every algorithm that has an independent implementation on this machine
agrees with it on multi-block, non-uniform input (string mode).

References: Python's hashlib (its BLAKE2 is CPython's own code), PyCryptodome
(python3-pycryptodome: MD2, MD4, RIPEMD-160, original Keccak), RHash (own
code for Tiger, TTH, GOST, Snefru, EDON-R, SHA-3, CRC32C) and b3sum.
"""
import hashlib
import random
import shutil
import subprocess

import pytest

from conftest import run_hc

try:
    from Cryptodome.Hash import MD2, MD4, RIPEMD160, keccak
except ImportError:  # pragma: no cover - CI installs python3-pycryptodome
    MD2 = MD4 = RIPEMD160 = keccak = None


def messages():
    """Non-uniform text of lengths around block boundaries (no NUL: argv)."""
    rng = random.Random(20261130)
    out = []
    for length in (1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 135, 136, 137, 1023, 1024, 1025, 3000, 8193):
        out.append(bytes(rng.randrange(1, 256) for _ in range(length)))
    return out


MESSAGES = messages()


def hashlib_ref(name):
    return lambda data: hashlib.new(name, data).hexdigest()


def crypto_ref(module, **kw):
    if module is None:
        return None
    return lambda data: module.new(data=data, **kw).hexdigest()


def rhash_ref(option, token):
    if shutil.which("rhash") is None:
        return None

    def digest(data):
        proc = subprocess.run(["rhash", f"--{option}", f"--printf=%x{{{token}}}", "-"], input=data,
                              stdout=subprocess.PIPE, check=True)
        return proc.stdout.decode().strip()
    return digest


def b3sum_ref(data):
    proc = subprocess.run(["b3sum", "--no-names"], input=data, stdout=subprocess.PIPE, check=True)
    return proc.stdout.decode().strip()


REFERENCES = {
    "md5": hashlib_ref("md5"),
    "sha1": hashlib_ref("sha1"),
    "sha224": hashlib_ref("sha224"),
    "sha256": hashlib_ref("sha256"),
    "sha384": hashlib_ref("sha384"),
    "sha512": hashlib_ref("sha512"),
    "sha-3-224": hashlib_ref("sha3_224"),
    "sha-3-256": hashlib_ref("sha3_256"),
    "sha-3-384": hashlib_ref("sha3_384"),
    "sha-3-512": hashlib_ref("sha3_512"),
    "blake2b": hashlib_ref("blake2b"),
    "blake2s": hashlib_ref("blake2s"),
    "md2": crypto_ref(MD2),
    "md4": crypto_ref(MD4),
    "ripemd160": crypto_ref(RIPEMD160),
    "sha-3k-224": crypto_ref(keccak, digest_bits=224),
    "sha-3k-256": crypto_ref(keccak, digest_bits=256),
    "sha-3k-384": crypto_ref(keccak, digest_bits=384),
    "sha-3k-512": crypto_ref(keccak, digest_bits=512),
    "tiger": rhash_ref("tiger", "tiger"),
    "tth": rhash_ref("tth", "tth"),
    "gost": rhash_ref("gost94-cryptopro", "gost94-cryptopro"),
    "snefru128": rhash_ref("snefru128", "snefru128"),
    "snefru256": rhash_ref("snefru256", "snefru256"),
    "edonr256": rhash_ref("edonr256", "edon-r256"),
    "edonr512": rhash_ref("edonr512", "edon-r512"),
    "whirlpool": rhash_ref("whirlpool", "whirlpool"),
    "crc32": rhash_ref("crc32", "crc32"),
    "crc32c": rhash_ref("crc32c", "crc32c"),
    "blake3": b3sum_ref if shutil.which("b3sum") else None,
}


@pytest.mark.parametrize("alg", sorted(REFERENCES))
def test_agrees_with_independent_implementation(alg):
    reference = REFERENCES[alg]
    if reference is None:
        pytest.skip(f"no independent implementation of {alg} installed")
    for data in MESSAGES:
        r = run_hc(alg, "string", "-s", data, "-l")
        assert r.rc == 0
        assert r.out.strip() == reference(data), f"{alg} differs on {len(data)} bytes"


def test_ntlm_is_md4_of_utf16le():
    if MD4 is None:
        pytest.skip("PyCryptodome is not installed")
    rng = random.Random(7)
    alphabet = "abcXYZ019 äöüßéèñ€жщ😀𝄞"
    for length in (1, 27, 28, 31, 32, 33, 200, 1000):
        text = "".join(rng.choice(alphabet) for _ in range(length))
        r = run_hc("ntlm", "string", "-s", text, "-l")
        assert r.out.strip() == MD4.new(text.encode("utf-16-le")).hexdigest()
