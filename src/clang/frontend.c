/* frontend.c - parsing tree files with libclang. */
#include "core/bigstack.h"
#include "clang/frontend.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What libclang parses must be text: a NUL byte is an error (reported). */
static int not_text(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	int ret = text ? reject_binary(path, text, len) : 0;

	free(text);
	return ret;
}
/* Why the last parse_with() crashed, or NULL. */
static const char *crashed;

static CXTranslationUnit parse_with(struct frontend *fe, const char *path,
				    const struct strv *extra, unsigned opts)
{
	struct strv args = { 0 };
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;
	int overflow = 0;

	for (int i = 0; i < fe->args.n; i++)
		strv_push(&args, fe->args.v[i]);
	for (int i = 0; extra && i < extra->n; i++)
		strv_push(&args, extra->v[i]);
	rc = bigstack_parse(fe->index, path, (const char *const *)args.v,
			    args.n, fe->unsaved, fe->nunsaved, opts, &tu,
			    &overflow);
	strv_clear(&args);
	crashed = rc == CXError_Crashed ? bigstack_why(overflow) : NULL;
	return rc == CXError_Success ? tu : NULL;
}

/* Add the CONFIG_ symbols of path's conditionals to fe->syms. */
static int probe_symbols(struct frontend *fe, const char *path)
{
	CXTranslationUnit probe;
	struct conds c = { 0 };

	probe = parse_with(fe, path, NULL,
			   CXTranslationUnit_SingleFileParse |
			   CXTranslationUnit_SkipFunctionBodies);
	if (!probe)
		return -1;
	guards_scan(probe, clang_getFile(probe, path), &c);
	guards_symbols(&c, &fe->syms);
	guards_free(&c);
	clang_disposeTranslationUnit(probe);
	return 0;
}

static int open_as(struct frontend *fe, const struct table *t,
		   const char *tree, int record);

int fe_open(struct frontend *fe, const struct table *t, const char *tree)
{
	return open_as(fe, t, tree, 0);
}

int fe_open_recording(struct frontend *fe, const struct table *t,
		      const char *tree)
{
	return open_as(fe, t, tree, 1);
}

static int open_as(struct frontend *fe, const struct table *t,
		   const char *tree, int record)
{
	const char *forced[] = {
		"include/linux/kconfig.h", "include/linux/compiler_types.h",
	};

	memset(fe, 0, sizeof(*fe));
	fe->t = t;
	fe->tree = xstrdup(tree);
	fe->record = record;
	strv_push(&fe->args, "-x");
	strv_push(&fe->args, "c");
	strv_push(&fe->args, "-std=gnu11");
	strv_push(&fe->args, "-nostdlibinc");
	strv_push(&fe->args, "-D__KERNEL__");
	strv_push(&fe->args, "-ferror-limit=0");
	strv_push(&fe->args, "-Wno-everything");
	if (fe_include_paths(fe))
		return -1;
	/* What kbuild forces into every file of a modern tree. */
	for (size_t i = 0; i < ARRAY_SIZE(forced); i++) {
		char *f = path_join(tree, forced[i]);

		if (fe_exists(fe, f)) {
			strv_push(&fe->args, "-include");
			strv_push_owned(&fe->args, f);
		} else {
			free(f);
		}
	}
	for (int i = 0; i < t->cflags.n; i++)
		strv_push(&fe->args, t->cflags.v[i]);
	fe->index = clang_createIndex(0, 0);
	fe_unconfig(fe);
	/* The entries of an X-macro list sit under its own conditionals. */
	if (t->hook_list) {
		char *path = path_join(tree, t->hook_list);

		if (!fe_exists(fe, path) && !t->hook_list_strict) {
			/* a profile's list: trees before 5.7 have none */
			free(path);
			return 0;
		}
		if (file_exists(path) && not_text(path)) {
			free(path);
			return -1;
		}
		if (!file_exists(path) || probe_symbols(fe, path)) {
			error_at(path, 0, "cannot read the hook list; check "
				 "'hook-list' in the table description (%s)",
				 t->origin);
			free(path);
			return -1;
		}
		free(path);
	}
	return 0;
}

