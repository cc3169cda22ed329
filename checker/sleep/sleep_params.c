/*
 * sleep_params.c - what a function's conditions and calls say about its
 * parameters, for sleeps that depend on an argument.  A condition that
 * tests one parameter ("if (!nofail)", "likely(atomic)") is an
 * assumption on the paths it guards; an argument is a constant the
 * compiler folds, the caller's own parameter passed on, or unknown.
 * sleep_scan.c keeps the assumption in its state and records both with
 * each call; sleeplink.c decides with them (docs/facts-db.md: cond, args).
 */
#include "clang/frontend.h"
#include "checker/sleep/sleep.h"
#include "checker/walk.h"

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

int sleep_value(CXCursor c, long long *v)
{
	CXEvalResult r;
	int ok = 0;

	if (deeper_than(c, EVAL_DEPTH))
		return 0;
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*v = clang_EvalResult_isUnsignedInt(r) ?
		     (long long)clang_EvalResult_getAsUnsigned(r) :
		     clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

int sleep_constant(CXCursor cond)
{
	long long v;

	return sleep_value(cond, &v) ? v != 0 : -1;
}

void params_begin(struct params *pa, CXTranslationUnit tu, CXCursor fn)
{
	memset(pa, 0, sizeof(*pa));
	pa->tu = tu;
	pa->fn = fn;
	pa->n = clang_Cursor_getNumArguments(fn);
}

void params_end(struct params *pa)
{
	for (int k = 0; k < pa->npath; k++)
		free(pa->path[k]);
	pa->npath = 0;
	for (unsigned i = 0; i < pa->ntok; i++)
		clang_disposeString(pa->sp[i]);
	free(pa->sp);
	if (pa->tok)
		clang_disposeTokens(pa->tu, pa->tok, pa->ntok);
	pa->tok = NULL;
	pa->sp = NULL;
	pa->ntok = 0;
}

/* The function's tokens and their spellings, once. */
static void tokens(struct params *pa)
{
	if (pa->sp)
		return;
	clang_tokenize(pa->tu, clang_getCursorExtent(pa->fn), &pa->tok,
		       &pa->ntok);
	pa->sp = xcalloc(pa->ntok + 1, sizeof(*pa->sp));
	for (unsigned i = 0; i < pa->ntok; i++)
		pa->sp[i] = clang_getTokenSpelling(pa->tu, pa->tok[i]);
}

static const char *spelling(const struct params *pa, unsigned i)
{
	return i < pa->ntok ? clang_getCString(pa->sp[i]) : "";
}

/*
 * Is token i (an identifier) changed there: assigned, incremented, its
 * address taken?  Not a member of the same name (p->x, s.x).
 */
static int changed_at(const struct params *pa, unsigned i)
{
	static const char *const assign[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=",
		">>=", "++", "--",
	};
	const char *prev = i ? spelling(pa, i - 1) : "";
	const char *next = spelling(pa, i + 1);
	const char *before = i > 1 ? spelling(pa, i - 2) : "";
	int hit = 0;

	if (!strcmp(prev, ".") || !strcmp(prev, "->"))
		return 0;
	/* "*p = v" stores through p ("a * p = v" is no lvalue). */
	for (size_t k = 0; k < ARRAY_SIZE(assign); k++)
		hit |= !strcmp(next, assign[k]) &&
		       (strcmp(prev, "*") || !strcmp(next, "++") ||
			!strcmp(next, "--"));
	hit |= !strcmp(prev, "++") || !strcmp(prev, "--");
	/*
	 * &p, not a & p: the "&" follows an operator or a bracket; and not
	 * &p->lock, the address of what p points to.
	 */
	hit |= !strcmp(prev, "&") && strcmp(before, ")") &&
	       strcmp(before, "]") && !ident_char(*before) &&
	       strcmp(next, "->");
	return hit;
}

/* The token written at l (for a macro's text, where the macro has it). */
static char *token_at(CXTranslationUnit tu, CXSourceLocation l)
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

/* Parameters the body may change: assigned, ++/--, address taken. */
static unsigned long long written(struct params *pa)
{
	unsigned long long w = 0;
	struct strv names = { 0 };

	for (int i = 0; i < pa->n && i < 64; i++)
		strv_push_owned(&names, fe_spelling(
			clang_Cursor_getArgument(pa->fn, i)));
	tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++) {
		int p;

		if (clang_getTokenKind(pa->tok[i]) != CXToken_Identifier)
			continue;
		p = strv_find(&names, spelling(pa, i));
		if (p >= 0 && changed_at(pa, i))
			w |= 1ULL << p;
	}
	strv_clear(&names);
	return w;
}

