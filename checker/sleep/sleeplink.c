/*
 * sleeplink.c - the link step of the sleep analysis.  Every function
 * and every hook is a node; a call is an edge from its caller to the
 * function it names (a static one of the same unit first, else the
 * global one, else a header's inline helper of that name) and, for a
 * hook call, to the hook; a hook has an edge to
 * each function registered for it, in any module.  A breadth-first
 * search backwards from the functions that call a sleeping primitive
 * gives every node that may sleep and one shortest chain that shows
 * why.  Calls to primitives are not followed: the primitive's table
 * entry decides.
 *
 * A node may sleep only when one of its parameters is true (or false):
 * "if (!nofail) return kmalloc(GFP_ATOMIC); return kmalloc(GFP_KERNEL)".
 * Each call says what its path assumes of its caller's parameters and
 * what it passes (constants, the caller's own parameters), so a call
 * that passes false to such a node does not sleep through it, and one
 * that passes its own parameter makes its caller conditional in turn.
 * One parameter's condition per node: two different ones make it
 * "always", which keeps the answer a may-sleep (never fewer sleeps than
 * without).
 * A node may also sleep only in some context ("if (in_interrupt())
 * { defer; return; } might_sleep();" sleeps when !in_interrupt()): a
 * set of needs, all to hold, beside the parameter's condition.  Needs
 * pass to the caller unchanged, whatever the call passes, add up along
 * a chain (a call under "!irqs_disabled()" to a node that needs
 * "!in_interrupt()" needs both), keep only what they share where two
 * meet, and are decided by the regions open at a call (docs/facts-db.md,
 * ctx): under local_bh_disable() in_interrupt() is true, under
 * spin_lock_irqsave() irqs_disabled() is; under spin_lock() neither is
 * known, so nothing rules "irqs_disabled()" out.
 * The search is then two phases: a worklist for the conditions (a node
 * is visited again when its condition widens: its parameter's condition
 * once, each of four needs once), then a
 * breadth-first pass for the chains, each through an edge whose
 * condition is the node's own.
 */
#include "checker/sleep/linkcond.h"
#include "checker/sleep/linkfield.h"
#include "checker/sleep/linkmap.h"
#include "checker/sleep/linkobj.h"
#include "checker/sleep/linkpath.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Keys: "h:member", "g:name", "s:unit:name". */
static int hook_node(const struct link *lk, const char *member)
{
	char *k = xasprintf("h:%s", member);
	int n = map_get(lk->map, k);

	free(k);
	return n;
}

static int fn_node(const struct link *lk, const char *name, int unit)
{
	char *k = xasprintf("s:%d:%s", unit, name);
	int n = map_get(lk->map, k);

	free(k);
	if (n >= 0)
		return n;
	k = xasprintf("g:%s", name);
	n = map_get(lk->map, k);
	free(k);
	if (n >= 0)
		return n;
	k = xasprintf("i:%s", name);
	n = map_get(lk->map, k);
	free(k);
	return n;
}

struct edge {
	int from, to, call;
};

struct names {
	const char **v;
	int n;
};

static void add_hook_name(struct link *lk, struct names *hn, const char *m)
{
	if (!m || hook_node(lk, m) >= 0)
		return;
	map_put(lk->map, xasprintf("h:%s", m), hn->n);
	hn->v = xrealloc(hn->v, (hn->n + 1) * sizeof(*hn->v));
	hn->v[hn->n++] = m;
}

static int slot_node(const struct link *lk, const char *usr)
{
	char *k = xasprintf("v:%s", usr);
	int n = map_get(lk->map, k);

	free(k);
	return n;
}

/* A slot's node, named name ("struct.member") for people. */
static void add_slot_name(struct link *lk, struct names *hn, const char *usr,
			  const char *name)
{
	if (!usr || slot_node(lk, usr) >= 0)
		return;
	map_put(lk->map, xasprintf("v:%s", usr), hn->n);
	hn->v = xrealloc(hn->v, (hn->n + 1) * sizeof(*hn->v));
	hn->v[hn->n++] = name;
}

