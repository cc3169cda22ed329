/*
 * sleep_fieldval.c - a value stored in a member that is a test of the
 * function's parameters (sleep_fields.c's "(T?A:B)" values): a truth
 * value of their bits, "timer->is_hard = !!(mode & HRTIMER_MODE_HARD);"
 * is "(p2&8?1:0)"; a local the function computes before it stores it,
 * read through the statements of the body that come first,
 *
 *	bool softtimer = !!(mode & HRTIMER_MODE_SOFT);
 *	if (IS_ENABLED(CONFIG_PREEMPT_RT) && !(mode & HRTIMER_MODE_HARD))
 *		softtimer = true;
 *	...
 *	timer->is_soft = softtimer;
 *
 * is "(!p2&8?1:(p2&4?1:0))" in a PREEMPT_RT build.  The link decides a
 * test at each set-up call's constant arguments (linkfield.c).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/sleep/sleep_obj.h"

#include <ctype.h>
#include <string.h>

/* Longer values are "?": the facts keep a store's value short. */
#define MAX_SPEC 48

/* What an expression's truth is: a constant, or one bit test. */
struct truth {
	enum { T_NONE, T_CONST, T_TEST } kind;
	int value;		/* T_CONST: 0 or 1 */
	int param, neg;		/* T_TEST: parameter param's bits of mask */
	long long mask;		/* (-1: the parameter is not 0) */
};

static struct truth none(void)
{
	return (struct truth){ T_NONE, 0, 0, 0, 0 };
}

static struct truth constant(int v)
{
	return (struct truth){ T_CONST, v != 0, 0, 0, 0 };
}

static struct truth negate(struct truth t)
{
	if (t.kind == T_CONST)
		t.value = !t.value;
	else if (t.kind == T_TEST)
		t.neg = !t.neg;
	return t;
}

/*
 * When c (stripped) is a binary expression: its operator, as written or
 * read from its tokens, and its operands in *kids (the caller frees
 * kids->v); NULL else, kids empty.
 */
static char *binary(struct params *pa, CXCursor c, struct fe_kids *kids)
{
	char *op;

	*kids = (struct fe_kids){ 0 };
	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return NULL;
	*kids = fe_kids(c);
	if (kids->n != 2)
		return NULL;
	op = params_binop(pa, c, kids->v[0]);
	return op ? op : sleep_binop_tokens(pa->tu, c);
}

/* Macro calls are read this far into the file, no further. */
#define MAX_CALL 4096

/*
 * Does e's text name CONFIG_PREEMPT_RT?  Read in the file, with the
 * arguments of a macro that writes its end: "IS_ENABLED(...)" is one
 * token of the expression's range.  Yes when the file cannot be read.
 */
static int names_rt(struct params *pa, CXCursor e)
{
	static const char name[] = "CONFIG_PREEMPT_RT";
	CXSourceRange r = fe_file_range(pa->tu, e);
	const char *text;
	unsigned a, b;
	size_t size, end, depth = 0;
	CXFile f;

	clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
	text = f ? clang_getFileContents(pa->tu, f, &size) : NULL;
	if (!text || a > b || b >= size)
		return 1;
	end = b;
	while (end < size && (isalnum((unsigned char)text[end]) ||
			      text[end] == '_' || isspace((unsigned char)text[end])))
		end++;
	if (end < size && text[end] == '(') {
		for (; end < size && end - b < MAX_CALL; end++)
			if (text[end] == '(')
				depth++;
			else if (text[end] == ')' && !--depth)
				break;
	}
	for (size_t i = a; i + sizeof(name) - 1 <= end && i < size; i++)
		if (!strncmp(text + i, name, sizeof(name) - 1))
			return 1;
	return 0;
}

/*
 * A constant the compiler folds; but a test of CONFIG_PREEMPT_RT in a
 * unit built without it is not known: the facts serve an RT review of
 * the build too (--rt), where it is true.
 */
static int known_value(struct params *pa, CXCursor e, int rt, long long *v)
{
	return sleep_value(e, v) && (rt || !names_rt(pa, e));
}

static struct truth truth_of(struct params *pa, CXCursor e, int rt,
			     int depth);

/* "a && b", "a || b": exact only when one side is a constant. */
static struct truth logical(struct params *pa, struct fe_kids *kids,
			    int and, int rt, int depth)
{
	struct truth l = truth_of(pa, kids->v[0], rt, depth + 1);
	struct truth r = truth_of(pa, kids->v[1], rt, depth + 1);

	if (l.kind == T_CONST)
		return l.value == and ? r : constant(!and);
	if (r.kind == T_CONST)
		return r.value == and ? l : constant(!and);
	return none();
}

