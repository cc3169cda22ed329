/*
 * hooks.c - read the hook table: the struct's function-pointer members,
 * their signatures and guards, and the wrappers the header already has.
 */
#include "clang/frontend.h"
#include "clang/pptokens.h"
#include "manifest/dispatch.h"
#include "manifest/hookcount.h"
#include "manifest/incomplete.h"
#include "manifest/manifest.h"

#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

struct find_struct {
	const char *name;
	CXCursor found;
	int ok;
};

static enum CXChildVisitResult find_struct_cb(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct find_struct *fs = data;
	CXString s;
	int match;

	(void)parent;
	if ((clang_getCursorKind(c) != CXCursor_StructDecl &&
	     clang_getCursorKind(c) != CXCursor_UnionDecl) ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	match = !strcmp(clang_getCString(s), fs->name);
	clang_disposeString(s);
	if (match) {
		fs->found = c;
		fs->ok = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* The tokens of cursor c's extent before the first "(": a return type. */
static char *return_type(CXTranslationUnit tu, CXCursor c)
{
	CXToken *toks;
	unsigned n, k;
	char *text = NULL;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	for (k = 0; k < n; k++) {
		CXString s = clang_getTokenSpelling(tu, toks[k]);
		int paren = !strcmp(clang_getCString(s), "(");

		clang_disposeString(s);
		if (paren)
			break;
	}
	if (k > 0 && k < n) {
		CXSourceRange r = clang_getRange(
			clang_getRangeStart(clang_getTokenExtent(tu, toks[0])),
			clang_getRangeEnd(clang_getTokenExtent(tu, toks[k - 1])));

		text = fe_tokens_text(tu, r);
	}
	clang_disposeTokens(tu, toks, n);
	return text;
}

/* The result type of a function-pointer type, as the AST spells it. */
static char *result_spelling(CXType t)
{
	CXType r = clang_getResultType(clang_getPointeeType(t));
	CXString s = clang_getTypeSpelling(r);
	char *text = xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return text;
}

struct parm_list {
	struct hook *h;
	CXTranslationUnit tu;
};

/* A stable name for an unnamed parameter: its struct tag, else argN. */
static char *invent_name(const char *decl, int pos)
{
	const char *tags[] = { "struct ", "union ", "enum " };

	for (size_t i = 0; i < ARRAY_SIZE(tags); i++) {
		const char *s = strstr(decl, tags[i]);

		if (s) {
			size_t n;

			s += strlen(tags[i]);
			n = strspn(s, "abcdefghijklmnopqrstuvwxyz"
				      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
			if (n)
				return xstrndup(s, n);
		}
	}
	return xasprintf("arg%d", pos + 1);
}

/* Put name into an abstract declarator: "int *" -> "int *name". */
static char *name_decl(const char *decl, const char *name)
{
	const char *fp = strstr(decl, "(*");

	if (fp) {
		fp += 2;
		return xasprintf("%.*s%s%s", (int)(fp - decl), decl, name, fp);
	}
	if (ends_with(decl, "*"))
		return xasprintf("%s%s", decl, name);
	return xasprintf("%s %s", decl, name);
}

static enum CXChildVisitResult parm_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct parm_list *pl = data;
	struct hook *h = pl->h;
	struct param *p;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ParmDecl)
		return CXChildVisit_Continue;
	h->params = xrealloc(h->params, (h->nparams + 1) * sizeof(*h->params));
	p = &h->params[h->nparams++];
	memset(p, 0, sizeof(*p));
	p->name = fe_spelling(c);
	p->decl = fe_tokens_text(pl->tu, clang_getCursorExtent(c));
	return CXChildVisit_Continue;
}

/* Name the unnamed parameters, avoiding the names already taken. */
static void name_params(struct hook *h)
{
	for (int i = 0; i < h->nparams; i++) {
		struct param *p = &h->params[i];
		char *name, *decl;
		int clash = 0;

		if (*p->name)
			continue;
		name = invent_name(p->decl, i);
		for (int k = 0; k < h->nparams; k++)
			if (k != i && !strcmp(h->params[k].name, name))
				clash = 1;
		if (clash) {
			char *n2 = xasprintf("%s%d", name, i + 1);

			free(name);
			name = n2;
		}
		decl = name_decl(p->decl, name);
		free(p->decl);
		free(p->name);
		p->decl = decl;
		p->name = name;
		p->invented = 1;
	}
}

struct member_ctx {
	struct frontend *fe;
	struct parsed *p;
	struct manifest *m;
	int errors;
	struct strv data;	/* warnings for unlisted data members */
	struct strv data_line;	/* ... and their lines */
};

static int is_function_pointer(CXType t)
{
	CXType pointee;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return 0;
	pointee = clang_getPointeeType(t);
	return pointee.kind == CXType_FunctionProto ||
	       pointee.kind == CXType_FunctionNoProto;
}

static enum CXChildVisitResult member_cb(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct member_ctx *mc = data;
	const struct table *t = mc->fe->t;
	struct hook *h;
	struct parm_list pl;
	char *name;
	unsigned line;

	if (clang_getCursorKind(c) != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	name = fe_spelling(c);
	line = fe_line(c);
	if (table_is_data_member(t, name)) {
		free(name);
		return CXChildVisit_Continue;
	}
	if (!is_function_pointer(clang_getCursorType(c))) {
		char *decl = fe_tokens_text(mc->p->tu, clang_getCursorExtent(c));

		/*
		 * Data beside the hooks (6.12's lsm_func_addr): no hook.  Said
		 * once the struct turns out to have hooks (else the error).
		 */
		strv_push_owned(&mc->data, xasprintf("member '%s' of %s %s is "
			"not a function pointer ('%s'); not a hook, skipped; "
			"list it under 'data-members' in hookwrap.conf to "
			"silence this", name, clang_getCursorKind(parent) ==
			CXCursor_UnionDecl ? "union" : "struct",
			t->struct_name, decl));
		strv_push_owned(&mc->data_line, xasprintf("%u", line));
		free(decl);
		free(name);
		return CXChildVisit_Continue;
	}
	h = manifest_add(mc->m);
	h->member = name;
	h->where = fe_where(mc->fe, c);
	{
		const struct fe_error *e = fe_unresolved_within(mc->p, c);

		if (e)
			hook_incomplete(h, "its declaration does not "
					"type-check", e);
	}
	if (fe_from_macro(c))	/* an X-macro list: its tokens are elsewhere */
		h->ret = result_spelling(clang_getCursorType(c));
	else
		h->ret = return_type(mc->p->tu, c);
	if (!h->ret)
		h->ret = xstrdup("int");
	h->is_void = !strcmp(h->ret, "void");
	pl.h = h;
	pl.tu = mc->p->tu;
	clang_visitChildren(c, parm_cb, &pl);
	name_params(h);
	guards_at(fe_conds_of(mc->p, c), line, &h->guard);
	if (strv_find(&h->guard, t->config) < 0) {
		struct strv g = { 0 };

		strv_push(&g, t->config);
		for (int i = 0; i < h->guard.n; i++)
			strv_push(&g, h->guard.v[i]);
		strv_clear(&h->guard);
		h->guard = g;
	}
	return CXChildVisit_Continue;
}

/*
 * A syntax error from the struct on (its extent is unreliable once the
 * parser recovers) means the members cannot be trusted.  Semantic errors
 * (an unknown type from a header the parse could not find) are tolerated:
 * signatures are spelled from the tokens.
 */
static int syntax_error_after(const struct parsed *p, CXCursor st)
{
	unsigned a, line;
	char *msg, *name;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(st)),
				   NULL, &a, NULL, NULL);
	if (!fe_first_error(p, a, UINT_MAX, "Parse Issue", &line, &msg))
		return 0;
	name = fe_spelling(st);
	error_at(p->path, line, "cannot parse struct %s: %s; fix the header "
		 "(hookwrap reads it as C)", name, msg);
	free(name);
	free(msg);
	return 1;
}

struct list_ctx {
	struct member_ctx *mc;
	CXFile list;
};

/* LSM_HOOK(RET, DEFAULT, NAME, ...) entries: each hook's DEFAULT. */
static enum CXChildVisitResult list_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct list_ctx *lc = data;
	CXFile f;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	if (!f || !clang_File_isEqual(f, lc->list))
		return CXChildVisit_Continue;
	name = fe_spelling(c);
	if (!strcmp(name, lc->mc->fe->t->hook_macro)) {
		struct strv args = { 0 };
		struct hook *h;

		pp_macro_args(lc->mc->p->tu, c, &args);
		h = args.n >= 3 ? manifest_find(lc->mc->m, args.v[2]) : NULL;
		if (h && !h->list_default)
			h->list_default = xstrdup(args.v[1]);
		strv_clear(&args);
	}
	free(name);
	return CXChildVisit_Continue;
}

