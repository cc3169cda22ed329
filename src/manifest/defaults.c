/*
 * defaults.c - infer each hook's stub from the default implementations:
 * the tables a kernel without the CONFIG option behaves as (for LSM the
 * capability module's table, then the dummy module's).  A default table
 * is either an initialiser of the struct (".ptrace = cap_ptrace") or
 * assignments to its members ("ops->ptrace = dummy_ptrace", as the
 * set_to_dummy_if_null() macro expands).  Nothing here is per hook.
 */
#include "clang/frontend.h"
#include "manifest/incomplete.h"
#include "manifest/manifest.h"

#include <stdlib.h>
#include <string.h>

struct found {
	char *member;
	CXCursor fn;		/* the FunctionDecl referenced */
};

struct defaults_scan {
	const struct table *t;
	struct parsed *p;
	struct found *v;
	int n, cap;
	int tables;		/* initialisers and assignments seen */
	struct strv seen;	/* every member an entry names, any value */
};

static void record(struct defaults_scan *s, CXCursor field, CXCursor value)
{
	CXCursor fn;
	char *name = fe_spelling(field);

	if (strv_find(&s->seen, name) < 0)
		strv_push_owned(&s->seen, name);
	else
		free(name);
	value = fe_strip(value);
	if (clang_getCursorKind(value) != CXCursor_DeclRefExpr)
		return;
	fn = clang_getCursorReferenced(value);
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return;
	s->tables++;
	{
		char *member = fe_spelling(field);

		for (int i = 0; i < s->n; i++)
			if (!strcmp(s->v[i].member, member)) {
				free(member);	/* first one in the file wins */
				return;
			}
		ARRAY_GROW(s->v, s->cap, s->n + 1, 64);
		s->v[s->n].member = member;
		s->v[s->n].fn = fn;
		s->n++;
	}
}

struct init_ctx {
	struct defaults_scan *s;
	CXCursor *fields;
	int nfields, index;
};

static enum CXVisitorResult field_list_cb(CXCursor c, CXClientData data)
{
	struct init_ctx *ic = data;

	ic->fields = xrealloc(ic->fields, (ic->nfields + 1) * sizeof(CXCursor));
	ic->fields[ic->nfields++] = c;
	return CXVisit_Continue;
}

struct desig {
	CXCursor field, value;
	int nchildren;
};

static enum CXChildVisitResult desig_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct desig *d = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MemberRef && !d->nchildren)
		d->field = clang_getCursorReferenced(c);
	else
		d->value = c;
	d->nchildren++;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult init_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct init_ctx *ic = data;
	struct desig d = { clang_getNullCursor(), clang_getNullCursor(), 0 };
	int index = ic->index++;

	(void)parent;
	/* ".member = value" is an unexposed expression: MemberRef, value. */
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr)
		clang_visitChildren(c, desig_cb, &d);
	if (!clang_Cursor_isNull(d.field) && !clang_Cursor_isNull(d.value)) {
		if (fe_is_table_field(d.field, ic->s->t))
			record(ic->s, d.field, d.value);
	} else if (index < ic->nfields) {
		record(ic->s, ic->fields[index], c);	/* positional */
	}
	return CXChildVisit_Continue;
}

/*
 * An initialiser list of the table's type: a variable's (".ptrace =
 * cap_ptrace"), or one nested in another initialiser (LSM_HOOK_INIT's
 * ".hook = { .capable = cap_capable }").
 */
static void scan_initialiser(struct defaults_scan *s, CXCursor list)
{
	CXType type = clang_getCanonicalType(clang_getCursorType(list));
	struct init_ctx ic = { s, NULL, 0, 0 };

	if (!fe_is_table_type(type, s->t))
		return;
	clang_Type_visitFields(type, field_list_cb, &ic);
	clang_visitChildren(list, init_cb, &ic);
	free(ic.fields);
}