void fe_close(struct frontend *fe)
{
	if (fe->overlay) {
		temp_remove(fe->overlay);
		free(fe->overlay);
	}
	if (fe->fallback) {
		temp_remove(fe->fallback);
		free(fe->fallback);
	}
	free(fe->arch);
	free(fe->asm_old);
	if (fe->index)
		clang_disposeIndex(fe->index);
	fe_unconfig_free(fe);
	strv_clear(&fe->args);
	strv_clear(&fe->syms);
	strv_clear(&fe->inputs);
	free(fe->tree);
	memset(fe, 0, sizeof(*fe));
}


int fe_parse(struct frontend *fe, const char *relpath, struct parsed *p)
{
	struct strv defs = { 0 };
	unsigned opts = CXTranslationUnit_DetailedPreprocessingRecord |
			CXTranslationUnit_KeepGoing;

	memset(p, 0, sizeof(*p));
	p->rel = xstrdup(relpath);
	p->path = path_join(fe->tree, relpath);
	if (!fe_exists(fe, p->path)) {
		error_at(p->path, 0, "no such file; check the table description "
			 "(%s)", fe->t->origin);
		goto fail;
	}
	if (not_text(p->path))
		goto fail;
	/*
	 * First pass: this file alone, to read its #if lines.  Then parse
	 * for real with every CONFIG_ symbol they name defined, and those of
	 * the files parsed before (the table's header comes first), so that
	 * every member and every wrapper is seen: an all-yes configuration.
	 */
	if (probe_symbols(fe, p->path)) {
		error_at(p->path, 0, "%s", crashed ? crashed :
			 "libclang could not parse this file at all");
		goto fail;
	}
	for (int i = 0; i < fe->syms.n; i++)
		strv_push_owned(&defs, xasprintf("-D%s=1", fe->syms.v[i]));
	p->tu = parse_with(fe, p->path, &defs, opts);
	strv_clear(&defs);
	if (!p->tu) {
		error_at(p->path, 0, "%s", crashed ? crashed :
			 "libclang could not parse this file at all");
		goto fail;
	}
	p->file = clang_getFile(p->tu, p->path);
	fe_note_inclusions(fe, p->tu);
	guards_scan(p->tu, p->file, &p->conds);
	p->errors = fe_first_error(p, 0, UINT_MAX, NULL, &p->first_error_line,
				   &p->first_error);
	return 0;
fail:
	fe_parsed_free(p);	/* the callers free nothing on failure */
	return -1;
}

int fe_first_error(const struct parsed *p, unsigned from, unsigned to,
		   const char *category, unsigned *line, char **msg)
{
	int found = 0;

	for (unsigned i = 0, n = clang_getNumDiagnostics(p->tu);
	     i < n && !found; i++) {
		CXDiagnostic d = clang_getDiagnostic(p->tu, i);
		CXString cat = clang_getDiagnosticCategoryText(d);
		CXFile f;
		unsigned l;

		clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, &l,
					  NULL, NULL);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && f &&
		    clang_File_isEqual(f, p->file) && l >= from && l <= to &&
		    (!category || !strcmp(clang_getCString(cat), category))) {
			found = 1;
			if (line)
				*line = l;
			if (msg) {
				CXString s = clang_getDiagnosticSpelling(d);

				*msg = xstrdup(clang_getCString(s));
				clang_disposeString(s);
			}
		}
		clang_disposeString(cat);
		clang_disposeDiagnostic(d);
	}
	return found;
}

/*
 * Does libclang's message say a name did not resolve?  The errors that
 * make it drop a declaration, a call or an initialiser for want of a
 * type or a name; not a redefinition or a conflict of linkage, which
 * drop nothing hookwrap reads.
 */
