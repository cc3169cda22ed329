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

/*
 * Is test c (in the condition of an if of pa->fn) the early return of
 * parameter var's value: the if a statement of the body itself, its
 * then-arm returning, no statement before it naming var?
 */
static int early_test(struct params *pa, CXCursor c, CXCursor var)
{
	CXCursor body;
	struct fe_kids kids = sleep_body(pa->fn, &body), ifk;
	int ok = 0;

	for (int i = 0; i < kids.n; i++) {
		CXCursor s = kids.v[i];

		if (!sleep_inside(c, s)) {
			if (sleep_names(s, var))
				break;
			continue;
		}
		if (clang_getCursorKind(s) != CXCursor_IfStmt)
			break;
		ifk = fe_kids(s);
		/* "if (cond) then" with no else: the test in cond */
		ok = ifk.n == 2 && sleep_inside(c, ifk.v[0]) &&
		     sleep_ends_in_return(ifk.v[1]);
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

