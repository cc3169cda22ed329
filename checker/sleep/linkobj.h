/*
 * linkobj.h - what a call through a member of one object reaches
 * (linkobj.c), for the link (sleeplink.c): the functions stored in that
 * member of that object, where the code sets the object up, rather than
 * every function stored in that member of any object.
 */
#ifndef HOOKWRAP_LINKOBJ_H
#define HOOKWRAP_LINKOBJ_H

#include "checker/sleep/facts.h"

struct link_objs {
	/*
	 * Per call: the key of the narrowed slot node it calls through
	 * ("o:USR|D1|D2": member USR of the objects named D1 and D2), or
	 * NULL to reach everything stored in the member.
	 */
	char **call_key;
	int ncalls;
	/* The narrowed nodes: their keys and registrations. */
	struct obj_node {
		char *key;
		int *reg;
		int nreg;
		int named;	/* a registration of the member, for its
				   name (a list may hold none) */
	} *node;
	int nnode;
	/*
	 * Copies of a function for the objects some of its callers pass:
	 * fn (an index of facts.fns), and its slot calls call[k] made on
	 * a parameter, each through narrowed node key[k] (NULL: the
	 * member's whole set).  call_clone: per call, the copy it calls
	 * instead of its callee, or -1.
	 */
	struct obj_clone {
		int fn;
		int *call;
		char **key;
		int n;
	} *clone;
	int nclone;
	int *call_clone;
};

/*
 * Decide, from the facts alone, which slot calls reach only some
 * objects' stores (docs/facts-db.md, "Objects"): a call on a named
 * object (ve->base.submit_request()) whose member the build stores in
 * by that name, or a call on a parameter (nb->notifier_call()) of a
 * function whose address is never taken and whose every caller passes
 * the address of such an object (&fill_key_nb); else, for the callers
 * that pass one, a copy of the function (struct obj_clone).  An object
 * written whole (memcpy(&D, ...), "D = x;") is never narrowed.
 */
void linkobj_plan(struct link_objs *o, const struct facts *f);
void linkobj_free(struct link_objs *o);

#endif /* HOOKWRAP_LINKOBJ_H */
