/*
 * incomplete.c - hooks whose facts a parse may have lost (incomplete.h):
 * marked where the build meets an error (hooks.c, dispatch.c,
 * defaults.c), the default-table entries the AST dropped found in the
 * text, and the report.
 */
#include "manifest/incomplete.h"
#include "clang/pptokens.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hook_incomplete(struct hook *h, const char *what,
		     const struct fe_error *e)
{
	char *name;

	if (h->incomplete)
		return;
	name = fe_error_name(e);
	if (name)
		h->incomplete = xasprintf("%s (%s); make '%s' resolve", what,
					  e->msg, name);
	else
		h->incomplete = xasprintf("%s (%s); make it type-check", what,
					  e->msg);
	free(name);
	h->incomplete_at = xstrdup(e->where);
}

static int is_hook(const struct manifest *m, const char *name)
{
	return manifest_find(m, name) != NULL;
}

/* The hook a dispatch macro at token i names (POS-th argument), or NULL. */
static char *macro_hook(const struct pp_tokens *pt, unsigned i, int pos)
{
	int depth = 0, arg = 1;

	if (i + 1 >= pt->n || !pp_is(pt, i + 1, "("))
		return NULL;
	for (unsigned k = i + 1; k < pt->n; k++) {
		if (pp_is(pt, k, "(") && ++depth)
			continue;
		if (pp_is(pt, k, ")") && --depth <= 0)
			return NULL;
		if (depth == 1 && pp_is(pt, k, ",")) {
			arg++;
			continue;
		}
		if (depth == 1 && arg == pos &&
		    clang_getTokenKind(pt->v[k]) == CXToken_Identifier)
			return pp_spelling(pt, k);
	}
	return NULL;
}

/* The hook token i uses (POINTER->NAME, .NAME of a list, a macro's). */
static char *use_at(const struct pp_tokens *pt, unsigned i,
		    const struct table *t, const struct manifest *m)
{
	char *name = NULL;
	int pos;

	if (clang_getTokenKind(pt->v[i]) != CXToken_Identifier)
		return NULL;
	if (i >= 1 && (pp_is(pt, i - 1, "->") || pp_is(pt, i - 1, ".")) &&
	    (t->hook_list || (i >= 2 && pp_is(pt, i - 1, "->") &&
			      pp_is(pt, i - 2, t->pointer))))
		name = pp_spelling(pt, i);
	else if (t->dispatch_macro.n) {
		char *mac = pp_spelling(pt, i);

		pos = table_dispatch_pos(t, mac);
		free(mac);
		if (pos > 0)
			name = macro_hook(pt, i, pos);
	}
	if (name && !is_hook(m, name)) {
		free(name);
		name = NULL;
	}
	return name;
}

void incomplete_fn(struct parsed *p, CXCursor fn, const char *what,
		   const struct table *t, struct manifest *m,
		   struct strv *hooks)
{
	const struct fe_error *whole = fe_unresolved_within(p, fn);
	const struct fe_error *sig = NULL;
	CXFile f;
	struct pp_tokens pt;

	if (!whole)
		return;
	if (clang_isInvalidDeclaration(fn))
		sig = whole;
	clang_getExpansionLocation(clang_getCursorLocation(fn), &f, NULL, NULL,
				   NULL);
	pp_tokenize(p->tu, clang_getCursorExtent(fn), &pt);
	for (unsigned i = 0; i < pt.n; i++) {
		char *name = use_at(&pt, i, t, m);
		const struct fe_error *e = sig;
		unsigned end = i;

		if (!name)
			continue;
		/* The use: from its token to the end of its statement. */
		while (end + 1 < pt.n && !pp_is(&pt, end, ";"))
			end++;
		if (!e)
			e = fe_unresolved_in(p, f, pt.line[i], pt.line[end]);
		if (e) {
			hook_incomplete(manifest_find(m, name), what, e);
			if (strv_find(hooks, name) < 0)
				strv_push(hooks, name);
		}
		free(name);
	}
	pp_tokens_free(&pt);
	/* A signature that does not type-check: every hook it runs. */
	for (int i = 0; sig && i < hooks->n; i++) {
		struct hook *h = manifest_find(m, hooks->v[i]);

		if (h)
			hook_incomplete(h, what, sig);
	}
}

/* A default-table entry of the text: the member, the function, the line. */
struct entry {
	char *member;
	char *fn;		/* NULL when the text does not name it */
	unsigned line;
};

struct entries {
	struct entry *v;
	int n, cap;
};

static void add_entry(struct entries *es, const char *member, const char *fn,
		      unsigned line)
{
	ARRAY_GROW(es->v, es->cap, es->n + 1, 16);
	es->v[es->n].member = xstrdup(member);
	es->v[es->n].fn = fn ? xstrdup(fn) : NULL;
	es->v[es->n].line = line;
	es->n++;
}

/* The line ranges of the branches the parse left out. */
struct skipped {
	unsigned (*v)[2];
	unsigned n;
};

