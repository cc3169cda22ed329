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
 * member such a value ("{ .call = f, .type = NFNL_CB_RCU }"); so does one
 * in the then-arm of "if (nc->type == NFNL_CB_RCU)" (or the else-arm of
 * "!=").  The walk
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

/*
 * "x->m" of a variable that does not change and a member the body
 * never writes: x, with "T.m" in key[n]; else a null cursor.
 */
static CXCursor tested_member(struct sleep_scan *s, CXCursor m, char *key,
			      size_t n)
{
	CXCursor v, r = clang_getNullCursor();
	CXType type;
	char *tag, *name;

	m = fe_strip(m);
	v = base_var(m);
	if (clang_Cursor_isNull(v) || !unchanged(s, v, m))
		return r;
	type = clang_getCanonicalType(clang_getCursorType(v));
	if (type.kind == CXType_Pointer)
		type = clang_getCanonicalType(clang_getPointeeType(type));
	tag = obj_tag(type);
	name = fe_spelling(clang_getCursorReferenced(m));
	if (tag && *name && !params_member_written(&s->pa, name) &&
	    (size_t)snprintf(key, n, "%s.%s", tag, name) < n)
		r = v;
	free(tag);
	free(name);
	return r;
}

void case_switch(struct sleep_scan *s, struct target *t, CXCursor cond)
{
	t->rvar = clang_getNullCursor();
	t->nval = -1;
	if (!clang_Cursor_isNull(cond))
		t->rvar = tested_member(s, cond, t->rkey, sizeof(t->rkey));
}

int case_if_begin(struct sleep_scan *s, CXCursor cond)
{
	struct fe_kids k;
	struct iftest *it;
	char *op;
	int ok = 0;

	cond = fe_strip(cond);
	if (s->nift == (int)ARRAY_SIZE(s->ift) ||
	    clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return 0;
	k = fe_kids(cond);
	it = &s->ift[s->nift];
	op = k.n == 2 ? params_binop(&s->pa, cond, k.v[0]) : NULL;
	if (op && (!strcmp(op, "==") || !strcmp(op, "!=")) &&
	    sleep_value(k.v[1], &it->val)) {
		it->var = tested_member(s, k.v[0], it->key, sizeof(it->key));
		it->eq = op[0] == '=';
		it->in_then = 1;
		ok = !clang_Cursor_isNull(it->var);
	}
	free(op);
	free(k.v);
	s->nift += ok;
	return ok;
}

void case_if_else(struct sleep_scan *s)
{
	if (s->nift)
		s->ift[s->nift - 1].in_then = 0;
}

void case_if_end(struct sleep_scan *s)
{
	if (s->nift)
		s->nift--;
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
	/* The arm of "x->m == K" (or the else of "!="): K alone. */
	for (int i = s->nift - 1; i >= 0; i--) {
		const struct iftest *t = &s->ift[i];

		if (t->eq == t->in_then && clang_equalCursors(t->var, v) &&
		    unchanged(s, v, callee))
			return xasprintf("%s=%lld", t->key, t->val);
	}
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