static void add_edge(struct edge **e, int *n, int from, int to, int call)
{
	if (from < 0 || to < 0)
		return;
	*e = xrealloc(*e, (*n + 1) * sizeof(**e));
	(*e)[*n].from = from;
	(*e)[*n].to = to;
	(*e)[*n].call = call;
	(*n)++;
}

/*
 * The same for an edge into function node to, unless its kernel-doc
 * promises atomic use (link_documented()): no caller sleeps through it.
 */
static void add_edge_into(const struct link *lk, struct edge **e, int *n,
			  int from, int to, int call)
{
	if (!link_documented(lk, to))
		add_edge(e, n, from, to, call);
}

static void add_impl(struct impl_list *il, int node, int reg)
{
	for (int i = 0; i < il->n; i++)
		if (il->node[i] == node)
			return;
	il->node = xrealloc(il->node, (il->n + 1) * sizeof(int));
	il->reg = xrealloc(il->reg, (il->n + 1) * sizeof(int));
	il->node[il->n] = node;
	il->reg[il->n++] = reg;
}

/* What node n sleeps under: its parameter's condition and its needs. */
static cnd node_cnd(const struct link *lk, int n)
{
	cnd c = { lk->nodes[n].cond, lk->nodes[n].need, lk->nodes[n].cond2 };

	return c;
}

/* ... and in what context: the needs, whatever the call passes. */
static cnd through(const struct link *lk, int call, int v, int through_name)
{
	cnd c = node_cnd(lk, v);

	if (call < 0)
		return c;	/* a hook to its implementation: the same */
	c.p = linkcond_through(lk, call, c.p, through_name);
	c.q = linkcond_through(lk, call, c.q, through_name);
	if (c.q == NEVER)
		c.p = NEVER;
	if (!c.p && c.q != NEVER) {
		c.p = c.q;
		c.q = 0;
	}
	return linkcond_decide(c, lk->f->calls[call].ctx);
}

/* When does call (an edge into node v; -1: hook to implementation)? */
static cnd edge_cond(const struct link *lk, int call, int v)
{
	int named = call >= 0 && lk->nodes[v].is_hook &&
		    *lk->f->calls[call].callee;

	return linkcond_both(lk, call >= 0 ? lk->call_cond[call] : LINK_ALWAYS,
		    through(lk, call, v, named));
}

struct graph {
	const struct edge *e;
	int ne;
	int *first, *rev;	/* edges into each node, in insertion order */
	char *seen;		/* may sleep (phase one) */
	int *queue;
	int head, tail, cap;
};

static void push(struct graph *g, int n)
{
	ARRAY_GROW(g->queue, g->cap, g->tail + 1, 64);
	g->queue[g->tail++] = n;
}

/* The caller of call i when it is a sleeping primitive, else -1. */
static int source(const struct link *lk, int i)
{
	const struct fact_call *c = &lk->f->calls[i];

	if (c->boot || !link_prim_sleeps(lk, c))
		return -1;
	return fn_node(lk, c->caller, lk->f->call_unit[i]);
}

/*
 * Phase one: node u may sleep under c; widen what it had (a parameter's
 * condition other than its own makes it any, needs it does not share
 * go; two of a few values join as one set test): each node is pushed
 * about six times, once more each time its set grows (linkcond.h's
 * SET_MAX bounds it).
 */
