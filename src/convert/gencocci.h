/*
 * gencocci.h - the Coccinelle rule that converts raw calls through an
 * ops table into wrapper calls, generated from the manifest.
 */
#ifndef HOOKWRAP_GENCOCCI_H
#define HOOKWRAP_GENCOCCI_H

#include "manifest/manifest.h"

/*
 * The rule's text.  tree_label names the tree in the header comment.
 * The rule runs in the kernel's coccicheck modes (patch, context, org,
 * report) and in "hookwrap" mode, where it prints one line per use of
 * the table pointer for "hookwrap convert" (see spatch.h).
 */
char *gencocci_rule(const struct table *t, const struct manifest *m,
		    const char *tree_label);

/* "linux/security.h" for "include/linux/security.h". */
char *gencocci_include_name(const struct table *t);

#endif /* HOOKWRAP_GENCOCCI_H */
