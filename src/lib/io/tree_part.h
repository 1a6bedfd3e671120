/* dir --part K/N's rule (contract §10.10): which part a file of a tree
 * belongs to, by its path relative to the source only, so that N runs on
 * N machines over one tree hash disjoint sets that together are the tree. */
#ifndef HC_IO_TREEPART_H
#define HC_IO_TREEPART_H

#include <stddef.h>
#include <stdint.h>

/* Does the file at relative path rel (bytes, '/' between components, no
 * leading '/') belong to part K of N? The rule: the first 8 bytes of
 * SHA-256(rel), read as a big-endian number, modulo N, plus 1, is its
 * part. 1 yes, 0 no, -1 out of memory. */
int tree_part_holds(const char *rel, size_t len, uint64_t part, uint64_t parts);

#endif