/* "p & K", "K & p": the test of parameter p's bits K. */
static struct truth mask_test(struct params *pa, struct fe_kids *kids)
{
	long long m;
	int i;

	for (int j = 0; j < 2; j++)
		if (sleep_value(kids->v[j], &m) &&
		    (i = params_index_bits(pa, kids->v[1 - j], m)) >= 0)
			return m ? (struct truth){ T_TEST, 0, i, 0, m } :
				   constant(0);
	return none();
}

static struct truth truth_of(struct params *pa, CXCursor e, int rt,
			     int depth)
{
	struct truth t = none();
	struct fe_kids kids;
	long long v;
	char *op;
	int i;

	if (depth > COND_DEPTH)
		return t;
	e = fe_strip(e);
	if (known_value(pa, e, rt, &v))
		return constant(v != 0);
	if (!clang_Cursor_isNull(sleep_not_operand(e)))
		return negate(truth_of(pa, sleep_not_operand(e), rt,
				       depth + 1));
	if ((i = params_index(pa, e)) >= 0)
		return (struct truth){ T_TEST, 0, i, 0, -1 };
	op = binary(pa, e, &kids);
	if (!op) {
		;
	} else if (!strcmp(op, "&&") || !strcmp(op, "||")) {
		t = logical(pa, &kids, *op == '&', rt, depth);
	} else if (!strcmp(op, "&")) {
		t = mask_test(pa, &kids);
	} else if ((!strcmp(op, "==") || !strcmp(op, "!=")) &&
		   sleep_value(kids.v[1], &v) && !v) {
		/* "(flags & M) == 0" */
		t = truth_of(pa, kids.v[0], rt, depth + 1);
		if (op[0] == '=')
			t = negate(t);
	}
	free(op);
	free(kids.v);
	return t;
}

/*
 * A test that "a && b" needs, when the truth of the whole is not known:
 * "IS_ENABLED(CONFIG_PREEMPT_RT) && !(mode & HARD)" in a unit built
 * without RT is false wherever mode has HARD.  T_NONE when none.
 */
static struct truth needed(struct params *pa, CXCursor c, int rt)
{
	struct truth t = none();
	struct fe_kids kids;
	char *op = binary(pa, c, &kids);

	for (int j = 0; op && !strcmp(op, "&&") && j < 2 &&
			t.kind != T_TEST; j++)
		t = truth_of(pa, kids.v[j], rt, 1);
	free(op);
	free(kids.v);
	return t.kind == T_TEST ? t : none();
}

/* Is e's value 0 or 1: "!x", "a && b", "a == b"? */
static int is_truth(struct params *pa, CXCursor e)
{
	static const char *const ops[] = {
		"&&", "||", "==", "!=", "<", ">", "<=", ">=",
	};
	struct fe_kids kids;
	char *op;
	int yes = 0;

	if (!clang_Cursor_isNull(sleep_not_operand(fe_strip(e))))
		return 1;
	op = binary(pa, e, &kids);
	for (size_t k = 0; op && k < ARRAY_SIZE(ops) && !yes; k++)
		yes = !strcmp(op, ops[k]);
	free(op);
	free(kids.v);
	return yes;
}

static int is_bool(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Bool;
}

/*
 * The value e gives a destination (of type bool when boolean): a
 * constant, "pN", or a truth "(T?1:0)"; NULL when none of those.
 */
static char *value_of(struct params *pa, CXCursor e, int boolean, int rt)
{
	struct truth t;
	long long v;
	int i;

	e = fe_strip(e);
	if (!boolean && !is_truth(pa, e)) {
		if (known_value(pa, e, rt, &v))
			return xasprintf("%lld", v);
		i = params_index(pa, e);
		return i >= 0 ? xasprintf("p%d", i) : NULL;
	}
	t = truth_of(pa, e, rt, 0);
	if (t.kind == T_CONST)
		return xasprintf("%d", t.value);
	if (t.kind == T_TEST)
		return xasprintf("(%sp%d&%lld?1:0)", t.neg ? "!" : "",
				 t.param, t.mask);
	return NULL;
}

/* Where c begins in its file (a macro's text: where it is expanded). */
static unsigned begins(CXCursor c)
{
	return params_file_offset(clang_getRangeStart(clang_getCursorExtent(c)));
}

