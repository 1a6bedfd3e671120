#!/usr/bin/env python3
"""Print the bodies of the unrolled KECCAK_ROUND macros of src/lib/algos/keccak.c
(portable, lane complementing) and keccak_avx512.c (one lane per register), so
that the pi/rho bookkeeping and the chi forms can be checked or regenerated
instead of trusted.

    tools/keccak_rounds.py portable | avx512

Everything is derived from FIPS 202: rho offsets (Section 3.2.2, Algorithm 2),
pi's lane mapping (Section 3.2.3), and, for the portable code, the complement
mask P of the Keccak implementation overview (Section 2.2), with each chi
output written in the form that needs the fewest NOTs per plane.
"""
import itertools
import sys

# rho offsets: start at (1, 0), t = 0..23, offset (t+1)(t+2)/2 mod 64,
# (x, y) <- (y, 2x + 3y).
RHO = {(0, 0): 0}
x, y = 1, 0
for t in range(24):
    RHO[(x, y)] = (t + 1) * (t + 2) // 2 % 64
    x, y = y, (2 * x + 3 * y) % 5

# pi: B[y][2x+3y] = A[x][y]; SRC[(X, Y)] is the A lane feeding B lane (X, Y).
SRC = {(yy, (2 * xx + 3 * yy) % 5): (xx, yy) for xx in range(5) for yy in range(5)}

# Lanes stored inverted by the portable code.
P = {(1, 0), (2, 0), (3, 1), (2, 2), (2, 3), (0, 4)}


def lane(prefix, x, y):
    return f"{prefix}##{x}{y}"


def chi_forms(c, d):
    """All ways to write stored E = B0 ^ (~B1 & B2) (complemented when d) from
    stored inputs complemented as c = (c0, c1, c2): (negated inputs, negated
    output, operator, per-input negation)."""
    forms = []
    for n0, n1, n2, op, on in itertools.product((0, 1), (0, 1), (0, 1), "&|", (0, 1)):
        ok = True
        for s0, s1, s2 in itertools.product((0, 1), repeat=3):
            b0, b1, b2 = s0 ^ c[0], s1 ^ c[1], s2 ^ c[2]
            want = b0 ^ ((1 - b1) & b2) ^ d
            a1, a2 = s1 ^ n1, s2 ^ n2
            got = (s0 ^ n0) ^ ((a1 & a2) if op == "&" else (a1 | a2)) ^ on
            ok &= got == want
        if ok:
            forms.append((n0, n1, n2, op, on))
    return forms


def round_body(ops, chi_plane, iota):
    """theta and rho/pi with the given operator spellings, chi_plane(Y) for
    the chi lines of each plane, then iota."""
    out = [f"c{x} = {ops['xor5']([lane('A', x, y) for y in range(5)])};" for x in range(5)]
    out += [f"d{x} = {ops['xor'](f'c{(x - 1) % 5}', ops['rol'](f'c{(x + 1) % 5}', 1))};" for x in range(5)]
    for Y in range(5):
        for X in range(5):
            x, y = SRC[(X, Y)]
            e = ops["xor"](lane("A", x, y), f"d{x}")
            out.append(f"b{X} = {ops['rol'](e, RHO[(x, y)]) if RHO[(x, y)] else e};")
        out += chi_plane(Y)
    out.append(iota)
    return out


def portable():
    parity = [sum((x, y) in P for y in range(5)) & 1 for x in range(5)]
    # theta's d[x] comes out complemented when exactly one of its two
    # parities is.
    dflip = [parity[(x - 1) % 5] ^ parity[(x + 1) % 5] for x in range(5)]

    def chi_plane(Y):
        comp = [int(SRC[(X, Y)] in P) ^ dflip[SRC[(X, Y)][0]] for X in range(5)]
        options = []
        for X in range(5):
            idx = (X, (X + 1) % 5, (X + 2) % 5)
            options.append([(f, idx) for f in chi_forms([comp[i] for i in idx], int((X, Y) in P))])
        best = None
        for combo in itertools.product(*options):
            negated = {i for f, idx in combo for n, i in zip(f[:3], idx) if n}
            cost = len(negated) + sum(f[4] for f, _ in combo)
            if best is None or cost < best[0]:
                best = (cost, combo)
        lines = []
        for X, (f, idx) in enumerate(best[1]):
            v = [("~" if n else "") + f"b{i}" for n, i in zip(f[:3], idx)]
            expr = f"{v[0]} ^ ({v[1]} {f[3]} {v[2]})"
            lines.append(f"{lane('E', X, Y)} = {'~(' + expr + ')' if f[4] else expr};")
        return lines

    ops = {"xor5": " ^ ".join, "xor": lambda a, b: f"{a} ^ {b}", "rol": lambda a, n: f"HC_ROL64({a}, {n})"}
    return round_body(ops, chi_plane, "E##00 ^= (rc);")


def avx512():
    ops = {"xor5": lambda v: f"XOR5({', '.join(v)})", "xor": lambda a, b: f"_mm_xor_si128({a}, {b})",
           "rol": lambda a, n: f"_mm_rol_epi64({a}, {n})"}
    return round_body(ops, lambda Y: [f"{lane('E', X, Y)} = CHI(b{X}, b{(X + 1) % 5}, b{(X + 2) % 5});"
                                      for X in range(5)], "E##00 = _mm_xor_si128(E##00, (rc));")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("portable", "avx512"):
        sys.exit(__doc__)
    body = portable() if sys.argv[1] == "portable" else avx512()
    width = max(len(line) for line in body)
    for i, line in enumerate(body):
        print("    " + (line.ljust(width) + " \\" if i < len(body) - 1 else line))
