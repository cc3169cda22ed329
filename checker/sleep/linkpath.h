/*
 * linkpath.h - the chain one call takes through the link (linkpath.c),
 * for linkshow.c and sleeplink.c: the nodes' own chains, unless the
 * call's constant arguments or the regions open at it rule a step out.
 */
#ifndef HOOKWRAP_LINKPATH_H
#define HOOKWRAP_LINKPATH_H

#include "checker/sleep/facts.h"

struct link_path {
	int *node;	/* the nodes, from the one called */
	int *via;	/* per node: as link_node.via_call */
	int n, cap;
	int detours;	/* steps off the nodes' own chains */
	int ruled_out;	/* the call's arguments and regions rule out
			   every way: the nodes' own chains shown */
};

/*
 * The chain from node n, as call (-1: none, the node's own chain) with
 * its arguments, in its regions, takes it; where none can, the node's
 * own chain and ruled_out set.  Free with link_path_free().
 */
void link_path_of(const struct link *lk, int call, int n,
		  struct link_path *p);
void link_path_free(struct link_path *p);
/*
 * Do call's constant arguments and the regions open at it rule out
 * every way node n (the function it calls) sleeps, down the whole
 * chain?  alloc_or_wait(GFP_ATOMIC, 0) sleeps neither way; a function
 * that sleeps when its gfp_t may block, or when not in interrupt,
 * does neither under spin_lock_bh() with GFP_ATOMIC passed down.
 */
int link_site_rules_out(const struct link *lk, int call, int n);

#endif /* HOOKWRAP_LINKPATH_H */
