/*
 * sleep_params.c - what a function's conditions and calls say about its
 * parameters, for sleeps that depend on an argument.  A condition that
 * tests one parameter ("if (!nofail)", "likely(atomic)") is an
 * assumption on the paths it guards; an argument is a constant the
 * compiler folds, the caller's own parameter passed on, or unknown.
 * sleep_scan.c keeps the assumption in its state and records both with
 * each call; sleeplink.c decides with them (docs/facts-db.md: cond, args).
 */
#include "frontend.h"
#include "sleep.h"

#include <ctype.h>
#include <string.h>

int sleep_constant(CXCursor cond)
{
	CXEvalResult r = clang_Cursor_Evaluate(cond);
	int v = -1;

	if (!r)
		return -1;
	if (clang_EvalResult_getKind(r) == CXEval_Int)
		v = clang_EvalResult_getAsLongLong(r) != 0;
	clang_EvalResult_dispose(r);
	return v;
}

void params_begin(struct params *pa, CXTranslationUnit tu, CXCursor fn)
{
	pa->tu = tu;
	pa->fn = fn;
	pa->n = clang_Cursor_getNumArguments(fn);
	pa->written = 0;
	pa->written_known = 0;
}

/* The token written at l (for a macro's text, where the macro has it). */
static char *token_at(CXTranslationUnit tu, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col, n;
	CXSourceLocation at;
	CXToken *t;
	char *w = NULL;

	clang_getSpellingLocation(l, &f, &line, &col, NULL);
	if (!f)
		return NULL;
	at = clang_getLocation(tu, f, line, col);
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
	static const char *const assign[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=",
		">>=", "++", "--",
	};
	unsigned long long w = 0;
	struct strv names = { 0 };
	CXToken *t;
	unsigned nt;
	CXString *sp;

	for (int i = 0; i < pa->n && i < 64; i++)
		strv_push_owned(&names, fe_spelling(
			clang_Cursor_getArgument(pa->fn, i)));
	clang_tokenize(pa->tu, clang_getCursorExtent(pa->fn), &t, &nt);
	sp = xcalloc(nt + 1, sizeof(*sp));
	for (unsigned i = 0; i < nt; i++)
		sp[i] = clang_getTokenSpelling(pa->tu, t[i]);
	for (unsigned i = 0; i < nt; i++) {
		const char *prev = i ? clang_getCString(sp[i - 1]) : "";
		const char *next = i + 1 < nt ? clang_getCString(sp[i + 1]) :
				   "";
		const char *before = i > 1 ? clang_getCString(sp[i - 2]) : "";
		int p, hit = 0;

		if (clang_getTokenKind(t[i]) != CXToken_Identifier)
			continue;
		p = strv_find(&names, clang_getCString(sp[i]));
		if (p < 0 || !strcmp(prev, ".") || !strcmp(prev, "->"))
			continue;
		for (size_t k = 0; k < ARRAY_SIZE(assign); k++)
			hit |= !strcmp(next, assign[k]);
		hit |= !strcmp(prev, "++") || !strcmp(prev, "--");
		/* &p, not a & p: the "&" follows an operator or a bracket. */
		hit |= !strcmp(prev, "&") && strcmp(before, ")") &&
		       strcmp(before, "]") && (!*before ||
		       !(isalnum((unsigned char)*before) || *before == '_'));
		if (hit)
			w |= 1ULL << p;
	}
	for (unsigned i = 0; i < nt; i++)
		clang_disposeString(sp[i]);
	free(sp);
	clang_disposeTokens(pa->tu, t, nt);
	strv_clear(&names);
	return w;
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
		if (i < 0)
			return 0;
		return neg ? -(i + 1) : i + 1;
	}
}

char *params_cond_text(int cond)
{
	if (!cond)
		return NULL;
	return cond > 0 ? xasprintf("p%d", cond - 1) :
			  xasprintf("!p%d", -cond - 1);
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

		/* Only what may fold: not every call's every argument. */
		if (p < 0 && (k == CXCursor_IntegerLiteral ||
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