/* Where l is in its file, as an offset. */
static unsigned file_offset(CXSourceLocation l)
{
	unsigned off = 0;

	clang_getFileLocation(l, NULL, NULL, NULL, &off);
	return off;
}

/*
 * Is ref a local set once and never changed after: where it is declared
 * ("bool x = ...;"), or by one assignment before the test at c
 * ("need_tasklist = !same_thread_group(...);" then "if (need_tasklist)
 * read_lock(...);")?  Counted by name over the body: a second local of
 * the same name makes it "changed", which only costs precision.
 */
int params_set_once(struct params *pa, CXCursor ref, CXCursor c)
{
	char *name = fe_spelling(ref);
	int changes = 0;
	unsigned at = 0;

	tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++)
		if (clang_getTokenKind(pa->tok[i]) == CXToken_Identifier &&
		    !strcmp(spelling(pa, i), name) && changed_at(pa, i)) {
			changes++;
			at = file_offset(clang_getTokenLocation(pa->tu,
								 pa->tok[i]));
		}
	free(name);
	if (changes != 1 || clang_Cursor_hasVarDeclGlobalStorage(ref))
		return 0;
	/* The one change is the declaration's "= value", or before c. */
	return !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(ref)) ||
	       at < file_offset(clang_getCursorLocation(c));
}

/* The atom of a local set once (see set_once), or 0. */
static int local_atom(struct params *pa, CXCursor c)
{
	CXCursor ref;

	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl)
		return 0;
	for (int k = 0; k < pa->nlocal; k++)
		if (clang_equalCursors(pa->local[k], ref))
			return PARAMS_LOCAL + k + 1;
	if (pa->nlocal == (int)ARRAY_SIZE(pa->local) ||
	    !params_set_once(pa, ref, c))
		return 0;
	pa->local[pa->nlocal++] = ref;
	return PARAMS_LOCAL + pa->nlocal;
}

/* The tokens of c as written, with one space between: "mapping -> host". */
static char *written_text(struct params *pa, CXCursor c)
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

int params_index(struct params *pa, CXCursor c);

/*
 * The atom of an access path from a parameter or local that does not
 * change (see set_once), "mapping->host", or 0: a test of it repeated
 * reads the same value, as code that locks and unlocks under the same
 * test relies on.
 */
static int path_atom(struct params *pa, CXCursor c)
{
	CXCursor e = fe_strip(c), ref;
	char *text;
	int depth = 0;

	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return 0;
	while (clang_getCursorKind(e) == CXCursor_MemberRefExpr &&
	       depth++ < 8) {
		CXCursor base = clang_getNullCursor();

		clang_visitChildren(e, fe_take_first, &base);
		if (clang_Cursor_isNull(base))
			return 0;
		e = fe_strip(base);
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) == CXCursor_ParmDecl) {
		if (params_index(pa, e) < 0)
			return 0;
	} else if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
		   !params_set_once(pa, ref, c)) {
		return 0;
	}
	text = written_text(pa, c);
	if (!text)
		return 0;
	for (int k = 0; k < pa->npath; k++)
		if (!strcmp(pa->path[k], text)) {
			free(text);
			return PARAMS_PATH + k + 1;
		}
	if (pa->npath == (int)ARRAY_SIZE(pa->path)) {
		free(text);
		return 0;
	}
	pa->path[pa->npath++] = text;
	return PARAMS_PATH + pa->npath;
}

