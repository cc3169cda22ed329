/*
 * sleep_scan.c - one unit's facts for the sleep analysis: the driver of
 * the scan.  It reads what the unit writes (the primitives it writes as
 * macros, the macros it defines and where a header expands them, its
 * global variables and dispatch macros), then walks every function
 * defined in the main file (walk_function(), sleep_call.c) statement by
 * statement (libclang has no CFG in its C API; the walker is
 * sleep_walk.c) with the state "how many atomic regions are open, and
 * which began the outermost" (sleep_state.c).  Every named call is
 * recorded with that state; so are hook calls (through a member of the
 * table's struct, or a wrapper or dispatcher of the manifest).  What a
 * call does to the regions comes from its callee's annotations or body
 * (sleep_call.c, sleep_annot.c); the registrations of hook
 * implementations are sleep_regs.c's.
 */
#include "checker/sleep/sleep_call.h"
#include "checker/sleep/sleep_annot.h"

#include <string.h>

/*
 * Is c the unit's own: written in the main file, or written by a macro
 * the main file defines where a header expands it (the X-macro way:
 * 6.12's kernel/bpf/bpf_lsm.c defines LSM_HOOK and includes
 * lsm_hook_defs.h to define bpf_lsm_<hook> for every hook).  A header's
 * own static inline is neither.
 */
static int in_main(struct sleep_scan *s, CXCursor c)
{
	CXFile f;
	unsigned off = offset_of(clang_getCursorLocation(c), &f);

	if (!f)
		return 0;
	if (clang_File_isEqual(f, s->cx->main_file))
		return 1;
	for (int i = 0; i < s->noe; i++)
		if (off >= s->oe[i].a && off <= s->oe[i].b &&
		    clang_File_isEqual(f, s->oe[i].f))
			return 1;
	return 0;
}

/* Pass one: the primitives written as macros, in every file. */
static enum CXChildVisitResult macros_cb(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct sleep_scan *s = data;
	const struct prim *p;
	CXSourceRange r;
	CXFile f;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MacroDefinition) {
		offset_of(clang_getCursorLocation(c), &f);
		if (f && clang_File_isEqual(f, s->cx->main_file)) {
			strv_push_owned(&s->own_macros, fe_spelling(c));
		} else {
			/* The build's autoconf.h says it is a PREEMPT_RT one. */
			name = fe_spelling(c);
			if (!strcmp(name, "CONFIG_PREEMPT_RT"))
				s->f->preempt_rt = 1;
			if (!strcmp(name, "CONFIG_PREEMPT_COUNT"))
				s->preempt_count = 1;
			free(name);
		}
		return CXChildVisit_Continue;
	}
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	name = fe_spelling(c);
	r = clang_getCursorExtent(c);
	offset_of(clang_getRangeStart(r), &f);
	if (f && !clang_File_isEqual(f, s->cx->main_file) &&
	    s->own_macros.n && strv_find(&s->own_macros, name) >= 0) {
		ARRAY_GROW(s->oe, s->capoe, s->noe + 1, 16);
		s->oe[s->noe].f = f;
		s->oe[s->noe].a = offset_of(clang_getRangeStart(r), NULL);
		s->oe[s->noe].b = offset_of(clang_getRangeEnd(r), NULL);
		s->noe++;
	}
	p = prim_find(name);
	free(name);
	if (!p || !f)
		return CXChildVisit_Continue;
	ARRAY_GROW(s->allpm, s->capallpm, s->nallpm + 1, 64);
	s->allpm[s->nallpm].fi = pfile_index(s, f);
	s->allpm[s->nallpm].start = offset_of(clang_getRangeStart(r), NULL);
	s->allpm[s->nallpm].end = offset_of(clang_getRangeEnd(r), NULL);
	s->allpm[s->nallpm].p = p;
	s->allpm[s->nallpm].c = c;
	s->nallpm++;
	return CXChildVisit_Continue;
}

static int cmp_pmacro(const void *a, const void *b)
{
	const struct pmacro *x = a, *y = b;

	if (x->fi != y->fi)
		return x->fi < y->fi ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static enum CXChildVisitResult top_cb(CXCursor c, CXCursor parent,
				      CXClientData data)
{
	struct sleep_scan *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (clang_isPreprocessing(k) || !in_main(s, c))
		return CXChildVisit_Continue;
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
	    !walked_early(s, c))
		walk_function(s, c);
	if (k == CXCursor_FunctionDecl || k == CXCursor_VarDecl)
		sleep_regs(s->cx, s->f, c);
	return CXChildVisit_Continue;
}

void sleep_scan(struct check_ctx *cx, struct facts *f, struct sqlite3 *db)
{
	struct sleep_scan s;
	CXCursor top = clang_getTranslationUnitCursor(cx->tu);

	memset(&s, 0, sizeof(s));
	s.cx = cx;
	s.f = f;
	s.db = db;
	s.tu = cx->tu;
	s.text = clang_getFileContents(cx->tu, cx->main_file, &s.size);
	clang_visitChildren(top, macros_cb, &s);
	clang_visitChildren(top, gvars_cb, &s);
	fe_macro_index(cx->tu, cx->main_file, cx->t, &s.dm);
	if (s.nallpm)
		qsort(s.allpm, s.nallpm, sizeof(*s.allpm), cmp_pmacro);
	scan_file(&s, cx->main_file, cx->main_shown, 0);
	clang_visitChildren(top, top_cb, &s);
	walk_headers(&s);
	for (int i = 0; i < s.nan; i++) {
		free(s.an[i].name);
		free(s.an[i].text);
	}
	free(s.an);
	for (int i = 0; i < s.ngv; i++) {
		free(s.gv[i].name);
		free(s.gv[i].type);
	}
	free(s.gv);
	free(s.lines);
	free(s.allpm);
	free(s.pfiles);
	free(s.oe);
	strv_clear(&s.own_macros);
	fe_macro_index_free(&s.dm);
}