static unsigned ends(CXCursor c)
{
	return params_file_offset(clang_getRangeEnd(clang_getCursorExtent(c)));
}

/* "var = E": E, else a null cursor. */
static CXCursor assigns(struct params *pa, CXCursor c, CXCursor var)
{
	struct fe_kids kids;
	CXCursor e = clang_getNullCursor();
	char *op = binary(pa, c, &kids);

	if (op && !strcmp(op, "=") &&
	    clang_getCursorKind(fe_strip(kids.v[0])) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(fe_strip(kids.v[0])),
			       var))
		e = kids.v[1];
	free(op);
	free(kids.v);
	return e;
}

/* "if (C) var = E;" (or "{ var = E; }"), no else: C and E. */
static int guarded(struct params *pa, CXCursor s, CXCursor var,
		   CXCursor *cond, CXCursor *e)
{
	struct fe_kids kids, in;
	CXCursor then;

	if (clang_getCursorKind(s) != CXCursor_IfStmt)
		return 0;
	kids = fe_kids(s);
	if (kids.n != 2) {
		free(kids.v);
		return 0;
	}
	*cond = kids.v[0];
	then = kids.v[1];
	free(kids.v);
	if (clang_getCursorKind(then) == CXCursor_CompoundStmt) {
		in = fe_kids(then);
		then = in.n == 1 ? in.v[0] : clang_getNullCursor();
		free(in.v);
		if (clang_Cursor_isNull(then))
			return 0;
	}
	*e = assigns(pa, then, var);
	return !clang_Cursor_isNull(*e);
}

/* val, or NULL when it is too long for the facts. */
static char *bounded(char *val)
{
	if (val && strlen(val) > MAX_SPEC) {
		free(val);
		return NULL;
	}
	return val;
}

/*
 * The value of local var where the body's top-level statement holding
 * offset at begins: read through the statements before it, each one
 * that writes var its declaration, "var = E;" or "if (C) var = E;".
 */
static char *local_value(struct params *pa, CXCursor var, unsigned at,
			 int rt)
{
	CXCursor body, cond, e;
	int boolean = is_bool(clang_getCursorType(var));
	struct fe_kids kids = sleep_body(pa->fn, &body);
	char *val = NULL;
	int k, read = 0;

	for (k = 0; k < kids.n && ends(kids.v[k]) < at; k++) {
		CXCursor s = kids.v[k];
		int n = obj_changes(s, var);
		char *next = NULL;

		if (clang_getCursorKind(s) == CXCursor_DeclStmt && !n &&
		    begins(var) >= begins(s) && ends(var) <= ends(s)) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(var);

			free(val);
			val = clang_Cursor_isNull(init) ? NULL :
			      bounded(value_of(pa, init, boolean, rt));
			continue;
		}
		if (!n)
			continue;
		read += n;
		if (n == 1 && !clang_Cursor_isNull(e = assigns(pa, s, var))) {
			next = value_of(pa, e, boolean, rt);
		} else if (n == 1 && val && guarded(pa, s, var, &cond, &e)) {
			struct truth t = truth_of(pa, cond, rt, 0);
			char *then = value_of(pa, e, boolean, rt);
			int sure = t.kind != T_NONE;

			/* only a test it needs: where that holds, either */
			if (!sure)
				t = needed(pa, cond, rt);
			if (t.kind == T_CONST)
				next = t.value ? then : xstrdup(val);
			else if (t.kind == T_TEST && (then || !sure))
				next = xasprintf("(%sp%d&%lld?%s:%s)",
						 t.neg ? "!" : "", t.param,
						 t.mask, sure ? then : "?",
						 val);
			if (t.kind != T_CONST || !t.value)
				free(then);
		}
		free(val);
		val = bounded(next);
		if (!val)
			break;
	}
	/*
	 * Nothing else may write it: not the statement holding the store,
	 * nor one after it that a goto could bring back before the store.
	 */
	if (val && (k == kids.n || obj_changes(pa->fn, var) != read)) {
		free(val);
		val = NULL;
	}
	free(kids.v);
	return val;
}

char *fieldval_of(struct params *pa, CXCursor v, int boolean, int rt)
{
	CXCursor var;

	v = fe_strip(v);
	if (clang_getCursorKind(v) != CXCursor_DeclRefExpr)
		return bounded(value_of(pa, v, boolean, rt));
	var = clang_getCursorReferenced(v);
	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(var) ||
	    !clang_equalCursors(clang_getCursorSemanticParent(var), pa->fn))
		return NULL;
	return local_value(pa, var, begins(v), rt);
}
