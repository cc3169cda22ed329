/*
 * implscan.h - the implementations of some hooks in a tree: every
 * function registered for them, as the maintainers register one
 * (LSM_HOOK_INIT(HOOK, fn); ".HOOK = fn" in an initializer of the
 * table's struct; "ops->HOOK = fn;" in a file that names the struct; a
 * fixup macro's "set_to_cap_if_null(ops, HOOK);", which installs
 * cap_HOOK), found in the text of the tree's C files, with the
 * definition of each and its parameters.  hookwrap never rewrites them:
 * a changed hook lists them for the maintainer.
 */
#ifndef HOOKWRAP_IMPLSCAN_H
#define HOOKWRAP_IMPLSCAN_H

#include "header/csig.h"

struct impl {
	int hook;		/* index in the manifest */
	char *fn;		/* the function registered */
	const char *how;	/* "LSM_HOOK_INIT", "initializer", ... */
	char *reg_rel;		/* where it is registered, tree-relative */
	unsigned reg_line;
	char *def_rel;		/* its definition; NULL: not found */
	unsigned def_line;
	struct csig sig;	/* its signature (def_rel set) */
};

struct impls {
	struct impl *v;
	int n, cap;
	int files;		/* C files read */
	int matched;		/* of them, those naming a hook asked for */
};

/*
 * The registrations of the hooks want[0..nwant) (manifest indexes) in
 * the .c files under root (no link followed, no dot directory); overlay,
 * when not NULL, is a review's shadow: its regular .c files stand in for
 * root's of the same name (and a new one counts too).  A definition is
 * looked for in the registering file, then in the other files read.
 * 0, or -1 with the error printed.
 */
int implscan(const struct table *t, const struct manifest *m,
	     const char *root, const char *overlay, const int *want,
	     int nwant, struct impls *out);
void impls_free(struct impls *out);

#endif /* HOOKWRAP_IMPLSCAN_H */