static void widen(struct link *lk, struct graph *g, int u, cnd c)
{
	struct link_node *x = &lk->nodes[u];
	int set = 0;

	if (c.p == NEVER)
		return;
	c = linkcond_simplify(lk, c);
	if (!g->seen[u]) {
		g->seen[u] = 1;
		x->cond = c.p;
		x->cond2 = c.q;
		x->need = c.need;
		push(g, u);
	} else if (!x->cond2 && !c.q && x->cond && c.p &&
		   (set = linkcond_union(lk, x->cond, c.p))) {
		/* One of a few values either way: the set of them all. */
		if (set != x->cond || (x->need & ~c.need)) {
			x->cond = set;
			x->need &= c.need;
			push(g, u);
		}
	} else {
		/* Only what both ways share stays: fewer conditions. */
		int p = x->cond, q = x->cond2;
		int kp = p && (p == c.p || p == c.q);
		int kq = q && (q == c.p || q == c.q);

		if ((p && !kp) || (q && !kq) || (x->need & ~c.need)) {
			x->cond = kp ? p : kq ? q : 0;
			x->cond2 = kp && kq ? q : 0;
			x->need &= c.need;
			push(g, u);
		}
	}
}

/* Phase two: the chain of u goes through v by call. */
static void assign(struct link *lk, struct graph *g, int u, int v, int call)
{
	struct link_node *x = &lk->nodes[u];

	x->dist = v >= 0 ? lk->nodes[v].dist + 1 : 1;
	x->next = v;
	x->via_call = call;
	push(g, u);
}

/*
 * Phase two, breadth first from the sources: a node takes the first
 * edge whose condition is the node's own (so a chain shown for a node
 * that always sleeps is one that always does); strict 0 accepts any
 * feasible edge, for nodes whose condition is two merged ones.
 */
static int chains(struct link *lk, struct graph *g, int strict)
{
	const struct facts *f = lk->f;
	int before = g->tail;

	for (int i = 0; i < f->ncalls; i++) {
		int n = source(lk, i);

		if (n >= 0 && g->seen[n] && !lk->nodes[n].dist &&
		    lk->call_cond[i].p != NEVER &&
		    (!strict || linkcond_same(lk->call_cond[i], node_cnd(lk, n))))
			assign(lk, g, n, -1, i);
	}
	if (!strict)
		for (int i = 0; i < g->ne; i++) {
			const struct edge *x = &g->e[i];

			if (g->seen[x->from] && !lk->nodes[x->from].dist &&
			    lk->nodes[x->to].dist &&
			    edge_cond(lk, x->call, x->to).p != NEVER)
				assign(lk, g, x->from, x->to, x->call);
		}
	while (g->head < g->tail) {
		int v = g->queue[g->head++];

		for (int k = g->first[v]; k < g->first[v + 1]; k++) {
			const struct edge *x = &g->e[g->rev[k]];
			int u = x->from;

			if (g->seen[u] && !lk->nodes[u].dist &&
			    linkcond_same(edge_cond(lk, x->call, v), node_cnd(lk, u)))
				assign(lk, g, u, v, x->call);
		}
	}
	return g->tail > before;
}

static void search(struct link *lk, struct edge *e, int ne)
{
	const struct facts *f = lk->f;
	struct graph g = { e, ne, NULL, NULL, NULL, NULL, 0, 0, 0 };

	g.first = xcalloc(lk->nnodes + 1, sizeof(int));
	g.rev = xcalloc(ne + 1, sizeof(int));
	g.seen = xcalloc(lk->nnodes + 1, 1);
	g.cap = 7 * lk->nnodes + 1;	/* phase one: about six visits a
					   node (more while a set grows) */
	g.queue = xcalloc(g.cap, sizeof(int));
	for (int i = 0; i < ne; i++)
		g.first[e[i].to + 1]++;
	for (int i = 0; i < lk->nnodes; i++)
		g.first[i + 1] += g.first[i];
	{
		int *fill = xcalloc(lk->nnodes + 1, sizeof(int));

		for (int i = 0; i < ne; i++)
			g.rev[g.first[e[i].to] + fill[e[i].to]++] = i;
		free(fill);
	}
	/* Phase one: which nodes may sleep, and under what condition. */
	for (int i = 0; i < f->ncalls; i++) {
		int n = source(lk, i);

		if (n >= 0)
			widen(lk, &g, n, lk->call_cond[i]);
	}
	while (g.head < g.tail) {
		int v = g.queue[g.head++];

		for (int k = g.first[v]; k < g.first[v + 1]; k++) {
			const struct edge *x = &e[g.rev[k]];

			widen(lk, &g, x->from, edge_cond(lk, x->call, v));
		}
	}
	/* Phase two: one shortest chain each, acyclic (to older nodes). */
	g.head = g.tail = 0;
	g.cap = lk->nnodes + 1;
	chains(lk, &g, 1);
	while (chains(lk, &g, 0))
		;
	free(g.first);
	free(g.rev);
	free(g.seen);
	free(g.queue);
}

