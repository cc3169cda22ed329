/*
 * walk.c - the checker's engine.  One unit at a time: classify the files
 * it reads (report on them or not), note the macro expansions in those
 * files, then walk the declarations of those files with a stack of
 * ancestors so that each reference to the table pointer can be told
 * apart: a call through a member, a member read, or the pointer itself;
 * references to the table's internals (symbols only its home may use)
 * are handed on the same way.
 */
#include "checker/walk.h"
#include "clang/frontend.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct wfile {
	CXFile f;
	int report;		/* findings here are shown */
	int mentions;		/* its text names the pointer or an internal */
	char *rel;		/* tree-relative, or NULL */
	char *shown;		/* path to print */
};

struct mexp {
	CXFile f;
	unsigned start, end;	/* offsets of the expansion in f */
	char *name;
	char *def;		/* "file:line" of the definition */
	int home;		/* defined in an allowed file: its API */
};

struct udiag {
	CXFile f;
	unsigned off;
};

struct walk {
	struct check_ctx *cx;
	struct walk_result *res;
	struct wfile *files;
	int nfiles, capfiles;
	int last;
	struct mexp *mexp;
	int nmexp, capmexp;
	struct udiag *ud;
	int nud, capud;
	CXCursor *stack;
	int depth, capstack;
	char *function;
};

int ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Is word[0..n) in text at the start of an identifier (and its end)? */
static int has_ident(const char *text, size_t len, const char *word,
		     size_t n, int whole)
{
	const char *p = text, *end = text + len;

	while (p + n <= end) {
		const char *hit = memmem(p, end - p, word, n);

		if (!hit)
			return 0;
		if (!(hit > text && ident_char(hit[-1])) &&
		    !(whole && hit + n < end && ident_char(hit[n])))
			return 1;
		p = hit + 1;
	}
	return 0;
}

int text_has_word(const char *text, size_t len, const char *word)
{
	return has_ident(text, len, word, strlen(word), 1);
}

int text_names_table(const struct table *t, const char *text, size_t len)
{
	if (text_has_word(text, len, t->pointer))
		return 1;
	for (int i = 0; i < t->internal.n; i++) {
		const char *e = t->internal.v[i];
		size_t n = strlen(e);
		int prefix = e[n - 1] == '*';

		if (has_ident(text, len, e, n - prefix, !prefix))
			return 1;
	}
	return 0;
}

/* The tree-relative path of an absolute path, or NULL. */
static char *tree_rel(const struct check_ctx *cx, const char *abs)
{
	const char *roots[2] = { cx->shadow, cx->tree_abs };

	for (int i = 0; i < 2; i++) {
		size_t n;

		if (!roots[i])
			continue;
		n = strlen(roots[i]);
		if (!strncmp(abs, roots[i], n) && abs[n] == '/')
			return xstrdup(abs + n + 1);
	}
	return NULL;
}

static struct wfile *file_info(struct walk *w, CXFile f)
{
	struct check_ctx *cx = w->cx;
	struct wfile *wf;
	CXString name;
	const char *path;
	char *abs;
	size_t size;
	const char *text;

	if (!f)
		return NULL;
	if (w->last >= 0 && clang_File_isEqual(w->files[w->last].f, f))
		return &w->files[w->last];
	for (int i = 0; i < w->nfiles; i++) {
		if (clang_File_isEqual(w->files[i].f, f)) {
			w->last = i;
			return &w->files[i];
		}
	}
	if (w->nfiles == w->capfiles) {
		w->capfiles = w->capfiles ? 2 * w->capfiles : 64;
		w->files = xrealloc(w->files, w->capfiles * sizeof(*w->files));
	}
	wf = &w->files[w->nfiles];
	memset(wf, 0, sizeof(*wf));
	wf->f = f;
	name = clang_getFileName(f);
	path = clang_getCString(name);
	abs = realpath(path, NULL);
	wf->rel = abs ? tree_rel(cx, abs) : NULL;
	if (clang_File_isEqual(f, cx->main_file)) {
		wf->shown = xstrdup(cx->main_shown);
		if (!wf->rel && cx->main_rel)
			wf->rel = xstrdup(cx->main_rel);
		wf->report = !wf->rel || !table_allows(cx->t, wf->rel);
	} else {
		/* Headers: those of the tree that may not touch the table. */
		wf->report = wf->rel && !table_allows(cx->t, wf->rel);
		if (cx->shadow && wf->rel)
			wf->shown = xstrdup(wf->rel);
		else
			wf->shown = xstrdup(starts_with(path, "./") ? path + 2 :
					    path);
	}
	text = clang_getFileContents(cx->tu, f, &size);
	wf->mentions = text && text_names_table(cx->t, text, size);
	free(abs);
	clang_disposeString(name);
	w->last = w->nfiles;
	return &w->files[w->nfiles++];
}

static void expansion(CXSourceLocation l, CXFile *f, unsigned *line,
		      unsigned *col, unsigned *off)
{
	clang_getExpansionLocation(l, f, line, col, off);
}