static void scan_assignment(struct defaults_scan *s, CXCursor op)
{
	CXCursor kids[2];
	struct {
		CXCursor *k;
		int n;
	} kc = { kids, 0 };
	CXCursor lhs, field;
	CXType type;

	/*
	 * Only assignments have the type of their left-hand side, a
	 * function pointer; a comparison is an int.
	 */
	type = clang_getCanonicalType(clang_getCursorType(op));
	if (type.kind != CXType_Pointer)
		return;
	clang_visitChildren(op, fe_take_two, &kc);
	if (kc.n != 2)
		return;
	lhs = fe_strip(kids[0]);
	if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr)
		return;
	field = clang_getCursorReferenced(lhs);
	if (fe_is_table_field(field, s->t))
		record(s, field, kids[1]);
}

static enum CXChildVisitResult scan_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct defaults_scan *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_InitListExpr && fe_in_file(s->p, c))
		scan_initialiser(s, c);
	if (k == CXCursor_BinaryOperator && fe_in_file(s->p, c))
		scan_assignment(s, c);
	if (k == CXCursor_FunctionDecl && !fe_in_file(s->p, c))
		return CXChildVisit_Continue;
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult not_constant_cb(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr || k == CXCursor_MemberRefExpr ||
	    k == CXCursor_ArraySubscriptExpr) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	if (k == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(c)) !=
	    CXCursor_EnumConstantDecl) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

struct body {
	int nstmts;
	CXCursor first;
};

static enum CXChildVisitResult body_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct body *b = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_NullStmt)
		return CXChildVisit_Continue;
	if (!b->nstmts++)
		b->first = c;
	return CXChildVisit_Continue;
}

struct inline_check {
	CXCursor fn;
	int bad;
};

/* Only parameters, constants, operators and member accesses qualify. */
static enum CXChildVisitResult inline_check_cb(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct inline_check *ic = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr || k == CXCursor_DeclStmt ||
	    k == CXCursor_GotoStmt || k == CXCursor_LabelStmt ||
	    k == CXCursor_AsmStmt) {
		ic->bad = 1;
		return CXChildVisit_Break;
	}
	if (k == CXCursor_DeclRefExpr) {
		CXCursor r = clang_getCursorReferenced(c);
		enum CXCursorKind rk = clang_getCursorKind(r);

		if (rk == CXCursor_ParmDecl &&
		    clang_equalCursors(clang_getCursorSemanticParent(r), ic->fn))
			return CXChildVisit_Recurse;
		if (rk != CXCursor_EnumConstantDecl) {
			ic->bad = 1;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

struct parm_index {
	CXCursor v[32];
	int n;
};

static enum CXChildVisitResult parm_index_cb(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct parm_index *pi = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ParmDecl &&
	    pi->n < (int)ARRAY_SIZE(pi->v))
		pi->v[pi->n++] = c;
	return CXChildVisit_Continue;
}

/*
 * A static default cannot be called from a header, but when its body uses
 * nothing but its parameters it can be copied into the stub, with the
 * parameters renamed to the hook's.  Returns the statements, or NULL.
 */
static char *inline_body(const struct hook *h, CXCursor def, CXCursor body,
			 CXTranslationUnit tu)
{
	struct inline_check ic = { def, 0 };
	struct parm_index pi = { .n = 0 };
	CXToken *toks;
	CXCursor *curs;
	unsigned n, prev_end = 0;
	struct sbuf sb = { 0 };

	clang_visitChildren(body, inline_check_cb, &ic);
	clang_visitChildren(def, parm_index_cb, &pi);
	if (ic.bad || pi.n != h->nparams)
		return NULL;
	clang_tokenize(tu, clang_getCursorExtent(body), &toks, &n);
	curs = xcalloc(n + 1, sizeof(*curs));
	clang_annotateTokens(tu, toks, n, curs);
	/* Every token but the braces, with one blank where there was space. */
	for (unsigned i = 1; i + 1 < n; i++) {
		CXSourceRange r = clang_getTokenExtent(tu, toks[i]);
		unsigned start, end;
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *text = clang_getCString(s);

		if (clang_getTokenKind(toks[i]) == CXToken_Comment) {
			clang_disposeString(s);
			continue;
		}
		clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL,
					  NULL, &start);
		clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL,
					  NULL, &end);
		if (sb.len && start > prev_end)
			sb_addc(&sb, ' ');
		prev_end = end;
		if (clang_getTokenKind(toks[i]) == CXToken_Identifier &&
		    clang_getCursorKind(curs[i]) == CXCursor_DeclRefExpr) {
			CXCursor ref = clang_getCursorReferenced(curs[i]);

			for (int k = 0; k < pi.n; k++)
				if (clang_equalCursors(ref, pi.v[k]))
					text = h->params[k].name;
		}
		sb_add(&sb, text);
		clang_disposeString(s);
	}
	free(curs);
	clang_disposeTokens(tu, toks, n);
	return sb_detach(&sb);
}

