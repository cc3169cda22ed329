/*
 * linklist.c - which objects the build links into which lists, and
 * which slot calls walk a list (linklist.h).  The kernel's functions
 * that do it are named here, as sleep_prims.c names lock primitives:
 * they are the kernel's, in its notifier code since 2.6.17 (an exported
 * notifier_chain_register() and notifier_call_chain() before), whatever
 * chain kind wraps them.  It reads the facts only.
 */
#include "checker/sleep/linklist.h"

#include <stdlib.h>
#include <string.h>

/*
 * A list's primitives.  LINK: fn links its parameter obj into the list
 * its parameter list points to.  WALK: fn calls member (the tail of the
 * member's USR) of each object in the list its parameter list points
 * to.  API: fn walks the list of its parameter list by calling a WALK
 * (atomic_notifier_call_chain(nh, ...) calls notifier_call_chain(
 * &nh->head, ...)): the call of the WALK is fn's walk of that list, the
 * chain's head being the list, as the API's LINKs take it.
 */
enum { LINK, WALK, API };

static const struct list_prim {
	const char *fn;
	int kind, list, obj;
	const char *member;
} prims[] = {
	{ "notifier_chain_register", LINK, 0, 1, NULL },
	{ "notifier_chain_cond_register", LINK, 0, 1, NULL },
	{ "atomic_notifier_chain_register", LINK, 0, 1, NULL },
	{ "atomic_notifier_chain_register_unique_prio", LINK, 0, 1, NULL },
	{ "blocking_notifier_chain_register", LINK, 0, 1, NULL },
	{ "blocking_notifier_chain_register_unique_prio", LINK, 0, 1, NULL },
	{ "blocking_notifier_chain_cond_register", LINK, 0, 1, NULL },
	{ "raw_notifier_chain_register", LINK, 0, 1, NULL },
	{ "srcu_notifier_chain_register", LINK, 0, 1, NULL },
	{ "notifier_call_chain", WALK, 0, -1,
	  "@S@notifier_block@FI@notifier_call" },
	{ "atomic_notifier_call_chain", API, 0, -1, NULL },
	{ "__atomic_notifier_call_chain", API, 0, -1, NULL },
	{ "blocking_notifier_call_chain", API, 0, -1, NULL },
	{ "__blocking_notifier_call_chain", API, 0, -1, NULL },
	{ "raw_notifier_call_chain", API, 0, -1, NULL },
	{ "__raw_notifier_call_chain", API, 0, -1, NULL },
	{ "srcu_notifier_call_chain", API, 0, -1, NULL },
	{ "__srcu_notifier_call_chain", API, 0, -1, NULL },
};

static const struct list_prim *prim_of(const char *fn, int kind)
{
	for (size_t i = 0; i < sizeof(prims) / sizeof(prims[0]); i++)
		if (prims[i].kind == kind && !strcmp(prims[i].fn, fn))
			return &prims[i];
	return NULL;
}

/* Is c a WALK's call through its member? */
static const struct list_prim *walk_of(const struct fact_call *c)
{
	const struct list_prim *x = prim_of(c->caller, WALK);

	if (!x || !c->slot || c->recv)
		return NULL;
	return ends_with(c->slot, x->member) ? x : NULL;
}

int linklist_walk(const struct link_lists *l, const struct fact_call *c,
		  const char **slot)
{
	const struct list_prim *x = walk_of(c);
	int k;

	if (x) {
		*slot = c->slot;
		return x->list;
	}
	x = c->slot || c->prim ? NULL : prim_of(c->caller, API);
	if (!x || !prim_of(c->callee, WALK))
		return -1;
	k = strv_find(&l->walker, c->callee);
	if (k < 0)
		return -1;
	*slot = l->walker_slot[k];
	return x->list;
}

/* List key, made empty when new. */
static int list_of(struct link_lists *l, const char *key)
{
	int i = map_get(&l->index, key);

	if (i < 0) {
		i = l->n++;
		map_put(&l->index, xstrdup(key), i);
		l->name = xrealloc(l->name, l->n * sizeof(*l->name));
		l->objs = xrealloc(l->objs, l->n * sizeof(*l->objs));
		l->name[i] = xstrdup(key);
		memset(&l->objs[i], 0, sizeof(l->objs[i]));
	}
	return i;
}

