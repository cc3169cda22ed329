/*
 * linkpath.c - the chain one call takes (linkpath.h): each node's own
 * chain (link_node.next), unless the call's constant arguments rule a
 * step of it out.  A function that sleeps in two cases of a switch on
 * its parameter has one chain, through the first case; a call passing
 * the second case's value is shown the second case's chain, and its
 * root cause is that case's sleep.  It reads the link sleeplink.c built
 * and its conditions (linkcond.c); it changes nothing.
 */
#include "checker/sleep/linkpath.h"

#include "checker/sleep/linkcond.h"

#include <stdlib.h>

/* The arguments of call i, its caller's parameters replaced by in[]. */
static struct link_arg *pass(const struct link *lk, int i,
			     const struct link_arg *in, int nin, int *n)
{
	const struct link_arg unknown = { ARG_UNKNOWN, 0, -1, 0, 0 };
	struct link_arg *out;

	*n = lk->call_nargs[i];
	out = xcalloc(*n + 1, sizeof(*out));
	for (int k = 0; k < *n; k++) {
		const struct link_arg *a = &lk->call_args[i][k];

		if (a->kind == ARG_TEST) {
			/* A test of the caller's parameter: of what it got. */
			int m = linkcond_test_param(a);
			const struct link_arg *x = m < nin ? &in[m] : &unknown;

			out[k] = unknown;
			if (x->kind == ARG_VALUE) {
				out[k].kind = ARG_VALUE;
				out[k].v = ((x->v & a->v) != 0) ==
					   (a->test > 0);
			} else if (a->gfp == 1 && x->gfp >= 0) {
				/* "can block" of flags known to or not */
				out[k].kind = ARG_VALUE;
				out[k].v = x->gfp == (a->test > 0);
			}
			continue;
		}
		out[k] = a->kind < 0 ? *a : a->kind < nin ? in[a->kind] :
			 unknown;
		if (a->kind >= 0 && a->v) {
			/* "p1|8": what the caller got, with bits 8 set. */
			if (out[k].kind != ARG_VALUE &&
			    out[k].kind != ARG_BITS && out[k].kind < 0) {
				out[k].kind = ARG_BITS;
				out[k].v = 0;
			}
			out[k].v |= a->v;
			out[k].gfp = -1;
			out[k].test = 0;
			out[k].obj = 0;
		}
	}
	return out;
}

static int known(const struct link_arg *a, int n)
{
	for (int k = 0; k < n; k++)
		if (a[k].kind != ARG_UNKNOWN)
			return 1;
	return 0;
}

/* May node v sleep when called with arguments a? */
static int node_may(const struct link *lk, int v, const struct link_arg *a,
		    int n)
{
	const struct link_node *x = &lk->nodes[v];

	return x->dist && linkcond_may(lk, x->cond, a, n) &&
	       linkcond_may(lk, x->cond2, a, n);
}

/* May call i (made with its caller's arguments in[]) sleep into v? */
static int step_may(const struct link *lk, int i, int v,
		    const struct link_arg *in, int nin)
{
	const struct link_cond *own = &lk->call_cond[i];
	const struct fact_call *c = &lk->f->calls[i];
	struct link_arg *a;
	int n, ok;

	if (!linkcond_may(lk, own->p, in, nin) ||
	    !linkcond_may(lk, own->q, in, nin))
		return 0;
	if (v < 0)
		return c->prim;		/* the sleeping primitive itself */
	if (lk->nodes[v].is_hook && *c->callee)
		return lk->nodes[v].dist != 0;	/* a wrapper's own arguments */
	a = pass(lk, i, in, nin, &n);
	ok = node_may(lk, v, a, n);
	free(a);
	return ok;
}

static void add(struct link_path *p, int node, int via)
{
	ARRAY_GROW(p->node, p->cap, p->n + 1, 8);
	p->via = xrealloc(p->via, p->cap * sizeof(int));
	p->node[p->n] = node;
	p->via[p->n++] = via;
}

/*
 * From function node u, called with a[]: the default step when it may
 * be taken, else the shortest that may.  *via and the next node (-1 at
 * a primitive); 0 when none may (then the default).
 */
