/*
 * sleep_walk.h - the statement walker of the sleep scan (sleep_walk.c):
 * a function's body, statement by statement, with the state of its
 * atomic regions (sleep_state.h).
 *
 * The walker is an engine: it follows the control flow (branches that
 * merge, loops, switch, break, goto and labels, return, the scopes of
 * cleanup.h guards, a trylock's test) and knows nothing of what a call
 * means.  Each call, each primitive macro written in the file and each
 * dispatch macro's expansion it meets it hands to the hooks of
 * s->hooks, which the file above it sets (sleep_call.c).  That is how
 * the scan's one inherent circle closes without a circle between its
 * files: a call's effect may need a walk of the callee's body (an
 * inline helper of a header), so the file that knows calls calls the
 * walker, and the walker calls back only through the hooks it is given
 * (the way smatch's statement walker calls the hooks its checks add).
 */
#ifndef HOOKWRAP_SLEEP_WALK_H
#define HOOKWRAP_SLEEP_WALK_H

#include "checker/sleep/sleep_state.h"

struct walk_hooks {
	/* A call expression, once its arguments are walked. */
	void (*call)(struct sleep_scan *s, CXCursor c);
	/*
	 * Node c is the expansion of m, a primitive macro (p: m->p) written
	 * in the main file: the walk does not enter it.
	 */
	void (*prim)(struct sleep_scan *s, CXCursor c, const struct pmacro *m,
		     const struct prim *p);
	/*
	 * Node c, of span a..b in the main file, when the file has dispatch
	 * macros (s->dm): 1 when the hook took it as a dispatch macro's
	 * expansion, and the walk does not enter it; 0: the walk goes on.
	 */
	int (*dispatch)(struct sleep_scan *s, CXCursor c, unsigned a,
			unsigned b);
	/*
	 * Call c, tested by a condition: 1 when its callee holds a lock
	 * after it only if it returned true (a trylock of the code's own,
	 * struct annot.cond_acq), so the arm it holds it in opens a region.
	 */
	int (*cond_acquire)(struct sleep_scan *s, CXCursor c);
};

/* Walk a function's body (a compound statement) from s->st. */
void walk_body(struct sleep_scan *s, CXCursor body);

#endif /* HOOKWRAP_SLEEP_WALK_H */