static void skipped_read(struct parsed *p, struct skipped *sk)
{
	CXSourceRangeList *l = clang_getSkippedRanges(p->tu, p->file);

	sk->n = 0;
	sk->v = xcalloc(l ? l->count + 1 : 1, sizeof(*sk->v));
	for (unsigned i = 0; l && i < l->count; i++) {
		clang_getSpellingLocation(clang_getRangeStart(l->ranges[i]),
					  NULL, &sk->v[sk->n][0], NULL, NULL);
		clang_getSpellingLocation(clang_getRangeEnd(l->ranges[i]),
					  NULL, &sk->v[sk->n][1], NULL, NULL);
		sk->n++;
	}
	if (l)
		clang_disposeSourceRangeList(l);
}

static int is_skipped(const struct skipped *sk, unsigned line)
{
	for (unsigned i = 0; i < sk->n; i++)
		if (line >= sk->v[i][0] && line <= sk->v[i][1])
			return 1;
	return 0;
}

/* ".NAME = FN" and "->NAME = FN" in the file's active code. */
static void text_entries(struct parsed *p, const struct manifest *m,
			 const struct skipped *sk, struct entries *es)
{
	struct pp_tokens pt;
	size_t size;

	if (!clang_getFileContents(p->tu, p->file, &size))
		return;
	pp_tokenize(p->tu, clang_getRange(
			clang_getLocationForOffset(p->tu, p->file, 0),
			clang_getLocationForOffset(p->tu, p->file, size)), &pt);
	for (unsigned i = 0; i + 1 < pt.n; i++) {
		char *name, *fn = NULL;

		if (pt.end[i]) {	/* a directive: a macro's body too */
			i = pt.end[i] - 1;
			continue;
		}
		if (!i || (!pp_is(&pt, i - 1, ".") && !pp_is(&pt, i - 1, "->")) ||
		    !pp_is(&pt, i + 1, "=") || is_skipped(sk, pt.line[i]))
			continue;
		name = pp_spelling(&pt, i);
		if (is_hook(m, name)) {
			if (i + 2 < pt.n &&
			    clang_getTokenKind(pt.v[i + 2]) == CXToken_Identifier)
				fn = pp_spelling(&pt, i + 2);
			add_entry(es, name, fn, pt.line[i]);
		}
		free(fn);
		free(name);
	}
	pp_tokens_free(&pt);
}

/*
 * Does the macro definition def use its parameter number k as a member
 * (".P", "->P") or paste it ("## P", "P ##")?
 */
static int uses_as_member(CXTranslationUnit tu, CXCursor def, int k)
{
	struct pp_tokens pt;
	unsigned body = 0;
	int param = -1, found = 0;
	char *name = NULL;

	pp_tokenize(tu, clang_getCursorExtent(def), &pt);
	/* NAME ( p0 , p1 ) body */
	for (unsigned i = 2; i < pt.n && !body; i++) {
		if (pp_is(&pt, i, ")"))
			body = i + 1;
		else if (!pp_is(&pt, i, ",") && ++param == k)
			name = pp_spelling(&pt, i);
	}
	for (unsigned i = body; name && i < pt.n && !found; i++) {
		if (!pp_is(&pt, i, name))
			continue;
		found = (i > 0 && (pp_is(&pt, i - 1, ".") ||
				   pp_is(&pt, i - 1, "->") ||
				   pp_is(&pt, i - 1, "##"))) ||
			(i + 1 < pt.n && pp_is(&pt, i + 1, "##"));
	}
	free(name);
	pp_tokens_free(&pt);
	return found;
}

struct macro_scan {
	struct parsed *p;
	const struct manifest *m;
	const struct skipped *sk;
	struct entries *es;
};

/* A macro argument NAME that the macro uses as a member. */
static enum CXChildVisitResult macro_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct macro_scan *ms = data;
	struct strv args = { 0 };
	CXCursor def;
	CXFile f;
	unsigned line;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, NULL,
				   NULL);
	if (!f || !clang_File_isEqual(f, ms->p->file) ||
	    is_skipped(ms->sk, line))
		return CXChildVisit_Continue;
	def = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(def) || !clang_Cursor_isMacroFunctionLike(def))
		return CXChildVisit_Continue;
	pp_macro_args(ms->p->tu, c, &args);
	for (int k = 0; k < args.n; k++)
		if (is_hook(ms->m, args.v[k]) &&
		    uses_as_member(ms->p->tu, def, k))
			add_entry(ms->es, args.v[k],
				  k + 1 < args.n ? args.v[k + 1] : NULL, line);
	strv_clear(&args);
	return CXChildVisit_Continue;
}

/* The functions of the parse that did not type-check, by name. */
struct invalid_fns {
	struct strv names;
	CXCursor *v;
	int cap;
};

static enum CXChildVisitResult invalid_cb(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct invalid_fns *iv = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl &&
	    clang_isInvalidDeclaration(c)) {
		ARRAY_GROW(iv->v, iv->cap, iv->names.n + 1, 16);
		iv->v[iv->names.n] = c;
		strv_push_owned(&iv->names, fe_spelling(c));
	}
	return CXChildVisit_Continue;
}