/* The line of the generated block's begin marker in f, or 0. */
static unsigned marker_line(CXTranslationUnit tu, CXFile f)
{
	size_t size, n = strlen(GEN_BEGIN);
	const char *buf = clang_getFileContents(tu, f, &size);
	unsigned line = 1;

	for (size_t i = 0; buf && i < size; i++) {
		if ((i == 0 || buf[i - 1] == '\n') && size - i >= n &&
		    !memcmp(buf + i, GEN_BEGIN, n))
			return line;
		line += buf[i] == '\n';
	}
	return 0;
}

/*
 * Can the stub call def, static though it is?  When def is a static
 * inline of the header the stubs go to, defined before their block
 * (2.6's cap_netlink_send() in security.h): the stub sees it.
 */
static int callable_here(const struct frontend *fe, CXCursor def,
			 CXTranslationUnit tu)
{
	const struct table *t = fe->t;
	char *out = path_join(fe->tree, t->output ? t->output : t->header);
	CXFile of = clang_getFile(tu, out), f;
	unsigned line, marker;

	free(out);
	if (!of || !clang_Cursor_isFunctionInlined(def))
		return 0;
	clang_getExpansionLocation(clang_getCursorLocation(def), &f, &line,
				   NULL, NULL);
	if (!f || !clang_File_isEqual(f, of))
		return 0;
	marker = marker_line(tu, of);
	return !marker || line < marker;
}

/* Classify the default function fn for hook h and set its stub. */
static void classify(const struct frontend *fe, struct hook *h, CXCursor fn,
		     struct parsed *p)
{
	CXCursor def = clang_getCursorDefinition(fn);
	CXCursor decl = clang_Cursor_isNull(def) ? fn : def;
	CXCursor bodyc = clang_getNullCursor();
	CXSourceRange ext;
	unsigned a, b;
	CXFile f;
	CXString fname;
	struct body body = { 0, clang_getNullCursor() };

	h->dflt = fe_spelling(fn);
	h->dflt_static = clang_Cursor_getStorageClass(decl) == CX_SC_Static;
	clang_getExpansionLocation(clang_getCursorLocation(decl), &f, &a, NULL,
				   NULL);
	fname = clang_getFileName(f);
	{
		const char *full = clang_getCString(fname);
		size_t tl = strlen(p->path) - strlen(p->rel);

		/* Tree-relative when the definition is in the tree. */
		if (full && !strncmp(full, p->path, tl))
			h->dflt_where = xasprintf("%s:%u", full + tl, a);
		else
			h->dflt_where = xasprintf("%s:%u", full ? full : "?", a);
	}
	clang_disposeString(fname);
	h->stub_kind = STUB_CALL;
	if (clang_Cursor_isNull(def))
		return;		/* defined elsewhere: call it */
	{
		const struct fe_error *e = fe_unresolved_within(p, def);

		if (e) {
			char *what = xasprintf("its default %s() (%s) does "
					       "not type-check", h->dflt,
					       h->dflt_where);

			hook_incomplete(h, what, e);
			free(what);
			return;
		}
	}
	if (h->dflt_static && callable_here(fe, def, p->tu))
		h->dflt_static = 0;	/* as good as extern for the stub */
	clang_visitChildren(def, fe_take_last, &bodyc);
	if (clang_getCursorKind(bodyc) != CXCursor_CompoundStmt)
		return;
	ext = clang_getCursorExtent(def);
	clang_getExpansionLocation(clang_getRangeStart(ext), NULL, &a, NULL,
				   NULL);
	clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, &b, NULL,
				   NULL);
	if (fe_first_error(p, a, b, NULL, NULL, NULL)) {
		/* said where stubs are written (manifest_warn_stubs) */
		free(h->dflt_unread_at);
		h->dflt_unread_at = xasprintf("%s:%u", p->path, a);
		return;
	}
	clang_visitChildren(bodyc, body_cb, &body);
	if (h->is_void) {
		int bare_return = body.nstmts == 1 &&
			clang_getCursorKind(body.first) == CXCursor_ReturnStmt;

		if (!body.nstmts || bare_return) {
			h->stub_kind = STUB_NOOP;
			return;
		}
	}
	if (!h->is_void && body.nstmts == 1 &&
	    clang_getCursorKind(body.first) == CXCursor_ReturnStmt) {
		CXCursor e = clang_getNullCursor();
		int work = 0;

		clang_visitChildren(body.first, fe_take_first, &e);
		if (clang_Cursor_isNull(e))
			return;
		if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
			not_constant_cb(e, e, &work);
		if (!work)
			clang_visitChildren(e, not_constant_cb, &work);
		if (!work) {
			h->stub_kind = STUB_CONST;
			h->stub = fe_raw_text(p->tu, clang_getCursorExtent(e));
			return;
		}
	}
	if (h->dflt_static && (h->stub = inline_body(h, def, bodyc, p->tu)))
		h->stub_kind = STUB_INLINE;
}

