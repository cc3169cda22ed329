/*
 * sleep_bitops.h - the kernel's operations on one bit of a word in
 * memory (include/linux/bitops.h and the asm-generic and arch forms
 * under it): test_bit(nr, addr) reads bit nr of *addr, set_bit() and
 * clear_bit() (atomic or not) write it.  Their bodies are inline
 * assembly on most architectures, so the walk knows them by name, as
 * sleep_prims.c knows lock primitives.
 */
#ifndef HOOKWRAP_SLEEP_BITOPS_H
#define HOOKWRAP_SLEEP_BITOPS_H

#include <clang-c/Index.h>

enum { BITOP_NONE, BITOP_TEST, BITOP_SET, BITOP_CLEAR };

/* What a function of that name does to its bit: BITOP_*. */
int bitop_kind(const char *name);
/*
 * Call c's BITOP_* when it is one with a constant bit number below 64:
 * *bit the bit as a mask (1 << nr), *addr the address argument.
 */
int bitop_call(CXCursor c, long long *bit, CXCursor *addr);

#endif /* HOOKWRAP_SLEEP_BITOPS_H */
