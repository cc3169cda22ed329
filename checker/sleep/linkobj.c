/*
 * linkobj.c - which objects' stores a call through a member reaches
 * (linkobj.h).  Objects are named by the scan (sleep_obj.h): "@x" a
 * global, "s@x" a static one (here "s<unit>@x", so two units' statics
 * stay apart), "T.f" a member reached through a pointer to struct T,
 * with ".f" per member below.  It reads the facts only and decides
 * before the link makes its nodes.
 */
#include "checker/sleep/linkobj.h"
#include "checker/sleep/linkcase.h"
#include "checker/sleep/linklist.h"
#include "checker/sleep/linkmap.h"

#include <stdlib.h>
#include <string.h>

struct plan {
	const struct facts *f;
	struct map stores;	/* "USR|D" -> list */
	int **list;		/* registrations per list */
	int *nlist;
	int nlists;
	struct map copied;	/* objects written whole */
	struct map slot_reg;	/* a member's USR -> one registration */
	struct map fns;		/* "s:unit:name", "g:name", "i:name" */
	char *taken;		/* per function: its address is taken */
	int *first, *callers;	/* calls by name into each function */
	char **recv;		/* per call: its object, as recv, or "pK"
				   for a list's walk (linklist.h) */
	const char **slot;	/* per call: its member's USR, a walk's
				   too (not owned) */
};

/* The function a name resolves to from unit, as the link resolves it. */
static int resolve(const struct plan *p, const char *name, int unit)
{
	char *k = xasprintf("s:%d:%s", unit, name);
	int n = map_get(&p->fns, k);

	free(k);
	if (n < 0) {
		k = xasprintf("g:%s", name);
		n = map_get(&p->fns, k);
		free(k);
	}
	if (n < 0) {
		k = xasprintf("i:%s", name);
		n = map_get(&p->fns, k);
		free(k);
	}
	return n;
}

static int resolve_cb(const void *ctx, const char *name, int unit)
{
	return resolve(ctx, name, unit);
}

/* Was D, or an object D is a member of, written whole? */
static int copied(const struct plan *p, const char *d)
{
	char *s = xstrdup(d);
	int hit = map_get(&p->copied, s) >= 0;

	for (char *dot; !hit && (dot = strrchr(s, '.')); ) {
		*dot = 0;
		hit = map_get(&p->copied, s) >= 0;
	}
	free(s);
	return hit;
}

/* The stores of member usr in object d, or -1: not narrowed. */
static int stores_of(const struct plan *p, const char *usr, const char *d)
{
	char *k = xasprintf("%s|%s", usr, d);
	int l = map_get(&p->stores, k);

	free(k);
	return l >= 0 && !copied(p, d) ? l : -1;
}

/* Registration reg (-1: none) stores in key's "USR|D". */
static void store_add(struct plan *p, char *k, int reg)
{
	int l = map_get(&p->stores, k);

	if (l < 0) {
		l = p->nlists++;
		p->list = xrealloc(p->list, p->nlists * sizeof(*p->list));
		p->nlist = xrealloc(p->nlist, p->nlists * sizeof(int));
		p->list[l] = NULL;
		p->nlist[l] = 0;
		map_put(&p->stores, k, l);
	} else {
		free(k);
	}
	if (reg < 0)
		return;
	p->list[l] = xrealloc(p->list[l], (p->nlist[l] + 1) * sizeof(int));
	p->list[l][p->nlist[l]++] = reg;
}

static void index_facts(struct plan *p)
{
	const struct facts *f = p->f;
	int *fill, *to;

	for (int i = 0; i < f->nfns; i++) {
		const struct fact_fn *x = &f->fns[i];

		map_put(&p->fns, x->is_static == FN_HEADER ?
			xasprintf("i:%s", x->name) : x->is_static ?
			xasprintf("s:%d:%s", f->fn_unit[i], x->name) :
			xasprintf("g:%s", x->name), i);
	}
	for (int i = 0; i < f->nregs; i++) {
		const struct fact_reg *r = &f->regs[i];
		int n = resolve(p, r->impl, f->reg_unit[i]);

		if (n >= 0)
			p->taken[n] = 1;	/* stored: called from anywhere */
		if (r->slot)
			map_put(&p->slot_reg, xstrdup(r->slot), i);
		if (r->slot && r->obj) {
			char *d = obj_key(r->obj, f->reg_unit[i]);

			store_add(p, xasprintf("%s|%s", r->slot, d), i);
			free(d);
		}
	}
	for (int i = 0; i < f->nrefs; i++) {
		const struct fact_ref *r = &f->refs[i];

		if (!strcmp(r->kind, "copy")) {
			map_put(&p->copied, obj_key(r->name, f->ref_unit[i]), 1);
		} else if (!strcmp(r->kind, "address")) {
			int n = resolve(p, r->name, f->ref_unit[i]);

			if (n >= 0)
				p->taken[n] = 1;
		}
	}
	/* Calls by name into each function: callers[first[n]..first[n+1]). */
	p->first = xcalloc(f->nfns + 2, sizeof(int));
	p->callers = xcalloc(f->ncalls + 1, sizeof(int));
	to = xcalloc(f->ncalls + 1, sizeof(int));
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];

		to[i] = c->prim || !*c->callee ? -1 :
			resolve(p, c->callee, f->call_unit[i]);
		if (to[i] >= 0)
			p->first[to[i] + 1]++;
	}
	for (int n = 0; n < f->nfns; n++)
		p->first[n + 1] += p->first[n];
	fill = xcalloc(f->nfns + 1, sizeof(int));
	for (int i = 0; i < f->ncalls; i++)
		if (to[i] >= 0)
			p->callers[p->first[to[i]] + fill[to[i]]++] = i;
	free(fill);
	free(to);
}