/*
 * The macro expansions of a default table's file, read once: where each
 * is and the file that defines the macro.  A stub copied from a
 * default's body carries the macros it uses (h->stub_macros), with the
 * include name of their header, so that gen-header can include it where
 * the wrapper header does not see the macro (-EPERM in a header that
 * never includes errno.h).
 */
struct expansion {
	unsigned off;
	char *name;
	char *def;		/* the defining file, absolute; NULL if none */
};
struct expansions {
	struct expansion *v;
	int n, cap, read;
	CXFile main;
};

static enum CXChildVisitResult expansions_cb(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct expansions *x = data;
	CXCursor d;
	CXFile f;
	unsigned off;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   &off);
	if (!f || !clang_File_isEqual(f, x->main))
		return CXChildVisit_Continue;
	ARRAY_GROW(x->v, x->cap, x->n + 1, 64);
	x->v[x->n].off = off;
	x->v[x->n].name = fe_spelling(c);
	x->v[x->n].def = NULL;
	d = clang_getCursorReferenced(c);
	if (!clang_Cursor_isNull(d)) {
		CXFile df;

		clang_getExpansionLocation(clang_getCursorLocation(d), &df,
					   NULL, NULL, NULL);
		if (df) {
			CXString n = clang_getFileName(df);

			x->v[x->n].def = realpath(clang_getCString(n), NULL);
			clang_disposeString(n);
		}
	}
	x->n++;
	return CXChildVisit_Continue;
}

static void expansions_free(struct expansions *x)
{
	for (int i = 0; i < x->n; i++) {
		free(x->v[i].name);
		free(x->v[i].def);
	}
	free(x->v);
	memset(x, 0, sizeof(*x));
}

/* abs as an #include name: relative to the parse's first -I that holds it. */
static char *include_name(const struct frontend *fe, const char *abs)
{
	for (int i = 0; i < fe->args.n; i++) {
		const char *a = fe->args.v[i];
		char *dir;
		size_t n;

		if (strncmp(a, "-I", 2) || !(dir = realpath(a + 2, NULL)))
			continue;
		n = strlen(dir);
		if (!strncmp(abs, dir, n) && abs[n] == '/') {
			free(dir);
			return xstrdup(abs + n + 1);
		}
		free(dir);
	}
	return NULL;
}

static void copied_macros(struct frontend *fe, struct parsed *p,
			  struct hook *h, CXCursor fn, struct expansions *x)
{
	CXCursor def = clang_getCursorDefinition(fn);
	CXSourceRange r;
	unsigned a, b;
	CXFile f;