/*
 * Does an atomic call sleep through a chain that passes a hook?  Then a
 * second link, without the hooks' implementations, may give its site a
 * chain of direct calls (lk->direct).
 */
static int hook_chained(const struct link *lk)
{
	for (int i = 0; i < lk->f->ncalls; i++) {
		const struct fact_call *c = &lk->f->calls[i];
		int n;

		if (!(c->atomic || (lk->rt && c->rt & RT_CALL_ATOMIC)) ||
		    c->hook)
			continue;
		n = link_call_sleeps(lk, i);
		if (n >= 0 && link_chain_hook(lk, i, n))
			return 1;
	}
	return 0;
}

/*
 * A copy of a function (linkobj.h) makes its calls, each to what the
 * function's reaches, but those on a parameter its callers gave a named
 * object for, which reach what that object holds.
 */
static void clone_edges(struct link *lk, const struct link_objs *o,
			struct edge **e, int *ne)
{
	const struct facts *f = lk->f;
	int base = lk->nhooks + f->nfns;

	for (int c = 0; c < o->nclone; c++) {
		const struct obj_clone *x = &o->clone[c];
		int orig = lk->nhooks + x->fn;

		for (int k = lk->out_first[orig]; k < lk->out_first[orig + 1];
		     k++) {
			int i = lk->out_list[k], hook = lk->call_hook[i];
			int to = lk->call_target[i];

			/*
			 * A list's walk (linklist.h) called from an API
			 * for a named chain calls what that chain holds,
			 * not the walk, which calls what any may hold.
			 */
			for (int m = 0; m < x->n; m++)
				if (x->call[m] == i && x->key[m]) {
					hook = slot_node(lk, x->key[m]);
					to = -1;
				}
			add_edge(e, ne, base + c, hook, i);
			add_edge_into(lk, e, ne, base + c, to, i);
		}
	}
}

/* Each node's calls: out_list[out_first[n] .. out_first[n + 1]). */
static void index_calls(struct link *lk)
{
	const struct facts *f = lk->f;
	int *fill = xcalloc(lk->nnodes + 1, sizeof(int));

	lk->out_first = xcalloc(lk->nnodes + 2, sizeof(int));
	lk->out_list = xcalloc(f->ncalls + 1, sizeof(int));
	for (int i = 0; i < f->ncalls; i++)
		if (lk->call_from[i] >= 0)
			lk->out_first[lk->call_from[i] + 1]++;
	for (int n = 0; n < lk->nnodes; n++)
		lk->out_first[n + 1] += lk->out_first[n];
	for (int i = 0; i < f->ncalls; i++) {
		int u = lk->call_from[i];

		if (u >= 0)
			lk->out_list[lk->out_first[u] + fill[u]++] = i;
	}
	free(fill);
}

void link_build(struct link *lk, const struct facts *f)
{
	link_build_mode(lk, f, 0);
}

