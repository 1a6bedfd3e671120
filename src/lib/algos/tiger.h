/* Tiger/192 (Anderson, Biham); the row's pad_byte is the first padding
 * byte: 0x01 for Tiger, 0x80 for Tiger2. */
#ifndef HC_ALGOS_TIGER_H
#define HC_ALGOS_TIGER_H

#include "algorithm_row.h"

/* The first padding byte: the only difference between Tiger and Tiger2. */
enum {
    HC_TIGER_PADDING_TIGER = 0x01,
    HC_TIGER_PADDING_TIGER2 = 0x80
};

/* Plain data: copying it with memcpy copies the running hash. */
typedef struct hc_tiger_ctx {
    uint64_t state[3];   /* a, b, c */
    uint64_t length;     /* bytes absorbed so far */
    uint8_t buffer[64];  /* the partial block */
    uint8_t padding;     /* HC_TIGER_PADDING_TIGER or HC_TIGER_PADDING_TIGER2 */
} hc_tiger_ctx;

void hc_tiger_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_tiger_update(void *ctx, const void *data, size_t len);
void hc_tiger_final(void *ctx, uint8_t *out, size_t out_len);

/* The four S-boxes t1..t4, one after the other (4 x 256 words). */
#define HC_TIGER_SBOX_WORDS 1024
extern const uint64_t hc_tiger_sboxes[HC_TIGER_SBOX_WORDS];

/* Builds the S-boxes by the procedure of the Tiger paper; the constant
 * table above is its output, and the tests check that they agree. */
void hc_tiger_generate_sboxes(uint64_t sboxes[HC_TIGER_SBOX_WORDS]);

#endif