static void read_list_defaults(struct member_ctx *mc)
{
	const struct table *t = mc->fe->t;
	struct list_ctx lc = { mc, NULL };
	char *path;

	if (!t->hook_list || !t->hook_macro)
		return;
	path = path_join(mc->fe->tree, t->hook_list);
	lc.list = clang_getFile(mc->p->tu, path);
	free(path);
	if (lc.list)
		clang_visitChildren(clang_getTranslationUnitCursor(mc->p->tu),
				    list_cb, &lc);
}

/*
 * Every macro the header's parse defines: what a stub there may use.
 * Not those of the files only hookwrap's own region includes (its
 * stubs' headers): a second run must see what the first one saw.
 */
struct header_macros {
	struct strv *out;
	unsigned begin, end;		/* the region's lines, 0 if none */
	CXFile header;
	struct strv region_files;	/* first included from the region */
};

static void region_inclusions(CXFile inc, CXSourceLocation *stack,
			      unsigned len, CXClientData data)
{
	struct header_macros *hm = data;
	CXFile f;
	unsigned line;
	CXString n;

	if (!len)
		return;
	clang_getExpansionLocation(stack[len - 1], &f, &line, NULL, NULL);
	if (!f || !clang_File_isEqual(f, hm->header) || line < hm->begin ||
	    line > hm->end)
		return;
	n = clang_getFileName(inc);
	strv_push(&hm->region_files, clang_getCString(n));
	clang_disposeString(n);
}

