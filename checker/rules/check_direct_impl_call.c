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

void impl_report(struct check_ctx *cx, const struct link *lk, int unit,
		 const struct rule *rule)
{
	const struct facts *f = lk->f;

	for (int i = 0; i < f->ncalls; i++) {
		const struct fact_call *c = &f->calls[i];

		if ((unit >= 0 && f->call_unit[i] != unit) || !*c->callee ||
		    c->hook)
			continue;
		for (int k = 0; k < f->nregs; k++) {
			const struct fact_reg *r = &f->regs[k];
			const char *slash = r->file ? strrchr(r->file, '/') : NULL;
			char *dir, *rel;
			struct where at;

			if (strcmp(r->impl, c->callee) || !slash || !c->file)
				continue;
			rel = f->units[f->reg_unit[k]].path;
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
