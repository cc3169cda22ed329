/* macroindex.c - the expansions of the dispatch macros in a file. */
#include "clang/macroindex.h"
#include "clang/pptokens.h"

#include <stdlib.h>
#include <string.h>

struct ix_ctx {
	CXTranslationUnit tu;
	CXFile file;
	const struct table *t;
	struct fe_macro_index *ix;
};

/* Read the parameters of the macro definition def into f. */
static void read_form(CXTranslationUnit tu, CXCursor def,
		      struct fe_macro_form *f)
{
	CXToken *toks;
	unsigned n;

	f->named = -1;
	if (clang_Cursor_isNull(def) ||
	    clang_getCursorKind(def) != CXCursor_MacroDefinition ||
	    !clang_Cursor_isMacroFunctionLike(def))
		return;
	clang_tokenize(tu, clang_getCursorExtent(def), &toks, &n);
	f->named = 0;
	/* toks: NAME ( P1 , P2 , ... ) body */
	for (unsigned i = 2; i < n; i++) {
		CXString cs = clang_getTokenSpelling(tu, toks[i]);
		const char *s = clang_getCString(cs);
		int end = !strcmp(s, ")");

		if (!strcmp(s, "..."))
			f->variadic = 1;
		else if (clang_getTokenKind(toks[i]) == CXToken_Identifier &&
			 strcmp(s, "__VA_ARGS__"))
			f->named++;
		clang_disposeString(cs);
		if (end)
			break;
	}
	clang_disposeTokens(tu, toks, n);
}

static struct fe_macro_form *form_of(struct ix_ctx *cx, const char *name,
				     CXCursor use)
{
	struct fe_macro_index *ix = cx->ix;
	struct fe_macro_form *f;

	for (int i = 0; i < ix->nforms; i++)
		if (!strcmp(ix->forms[i].macro, name))
			return &ix->forms[i];
	ix->forms = xrealloc(ix->forms, (ix->nforms + 1) * sizeof(*ix->forms));
	f = &ix->forms[ix->nforms++];
	memset(f, 0, sizeof(*f));
	f->macro = xstrdup(name);
	read_form(cx->tu, clang_getCursorReferenced(use), f);
	return f;
}

static enum CXChildVisitResult index_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct ix_ctx *cx = data;
	struct fe_macro_index *ix = cx->ix;
	struct fe_macro_form *f;
	struct fe_macro_use *u;
	struct strv args = { 0 };
	CXString cs;
	CXFile file;
	unsigned line, off;
	int pos, from;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line,
				   NULL, &off);
	if (!file || !clang_File_isEqual(file, cx->file))
		return CXChildVisit_Continue;
	cs = clang_getCursorSpelling(c);
	pos = table_dispatch_pos(cx->t, clang_getCString(cs));
	if (!pos) {
		clang_disposeString(cs);
		return CXChildVisit_Continue;
	}
	f = form_of(cx, clang_getCString(cs), c);
	clang_disposeString(cs);
	pp_macro_args(cx->tu, c, &args);
	if (args.n < pos) {	/* not a call of it, or too few arguments */
		strv_clear(&args);
		return CXChildVisit_Continue;
	}
	f->uses++;
	ARRAY_GROW(ix->v, ix->cap, ix->n + 1, 64);
	u = &ix->v[ix->n++];
	memset(u, 0, sizeof(*u));
	u->off = off;
	u->line = line;
	u->macro = f->macro;
	u->hook = xstrdup(args.v[pos - 1]);
	/* call_int_hook(FUNC, IRC, ...): the call's arguments follow IRC. */
	from = f->named > pos ? f->named : pos;
	u->has_args = f->variadic && f->named >= pos;
	for (int i = from; u->has_args && i < args.n; i++)
		strv_push(&u->args, args.v[i]);
	strv_clear(&args);
	return CXChildVisit_Continue;
}

static int by_offset(const void *a, const void *b)
{
	const struct fe_macro_use *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

void fe_macro_index(CXTranslationUnit tu, CXFile file, const struct table *t,
		    struct fe_macro_index *ix)
{
	struct ix_ctx cx = { tu, file, t, ix };

	memset(ix, 0, sizeof(*ix));
	if (!t->dispatch_macro.n || !file)
		return;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), index_cb, &cx);
	qsort(ix->v, ix->n, sizeof(*ix->v), by_offset);
}

int fe_macro_first(const struct fe_macro_index *ix, unsigned off)
{
	int lo = 0, hi = ix->n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (ix->v[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void fe_extent_offsets(CXCursor c, unsigned *from, unsigned *to)
{
	CXSourceRange r = clang_getCursorExtent(c);

	clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL,
				   from);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, to);
}

void fe_macro_index_free(struct fe_macro_index *ix)
{
	for (int i = 0; i < ix->n; i++) {
		free(ix->v[i].hook);
		strv_clear(&ix->v[i].args);
	}
	free(ix->v);
	for (int i = 0; i < ix->nforms; i++)
		free(ix->forms[i].macro);
	free(ix->forms);
	memset(ix, 0, sizeof(*ix));
}
