/*
 * walk.c - the checker's engine.  One unit at a time: classify the files
 * it reads (report on them or not) and note the macro expansions in
 * those files (where.c), then walk the declarations of those files with
 * a stack of ancestors so that each reference to the table pointer can
 * be told apart: a call through a member, a member read, or the pointer
 * itself; references to the table's internals (symbols only its home
 * may use) are handed on the same way.
 */
#include "checker/walk_int.h"
#include "clang/frontend.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int is_wrapping(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr;
}

static int first_child_is(CXCursor parent, CXCursor child)
{
	CXCursor first = clang_getNullCursor();

	clang_visitChildren(parent, fe_take_first, &first);
	return !clang_Cursor_isNull(first) && clang_equalCursors(first, child);
}

/* The first token of tu at or after offset off inside range r. */
static char *token_after(CXTranslationUnit tu, CXSourceRange r, unsigned off)
{
	CXToken *toks;
	unsigned n;
	char *s = NULL;

	clang_tokenize(tu, r, &toks, &n);
	for (unsigned i = 0; i < n && !s; i++) {
		unsigned o;

		clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]),
					  NULL, NULL, NULL, &o);
		if (o >= off && clang_getTokenKind(toks[i]) ==
				CXToken_Punctuation) {
			CXString cs = clang_getTokenSpelling(tu, toks[i]);

			s = xstrdup(clang_getCString(cs));
			clang_disposeString(cs);
		}
	}
	clang_disposeTokens(tu, toks, n);
	return s;
}

/* What the code does with the pointer, from its parent expression. */
static const char *pointer_context(struct walk *w, int up, CXCursor child)
{
	CXCursor p = w->stack[up];
	enum CXCursorKind k = clang_getCursorKind(p);
	unsigned end;
	char *op;
	const char *what = "used";
	int lhs;

	switch (k) {
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		lhs = first_child_is(p, child);
		clang_getSpellingLocation(clang_getRangeEnd(
			clang_getCursorExtent(child)), NULL, NULL, NULL, &end);
		op = lhs ? token_after(w->cx->tu, clang_getCursorExtent(p), end)
			 : NULL;
		if (!lhs)
			what = "copied or compared";
		else if (!op)
			what = "used";
		else if (!strcmp(op, "=") ||
			 k == CXCursor_CompoundAssignOperator)
			what = "assigned";
		else if (!strcmp(op, "==") || !strcmp(op, "!="))
			what = "compared";
		free(op);
		if (!lhs) {
			CXCursor first = clang_getNullCursor();
			CXSourceRange fr;

			clang_visitChildren(p, fe_take_first, &first);
			fr = clang_getCursorExtent(first);
			clang_getSpellingLocation(clang_getRangeEnd(fr), NULL,
						  NULL, NULL, &end);
			op = token_after(w->cx->tu, clang_getCursorExtent(p),
					 end);
			if (op && !strcmp(op, "="))
				what = "copied";
			else if (op && (!strcmp(op, "==") || !strcmp(op, "!=")))
				what = "compared";
			free(op);
		}
		return what;
	case CXCursor_CallExpr:
		return "passed to a function";
	case CXCursor_VarDecl:
		return "copied";
	case CXCursor_ReturnStmt:
		return "returned";
	case CXCursor_UnaryOperator:
		return "dereferenced or its address taken";
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_ConditionalOperator:
		return "tested";
	default:
		return "used";
	}
}

static int udiag_near(const struct walk *w, CXFile f, unsigned off)
{
	size_t n = strlen(w->cx->t->pointer);

	for (int i = 0; i < w->nud; i++)
		if (w->ud[i].off >= off && w->ud[i].off <= off + n + 16 &&
		    clang_File_isEqual(w->ud[i].f, f))
			return 1;
	return 0;
}

static void fix_range(struct table_ref *r, CXCursor callee)
{
	CXSourceRange x = clang_getCursorExtent(callee);
	CXFile f1, f2;

	clang_getSpellingLocation(clang_getRangeStart(x), &f1, &r->fix_line,
				  &r->fix_col, NULL);
	clang_getSpellingLocation(clang_getRangeEnd(x), &f2, &r->fix_end_line,
				  &r->fix_end_col, NULL);
	r->has_fix = f1 && f2 && clang_File_isEqual(f1, f2);
}

static void dispatch(struct walk *w, struct table_ref *r)
{
	w->res->refs++;
	for (int i = 0; rules[i]; i++)
		if (rules[i]->on_ref)
			rules[i]->on_ref(w->cx, r);
}

