/*
 * sigparts.h - a hook whose signature changed, and the functions that
 * still follow the old one (issue 22 item 7).  What must follow a hook:
 *
 *   - each function of the wrappers file (or of the header) that runs
 *     it (the dispatcher): the arguments it passes must be the hook's,
 *     in number and type;
 *   - the prototype and the CONFIG-off stub of such a function: its
 *     parameters;
 *   - out of line (2.6.21 to 4.1) the default cap_H() the fixup macro
 *     installs; in the block era the region's wrapper and stub;
 *   - every implementation registered for it (implscan.h).
 *
 * Types are compared as the tree spells them (layout squeezed, the
 * integer types' spellings made one), with the number of parameters and
 * the return type; a renamed parameter is no change.  gen-header
 * rewrites what it owns when that is safe: a dispatcher that only
 * passes its parameters to the hook ("return call_int_hook(H, a, b);",
 * "return security_ops->H(a, b);"), the prototype and the stub of a
 * dispatcher, a default or stub whose body does not use a parameter
 * whose type changes.  The rest is listed, never touched.
 */
#ifndef HOOKWRAP_SIGPARTS_H
#define HOOKWRAP_SIGPARTS_H

#include "header/hookparts.h"
#include "header/implscan.h"

enum sp_role {
	SP_CALLER,		/* a function that runs the hook */
	SP_PROTO,		/* the prototype of one */
	SP_STUB,		/* its CONFIG-off stub */
	SP_DEFAULT,		/* the default the fixup macro installs */
	SP_WRAPPER,		/* the block's wrapper (regenerated) */
	SP_RSTUB,		/* the block's stub (regenerated) */
	SP_IMPL,		/* an implementation */
};

struct sp_item {
	enum sp_role role;
	int hand;		/* listed for the maintainer, not rewritten */
	char *why;		/* hand: why ("does more than pass its
				   parameters to the hook") */
	char *name;		/* the function */
	char *rel;		/* where it is, tree-relative */
	unsigned line;
	char *old;		/* what it takes: "(struct file *file)" */
	char *reg;		/* SP_IMPL: "file:line" of its registration */
};

struct sp_hook {
	int hook;		/* index in the manifest */
	char *want;		/* what the hook takes */
	struct sp_item *v;
	int n, cap;
	int impls_read;		/* implementations looked for */
	int regs;		/* registrations found */
	int files;		/* C files read for them */
};

/* An edit of one file's text: [from, to) replaced by text. */
struct sp_edit {
	size_t from, to;
	char *text;
};

struct sp_file {
	const char *rel;
	const char *text;
	struct sp_edit *v;
	int n, cap;
};

struct sigplan {
	struct sp_hook *v;
	int n, cap;
	/* the wrappers file, the header, the defaults file (may be empty) */
	struct sp_file f[3];
};

/*
 * A tree whose pieces are in hand-maintained files (hookparts.h): each
 * hook's dispatchers, their prototypes and stubs, and out of line its
 * default, against the hook; the rewrites gen-header makes in sp->f.
 * A prototype or stub that differs from its function in types only is
 * held to it when the function is rewritten, or when its hook is one of
 * touched[0..ntouched) (a review's patch changes it): a tree's own
 * spellings are not a change.
 */
void sigplan_parts(struct sigplan *sp, const struct table *t,
		   const struct manifest *m, const struct hookparts *hp,
		   const int *touched, int ntouched);
/*
 * A header with the generated region (lines begin..end; 0, 0: none, the
 * wrappers hand-written): the region's wrappers and stubs against the
 * hooks, and the header's other functions that run a hook.
 */
void sigplan_block(struct sigplan *sp, const struct table *t,
		   const struct manifest *m, const char *h_rel,
		   const char *h_text, unsigned begin, unsigned end);
/* The entry of hook (a manifest index), made when asked to. */
struct sp_hook *sigplan_hook(struct sigplan *sp, const struct manifest *m,
			     int hook, int make);
/*
 * Look for the implementations of every hook of the plan and of the
 * hooks extra[0..nextra) (implscan.h), and list those that take other
 * parameters; functions already in the plan (a default) are not
 * listed twice.  0, or -1 printed.
 */
int sigplan_impls(struct sigplan *sp, const struct table *t,
		  const struct manifest *m, const char *root,
		  const char *overlay, const int *extra, int nextra);
/* The texts after the plan's rewrites, NULL where none (sp->f order). */
void sigplan_apply(const struct sigplan *sp, char *out[3]);
/* How many items of the plan gen-header rewrites. */
int sigplan_rewrites(const struct sigplan *sp);
/*
 * The finding's text for one hook: "hook 'H' takes (...): A at F:L and B
 * at F:L take (...), update them with 'hookwrap gen-header --in-place
 * TREE'; ...".  NULL when it has nothing listed.
 */
char *sigplan_message(const struct sp_hook *sh, const struct manifest *m,
		      const char *tree_shown, enum parts_era era);
/* gen-header's notes on stderr: what it rewrote, what is left to do. */
void sigplan_notes(const struct sigplan *sp, const struct manifest *m,
		   const char *tree, enum parts_era era);
void sigplan_free(struct sigplan *sp);

#endif /* HOOKWRAP_SIGPARTS_H */
