/*
 * linkshow.c - what a built link says, for findings and --why: a node's
 * chain as people read it (each indirect step with what was stored in
 * the member it went through), how many of the caller's locks a chain
 * drops before it sleeps, whether it passes a hook, the implementation
 * of a hook that sleeps first, and the calls the link could not follow.
 * It reads struct link and the facts only: sleeplink.c builds them.
 */
#include "checker/sleep/facts.h"
#include "checker/sleep/linkpath.h"

#include <string.h>

const char *link_node_name(const struct link *lk, int n)
{
	const struct link_node *x = &lk->nodes[n];

	return x->is_hook ? lk->hook_names[x->fn] : lk->f->fns[x->fn].name;
}

static void chain(const struct link *lk, const struct link_path *p,
		  int call, struct sbuf *sb)
{
	const struct fact_call *into = call >= 0 && lk->f->calls[call].slot ?
		&lk->f->calls[call] : NULL;	/* the call into a slot */
	const struct fact_reg *stored = NULL;	/* what the slot gave */

	for (int k = 0; k < p->n; k++) {
		const struct link_node *x = &lk->nodes[p->node[k]];
		int via = p->via[k], next = k + 1 < p->n ? p->node[k + 1] : -1;
		const struct fact_call *c = via >= 0 ? &lk->f->calls[via] :
				NULL;

		if (x->is_slot) {
			stored = via <= -2 ? &lk->f->regs[-2 - via] : NULL;
		} else if (!x->is_hook) {
			sb_addf(sb, "%s%s()", sb->len ? " -> " : "",
				lk->f->fns[x->fn].name);
			/*
			 * (through E->m: T.m = fn at file:line), or for a
			 * list's walk (linklist.h) (through walk()'s list:
			 * T.m = fn at file:line)
			 */
			if (stored && into)
				sb_addf(sb, " (through %s%s: %s = %s at %s:%u)",
					into->slot ? (into->text ? into->text :
					"?") : into->callee,
					into->slot ? "" : "()'s list",
					stored->hook, stored->impl,
					stored->file ? stored->file : "?",
					stored->line);
			stored = NULL;
			into = c && (c->slot || (next >= 0 &&
				     lk->nodes[next].is_slot && *c->callee)) ?
			       c : NULL;
			if (next < 0 && c) {
				if (c->sleep)
					sb_addf(sb, " -> %s", c->sleep);
				else	/* a sleep of RT's alone */
					sb_addf(sb, " -> %s (on PREEMPT_RT)",
						c->text ? c->text : c->callee);
				return;
			}
			/* Through a wrapper: name it, then the hook's code. */
			if (next >= 0 && lk->nodes[next].is_hook && c &&
			    *c->callee)
				sb_addf(sb, " -> %s()", c->callee);
		}
	}
}

char *link_chain(const struct link *lk, int n)
{
	return link_chain_call(lk, -1, n);
}

char *link_chain_call(const struct link *lk, int call, int n)
{
	struct sbuf sb = { 0 };
	struct link_path p = { 0 };

	link_path_of(lk, call, n, &p);
	chain(lk, &p, call, &sb);
	link_path_free(&p);
	return sb_detach(&sb);
}

/*
 * How many of the caller's locks the chain releases before it sleeps:
 * each call's releases, plus what the rest of the chain drops beyond
 * the locks that call's callee took itself.  Folded from the chain's end;
 * *irq_way: some of them went the way spin_unlock_bh() goes.
 */
int link_drop(const struct link *lk, int call, int n, int *irq_way)
{
	struct link_path p = { 0 };
	int v = 0, way = 0;

	link_path_of(lk, call, n, &p);
	for (int k = p.n - 1; k >= 0; k--) {
		const struct fact_call *c;
		int below;

		if (lk->nodes[p.node[k]].is_hook || p.via[k] < 0)
			continue;
		c = &lk->f->calls[p.via[k]];
		below = v - c->own;
		way = (c->released && (c->ways & CALL_WAY_REL_IRQ)) ||
		      (below > 0 && way);
		v = c->released + (below > 0 ? below : 0);
	}
	link_path_free(&p);
	if (irq_way)
		*irq_way = v > 0 && way;
	return v;
}

