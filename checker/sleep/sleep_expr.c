/*
 * sleep_expr.c - expressions as the walked code writes them: the
 * operator of a binary expression and the token at a location (libclang
 * 14 has no operator kinds), an expression's tokens, and the value the
 * compiler folds (through a header's stubs too, a null pointer written
 * NULL); a helper whose whole body is "return E;".
 * Below everything else of the sleep analysis that reads conditions
 * (sleep_params.c, sleep_bittest.c, sleep_args.c).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"

#include <string.h>

/*
 * Is expression c nested deeper than limit?  clang's evaluator recurses
 * once per level of most kinds of node: a condition deeper than any
 * real one is not handed to it.  Depth first with a stack of our own,
 * stopping at the first path that long.
 */
static int deeper_than(CXCursor c, int limit)
{
	struct level {
		struct fe_kids k;
		int next;
	} *st = xmalloc(8 * sizeof(*st));
	int n = 1, cap = 8, deep = 0;

	st[0].k = fe_kids(c);
	st[0].next = 0;
	while (n) {
		struct level *top = &st[n - 1];

		if (top->next == top->k.n) {
			free(st[--n].k.v);
			continue;
		}
		if (n > limit) {
			deep = 1;
			break;
		}
		ARRAY_GROW(st, cap, n + 1, 8);
		top = &st[n - 1];	/* st may have moved */
		st[n].k = fe_kids(top->k.v[top->next++]);
		st[n++].next = 0;
	}
	while (n)
		free(st[--n].k.v);
	free(st);
	return deep;
}

/* Deeper than this, a condition is taken for not constant. */
#define EVAL_DEPTH 1000

static int folded(CXCursor c, long long *v, int depth);

static int constant_value(CXCursor c, long long *v, int depth)
{
	CXEvalResult r;
	int ok = 0;

	if (deeper_than(c, EVAL_DEPTH))
		return 0;
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return folded(fe_strip(c), v, depth);
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*v = clang_EvalResult_isUnsignedInt(r) ?
		     (long long)clang_EvalResult_getAsUnsigned(r) :
		     clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok || folded(fe_strip(c), v, depth);
}

int sleep_value(CXCursor c, long long *v)
{
	return constant_value(c, v, 0);
}

/* The only child of c, stripped, or a null cursor. */
static CXCursor only_kid(CXCursor c)
{
	struct fe_kids k = fe_kids(c);
	CXCursor r = k.n == 1 ? fe_strip(k.v[0]) : clang_getNullCursor();

	free(k.v);
	return r;
}

CXCursor helper_return(CXCursor call, CXCursor *def)
{
	CXCursor fn, body, ret;
	struct fe_kids k;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return clang_getNullCursor();
	fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	k = sleep_body(fn, &body);
	ret = k.n == 1 ? k.v[0] : clang_getNullCursor();
	free(k.v);
	if (clang_getCursorKind(ret) != CXCursor_ReturnStmt)
		return clang_getNullCursor();
	*def = fn;
	return only_kid(ret);
}

static enum CXChildVisitResult call_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	*(int *)data = 1;
	return CXChildVisit_Break;
}

/* Does c call anything? */
static int calls_any(CXCursor c)
{
	int found = clang_getCursorKind(c) == CXCursor_CallExpr;

	if (!found)
		clang_visitChildren(c, call_cb, &found);
	return found;
}

/*
 * What the compiler would fold once it inlined the stubs a header gives
 * where an option is off (PageHighMem() without CONFIG_HIGHMEM,
 * dev_is_dma_coherent() on x86): a call of a static function whose
 * whole body is "return K;", K constant, whose arguments call nothing,
 * is K; "!x" of such an x; "x && y", "x || y" where what runs first
 * decides, or both fold.  Never a function of another unit's, nor a
 * weak one (another definition could win at link time), and never an
 * operand that may call something: a condition known is not walked.
 */
