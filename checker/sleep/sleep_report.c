/*
 * sleep_report.c - the sleep rules' findings from a link: calls inside
 * an atomic region that may sleep (through a hook or not), and hooks
 * whose guard policy runs them atomically while an implementation may
 * sleep; and, from the same link, direct-impl-call's calls past the
 * dispatcher.  Used per unit by "hookwrap check" and for the whole
 * build by "hookwrap report".
 */
#include "manifest/policy.h"
#include "checker/sleep/sleep.h"

#include <string.h>

static void where_set(struct where *at, const char *file, const char *rel,
		      unsigned line, unsigned col)
{
	memset(at, 0, sizeof(*at));
	at->file = (char *)file;
	at->rel = (char *)rel;
	at->line = line;
	at->col = col;
}

/* A call in an atomic region that may sleep, before it is reported. */
struct hit {
	int call;		/* the call, in the facts */
	int root;		/* the sleeping call its chain ends in */
	int detours;		/* steps its arguments ruled out (linkpath.h) */
	int steps;		/* calls its chain makes to the root */
	char *msg;
	char *key;
};

static int cmp_hit(const void *pa, const void *pb)
{
	const struct hit *a = pa, *b = pb;

	if (a->root != b->root)
		return a->root < b->root ? -1 : 1;
	if (a->detours != b->detours)
		return a->detours < b->detours ? -1 : 1;
	if (a->steps != b->steps)
		return a->steps < b->steps ? -1 : 1;
	return (a->call > b->call) - (a->call < b->call);
}

/* How many of a group's other entry points its message names. */
#define GROUP_NAMED 3

/*
 * Report hits[0..n), one root cause: the first entry point is the
 * finding, the others its related places (named in the message, up to
 * GROUP_NAMED of them).  First come the entry points whose chain is the
 * callee's own, then those whose constant arguments ruled a step of it
 * out and reach the sleep another way; among each, the shortest chain
 * first (cmp_hit): a reader checks it fastest, and each step more is one
 * more branch the walk may have taken that the code never does.
 */
static void report_group(struct check_ctx *cx, const struct link *lk,
			 const struct rule *rule, struct hit *h, int n)
{
	const struct facts *f = lk->f;
	const struct fact_call *c = &f->calls[h[0].call];
	int before = cx->out->n;
	struct sbuf sb = { 0 };
	struct where at;

	sb_add(&sb, h[0].msg);
	if (n > 1) {
		sb_addf(&sb, "; the same sleep is reached inside atomic regions "
			"from %d more place%s:", n - 1, n == 2 ? "" : "s");
		for (int i = 1; i < n && i <= GROUP_NAMED; i++) {
			const struct fact_call *o = &f->calls[h[i].call];

			sb_addf(&sb, "%s %s:%u (%s)", i > 1 ? "," : "",
				o->file, o->line, o->region);
		}
		if (n - 1 > GROUP_NAMED)
			sb_add(&sb, ", ...");
	}
	where_set(&at, c->file, f->units[f->call_unit[h[0].call]].path,
		  c->line, c->col);
	report(cx, rule, &at, h[0].key, c->caller, "%s", sb.buf);
	sb_free(&sb);
	if (cx->out->n == before)
		return;		/* suppressed, or not on the patch's lines */
	for (int i = 1; i < n; i++) {
		const struct fact_call *o = &f->calls[h[i].call];

		finding_relate(&cx->out->v[cx->out->n - 1], o->file, o->line,
			       o->col, h[i].msg);
	}
}

/*
 * Call i may sleep in the atomic region open at it, as link lk sees it
 * (the link of every kernel, or of PREEMPT_RT's with rt): the node it
 * sleeps through, -2 a primitive, -1 not.
 */
