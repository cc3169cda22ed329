/*
 * where.c - where a walk's findings are shown: which files of a unit
 * are reported on (the unit, and headers of the tree outside the
 * table's allow-list), the macro expansions in them, the place a
 * location is shown at, and libclang's own diagnostics.
 */
#include "checker/setup.h"
#include "checker/walk_int.h"
#include "clang/frontend.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct wfile *walk_file_info(struct walk *w, CXFile f)
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
	ARRAY_GROW(w->files, w->capfiles, w->nfiles + 1, 64);
	wf = &w->files[w->nfiles];
	memset(wf, 0, sizeof(*wf));
	wf->f = f;
	name = clang_getFileName(f);
	path = clang_getCString(name);
	abs = realpath(path, NULL);
	wf->rel = abs ? tree_rel(cx->shadow, cx->tree_abs, abs) : NULL;
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

void walk_expansion(CXSourceLocation l, CXFile *f, unsigned *line,
		      unsigned *col, unsigned *off)
{
	clang_getExpansionLocation(l, f, line, col, off);
}

/* Pass one: macro expansions in the files we report on. */
enum CXChildVisitResult walk_macros_cb(CXCursor c, CXCursor parent,
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
	walk_expansion(clang_getRangeStart(r), &f, NULL, NULL, &s);
	wf = walk_file_info(w, f);
	if (!wf || !wf->report)
		return CXChildVisit_Continue;
	walk_expansion(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	ARRAY_GROW(w->mexp, w->capmexp, w->nmexp + 1, 64);
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

		walk_expansion(clang_getCursorLocation(def), &df, &line, NULL, NULL);
		dw = walk_file_info(w, df);
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
int walk_locate(struct walk *w, CXSourceLocation l, struct where *at)
{
	CXFile ef, sf;
	unsigned eline, ecol, eoff, sline, scol, soff;
	struct wfile *wf;
	const struct mexp *m;
	CXFile f;
	unsigned off;

	walk_expansion(l, &ef, &eline, &ecol, &eoff);
	clang_getSpellingLocation(l, &sf, &sline, &scol, &soff);
	memset(at, 0, sizeof(*at));
	wf = sf ? walk_file_info(w, sf) : NULL;
	if (wf && wf->report) {
		f = sf;
		off = soff;
		at->line = sline;
		at->col = scol;
	} else {
		wf = walk_file_info(w, ef);
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

static int unknown_member_diag(const struct table *t, const char *msg)
{
	char *want = xasprintf("' in 'struct %s'", t->struct_name);
	int hit = starts_with(msg, "no member named '") && strstr(msg, want);

	free(want);
	return hit;
}

void walk_diagnostics(struct walk *w)
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
		walk_expansion(clang_getDiagnosticLocation(d), &f, &line, &col,
			  &off);
		s = clang_getDiagnosticSpelling(d);
		msg = clang_getCString(s);
		if (!f) {
			/* The driver: a flag clang lacks.  Not the code. */
		} else if (unknown_member_diag(cx->t, msg)) {
			struct wfile *wf = walk_file_info(w, f);
			struct where at;

			ARRAY_GROW(w->ud, w->capud, w->nud + 1, 8);
			w->ud[w->nud].f = f;
			w->ud[w->nud++].off = off;
			if (wf && wf->report &&
			    walk_locate(w, clang_getDiagnosticLocation(d), &at)) {
				for (int k = 0; rules[k]; k++)
					if (rules[k]->on_diag)
						rules[k]->on_diag(cx, d, &at);
				where_free(&at);
			}
		} else {
			if (!w->res->errors++) {
				struct wfile *wf = walk_file_info(w, f);

				w->res->first_error = xasprintf("%s:%u: %s",
					wf ? wf->shown : "?", line, msg);
			}
		}
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
}