static int folded(CXCursor c, long long *v, int depth)
{
	CXCursor fn, e;
	struct params pa = { .tu = clang_Cursor_getTranslationUnit(c) };
	struct fe_kids k;
	long long l, r;
	char *op;
	int ok = 0;

	if (depth > 8)
		return 0;
	switch (clang_getCursorKind(c)) {
	case CXCursor_CallExpr:
		for (int i = 0; i < clang_Cursor_getNumArguments(c); i++)
			if (calls_any(clang_Cursor_getArgument(c, i)))
				return 0;
		e = helper_return(c, &fn);
		return !clang_Cursor_isNull(e) &&
		       clang_Cursor_getStorageClass(fn) == CX_SC_Static &&
		       constant_value(e, v, depth + 1);
	case CXCursor_UnaryOperator:
		e = sleep_not_operand(c);
		if (clang_Cursor_isNull(e) || !constant_value(e, &l, depth + 1))
			return 0;
		*v = !l;
		return 1;
	case CXCursor_BinaryOperator:
		/* The left operand first: the operator's tokens only then. */
		k = fe_kids(c);
		op = k.n == 2 && constant_value(k.v[0], &l, depth + 1) ?
		     params_binop(&pa, c, k.v[0]) : NULL;
		if (op && (!strcmp(op, "&&") || !strcmp(op, "||"))) {
			if (!l == (*op == '&')) {	/* decided: 0 &&, 1 || */
				*v = *op == '|';
				ok = 1;
			} else if (constant_value(k.v[1], &r, depth + 1)) {
				*v = r != 0;
				ok = 1;
			}
		}
		free(op);
		free(k.v);
		return ok;
	default:
		return 0;
	}
}

int sleep_constant(CXCursor cond)
{
	long long v;

	return sleep_value(cond, &v) ? v != 0 : -1;
}

/* The token written at l (for a macro's text, where the macro has it). */
char *params_token_at(CXTranslationUnit tu, CXSourceLocation l)
{
	CXFile f;
	unsigned off, n;
	CXSourceLocation at;
	CXToken *t;
	char *w = NULL;

	clang_getSpellingLocation(l, &f, NULL, NULL, &off);
	if (!f)
		return NULL;
	/* By offset: by line and column costs the column, on a long line. */
	at = clang_getLocationForOffset(tu, f, off);
	clang_tokenize(tu, clang_getRange(at, at), &t, &n);
	if (n) {
		CXString cs = clang_getTokenSpelling(tu, t[0]);

		w = xstrdup(clang_getCString(cs));
		clang_disposeString(cs);
	}
	clang_disposeTokens(tu, t, n);
	return w;
}

int sleep_param_gfp(CXCursor fn, int i)
{
	CXType t = clang_getCursorType(clang_Cursor_getArgument(fn, i));
	CXString ts = clang_getTypeSpelling(t);
	const char *w = clang_getCString(ts);
	int is = w && (!strcmp(w, "gfp_t") || !strcmp(w, "const gfp_t"));

	clang_disposeString(ts);
	return is;
}

CXCursor sleep_unary_operand(CXCursor e, const char *which)
{
	CXCursor in = clang_getNullCursor();
	char *op;
	int is;

	if (clang_getCursorKind(e) != CXCursor_UnaryOperator)
		return in;
	op = params_token_at(clang_Cursor_getTranslationUnit(e),
			     clang_getCursorLocation(e));
	is = op && !strcmp(op, which);
	free(op);
	if (is)
		clang_visitChildren(e, fe_take_first, &in);
	return in;
}

CXCursor sleep_not_operand(CXCursor e)
{
	return sleep_unary_operand(e, "!");
}

/*
 * The operator of binary expression c, whose left operand is lhs, as
 * the walked code writes it ("&", "=="): the token after the left
 * operand's.  NULL when c is not written where its operands are (a
 * macro's body tests them).
 */
char *params_binop(struct params *pa, CXCursor c, CXCursor lhs)
{
	CXSourceRange rc = fe_file_range(pa->tu, c);
	CXSourceRange rl = fe_file_range(pa->tu, lhs);
	CXToken *tc, *tl;
	unsigned nc, nl;
	char *op = NULL;

	if (!clang_equalLocations(clang_getRangeStart(rc),
				  clang_getRangeStart(rl)))
		return NULL;
	clang_tokenize(pa->tu, rc, &tc, &nc);
	clang_tokenize(pa->tu, rl, &tl, &nl);
	if (nl && nl < nc) {
		CXString cs = clang_getTokenSpelling(pa->tu, tc[nl]);

		op = xstrdup(clang_getCString(cs));
		clang_disposeString(cs);
	}
	clang_disposeTokens(pa->tu, tc, nc);
	clang_disposeTokens(pa->tu, tl, nl);
	/*
	 * A left operand a macro writes whole ("IS_ENABLED(X) && ..."):
	 * its range is the macro's name, and the token after it "(".
	 */
	if (op && (!strcmp(op, "(") || !strcmp(op, "["))) {
		free(op);
		op = sleep_binop_tokens(pa->tu, c);
	}
	return op;
}

