/*
 * linklist.h - the objects the build links into a list that a walk then
 * calls through (linklist.c), for linkobj.c: a kernel notifier chain is
 * a list of notifier_block objects, notifier_chain_register() links one
 * into the list its first argument points to, notifier_call_chain()
 * calls notifier_call of each block in the list its first argument
 * points to.  Lists are named as the scan names objects (sleep_obj.h):
 * "atomic_notifier_head.head" is the list of every atomic chain, since
 * atomic_notifier_call_chain() passes &nh->head.
 */
#ifndef HOOKWRAP_LINKLIST_H
#define HOOKWRAP_LINKLIST_H

#include "checker/sleep/facts.h"
#include "checker/sleep/linkmap.h"
#include "core/util.h"

struct link_lists {
	struct map index;	/* a list's key -> its place in objs */
	char **name;		/* per list: its key */
	struct strv *objs;	/* per list: the objects linked into it */
	int n;
	struct map linked;	/* the objects linked into any list */
	struct map escaped;	/* blocks passed where they may be kept */
	struct strv walker;	/* the walks the facts hold */
	const char **walker_slot;	/* and the member each calls (the
					   facts' string) */
};

/* How linkobj.c resolves a call: the function name means in unit. */
typedef int (*linklist_resolve)(const void *ctx, const char *name, int unit);

/*
 * Which objects the calls of the facts link into which lists: a call of
 * a list's link primitive with the list's address and the object's
 * ("&D"), or through functions that pass their parameter on to it as is
 * ("pN"), any number of them deep (register_pm_notifier(nb) calls
 * blocking_notifier_chain_register(&pm_chain_head, nb), which calls
 * notifier_chain_register(&nh->head, n, ...)).  first[]/callers[]: the
 * calls by name into each function, as linkobj.c indexes them.
 */
void linklist_plan(struct link_lists *l, const struct facts *f,
		   linklist_resolve resolve, const void *ctx,
		   const int *first, const int *callers);
/*
 * The parameter of its caller whose list call c walks, and the member
 * it calls through (*slot, the member's USR), or -1: c is no walk.
 * notifier_call_chain()'s nb->notifier_call(): parameter 0; an API's
 * call of the walk, atomic_notifier_call_chain()'s call of
 * notifier_call_chain(): its parameter 0, the chain's head, and
 * notifier_block's notifier_call, when the facts hold the walk.
 */
int linklist_walk(const struct link_lists *l, const struct fact_call *c,
		  const char **slot);
/*
 * May object d (a key) be in list i?  It is when the build links it
 * there; and when the build links it into no list the link can see but
 * passes it where it may be kept (a function the facts do not hold, or
 * one that passes it on or stores it: registered where the facts do
 * not reach).  Not when the build links it into other lists only: a
 * notifier_block has one next pointer, it is on one chain at a time;
 * nor when it passes it nowhere it may be kept: on no chain.
 */
int linklist_may_hold(const struct link_lists *l, int i, const char *d);
void linklist_free(struct link_lists *l);

#endif /* HOOKWRAP_LINKLIST_H */
