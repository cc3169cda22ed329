/*
 * linkpath.c - the chain one call takes (linkpath.h): a search from the
 * node called, with the call's constant arguments passed down and the
 * regions open at the call and at each call on the way, each node's own
 * chain (link_node.next) tried first.  A function that sleeps in two
 * cases of a switch on its parameter has one chain, through the first
 * case; a call passing the second case's value is shown the second
 * case's chain, and its root cause is that case's sleep.  A call that no way can take (GFP_ATOMIC
 * passed two calls down, the other way needing "not in interrupt"
 * under spin_lock_bh()) does not sleep there.  It reads the link
 * sleeplink.c built and its conditions (linkcond.c); it changes nothing.
 */
#include "checker/sleep/linkpath.h"

#include "checker/sleep/linkcond.h"
#include "checker/sleep/linkfield.h"

#include <stdlib.h>
#include <string.h>

/* The arguments of call i, its caller's parameters replaced by in[]. */
static struct link_arg *pass(const struct link *lk, int i,
			     const struct link_arg *in, int nin, int *n)
{
	const struct link_arg unknown = { .kind = ARG_UNKNOWN, .gfp = -1 };
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
		if (a->kind == ARG_MEMBER) {
			/* A member of what the caller got: known, or not. */
			const struct link_arg *x = a->mparam < nin ?
						   &in[a->mparam] : &unknown;

			out[k] = unknown;
			if (linkfield_value(lk, x, a->mfield, &out[k].v))
				out[k].kind = ARG_VALUE;
			continue;
		}
		out[k] = a->kind < 0 ? *a : a->kind < nin ? in[a->kind] :
			 unknown;
		if (a->kind >= 0 && (a->nknown || a->zfield)) {
			/*
			 * "p0{T.m&6=2}": what the caller stored in the
			 * object, after whatever its own caller knew.
			 */
			out[k].nknown = a->nknown;
			memcpy(out[k].kfield, a->kfield, sizeof(a->kfield));
			memcpy(out[k].kval, a->kval, sizeof(a->kval));
			memcpy(out[k].kbits, a->kbits, sizeof(a->kbits));
			out[k].zfield = a->zfield;
		}
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
		if (a[k].kind != ARG_UNKNOWN || a[k].nknown || a[k].zfield)
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

/* Do the regions of ctx rule out a sleep that needs need? */
static int ctx_rules_out(unsigned need, int ctx)
{
	cnd c = { 0, need, 0 };

	return ctx && linkcond_decide(c, ctx).p == NEVER;
}

/*
 * May call i (made with its caller's arguments in[], in context ctx:
 * the site's regions and those of the calls on the way) sleep into v?
 * A step whose sleep needs a context the regions rule out (interrupts
 * on, under spin_lock_irqsave()) is not taken.
 */
static int step_may(const struct link *lk, int i, int v,
		    const struct link_arg *in, int nin, int ctx)
{
	const struct link_cond *own = &lk->call_cond[i];
	const struct fact_call *c = &lk->f->calls[i];
	struct link_arg *a;
	int n, ok;

	if (!linkcond_may(lk, own->p, in, nin) ||
	    !linkcond_may(lk, own->q, in, nin))
		return 0;
	if (ctx_rules_out(own->need | (v >= 0 ? lk->nodes[v].need : 0), ctx))
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
 * Is node n on the path already?  A chain is short, so it is read
 * through rather than marked in an array of every node.
 */
static int on_path(const struct link_path *p, int n)
{
	for (int k = 0; k < p->n; k++)
		if (p->node[k] == n)
			return 1;
	return 0;
}

/*
 * The steps out of node u, the default (its own chain's) first, then
 * the others by their distance to a sleep: each a call and the node it
 * leads to (-1: the sleeping primitive itself); for a hook or slot, its
 * implementations (via: -2 - the registration).  Returns how many.
 */
struct step {
	int via, next, dist;
};

static int steps_of(const struct link *lk, int u, struct step **out)
{
	const struct link_node *x = &lk->nodes[u];
	struct step *st = NULL;
	int n = 0, cap = 0;

	ARRAY_GROW(st, cap, 1, 8);
	st[n++] = (struct step){ x->via_call, x->next, 0 };
	if (x->is_hook) {
		const struct impl_list *il = &lk->impls[u];

		for (int k = 0; k < il->n; k++) {
			int v = il->node[k];

			if (v == x->next || !lk->nodes[v].dist)
				continue;
			ARRAY_GROW(st, cap, n + 1, 8);
			st[n++] = (struct step){ -2 - il->reg[k], v,
						 lk->nodes[v].dist };
		}
	} else {
		for (int k = lk->out_first[u]; k < lk->out_first[u + 1]; k++) {
			int i = lk->out_list[k];
			const struct fact_call *c = &lk->f->calls[i];
			int cand[3] = { -1, lk->call_hook[i],
					lk->call_target[i] };

			for (int m = 0; m < 3; m++) {
				int v = cand[m];

				if (m == 0 && !link_prim_sleeps(lk, c))
					continue;
				if (m > 0 && (v < 0 || !lk->nodes[v].dist ||
					      link_documented(lk, v)))
					continue;
				if (i == x->via_call && v == x->next)
					continue;
				ARRAY_GROW(st, cap, n + 1, 8);
				st[n++] = (struct step){ i, v,
					v < 0 ? 0 : lk->nodes[v].dist };
			}
		}
	}
	/* Insertion sort of the others by distance: a node has few. */
	for (int k = 2; k < n; k++)
		for (int j = k; j > 1 && st[j].dist < st[j - 1].dist; j--) {
			struct step t = st[j];

			st[j] = st[j - 1];
			st[j - 1] = t;
		}
	*out = st;
	return n;
}

/*
 * The search for the chain a call takes: depth first from the node
 * called, with the call's arguments passed down and the regions open
 * at the call (ctx) and at each call taken, each node's default step
 * first.  A node's own
 * condition joins its ways' (services_convert_context() sleeps when its
 * gfp_t may block, or when not in interrupt: "any" joined), so a step
 * the node's summary allows may still lead nowhere the call can go;
 * the search then backs up and takes the next step.  It ends at the
 * first sleeping primitive reached, or when every step is ruled out
 * (the call does not sleep through n), or after SEARCH_BUDGET nodes
 * (then the nodes' own chains, as without arguments).
 */
#define SEARCH_BUDGET 4096

struct search {
	const struct link *lk;
	struct link_path *p;
	int clones, budget;
	char *dead;	/* per node: ruled out with nothing known (made
			   at the first such node: most searches know
			   their context all the way) */
};

/* May hook or slot h's implementation v sleep, called with a[], in ctx? */
static int impl_may(const struct link *lk, int v, const struct link_arg *a,
		    int na, int ctx)
{
	return node_may(lk, v, a, na) &&
	       !ctx_rules_out(lk->nodes[v].need, ctx);
}

/*
 * From node n, called with a[] in context ctx (the site's regions and
 * those the chain's callers opened before each call): 1 when a chain to
 * a sleep is found (appended to the path), 0 when every step is ruled
 * out, -1 when the budget ran out.
 */
static int walk(struct search *s, int n, const struct link_arg *a, int na,
		int ctx)
{
	const struct link *lk = s->lk;
	const struct link_node *x = &lk->nodes[n];
	int knows = a && known(a, na), told = knows || ctx;
	int found = 0, looped = 0, ns = 0;
	struct step *st;

	if (!told && s->dead && s->dead[n])
		return 0;
	if (--s->budget < 0)
		return -1;
	if (n < s->clones) {
		ns = steps_of(lk, n, &st);
	} else {
		/* A clone: its own chain, as it is. */
		st = xcalloc(1, sizeof(*st));
		st[ns++] = (struct step){ x->via_call, x->next, 0 };
	}
	for (int k = 0; k < ns && !found; k++) {
		int via = st[k].via, next = st[k].next, nb = 0;
		/* A callee runs inside its caller's regions too. */
		int cx = x->is_hook || via < 0 ? ctx :
			 ctx | lk->f->calls[via].ctx;
		struct link_arg *b = NULL;

		if (via == -1 && next < 0)
			continue;	/* no chain at all */
		if ((knows || cx) && n < s->clones && !(x->is_hook ?
			       impl_may(lk, next, a, na, ctx) :
			       step_may(lk, via, next, a, na, cx)))
			continue;
		if (next >= 0 && on_path(s->p, next)) {
			looped = 1;
			continue;
		}
		add(s->p, n, via);
		if (next < 0) {
			found = 1;
			break;
		}
		if (x->is_hook) {
			if (a) {
				b = xcalloc(na + 1, sizeof(*b));
				memcpy(b, a, na * sizeof(*b));
				nb = na;
			}
		} else if (a && via >= 0 &&
			   !(lk->nodes[next].is_hook &&
			     *lk->f->calls[via].callee)) {
			b = pass(lk, via, a, na, &nb);
		}
		found = walk(s, next, b, nb, cx);
		free(b);
		if (!found)
			s->p->n--;
	}
	free(st);
	if (!found && !looped && !told) {
		if (!s->dead)
			s->dead = xcalloc(lk->nnodes, 1);
		s->dead[n] = 1;
	}
	return found;
}

/* The nodes' own chains from n, as --why shows a function's. */
static void own_chain(const struct link *lk, int n, struct link_path *p)
{
	int guard = lk->nnodes + 1;

	for (p->n = 0; n >= 0 && guard--; n = lk->nodes[n].next)
		add(p, n, lk->nodes[n].via_call);
}

void link_path_of(const struct link *lk, int call, int n,
		  struct link_path *p)
{
	struct search s = { lk, p, lk->nhooks + lk->f->nfns,
			    SEARCH_BUDGET, NULL };
	struct link_arg *a = NULL;
	int na = 0, r;

	p->n = p->detours = p->ruled_out = 0;
	if (call < 0 || n < 0 || !lk->nodes[n].dist) {
		own_chain(lk, n, p);
		return;
	}
	if (!(lk->nodes[n].is_hook && *lk->f->calls[call].callee))
		a = pass(lk, call, NULL, 0, &na);
	r = walk(&s, n, a, na, lk->f->calls[call].ctx);
	free(s.dead);
	free(a);
	if (r <= 0)
		own_chain(lk, n, p);
	p->ruled_out = r == 0;
	for (int k = 0; k < p->n; k++)
		if (p->via[k] != lk->nodes[p->node[k]].via_call)
			p->detours++;
}

int link_site_rules_out(const struct link *lk, int call, int n)
{
	struct link_path p = { 0 };
	int out;

	if (call < 0 || n < 0 || !lk->nodes[n].dist)
		return 0;
	link_path_of(lk, call, n, &p);
	out = p.ruled_out;
	link_path_free(&p);
	return out;
}

void link_path_free(struct link_path *p)
{
	free(p->node);
	free(p->via);
	p->node = p->via = NULL;
	p->n = p->cap = p->detours = p->ruled_out = 0;
}
