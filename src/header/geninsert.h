/*
 * geninsert.h - gen-header --in-place on a tree without the markers
 * whose hooks are dispatched out of line (a hook-list tree, or 2.6.21 to
 * 4.1): what each hook lacks (hookparts.h), written where the
 * maintainers would, in the tree's own style.  On a tree of the block
 * (2.5.43 to 2.6.20): each hook's default and fixup line.
 */
#ifndef HOOKWRAP_GENINSERT_H
#define HOOKWRAP_GENINSERT_H

#include "header/hookparts.h"

/* The new texts of the files, each NULL when nothing is missing there. */
struct geninsert_out {
	char *c;	/* the wrappers file (security/security.c) */
	char *h;	/* the output header (include/linux/security.h) */
	char *d;	/* the defaults file with the fixup macro */
	char *l;	/* the table's header with the heads (lsm_hooks.h) */
};

/*
 * What the hooks lack, written into the texts of hp (out).  tree: the
 * tree as the messages name it.  0, or -1 with the error printed and
 * nothing returned.
 */
int geninsert(const struct table *t, const struct manifest *m,
	      const struct hookparts *hp, const char *tree,
	      struct geninsert_out *out);
void geninsert_out_free(struct geninsert_out *out);

#endif /* HOOKWRAP_GENINSERT_H */