int params_index(struct params *pa, CXCursor c)
{
	CXCursor ref;

	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return -1;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return -1;
	if (!pa->written_known) {
		pa->written = written(pa);
		pa->written_known = 1;
	}
	for (int i = 0; i < pa->n && i < 64; i++)
		if (clang_equalCursors(ref,
				       clang_Cursor_getArgument(pa->fn, i)))
			return pa->written & (1ULL << i) ? -1 : i;
	return -1;
}

int params_named(struct params *pa, const char *name)
{
	for (int i = 0; i < pa->n && i < 64; i++) {
		char *n = fe_spelling(clang_Cursor_getArgument(pa->fn, i));
		int same = *n && !strcmp(n, name);

		free(n);
		if (!same)
			continue;
		if (!pa->written_known) {
			pa->written = written(pa);
			pa->written_known = 1;
		}
		return pa->written & (1ULL << i) ? -1 : i;
	}
	return -1;
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
	return op;
}

int params_pred(struct params *pa, int i, char op, long long v)
{
	for (int k = 0; k < pa->npred; k++)
		if (pa->pred[k].param == i && pa->pred[k].op == op &&
		    pa->pred[k].val == v)
			return PARAMS_PRED + k + 1;
	if (pa->npred == (int)ARRAY_SIZE(pa->pred))
		return 0;
	pa->pred[pa->npred].param = i;
	pa->pred[pa->npred].op = op;
	pa->pred[pa->npred].val = v;
	return PARAMS_PRED + ++pa->npred;
}

/* "flags & M", "M & flags": the mask M's test of a parameter, or 0. */
static int value_test(struct params *pa, CXCursor l, CXCursor r, char op)
{
	long long v;
	int i = params_index(pa, l);

	if (i < 0) {
		CXCursor x = l;

		l = r;
		r = x;
		i = params_index(pa, l);
	}
	if (i < 0 || !sleep_value(r, &v))
		return 0;
	if (op == PRED_MASK && !v)
		return 0;
	return params_pred(pa, i, op, v);
}

static int common_atom(int a, int b)
{
	return a == b ? a : 0;
}

#define COND_DEPTH 32

static void cond_of(struct params *pa, CXCursor c, int *t, int *f,
		    int depth)
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
		CXCursor in = clang_getNullCursor();
		char *op = token_at(pa->tu, clang_getCursorLocation(c));
		int bang = op && !strcmp(op, "!");

		free(op);
		if (!bang)
			return;
		clang_visitChildren(c, fe_take_first, &in);
		cond_of(pa, in, f, t, depth + 1);
		return;
	}
	if (k == CXCursor_CallExpr) {
		/* likely(x), unlikely(x): __builtin_expect(!!(x), v) */
		char *name = fe_spelling(c);
		int expect = !strcmp(name, "__builtin_expect");

		free(name);
		if (expect && clang_Cursor_getNumArguments(c) >= 1)
			cond_of(pa, clang_Cursor_getArgument(c, 0), t, f,
				depth + 1);
		return;
	}
	if (k == CXCursor_BinaryOperator) {
		struct fe_kids kids = fe_kids(c);
		char *op = kids.n == 2 ? params_binop(pa, c, kids.v[0]) : NULL;
		int eq = op && !strcmp(op, "=="), ne = op && !strcmp(op, "!=");

		if (!op) {
			;
		} else if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			cond_of(pa, kids.v[0], &lt, &lf, depth + 1);
			cond_of(pa, kids.v[1], &rt, &rf, depth + 1);
			if (*op == '&') {
				*t = lt ? lt : rt;
				*f = common_atom(lf, rf);
			} else {
				*t = common_atom(lt, rt);
				*f = lf ? lf : rf;
			}
		} else if (!strcmp(op, "&")) {
			*t = value_test(pa, kids.v[0], kids.v[1], PRED_MASK);
			*f = -*t;
		} else if ((eq || ne) && ((sleep_value(kids.v[1], &v) &&
					   !v) ||
					  params_null(pa, kids.v[1]))) {
			/* "(flags & M) == 0", "p != 0": its operand's test */
			if (eq)
				cond_of(pa, kids.v[0], f, t, depth + 1);
			else
				cond_of(pa, kids.v[0], t, f, depth + 1);
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
	else if (!(i = local_atom(pa, c)) && !(i = path_atom(pa, c)))
		return;
	*t = i;
	*f = -i;
}