/* Pass one: macro expansions in the files we report on. */
static enum CXChildVisitResult macros_cb(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct walk *w = data;
	struct wfile *wf;
	CXSourceRange r;
	CXFile f;
	unsigned s, e;
	struct mexp *m;
	CXCursor def;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	expansion(clang_getRangeStart(r), &f, NULL, NULL, &s);
	wf = file_info(w, f);
	if (!wf || !wf->report)
		return CXChildVisit_Continue;
	expansion(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	if (w->nmexp == w->capmexp) {
		w->capmexp = w->capmexp ? 2 * w->capmexp : 64;
		w->mexp = xrealloc(w->mexp, w->capmexp * sizeof(*w->mexp));
	}
	m = &w->mexp[w->nmexp++];
	m->f = f;
	m->start = s;
	m->end = e;
	m->name = fe_spelling(c);
	m->def = NULL;
	m->home = 0;
	def = clang_getCursorReferenced(c);
	if (!clang_Cursor_isNull(def)) {
		CXFile df;
		unsigned line;
		struct wfile *dw;

		expansion(clang_getCursorLocation(def), &df, &line, NULL, NULL);
		dw = file_info(w, df);
		if (dw)
			m->def = xasprintf("%s:%u", dw->shown, line);
		m->home = dw && dw->rel && table_allows(w->cx->t, dw->rel);
	}
	return CXChildVisit_Continue;
}

static const struct mexp *macro_at(const struct walk *w, CXFile f,
				   unsigned off)
{
	for (int i = 0; i < w->nmexp; i++)
		if (w->mexp[i].start == off &&
		    clang_File_isEqual(w->mexp[i].f, f))
			return &w->mexp[i];
	return NULL;
}

/*
 * Where to report location l: text written in a macro's argument is shown
 * where it is written; text from a macro's body at the expansion, with
 * the macro named.  Returns 0 when the place is not one we report on.
 */
static int locate(struct walk *w, CXSourceLocation l, struct where *at)
{
	CXFile ef, sf;
	unsigned eline, ecol, eoff, sline, scol, soff;
	struct wfile *wf;
	const struct mexp *m;
	CXFile f;
	unsigned off;

	expansion(l, &ef, &eline, &ecol, &eoff);
	clang_getSpellingLocation(l, &sf, &sline, &scol, &soff);
	memset(at, 0, sizeof(*at));
	wf = sf ? file_info(w, sf) : NULL;
	if (wf && wf->report) {
		f = sf;
		off = soff;
		at->line = sline;
		at->col = scol;
	} else {
		wf = file_info(w, ef);
		if (!wf || !wf->report)
			return 0;
		f = ef;
		off = eoff;
		at->line = eline;
		at->col = ecol;
	}
	at->file = xstrdup(wf->shown);
	at->rel = wf->rel ? xstrdup(wf->rel) : NULL;
	m = macro_at(w, f, off);
	if (m) {
		/*
		 * A macro the table's home defines (LSM_HOOK_INIT, a
		 * registration helper) is part of its interface, like a
		 * wrapper: what it expands to is not the caller's doing.
		 */
		if (m->home) {
			where_free(at);
			return 0;
		}
		at->macro = xstrdup(m->name);
		at->macro_def = m->def ? xstrdup(m->def) : NULL;
	}
	return 1;
}

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
		r.data_member = strv_find(&t->skip, member) >= 0;
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
		expansion(clang_getCursorLocation(c), &f, NULL, NULL, &off);
		if (udiag_near(w, f, off))
			return;		/* unknown-hook reports it */
		r.kind = REF_POINTER;
		r.cursor = c;
		r.context = up >= 0 ? pointer_context(w, up, below) : "used";
	}
	/* Shown where the expression starts: at the pointer's name. */
	if (locate(w, clang_getCursorLocation(c), &r.at)) {
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

		expansion(clang_getCursorLocation(decl[i]), &f, NULL, NULL,
			  NULL);
		wf = file_info(w, f);
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
	if (locate(w, clang_getCursorLocation(c), &r.at) &&
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
	if (w->depth == w->capstack) {
		w->capstack = w->capstack ? 2 * w->capstack : 64;
		w->stack = xrealloc(w->stack, w->capstack * sizeof(*w->stack));
	}
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
		if (n == cap) {
			cap *= 2;
			st = xrealloc(st, cap * sizeof(*st));
		}
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
	expansion(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	wf = file_info(w, f);
	if (!wf || !wf->report)
		return CXChildVisit_Continue;
	if (!wf->mentions && !clang_File_isEqual(f, w->cx->main_file))
		return CXChildVisit_Continue;
	walk_tree(w, c);
	return CXChildVisit_Continue;
}

static int unknown_member_diag(const struct table *t, const char *msg)
{
	char *want = xasprintf("' in 'struct %s'", t->struct_name);
	int hit = starts_with(msg, "no member named '") && strstr(msg, want);

	free(want);
	return hit;
}

static void diagnostics(struct walk *w)
{
	struct check_ctx *cx = w->cx;

	for (unsigned i = 0, n = clang_getNumDiagnostics(cx->tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, i);
		CXString s;
		const char *msg;
		CXFile f;
		unsigned line, col, off;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		expansion(clang_getDiagnosticLocation(d), &f, &line, &col,
			  &off);
		s = clang_getDiagnosticSpelling(d);
		msg = clang_getCString(s);
		if (!f) {
			/* The driver: a flag clang lacks.  Not the code. */
		} else if (unknown_member_diag(cx->t, msg)) {
			struct wfile *wf = file_info(w, f);
			struct where at;

			if (w->nud == w->capud) {
				w->capud = w->capud ? 2 * w->capud : 8;
				w->ud = xrealloc(w->ud,
						 w->capud * sizeof(*w->ud));
			}
			w->ud[w->nud].f = f;
			w->ud[w->nud++].off = off;
			if (wf && wf->report &&
			    locate(w, clang_getDiagnosticLocation(d), &at)) {
				for (int k = 0; rules[k]; k++)
					if (rules[k]->on_diag)
						rules[k]->on_diag(cx, d, &at);
				where_free(&at);
			}
		} else {
			if (!w->res->errors++) {
				struct wfile *wf = file_info(w, f);

				w->res->first_error = xasprintf("%s:%u: %s",
					wf ? wf->shown : "?", line, msg);
			}
		}
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
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
	clang_visitChildren(top, macros_cb, &w);
	diagnostics(&w);
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