/* Object d is linked into list key. */
static void add(struct link_lists *l, const char *key, const char *d)
{
	int i = list_of(l, key);

	if (strv_find(&l->objs[i], d) < 0)
		strv_push(&l->objs[i], d);
	map_put(&l->linked, xstrdup(d), 1);
}

/* Function fn links its parameter k into list key: a pending step. */
struct step {
	int fn, k;
	char *key;
};

struct work {
	struct step *v;
	int n, cap;
	struct map seen;	/* "fn|k|key" */
};

static void push(struct work *w, int fn, int k, const char *key)
{
	char *id = xasprintf("%d|%d|%s", fn, k, key);

	if (map_get(&w->seen, id) >= 0) {
		free(id);
		return;
	}
	map_put(&w->seen, id, 1);
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 64;
		w->v = xrealloc(w->v, w->cap * sizeof(*w->v));
	}
	w->v[w->n++] = (struct step){ fn, k, xstrdup(key) };
}

/*
 * Argument a of call i links into list key: an object's address links
 * it; the caller's parameter as is makes the caller a link function.
 */
static void link_arg(struct link_lists *l, struct work *w,
		     const struct facts *f, int i, const char *a,
		     const char *key, linklist_resolve resolve,
		     const void *ctx)
{
	int k = arg_param(a);

	if (a && a[0] == '&' && a[1]) {
		char *d = obj_key(a + 1, f->call_unit[i]);

		add(l, key, d);
		free(d);
	} else if (k >= 0) {
		int fn = resolve(ctx, f->calls[i].caller, f->call_unit[i]);

		if (fn >= 0)
			push(w, fn, k, key);
	}
}

/*
 * The blocks a walk may call (objects a WALK's member is stored in, by
 * name) that the build passes somewhere it may keep them: to a call
 * whose callee the facts do not hold (a primitive, a slot, a function
 * of a unit not collected), or to a function that passes that
 * parameter on as is or stores it (functions.fields "=pK").  A block
 * passed nowhere else, when the build links it into no list either, is
 * on no chain: its registration was compiled out (the crash hotplug's
 * register_memory_notifier() without memory hotplug) or reaches a stub
 * (an inline that returns -ENODEV).
 */
static void escapes(struct link_lists *l, const struct facts *f,
		    linklist_resolve resolve, const void *ctx)
{
	struct map blocks = { 0 }, passed = { 0 };

	for (int r = 0; r < f->nregs; r++) {
		const struct fact_reg *x = &f->regs[r];

		for (size_t i = 0; x->slot && x->obj &&
		     i < sizeof(prims) / sizeof(prims[0]); i++)
			if (prims[i].kind == WALK &&
			    ends_with(x->slot, prims[i].member))
				map_put(&blocks, obj_key(x->obj,
							 f->reg_unit[r]), 1);
	}
	if (!blocks.n)
		return;
	/* Parameters passed on as is: "fn|K". */
	for (int i = 0; i < f->ncalls; i++) {
		const char *a = f->calls[i].args;
		int fn = -1;

		for (int k = 0; a && *a; k++) {
			size_t n = strcspn(a, ",");
			char *t = a[0] == 'p' ? xstrndup(a, strcspn(a, ",{")) :
				  NULL;
			int pk = t ? arg_param(t) : -1;

			if (pk >= 0 && fn < 0)
				fn = resolve(ctx, f->calls[i].caller,
					     f->call_unit[i]);
			if (pk >= 0 && fn >= 0)
				map_put(&passed, xasprintf("%d|%d", fn, pk), 1);
			free(t);
			a += n + (a[n] == ',');
		}
	}
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		const char *a = c->args;

		for (int k = 0; a && *a; k++) {
			size_t n = strcspn(a, ",");
			char *t = a[0] == '&' ? xstrndup(a, strcspn(a, ",{")) :
				  NULL;
			char *d = t && t[1] ? obj_key(t + 1, f->call_unit[i]) :
				  NULL;

			if (d && map_get(&blocks, d) >= 0 &&
			    map_get(&l->escaped, d) < 0) {
				int fn = c->prim || !*c->callee ? -1 :
					 resolve(ctx, c->callee,
						  f->call_unit[i]);
				const char *fl = fn >= 0 ? f->fns[fn].fields :
						 NULL;
				char *pk = xasprintf("%d|%d", fn, k);
				char *st = xasprintf("=p%d", k);

				if (fn < 0 || map_get(&passed, pk) >= 0 ||
				    (fl && (!strcmp(fl, "*") ||
					    strstr(fl, st))))
					map_put(&l->escaped, xstrdup(d), 1);
				free(pk);
				free(st);
			}
			free(d);
			free(t);
			a += n + (a[n] == ',');
		}
	}
	map_free(&blocks);
	map_free(&passed);
}