static int pick(const struct link *lk, int u, const struct link_arg *a,
		int na, int *via, int *next)
{
	const struct link_node *x = &lk->nodes[u];
	int best = -1, bestv = -1, bestd = 0;

	*via = x->via_call;
	*next = x->next;
	if (x->via_call < 0 || step_may(lk, x->via_call, x->next, a, na))
		return 1;
	for (int k = lk->out_first[u]; k < lk->out_first[u + 1]; k++) {
		int i = lk->out_list[k];
		const struct fact_call *c = &lk->f->calls[i];
		int cand[3] = { -1, lk->call_hook[i], lk->call_target[i] };

		for (int m = 0; m < 3; m++) {
			int v = cand[m], d;

			if (m == 0 && !(c->prim && (c->sleep || (lk->rt &&
					c->rt & RT_CALL_SLEEPS))))
				continue;
			if (m > 0 && (v < 0 || !lk->nodes[v].dist ||
				      link_documented(lk, v)))
				continue;
			d = v < 0 ? 0 : lk->nodes[v].dist;
			if ((best < 0 || d < bestd) &&
			    step_may(lk, i, v, a, na)) {
				best = i;
				bestv = v;
				bestd = d;
			}
		}
	}
	if (best < 0)
		return 0;
	*via = best;
	*next = bestv;
	return 1;
}

/* From hook or slot node h: the implementation that may sleep for a[]. */
static int pick_impl(const struct link *lk, int h, const struct link_arg *a,
		     int na, int *via, int *next)
{
	const struct impl_list *il = &lk->impls[h];
	int best = -1;

	*via = lk->nodes[h].via_call;
	*next = lk->nodes[h].next;
	if (*next < 0 || node_may(lk, *next, a, na))
		return 1;
	for (int k = 0; k < il->n; k++)
		if (node_may(lk, il->node[k], a, na) &&
		    (best < 0 || lk->nodes[il->node[k]].dist <
				 lk->nodes[il->node[best]].dist))
			best = k;
	if (best < 0)
		return 0;
	*via = -2 - il->reg[best];
	*next = il->node[best];
	return 1;
}

/*
 * Is node n on the path already?  Only a detour can lead back (the
 * nodes' own chains get shorter at each step): a chain is short, so it
 * is read through rather than marked in an array of every node.
 */
static int on_path(const struct link_path *p, int n)
{
	for (int k = 0; k < p->n; k++)
		if (p->node[k] == n)
			return 1;
	return 0;
}

void link_path_of(const struct link *lk, int call, int n,
		  struct link_path *p)
{
	int guard = lk->nnodes + 1, na = 0, start = n;
	int clones = lk->nhooks + lk->f->nfns;
	struct link_arg *a = NULL;

	p->n = p->detours = 0;
	if (call >= 0 && !(lk->nodes[n].is_hook && *lk->f->calls[call].callee))
		a = pass(lk, call, NULL, 0, &na);
	while (n >= 0 && guard--) {
		const struct link_node *x = &lk->nodes[n];
		int via = x->via_call, next = x->next;

		if (p->detours && on_path(p, n)) {
			/* A detour came back: the node's own chain, whole. */
			free(a);
			link_path_of(lk, -1, start, p);
			return;
		}
		if (a && known(a, na) && n < clones &&
		    !(x->is_hook ? pick_impl(lk, n, a, na, &via, &next) :
				   pick(lk, n, a, na, &via, &next))) {
			via = x->via_call;
			next = x->next;
		}
		if (via != x->via_call)
			p->detours++;
		add(p, n, via);
		if (a && !x->is_hook && via >= 0 && next >= 0) {
			int nb;
			struct link_arg *b = lk->nodes[next].is_hook &&
				*lk->f->calls[via].callee ? NULL :
				pass(lk, via, a, na, &nb);

			free(a);
			a = b;
			na = b ? nb : 0;
		}
		n = next;
	}
	free(a);
}

int link_args_rule_out(const struct link *lk, int call, int n)
{
	struct link_arg *a;
	int na, via, next, out = 0;

	if (call < 0 || n < lk->nhooks || n >= lk->nhooks + lk->f->nfns ||
	    !lk->nodes[n].dist)
		return 0;
	a = pass(lk, call, NULL, 0, &na);
	if (known(a, na))
		out = !pick(lk, n, a, na, &via, &next);
	free(a);
	return out;
}

void link_path_free(struct link_path *p)
{
	free(p->node);
	free(p->via);
	p->node = p->via = NULL;
	p->n = p->cap = p->detours = 0;
}
