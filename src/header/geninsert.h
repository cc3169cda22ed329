/*
 * geninsert.h - gen-header --in-place on a hook-list tree without the
 * markers: what each hook lacks (hookparts.h), written where the
 * maintainers would, in the tree's own style.
 */
#ifndef HOOKWRAP_GENINSERT_H
#define HOOKWRAP_GENINSERT_H

#include "header/hookparts.h"

/*
 * The new texts of the wrappers file (*c_new) and of the output header
 * (*h_new), each NULL when nothing is missing there.  tree: the tree as
 * the messages name it.  0, or -1 with the error printed and nothing
 * returned.
 */
int geninsert(const struct table *t, const struct manifest *m,
	      const struct hookparts *hp, const char *tree, char **c_new,
	      char **h_new);

#endif /* HOOKWRAP_GENINSERT_H */
