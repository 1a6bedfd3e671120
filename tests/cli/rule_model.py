"""hashcat's rule functions written out in Python, as its CPU rule engine
(`hashcat -j`) applies them: an oracle independent of hc's engine.

tests/cli/test_rule_edges.py holds it to hashcat's own answers at the
edges of every function (tests/data/rules/edge_vectors.tsv);
tests/cli/test_rules_hashcat.py asks it about the candidates hashcat
--stdout -r prints wrong (stale bytes of its CPU copy of the GPU code).
A function whose position is past the word, or whose candidate would be
256 bytes or longer, leaves the word as it is."""

LIMIT = 256  # a candidate is shorter than this


def position(c):
    """'0'-'9' are 0-9, 'A'-'Z' 10-35."""
    return c - 0x30 if 0x30 <= c <= 0x39 else c - 0x41 + 10


def lower(b):
    return b | 0x20 if 0x41 <= b <= 0x5A else b


def upper(b):
    return b & ~0x20 if 0x61 <= b <= 0x7A else b


def toggle(b):
    return b ^ 0x20 if (0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A) else b


def grown(w, new):
    return new if len(new) < LIMIT else w


def title(w, sep):
    """Lower case but after each sep (which keeps its case), and the first byte."""
    if len(w) >= LIMIT:
        return w  # hashcat's -r engine, as hc: -j rejects a word of 256 bytes
    out, upper_next = bytearray(), True
    for b in w:
        if b == sep:
            upper_next = True
            out.append(b)
            continue
        out.append(upper(b) if upper_next else lower(b))
        upper_next = False
    return bytes(out[:1].upper() + out[1:]) if out else b""


def toggle_after(w, n, sep):
    """Toggles the first byte after the n-th (from 0) occurrence of sep."""
    out, seen, armed = bytearray(w), 0, False
    for i, b in enumerate(w):
        if b == sep:
            if seen == n:
                armed = True
            else:
                seen += 1
            continue
        if armed:
            out[i] = toggle(b)
            break
    return bytes(out)


def at(w, n, fn):
    """w with fn applied to the byte at n (unchanged when n is past the word)."""
    if n >= len(w):
        return w
    return w[:n] + bytes([fn(w[n]) & 0xFF]) + w[n + 1:]


def swap(w, n, m):
    if n >= len(w) or m >= len(w):
        return w
    b = bytearray(w)
    b[n], b[m] = b[m], b[n]
    return bytes(b)


NO_ARGUMENT = {
    ord(":"): lambda w: w,
    ord("l"): lambda w: bytes(lower(b) for b in w),
    ord("u"): lambda w: bytes(upper(b) for b in w),
    ord("c"): lambda w: bytes(upper(b) if i == 0 else lower(b) for i, b in enumerate(w)),
    ord("C"): lambda w: bytes(lower(b) if i == 0 else upper(b) for i, b in enumerate(w)),
    ord("t"): lambda w: bytes(toggle(b) for b in w),
    ord("r"): lambda w: w[::-1],
    ord("d"): lambda w: grown(w, w + w),
    ord("f"): lambda w: grown(w, w + w[::-1]),
    ord("{"): lambda w: w[1:] + w[:1],
    ord("}"): lambda w: w[-1:] + w[:-1],
    ord("["): lambda w: w[1:],
    ord("]"): lambda w: w[:-1],
    ord("k"): lambda w: swap(w, 0, 1),
    ord("K"): lambda w: swap(w, len(w) - 2, len(w) - 1) if len(w) >= 2 else w,
    ord("q"): lambda w: grown(w, bytes(b for b in w for _ in range(2))),
    ord("E"): lambda w: title(w, 0x20),
}

ONE_POSITION = {
    ord("T"): lambda w, n: at(w, n, toggle),
    ord("p"): lambda w, n: grown(w, w * (n + 1)),
    ord("D"): lambda w, n: w if n >= len(w) else w[:n] + w[n + 1:],
    ord("'"): lambda w, n: w if n >= len(w) else w[:n],
    ord("z"): lambda w, n: grown(w, w[:1] * n + w) if w else w,
    ord("Z"): lambda w, n: grown(w, w + w[-1:] * n) if w else w,
    ord("y"): lambda w, n: w if n > len(w) else grown(w, w[:n] + w),
    ord("Y"): lambda w, n: w if n > len(w) else grown(w, w + w[len(w) - n:]),
    ord("L"): lambda w, n: at(w, n, lambda b: b << 1),
    ord("R"): lambda w, n: at(w, n, lambda b: b >> 1),
    ord("+"): lambda w, n: at(w, n, lambda b: b + 1),
    ord("-"): lambda w, n: at(w, n, lambda b: b - 1),
    ord("."): lambda w, n: w if n + 1 >= len(w) else w[:n] + w[n + 1:n + 2] + w[n + 1:],
    ord(","): lambda w, n: w if n == 0 or n >= len(w) else w[:n] + w[n - 1:n] + w[n + 1:],
}

TWO_POSITIONS = {
    ord("x"): lambda w, n, m: w if n >= len(w) or n + m > len(w) else w[n:n + m],
    ord("O"): lambda w, n, m: w if n >= len(w) or n + m > len(w) else w[:n] + w[n + m:],
    ord("*"): swap,
}

POSITION_AND_BYTE = {
    ord("i"): lambda w, n, x: w if n > len(w) else grown(w, w[:n] + bytes([x]) + w[n:]),
    ord("o"): lambda w, n, x: at(w, n, lambda b: x),
    ord("3"): lambda w, n, x: toggle_after(w, n, x),
}

ONE_BYTE = {
    ord("$"): lambda w, x: grown(w, w + bytes([x])),
    ord("^"): lambda w, x: grown(w, bytes([x]) + w),
    ord("@"): lambda w, x: bytes(b for b in w if b != x),
    ord("e"): lambda w, x: title(w, x),
}


def apply_rule(rule, word):
    """The candidate hashcat's CPU engine makes of word (bytes) with rule (bytes)."""
    w, i = word, 0
    while i < len(rule):
        f = rule[i]
        i += 1
        if f == 0x20:
            continue
        if f in NO_ARGUMENT:
            w = NO_ARGUMENT[f](w)
        elif f in ONE_POSITION:
            w, i = ONE_POSITION[f](w, position(rule[i])), i + 1
        elif f in TWO_POSITIONS:
            w, i = TWO_POSITIONS[f](w, position(rule[i]), position(rule[i + 1])), i + 2
        elif f in POSITION_AND_BYTE:
            w, i = POSITION_AND_BYTE[f](w, position(rule[i]), rule[i + 1]), i + 2
        elif f in ONE_BYTE:
            w, i = ONE_BYTE[f](w, rule[i]), i + 1
        elif f == ord("s"):
            w, i = w.replace(bytes([rule[i]]), bytes([rule[i + 1]])), i + 2
        else:
            raise ValueError(f"rule function {chr(f)!r} is not modelled: {rule!r}")
    return w