void linklist_plan(struct link_lists *l, const struct facts *f,
		   linklist_resolve resolve, const void *ctx,
		   const int *first, const int *callers)
{
	struct work w = { 0 };

	memset(l, 0, sizeof(*l));
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		const struct list_prim *x = c->prim || !c->args ? NULL :
					    prim_of(c->callee, LINK);
		const struct list_prim *api = c->prim || !c->args ? NULL :
					      prim_of(c->callee, API);

		if (!api && !c->prim && c->args)
			api = prim_of(c->callee, WALK);
		char *la, *oa, *key;

		/* A list a walk is given is one, though nothing in it. */
		la = api ? args_at(c->args, api->list) : NULL;
		if (la && la[0] == '&' && la[1]) {
			key = obj_key(la + 1, f->call_unit[i]);
			list_of(l, key);
			free(key);
		}
		free(la);

		if (walk_of(c) && strv_find(&l->walker, c->caller) < 0) {
			strv_push(&l->walker, c->caller);
			l->walker_slot = xrealloc(l->walker_slot,
						  l->walker.n *
						  sizeof(*l->walker_slot));
			l->walker_slot[l->walker.n - 1] = c->slot;
		}
		if (!x)
			continue;
		la = args_at(c->args, x->list);
		oa = args_at(c->args, x->obj);
		if (la && la[0] == '&' && la[1]) {
			key = obj_key(la + 1, f->call_unit[i]);
			link_arg(l, &w, f, i, oa, key, resolve, ctx);
			free(key);
		}
		free(la);
		free(oa);
	}
	/*
	 * Up through the functions that pass the object on as is; what
	 * such a function's parameter points to is linked too (the block
	 * "nb->notifier_call = f;" sets up in a function given nb).
	 */
	for (int s = 0; s < w.n; s++) {
		struct step st = w.v[s];
		char *pd = xasprintf("p%d@%s:%d", f->fn_unit[st.fn],
				     f->fns[st.fn].name, st.k);

		add(l, st.key, pd);
		free(pd);

		for (int j = first[st.fn]; j < first[st.fn + 1]; j++) {
			int c = callers[j];
			char *a = f->calls[c].args ?
				  args_at(f->calls[c].args, st.k) : NULL;

			link_arg(l, &w, f, c, a, st.key, resolve, ctx);
			free(a);
		}
	}
	for (int s = 0; s < w.n; s++)
		free(w.v[s].key);
	free(w.v);
	map_free(&w.seen);
	escapes(l, f, resolve, ctx);
}

int linklist_may_hold(const struct link_lists *l, int i, const char *d)
{
	if (strv_find(&l->objs[i], d) >= 0)
		return 1;
	if (map_get(&l->linked, d) >= 0)
		return 0;
	/* A parameter's block: whatever its callers pass, anywhere. */
	return (d[0] == 'p' && d[1] >= '0' && d[1] <= '9') ||
	       map_get(&l->escaped, d) >= 0;
}

void linklist_free(struct link_lists *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->name[i]);
		strv_clear(&l->objs[i]);
	}
	free(l->name);
	free(l->objs);
	strv_clear(&l->walker);
	free(l->walker_slot);
	map_free(&l->index);
	map_free(&l->linked);
	map_free(&l->escaped);
	memset(l, 0, sizeof(*l));
}