/* Is argument a of a call the same value at every test: "&key", 3? */
static int fixed_argument(CXCursor a)
{
	CXCursor e = fe_strip(a), in = clang_getNullCursor(), ref;
	long long v;
	char *op;
	int amp;

	if (sleep_value(e, &v))
		return 1;
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator)
		return 0;
	op = params_token_at(clang_Cursor_getTranslationUnit(e),
			     clang_getCursorLocation(e));
	amp = op && !strcmp(op, "&");
	free(op);
	if (!amp)
		return 0;
	clang_visitChildren(e, fe_take_first, &in);
	in = fe_strip(in);
	if (clang_getCursorKind(in) != CXCursor_DeclRefExpr)
		return 0;
	/* The address of a variable with static storage. */
	ref = clang_getCursorReferenced(in);
	return clang_getCursorKind(ref) == CXCursor_VarDecl &&
	       clang_Cursor_hasVarDeclGlobalStorage(ref);
}

int sleep_stable_call(CXCursor c)
{
	CXCursor fn;
	char *name;
	int ok;

	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	fn = clang_getCursorReferenced(c);
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return 0;	/* through a pointer: any function */
	name = fe_spelling(fn);
	ok = *name && !prim_find(name) && !strstr(name, "lock");
	free(name);
	for (int i = 0; ok && i < clang_Cursor_getNumArguments(c); i++)
		ok = fixed_argument(clang_Cursor_getArgument(c, i));
	return ok;
}

/* c's type, canonical: "const volatile unsigned int". */
static CXType canon(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c));
}

/* The operand of unary operator u when u is "*p" (its type p's pointee). */
static CXCursor deref_operand(CXCursor u)
{
	CXCursor in = clang_getNullCursor();
	CXType t;

	if (clang_getCursorKind(u) != CXCursor_UnaryOperator)
		return clang_getNullCursor();
	clang_visitChildren(u, fe_take_first, &in);
	t = canon(in);
	if (clang_Cursor_isNull(in) || t.kind != CXType_Pointer ||
	    !clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(t)),
			      canon(u)))
		return clang_getNullCursor();
	return in;
}

/* The operand of unary operator u when u is "&x" (a pointer to x's type). */
CXCursor sleep_address_operand(CXCursor u)
{
	CXCursor in = clang_getNullCursor();
	CXType t = canon(u);

	if (clang_getCursorKind(u) != CXCursor_UnaryOperator ||
	    t.kind != CXType_Pointer)
		return clang_getNullCursor();
	clang_visitChildren(u, fe_take_first, &in);
	if (clang_Cursor_isNull(in) ||
	    !clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(t)),
			      canon(in)))
		return clang_getNullCursor();
	return in;
}

CXCursor sleep_once_operand(CXCursor c)
{
	CXCursor e = fe_strip(c), in;

	if (clang_getCursorKind(e) == CXCursor_StmtExpr) {
		/* READ_ONCE(x): "({ ...; __READ_ONCE(x); })", the last */
		CXCursor body = clang_getNullCursor();
		struct fe_kids k;

		clang_visitChildren(e, fe_take_first, &body);
		k = fe_kids(body);
		e = k.n ? fe_strip(k.v[k.n - 1]) : e;
		free(k.v);
	}
	in = deref_operand(e);
	if (clang_Cursor_isNull(in))
		return c;
	in = fe_strip(in);
	while (clang_getCursorKind(in) == CXCursor_CStyleCastExpr) {
		/* the operand is the last child: "typeof(x)" comes first */
		struct fe_kids k = fe_kids(in);

		if (!k.n) {
			free(k.v);
			return c;
		}
		in = fe_strip(k.v[k.n - 1]);
		free(k.v);
	}
	in = sleep_address_operand(in);
	return clang_Cursor_isNull(in) ? c : fe_strip(in);
}

/* The index of the token after the balanced group that opens at i. */
static unsigned skip_group(CXTranslationUnit tu, const CXToken *t, unsigned n,
			   unsigned i)
{
	int depth = 0;

	for (; i < n; i++) {
		CXString cs = clang_getTokenSpelling(tu, t[i]);
		const char *w = clang_getCString(cs);

		depth += !strcmp(w, "(") || !strcmp(w, "[");
		depth -= !strcmp(w, ")") || !strcmp(w, "]");
		clang_disposeString(cs);
		if (!depth)
			return i + 1;
	}
	return n;
}

int sleep_binary_op(const char *w)
{
	static const char *const binary[] = {
		"|", "&", "^", "+", "-", "*", "/", "%", "<<", ">>", "==",
		"!=", "<", ">", "<=", ">=", "&&", "||",
	};

	for (size_t k = 0; k < ARRAY_SIZE(binary); k++)
		if (!strcmp(w, binary[k]))
			return 1;
	return 0;
}

