/*
 * check_unknown_hook.c - unknown-hook: a member the ops struct does not
 * have, named through the table pointer.  Seen as libclang's "no member
 * named" error, or as a member the manifest lacks (a manifest given
 * with --manifest that is older than the code).
 */
#include "checker/check.h"

#include <string.h>

const struct rule rule_unknown_hook;

/* The hook whose name is closest to name, if it is close. */
static const struct hook *closest(const struct manifest *m, const char *name)
{
	const struct hook *best = NULL;
	int bestd = 0;
	int limit = ((int)strlen(name) + 4) / 6;

	for (int i = 0; i < m->n; i++) {
		int d = edit_distance(name, m->hooks[i].member);

		if (d <= limit && (!best || d < bestd)) {
			best = &m->hooks[i];
			bestd = d;
		}
	}
	return best;
}

static void unknown(struct check_ctx *cx, const struct where *at,
		    const char *member, const char *function)
{
	const struct hook *h = closest(cx->m, member);
	const char *in = at->macro ? " in macro '" : "";
	const char *macro = at->macro ? at->macro : "";
	const char *q = at->macro ? "'" : "";

	if (h)
		report(cx, &rule_unknown_hook, at, member, function,
		       "struct %s has no hook '%s'%s%s%s; did you mean '%s' "
		       "(wrapper %s())?", cx->t->struct_name, member, in,
		       macro, q, h->member, h->wrapper);
	else
		report(cx, &rule_unknown_hook, at, member, function,
		       "struct %s has no hook '%s'%s%s%s; 'hookwrap manifest "
		       "%s' lists the hooks", cx->t->struct_name, member, in,
		       macro, q, cx->tree_shown);
}

static void on_ref(struct check_ctx *cx, const struct table_ref *r)
{
	if (r->kind == REF_POINTER || r->kind == REF_INTERNAL || r->hook ||
	    r->data_member)
		return;
	unknown(cx, &r->at, r->member, r->function);
}

static void on_diag(struct check_ctx *cx, CXDiagnostic d,
		    const struct where *at)
{
	CXString s = clang_getDiagnosticSpelling(d);
	const char *msg = clang_getCString(s);
	const char *name = strchr(msg, '\'');
	const char *end = name ? strchr(name + 1, '\'') : NULL;

	if (name && end) {
		char *member = xstrndup(name + 1, end - name - 1);

		unknown(cx, at, member, "");
		free(member);
	}
	clang_disposeString(s);
}

const struct rule rule_unknown_hook = {
	.id = "unknown-hook",
	.name = "UnknownHook",
	.summary = "A member the ops struct does not have",
	.help = "The code names a hook that struct's definition lacks: a "
		"typo, a hook that was renamed or removed, or code written "
		"against another version of the table.  Use the hook the "
		"message suggests, or add the hook to the struct and "
		"regenerate the wrappers with 'hookwrap gen-header "
		"--in-place TREE'.",
	.on_ref = on_ref,
	.on_diag = on_diag,
};