/*
 * The calls' objects and members (p->recv, p->slot), a list's walk made
 * on the list its parameter points to (linklist.h); and what each
 * list's objects store in the member a walk calls: "USR|L", as if the
 * list were one object, holding the stores of every object it may hold
 * and those made on no named object ("p->notifier_call = fn").
 */
static void lists(struct plan *p)
{
	const struct facts *f = p->f;
	struct link_lists l;
	struct strv walked = { 0 };

	linklist_plan(&l, f, resolve_cb, p, p->first, p->callers);
	p->recv = xcalloc(f->ncalls + 1, sizeof(char *));
	p->slot = xcalloc(f->ncalls + 1, sizeof(char *));
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		const char *slot = NULL;
		int k = linklist_walk(&l, c, &slot);

		p->slot[i] = c->slot;
		if (c->slot && c->recv) {
			p->recv[i] = xstrdup(c->recv);
		} else if (k >= 0) {
			p->recv[i] = xasprintf("p%d", k);
			p->slot[i] = slot;
			if (strv_find(&walked, slot) < 0)
				strv_push(&walked, slot);
		}
	}
	/* The stores in a walked member, once: "USR|L" for each list. */
	for (int r = 0; r < f->nregs; r++) {
		const struct fact_reg *x = &f->regs[r];
		char *d;

		if (!x->slot || strv_find(&walked, x->slot) < 0)
			continue;
		d = x->obj ? obj_key(x->obj, f->reg_unit[r]) : NULL;
		for (int i = 0; i < l.n; i++)
			if (!d || linklist_may_hold(&l, i, d))
				store_add(p, xasprintf("%s|%s", x->slot,
						       l.name[i]), r);
		free(d);
	}
	for (int i = 0; i < l.n; i++)	/* and for the lists left empty */
		for (int w = 0; w < walked.n; w++)
			store_add(p, xasprintf("%s|%s", walked.v[w],
					       l.name[i]), -1);
	linklist_free(&l);
	strv_clear(&walked);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Call i is on parameter k of its caller: the objects every caller
 * passes there, each one whose member usr the build stores in by name,
 * sorted, as "D1|D2"; NULL when a caller passes anything else, or the
 * function may be called from where the facts cannot see.
 */
static char *passed_objects(const struct plan *p, int i, int k,
			    const char *usr)
{
	const struct facts *f = p->f;
	int fn = resolve(p, f->calls[i].caller, f->call_unit[i]);
	struct strv ds = { 0 };
	struct sbuf sb = { 0 };
	int ok;

	if (fn < 0 || p->taken[fn] || p->first[fn] == p->first[fn + 1])
		return NULL;
	ok = 1;
	for (int j = p->first[fn]; ok && j < p->first[fn + 1]; j++) {
		int c = p->callers[j];
		char *a = f->calls[c].args ? args_at(f->calls[c].args, k) : NULL;
		char *d = a && a[0] == '&' ? obj_key(a + 1, f->call_unit[c]) :
			  NULL;

		ok = d && stores_of(p, usr, d) >= 0;
		if (ok && strv_find(&ds, d) < 0)
			strv_push(&ds, d);
		free(a);
		free(d);
	}
	if (ok) {
		qsort(ds.v, ds.n, sizeof(*ds.v), cmp_str);
		for (int j = 0; j < ds.n; j++)
			sb_addf(&sb, "%s%s", j ? "|" : "", ds.v[j]);
	}
	strv_clear(&ds);
	return ok ? sb_detach(&sb) : NULL;
}

static char *add_node(struct link_objs *o, const struct plan *p,
		      struct map *keys, const char *usr, const char *ds);

/*
 * Caller's call j of fn: what it passes for the parameters fn's calls
 * mine[] are made on.  A named object with stores: j calls a copy of
 * fn whose such calls reach them (one copy per function and objects).
 */
