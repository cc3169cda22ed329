/*
 * sleep_case.c - a call through a function-pointer member made in a
 * case of a switch on another member of the same object:
 *
 *	switch (nc->type) {
 *	case NFNL_CB_RCU:
 *		err = nc->call(skb, &info, cda);	(under rcu_read_lock())
 *		break;
 *	case NFNL_CB_MUTEX: ...
 *
 * reaches only the functions stored in initialisers that give the
 * member such a value ("{ .call = f, .type = NFNL_CB_RCU }").  The walk
 * keeps, per switch, the values of the case labels that reach the
 * statements it walks (labels stacked, or fallen into from the one
 * before); a slot call on the same variable records them
 * (calls.recv_test), and the link keeps only the stores that agree
 * (linkcase.c).  The variable must not change (a parameter never
 * assigned, a local set once) and the body must never write the member.
 */
#include "checker/sleep/sleep_case.h"
#include "checker/sleep/sleep_obj.h"

#include <stdio.h>
#include <string.h>

/* "x->m", "x.m": x's declaration, else a null cursor. */
static CXCursor base_var(CXCursor member_expr)
{
	CXCursor base = clang_getNullCursor(), v;
	enum CXCursorKind k;

	if (clang_getCursorKind(member_expr) != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	clang_visitChildren(member_expr, fe_take_first, &base);
	base = fe_strip(base);
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	v = clang_getCursorReferenced(base);
	k = clang_getCursorKind(v);
	if (k != CXCursor_ParmDecl && (k != CXCursor_VarDecl ||
				       clang_Cursor_hasVarDeclGlobalStorage(v)))
		return clang_getNullCursor();
	return v;
}

/* Does variable v, named by ref, keep its value from its set-up on? */
static int unchanged(struct sleep_scan *s, CXCursor v, CXCursor ref)
{
	CXCursor base = clang_getNullCursor();

	if (clang_getCursorKind(v) == CXCursor_VarDecl)
		return params_set_once(&s->pa, v, ref);
	clang_visitChildren(ref, fe_take_first, &base);
	return params_index(&s->pa, fe_strip(base)) >= 0;
}

void case_switch(struct sleep_scan *s, struct target *t, CXCursor cond)
{
	CXCursor v, m;
	CXType type;
	char *tag, *name;

	t->rvar = clang_getNullCursor();
	t->nval = -1;
	if (clang_Cursor_isNull(cond))
		return;
	m = fe_strip(cond);
	v = base_var(m);
	if (clang_Cursor_isNull(v) || !unchanged(s, v, m))
		return;
	type = clang_getCanonicalType(clang_getCursorType(v));
	if (type.kind == CXType_Pointer)
		type = clang_getCanonicalType(clang_getPointeeType(type));
	tag = obj_tag(type);
	name = fe_spelling(clang_getCursorReferenced(m));
	if (tag && *name && !params_member_written(&s->pa, name) &&
	    (size_t)snprintf(t->rkey, sizeof(t->rkey), "%s.%s", tag, name) <
	    sizeof(t->rkey))
		t->rvar = v;
	free(tag);
	free(name);
}

void case_label(struct target *t, CXCursor label, CXCursor value,
		int fell)
{
	long long v;

	if (clang_Cursor_isNull(t->rvar))
		return;
	if (!fell)
		t->nval = 0;		/* the values of this run of labels */
	if (t->nval < 0)
		return;
	if (clang_getCursorKind(label) != CXCursor_CaseStmt ||
	    !sleep_value(value, &v) || t->nval == (int)ARRAY_SIZE(t->val))
		t->nval = -1;		/* default:, a range, too many */
	else
		t->val[t->nval++] = v;
}

char *case_recv_test(struct sleep_scan *s, CXCursor callee)
{
	CXCursor v = base_var(callee);
	struct sbuf sb = { 0 };

	if (clang_Cursor_isNull(v))
		return NULL;
	for (int i = s->ntg - 1; i >= 0; i--) {
		const struct target *t = &s->tg[i];

		if (!t->is_switch || clang_Cursor_isNull(t->rvar) ||
		    !clang_equalCursors(t->rvar, v) || t->nval <= 0 ||
		    !unchanged(s, v, callee))
			continue;
		sb_addf(&sb, "%s=", t->rkey);
		for (int k = 0; k < t->nval; k++)
			sb_addf(&sb, "%s%lld", k ? "," : "", t->val[k]);
		return sb_detach(&sb);
	}
	return NULL;
}