static int unresolved(const char *msg)
{
	static const char *const says[] = {
		"unknown type name", "undeclared identifier",
		"undeclared function", "incomplete", "no member named",
	};

	for (size_t i = 0; i < ARRAY_SIZE(says); i++)
		if (strstr(msg, says[i]))
			return 1;
	return 0;
}

static void read_errors(struct parsed *p)
{
	int cap = 0;

	p->errs_read = 1;
	for (unsigned i = 0, n = clang_getNumDiagnostics(p->tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(p->tu, i);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		struct fe_error *e;
		CXString s;

		s = clang_getDiagnosticSpelling(d);
		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error ||
		    !unresolved(clang_getCString(s))) {
			clang_disposeString(s);
			clang_disposeDiagnostic(d);
			continue;
		}
		clang_disposeString(s);
		ARRAY_GROW(p->errs, cap, p->nerrs + 1, 16);
		e = &p->errs[p->nerrs++];
		clang_getExpansionLocation(loc, &e->file, &e->line, NULL, NULL);
		clang_getFileLocation(loc, &e->sfile, &e->sline, NULL, NULL);
		s = e->sfile ? clang_getFileName(e->sfile) :
			       clang_getFileName(e->file);
		e->where = xasprintf("%s:%u", clang_getCString(s) ?
				     clang_getCString(s) : "?",
				     e->sfile ? e->sline : e->line);
		clang_disposeString(s);
		s = clang_getDiagnosticSpelling(d);
		e->msg = xstrdup(clang_getCString(s));
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
}

static int in_lines(CXFile a, unsigned line, CXFile f, unsigned from,
		    unsigned to)
{
	return a && clang_File_isEqual(a, f) && line >= from && line <= to;
}

const struct fe_error *fe_unresolved_in(struct parsed *p, CXFile f, unsigned from,
				   unsigned to)
{
	if (!f)
		return NULL;
	if (!p->errs_read)
		read_errors(p);
	for (int i = 0; i < p->nerrs; i++) {
		const struct fe_error *e = &p->errs[i];

		if (in_lines(e->file, e->line, f, from, to) ||
		    in_lines(e->sfile, e->sline, f, from, to))
			return e;
	}
	return NULL;
}

int fe_unresolved_count(struct parsed *p)
{
	if (!p->errs_read)
		read_errors(p);
	return p->nerrs;
}

const struct fe_error *fe_unresolved_within(struct parsed *p, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f, g;
	unsigned a, b;

	clang_getExpansionLocation(clang_getRangeStart(r), &f, &a, NULL, NULL);
	clang_getExpansionLocation(clang_getRangeEnd(r), &g, &b, NULL, NULL);
	if (!f || !g || !clang_File_isEqual(f, g) || b < a)
		b = a;
	return fe_unresolved_in(p, f, a, b);
}

char *fe_error_name(const struct fe_error *e)
{
	const char *a = strchr(e->msg, '\'');
	const char *b = a ? strchr(a + 1, '\'') : NULL;

	return b && b > a + 1 ? xstrndup(a + 1, b - a - 1) : NULL;
}

int fe_from_macro(CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile f1, f2;
	unsigned o1, o2;

	clang_getSpellingLocation(loc, &f1, NULL, NULL, &o1);
	clang_getExpansionLocation(loc, &f2, NULL, NULL, &o2);
	return o1 != o2 || !f1 || !f2 || !clang_File_isEqual(f1, f2);
}

const struct conds *fe_conds_of(struct parsed *p, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	if (!f || clang_File_isEqual(f, p->file))
		return &p->conds;
	for (int i = 0; i < p->nmore; i++)
		if (clang_File_isEqual(f, p->more[i].file))
			return &p->more[i].conds;
	p->more = xrealloc(p->more, (p->nmore + 1) * sizeof(*p->more));
	memset(&p->more[p->nmore], 0, sizeof(p->more[0]));
	p->more[p->nmore].file = f;
	guards_scan(p->tu, f, &p->more[p->nmore].conds);
	return &p->more[p->nmore++].conds;
}

char *fe_where(const struct frontend *fe, CXCursor c)
{
	CXFile f;
	unsigned line;
	CXString name;
	char *where, *abs_tree;
	const char *full;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, NULL,
				   NULL);
	name = clang_getFileName(f);
	full = clang_getCString(name);
	abs_tree = realpath(fe->tree, NULL);
	if (full && starts_with(full, fe->tree) &&
	    full[strlen(fe->tree)] == '/')
		where = xasprintf("%s:%u", full + strlen(fe->tree) + 1, line);
	else if (full && abs_tree && starts_with(full, abs_tree) &&
		 full[strlen(abs_tree)] == '/')
		where = xasprintf("%s:%u", full + strlen(abs_tree) + 1, line);
	else
		where = xasprintf("%s:%u", full ? full : "?", line);
	free(abs_tree);
	clang_disposeString(name);
	return where;
}