	if (clang_Cursor_isNull(def))
		return;
	r = clang_getCursorExtent(def);
	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
	if (!x->read) {
		x->main = clang_getFile(p->tu, p->path);
		clang_visitChildren(clang_getTranslationUnitCursor(p->tu),
				    expansions_cb, x);
		x->read = 1;
	}
	if (!f || !x->main || !clang_File_isEqual(f, x->main))
		return;
	for (int i = 0; i < x->n; i++) {
		char *inc, *e;

		if (x->v[i].off < a || x->v[i].off >= b || !x->v[i].def)
			continue;
		inc = include_name(fe, x->v[i].def);
		if (!inc)
			continue;
		e = xasprintf("%s\t%s", x->v[i].name, inc);
		if (strv_find(&h->stub_macros, e) < 0)
			strv_push_owned(&h->stub_macros, e);
		else
			free(e);
		free(inc);
	}
}

static int scan_file(struct frontend *fe, struct manifest *m,
		     const char *rel)
{
	struct parsed p;
	struct defaults_scan s = { fe->t, &p, NULL, 0, 0, 0, { 0 } };
	struct expansions x = { 0 };

	if (fe_parse(fe, rel, &p))
		return -1;
	clang_visitChildren(clang_getTranslationUnitCursor(p.tu), scan_cb, &s);
	if (!s.tables) {
		error_at(p.path, 0, "no default table: no initialiser of "
			 "struct %s and no assignment to its members; fix "
			 "'defaults' in the table description (%s)",
			 fe->t->struct_name, fe->t->origin);
		fe_parsed_free(&p);
		return -1;
	}
	for (int i = 0; i < s.n; i++) {
		struct hook *h = manifest_find(m, s.v[i].member);

		if (h && !h->dflt) {
			classify(fe, h, s.v[i].fn, &p);
			if (h->stub_kind == STUB_CONST ||
			    h->stub_kind == STUB_INLINE)
				copied_macros(fe, &p, h, s.v[i].fn, &x);
		}
		free(s.v[i].member);
	}
	incomplete_defaults(&p, m, &s.seen);
	strv_clear(&s.seen);
	expansions_free(&x);
	free(s.v);
	fe_parsed_free(&p);
	return 0;
}

/* The stub's text, new; h->stub is left to the caller. */
static char *stub_text(const struct hook *h)
{
	char *args;
	char *s;

	switch (h->stub_kind) {
	case STUB_ZERO:
		return xstrdup(h->is_void ? "{ }" : "return 0;");
	case STUB_NOOP:
		return xstrdup("{ }");
	case STUB_CONST:
		return xasprintf("return %s;", h->stub);
	case STUB_CALL:
		args = hook_args_text(h);
		s = xasprintf("%s%s(%s);", h->is_void ? "" : "return ",
			      h->dflt, args);
		free(args);
		return s;
	case STUB_INLINE:
	case STUB_CONFIG:
	case STUB_TREE:
		break;
	}
	return xstrdup(h->stub);
}

int defaults_absent(const struct table *t, const char *tree)
{
	if (!t->defaults.n || t->defaults_strict)
		return 0;
	for (int i = 0; i < t->defaults.n; i++) {
		char *path = path_join(tree, t->defaults.v[i]);
		int exists = file_exists(path);

		free(path);
		if (exists)
			return 0;
	}
	return 1;
}

