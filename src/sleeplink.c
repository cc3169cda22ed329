/*
 * sleeplink.c - the link step of the sleep analysis.  Every function
 * and every hook is a node; a call is an edge from its caller to the
 * function it names (a static one of the same unit first, else the
 * global one) and, for a hook call, to the hook; a hook has an edge to
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
 * One condition per node: two different ones make it "always", which
 * keeps the answer a may-sleep (never fewer sleeps than without).
 * The search is then a worklist: a node is visited again when its
 * condition widens, which happens at most twice.
 */
#include "facts.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct map {
	char **key;
	int *val;
	size_t cap, n;
};

static size_t hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void map_put(struct map *m, char *key, int val);

static void map_grow(struct map *m)
{
	struct map old = *m;

	m->cap = m->cap ? 2 * m->cap : 1024;
	m->key = xcalloc(m->cap, sizeof(*m->key));
	m->val = xcalloc(m->cap, sizeof(*m->val));
	m->n = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.key[i])
			map_put(m, old.key[i], old.val[i]);
	free(old.key);
	free(old.val);
}

/* Takes key; keeps the first value given for a key. */
static void map_put(struct map *m, char *key, int val)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap)
		map_grow(m);
	for (i = hash(key) & (m->cap - 1); m->key[i];
	     i = (i + 1) & (m->cap - 1))
		if (!strcmp(m->key[i], key)) {
			free(key);
			return;
		}
	m->key[i] = key;
	m->val[i] = val;
	m->n++;
}

static int map_get(const struct map *m, const char *key)
{
	if (!m->cap)
		return -1;
	for (size_t i = hash(key) & (m->cap - 1); m->key[i];
	     i = (i + 1) & (m->cap - 1))
		if (!strcmp(m->key[i], key))
			return m->val[i];
	return -1;
}

static void map_free(struct map *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->key[i]);
	free(m->key);
	free(m->val);
}

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

/* Argument kinds in call_args; a parameter is its index (>= 0). */
enum { ARG_FALSE = -1, ARG_TRUE = -2, ARG_UNKNOWN = -3 };
#define NEVER INT_MIN

/* "p2" -> 3, "!p2" -> -3, NULL -> 0. */
static int parse_cond(const char *s)
{
	int neg = 0;

	if (!s)
		return 0;
	if (*s == '!') {
		neg = 1;
		s++;
	}
	if (*s != 'p')
		return 0;
	return neg ? -(atoi(s + 1) + 1) : atoi(s + 1) + 1;
}

static int *parse_args(const char *s, int *n)
{
	int *v = NULL;

	*n = 0;
	while (s && *s) {
		v = xrealloc(v, (*n + 1) * sizeof(*v));
		v[*n] = *s == 'p' ? atoi(s + 1) : *s == '1' ? ARG_TRUE :
			*s == '0' ? ARG_FALSE : ARG_UNKNOWN;
		(*n)++;
		s = strchr(s, ',');
		if (s)
			s++;
	}
	return v;
}

/*
 * When does call i sleep through callee node v, in terms of its caller's
 * parameters?  NEVER, 0 (always) or a condition; through_name: the call
 * names a wrapper of hook v, whose arguments need not be the hook's.
 */
static int through(const struct link *lk, int call, int v, int through_name)
{
	int c = lk->nodes[v].cond, j, a;

	if (!c || call < 0)
		return c;	/* a hook to its implementation: the same */
	if (through_name)
		return 0;
	j = (c > 0 ? c : -c) - 1;
	a = j < lk->call_nargs[call] ? lk->call_args[call][j] : ARG_UNKNOWN;
	if (a == ARG_UNKNOWN)
		return 0;
	if (a == ARG_TRUE || a == ARG_FALSE)
		return (a == ARG_TRUE) == (c > 0) ? 0 : NEVER;
	return c > 0 ? a + 1 : -(a + 1);
}

/* Node u may sleep under cond; 1 when that is news to it. */
static int reach(struct link *lk, int u, int cond, int dist, int next,
		 int call)
{
	struct link_node *x = &lk->nodes[u];

	if (cond == NEVER)
		return 0;
	if (!x->dist) {
		x->dist = dist;
		x->next = next;
		x->via_call = call;
		x->cond = cond;
		return 1;
	}
	if (x->cond && x->cond != cond) {
		x->cond = 0;
		return 1;
	}
	return 0;
}