void link_build_mode(struct link *lk, const struct facts *f, int mode)
{
	int rt = mode & LINK_RT, by_type = mode & LINK_BY_TYPE;
	struct link_objs objs = { 0 };
	struct names hn = { NULL, 0 };
	struct edge *e = NULL;
	int ne = 0, nslots;

	memset(lk, 0, sizeof(*lk));
	lk->f = f;
	lk->rt = rt;
	lk->map = xcalloc(1, sizeof(struct map));
	lk->preds = xcalloc(1, sizeof(*lk->preds));
	for (int i = 0; i < f->nhooks; i++)
		add_hook_name(lk, &hn, f->hooks[i].member);
	for (int i = 0; i < f->nregs; i++)
		if (!f->regs[i].slot)
			add_hook_name(lk, &hn, f->regs[i].hook);
	for (int i = 0; i < f->ncalls; i++)
		add_hook_name(lk, &hn, f->calls[i].hook);
	nslots = hn.n;
	for (int i = 0; i < f->nregs; i++)
		add_slot_name(lk, &hn, by_type && f->regs[i].slot ?
			      f->regs[i].ftype : f->regs[i].slot,
			      by_type ? f->regs[i].ftype : f->regs[i].hook);
	for (int i = 0; i < f->ncalls; i++)
		add_slot_name(lk, &hn, by_type && f->calls[i].slot ?
			      f->calls[i].ftype : f->calls[i].slot,
			      by_type ? f->calls[i].ftype : f->calls[i].slot);
	if (!(mode & (LINK_BY_TYPE | LINK_BY_MEMBER)))
		linkobj_plan(&objs, f);
	for (int i = 0; i < objs.nnode; i++)
		add_slot_name(lk, &hn, objs.node[i].key,
			      objs.node[i].named >= 0 ?
			      f->regs[objs.node[i].named].hook :
			      objs.node[i].key);
	lk->nhooks = hn.n;
	lk->nnodes = hn.n + f->nfns + objs.nclone;	/* copies last */
	lk->nodes = xcalloc(lk->nnodes + 1, sizeof(*lk->nodes));
	for (int i = 0; i < lk->nnodes; i++) {
		lk->nodes[i].next = -1;
		lk->nodes[i].via_call = -1;
		lk->nodes[i].is_hook = i < hn.n;
		lk->nodes[i].is_slot = i >= nslots && i < hn.n;
		lk->nodes[i].fn = i < hn.n ? i : i < hn.n + f->nfns ? i - hn.n :
				  objs.clone[i - hn.n - f->nfns].fn;
	}
	lk->hook_names = hn.v;
	for (int i = 0; i < f->nfns; i++) {
		const struct fact_fn *x = &f->fns[i];
		char *k = x->is_static == FN_HEADER ?
			xasprintf("i:%s", x->name) : x->is_static ?
			xasprintf("s:%d:%s", f->fn_unit[i], x->name) :
			xasprintf("g:%s", x->name);

		map_put(lk->map, k, hn.n + i);
	}
	lk->impls = xcalloc(hn.n + 1, sizeof(*lk->impls));
	for (int i = 0; i < f->nregs; i++) {
		int h = f->regs[i].slot ? slot_node(lk, by_type ?
			f->regs[i].ftype : f->regs[i].slot) :
			hook_node(lk, f->regs[i].hook);
		int n = fn_node(lk, f->regs[i].impl, f->reg_unit[i]);

		if (n < 0)
			continue;	/* defined where we did not look */
		if (mode & LINK_DIRECT && !f->regs[i].slot)
			continue;	/* a hook reaches no implementation */
		add_impl(&lk->impls[h], n, i);
		add_edge_into(lk, &e, &ne, h, n, -2 - i);
	}
	/* A member of some objects: what those objects hold. */
	for (int i = 0; i < objs.nnode; i++) {
		int h = slot_node(lk, objs.node[i].key);

		for (int k = 0; k < objs.node[i].nreg; k++) {
			int r = objs.node[i].reg[k];
			int n = fn_node(lk, f->regs[r].impl, f->reg_unit[r]);

			if (n < 0)
				continue;
			add_impl(&lk->impls[h], n, r);
			add_edge_into(lk, &e, &ne, h, n, -2 - r);
		}
	}
	lk->call_from = xcalloc(f->ncalls + 1, sizeof(int));
	lk->call_target = xcalloc(f->ncalls + 1, sizeof(int));
	lk->call_hook = xcalloc(f->ncalls + 1, sizeof(int));
	lk->call_cond = xcalloc(f->ncalls + 1, sizeof(*lk->call_cond));
	lk->call_args = xcalloc(f->ncalls + 1, sizeof(*lk->call_args));
	lk->call_nargs = xcalloc(f->ncalls + 1, sizeof(int));
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		int from = fn_node(lk, c->caller, f->call_unit[i]);

		lk->call_from[i] = from;
		lk->call_cond[i] = linkcond_decide(linkcond_call(lk, c->cond),
						   rt ? c->rt_ctx : c->ctx);
		lk->call_args[i] = linkcond_args(c->args, &lk->call_nargs[i]);

		lk->call_target[i] = -1;
		lk->call_hook[i] = -1;
		if (c->prim || c->boot)
			continue;	/* early boot: nothing sleeps there */
		if (*c->callee)
			lk->call_target[i] = fn_node(lk, c->callee,
						     f->call_unit[i]);
		if (objs.call_clone && objs.call_clone[i] >= 0)
			lk->call_target[i] = hn.n + f->nfns +
					     objs.call_clone[i];
		if (c->hook)
			lk->call_hook[i] = hook_node(lk, c->hook);
		else if (c->slot && objs.call_key && objs.call_key[i])
			lk->call_hook[i] = slot_node(lk, objs.call_key[i]);
		else if (c->slot)
			lk->call_hook[i] = slot_node(lk, by_type ? c->ftype :
						     c->slot);
		add_edge(&e, &ne, from, lk->call_hook[i], i);
		add_edge_into(lk, &e, &ne, from, lk->call_target[i], i);
	}
	linkfield_build(lk);
	index_calls(lk);
	clone_edges(lk, &objs, &e, &ne);
	linkobj_free(&objs);
	search(lk, e, ne);
	free(e);
	if (!(mode & LINK_DIRECT) && hook_chained(lk)) {
		lk->direct = xcalloc(1, sizeof(*lk->direct));
		link_build_mode(lk->direct, f, mode | LINK_DIRECT);
	}
}

