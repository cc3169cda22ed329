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

static void atomic_calls(struct check_ctx *cx, const struct link *lk,
			 int unit, const struct rule *rule)
{
	const struct facts *f = lk->f;

	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		int n, hookish;
		char *chain;
		struct where at;

		if (!c->atomic || (unit >= 0 && f->call_unit[i] != unit))
			continue;
		n = link_call_sleeps(lk, i);
		if (n == -1)
			continue;
		if (n >= 0 && link_drop(lk, n) >= c->depth)
			continue;	/* the callee drops our locks first */
		hookish = n >= 0 && link_chain_hook(lk, n);
		if ((rule == &rule_sleep_in_atomic_hook) != hookish)
			continue;
		if (n == -2)
			chain = xstrdup(c->sleep);
		else if (lk->nodes[n].is_hook) {
			char *rest = link_chain_call(lk, i, n);

			chain = xasprintf("%s() -> %s", c->text, rest);
			free(rest);
		} else {
			chain = link_chain(lk, n);
		}
		where_set(&at, c->file, f->units[f->call_unit[i]].path,
			  c->line, c->col);
		if (!hookish)
			report(cx, rule, &at, *c->callee ? c->callee : c->text,
			       c->caller, "%s() may sleep inside the atomic "
			       "region begun by %s at %s:%u: %s",
			       *c->callee ? c->callee : c->text, c->region,
			       c->region_file, c->region_line, chain);
		else if (c->hook)
			report(cx, rule, &at, c->hook, c->caller,
			       "hook %s called inside the atomic region begun "
			       "by %s at %s:%u, and an implementation may "
			       "sleep: %s", c->hook, c->region, c->region_file,
			       c->region_line, chain);
		else
			report(cx, rule, &at, c->callee, c->caller,
			       "%s() calls a hook whose implementation may "
			       "sleep, inside the atomic region begun by %s at "
			       "%s:%u: %s", c->callee, c->region,
			       c->region_file, c->region_line, chain);
		free(chain);
	}
}

static void guarded_hooks(struct check_ctx *cx, const struct link *lk,
			  int unit, const struct rule *rule)
{
	const struct facts *f = lk->f;

	for (int i = 0; i < f->nhooks; i++) {
		const struct fact_hook *h = &f->hooks[i];
		int p = h->policy ? policy_parse(h->policy) : -1;
		int hn = link_hook(lk, h->member);
		const struct impl_list *il;

		if (p < 0 || !policy_atomic(p) || hn < 0)
			continue;
		il = &lk->impls[hn];
		for (int k = 0; k < il->n; k++) {
			const struct fact_reg *r = &f->regs[il->reg[k]];
			int n = il->node[k];
			struct where at;
			char *chain;

			if (!lk->nodes[n].dist ||
			    (unit >= 0 && f->reg_unit[il->reg[k]] != unit))
				continue;
			chain = link_chain(lk, n);
			where_set(&at, r->file,
				  f->units[f->reg_unit[il->reg[k]]].path,
				  r->line, r->col);
			report(cx, rule, &at, h->member, "",
			       "hook %s runs under guard '%s', where it must "
			       "not sleep, but its implementation %s may sleep:"
			       " %s", h->member, h->policy, r->impl, chain);
			free(chain);
		}
	}
}

void sleep_report(struct check_ctx *cx, const struct link *lk, int unit,
		  const struct rule *rule)
{
	if (rule == &rule_sleep_under_guard)
		guarded_hooks(cx, lk, unit, rule);
	else if (rule == &rule_direct_impl_call)
		impl_report(cx, lk, unit, rule);
	else
		atomic_calls(cx, lk, unit, rule);
}