static int sleeps_there(const struct link *lk, int i, int rt)
{
	const struct fact_call *c = &lk->f->calls[i];
	int n;

	if (!(rt ? c->rt & RT_CALL_ATOMIC : c->atomic))
		return -1;
	n = link_call_sleeps(lk, i);
	if (n >= 0) {
		int way, drop = link_drop(lk, i, n, &way);

		/*
		 * local_bh_disable(); spin_lock(&l); f(); with f()'s
		 * spin_unlock_bh(&l) before its sleep: both regions end.
		 */
		if (way && (c->ways & CALL_WAY_LOCK_OVER_IRQ))
			drop++;
		if (drop >= c->depth)
			return -1;	/* the callee drops our locks first */
	}
	return n;
}

/*
 * The calls that may sleep inside an atomic region; with rt (the RT
 * link, sleep-in-atomic-rt), those that may only on PREEMPT_RT: a
 * finding of every kernel (lk) is not said again.
 */
static void atomic_calls(struct check_ctx *cx, const struct link *lk,
			 const struct link *rt, int unit,
			 const struct rule *rule)
{
	const struct facts *f = lk->f;
	struct hit *hits = NULL;
	int nhits = 0, cap = 0;

	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		const char *name = *c->callee ? c->callee : c->text;
		const struct link *use = rt ? rt : lk;
		int n, nd, hookish;
		char *chain;
		struct hit *h;

		if (unit >= 0 && f->call_unit[i] != unit)
			continue;
		n = sleeps_there(use, i, rt != NULL);
		if (n == -1 || (rt && sleeps_there(lk, i, 0) != -1))
			continue;
		hookish = n >= 0 && link_chain_hook(use, i, n);
		if (hookish && !c->hook && use->direct &&
		    (nd = sleeps_there(use->direct, i, rt != NULL)) >= 0) {
			/* It sleeps through direct calls too: that chain. */
			use = use->direct;
			n = nd;
			hookish = 0;
		}
		if (!rt && (rule == &rule_sleep_in_atomic_hook) != hookish)
			continue;
		if (n == -2)
			chain = c->sleep ? xstrdup(c->sleep) :
				xasprintf("%s (on PREEMPT_RT)", c->text);
		else if (use->nodes[n].is_hook) {
			char *rest = link_chain_call(use, i, n);

			chain = xasprintf("%s() -> %s", c->text, rest);
			free(rest);
		} else {
			chain = link_chain_call(use, i, n);
		}
		ARRAY_GROW(hits, cap, nhits + 1, 32);
		h = &hits[nhits++];
		h->call = i;
		h->detours = 0;
		h->steps = 0;
		h->root = n == -2 ? i : link_root_call(use, i, n,
							&h->detours,
							&h->steps);
		if (h->root < 0)
			h->root = i;
		if (rt) {
			h->key = xstrdup(*c->callee ? name : c->hook ? c->hook :
					 name);
			h->msg = xasprintf("%s%s%s may sleep on PREEMPT_RT "
					   "inside the atomic region begun by "
					   "%s at %s:%u: %s", c->hook ? "hook " :
					   "", c->hook ? c->hook : name,
					   c->hook ? "" : "()", c->rt_region,
					   c->file, c->rt_region_line, chain);
		} else if (!hookish) {
			h->key = xstrdup(name);
			h->msg = xasprintf("%s() may sleep inside the atomic "
					   "region begun by %s at %s:%u: %s",
					   name, c->region, c->region_file,
					   c->region_line, chain);
		} else if (c->hook) {
			h->key = xstrdup(c->hook);
			h->msg = xasprintf("hook %s called inside the atomic "
					   "region begun by %s at %s:%u, and an "
					   "implementation may sleep: %s",
					   c->hook, c->region, c->region_file,
					   c->region_line, chain);
		} else {
			h->key = xstrdup(name);
			h->msg = xasprintf("%s() calls a hook whose "
					   "implementation may sleep, inside the "
					   "atomic region begun by %s at %s:%u: "
					   "%s", name, c->region, c->region_file,
					   c->region_line, chain);
		}
		free(chain);
	}
	/* One finding per root cause, unless --no-group. */
	if (!cx->no_group && nhits > 1)
		qsort(hits, nhits, sizeof(*hits), cmp_hit);
	for (int i = 0, j; i < nhits; i = j) {
		for (j = i + 1; !cx->no_group && j < nhits &&
		     hits[j].root == hits[i].root; j++)
			;
		report_group(cx, lk, rule, hits + i, j - i);
	}
	for (int i = 0; i < nhits; i++) {
		free(hits[i].msg);
		free(hits[i].key);
	}
	free(hits);
}

