/*
 * adopt.h - gen-header --in-place --adopt: the hand-written wrappers and
 * stubs of a header (2.5.43 to 2.6.x) found, and replaced by the
 * generated block.  A function goes only when the block defines it
 * again: a wrapper that does nothing but call its hook with its own
 * parameters, a stub in the #else branch of the hook's option, a
 * prototype of an out-of-line wrapper.  Anything else stays.
 */
#ifndef HOOKWRAP_ADOPT_H
#define HOOKWRAP_ADOPT_H

#include "clang/frontend.h"
#include "manifest/manifest.h"

enum adopt_kind {
	ADOPT_KEPT,		/* not the block's: stays */
	ADOPT_WRAPPER,		/* the block's wrapper, hand-written */
	ADOPT_STUB,		/* the block's stub, hand-written */
	ADOPT_PROTO,		/* prototype of an out-of-line wrapper */
};

struct adopt_fn {
	char *name;
	unsigned first, last;	/* its lines */
	int is_def;		/* a definition (else a prototype) */
	enum adopt_kind kind;
	const struct hook *hook;	/* the hook it is the block's function of */
	struct strv uses;	/* identifiers its body names */
	char *conflict;		/* why it cannot stay nor go, or NULL */
	int ours;		/* inside the existing generated region */
};

struct adoption {
	struct adopt_fn *v;
	int n, cap;
};

/*
 * The functions and prototypes of header p outside lines skip_from to
 * skip_to (an existing region; 0 0 for none), classified against m.
 */
void adopt_scan(const struct parsed *p, const struct table *t,
		const struct manifest *m, unsigned skip_from,
		unsigned skip_to, struct adoption *a);
/* How many functions the block would replace (any kind but KEPT). */
int adopt_count(const struct adoption *a);
/*
 * Refuse what cannot be adopted: a function the block defines again that
 * is not a plain wrapper or stub, one that shares its lines with other
 * code, a kept function before line 'after' that calls a removed one, a
 * removed function the block does not define.  -1 after one error line.
 */
int adopt_check(const struct parsed *p, const struct adoption *a,
		const char *block, unsigned after);
/*
 * text without the removed functions (conditionals they leave empty go
 * too), with the two marker lines after line 'after' when it is not 0.
 */
char *adopt_apply(const char *text, const struct adoption *a,
		  const struct conds *c, unsigned after);
/* The notes: each removed function, each kept definition, the count. */
void adopt_report(const char *path, const struct adoption *a);
void adopt_free(struct adoption *a);

#endif /* HOOKWRAP_ADOPT_H */
