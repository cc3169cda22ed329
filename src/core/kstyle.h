/* kstyle.h - kernel coding style for generated C: tabs, 80 columns. */
#ifndef HOOKWRAP_KSTYLE_H
#define HOOKWRAP_KSTYLE_H

#include "core/util.h"

#define KS_WIDTH 80

/* Display width of s, with tabs to the next multiple of 8, from column col. */
int ks_width(const char *s, int col);
/* White space that reaches column col: tabs, then spaces. */
void ks_indent_to(struct sbuf *sb, int col);
/*
 * Append head "(" items joined by ", " tail, starting at the beginning of
 * a line: items that do not fit in 80 columns move to a new line aligned
 * after the "(".
 */
void ks_list(struct sbuf *sb, const char *head, char *const *items, int n,
	     const char *tail);

#endif /* HOOKWRAP_KSTYLE_H */