/* c is a DeclRefExpr naming the table pointer; stack[depth-1] its parent. */
static void table_ref(struct walk *w, CXCursor c)
{
	const struct table *t = w->cx->t;
	struct table_ref r;
	int up = w->depth - 1;
	CXCursor below = c;
	char *member = NULL;
	CXFile f;
	unsigned off;

	memset(&r, 0, sizeof(r));
	r.function = w->function ? w->function : "";
	r.op = clang_getCanonicalType(clang_getCursorType(c)).kind ==
	       CXType_Pointer ? "->" : ".";
	while (up >= 0 && is_wrapping(w->stack[up]))
		below = w->stack[up--];
	if (up >= 0 && clang_getCursorKind(w->stack[up]) ==
			CXCursor_MemberRefExpr) {
		CXCursor mref = w->stack[up];
		int top = up - 1;
		CXCursor callee = mref;

		member = fe_spelling(mref);
		r.member = member;
		r.hook = manifest_find(w->cx->m, member);
		r.data_member = table_is_data_member(t, member);
		r.kind = REF_MEMBER;
		r.cursor = mref;
		/* (*p->x)(...), ((cast)p->x)(...): still a call through it. */
		while (top >= 0 && (is_wrapping(w->stack[top]) ||
				    clang_getCursorKind(w->stack[top]) ==
				    CXCursor_UnaryOperator ||
				    clang_getCursorKind(w->stack[top]) ==
				    CXCursor_CStyleCastExpr))
			callee = w->stack[top--];
		if (top >= 0 && clang_getCursorKind(w->stack[top]) ==
				CXCursor_CallExpr &&
		    first_child_is(w->stack[top], callee)) {
			r.kind = REF_CALL;
			fix_range(&r, callee);
		} else {
			r.context = "read";
			if (top >= 0 && clang_getCursorKind(w->stack[top]) ==
					CXCursor_BinaryOperator &&
			    first_child_is(w->stack[top], callee) &&
			    !strcmp(pointer_context(w, top, callee),
				    "assigned"))
				r.context = "assigned";
		}
	} else {
		walk_expansion(clang_getCursorLocation(c), &f, NULL, NULL, &off);
		if (udiag_near(w, f, off))
			return;		/* unknown-hook reports it */
		r.kind = REF_POINTER;
		r.cursor = c;
		r.context = up >= 0 ? pointer_context(w, up, below) : "used";
	}
	/* Shown where the expression starts: at the pointer's name. */
	if (walk_locate(w, clang_getCursorLocation(c), &r.at)) {
		if (r.at.macro)
			r.has_fix = 0;
		dispatch(w, &r);
	}
	where_free(&r.at);
	free(member);
}

/*
 * Is the declaration ref (or the first declaration of its symbol) in the
 * internals' home?  A same-named symbol of some other file is not one.
 */
static int declared_home(struct walk *w, CXCursor ref)
{
	CXCursor decl[2] = { ref, clang_getCanonicalCursor(ref) };

	for (int i = 0; i < 2; i++) {
		CXFile f;
		struct wfile *wf;

		walk_expansion(clang_getCursorLocation(decl[i]), &f, NULL, NULL,
			  NULL);
		wf = walk_file_info(w, f);
		if (wf && wf->rel && table_internal_home(w->cx->t, wf->rel))
			return 1;
	}
	return 0;
}

/* c is a DeclRefExpr naming an internal of the table, called name. */
static void internal_ref(struct walk *w, CXCursor c, const char *name)
{
	struct table_ref r;
	int up = w->depth - 1;
	CXCursor below = c;

	memset(&r, 0, sizeof(r));
	r.kind = REF_INTERNAL;
	r.symbol = name;
	r.function = w->function ? w->function : "";
	r.cursor = c;
	while (up >= 0 && is_wrapping(w->stack[up]))
		below = w->stack[up--];
	if (up < 0)
		r.context = "used";
	else if (clang_getCursorKind(w->stack[up]) == CXCursor_CallExpr &&
		 first_child_is(w->stack[up], below))
		r.context = "called";
	else if (clang_getCursorKind(w->stack[up]) == CXCursor_MemberRefExpr)
		r.context = "accessed";
	else
		r.context = pointer_context(w, up, below);
	if (walk_locate(w, clang_getCursorLocation(c), &r.at) &&
	    !(r.at.rel && table_internal_home(w->cx->t, r.at.rel)))
		dispatch(w, &r);
	where_free(&r.at);
}

