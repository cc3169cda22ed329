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

int sleep_constant(CXCursor cond)
{
	CXEvalResult r;
	int v = -1;

	if (deeper_than(cond, EVAL_DEPTH))
		return -1;
	r = clang_Cursor_Evaluate(cond);
	if (!r)
		return -1;
	if (clang_EvalResult_getKind(r) == CXEval_Int)
		v = clang_EvalResult_getAsLongLong(r) != 0;
	clang_EvalResult_dispose(r);
	return v;
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
	for (size_t k = 0; k < ARRAY_SIZE(assign); k++)
		hit |= !strcmp(next, assign[k]);
	hit |= !strcmp(prev, "++") || !strcmp(prev, "--");
	/* &p, not a & p: the "&" follows an operator or a bracket. */
	hit |= !strcmp(prev, "&") && strcmp(before, ")") &&
	       strcmp(before, "]") && !ident_char(*before);
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

/*
 * Is ref a local set once, where it is declared ("bool x = ...;"), and
 * never changed after?  Counted by name over the body: a second local
 * of the same name makes it "changed", which only costs precision.
 */
static int set_once(struct params *pa, CXCursor ref)
{
	char *name = fe_spelling(ref);
	int changes = 0;

	tokens(pa);
	for (unsigned i = 0; i < pa->ntok; i++)
		if (clang_getTokenKind(pa->tok[i]) == CXToken_Identifier &&
		    !strcmp(spelling(pa, i), name) && changed_at(pa, i))
			changes++;
	free(name);
	/* The one change is the declaration's "= value". */
	return changes == 1 && clang_Cursor_hasVarDeclGlobalStorage(ref) == 0 &&
	       !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(ref));
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
	if (pa->nlocal == (int)ARRAY_SIZE(pa->local) || !set_once(pa, ref))
		return 0;
	pa->local[pa->nlocal++] = ref;
	return PARAMS_LOCAL + pa->nlocal;
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

int params_test(struct params *pa, CXCursor c)
{
	int neg = 0;

	for (;;) {
		enum CXCursorKind k;
		CXCursor in = clang_getNullCursor();
		int i;

		c = fe_strip(c);
		k = clang_getCursorKind(c);
		if (k == CXCursor_UnaryOperator) {
			char *op = token_at(pa->tu, clang_getCursorLocation(c));
			int bang = op && !strcmp(op, "!");

			free(op);
			if (!bang)
				return 0;
			neg = !neg;
			clang_visitChildren(c, fe_take_first, &in);
			c = in;
			continue;
		}
		if (k == CXCursor_CallExpr) {
			/* likely(x), unlikely(x): __builtin_expect(!!(x), v) */
			char *name = fe_spelling(c);
			int expect = !strcmp(name, "__builtin_expect");

			free(name);
			if (!expect || clang_Cursor_getNumArguments(c) < 1)
				return 0;
			c = clang_Cursor_getArgument(c, 0);
			continue;
		}
		i = params_index(pa, c);
		if (i >= 0)
			i = i + 1;
		else if (!(i = local_atom(pa, c)))
			return 0;
		return neg ? -i : i;
	}
}

char *params_cond_text(int cond)
{
	const char *ctx = cond_ctx_name(cond);

	if (!cond)
		return NULL;
	if (ctx)	/* "!irqs_disabled", without the brackets */
		return xasprintf("%s%.*s", cond < 0 ? "!" : "",
				 (int)strlen(ctx) - 2, ctx);
	return cond > 0 ? xasprintf("p%d", cond - 1) :
			  xasprintf("!p%d", -cond - 1);
}

/* Is parameter i of the function call calls a gfp_t? */
static int gfp_typed(CXCursor call, int i)
{
	CXCursor fn = clang_getCursorReferenced(call);
	CXString ts;
	int is;

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
	    i >= clang_Cursor_getNumArguments(fn))
		return 0;
	ts = clang_getTypeSpelling(clang_getCursorType(
		clang_Cursor_getArgument(fn, i)));
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
	CXToken *t;
	unsigned n;
	struct sbuf sb = { 0 };
	int r;

	clang_tokenize(pa->tu, fe_file_range(pa->tu, a), &t, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString cs = clang_getTokenSpelling(pa->tu, t[i]);

		sb_addf(&sb, "%s ", clang_getCString(cs));
		clang_disposeString(cs);
	}
	clang_disposeTokens(pa->tu, t, n);
	r = sb.buf ? gfp_blocks(sb.buf) : -1;
	sb_free(&sb);
	return r;
}

char *params_args(struct params *pa, CXCursor call)
{
	int n = clang_Cursor_getNumArguments(call);
	size_t known = 0;
	struct sbuf sb = { 0 };

	for (int i = 0; i < n; i++) {
		CXCursor a = fe_strip(clang_Cursor_getArgument(call, i));
		enum CXCursorKind k = clang_getCursorKind(a);
		int p = params_index(pa, a), c = -1;
		char *v;

		/* Flags, by what they allow; not by being non-zero. */
		if (p < 0 && gfp_typed(call, i))
			c = gfp_arg(pa, a);
		/* Only what may fold: not every call's every argument. */
		else if (p < 0 && (k == CXCursor_IntegerLiteral ||
			      k == CXCursor_CharacterLiteral ||
			      k == CXCursor_DeclRefExpr ||
			      k == CXCursor_UnaryOperator ||
			      k == CXCursor_BinaryOperator ||
			      k == CXCursor_CStyleCastExpr))
			c = sleep_constant(a);
		if (p >= 0)
			v = xasprintf("p%d", p);
		else
			v = xstrdup(c < 0 ? "?" : c ? "1" : "0");
		sb_addf(&sb, "%s%s", i ? "," : "", v);
		if (strcmp(v, "?"))
			known = sb.len;
		free(v);
	}
	if (!known) {
		sb_free(&sb);
		return NULL;
	}
	sb.buf[known] = '\0';
	sb.len = known;
	return sb_detach(&sb);
}
