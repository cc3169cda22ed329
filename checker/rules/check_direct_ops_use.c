/*
 * check_direct_ops_use.c - direct-ops-use: any use of the table pointer
 * outside the allowed files that is not a call: reading a member,
 * assigning or comparing the pointer, passing it on; and any use of the
 * table's internals (static-call slots, module list, registration)
 * outside their home.
 */
#include "checker/check.h"

const struct rule rule_direct_ops_use;

/* The first few entries of a list of places, for a message. */
static char *places(const struct strv *v, const char *fallback)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < v->n && i < 3; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", v->v[i]);
	if (v->n > 3)
		sb_add(&sb, ", ...");
	if (!v->n)
		sb_add(&sb, fallback);
	return sb_detach(&sb);
}

static void on_internal(struct check_ctx *cx, const struct table_ref *r)
{
	const struct table *t = cx->t;
	char *home = t->internal_home.n ?
		     places(&t->internal_home, NULL) :
		     places(&t->allow, t->output ? t->output : t->header);

	report(cx, &rule_direct_ops_use, &r->at, r->symbol, r->function,
	       "'%s' is internal to the %s table and %s outside its home"
	       "%s%s%s; only %s may use it", r->symbol, t->struct_name,
	       r->context, r->at.macro ? " in macro '" : "",
	       r->at.macro ? r->at.macro : "", r->at.macro ? "'" : "", home);
	free(home);
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
	if (r->kind == REF_INTERNAL) {
		on_internal(cx, r);
		return;
	}
	if (r->kind == REF_MEMBER && !r->hook && !r->data_member)
		return;		/* unknown-hook */
	home = places(&t->allow, t->output ? t->output : t->header);
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
		"registered.  The same holds for the symbols the table "
		"description calls internal (the static-call slots, the "
		"module list, the registration call), which only "
		"'internal-home' may use.  Use the wrapper of the hook, or "
		"move the code into an allowed file, or add the file to "
		"'allow' (or 'internal-home') in hookwrap.conf when it truly "
		"is part of the table's home.",
	.on_ref = on_ref,
};
