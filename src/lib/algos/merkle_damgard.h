/* Plumbing shared by our Merkle-Damgard hashes (MD2, RIPEMD-128/256/320,
 * HAVAL, Tiger): rotations, the buffering of a message into whole blocks,
 * and the final padding block (byte order helpers are in byteorder.h).
 *
 * Everything here is static inline so that each hash's compression function,
 * passed by name, is called directly (and usually inlined), never through a
 * run-time function pointer. */
#ifndef HC_ALGOS_MERKLE_DAMGARD_H
#define HC_ALGOS_MERKLE_DAMGARD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "byteorder.h"

/* Consumes block_count whole blocks of block_len bytes each. */
typedef void hc_md_compress_fn(void *state, const uint8_t *blocks, size_t block_count);

/* Appends len bytes to a message whose first *total_len bytes were already
 * absorbed: completes the partly filled buffer, compresses whole blocks in
 * place without copying, and keeps the rest in buffer.  *total_len counts
 * bytes in 64 bits so that messages beyond 4 GiB keep their true length. */
static inline void hc_md_absorb(void *state, hc_md_compress_fn *compress, uint8_t *buffer, size_t block_len,
                                uint64_t *total_len, const uint8_t *data, size_t len)
{
    if (len == 0) /* data may then be NULL, which memcpy must not see */
        return;
    size_t buffered = (size_t)(*total_len % block_len);
    *total_len += len;
    if (buffered != 0) {
        size_t missing = block_len - buffered;
        if (len < missing) {
            memcpy(buffer + buffered, data, len);
            return;
        }
        memcpy(buffer + buffered, data, missing);
        compress(state, buffer, 1);
        data += missing;
        len -= missing;
    }
    size_t whole_blocks = len / block_len;
    if (whole_blocks != 0) {
        compress(state, data, whole_blocks);
        data += whole_blocks * block_len;
        len -= whole_blocks * block_len;
    }
    if (len != 0)
        memcpy(buffer, data, len);
}

/* The update function of a hash whose context holds `buffer` (exactly one
 * block: its size is the block length) and `length` (bytes so far): every
 * such hash buffers its message the same way. */
#define HC_MD_UPDATE(name, ctx_type, compress)                                              \
    void name(void *ctx, const void *data, size_t len)                                      \
    {                                                                                       \
        ctx_type *c = ctx;                                                                  \
        hc_md_absorb(c, compress, c->buffer, sizeof(c->buffer), &c->length, data, len);      \
    }

/* The strengthening step common to MD4-style padding: one byte pad_byte
 * after the message, zeros, and tail_len bytes of tail (the length field)
 * ending the last block.  One extra block is used when the tail does not fit
 * after the pad byte.  total_len is the message length in bytes. */
static inline void hc_md_finish(void *state, hc_md_compress_fn *compress, uint8_t *buffer, size_t block_len,
                                uint64_t total_len, uint8_t pad_byte, const uint8_t *tail, size_t tail_len)
{
    size_t used = (size_t)(total_len % block_len);
    buffer[used++] = pad_byte;
    if (used > block_len - tail_len) {
        memset(buffer + used, 0, block_len - used);
        compress(state, buffer, 1);
        used = 0;
    }
    memset(buffer + used, 0, block_len - tail_len - used);
    memcpy(buffer + block_len - tail_len, tail, tail_len);
    compress(state, buffer, 1);
}

#endif