void params_cond(struct params *pa, CXCursor c, int *t, int *f)
{
	cond_of(pa, c, t, f, 0);
}

char *params_cond_text(const struct params *pa, int cond)
{
	const char *ctx = cond_ctx_name(cond);
	int a = cond > 0 ? cond : -cond;
	const char *neg = cond < 0 ? "!" : "";

	if (!cond)
		return NULL;
	if (ctx)	/* "!irqs_disabled", without the brackets */
		return xasprintf("%s%.*s", neg, (int)strlen(ctx) - 2, ctx);
	if (a > PARAMS_PRED && a <= PARAMS_PRED + pa->npred) {
		const struct pred *p = &pa->pred[a - PARAMS_PRED - 1];

		return xasprintf("%sp%d%c%lld", neg, p->param, p->op, p->val);
	}
	if (a > PARAMS_LOCAL)
		return NULL;	/* a local's: the function's own */
	return xasprintf("%sp%d", neg, a - 1);
}

/*
 * Is parameter i of the function call calls a gfp_t?  Of a function it
 * names, or of the function type it calls through ("convert->func(...,
 * GFP_ATOMIC)").
 */
static int gfp_typed(CXCursor call, int i)
{
	CXCursor fn = clang_getCursorReferenced(call);
	CXType t;
	CXString ts;
	int is;

	if (clang_getCursorKind(fn) == CXCursor_FunctionDecl) {
		if (i >= clang_Cursor_getNumArguments(fn))
			return 0;
		t = clang_getCursorType(clang_Cursor_getArgument(fn, i));
	} else {
		CXCursor callee = clang_getNullCursor();

		clang_visitChildren(call, fe_take_first, &callee);
		t = clang_getCursorType(callee);
		if (t.kind == CXType_Pointer)
			t = clang_getPointeeType(t);
		if (t.kind != CXType_FunctionProto ||
		    i >= clang_getNumArgTypes(t))
			return 0;
		t = clang_getArgType(t, i);
	}
	ts = clang_getTypeSpelling(t);
	is = !strcmp(clang_getCString(ts), "gfp_t");
	clang_disposeString(ts);
	return is;
}

/*
 * A GFP argument, as a condition: 1 when its flags can block
 * (GFP_KERNEL), 0 when they cannot (GFP_ATOMIC), -1 unknown: an
 * allocator's caller that passes its own gfp_t on sleeps when its
 * caller's flags do (docs/facts-db.md, args).
 */
static int gfp_arg(struct params *pa, CXCursor a)
{
	char *text = written_text(pa, a);
	int r = text ? gfp_blocks(text) : -1;

	free(text);
	return r;
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
	text = written_text(pa, c);
	is = text && !strcmp(text, "NULL");
	free(text);
	return is;
}

/*
 * Is c "&x", "&p->m" or "&a[i]": the address of an object, which is
 * never NULL (locks_delete_lock_ctx(fl, &dispose) puts the lock on the
 * list it is given instead of freeing it)?
 */
static int address_of(struct params *pa, CXCursor c)
{
	CXCursor in = clang_getNullCursor();
	char *op;
	int amp;
	enum CXCursorKind k;

	if (clang_getCursorKind(c) != CXCursor_UnaryOperator)
		return 0;
	op = token_at(pa->tu, clang_getCursorLocation(c));
	amp = op && !strcmp(op, "&");
	free(op);
	if (!amp)
		return 0;
	clang_visitChildren(c, fe_take_first, &in);
	k = clang_getCursorKind(fe_strip(in));
	return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	       k == CXCursor_ArraySubscriptExpr;
}