static void clone_for(struct link_objs *o, const struct plan *p,
		      struct map *keys, int fn, int j, const int *mine,
		      int nmine)
{
	const struct facts *f = p->f;
	char **key = xcalloc(nmine + 1, sizeof(char *));
	struct sbuf id = { 0 };
	int any = 0, c;

	sb_addf(&id, "%d", fn);
	for (int k = 0; k < nmine; k++) {
		const char *slot = p->slot[mine[k]];
		char *a = f->calls[j].args ?
			  args_at(f->calls[j].args,
				  atoi(p->recv[mine[k]] + 1)) : NULL;
		char *d = a && a[0] == '&' ? obj_key(a + 1, f->call_unit[j]) :
			  NULL;

		if (d && stores_of(p, slot, d) >= 0) {
			key[k] = add_node(o, p, keys, slot, d);
			any = 1;
		}
		sb_addf(&id, "|%s", key[k] ? key[k] : "");
		free(a);
		free(d);
	}
	if (!any) {
		free(key);
		free(id.buf);
		return;
	}
	c = map_get(keys, id.buf);
	if (c < 0) {
		struct obj_clone *x;

		c = o->nclone;
		map_put(keys, xstrdup(id.buf), c);
		o->clone = xrealloc(o->clone, (c + 1) * sizeof(*o->clone));
		x = &o->clone[o->nclone++];
		x->fn = fn;
		x->n = nmine;
		x->call = xmalloc((nmine + 1) * sizeof(int));
		memcpy(x->call, mine, nmine * sizeof(int));
		x->key = key;
	} else {
		for (int k = 0; k < nmine; k++)
			free(key[k]);
		free(key);
	}
	o->call_clone[j] = c;
	free(id.buf);
}

/* The node for objects ds ("D1|D2") of member usr: key and stores. */
static char *add_node(struct link_objs *o, const struct plan *p,
		      struct map *keys, const char *usr, const char *ds)
{
	char *key = xasprintf("o:%s|%s", usr, ds);
	char *all = xstrdup(ds), *save = NULL;
	struct obj_node *x;

	if (map_get(keys, key) >= 0)
		goto out;
	map_put(keys, xstrdup(key), o->nnode);
	o->node = xrealloc(o->node, (o->nnode + 1) * sizeof(*o->node));
	x = &o->node[o->nnode++];
	x->key = xstrdup(key);
	x->reg = NULL;
	x->nreg = 0;
	x->named = map_get(&p->slot_reg, usr);
	for (char *d = strtok_r(all, "|", &save); d;
	     d = strtok_r(NULL, "|", &save)) {
		int l = stores_of(p, usr, d);

		for (int k = 0; l >= 0 && k < p->nlist[l]; k++) {
			x->reg = xrealloc(x->reg, (x->nreg + 1) * sizeof(int));
			x->reg[x->nreg++] = p->list[l][k];
		}
	}
out:
	free(all);
	return key;
}

/*
 * The slot calls of function fn made on a parameter that some callers,
 * not all, pass a named object for (by_caller): one copy of fn per set
 * of objects its callers pass, each of whose such calls reaches what
 * those objects hold (timecounter_init(&adapter->tc, &adapter->cc, ..)
 * reads e1000e's cc->read, though a sound driver passes a cc by
 * pointer).  The callers that pass them call the copy.
 */
static int cmp_pair(const void *a, const void *b)
{
	const int *x = a, *y = b;

	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) :
	       (x[1] < y[1] ? -1 : x[1] > y[1]);
}

static void clones(struct link_objs *o, const struct plan *p,
		   struct map *keys, const char *by_caller)
{
	const struct facts *f = p->f;
	int *pair = xcalloc(2 * f->ncalls + 2, sizeof(int)), n = 0;
	int *mine = xcalloc(f->ncalls + 1, sizeof(int));

	o->call_clone = xcalloc(f->ncalls + 1, sizeof(int));
	for (int i = 0; i < f->ncalls; i++) {
		int fn = by_caller[i] ? resolve(p, f->calls[i].caller,
						f->call_unit[i]) : -1;

		o->call_clone[i] = -1;
		if (fn >= 0) {
			pair[2 * n] = fn;
			pair[2 * n++ + 1] = i;
		}
	}
	/* By function: each function's such calls at once. */
	qsort(pair, n, 2 * sizeof(int), cmp_pair);
	for (int a = 0, b; a < n; a = b) {
		int fn = pair[2 * a], nmine = 0;

		for (b = a; b < n && pair[2 * b] == fn; b++)
			mine[nmine++] = pair[2 * b + 1];
		for (int j = p->first[fn]; j < p->first[fn + 1]; j++)
			clone_for(o, p, keys, fn, p->callers[j], mine, nmine);
	}
	free(pair);
	free(mine);
}

