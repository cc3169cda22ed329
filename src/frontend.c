/* frontend.c - parsing tree files with libclang. */
#include "frontend.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Old trees keep asm headers in include/asm-ARCH behind a build-time link. */
static int make_asm_overlay(struct frontend *fe)
{
	const char *pref[] = { "x86_64", "i386", "x86", "generic" };
	char *inc = path_join(fe->tree, "include");
	char *asmdir = path_join(inc, "asm");
	char *target = NULL;
	char tmpl[] = "/tmp/hookwrap-asm.XXXXXX";

	if (file_exists(asmdir)) {
		free(asmdir);
		free(inc);
		return 0;
	}
	free(asmdir);
	if (fe->t->arch) {
		target = xasprintf("%s/asm-%s", inc, fe->t->arch);
		if (!file_exists(target)) {
			error_at(fe->t->origin, 0, "arch '%s': %s does not "
				 "exist; name an include/asm-ARCH directory",
				 fe->t->arch, target);
			free(target);
			free(inc);
			return -1;
		}
	}
	for (size_t i = 0; !target && i < ARRAY_SIZE(pref); i++) {
		char *d = xasprintf("%s/asm-%s", inc, pref[i]);

		if (file_exists(d))
			target = d;
		else
			free(d);
	}
	free(inc);
	if (!target)
		return 0;
	if (!mkdtemp(tmpl))
		die("cannot create a temporary directory: %s", strerror(errno));
	fe->overlay = xstrdup(tmpl);
	{
		char *link = path_join(fe->overlay, "asm");
		char *abs = realpath(target, NULL);

		if (!abs || symlink(abs, link))
			die("cannot link %s: %s", link, strerror(errno));
		free(abs);
		free(link);
	}
	free(target);
	return 0;
}

int fe_open(struct frontend *fe, const struct table *t, const char *tree)
{
	const char *incs[] = {
		"include", "arch/x86/include", "arch/x86/include/generated",
		"include/uapi", "arch/x86/include/uapi",
		"arch/x86/include/generated/uapi",
	};

	memset(fe, 0, sizeof(*fe));
	fe->t = t;
	fe->tree = xstrdup(tree);
	if (make_asm_overlay(fe))
		return -1;
	strv_push(&fe->args, "-x");
	strv_push(&fe->args, "c");
	strv_push(&fe->args, "-std=gnu11");
	strv_push(&fe->args, "-nostdlibinc");
	strv_push(&fe->args, "-D__KERNEL__");
	strv_push(&fe->args, "-ferror-limit=0");
	strv_push(&fe->args, "-Wno-everything");
	if (fe->overlay)
		strv_push_owned(&fe->args, xasprintf("-I%s", fe->overlay));
	for (size_t i = 0; i < ARRAY_SIZE(incs); i++) {
		char *d = path_join(tree, incs[i]);

		if (file_exists(d))
			strv_push_owned(&fe->args, xasprintf("-I%s", d));
		free(d);
	}
	for (int i = 0; i < t->cflags.n; i++)
		strv_push(&fe->args, t->cflags.v[i]);
	fe->index = clang_createIndex(0, 0);
	return 0;
}

void fe_close(struct frontend *fe)
{
	if (fe->overlay) {
		char *link = path_join(fe->overlay, "asm");

		unlink(link);
		rmdir(fe->overlay);
		free(link);
		free(fe->overlay);
	}
	if (fe->index)
		clang_disposeIndex(fe->index);
	strv_clear(&fe->args);
	strv_clear(&fe->syms);
	free(fe->tree);
	memset(fe, 0, sizeof(*fe));
}

static CXTranslationUnit parse_with(struct frontend *fe, const char *path,
				    const struct strv *extra, unsigned opts)
{
	struct strv args = { 0 };
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;

	for (int i = 0; i < fe->args.n; i++)
		strv_push(&args, fe->args.v[i]);
	for (int i = 0; extra && i < extra->n; i++)
		strv_push(&args, extra->v[i]);
	rc = clang_parseTranslationUnit2(fe->index, path,
					 (const char *const *)args.v, args.n,
					 NULL, 0, opts, &tu);
	strv_clear(&args);
	return rc == CXError_Success ? tu : NULL;
}

int fe_parse(struct frontend *fe, const char *relpath, struct parsed *p)
{
	struct strv defs = { 0 };
	CXTranslationUnit probe;
	unsigned opts = CXTranslationUnit_DetailedPreprocessingRecord |
			CXTranslationUnit_KeepGoing;

	memset(p, 0, sizeof(*p));
	p->rel = xstrdup(relpath);
	p->path = path_join(fe->tree, relpath);
	if (!file_exists(p->path)) {
		error_at(p->path, 0, "no such file; check the table description "
			 "(%s)", fe->t->origin);
		return -1;
	}
	/*
	 * First pass: this file alone, to read its #if lines.  Then parse
	 * for real with every CONFIG_ symbol they name defined, and those of
	 * the files parsed before (the table's header comes first), so that
	 * every member and every wrapper is seen: an all-yes configuration.
	 */
	probe = parse_with(fe, p->path, NULL,
			   CXTranslationUnit_SingleFileParse |
			   CXTranslationUnit_SkipFunctionBodies);
	if (!probe) {
		error_at(p->path, 0, "libclang could not parse this file at all");
		return -1;
	}
	{
		CXFile f = clang_getFile(probe, p->path);
		struct conds c = { 0 };

		guards_scan(probe, f, &c);
		guards_symbols(&c, &fe->syms);
		guards_free(&c);
	}
	clang_disposeTranslationUnit(probe);
	for (int i = 0; i < fe->syms.n; i++)
		strv_push_owned(&defs, xasprintf("-D%s=1", fe->syms.v[i]));
	p->tu = parse_with(fe, p->path, &defs, opts);
	strv_clear(&defs);
	if (!p->tu) {
		error_at(p->path, 0, "libclang could not parse this file at all");
		return -1;
	}
	p->file = clang_getFile(p->tu, p->path);
	guards_scan(p->tu, p->file, &p->conds);
	for (unsigned i = 0, n = clang_getNumDiagnostics(p->tu); i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(p->tu, i);
		CXFile f;
		unsigned line;

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			clang_getSpellingLocation(clang_getDiagnosticLocation(d),
						  &f, &line, NULL, NULL);
			if (f && clang_File_isEqual(f, p->file)) {
				if (!p->errors++) {
					CXString s = clang_getDiagnosticSpelling(d);

					p->first_error = xstrdup(clang_getCString(s));
					p->first_error_line = line;
					clang_disposeString(s);
				}
			}
		}
		clang_disposeDiagnostic(d);
	}
	return 0;
}

void fe_parsed_free(struct parsed *p)
{
	if (p->tu)
		clang_disposeTranslationUnit(p->tu);
	guards_free(&p->conds);
	free(p->rel);
	free(p->path);
	free(p->first_error);
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

/* Is c "pointer->member" on the table's pointer?  Returns the member. */
char *fe_table_member(CXCursor c, const struct table *t)
{
	CXCursor base = clang_getNullCursor();
	CXCursor field;
	char *name = NULL;

	c = fe_strip(c);
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return NULL;
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
