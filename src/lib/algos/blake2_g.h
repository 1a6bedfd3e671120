/* BLAKE2's mixing function G and its round (RFC 7693 §3.1-3.2), written
 * once for any word type and any way of naming the state: the scalar
 * compression (blake2_width.h, for BLAKE2b and BLAKE2s) and the brute-force
 * kernels (src/lib/crack/kernels, BLAKE2s/BLAKE3 and BLAKE2b lanes) expand
 * these macros. */
#ifndef HC_ALGOS_BLAKE2_G_H
#define HC_ALGOS_BLAKE2_G_H

/* G mixes two message words into four state words; ROTR rotates right,
 * R1..R4 are the width's distances (§2.1: 32, 24, 16, 63 for BLAKE2b;
 * 16, 12, 8, 7 for BLAKE2s and BLAKE3). The message word is added to a
 * first: b is the value computed last, so a + x is ready before it and
 * only one addition waits for b. */
#define BLAKE2_G(ROTR, R1, R2, R3, R4, a, b, c, d, x, y) \
    do {                                                 \
        a = (a + (x)) + b;                               \
        d = ROTR(d ^ a, R1);                             \
        c = c + d;                                       \
        b = ROTR(b ^ c, R2);                             \
        a = (a + (y)) + b;                               \
        d = ROTR(d ^ a, R3);                             \
        c = c + d;                                       \
        b = ROTR(b ^ c, R4);                             \
    } while (0)

/* One round: G(a, b, c, d, x, y) on the four columns, then on the four
 * diagonals; V(i) names state word i, M(i) message word i, and s is the
 * round's row of sigma (§2.7). */
#define BLAKE2_ROUND(G, V, M, s)                               \
    do {                                                       \
        G(V(0), V(4), V(8), V(12), M((s)[0]), M((s)[1]));      \
        G(V(1), V(5), V(9), V(13), M((s)[2]), M((s)[3]));      \
        G(V(2), V(6), V(10), V(14), M((s)[4]), M((s)[5]));     \
        G(V(3), V(7), V(11), V(15), M((s)[6]), M((s)[7]));     \
        G(V(0), V(5), V(10), V(15), M((s)[8]), M((s)[9]));     \
        G(V(1), V(6), V(11), V(12), M((s)[10]), M((s)[11]));   \
        G(V(2), V(7), V(8), V(13), M((s)[12]), M((s)[13]));    \
        G(V(3), V(4), V(9), V(14), M((s)[14]), M((s)[15]));    \
    } while (0)

#endif
