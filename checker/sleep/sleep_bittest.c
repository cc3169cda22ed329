/*
 * sleep_bittest.c - a call to a helper whose whole body is one test of
 * bits of a parameter, read as that test of the call's argument:
 * "gfpflags_allow_blocking(gfp)" is "gfp & __GFP_DIRECT_RECLAIM", so
 * "if (gfpflags_allow_blocking(gfp_mask)) schedule_timeout(...)" sleeps
 * only when the caller's flags can block (docs/facts-db.md, cond and
 * args).  The helper is the tree's own definition, read from the unit
 * that includes it: no list of names, no mask hard-wired.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"

#include <string.h>

/* Is binary expression e's operator, after its left operand lhs, op? */
static int op_is_binary(CXCursor e, CXCursor lhs, const char *want)
{
	struct params pa = { .tu = clang_Cursor_getTranslationUnit(e) };
	char *op = params_binop(&pa, e, lhs);
	int is = op && !strcmp(op, want);

	free(op);
	return is;
}

/*
 * "P & K" or "K & P", P parameter *param of fn, K a constant: 1 with
 * *mask = K; else 0.
 */
static int param_mask(CXCursor fn, CXCursor e, int *param, long long *mask)
{
	struct fe_kids k;
	int ok = 0;

	if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
		return 0;
	k = fe_kids(e);
	if (k.n == 2 && op_is_binary(e, k.v[0], "&")) {
		for (int s = 0; s < 2 && !ok; s++) {
			CXCursor p = fe_strip(k.v[s]), ref;
			long long v;

			if (clang_getCursorKind(p) != CXCursor_DeclRefExpr ||
			    !sleep_value(k.v[1 - s], &v) || !v)
				continue;
			ref = clang_getCursorReferenced(p);
			for (int i = 0; i < clang_Cursor_getNumArguments(fn);
			     i++)
				if (clang_equalCursors(ref,
					clang_Cursor_getArgument(fn, i))) {
					*param = i;
					*mask = v;
					ok = 1;
				}
		}
	}
	free(k.v);
	return ok;
}

/*
 * Expression e of fn's body as a test of a parameter's bits: 1 when e
 * is true exactly when a bit of *mask is set in parameter *param ("!!(P
 * & K)", "(P & K) != 0"), -1 when exactly when none is ("!(P & K)",
 * "(P & K) == 0"), 0 when e is no such test.
 */
static int body_test(CXCursor fn, CXCursor e, int *param, long long *mask,
		     int depth)
{
	enum CXCursorKind k;

	e = fe_strip(e);
	k = clang_getCursorKind(e);
	if (depth > 4)
		return 0;
	if (k == CXCursor_CStyleCastExpr) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(e, fe_take_last, &in);
		return body_test(fn, in, param, mask, depth + 1);
	}
	if (k == CXCursor_UnaryOperator) {
		CXCursor in = sleep_not_operand(e);

		if (clang_Cursor_isNull(in))
			return 0;
		return -body_test(fn, fe_strip(in), param, mask, depth + 1);
	}
	if (k == CXCursor_BinaryOperator) {
		struct fe_kids kids = fe_kids(e);
		long long z;
		int r = 0;

		if (param_mask(fn, e, param, mask)) {
			r = 1;
		} else if (kids.n == 2 && sleep_value(kids.v[1], &z) && !z) {
			int eq = op_is_binary(e, kids.v[0], "=="),
			    ne = op_is_binary(e, kids.v[0], "!=");

			if ((eq || ne) &&
			    param_mask(fn, fe_strip(kids.v[0]), param, mask))
				r = eq ? -1 : 1;
		}
		free(kids.v);
		return r;
	}
	return 0;
}

/*
 * Is helper fn's test of parameter param's bits mask the test "the
 * flags can block": param a gfp_t, mask one bit, and the body's only
 * flag named the one whose presence lets an allocation block
 * (__GFP_DIRECT_RECLAIM, __GFP_WAIT before 4.4)?  gfpflags_allow_blocking()
 * is the kernel's own definition of what "GFP flags that can block"
 * means (docs/facts-db.md, cond "gK").
 */
static int blocking_test(CXCursor fn, int param, long long mask)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
	int named = 0;
	CXToken *tok;
	unsigned n;

	if (!sleep_param_gfp(fn, param) || mask <= 0 || (mask & (mask - 1)))
		return 0;
	clang_tokenize(tu, clang_getCursorExtent(fn), &tok, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString cs;
		const char *w;

		if (clang_getTokenKind(tok[i]) != CXToken_Identifier)
			continue;
		cs = clang_getTokenSpelling(tu, tok[i]);
		w = clang_getCString(cs);
		if (!strcmp(w, "__GFP_DIRECT_RECLAIM") || !strcmp(w, "__GFP_WAIT"))
			named = 1;
		else if (!strncmp(w, "__GFP_", 6) || !strncmp(w, "GFP_", 4))
			named = -1000;	/* another flag named: not that test */
		clang_disposeString(cs);
	}
	clang_disposeTokens(tu, tok, n);
	return named == 1;
}

int bittest_call(CXCursor call, CXCursor *arg, long long *mask,
		 int *blocks)
{
	CXCursor fn, e;
	int param = -1, r;

	e = helper_return(call, &fn);
	if (clang_Cursor_isNull(e))
		return 0;
	r = body_test(fn, e, &param, mask, 0);
	if (!r || param < 0 || param >= clang_Cursor_getNumArguments(call))
		return 0;
	*arg = fe_strip(clang_Cursor_getArgument(call, param));
	*blocks = blocking_test(fn, param, *mask);
	return r;
}