void link_free(struct link *lk)
{
	if (lk->direct) {
		link_free(lk->direct);
		free(lk->direct);
	}
	for (int i = 0; i < lk->nhooks; i++) {
		free(lk->impls[i].node);
		free(lk->impls[i].reg);
	}
	free(lk->impls);
	free(lk->nodes);
	free(lk->out_first);
	free(lk->out_list);
	for (int i = 0; lk->f && i < lk->f->ncalls; i++)
		free(lk->call_args[i]);
	free(lk->call_args);
	free(lk->call_nargs);
	linkfield_free(lk);
	if (lk->preds) {
		free(lk->preds->v);
		linkfield_names_free(lk->preds);
	}
	free(lk->preds);
	free(lk->call_cond);
	free(lk->call_from);
	free(lk->call_target);
	free(lk->call_hook);
	free(lk->hook_names);
	if (lk->map)
		map_free(lk->map);
	free(lk->map);
	memset(lk, 0, sizeof(*lk));
}

int link_hook(const struct link *lk, const char *member)
{
	return hook_node(lk, member);
}

int link_call_sleeps(const struct link *lk, int call)
{
	const struct fact_call *c = &lk->f->calls[call];
	int best = -1;
	int cand[2] = { lk->call_hook[call], lk->call_target[call] };

	if (lk->call_cond[call].p == NEVER)
		return -1;	/* "if (!irqs_disabled())" in such a region */
	if (c->prim)
		return link_prim_sleeps(lk, c) ? -2 : -1;
	for (int i = 0; i < 2; i++) {
		int n = cand[i];

		if (n < 0 || !lk->nodes[n].dist || link_documented(lk, n) ||
		    through(lk, call, n, i == 0 && *c->callee).p == NEVER ||
		    link_site_rules_out(lk, call, n))
			continue;
		if (best < 0 || lk->nodes[n].dist < lk->nodes[best].dist)
			best = n;
	}
	return best;
}