int link_chain_hook(const struct link *lk, int call, int n)
{
	struct link_path p = { 0 };
	int hook = 0;

	link_path_of(lk, call, n, &p);
	for (int k = 0; k < p.n; k++)
		if (lk->nodes[p.node[k]].is_hook &&
		    !lk->nodes[p.node[k]].is_slot)
			hook = 1;
	link_path_free(&p);
	return hook;
}

/*
 * Is call c a tracepoint's call of its probes: trace_foo(), which
 * TRACE_EVENT(foo, ...) or DEFINE_EVENT(...) writes, calling what was
 * registered for it?  The tracing core runs probes with preemption off
 * (an RCU-sched reader): none may sleep, so none hides a sleep of its
 * caller.
 */
static int tracepoint_probes(const struct fact_call *c)
{
	static const char *const def[] = {
		"TRACE_EVENT", "DEFINE_EVENT", "DECLARE_TRACE", "DECLARE_EVENT",
	};
	int by = 0;

	for (size_t k = 0; c->text && k < ARRAY_SIZE(def); k++)
		by |= !strncmp(c->text, def[k], strlen(def[k]));
	return by && !strncmp(c->caller, "trace_", 6);
}

/*
 * Can call i not be followed: an indirect call, or an empty slot (not a
 * tracepoint's)?
 */
static int unfollowable(const struct link *lk, int i)
{
	const struct fact_call *c = &lk->f->calls[i];
	int h = lk->call_hook[i];

	return !tracepoint_probes(c) &&
	       (c->indirect || (c->slot && (h < 0 || !lk->impls[h].n)));
}

/* Does call i reach a function whose kernel-doc promises atomic use? */
static int documented_call(const struct link *lk, int i)
{
	int v = lk->call_target[i];

	return v >= 0 && link_documented(lk, v) && lk->nodes[v].dist;
}

/*
 * The calls below node n, through the functions that do not sleep,
 * that pick() chooses: how many, the first max in *calls.
 */
static int calls_below(const struct link *lk, int n, int **calls, int max,
		       int (*pick)(const struct link *, int))
{
	const struct facts *f = lk->f;
	int *first = xcalloc(lk->nnodes + 1, sizeof(int));
	int *next = xcalloc(f->ncalls + 1, sizeof(int));
	char *seen = xcalloc(lk->nnodes + 1, 1);
	int *todo = xcalloc(lk->nnodes + 1, sizeof(int));
	int nt = 0, found = 0;

	*calls = xcalloc(max + 1, sizeof(int));
	/* Each node's calls, as lists (first[node] - 1 heads them). */
	for (int i = f->ncalls - 1; i >= 0; i--) {
		int u = lk->call_from[i];

		if (u < 0)
			continue;
		next[i] = first[u];
		first[u] = i + 1;
	}
	if (n >= lk->nhooks) {
		seen[n] = 1;
		todo[nt++] = n;
	}
	/* n, and the functions below it that do not sleep, each once. */
	for (int t = 0; t < nt; t++) {
		for (int i = first[todo[t]] - 1; i >= 0; i = next[i] - 1) {
			int v = lk->call_target[i];

			if (pick(lk, i)) {
				if (found < max)
					(*calls)[found] = i;
				found++;
			}
			if (v >= lk->nhooks + f->nfns)	/* a copy: its calls */
				v = lk->nhooks + lk->nodes[v].fn;
			if (v >= lk->nhooks && !seen[v] && !lk->nodes[v].dist) {
				seen[v] = 1;
				todo[nt++] = v;
			}
		}
	}
	free(first);
	free(next);
	free(seen);
	free(todo);
	return found;
}

int link_unfollowed(const struct link *lk, int n, int **calls, int max)
{
	return calls_below(lk, n, calls, max, unfollowable);
}

int link_documented_calls(const struct link *lk, int n, int **calls, int max)
{
	return calls_below(lk, n, calls, max, documented_call);
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

int link_root_call(const struct link *lk, int call, int n, int *detours,
		   int *steps)
{
	struct link_path p = { 0 };
	int root;

	link_path_of(lk, call, n, &p);
	root = p.n && p.via[p.n - 1] >= 0 ? p.via[p.n - 1] : -1;
	if (detours)
		*detours = p.detours;
	if (steps)
		*steps = p.n;
	link_path_free(&p);
	return root;
}