/* Does hook node hn's implementation of registration reg sleep in lk? */
static int reg_sleeps(const struct link *lk, int hn, int reg)
{
	for (int k = 0; hn >= 0 && k < lk->impls[hn].n; k++)
		if (lk->impls[hn].reg[k] == reg)
			return lk->nodes[lk->impls[hn].node[k]].dist != 0;
	return 0;
}

/*
 * Hooks under an atomic guard with an implementation that may sleep; with
 * rt (the RT link of lk's facts), those under a guard atomic on PREEMPT_RT
 * whose implementation sleeps there only (a spinlock_t taken, memory
 * allocated): what sleeps everywhere is lk's finding already.
 */
static void guarded_hooks(struct check_ctx *cx, const struct link *lk,
			  const struct link *rt, int unit,
			  const struct rule *rule)
{
	const struct link *use = rt ? rt : lk;
	const struct facts *f = lk->f;

	for (int i = 0; i < f->nhooks; i++) {
		const struct fact_hook *h = &f->hooks[i];
		int p = h->policy ? policy_parse(h->policy) : -1;
		int hn = link_hook(use, h->member);
		int hl = rt ? link_hook(lk, h->member) : hn;
		const struct impl_list *il;

		if (p < 0 || !(rt ? policy_atomic_rt(p) : policy_atomic(p)) ||
		    hn < 0)
			continue;
		il = &use->impls[hn];
		for (int k = 0; k < il->n; k++) {
			const struct fact_reg *r = &f->regs[il->reg[k]];
			int n = il->node[k];
			struct where at;
			char *chain;

			if (!use->nodes[n].dist ||
			    (unit >= 0 && f->reg_unit[il->reg[k]] != unit))
				continue;
			if (rt && reg_sleeps(lk, hl, il->reg[k]))
				continue;	/* sleeps on every kernel */
			chain = link_chain(use, n);
			where_set(&at, r->file,
				  f->units[f->reg_unit[il->reg[k]]].path,
				  r->line, r->col);
			if (rt)
				report(cx, rule, &at, h->member, "",
				       "hook %s runs under guard '%s', atomic "
				       "on PREEMPT_RT too, but its "
				       "implementation %s may sleep there: %s; "
				       "give the hook guard 'rcu' or "
				       "'refcount' (guard.%s in hookwrap.conf), "
				       "or make its lock a raw_spinlock_t",
				       h->member, h->policy, r->impl, chain,
				       h->member);
			else
				report(cx, rule, &at, h->member, "",
				       "hook %s runs under guard '%s', where it "
				       "must not sleep, but its implementation "
				       "%s may sleep: %s", h->member, h->policy,
				       r->impl, chain);
			free(chain);
		}
	}
}

void sleep_report(struct check_ctx *cx, const struct link *lk, int unit,
		  const struct rule *rule)
{
	if (rule == &rule_sleep_under_guard)
		guarded_hooks(cx, lk, NULL, unit, rule);
	else if (rule == &rule_direct_impl_call)
		impl_report(cx, lk, unit, rule);
	else
		atomic_calls(cx, lk, NULL, unit, rule);
}

void sleep_report_rt(struct check_ctx *cx, const struct link *lk,
		     const struct link *rt, int unit)
{
	atomic_calls(cx, lk, rt, unit, &rule_sleep_in_atomic_rt);
}

void sleep_report_guard_rt(struct check_ctx *cx, const struct link *lk,
			   const struct link *rt, int unit)
{
	guarded_hooks(cx, lk, rt, unit, &rule_sleep_under_guard);
}
