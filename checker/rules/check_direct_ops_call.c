/*
 * check_direct_ops_call.c - direct-ops-call: a call through the ops
 * table outside the files allowed to touch it.  The fix-it replaces the
 * callee with the hook's wrapper; the arguments stay as they are.
 */
#include "checker/check.h"

#include <string.h>

const struct rule rule_direct_ops_call;

static void on_ref(struct check_ctx *cx, const struct table_ref *r)
{
	const struct table *t = cx->t;
	const char *wrapper;
	struct finding *f;

	if (r->kind != REF_CALL || !r->hook)
		return;
	wrapper = r->hook->wrapper;
	if (r->at.macro) {
		report(cx, &rule_direct_ops_call, &r->at, r->member,
		       r->function, "direct call %s%s%s() in macro "
		       "'%s'%s%s%s; make the macro call %s()", t->pointer, r->op, r->member,
		       r->at.macro,
		       r->at.macro_def ? " (defined at " : "",
		       r->at.macro_def ? r->at.macro_def : "",
		       r->at.macro_def ? ")" : "", wrapper);
		return;
	}
	report(cx, &rule_direct_ops_call, &r->at, r->member, r->function,
	       "direct call %s%s%s(); call the wrapper %s() instead",
	       t->pointer, r->op, r->member, wrapper);
	f = last_finding(cx);
	if (f && r->has_fix && f->rule == &rule_direct_ops_call &&
	    f->line == r->at.line && !f->fix) {
		f->fix = xstrdup(wrapper);
		f->fix_line = r->fix_line;
		f->fix_col = r->fix_col;
		f->fix_end_line = r->fix_end_line;
		f->fix_end_col = r->fix_end_col;
	}
}

const struct rule rule_direct_ops_call = {
	.id = "direct-ops-call",
	.name = "DirectOpsCall",
	.summary = "A call through the ops table outside the files allowed "
		   "to touch it",
	.help = "Hooks are called through their wrappers (security_x() for "
		"security_ops->x()), which compile to the table call when the "
		"table is configured in and to the default when it is not.  A "
		"direct call breaks the build without the table and bypasses "
		"what the wrapper adds.  Call the wrapper named in the "
		"message; the fix-it replaces the callee.  A file that must "
		"call the table directly belongs on the table's allow-list "
		"(allow = in hookwrap.conf).",
	.on_ref = on_ref,
};