static char *arg_value(struct params *pa, CXCursor a, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(a);
	long long v;

	/* A string, or the address of an object: never NULL. */
	if (k == CXCursor_StringLiteral || address_of(pa, a))
		return xstrdup("nz");
	/* Only what may fold: not every call's every argument. */
	if (k != CXCursor_IntegerLiteral && k != CXCursor_CharacterLiteral &&
	    k != CXCursor_DeclRefExpr && k != CXCursor_UnaryOperator &&
	    k != CXCursor_BinaryOperator && k != CXCursor_CStyleCastExpr &&
	    k != CXCursor_CXXBoolLiteralExpr)
		return NULL;
	if (sleep_value(a, &v))
		return xasprintf("%lld", v);
	if (params_null(pa, a))
		return xstrdup("0");
	if (k == CXCursor_BinaryOperator && depth < COND_DEPTH) {
		struct fe_kids kids = fe_kids(a);
		char *op = kids.n == 2 ? params_binop(pa, a, kids.v[0]) : NULL;
		char *r = NULL;

		if (op && !strcmp(op, "|")) {
			for (int i = 0; i < 2 && !r; i++) {
				CXCursor x = fe_strip(kids.v[i]);

				if (sleep_value(x, &v) && v)
					r = xasprintf("m%lld", v);
			}
		}
		free(op);
		free(kids.v);
		return r;
	}
	return NULL;
}

/*
 * Argument i of an args column (docs/facts-db.md) is v (NULL: "?",
 * unknown); v is freed.  *known: the column's length up to its last
 * known argument.
 */
static void args_put(struct sbuf *sb, size_t *known, int i, char *v)
{
	sb_addf(sb, "%s%s", i ? "," : "", v ? v : "?");
	if (v)
		*known = sb->len;
	free(v);
}

/* The column, its trailing "?" left off; NULL when none is known. */
static char *args_end(struct sbuf *sb, size_t known)
{
	if (!known) {
		sb_free(sb);
		return NULL;
	}
	sb->buf[known] = '\0';
	sb->len = known;
	return sb_detach(sb);
}

char *params_args(struct params *pa, CXCursor call)
{
	int n = clang_Cursor_getNumArguments(call);
	size_t known = 0;
	struct sbuf sb = { 0 };

	for (int i = 0; i < n; i++) {
		CXCursor a = fe_strip(clang_Cursor_getArgument(call, i));
		int p = params_index(pa, a), c;
		char *v = NULL;

		if (p >= 0) {
			v = xasprintf("p%d", p);
		} else if (gfp_typed(call, i)) {
			/*
			 * Flags, by what they allow, and by value where it
			 * folds ("flags == GFP_KERNEL"): "gb3264", "gn2080".
			 */
			long long x;
			int known = sleep_value(a, &x);

			c = gfp_arg(pa, a);
			if (c >= 0 && known)
				v = xasprintf("g%c%lld", c ? 'b' : 'n', x);
			else if (c >= 0)
				v = xasprintf("g%c", c ? 'b' : 'n');
			else if (known)
				v = xasprintf("%lld", x);
		} else {
			v = arg_value(pa, a, 0);
		}
		args_put(&sb, &known, i, v);
	}
	return args_end(&sb, known);
}

char *params_macro_args(struct params *pa, const struct strv *args)
{
	struct sbuf sb = { 0 };
	size_t known = 0;

	for (int i = 0; i < args->n; i++) {
		const char *a = args->v[i];
		int p = params_named(pa, a);
		char *v;

		if (p >= 0)
			v = xasprintf("p%d", p);
		else if (!strcmp(a, "0") || !strcmp(a, "false"))
			v = xstrdup("0");
		else if (!strcmp(a, "1") || !strcmp(a, "true"))
			v = xstrdup("1");
		else
			v = NULL;
		args_put(&sb, &known, i, v);
	}
	return args_end(&sb, known);
}
