/*
 * sleep_macrobody.c - the operator of an expression a macro's body
 * writes.  libclang 14 spells no token of a macro's body: the operator
 * of "({ ...; (FIELD_PREP(M, len_) | INTEL_GUC_CT_SEND_NB); })", which
 * i915's MAKE_SEND_FLAGS(len) expands to, has no location in the
 * function's text, so params_binop() cannot read it.  The macro's
 * definition is tokens like any other: its body's top expression (the
 * last statement of a statement expression) is read there.
 */
#include "clang/frontend.h"
#include "clang/macroindex.h"
#include "checker/sleep/sleep.h"

#include <stdlib.h>
#include <string.h>

/* A macro definition's tokens: spellings, and which are operands. */
struct toks {
	char *const *w;
	const unsigned char *opnd;	/* an identifier or a literal */
	unsigned n;
};

static int is(const struct toks *k, unsigned i, const char *s)
{
	return i < k->n && !strcmp(k->w[i], s);
}

/* +1 for "(", "[", "{"; -1 for their closers; 0 else. */
static int nesting(const struct toks *k, unsigned i)
{
	if (is(k, i, "(") || is(k, i, "[") || is(k, i, "{"))
		return 1;
	if (is(k, i, ")") || is(k, i, "]") || is(k, i, "}"))
		return -1;
	return 0;
}

/* The index of the closer of the group token i opens, or k->n. */
static unsigned closer(const struct toks *k, unsigned i)
{
	int depth = 0;

	for (; i < k->n; i++) {
		depth += nesting(k, i);
		if (!depth)
			return i;
	}
	return k->n;
}

/* Does token i end an operand ("x", "3", ")", "]")? */
static int operand_end(const struct toks *k, unsigned i)
{
	return k->opnd[i] || is(k, i, ")") || is(k, i, "]");
}

/*
 * The one binary operator at the top level of tokens [a, b), outer
 * brackets taken off; NULL when there are none, two kinds, or an
 * assignment, a "?:" or a comma there.
 */
static char *top_operator(const struct toks *k, unsigned a, unsigned b)
{
	char *op = NULL;

	while (b > a + 1 && is(k, a, "(") && closer(k, a) == b - 1) {
		a++;
		b--;
	}
	for (unsigned i = a; i < b; i++) {
		const char *w = k->w[i];
		int bad;

		if (nesting(k, i) > 0) {
			i = closer(k, i);
			if (i >= b)
				break;
			continue;
		}
		bad = params_assigns(w) || !strcmp(w, "?") || !strcmp(w, ",");
		/* "-x", "*p", "&v" after an operator or first: unary */
		if (!bad && sleep_binary_op(w) && i > a &&
		    operand_end(k, i - 1)) {
			bad = op && strcmp(op, w);
			if (!op)
				op = xstrdup(w);
		}
		if (bad) {
			free(op);
			return NULL;
		}
	}
	return op;
}

/*
 * The tokens [*a, *b) of the expression body tokens [a, b) end in: the
 * last statement of "({ ...; E; })", else the body itself.
 */
static void body_expression(const struct toks *k, unsigned *a, unsigned *b)
{
	unsigned from, end;
	int depth = 0;

	if (!(*b - *a >= 5 && is(k, *a, "(") && is(k, *a + 1, "{") &&
	      closer(k, *a) == *b - 1 && is(k, *b - 2, "}") &&
	      is(k, *b - 3, ";")))
		return;
	end = *b - 3;
	/* back to the ";" or "{" before it at the same depth */
	for (from = end; from > *a + 2; from--) {
		if (!depth && (is(k, from - 1, ";") || is(k, from - 1, "}")))
			break;
		depth -= nesting(k, from - 1);
		if (depth < 0)
			return;		/* a "(" left open: odd */
	}
	*a = from;
	*b = end;
}

char *macro_body_op(char *const *w, const unsigned char *opnd, unsigned n,
		    int fnlike)
{
	struct toks k = { w, opnd, n };
	unsigned i = 1, b = n;

	if (n < 2)
		return NULL;
	/* "M(len) body" */
	if (fnlike && is(&k, 1, "("))
		i = closer(&k, 1) + 1;
	if (i >= n)
		return NULL;
	body_expression(&k, &i, &b);
	return top_operator(&k, i, b);
}

/*
 * Token t's spelling, its line splices taken out: in a macro's
 * definition a token on the line after a backslash is spelled with it
 * ("\\\n}").
 */
static char *spelling(CXTranslationUnit tu, CXToken t)
{
	CXString cs = clang_getTokenSpelling(tu, t);
	const char *w = clang_getCString(cs);
	char *r = xmalloc(strlen(w) + 1), *o = r;

	for (; *w; w++) {
		size_t nl = w[1] == '\n' ? 1 :
			    w[1] == '\r' && w[2] == '\n' ? 2 : 0;

		if (*w == '\\' && nl)
			w += nl;
		else
			*o++ = *w;
	}
	*o = '\0';
	clang_disposeString(cs);
	return r;
}

char *sleep_macro_top_op(CXTranslationUnit tu, CXCursor a)
{
	CXCursor m = clang_getCursor(tu, clang_getCursorLocation(a)), def;
	unsigned af, at, mf, mt, n = 0, end0, at1;
	CXToken *t = NULL;
	char **w;
	unsigned char *opnd;
	char *op = NULL;

	if (clang_getCursorKind(m) != CXCursor_MacroExpansion)
		return NULL;
	/* the argument is the whole invocation, not "M(x) | y" */
	fe_extent_offsets(a, &af, &at);
	fe_extent_offsets(m, &mf, &mt);
	if (af != mf || at != mt)
		return NULL;
	def = clang_getCursorReferenced(m);
	if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
		return NULL;
	clang_tokenize(tu, clang_getCursorExtent(def), &t, &n);
	if (n >= 2) {
		w = xmalloc(n * sizeof(*w));
		opnd = xmalloc(n);
		for (unsigned i = 0; i < n; i++) {
			CXTokenKind kind = clang_getTokenKind(t[i]);

			w[i] = spelling(tu, t[i]);
			opnd[i] = kind == CXToken_Identifier ||
				  kind == CXToken_Literal;
		}
		/* a parameter list follows the name at once */
		clang_getFileLocation(clang_getRangeEnd(clang_getTokenExtent(
				tu, t[0])), NULL, NULL, NULL, &end0);
		clang_getFileLocation(clang_getTokenLocation(tu, t[1]), NULL,
				      NULL, NULL, &at1);
		op = macro_body_op(w, opnd, n, at1 == end0);
		for (unsigned i = 0; i < n; i++)
			free(w[i]);
		free(w);
		free(opnd);
	}
	clang_disposeTokens(tu, t, n);
	return op;
}