void fe_parsed_free(struct parsed *p)
{
	for (int i = 0; i < p->nmore; i++)
		guards_free(&p->more[i].conds);
	free(p->more);
	if (p->tu)
		clang_disposeTranslationUnit(p->tu);
	guards_free(&p->conds);
	free(p->rel);
	free(p->path);
	free(p->first_error);
	for (int i = 0; i < p->nerrs; i++) {
		free(p->errs[i].where);
		free(p->errs[i].msg);
	}
	free(p->errs);
	memset(p, 0, sizeof(*p));
}

int fe_in_file(const struct parsed *p, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	return f && clang_File_isEqual(f, p->file);
}

unsigned fe_line(CXCursor c)
{
	unsigned line;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line,
				   NULL, NULL);
	return line;
}

char *fe_spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *r = xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return r;
}

static int wordlike(const char *s)
{
	return isalnum((unsigned char)s[0]) || s[0] == '_' || s[0] == '"' ||
	       s[0] == '\'';
}

char *fe_tokens_text(CXTranslationUnit tu, CXSourceRange r)
{
	CXToken *toks;
	unsigned n;
	struct sbuf sb = { 0 };
	char prev[256] = "";

	clang_tokenize(tu, r, &toks, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString cs = clang_getTokenSpelling(tu, toks[i]);
		const char *s = clang_getCString(cs);
		int space = 0;

		if (clang_getTokenKind(toks[i]) == CXToken_Comment) {
			clang_disposeString(cs);
			continue;
		}
		if (sb.len) {
			if (wordlike(prev) && wordlike(s))
				space = 1;
			else if (!strcmp(prev, ","))
				space = 1;
			else if (!strcmp(s, "*") && (wordlike(prev) ||
						     !strcmp(prev, ")")))
				space = 1;
			else if (!strcmp(s, "(") && wordlike(prev))
				space = 1;
			else if (wordlike(s) && !strcmp(prev, ")"))
				space = 1;
		}
		if (space)
			sb_addc(&sb, ' ');
		sb_add(&sb, s);
		snprintf(prev, sizeof(prev), "%s", s);
		clang_disposeString(cs);
	}
	clang_disposeTokens(tu, toks, n);
	return sb_detach(&sb);
}

char *fe_raw_text(CXTranslationUnit tu, CXSourceRange r)
{
	CXFile f1, f2;
	unsigned o1, o2;
	size_t size;
	const char *buf;
	char *raw, *s;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || o2 < o1)
		return fe_tokens_text(tu, r);
	buf = clang_getFileContents(tu, f1, &size);
	if (!buf || o2 > size)
		return fe_tokens_text(tu, r);
	raw = xstrndup(buf + o1, o2 - o1);
	s = squeeze_space(raw);
	free(raw);
	return s;
}

