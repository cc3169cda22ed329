/*
 * check_direct_ops_use.c - direct-ops-use: any use of the table pointer
 * outside the allowed files that is not a call: reading a member,
 * assigning or comparing the pointer, passing it on.
 */
#include "check.h"

const struct rule rule_direct_ops_use;

static char *allowed_list(const struct table *t)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < t->allow.n && i < 3; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", t->allow.v[i]);
	if (t->allow.n > 3)
		sb_add(&sb, ", ...");
	if (!t->allow.n)
		sb_add(&sb, t->output ? t->output : t->header);
	return sb_detach(&sb);
}

static void on_ref(struct check_ctx *cx, const struct table_ref *r)
{
	const struct table *t = cx->t;
	char *home;
	const char *in = r->at.macro ? " in macro '" : "";
	const char *macro = r->at.macro ? r->at.macro : "";
	const char *q = r->at.macro ? "'" : "";

	if (r->kind == REF_CALL)
		return;
	if (r->kind == REF_MEMBER && !r->hook && !r->data_member)
		return;		/* unknown-hook */
	home = allowed_list(t);
	if (r->kind == REF_MEMBER && r->hook)
		report(cx, &rule_direct_ops_use, &r->at, r->member, r->function,
		       "hook %s%s%s %s directly%s%s%s; call %s() or keep "
		       "table access in %s", t->pointer, r->op, r->member,
		       r->context, in, macro, q, r->hook->wrapper, home);
	else if (r->kind == REF_MEMBER)
		report(cx, &rule_direct_ops_use, &r->at, r->member, r->function,
		       "member %s%s%s %s directly%s%s%s; keep table access "
		       "in %s", t->pointer, r->op, r->member, r->context,
		       in, macro,
		       q, home);
	else
		report(cx, &rule_direct_ops_use, &r->at, r->context,
		       r->function,
		       "table pointer %s %s outside its home%s%s%s; only %s "
		       "may touch it", t->pointer, r->context, in, macro, q,
		       home);
	free(home);
}

const struct rule rule_direct_ops_use = {
	.id = "direct-ops-use",
	.name = "DirectOpsUse",
	.summary = "A use of the ops table pointer, other than a call, "
		   "outside the files allowed to touch it",
	.help = "Only the table's home (the allow-list: registration code "
		"and the wrapper header) may read, assign, compare or pass "
		"the table pointer.  Elsewhere such code depends on the "
		"table being configured in and on which module is "
		"registered.  Use the wrapper of the hook, or move the code "
		"into an allowed file, or add the file to 'allow' in "
		"hookwrap.conf when it truly is part of the table's home.",
	.on_ref = on_ref,
};