int defaults_infer(struct frontend *fe, struct manifest *m)
{
	const struct table *t = fe->t;
	int scanned = 0, ret = 0;

	for (int i = 0; i < t->defaults.n; i++) {
		char *path = path_join(fe->tree, t->defaults.v[i]);
		int exists = fe_exists(fe, path);

		free(path);
		if (!exists && !t->defaults_strict)
			continue;	/* a profile lists every era's files */
		if (scan_file(fe, m, t->defaults.v[i]))
			ret = -1;
		scanned++;
	}
	/*
	 * None of a profile's files exists: only stubs need the table, so
	 * every hook gets the fallback below (manifest_warn_stubs says so
	 * where stubs are written).  A file hookwrap.conf names is not
	 * skipped: scan_file() said it is missing.
	 */
	if (!ret && !scanned && t->defaults.n) {
		m->no_defaults = xasprintf("'%s%s'", t->defaults.v[0],
					   t->defaults.n > 1 ? " ..." : "");
		m->no_defaults_at = xstrdup(fe->tree);
	}
	for (int i = 0; i < t->stub.n; i++)
		if (!manifest_find(m, t->stub.v[i].hook)) {
			error_at(t->origin, 0, "stub.%s: struct %s has no "
				 "member '%s'", t->stub.v[i].hook,
				 t->struct_name, t->stub.v[i].hook);
			ret = -1;
		}
	for (int i = 0; i < m->n; i++) {
		struct hook *h = &m->hooks[i];
		const char *o = override_get(&t->stub, h->member);
		char *stub;

		if (!o && m->no_defaults)
			m->stub_fallbacks++;
		if (o) {
			free(h->stub);
			h->stub = xstrdup(o);
			h->stub_kind = STUB_CONFIG;
		} else if (h->stub_kind == STUB_ZERO && h->list_default &&
			   !h->is_void) {
			/* The X-macro list's DEFAULT: LSM_HOOK(int, 0, ...) */
			h->stub = xstrdup(h->list_default);
			h->stub_kind = STUB_CONST;
		}
		stub = stub_text(h);
		free(h->stub);
		h->stub = stub;
	}
	return ret;
}

void manifest_warn_stubs(const struct manifest *m)
{
	int differ = 0, listed = 0;

	for (int i = 0; i < m->n; i++)
		listed |= m->hooks[i].list_default != NULL;
	if (m->stub_fallbacks)
		warning_at(m->no_defaults_at, 0, "no default table (none of "
			   "%s exists): %d hook%s got the fallback stub "
			   "(return 0; or { }%s); set 'defaults' or "
			   "'stub.HOOK' in hookwrap.conf [no-defaults]",
			   m->no_defaults, m->stub_fallbacks,
			   m->stub_fallbacks == 1 ? "" : "s",
			   listed ? ", or the hook list's DEFAULT" : "");

	/*
	 * Defaults whose body does not compile here (a configuration the
	 * parse does not reach): a stub that calls one says so.  Not when
	 * the stub is another (the tree's own, or hookwrap.conf's).
	 */
	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];
		const char *colon;
		char *file;

		if (!h->dflt_unread_at || h->stub_kind != STUB_CALL)
			continue;
		colon = strrchr(h->dflt_unread_at, ':');
		file = xstrndup(h->dflt_unread_at,
				colon - h->dflt_unread_at);
		warning_at(file, (unsigned)atoi(colon + 1), "cannot read "
			   "default '%s' of hook '%s' (it does not compile "
			   "here); its stub calls it", h->dflt, h->member);
		free(file);
	}

	/*
	 * The tree's stubs that differ from the defaults: kept, and said
	 * once (docs/rules/stub-differs.md), each at its line.
	 */
	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];
		const char *colon;
		char *file;

		if (!h->stub_inferred || !h->tree_stub_at)
			continue;
		colon = strrchr(h->tree_stub_at, ':');
		file = xstrndup(h->tree_stub_at, colon - h->tree_stub_at);
		diag_at(file, (unsigned)atoi(colon + 1), 0, "note",
			"stub of %s differs from the default (tree: '%s', "
			"default: '%s'); the tree's is kept [stub-differs]",
			h->wrapper, h->stub, h->stub_inferred);
		free(file);
		differ++;
	}
	if (differ)
		diag_at(NULL, 0, 0, "note", "%d of the %d hooks with a stub in the "
			"tree's header (%d of them with other parameters, not "
			"compared) have one that differs from the defaults; the "
			"tree's stubs are kept", differ, m->tree_stubs,
			m->tree_stubs_adapted);
	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];

		if (h->stub_kind == STUB_CALL && h->dflt_static)
			warning_at(NULL, 0, "%s: default '%s' of hook '%s' is "
				   "static and does real work; the stub calls "
				   "it, so make it non-static or set 'stub.%s' "
				   "in hookwrap.conf", h->dflt_where, h->dflt,
				   h->member, h->member);
	}
}