/* A call's own condition and its callee's, both to hold: keep one. */
static int both(int own, int callee)
{
	if (callee == NEVER)
		return NEVER;
	return own ? own : callee;
}

static void search(struct link *lk, struct edge *e, int ne)
{
	const struct facts *f = lk->f;
	int *first = xcalloc(lk->nnodes + 1, sizeof(int));
	int *rev = xcalloc(ne + 1, sizeof(int));
	int cap = 3 * lk->nnodes + 1;	/* each node: at most 3 visits */
	int *queue = xcalloc(cap, sizeof(int));
	int head = 0, tail = 0;

	/* Reverse adjacency, edges into each node in insertion order. */
	for (int i = 0; i < ne; i++)
		first[e[i].to + 1]++;
	for (int i = 0; i < lk->nnodes; i++)
		first[i + 1] += first[i];
	{
		int *fill = xcalloc(lk->nnodes + 1, sizeof(int));

		for (int i = 0; i < ne; i++)
			rev[first[e[i].to] + fill[e[i].to]++] = i;
		free(fill);
	}
	/* Sources: the functions that call a sleeping primitive. */
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		int n;

		if (!c->prim || !c->sleep)
			continue;
		n = fn_node(lk, c->caller, f->call_unit[i]);
		if (n >= 0 && reach(lk, n, lk->call_cond[i], 1, -1, i) &&
		    tail < cap)
			queue[tail++] = n;
	}
	while (head < tail) {
		int v = queue[head++];

		for (int k = first[v]; k < first[v + 1]; k++) {
			const struct edge *x = &e[rev[k]];
			int call = x->call;
			int named = call >= 0 && lk->nodes[v].is_hook &&
				    *f->calls[call].callee;
			int cond = both(call >= 0 ? lk->call_cond[call] : 0,
					through(lk, call, v, named));

			if (reach(lk, x->from, cond, lk->nodes[v].dist + 1, v,
				  call) && tail < cap)
				queue[tail++] = x->from;
		}
	}
	free(first);
	free(rev);
	free(queue);
}

void link_build(struct link *lk, const struct facts *f)
{
	struct names hn = { NULL, 0 };
	struct edge *e = NULL;
	int ne = 0;

	memset(lk, 0, sizeof(*lk));
	lk->f = f;
	lk->map = xcalloc(1, sizeof(struct map));
	for (int i = 0; i < f->nhooks; i++)
		add_hook_name(lk, &hn, f->hooks[i].member);
	for (int i = 0; i < f->nregs; i++)
		add_hook_name(lk, &hn, f->regs[i].hook);
	for (int i = 0; i < f->ncalls; i++)
		add_hook_name(lk, &hn, f->calls[i].hook);
	lk->nhooks = hn.n;
	lk->nnodes = hn.n + f->nfns;
	lk->nodes = xcalloc(lk->nnodes + 1, sizeof(*lk->nodes));
	for (int i = 0; i < lk->nnodes; i++) {
		lk->nodes[i].next = -1;
		lk->nodes[i].via_call = -1;
		lk->nodes[i].is_hook = i < hn.n;
		lk->nodes[i].fn = i < hn.n ? i : i - hn.n;
	}
	lk->hook_names = hn.v;
	for (int i = 0; i < f->nfns; i++) {
		const struct fact_fn *x = &f->fns[i];
		char *k = x->is_static ?
			xasprintf("s:%d:%s", f->fn_unit[i], x->name) :
			xasprintf("g:%s", x->name);

		map_put(lk->map, k, hn.n + i);
	}
	lk->impls = xcalloc(hn.n + 1, sizeof(*lk->impls));
	for (int i = 0; i < f->nregs; i++) {
		int h = hook_node(lk, f->regs[i].hook);
		int n = fn_node(lk, f->regs[i].impl, f->reg_unit[i]);

		if (n < 0)
			continue;	/* defined where we did not look */
		add_impl(&lk->impls[h], n, i);
		add_edge(&e, &ne, h, n, -1);
	}
	lk->call_target = xcalloc(f->ncalls + 1, sizeof(int));
	lk->call_hook = xcalloc(f->ncalls + 1, sizeof(int));
	lk->call_cond = xcalloc(f->ncalls + 1, sizeof(int));
	lk->call_args = xcalloc(f->ncalls + 1, sizeof(int *));
	lk->call_nargs = xcalloc(f->ncalls + 1, sizeof(int));
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		int from = fn_node(lk, c->caller, f->call_unit[i]);

		lk->call_cond[i] = parse_cond(c->cond);
		lk->call_args[i] = parse_args(c->args, &lk->call_nargs[i]);

		lk->call_target[i] = -1;
		lk->call_hook[i] = -1;
		if (c->prim)
			continue;
		if (*c->callee)
			lk->call_target[i] = fn_node(lk, c->callee,
						     f->call_unit[i]);
		if (c->hook)
			lk->call_hook[i] = hook_node(lk, c->hook);
		add_edge(&e, &ne, from, lk->call_hook[i], i);
		add_edge(&e, &ne, from, lk->call_target[i], i);
	}
	search(lk, e, ne);
	free(e);
}

