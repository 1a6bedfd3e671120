/* BLAKE3 compression in plain C (spec §2.1, §2.5), and the loops that hand
 * inputs to the widest SIMD kernel that still has work, then to this code. */
#include "blake3_impl.h"

#include <string.h>

#include "rotate.h"
#include "simd.h"

#define P_ADD(a, b) ((a) + (b))
#define P_XOR(a, b) ((a) ^ (b))
#define P_R16(x) HC_ROTR32(x, 16)
#define P_R12(x) HC_ROTR32(x, 12)
#define P_R8(x) HC_ROTR32(x, 8)
#define P_R7(x) HC_ROTR32(x, 7)
#define P_ROUND(...) B3_ROUND(P_ADD, P_XOR, P_R16, P_R12, P_R8, P_R7, v, m, __VA_ARGS__);

/* The 16-word state after the 7 rounds, before the feed-forward (spec §2.1). */
B3_INLINE void compress_state(uint32_t v[16], const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN],
                           uint8_t block_len, uint64_t counter, uint8_t flags)
{
    uint32_t m[16];
    for (int i = 0; i < 16; i++)
        m[i] = b3_load32(block + 4 * i);
    for (int i = 0; i < 8; i++)
        v[i] = cv[i];
    v[8] = B3_IV0;
    v[9] = B3_IV1;
    v[10] = B3_IV2;
    v[11] = B3_IV3;
    v[12] = (uint32_t)counter;
    v[13] = (uint32_t)(counter >> 32);
    v[14] = block_len;
    v[15] = flags;
    B3_SCHEDULE(P_ROUND)
}

void hc_b3_compress_in_place(uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                             uint64_t counter, uint8_t flags)
{
    uint32_t v[16];
    compress_state(v, cv, block, block_len, counter, flags);
    for (int i = 0; i < 8; i++)
        cv[i] = v[i] ^ v[i + 8];
}

void hc_b3_compress_xof(const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                        uint64_t counter, uint8_t flags, uint8_t out[64])
{
    uint32_t v[16];
    compress_state(v, cv, block, block_len, counter, flags);
    /* Spec §2.5: the second half of the output is the upper state words
     * xored with the input chaining value. */
    for (int i = 0; i < 8; i++) {
        b3_store32(out + 4 * i, v[i] ^ v[i + 8]);
        b3_store32(out + 32 + 4 * i, v[i + 8] ^ cv[i]);
    }
}

void hc_b3_hash_portable(const uint8_t *in, size_t stride, size_t count, size_t blocks,
                         const uint32_t key[8], uint64_t counter, bool increment, uint8_t flags,
                         uint8_t flags_start, uint8_t flags_end, uint8_t *out)
{
    hc_simd_note(HC_SIMD_PORTABLE);
    for (size_t i = 0; i < count; i++) {
        uint32_t cv[8];
        memcpy(cv, key, sizeof(cv));
        uint8_t block_flags = flags | flags_start;
        for (size_t b = 0; b < blocks; b++) {
            if (b + 1 == blocks)
                block_flags |= flags_end;
            hc_b3_compress_in_place(cv, in + i * stride + b * B3_BLOCK_LEN, B3_BLOCK_LEN, counter, block_flags);
            block_flags = flags;
        }
        for (int w = 0; w < 8; w++)
            b3_store32(out + 32 * i + 4 * w, cv[w]);
        if (increment)
            counter++;
    }
}

void hc_b3_xof_portable(const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                        uint64_t counter, uint8_t flags, uint8_t *out, size_t count)
{
    hc_simd_note(HC_SIMD_PORTABLE);
    for (size_t i = 0; i < count; i++)
        hc_b3_compress_xof(cv, block, block_len, counter + i, flags, out + 64 * i);
}

/* The kernel for a leftover of count (< the widest kernel's lanes) inputs:
 * the narrowest that takes them all, if it pays to leave lanes empty. */
static const b3_kernel *leftover_kernel(const b3_kernel *kernels, size_t count)
{
    const b3_kernel *pick = NULL;
    for (const b3_kernel *k = kernels; k != NULL && k->lanes != 0; k++)
        if (k->lanes >= count)
            pick = k;
    return pick != NULL && count >= pick->pad_from ? pick : NULL;
}

void hc_b3_hash_with(const b3_kernel *kernels, const uint8_t *in, size_t stride, size_t count,
                     size_t blocks, const uint32_t key[8], uint64_t counter, bool increment,
                     uint8_t flags, uint8_t flags_start, uint8_t flags_end, uint8_t *out)
{
    if (kernels != NULL && kernels[0].lanes != 0) {
        const b3_kernel *widest = &kernels[0];
        while (count >= widest->lanes) {
            widest->hash(in, stride, widest->lanes, blocks, key, counter, increment, flags, flags_start,
                         flags_end, out);
            in += widest->lanes * stride;
            out += widest->lanes * B3_OUT_LEN;
            count -= widest->lanes;
            if (increment)
                counter += widest->lanes;
        }
        const b3_kernel *k = count > 0 ? leftover_kernel(kernels, count) : NULL;
        if (k != NULL) {
            k->hash(in, stride, count, blocks, key, counter, increment, flags, flags_start, flags_end, out);
            return;
        }
    }
    hc_b3_hash_portable(in, stride, count, blocks, key, counter, increment, flags, flags_start, flags_end, out);
}

void hc_b3_xof_with(const b3_kernel *kernels, const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN],
                    uint8_t block_len, uint64_t counter, uint8_t flags, uint8_t *out, size_t count)
{
    if (kernels != NULL && kernels[0].lanes != 0) {
        const b3_kernel *widest = &kernels[0];
        while (count >= widest->lanes) {
            widest->xof(cv, block, block_len, counter, flags, out, widest->lanes);
            out += widest->lanes * 64;
            count -= widest->lanes;
            counter += widest->lanes;
        }
        const b3_kernel *k = count > 0 ? leftover_kernel(kernels, count) : NULL;
        if (k != NULL) {
            k->xof(cv, block, block_len, counter, flags, out, count);
            return;
        }
    }
    hc_b3_xof_portable(cv, block, block_len, counter, flags, out, count);
}
