/*
 * geninsert.h - gen-header --in-place on a tree without the markers
 * whose hooks are dispatched out of line (a hook-list tree, or 2.6.21 to
 * 4.1): what each hook lacks (hookparts.h), written where the
 * maintainers would, in the tree's own style.
 */
#ifndef HOOKWRAP_GENINSERT_H
#define HOOKWRAP_GENINSERT_H

#include "header/hookparts.h"

/*
 * The new texts of the wrappers file (*c_new), of the output header
 * (*h_new) and of the defaults file with the fixup macro (*d_new, on an
 * out-of-line tree), each NULL when nothing is missing there.  tree:
 * the tree as the messages name it.  0, or -1 with the error printed
 * and nothing returned.
 */
int geninsert(const struct table *t, const struct manifest *m,
	      const struct hookparts *hp, const char *tree, char **c_new,
	      char **h_new, char **d_new);

#endif /* HOOKWRAP_GENINSERT_H */
