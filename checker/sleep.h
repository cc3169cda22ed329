/*
 * sleep.h - the sleep analysis inside the checker: the tables of atomic
 * and sleeping primitives (sleep_prims.c), the scan of one unit into
 * facts (sleep_scan.c), the per-unit driver that stores and links them
 * (sleep_unit.c) and the findings the three sleep rules report from a
 * link (sleep_report.c).
 */
#ifndef HOOKWRAP_SLEEP_H
#define HOOKWRAP_SLEEP_H

#include "check.h"
#include "facts.h"

enum prim_effect {
	PRIM_ACQUIRE,		/* begins an atomic region */
	PRIM_RELEASE,		/* ends one */
	PRIM_TRYLOCK,		/* begins one when it returns non-zero */
	PRIM_SLEEP,		/* may sleep */
	PRIM_ALLOC,		/* may sleep when its GFP argument can block */
	PRIM_NOSLEEP,		/* safe in atomic context: not followed */
};

struct prim {
	const char *name;
	enum prim_effect effect;
	int gfp_arg;		/* PRIM_ALLOC: which argument, from 0 */
};

/* The entry for a function or macro name, or NULL. */
const struct prim *prim_find(const char *name);
/*
 * Can an allocation with these GFP argument tokens block?  1 yes, 0 no,
 * -1 unknown (a variable): decided from the flag macros named.
 */
int gfp_blocks(const char *tokens);
/*
 * Is the lock an __acquires()/__releases() names a sleeping one?  arg is
 * the annotation's argument, type the type of the variable it names
 * ("struct mutex") when known, else NULL: then the name decides.
 */
int lock_sleeps(const char *arg, const char *type);

/* sleep_scan.c: the facts of cx's unit (unit 0 of f). */
void sleep_scan(struct check_ctx *cx, struct facts *f);

/*
 * sleep_unit.c: scan, store and link the unit once.  With --db the facts
 * go to the database and NULL is returned (hookwrap report links); else
 * the link of every unit seen in this run, for the rules to report on.
 */
const struct link *sleep_unit(struct check_ctx *cx, int *unit);

/* sleep_report.c: a rule's findings from a link; unit -1: every unit. */
void sleep_report(struct check_ctx *cx, const struct link *lk, int unit,
		  const struct rule *rule);

extern const struct rule rule_sleep_in_atomic_hook;
extern const struct rule rule_sleep_in_atomic;
extern const struct rule rule_sleep_under_guard;
extern const struct rule rule_direct_impl_call;
/* direct-impl-call's findings from a link (check_direct_impl_call.c). */
void impl_report(struct check_ctx *cx, const struct link *lk, int unit,
		 const struct rule *rule);

#endif /* HOOKWRAP_SLEEP_H */