enum CXChildVisitResult fe_take_first(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

/* Unwrap implicit casts and parentheses around an expression. */
CXCursor fe_strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CXCursor child = clang_getNullCursor();

		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return c;
		clang_visitChildren(c, fe_take_first, &child);
		if (clang_Cursor_isNull(child))
			return c;
		c = child;
	}
}

struct kids_acc {
	struct fe_kids k;
	int cap;
};

static enum CXChildVisitResult kids_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct kids_acc *a = data;

	(void)parent;
	/* Doubling: a block of 100,000 statements is no quadratic. */
	ARRAY_GROW(a->k.v, a->cap, a->k.n + 1, 4);
	a->k.v[a->k.n++] = c;
	return CXChildVisit_Continue;
}

struct fe_kids fe_kids(CXCursor c)
{
	struct kids_acc a = { { NULL, 0 }, 0 };

	clang_visitChildren(c, kids_cb, &a);
	return a.k;
}

int fe_is_table_type(CXType type, const struct table *t)
{
	CXString ts = clang_getTypeSpelling(type);
	const char *sp = clang_getCString(ts);
	const char *name = t->struct_name;
	int ok = (starts_with(sp, "struct ") && !strcmp(sp + 7, name)) ||
		 (starts_with(sp, "union ") && !strcmp(sp + 6, name));

	clang_disposeString(ts);
	return ok;
}

int fe_is_table_field(CXCursor field, const struct table *t)
{
	char *name;
	int ok;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return 0;
	name = fe_spelling(clang_getCursorSemanticParent(field));
	ok = !strcmp(name, t->struct_name);
	free(name);
	return ok;
}

char *fe_table_member(CXCursor c, const struct table *t)
{
	CXCursor base = clang_getNullCursor();
	CXCursor field;
	char *name = NULL;

	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return NULL;
	if (t->hook_list) {
		/*
		 * A table built from an X-macro list is called through each
		 * module's copy (P->hook.capable(...)): any access to a member
		 * of the hook union counts, whatever the base.
		 */
		field = clang_getCursorReferenced(c);
		return fe_is_table_field(field, t) ? fe_spelling(c) : NULL;
	}
	clang_visitChildren(c, fe_take_first, &base);
	base = fe_strip(base);
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return NULL;
	name = fe_spelling(base);
	if (strcmp(name, t->pointer)) {
		free(name);
		return NULL;
	}
	free(name);
	field = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(field))
		return NULL;
	return fe_spelling(c);
}


enum CXChildVisitResult fe_take_last(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

enum CXChildVisitResult fe_take_two(CXCursor c, CXCursor parent,
				    CXClientData data)
{
	struct {
		CXCursor *k;
		int n;
	} *kc = data;

	(void)parent;
	if (kc->n < 2)
		kc->k[kc->n] = c;
	kc->n++;
	return CXChildVisit_Continue;
}

/*
 * c's extent with both ends moved by where (clang_getExpansionLocation or
 * clang_getFileLocation); the extent itself when the ends fall in two
 * files or cross.
 */
static CXSourceRange range_at(CXTranslationUnit tu, CXCursor c,
			      void (*where)(CXSourceLocation, CXFile *,
					    unsigned *, unsigned *,
					    unsigned *))
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned a, b;

	where(clang_getRangeStart(r), &f1, NULL, NULL, &a);
	where(clang_getRangeEnd(r), &f2, NULL, NULL, &b);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || b < a)
		return r;
	return clang_getRange(clang_getLocationForOffset(tu, f1, a),
			      clang_getLocationForOffset(tu, f2, b));
}

CXSourceRange fe_expansion_range(CXTranslationUnit tu, CXCursor c)
{
	return range_at(tu, c, clang_getExpansionLocation);
}

CXSourceRange fe_file_range(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceRange f = range_at(tu, c, clang_getFileLocation);

	/* Ends in two files: where it is expanded, as before. */
	return clang_equalRanges(f, r) ? fe_expansion_range(tu, c) : f;
}
