/*
 * sleep_setbits.c - bits a callee sets, through a pointer parameter, in
 * the integer its caller passed by address, where it returns other than
 * 0 (docs/facts-db.md: "Bits set through a pointer").
 * get_user_pages_fast_only() begins "if (!is_valid_gup_args(pages, NULL,
 * &gup_flags, FOLL_GET | FOLL_FAST_ONLY)) return -EINVAL;", and
 * is_valid_gup_args() returns true only after "gup_flags |= to_set; ...
 * *gup_flags_p = gup_flags;": the gup_flags it then passes to
 * gup_fast_fallback() has FOLL_FAST_ONLY set ("m1048578" in args), and
 * gup_fast_fallback()'s slow path, under !(gup_flags & FOLL_FAST_ONLY),
 * is not the caller's.  Both sides are read in one unit: the callee's
 * definition must be there (a static helper, or a header's).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"

#include <stdlib.h>
#include <string.h>

/* What a callee stores through its parameter n where it returns not 0. */
struct setbits {
	int n;		/* the pointer parameter */
	int m;		/* a parameter whose bits are set, or -1 */
	long long k;	/* constant bits set */
};

/* Does the function jump ("goto"): then statement order says nothing. */
static int jumps(struct params *pa)
{
	params_tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++)
		if (!strcmp(params_spelling(pa, i), "goto"))
			return 1;
	return 0;
}

/* The bits E sets when or'ed in: constants, and one parameter's bits. */
static void or_bits(struct params *pa, CXCursor e, struct setbits *sb,
		    int depth)
{
	long long v;
	int i;

	e = fe_strip(e);
	if (sleep_value(e, &v)) {
		sb->k |= v;
		return;
	}
	if ((i = params_index(pa, e)) >= 0) {
		if (sb->m < 0)
			sb->m = i;
		return;
	}
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
	    depth < COND_DEPTH) {
		struct fe_kids kids = fe_kids(e);
		char *op = kids.n == 2 ? params_binop(pa, e, kids.v[0]) : NULL;

		if (op && !strcmp(op, "|"))
			for (int j = 0; j < 2; j++)
				or_bits(pa, kids.v[j], sb, depth + 1);
		free(op);
		free(kids.v);
	}
}

/* How a statement writes a variable. */
struct writes {
	struct params *pa;
	CXCursor var;
	int other;	/* anything but "v |= E" */
};

static enum CXChildVisitResult writes_cb(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct writes *w = data;
	CXCursor rhs;
	int how = sleep_write_of(w->pa, c, parent, w->var, &rhs);

	w->other = how && how != '|';
	return w->other ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does statement s write var other than "var |= E"? */
static int writes_other(struct params *pa, CXCursor s, CXCursor var)
{
	struct writes w = { pa, var, 0 };

	writes_cb(s, clang_getNullCursor(), &w);
	if (!w.other)
		clang_visitChildren(s, writes_cb, &w);
	return w.other;
}

/* Every return before offset at returns the constant 0. */
struct zero_returns {
	unsigned at;
	int bad;
};

static enum CXChildVisitResult returns_cb(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct zero_returns *z = data;
	struct fe_kids kids;
	long long v;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ReturnStmt)
		return CXChildVisit_Recurse;
	if (params_file_offset(clang_getCursorLocation(c)) >= z->at)
		return CXChildVisit_Continue;
	kids = fe_kids(c);
	if (kids.n != 1 || !sleep_value(kids.v[0], &v) || v)
		z->bad = 1;
	free(kids.v);
	return z->bad ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Statement s of pa->fn, "*pN = x" or "*pN |= E": N, with what the
 * statement ors in (for "= x", what x was given).
 */
static int store_through(struct params *pa, CXCursor s, struct setbits *sb)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct fe_kids kids;
	CXCursor p, x;
	char *op = NULL;
	int ok = 0;

	if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
		return 0;
	kids = fe_kids(s);
	if (kids.n != 2)
		goto out;
	p = sleep_unary_operand(fe_strip(kids.v[0]), "*");
	if (clang_Cursor_isNull(p) || (sb->n = params_index(pa, fe_strip(p))) < 0 ||
	    !deref_integer_type(clang_getCursorType(fe_strip(kids.v[0]))))
		goto out;
	op = params_binop(pa, s, kids.v[0]);
	sb->m = -1;
	sb->k = 0;
	if (op && !strcmp(op, "|=")) {
		or_bits(pa, kids.v[1], sb, 0);
		ok = 1;
	} else if (op && !strcmp(op, "=")) {
		x = fe_strip(kids.v[1]);
		if (clang_getCursorKind(x) != CXCursor_DeclRefExpr)
			goto out;
		x = clang_getCursorReferenced(x);
		ok = clang_getCursorKind(x) == CXCursor_VarDecl &&
		     !clang_Cursor_hasVarDeclGlobalStorage(x);
	}
out:
	free(op);
	free(kids.v);
	return ok;
}

/*
 * The bits local x holds at statement at of the body: its initialiser's,
 * then each top-level "x |= E" before at; a write of any other kind
 * forgets them.
 */