static enum CXChildVisitResult header_macros_cb(CXCursor c, CXCursor parent,
						CXClientData data)
{
	struct header_macros *hm = data;
	CXFile f;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	if (hm->region_files.n) {
		CXString n;
		int ours;

		clang_getExpansionLocation(clang_getCursorLocation(c), &f,
					   NULL, NULL, NULL);
		if (f) {
			n = clang_getFileName(f);
			ours = strv_find(&hm->region_files,
					 clang_getCString(n)) >= 0;
			clang_disposeString(n);
			if (ours)
				return CXChildVisit_Continue;
		}
	}
	strv_push_owned(hm->out, fe_spelling(c));
	return CXChildVisit_Continue;
}

/* The lines of the generated region's markers in path; 0 if none. */
static void region_lines(const char *path, unsigned *begin, unsigned *end)
{
	size_t len;
	char *text = read_file(path, &len);

	*begin = *end = 0;
	if (!text)
		return;
	markers_lines(text, begin, end);
	if (!*end || *end < *begin)
		*begin = *end = 0;
	free(text);
}

static void read_header_macros(struct parsed *p, struct manifest *m)
{
	struct header_macros hm = { &m->header_macros, 0, 0, NULL, { 0 } };

	hm.header = clang_getFile(p->tu, p->path);
	region_lines(p->path, &hm.begin, &hm.end);
	if (hm.begin && hm.header)
		clang_getInclusions(p->tu, region_inclusions, &hm);
	clang_visitChildren(clang_getTranslationUnitCursor(p->tu),
			    header_macros_cb, &hm);
	strv_clear(&hm.region_files);
}

