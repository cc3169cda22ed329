/*
 * linkcond.h - the link's conditions (linkcond.c), for sleeplink.c: what
 * a call's facts say of its caller's parameters and context, and how a
 * callee's condition moves through a call.
 */
#ifndef HOOKWRAP_LINKCOND_H
#define HOOKWRAP_LINKCOND_H

#include "checker/sleep/facts.h"

#include <limits.h>

/* Argument kinds in link.call_args; a parameter is its index (>= 0). */
enum { ARG_VALUE = -1, ARG_BITS = -2, ARG_UNKNOWN = -3, ARG_NONZERO = -4,
       ARG_TEST = -5, ARG_MEMBER = -6 };
/*
 * A set test ('i') holds values 0 .. SET_VALUES - 1, at most SET_MAX of
 * them (more: the node sleeps whatever the value).
 */
#define SET_VALUES	63
#define SET_MAX		8
/* A condition that never holds: the edge is ruled out. */
#define NEVER INT_MIN

typedef struct link_cond cnd;

extern const cnd LINK_ALWAYS, LINK_NO;

/*
 * A call's cond column as an atom: "p2" -> 3, "!p2" -> -3, "p2&64" and
 * "!p2=3" -> a test's (added to lk->preds when new), "g2" -> COND_GFP +
 * 3, "irqs_disabled" -> COND_IRQS_OFF; 0 for NULL or what this reader
 * does not know.
 */
int linkcond_parse(const struct link *lk, const char *s);
/*
 * A call's cond column, one condition or two ("p2;!p3&64", both to
 * hold): LINK_NO when they contradict each other.
 */
cnd linkcond_call(const struct link *lk, const char *s);
/* A call's args column: "64,p1,m8,nz,gb3264,?"; *n of them. */
struct link_arg *linkcond_args(const char *s, int *n);
/* The caller's parameter whose test an ARG_TEST argument passes. */
static inline int linkcond_test_param(const struct link_arg *a)
{
	return (a->test > 0 ? a->test : -a->test) - 1;
}
/*
 * When does call sleep through a callee that sleeps under condition c,
 * in terms of the caller's parameters?  NEVER, 0 (always) or a
 * condition; through_name: the call names a wrapper of a hook, whose
 * arguments need not be the hook's.
 */
int linkcond_through(const struct link *lk, int call, int c,
		     int through_name);
/*
 * Either of two conditions, as one: a parameter equal to one of a few
 * small values ("p1=0" or "p1=1"); 0 when they do not join so.
 */
int linkcond_union(const struct link *lk, int a, int b);
/*
 * May condition c hold of a call with arguments a[0 .. na - 1] (values,
 * bits, not zero, unknown)?  0 only when they rule it out.
 */
int linkcond_may(const struct link *lk, int c, const struct link_arg *a,
		 int na);
/* One condition for two when one implies the other ("p0=5", "!p0=3"). */
cnd linkcond_simplify(const struct link *lk, cnd c);
/* A call's own atom: a parameter's condition, or a need of the context. */
cnd linkcond_of(int atom);
/* Needs decided by the context ctx a call's regions make (CTX_*). */
cnd linkcond_decide(cnd c, int ctx);
/* Both to hold: two conditions kept, every need. */
cnd linkcond_both(const struct link *lk, cnd own, cnd callee);
/* The same conditions (in either order) and needs? */
int linkcond_same(cnd a, cnd b);

#endif /* HOOKWRAP_LINKCOND_H */