static void local_bits(struct params *pa, struct fe_kids *body, int at,
		       CXCursor x, struct setbits *sb)
{
	CXCursor init = clang_Cursor_getVarDeclInitializer(x);

	if (!clang_Cursor_isNull(init))
		or_bits(pa, init, sb, 0);
	for (int i = 0; i < at; i++) {
		CXCursor s = body->v[i];
		struct fe_kids kids;

		if (writes_other(pa, s, x)) {
			sb->m = -1;
			sb->k = 0;
			continue;
		}
		if (clang_getCursorKind(s) != CXCursor_CompoundAssignOperator)
			continue;
		kids = fe_kids(s);
		if (kids.n == 2 && sleep_is_ref(kids.v[0], x))
			or_bits(pa, kids.v[1], sb, 0);
		free(kids.v);
	}
}

/*
 * Does def return other than 0 only after its last top-level store
 * through a pointer parameter, "*pN = x" or "*pN |= E", with no
 * statement after it naming pN?  What the store sets in *sb.
 */
static int callee_sets(CXTranslationUnit tu, CXCursor def,
		       struct setbits *sb)
{
	struct params cp;
	struct fe_kids body;
	struct zero_returns z = { 0, 0 };
	int s = -1, ok = 0;
	CXCursor bc, p, x;

	if (clang_getCursorKind(def) != CXCursor_FunctionDecl ||
	    !deref_integer_type(clang_getResultType(clang_getCursorType(def))))
		return 0;
	params_begin(&cp, tu, def);
	body = sleep_body(def, &bc);
	if (jumps(&cp))
		goto out;
	for (int i = body.n - 1; i >= 0 && s < 0; i--)
		if (store_through(&cp, body.v[i], sb))
			s = i;
	if (s < 0)
		goto out;
	p = clang_Cursor_getArgument(def, sb->n);
	for (int i = s + 1; i < body.n; i++)
		if (sleep_names(body.v[i], p))
			goto out;
	z.at = params_file_offset(clang_getCursorLocation(body.v[s]));
	clang_visitChildren(bc, returns_cb, &z);
	if (z.bad)
		goto out;
	if (clang_getCursorKind(body.v[s]) == CXCursor_BinaryOperator) {
		struct fe_kids kids = fe_kids(body.v[s]);

		x = clang_getCursorReferenced(fe_strip(kids.v[1]));
		free(kids.v);
		local_bits(&cp, &body, s, x, sb);
	}
	ok = sb->m >= 0 || sb->k;
out:
	free(body.v);
	params_end(&cp);
	return ok;
}

/*
 * Is statement s "if (!f(..., &var, ...)) return ...;" (no else, the
 * then-arm ending in a return), f setting bits through that argument?
 * The bits var then holds where s falls through, in *bits.
 */
static int checked_call(struct params *pa, CXCursor s, CXCursor var,
			long long *bits)
{
	struct fe_kids ifk;
	struct setbits sb;
	CXCursor call, def;
	int n = -1, ok = 0;
	long long v;

	if (clang_getCursorKind(s) != CXCursor_IfStmt)
		return 0;
	ifk = fe_kids(s);
	if (ifk.n != 2 || !sleep_ends_in_return(ifk.v[1]))
		goto out;
	call = sleep_not_operand(fe_strip(ifk.v[0]));
	if (clang_Cursor_isNull(call) ||
	    clang_getCursorKind(call = fe_strip(call)) != CXCursor_CallExpr)
		goto out;
	/* var's address once, and var named by no other argument */
	for (int i = 0; i < clang_Cursor_getNumArguments(call); i++) {
		CXCursor a = fe_strip(clang_Cursor_getArgument(call, i));
		CXCursor in = sleep_address_operand(a);

		if (!clang_Cursor_isNull(in) && sleep_is_ref(in, var) && n < 0)
			n = i;
		else if (sleep_names(a, var) || sleep_is_ref(a, var))
			goto out;
	}
	def = clang_getCursorDefinition(clang_getCursorReferenced(call));
	if (n < 0 || !callee_sets(pa->tu, def, &sb) || sb.n != n)
		goto out;
	*bits = sb.k;
	if (sb.m >= 0 && sb.m < clang_Cursor_getNumArguments(call) &&
	    sleep_value(fe_strip(clang_Cursor_getArgument(call, sb.m)), &v))
		*bits |= v;
	ok = 1;
out:
	free(ifk.v);
	return ok;
}

char *params_setbits_arg(struct params *pa, CXCursor a)
{
	struct fe_kids body;
	CXCursor bc, var;
	long long bits = 0, b;
	char *name;
	int at = -1, taken;

	a = fe_strip(a);
	if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return NULL;
	var = clang_getCursorReferenced(a);
	if ((clang_getCursorKind(var) != CXCursor_VarDecl &&
	     clang_getCursorKind(var) != CXCursor_ParmDecl) ||
	    clang_Cursor_hasVarDeclGlobalStorage(var) ||
	    !deref_integer_type(clang_getCursorType(var)))
		return NULL;
	/* Cheap first: its address passed somewhere, and no "goto". */
	name = fe_spelling(var);
	taken = params_address_taken(pa, name);
	free(name);
	if (!taken || jumps(pa))
		return NULL;
	body = sleep_body(pa->fn, &bc);
	for (int i = 0; i < body.n && at < 0; i++)
		if (sleep_inside(a, body.v[i]))
			at = i;
	/* Statement by statement to the one that passes var. */
	for (int i = 0; i < at; i++) {
		if (checked_call(pa, body.v[i], var, &b))
			bits = b;
		else if (writes_other(pa, body.v[i], var))
			bits = 0;
	}
	if (at >= 0 && writes_other(pa, body.v[at], var))
		bits = 0;
	free(body.v);
	return bits ? xasprintf("m%lld", bits) : NULL;
}
