/*
 * place.h - where a first run of gen-header --in-place puts the generated
 * region in a header that has none: after the struct and the table
 * pointer's declaration, outside any conditional on the table's option,
 * inside the include guard.
 */
#ifndef HOOKWRAP_PLACE_H
#define HOOKWRAP_PLACE_H

#include "clang/frontend.h"

/* A conditional block of a file: #if... (#elif/#else...) #endif. */
struct cond_range {
	unsigned open, close;	/* lines of the #if and of its #endif */
	const char *expr;	/* the #if's condition (in the conds) */
	enum cond_kind kind;
	int depth;		/* 0 for an outermost block */
};

struct cond_ranges {
	struct cond_range *v;
	int n, cap;
	int guard;		/* index of the include guard, or -1 */
};

/* The blocks of c, by their #if lines; the include guard found. */
void place_ranges(const struct conds *c, struct cond_ranges *r);
void place_ranges_free(struct cond_ranges *r);

/*
 * The line after which the markers go in the header p (parsed): *after,
 * and in *how what it sits after ("the struct and 'security_ops'").
 * -1 after one error line (an enclosing conditional that is not on the
 * table's option, or no struct in the header).
 */
int place_region(const struct parsed *p, const struct table *t,
		 unsigned *after, char **how);

#endif /* HOOKWRAP_PLACE_H */
