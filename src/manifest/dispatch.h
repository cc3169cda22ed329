/*
 * dispatch.h - the functions of the tree that run hooks: each hook's
 * dispatcher (the tree's function that runs it) and wrapper (one that
 * passes its own parameters straight through, a drop-in replacement for
 * the raw call).  A function runs a hook when its body accesses the
 * hook's member (P->hook.NAME(...)) or expands a dispatch macro naming it
 * (call_int_hook(NAME, ...), which on 6.12 leaves no member access).
 */
#ifndef HOOKWRAP_DISPATCH_H
#define HOOKWRAP_DISPATCH_H

#include "clang/frontend.h"
#include "manifest/manifest.h"

/* A function that runs one hook or more. */
struct dispatch_fn {
	char *name;
	char *where;		/* "file:line" of its definition */
	int is_static;
	int kernel_doc;		/* a kernel-doc comment ("/ **") above it */
	int tree;		/* in a 'wrappers' file, not a header */
	struct strv hooks;	/* the hooks it runs, in order */
};

struct dispatch_scan {
	struct frontend *fe;
	struct manifest *m;
	struct dispatch_fn *v;	/* in the order the files were scanned */
	int n, cap;
};

void dispatch_init(struct dispatch_scan *ds, struct frontend *fe,
		   struct manifest *m);
/*
 * Scan the functions defined in file; from says where it is ("header",
 * "tree").  The first wrapper found for a hook wins.
 */
void dispatch_scan_file(struct dispatch_scan *ds, struct parsed *file,
			const char *from);
/*
 * The same for tree-relative rel, when the tree has it; -1 when it
 * cannot be parsed (reported).
 */
int dispatch_scan_rel(struct dispatch_scan *ds, const char *rel,
		      const char *from);
/*
 * Pick each hook's dispatcher among the functions scanned, the first
 * rule that applies: (i) the function the wrapper rule (or wrapper.HOOK)
 * names, if it runs the hook, even among others; (ii) the first that
 * runs the hook alone; (iii) the first that runs it at all.  Then free
 * what the scan kept.
 */
void dispatch_finish(struct dispatch_scan *ds);

#endif /* HOOKWRAP_DISPATCH_H */
