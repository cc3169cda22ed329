/*
 * hookparts.h - on a hook-list tree (Linux 4.2 on) without the markers,
 * the files the maintainers write by hand hold each hook's pieces: its
 * dispatcher in the wrappers file (security/security.c), a prototype of
 * it in the output header's CONFIG_SECURITY part and a stub in its
 * CONFIG-off part.  Which pieces each hook has, and where: what
 * stale-wrapper reports and gen-header --in-place writes.
 */
#ifndef HOOKWRAP_HOOKPARTS_H
#define HOOKWRAP_HOOKPARTS_H

#include "header/cscan.h"
#include "manifest/manifest.h"

enum { PART_DISP = 1, PART_PROTO = 2, PART_STUB = 4 };

struct hookpart {
	const char *name;	/* the dispatcher: the manifest's, else the
				   name the wrapper rule gives */
	const struct cdecl *disp;	/* its definition, if found as text */
	const struct cdecl *proto;	/* a prototype, or a static inline
					   dispatcher in the header */
	const struct cdecl *stub;
	int missing;		/* PART_*: a static dispatcher needs none */
};

struct hookparts {
	char *c_rel, *h_rel;	/* tree-relative */
	char *c_path, *h_path;	/* as read (under the root given) */
	char *c_text, *h_text;
	struct cscan c, h;
	struct hookpart *v;	/* one per hook of the manifest */
	int n;
};

/*
 * Does the table keep its pieces in hand-maintained files: a hook list,
 * a wrappers file and an output header?
 */
int hookparts_apply(const struct table *t);
/*
 * Read the wrappers file and the output header under root and find each
 * hook's pieces.  0, or -1 with the error printed.
 */
int hookparts_read(struct hookparts *hp, const struct table *t,
		   const struct manifest *m, const char *root);
void hookparts_free(struct hookparts *hp);
/* "hook 'H' has no dispatcher in F, no prototype ... in G" */
char *hookparts_message(const struct hookparts *hp, const struct hook *h,
			const struct hookpart *p);

#endif /* HOOKWRAP_HOOKPARTS_H */