/* A reference to a file-scope variable or function: the table's? */
static void decl_ref(struct walk *w, CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);
	enum CXCursorKind rk = clang_getCursorKind(ref);
	char *name;

	/* Functions matter only to a table with internals. */
	if ((rk != CXCursor_VarDecl && (rk != CXCursor_FunctionDecl ||
					!w->cx->t->internal.n)) ||
	    clang_getCursorSemanticParent(ref).kind !=
			CXCursor_TranslationUnit)
		return;
	name = fe_spelling(c);
	if (rk == CXCursor_VarDecl && !strcmp(name, w->cx->t->pointer))
		table_ref(w, c);
	else if (table_is_internal(w->cx->t, name) && declared_home(w, ref))
		internal_ref(w, c, name);
	free(name);
}

/* A node being walked: its children, and the next one to visit. */
struct wnode {
	struct fe_kids k;
	int next;
	int is_fn;
	char *saved;		/* a function's: the enclosing one's name */
};

/*
 * Visit c below the ancestors on w->stack: a reference is handed on; any
 * other node is entered (1), its children to be visited from *n.
 */
static int enter(struct walk *w, CXCursor c, struct wnode *n)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_DeclRefExpr) {
		decl_ref(w, c);
		return 0;
	}
	n->is_fn = k == CXCursor_FunctionDecl;
	n->saved = NULL;
	if (n->is_fn) {
		n->saved = w->function;
		w->function = fe_spelling(c);
	}
	ARRAY_GROW(w->stack, w->capstack, w->depth + 1, 64);
	w->stack[w->depth++] = c;
	n->k = fe_kids(c);
	n->next = 0;
	return 1;
}

static void leave(struct walk *w, struct wnode *n)
{
	w->depth--;
	if (n->is_fn) {
		free(w->function);
		w->function = n->saved;
	}
	free(n->k.v);
}

/*
 * Walk the tree under root depth first, in order, keeping its ancestors
 * on w->stack.  Iterative: a unit's nesting (a sum of 200,000 terms is
 * 200,000 deep) must not be the C stack's.
 */
static void walk_tree(struct walk *w, CXCursor root)
{
	struct wnode *st = xmalloc(sizeof(*st));
	int n = 0, cap = 1;

	if (enter(w, root, &st[0]))
		n = 1;
	while (n) {
		struct wnode *top = &st[n - 1];
		CXCursor c;

		if (top->next == top->k.n) {
			leave(w, top);
			n--;
			continue;
		}
		c = top->k.v[top->next++];
		ARRAY_GROW(st, cap, n + 1, 1);
		if (enter(w, c, &st[n]))
			n++;
	}
	free(st);
}

/* Pass two: the declarations of the files that name the pointer. */
static enum CXChildVisitResult decls_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct wfile *wf;
	CXFile f;

	(void)parent;
	if (clang_isPreprocessing(k))
		return CXChildVisit_Continue;
	walk_expansion(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	wf = walk_file_info(w, f);
	if (!wf || !wf->report)
		return CXChildVisit_Continue;
	if (!wf->mentions && !clang_File_isEqual(f, w->cx->main_file))
		return CXChildVisit_Continue;
	walk_tree(w, c);
	return CXChildVisit_Continue;
}

int walk_unit(struct check_ctx *cx, struct walk_result *res)
{
	struct walk w;
	CXCursor top = clang_getTranslationUnitCursor(cx->tu);

	memset(&w, 0, sizeof(w));
	memset(res, 0, sizeof(*res));
	w.cx = cx;
	w.res = res;
	w.last = -1;
	cx->walk = &w;
	clang_visitChildren(top, walk_macros_cb, &w);
	walk_diagnostics(&w);
	clang_visitChildren(top, decls_cb, &w);
	for (int i = 0; rules[i]; i++)
		if (rules[i]->on_unit)
			rules[i]->on_unit(cx);
	cx->walk = NULL;
	for (int i = 0; i < w.nfiles; i++) {
		free(w.files[i].rel);
		free(w.files[i].shown);
	}
	for (int i = 0; i < w.nmexp; i++) {
		free(w.mexp[i].name);
		free(w.mexp[i].def);
	}
	free(w.files);
	free(w.mexp);
	free(w.ud);
	free(w.stack);
	free(w.function);
	return 0;
}

void walk_result_free(struct walk_result *res)
{
	free(res->first_error);
	memset(res, 0, sizeof(*res));
}
