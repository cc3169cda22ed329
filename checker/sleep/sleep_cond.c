/*
 * sleep_cond.c - what a condition says of the function's parameters
 * (params_cond(), sleep.h): where it holds and where it does not, as
 * atoms of a parameter's truth, a test of its bits or value, a test of a
 * member it points to (sleep_members.c), a local set once or an access
 * path (sleep_params.c), read through !, brackets, likely(), && and ||.
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"

#include <string.h>

/* "flags & M", "M & flags": the mask M's test of a parameter, or 0. */
static int value_test(struct params *pa, CXCursor l, CXCursor r, char op)
{
	long long v;
	int i;

	if (!sleep_value(r, &v)) {
		CXCursor x = l;

		l = r;
		r = x;
		if (!sleep_value(r, &v))
			return 0;
	}
	if (op == PRED_MASK && !v)
		return 0;
	/* A mask's test reads bits the body's writes may leave alone. */
	i = params_index_bits(pa, l, op == PRED_MASK ? v : 0);
	if (i < 0) {
		/* "miter->__flags & SG_MITER_ATOMIC": a member's test */
		char *key;
		int a;

		i = params_field(pa, l, &key);
		a = i < 0 ? 0 : params_pred_field(pa, i, key, op, v);
		free(key);
		return a;
	}
	return params_pred(pa, i, op, v);
}

static int common_atom(int a, int b)
{
	return a == b ? a : 0;
}

/*
 * How much callers can do with atom a: a test of a parameter itself 2
 * (a constant argument decides it), of a member it points to 1, a
 * local's (regions only) 0.
 */
static int atom_rank(struct params *pa, int a)
{
	return params_region_only(a) ? 0 : params_member_atom(pa, a) ? 1 : 2;
}

/*
 * One of two atoms that both hold ("a && b" true): the one callers can
 * do the most with ("ops->gc && !(flags & DST_NOCOUNT)": the flags),
 * the first of two alike.
 */
static int either_atom(struct params *pa, int a, int b)
{
	if (!a || (b && atom_rank(pa, b) > atom_rank(pa, a)))
		return b;
	return a;
}

/*
 * The other of two atoms a && b keeps, where one (kept) is the one
 * either_atom() chose: both hold on that arm.  0 when there is none.
 */
static int second_atom(int kept, int l, int r)
{
	int other = kept == l ? r : kept == r ? l : 0;

	return kept && other && other != kept && other != -kept ? other : 0;
}

/*
 * What condition c makes each arm assume: *t where it holds, *f where it
 * does not; t2 and f2 (NULL below the top) a second atom of a top-level
 * "&&" (its then-arm) or "||" (its else-arm).
 */
static void cond_of(struct params *pa, CXCursor c, int *t, int *f,
		    int *t2, int *f2, int depth)
{
	enum CXCursorKind k;
	int i, lt, lf, rt, rf;
	long long v;

	*t = *f = 0;
	if (depth > COND_DEPTH)
		return;
	c = fe_strip(c);
	k = clang_getCursorKind(c);
	if (k == CXCursor_UnaryOperator) {
		CXCursor in = sleep_not_operand(c);

		if (!clang_Cursor_isNull(in)) {
			cond_of(pa, in, f, t, NULL, NULL, depth + 1);
		} else if ((i = params_deref_truth(pa, c))) {
			*t = i;		/* "*timeo" (sleep_deref.c) */
			*f = -i;
		}
		return;
	}
	if (k == CXCursor_CallExpr) {
		/* likely(x), unlikely(x): __builtin_expect(!!(x), v) */
		char *name = fe_spelling(c);
		int expect = !strcmp(name, "__builtin_expect"), s, blocks;
		CXCursor arg;

		free(name);
		if (expect && clang_Cursor_getNumArguments(c) >= 1) {
			cond_of(pa, clang_Cursor_getArgument(c, 0), t, f,
				t2, f2, depth + 1);
		} else if ((s = bittest_call(c, &arg, &v, &blocks))) {
			/* gfpflags_allow_blocking(gfp): "gfp & M" */
			i = params_index_bits(pa, arg, v);
			if (i >= 0) {
				*t = s * params_pred(pa, i, blocks ? PRED_GFP :
						     PRED_MASK, v);
				*f = -*t;
			}
		} else if ((i = params_bit_test(pa, c))) {
			*t = i;		/* "test_bit(nr, &p->m)" */
			*f = -i;
		} else if ((i = params_path_atom(pa, c))) {
			*t = i;		/* "debug_pagealloc_enabled()" */
			*f = -i;
		}
		return;
	}
	if (k == CXCursor_ConditionalOperator) {
		/*
		 * "c ? const_test_bit(nr, a) : _test_bit(nr, a)" (bitops.h's
		 * bitop()): both arms the same test is that test.
		 */
		struct fe_kids kids = fe_kids(c);

		if (kids.n == 3) {
			cond_of(pa, kids.v[1], &lt, &lf, NULL, NULL, depth + 1);
			cond_of(pa, kids.v[2], &rt, &rf, NULL, NULL, depth + 1);
			if (lt && lt == rt && lf == rf) {
				*t = lt;
				*f = lf;
			}
		}
		free(kids.v);
		return;
	}
	if (k == CXCursor_BinaryOperator) {
		struct fe_kids kids = fe_kids(c);
		char *op = kids.n == 2 ? params_binop(pa, c, kids.v[0]) : NULL;
		int eq = op && !strcmp(op, "=="), ne = op && !strcmp(op, "!=");

		if (!op) {
			;
		} else if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			cond_of(pa, kids.v[0], &lt, &lf, NULL, NULL,
				depth + 1);
			cond_of(pa, kids.v[1], &rt, &rf, NULL, NULL,
				depth + 1);
			if (*op == '&') {
				*t = either_atom(pa, lt, rt);
				*f = common_atom(lf, rf);
				/* "congested && gfpflags_allow_blocking(a)" */
				if (t2)
					*t2 = second_atom(*t, lt, rt);
			} else {
				*t = common_atom(lt, rt);
				*f = either_atom(pa, lf, rf);
				if (f2)
					*f2 = second_atom(*f, lf, rf);
			}
		} else if (!strcmp(op, "&")) {
			*t = value_test(pa, kids.v[0], kids.v[1], PRED_MASK);
			*f = -*t;
		} else if ((eq || ne) && ((sleep_value(kids.v[1], &v) &&
					   !v) ||
					  params_null(pa, kids.v[1]))) {
			/* "(flags & M) == 0", "p != 0": its operand's test */
			if (eq)
				cond_of(pa, kids.v[0], f, t, NULL, NULL,
					depth + 1);
			else
				cond_of(pa, kids.v[0], t, f, NULL, NULL,
					depth + 1);
		} else if (eq || ne) {
			*t = value_test(pa, kids.v[0], kids.v[1], PRED_EQ);
			*f = -*t;
			if (ne) {
				*t = -*t;
				*f = -*f;
			}
		}
		free(op);
		free(kids.v);
		return;
	}
	i = params_index(pa, c);
	if (i >= 0)
		i = i + 1;
	else if (!(i = params_member_truth(pa, c)) && !(i = params_local_atom(pa, c)) &&
		 !(i = params_path_atom(pa, c)) && !(i = params_track(pa, c, 1)))
		return;
	*t = i;
	*f = -i;
}

void params_cond(struct params *pa, CXCursor c, int *t, int *f, int *t2,
		 int *f2)
{
	*t2 = *f2 = 0;
	cond_of(pa, c, t, f, t2, f2, 0);
}