char *sleep_binop_tokens(CXTranslationUnit tu, CXCursor c)
{
	static const char *const unary[] = { "~", "!", "-", "*", "&" };
	CXToken *t;
	unsigned n, i = 0;
	char *op = NULL;
	CXString cs;

	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned a, b;

	/* Where the file has it: a macro argument's own text. */
	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &a);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &b);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || b <= a)
		return NULL;
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, f1, a),
					  clang_getLocationForOffset(tu, f2, b)),
		       &t, &n);
#define SP(k) (cs = clang_getTokenSpelling(tu, t[k]), clang_getCString(cs))
	for (; i < n; i++) {	/* prefix operators of the left operand */
		int u = 0;
		const char *w = SP(i);

		for (size_t k = 0; k < ARRAY_SIZE(unary); k++)
			u |= !strcmp(w, unary[k]);
		clang_disposeString(cs);
		if (!u)
			break;
	}
	if (i < n) {
		const char *w = SP(i);
		int open = !strcmp(w, "(");
		CXTokenKind tk = clang_getTokenKind(t[i]);

		clang_disposeString(cs);
		if (open)
			i = skip_group(tu, t, n, i);
		else if (tk == CXToken_Identifier || tk == CXToken_Literal)
			i++;
		else
			i = n;
	}
	while (i < n) {		/* "->m", ".m", "[k]", "(args)" */
		const char *w = SP(i);
		int member = !strcmp(w, "->") || !strcmp(w, "."),
		    group = !strcmp(w, "(") || !strcmp(w, "[");

		clang_disposeString(cs);
		if (member)
			i += 2;
		else if (group)
			i = skip_group(tu, t, n, i);
		else
			break;
	}
	if (i < n) {
		const char *w = SP(i);

		if (sleep_binary_op(w) || !strcmp(w, "="))
			op = xstrdup(w);
		clang_disposeString(cs);
	}
#undef SP
	clang_disposeTokens(tu, t, n);
	return op;
}

/* The tokens of c as written, with one space between: "mapping -> host". */
char *params_text(struct params *pa, CXCursor c)
{
	CXToken *t;
	unsigned n;
	struct sbuf sb = { 0 };

	clang_tokenize(pa->tu, fe_file_range(pa->tu, c), &t, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString cs = clang_getTokenSpelling(pa->tu, t[i]);

		sb_addf(&sb, "%s%s", i ? " " : "", clang_getCString(cs));
		clang_disposeString(cs);
	}
	clang_disposeTokens(pa->tu, t, n);
	return sb.buf ? sb_detach(&sb) : NULL;
}

/*
 * Is c a null pointer constant: written NULL, or "(void *)0" and the
 * like, which the evaluator does not give as an integer?
 */
int params_null(struct params *pa, CXCursor c)
{
	CXCursor e = fe_strip(c);
	char *text;
	int is;
	long long v;

	while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr) {
		CXCursor in = clang_getNullCursor();

		clang_visitChildren(e, fe_take_first, &in);
		e = fe_strip(in);
	}
	if (clang_getCursorKind(e) == CXCursor_IntegerLiteral)
		return sleep_value(e, &v) && !v;
	if (clang_getCursorType(c).kind != CXType_Pointer)
		return 0;
	text = params_text(pa, c);
	is = text && !strcmp(text, "NULL");
	free(text);
	return is;
}

struct names_of {
	CXCursor var;
	int hit;
};

static enum CXChildVisitResult names_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct names_of *n = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), n->var)) {
		n->hit = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does statement c name var? */
int sleep_names(CXCursor c, CXCursor var)
{
	struct names_of n = { var, 0 };

	clang_visitChildren(c, names_cb, &n);
	return n.hit;
}

/* Is c's extent inside o's? */
int sleep_inside(CXCursor c, CXCursor o)
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
int sleep_ends_in_return(CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct fe_kids kids;
	int r;

	if (k == CXCursor_ReturnStmt)
		return 1;
	if (k != CXCursor_CompoundStmt)
		return 0;
	kids = fe_kids(s);
	r = kids.n && sleep_ends_in_return(kids.v[kids.n - 1]);
	free(kids.v);
	return r;
}

/* The tokens after an lvalue that write it. */
static const char *const assign[] = {
	"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
	"++", "--",
};

int params_assigns(const char *w)
{
	for (size_t k = 0; k < ARRAY_SIZE(assign); k++)
		if (!strcmp(w, assign[k]))
			return 1;
	return 0;
}

struct fe_kids sleep_body(CXCursor fn, CXCursor *body)
{
	*body = clang_getNullCursor();
	clang_visitChildren(fn, fe_take_last, body);
	if (clang_getCursorKind(*body) != CXCursor_CompoundStmt)
		return (struct fe_kids){ 0 };
	return fe_kids(*body);
}