int hooks_read(struct frontend *fe, struct manifest *m)
{
	const struct table *t = fe->t;
	struct parsed p;
	struct find_struct fs = { t->struct_name, clang_getNullCursor(), 0 };
	struct member_ctx mc = { fe, &p, m, 0, { 0 }, { 0 } };
	struct dispatch_scan ds;

	if (fe_parse(fe, t->header, &p))
		return -1;
	read_header_macros(&p, m);
	clang_visitChildren(clang_getTranslationUnitCursor(p.tu),
			    find_struct_cb, &fs);
	if (!fs.ok) {
		if (p.errors)
			error_at(p.path, p.first_error_line, "no definition of "
				 "struct %s here (libclang: %s); check 'struct' "
				 "and 'header' in the table description (%s), or "
				 "the include paths ('cflags')", t->struct_name,
				 p.first_error, t->origin);
		else
			error_at(p.path, 0, "no definition of struct %s here; "
				 "check 'struct' and 'header' in the table "
				 "description (%s)", t->struct_name, t->origin);
		fe_parsed_free(&p);
		return -1;
	}
	if (syntax_error_after(&p, fs.found)) {
		fe_parsed_free(&p);
		return -1;
	}
	m->struct_name = xstrdup(t->struct_name);
	m->pointer = xstrdup(t->pointer);
	m->header = xstrdup(t->header);
	clang_visitChildren(fs.found, member_cb, &mc);
	if (!mc.errors && !m->n) {
		error_at(p.path, fe_line(fs.found), "struct %s has no "
			 "function-pointer members; it is not a hook table",
			 t->struct_name);
		mc.errors++;
	}
	/* A member the parse did not see is a hook lost: never silently. */
	if (!mc.errors && hooks_check_count(fe, &p, fs.found, m))
		mc.errors++;
	for (int i = 0; !mc.errors && i < mc.data.n; i++)
		warning_at(p.path, (unsigned)atoi(mc.data_line.v[i]), "%s",
			   mc.data.v[i]);
	strv_clear(&mc.data);
	strv_clear(&mc.data_line);
	read_list_defaults(&mc);
	/*
	 * Wrappers the tree already has keep their names: the header's first,
	 * then those of the files the description names ('wrappers').
	 */
	dispatch_init(&ds, fe, m);
	dispatch_scan_file(&ds, &p, "header");
	if (t->output && strcmp(t->output, t->header) &&
	    dispatch_scan_rel(&ds, t->output, "header"))
		mc.errors++;
	for (int i = 0; i < t->wrappers.n; i++)
		if (dispatch_scan_rel(&ds, t->wrappers.v[i], "tree"))
			mc.errors++;
	dispatch_finish(&ds);
	for (int i = 0; i < m->n; i++) {
		struct hook *h = &m->hooks[i];
		const char *o = override_get(&t->wrapper, h->member);

		if (o) {
			free(h->wrapper);
			h->wrapper = xstrdup(o);
			h->wrapper_from = "config";
		} else if (!h->wrapper) {
			h->wrapper = table_rule_wrapper(t, h->member);
			h->wrapper_from = "rule";
		}
	}
	for (int i = 0; i < t->wrapper.n; i++)
		if (!manifest_find(m, t->wrapper.v[i].hook)) {
			error_at(t->origin, 0, "wrapper.%s: struct %s has no "
				 "member '%s'", t->wrapper.v[i].hook,
				 t->struct_name, t->wrapper.v[i].hook);
			mc.errors++;
		}
	fe_parsed_free(&p);
	return mc.errors ? -1 : 0;
}
