/*
 * check_direct_impl_call.c - direct-impl-call: a module's hook
 * implementation called by name from outside that module, past the
 * dispatcher (and so past every other module and the guard policy).
 *
 * A cross-file rule: which functions are implementations comes from the
 * registrations in the facts database (LSM_HOOK_INIT, initialisers,
 * assignments); the module is the directory of the registering file.
 */
#include "checker/sleep/sleep.h"

#include <stdlib.h>
#include <string.h>

/* Is file (tree-relative or not) inside directory dir? */
static int inside(const char *file, const char *dir)
{
	size_t n = strlen(dir);
	const char *s = strstr(file, dir);

	/* dir matches at the start or after a '/', and is followed by '/'. */
	while (s) {
		if ((s == file || s[-1] == '/') && s[n] == '/')
			return 1;
		s = strstr(s + 1, dir);
	}
	return 0;
}

/* The facts' hook registrations (not slots'), by implementation. */
static const struct facts *sort_facts;

static int cmp_reg(const void *pa, const void *pb)
{
	const struct fact_reg *a = &sort_facts->regs[*(const int *)pa];
	const struct fact_reg *b = &sort_facts->regs[*(const int *)pb];
	int c = strcmp(a->impl, b->impl);

	return c ? c : (*(const int *)pa > *(const int *)pb) -
		       (*(const int *)pa < *(const int *)pb);
}

/* The first hook registration of impl name in by[0..n), or -1. */
static int first_reg(const struct facts *f, const int *by, int n,
		     const char *name)
{
	int lo = 0, hi = n - 1, found = -1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		int c = strcmp(f->regs[by[mid]].impl, name);

		if (!c)
			found = mid;
		if (c >= 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return found;
}

void impl_report(struct check_ctx *cx, const struct link *lk, int unit,
		 const struct rule *rule)
{
	const struct facts *f = lk->f;
	int *by = xcalloc(f->nregs + 1, sizeof(int)), n = 0;

	for (int k = 0; k < f->nregs; k++)
		if (!f->regs[k].slot)
			by[n++] = k;
	sort_facts = f;
	qsort(by, n, sizeof(*by), cmp_reg);
	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];
		int j;

		if ((unit >= 0 && f->call_unit[i] != unit) || !*c->callee ||
		    c->hook || !c->file)
			continue;
		for (j = first_reg(f, by, n, c->callee);
		     j >= 0 && j < n && !strcmp(f->regs[by[j]].impl, c->callee);
		     j++) {
			const struct fact_reg *r = &f->regs[by[j]];
			const char *slash = r->file ? strrchr(r->file, '/') : NULL;
			char *dir, *rel;
			struct where at;

			if (!slash)
				continue;
			rel = f->units[f->reg_unit[by[j]]].path;
			dir = xstrndup(r->file, slash - r->file);
			/* the tree-relative directory of the registration */
			if (strrchr(rel, '/')) {
				free(dir);
				dir = xstrndup(rel, strrchr(rel, '/') - rel);
			}
			if (!inside(c->file, dir)) {
				memset(&at, 0, sizeof(at));
				at.file = c->file;
				at.rel = f->units[f->call_unit[i]].path;
				at.line = c->line;
				at.col = c->col;
				report(cx, rule, &at, c->callee, c->caller,
				       "%s() is the %s implementation of hook "
				       "%s (registered at %s:%u); call the hook's "
				       "dispatcher instead, so that every module "
				       "and the guard see the call", c->callee,
				       dir, r->hook, rel, r->line);
			}
			free(dir);
			break;
		}
	}
	free(by);
}

static void on_unit(struct check_ctx *cx)
{
	int unit;
	const struct link *lk = sleep_unit(cx, &unit);

	if (lk)
		impl_report(cx, lk, unit, &rule_direct_impl_call);
}

const struct rule rule_direct_impl_call = {
	.id = "direct-impl-call",
	.name = "DirectImplCall",
	.summary = "A module's hook implementation called by name from "
		   "outside the module",
	.help = "Hooks are called through their dispatcher or wrapper, which "
		"runs every registered module's implementation under the "
		"table's guard.  Calling one module's implementation by name "
		"skips the other modules and the guard, and breaks when the "
		"module is not built or not loaded.  Call the dispatcher "
		"(the manifest's dispatcher column).  See "
		"docs/rules/direct-impl-call.md.",
	.on_unit = on_unit,
};
