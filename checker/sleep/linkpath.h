/*
 * linkpath.h - the chain one call takes through the link (linkpath.c),
 * for linkshow.c: the nodes' own chains, unless the call's constant
 * arguments rule a step out.
 */
#ifndef HOOKWRAP_LINKPATH_H
#define HOOKWRAP_LINKPATH_H

#include "checker/sleep/facts.h"

struct link_path {
	int *node;	/* the nodes, from the one called */
	int *via;	/* per node: as link_node.via_call */
	int n, cap;
	int detours;	/* steps the call's arguments ruled out */
};

/*
 * The chain from node n, as call (-1: none, the node's own chain) with
 * its arguments takes it.  Free with link_path_free().
 */
void link_path_of(const struct link *lk, int call, int n,
		  struct link_path *p);
void link_path_free(struct link_path *p);
/*
 * Do call's constant arguments rule out every way node n (a function
 * it calls) sleeps, one step down: each of n's sleeping calls is made
 * under a condition of n's parameters, or reaches a callee that sleeps
 * only under one, that those arguments make false?  n's own condition
 * joins its ways' ("g0" one way, "p1" another: none kept), the steps
 * keep theirs: alloc_or_wait(GFP_ATOMIC, 0) sleeps neither way.
 */
int link_args_rule_out(const struct link *lk, int call, int n);

#endif /* HOOKWRAP_LINKPATH_H */
