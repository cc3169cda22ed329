/* ctext.h - C source as plain text (ctext.c). */
#ifndef HOOKWRAP_CTEXT_H
#define HOOKWRAP_CTEXT_H

#include <stddef.h>

/*
 * A copy of text[0..len) with its comments turned to blanks: string and
 * character literals kept, newlines kept (lines and offsets still
 * count).  For the scans that read a C file as text (the tree's own
 * stubs, its hand-maintained dispatchers, the wrapper names of a
 * header) where libclang's parse would hide the other #if branches.
 */
char *ctext_blank_comments(const char *text, size_t len);

#endif /* HOOKWRAP_CTEXT_H */
