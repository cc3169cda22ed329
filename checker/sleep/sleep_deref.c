/*
 * sleep_deref.c - a callee's test of the value a pointer parameter points
 * to (docs/facts-db.md: "A value passed by address").
 * netlink_attachskb(sk, skb, long *timeo, ssk) returns early "if
 * (!*timeo)", before it waits; every statement after that test runs
 * only where the value the caller passed was not 0.  Such a test is an
 * atom of the parameter, "!p2->*=0" (sleep_condtext.c), when it is the
 * function body's own statement, the then-arm returns, and no statement
 * before it names the parameter (so nothing wrote the value first, and
 * no loop runs the test twice).  A write after it (the wait's "*timeo =
 * schedule_timeout(*timeo)") is made only where the value was not 0: a
 * caller's 0 stays 0.  The caller's side is sleep_outarg.c.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"

#include <stdlib.h>
#include <string.h>

int deref_integer_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind >= CXType_Bool && t.kind <= CXType_Int128 &&
	       t.kind != CXType_Float && t.kind != CXType_Double;
}

struct names {
	CXCursor var;
	int hit;
};

static enum CXChildVisitResult names_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct names *n = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), n->var)) {
		n->hit = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does statement c name var? */
static int names(CXCursor c, CXCursor var)
{
	struct names n = { var, 0 };

	clang_visitChildren(c, names_cb, &n);
	return n.hit;
}

/* Is c's extent inside o's? */
static int inside(CXCursor c, CXCursor o)
{
	CXSourceRange rc = clang_getCursorExtent(c);
	CXSourceRange ro = clang_getCursorExtent(o);
	unsigned cb, ce, ob, oe;

	clang_getFileLocation(clang_getRangeStart(rc), NULL, NULL, NULL, &cb);
	clang_getFileLocation(clang_getRangeEnd(rc), NULL, NULL, NULL, &ce);
	clang_getFileLocation(clang_getRangeStart(ro), NULL, NULL, NULL, &ob);
	clang_getFileLocation(clang_getRangeEnd(ro), NULL, NULL, NULL, &oe);
	return ob <= cb && ce <= oe;
}

/* Does statement s end in a return ("{ ...; return -EAGAIN; }")? */
static int returns(CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct fe_kids kids;
	int r;

	if (k == CXCursor_ReturnStmt)
		return 1;
	if (k != CXCursor_CompoundStmt)
		return 0;
	kids = fe_kids(s);
	r = kids.n && returns(kids.v[kids.n - 1]);
	free(kids.v);
	return r;
}

/*
 * Is test c (in the condition of an if of pa->fn) the early return of
 * parameter var's value: the if a statement of the body itself, its
 * then-arm returning, no statement before it naming var?
 */
static int early_test(struct params *pa, CXCursor c, CXCursor var)
{
	CXCursor body = clang_getNullCursor();
	struct fe_kids kids, ifk;
	int ok = 0;

	clang_visitChildren(pa->fn, fe_take_last, &body);
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return 0;
	kids = fe_kids(body);
	for (int i = 0; i < kids.n; i++) {
		CXCursor s = kids.v[i];

		if (!inside(c, s)) {
			if (names(s, var))
				break;
			continue;
		}
		if (clang_getCursorKind(s) != CXCursor_IfStmt)
			break;
		ifk = fe_kids(s);
		/* "if (cond) then" with no else: the test in cond */
		ok = ifk.n == 2 && inside(c, ifk.v[0]) && returns(ifk.v[1]);
		free(ifk.v);
		break;
	}
	free(kids.v);
	return ok;
}

int params_deref_truth(struct params *pa, CXCursor c)
{
	CXCursor in = sleep_unary_operand(c, "*"), var;
	int i;

	if (clang_Cursor_isNull(in))
		return 0;
	in = fe_strip(in);
	i = params_index(pa, in);
	if (i < 0 || !deref_integer_type(clang_getCursorType(c)))
		return 0;
	var = clang_getCursorReferenced(in);
	if (!early_test(pa, c, var))
		return 0;
	return -params_pred_field(pa, i, "*", PRED_EQ, 0);
}