/* The error of an invalid function called name (or ending in _name). */
static const struct fe_error *invalid_error(struct parsed *p,
					    const struct invalid_fns *iv,
					    const char *name, int suffix,
					    const char **fn)
{
	char *tail = xasprintf("_%s", name);
	const struct fe_error *e = NULL;

	for (int i = 0; i < iv->names.n && !e; i++) {
		const char *n = iv->names.v[i];

		if (!strcmp(n, name) || (suffix && ends_with(n, tail))) {
			e = fe_unresolved_within(p, iv->v[i]);
			*fn = n;
		}
	}
	free(tail);
	return e;
}

/*
 * Is err "use of undeclared identifier 'X'" where X is the entry's own
 * default (its FN, or *_MEMBER: cap_syslog for set_to_cap_if_null(ops,
 * syslog))?  Then the default is missing from the tree, not lost to a
 * name that did not resolve: the hook has no default (out of line,
 * stale-wrapper names it and gen-header --in-place writes it).
 */
static int default_missing(const struct fe_error *err, const struct entry *e)
{
	static const char pre[] = "use of undeclared identifier '";
	const char *s = strstr(err->msg, pre);
	char *id, *tail;
	int r;

	if (!s)
		return 0;
	s += sizeof(pre) - 1;
	id = xstrndup(s, strcspn(s, "'"));
	tail = xasprintf("_%s", e->member);
	r = e->fn ? !strcmp(id, e->fn) : ends_with(id, tail);
	free(id);
	free(tail);
	return r;
}

void incomplete_defaults(struct parsed *p, struct manifest *m,
			 const struct strv *seen)
{
	struct entries es = { 0 };
	struct skipped sk;
	struct macro_scan ms = { p, m, &sk, &es };
	struct invalid_fns iv = { { 0 }, NULL, 0 };
	const struct fe_error *first = NULL;
	const char *first_fn = NULL;

	if (!fe_unresolved_count(p))
		return;		/* a clean parse dropped nothing */
	skipped_read(p, &sk);
	text_entries(p, m, &sk, &es);
	clang_visitChildren(clang_getTranslationUnitCursor(p->tu), macro_cb,
			    &ms);
	clang_visitChildren(clang_getTranslationUnitCursor(p->tu), invalid_cb,
			    &iv);
	/* What dropped a whole initialiser: its first invalid function. */
	for (int i = 0; i < es.n && !first; i++)
		if (es.v[i].fn && strv_find(seen, es.v[i].member) < 0)
			first = invalid_error(p, &iv, es.v[i].fn, 0, &first_fn);
	for (int i = 0; i < es.n; i++) {
		struct entry *e = &es.v[i];
		struct hook *h = manifest_find(m, e->member);
		const struct fe_error *err = NULL;
		const char *fn = NULL;
		char *what;

		/* Its entry is here; an earlier table already won; said. */
		if (strv_find(seen, e->member) >= 0 || h->dflt ||
		    h->incomplete)
			continue;
		if (e->fn)
			err = invalid_error(p, &iv, e->fn, 0, &fn);
		if (!err)
			err = invalid_error(p, &iv, e->member, 1, &fn);
		if (!err && first) {
			err = first;
			fn = first_fn;
		}
		if (!err) {
			err = fe_unresolved_in(p, p->file, e->line, e->line);
			if (err && default_missing(err, e))
				continue;
		}
		if (!err)
			err = fe_unresolved_in(p, p->file, 1, UINT_MAX);
		if (!err)
			continue;
		what = fn ? xasprintf("the parse dropped its default table "
				      "entry (%s:%u): %s() does not "
				      "type-check", p->rel, e->line, fn) :
			    xasprintf("the parse dropped its default table "
				      "entry (%s:%u)", p->rel, e->line);
		hook_incomplete(h, what, err);
		free(what);
	}
	for (int i = 0; i < es.n; i++) {
		free(es.v[i].member);
		free(es.v[i].fn);
	}
	free(es.v);
	free(sk.v);
	strv_clear(&iv.names);
	free(iv.v);
}

int manifest_report_incomplete(const struct manifest *m)
{
	int n = 0;

	for (int i = 0; i < m->n; i++) {
		const struct hook *h = &m->hooks[i];
		const char *colon;
		char *file;

		if (!h->incomplete)
			continue;
		n++;
		colon = strrchr(h->incomplete_at, ':');
		file = xstrndup(h->incomplete_at, colon - h->incomplete_at);
		error_at(file, (unsigned)atoi(colon + 1), "hook '%s' is "
			 "incomplete: %s ('arch' in hookwrap.conf or ARCH= "
			 "for the tree's architecture; -I, -D in 'cflags') "
			 "[incomplete-hook]", h->member, h->incomplete);
		free(file);
	}
	if (n)
		error_at(NULL, 0, "%d of the %d hooks are incomplete (a "
			 "declaration, a function that runs the hook or a "
			 "default that does not type-check); no manifest is "
			 "built [incomplete-hook]", n, m->n);
	return n;
}
