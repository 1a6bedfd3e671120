/* The CRC rows as tree hashes: a range CRC'd apart from a zero register
 * (hc_hasher_subtree) and appended (hc_hasher_push_subtree) multiplies the
 * register by x^(8n) for the range's n bytes (src/lib/algos/crc_combine.c).
 * hc's own file engine only pushes ranges of whole KiB, so a wrong power
 * for a length that is not a multiple of 4 (or 8, or 1024) shows only to a
 * library caller pushing such ranges: here, every length from 1 to 40 and
 * odd ones up to 64 KiB, against the published check values of CRC-32 and
 * CRC-32C ("123456789": CBF43926 and E3069283, the Rocksoft catalogue's
 * "check" field) and against the same bytes given to update(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc/hc.h"
#include "testutil.h"

/* in[0, len) as pieces of the given lengths, each CRC'd apart and pushed,
 * then the rest (at least one byte) through update. */
static void crc_in_pieces(hc_hasher *h, const uint8_t *in, size_t len, const size_t *pieces, size_t count,
                          uint8_t *out)
{
    hc_hasher_reset(h);
    size_t pos = 0;
    for (size_t i = 0; i < count && pos + pieces[i] < len; i++) {
        uint8_t node[HC_TREE_NODE_MAX];
        hc_hasher_subtree(h, pos, in + pos, pieces[i], node);
        hc_hasher_push_subtree(h, pieces[i], node);
        pos += pieces[i];
    }
    hc_hasher_update(h, in + pos, len - pos);
    hc_hasher_final(h, out);
}

static void check_catalogue(const char *name, uint32_t check)
{
    hc_hasher h;
    CHECK(hc_hasher_open(&h, hc_algorithm_find(name), NULL) == HC_OK);
    static const size_t splits[][3] = {{1, 1, 1}, {3, 5, 0}, {5, 0, 0}, {2, 2, 2}, {7, 0, 0}, {1, 6, 0}, {4, 4, 0}};
    for (size_t s = 0; s < sizeof(splits) / sizeof(splits[0]); s++) {
        size_t count = 0;
        while (count < 3 && splits[s][count])
            count++;
        uint8_t out[4];
        crc_in_pieces(&h, (const uint8_t *)"123456789", 9, splits[s], count, out);
        uint32_t got = (uint32_t)out[0] << 24 | (uint32_t)out[1] << 16 | (uint32_t)out[2] << 8 | out[3];
        CHECK_MSG(got == check, "%s of \"123456789\" in pieces %zu,%zu,%zu: %08X, the check value is %08X", name,
                  splits[s][0], splits[s][1], splits[s][2], (unsigned)got, (unsigned)check);
    }
    hc_hasher_close(&h);
}

/* Every piece length 1..40 (and some odd big ones), alone or one after the
 * other, equals update() of the same bytes. */
static void check_lengths(const char *name, const uint8_t *data, size_t len)
{
    hc_hasher h;
    CHECK(hc_hasher_open(&h, hc_algorithm_find(name), NULL) == HC_OK);
    uint8_t want[4], got[4];
    hc_hasher_oneshot(&h, data, len, want);
    for (size_t piece = 1; piece <= 40; piece++) {
        size_t pieces[3] = {piece, piece, piece + 1};
        crc_in_pieces(&h, data, len, pieces, 3, got);
        CHECK_MSG(memcmp(got, want, 4) == 0, "%s: three pieces from %zu bytes differ from update()", name, piece);
    }
    static const size_t odd[] = {1023, 1025, 4097, 65535, 3, 1024, 6, 12345};
    crc_in_pieces(&h, data, len, odd, sizeof(odd) / sizeof(odd[0]), got);
    CHECK_MSG(memcmp(got, want, 4) == 0, "%s: pieces of 1023, 1025, 4097, 65535 ... bytes differ from update()", name);
    hc_hasher_close(&h);
}

int main(void)
{
    size_t len = 100000;
    uint8_t *data = malloc(len);
    if (data == NULL)
        return 2;
    fill_pattern(data, len, 28);
    /* the backend HC_SIMD leaves (the table with HC_SIMD=portable) */
    check_catalogue("crc32", 0xCBF43926u);
    check_catalogue("crc32c", 0xE3069283u);
    check_lengths("crc32", data, len);
    check_lengths("crc32c", data, len);
    free(data);
    return test_report("crc_combine");
}