/*
 * Call i, made in a case of a switch on a member of its object
 * (calls.recv_test): the stores it reaches (its objects', or every
 * store of the member) cut to those whose initialiser agrees with the
 * case (linkcase.h), in a node of their own ("t:KEY|T.m=V").
 */
static void narrow_by_case(struct link_objs *o, const struct plan *p,
			   struct map *keys, int i)
{
	const struct facts *f = p->f;
	const char *test = f->calls[i].recv_test, *slot = f->calls[i].slot;
	const char *base = o->call_key[i] ? o->call_key[i] : slot;
	int nb = o->call_key[i] ? map_get(keys, base) : -1;
	int *keep, nkeep = 0, nall = 0;
	char *key;
	struct obj_node *x;

	if (o->call_key[i] && nb < 0)
		return;
	keep = xcalloc(f->nregs + 1, sizeof(int));
	/* The call's objects' stores, or every store of the member. */
	for (int k = 0; k < (nb >= 0 ? o->node[nb].nreg : f->nregs); k++) {
		int r = nb >= 0 ? o->node[nb].reg[k] : k;

		if (nb < 0 && (!f->regs[r].slot ||
			       strcmp(f->regs[r].slot, slot)))
			continue;
		nall++;
		if (linkcase_agrees(&f->regs[r], test))
			keep[nkeep++] = r;
	}
	if (nkeep == nall) {
		free(keep);
		return;
	}
	key = xasprintf("t:%s|%s", base, test);
	if (map_get(keys, key) < 0) {
		map_put(keys, xstrdup(key), o->nnode);
		o->node = xrealloc(o->node, (o->nnode + 1) * sizeof(*o->node));
		x = &o->node[o->nnode++];
		x->key = xstrdup(key);
		x->reg = keep;
		x->nreg = nkeep;
		x->named = map_get(&p->slot_reg, slot);
	} else {
		free(keep);
	}
	free(o->call_key[i]);
	o->call_key[i] = key;
}

void linkobj_plan(struct link_objs *o, const struct facts *f)
{
	struct plan p;
	struct map keys = { 0 };
	char *by_caller;

	memset(o, 0, sizeof(*o));
	memset(&p, 0, sizeof(p));
	p.f = f;
	p.taken = xcalloc(f->nfns + 1, 1);
	index_facts(&p);
	lists(&p);
	o->ncalls = f->ncalls;
	o->call_key = xcalloc(f->ncalls + 1, sizeof(char *));
	by_caller = xcalloc(f->ncalls + 1, 1);
	for (int i = 0; i < f->ncalls; i++) {
		const char *recv = p.recv[i], *slot = p.slot[i];
		char *ds = NULL;

		if (!slot || !recv)
			continue;
		if (!f->calls[i].recv) {
			/* a list's walk: each caller's list its own */
		} else if (recv[0] == 'p' && recv[1] >= '0' && recv[1] <= '9') {
			ds = passed_objects(&p, i, atoi(recv + 1), slot);
		} else {
			ds = obj_key(recv, f->call_unit[i]);
			if (stores_of(&p, slot, ds) < 0) {
				free(ds);
				ds = NULL;
			}
		}
		if (ds)
			o->call_key[i] = add_node(o, &p, &keys, slot, ds);
		else if (recv[0] == 'p')
			by_caller[i] = 1;
		free(ds);
	}
	clones(o, &p, &keys, by_caller);
	for (int i = 0; i < f->ncalls; i++)
		if (f->calls[i].recv_test && f->calls[i].slot)
			narrow_by_case(o, &p, &keys, i);
	free(by_caller);
	map_free(&keys);
	map_free(&p.stores);
	map_free(&p.copied);
	map_free(&p.slot_reg);
	map_free(&p.fns);
	for (int l = 0; l < p.nlists; l++)
		free(p.list[l]);
	free(p.list);
	free(p.nlist);
	free(p.taken);
	free(p.first);
	free(p.callers);
	for (int i = 0; i < f->ncalls; i++)
		free(p.recv[i]);
	free(p.recv);
	free(p.slot);
}

void linkobj_free(struct link_objs *o)
{
	for (int i = 0; i < o->nclone; i++) {
		for (int k = 0; k < o->clone[i].n; k++)
			free(o->clone[i].key[k]);
		free(o->clone[i].key);
		free(o->clone[i].call);
	}
	free(o->clone);
	free(o->call_clone);
	for (int i = 0; i < o->ncalls; i++)
		free(o->call_key[i]);
	free(o->call_key);
	for (int i = 0; i < o->nnode; i++) {
		free(o->node[i].key);
		free(o->node[i].reg);
	}
	free(o->node);
	memset(o, 0, sizeof(*o));
}