void link_free(struct link *lk)
{
	for (int i = 0; i < lk->nhooks; i++) {
		free(lk->impls[i].node);
		free(lk->impls[i].reg);
	}
	free(lk->impls);
	free(lk->nodes);
	for (int i = 0; lk->f && i < lk->f->ncalls; i++)
		free(lk->call_args[i]);
	free(lk->call_args);
	free(lk->call_nargs);
	free(lk->call_cond);
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

const char *link_node_name(const struct link *lk, int n)
{
	const struct link_node *x = &lk->nodes[n];

	return x->is_hook ? lk->hook_names[x->fn] : lk->f->fns[x->fn].name;
}

int link_call_sleeps(const struct link *lk, int call)
{
	const struct fact_call *c = &lk->f->calls[call];
	int best = -1;
	int cand[2] = { lk->call_hook[call], lk->call_target[call] };

	if (c->prim)
		return c->sleep ? -2 : -1;
	for (int i = 0; i < 2; i++) {
		int n = cand[i];

		if (n < 0 || !lk->nodes[n].dist ||
		    through(lk, call, n, i == 0 && *c->callee) == NEVER)
			continue;
		if (best < 0 || lk->nodes[n].dist < lk->nodes[best].dist)
			best = n;
	}
	return best;
}

static void chain(const struct link *lk, int n, struct sbuf *sb)
{
	int guard = lk->nnodes + 1;

	while (n >= 0 && guard--) {
		const struct link_node *x = &lk->nodes[n];
		const struct fact_call *c = x->via_call >= 0 ?
			&lk->f->calls[x->via_call] : NULL;

		if (!x->is_hook) {
			sb_addf(sb, "%s%s()", sb->len ? " -> " : "",
				lk->f->fns[x->fn].name);
			if (x->next < 0 && c) {
				sb_addf(sb, " -> %s", c->sleep);
				return;
			}
			/* Through a wrapper: name it, then the hook's code. */
			if (x->next >= 0 && lk->nodes[x->next].is_hook && c &&
			    *c->callee)
				sb_addf(sb, " -> %s()", c->callee);
		}
		n = x->next;
	}
}

char *link_chain(const struct link *lk, int n)
{
	struct sbuf sb = { 0 };

	chain(lk, n, &sb);
	return sb_detach(&sb);
}

static int drop_from(const struct link *lk, int n, int guard)
{
	const struct link_node *x;
	const struct fact_call *c;
	int below;

	if (n < 0 || guard <= 0)
		return 0;
	x = &lk->nodes[n];
	if (x->is_hook)
		return drop_from(lk, x->next, guard - 1);
	if (x->via_call < 0)
		return 0;
	c = &lk->f->calls[x->via_call];
	below = drop_from(lk, x->next, guard - 1) - c->own;
	return c->released + (below > 0 ? below : 0);
}

int link_drop(const struct link *lk, int n)
{
	return drop_from(lk, n, lk->nnodes + 1);
}

int link_chain_hook(const struct link *lk, int n)
{
	int guard = lk->nnodes + 1;

	for (; n >= 0 && guard--; n = lk->nodes[n].next)
		if (lk->nodes[n].is_hook)
			return 1;
	return 0;
}

int link_hook_sleeper(const struct link *lk, int h, int *reg)
{
	const struct impl_list *il;
	int best = -1;

	if (h < 0 || h >= lk->nhooks)
		return -1;
	il = &lk->impls[h];
	for (int i = 0; i < il->n; i++) {
		int n = il->node[i];

		if (lk->nodes[n].dist &&
		    (best < 0 || lk->nodes[n].dist <
				 lk->nodes[il->node[best]].dist))
			best = i;
	}
	if (best < 0)
		return -1;
	if (reg)
		*reg = il->reg[best];
	return il->node[best];
}
