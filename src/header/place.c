/*
 * place.c - the place for the generated region in a header that has no
 * markers yet (place.h).  The struct's and the pointer's last lines come
 * from libclang's parse (all-yes: both visible); the conditionals from
 * the header's own directives (guards.h).
 */
#include "header/place.h"
#include "manifest/manifest.h"

#include <string.h>

void place_ranges(const struct conds *c, struct cond_ranges *r)
{
	int stack[256], depth = 0;

	memset(r, 0, sizeof(*r));
	r->guard = -1;
	for (int i = 0; i < c->n; i++) {
		const struct cond *d = &c->v[i];

		if (d->kind == C_IF || d->kind == C_IFDEF ||
		    d->kind == C_IFNDEF) {
			ARRAY_GROW(r->v, r->cap, r->n + 1, 16);
			r->v[r->n].open = d->line;
			r->v[r->n].close = 0;
			r->v[r->n].expr = d->expr;
			r->v[r->n].kind = d->kind;
			r->v[r->n].depth = depth;
			if (depth < (int)ARRAY_SIZE(stack))
				stack[depth] = r->n;
			depth++;
			r->n++;
		} else if (d->kind == C_ENDIF && depth > 0) {
			depth--;
			if (depth < (int)ARRAY_SIZE(stack))
				r->v[stack[depth]].close = d->line;
		}
	}
	/*
	 * The include guard: the first block, an #ifndef, outermost, holding
	 * every other directive (its #endif is the last one).
	 */
	if (r->n && r->v[0].kind == C_IFNDEF && r->v[0].close &&
	    c->n && c->v[0].line == r->v[0].open &&
	    c->v[c->n - 1].line == r->v[0].close)
		r->guard = 0;
}

void place_ranges_free(struct cond_ranges *r)
{
	free(r->v);
	memset(r, 0, sizeof(*r));
}

/* Does the condition name sym as a whole word? */
static int names(const char *expr, const char *sym)
{
	size_t n = strlen(sym);

	for (const char *s = expr; s && (s = strstr(s, sym)); s += n) {
		char before = s == expr ? ' ' : s[-1];
		char after = s[n];

		if (!(before == '_' || (before >= 'A' && before <= 'Z') ||
		      (before >= 'a' && before <= 'z') ||
		      (before >= '0' && before <= '9')) &&
		    !(after == '_' || (after >= 'A' && after <= 'Z') ||
		      (after >= 'a' && after <= 'z') ||
		      (after >= '0' && after <= '9')))
			return 1;
	}
	return 0;
}

struct find_decls {
	const struct parsed *p;
	const struct table *t;
	unsigned struct_end, pointer_end;
};

static unsigned end_line(CXCursor c)
{
	unsigned line;

	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)),
				   NULL, &line, NULL, NULL);
	return line;
}

static enum CXChildVisitResult decls_cb(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct find_decls *fd = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *name;

	(void)parent;
	if (!fe_in_file(fd->p, c) ||
	    (k != CXCursor_StructDecl && k != CXCursor_UnionDecl &&
	     k != CXCursor_VarDecl))
		return CXChildVisit_Continue;
	name = fe_spelling(c);
	if (k != CXCursor_VarDecl && clang_isCursorDefinition(c) &&
	    !strcmp(name, fd->t->struct_name))
		fd->struct_end = end_line(c);
	else if (k == CXCursor_VarDecl && !strcmp(name, fd->t->pointer) &&
		 !fd->pointer_end)
		fd->pointer_end = end_line(c);
	free(name);
	return CXChildVisit_Continue;
}

int place_region(const struct parsed *p, const struct table *t,
		 unsigned *after, char **how)
{
	struct find_decls fd = { p, t, 0, 0 };
	struct cond_ranges r;
	unsigned at;
	int moved = -1;

	clang_visitChildren(clang_getTranslationUnitCursor(p->tu), decls_cb,
			    &fd);
	if (!fd.struct_end) {
		error_at(p->path, 0, "no definition of struct %s here to put "
			 "the generated region after; put the two lines '"
			 GEN_BEGIN "' and '" GEN_END "' where the wrappers "
			 "belong, then run again", t->struct_name);
		return -1;
	}
	at = fd.struct_end > fd.pointer_end ? fd.struct_end : fd.pointer_end;
	place_ranges(&p->conds, &r);
	/*
	 * Every block around them must be on the option; leaving the
	 * outermost one leaves every block inside it.
	 */
	for (int i = 0; i < r.n; i++) {
		const struct cond_range *b = &r.v[i];

		if (i == r.guard || b->open > at || !b->close || b->close < at)
			continue;
		if (!names(b->expr, t->config)) {
			error_at(p->path, b->open, "the struct and '%s' sit "
				 "inside '#%s %s', a conditional not on %s: "
				 "hookwrap cannot tell where the wrappers "
				 "belong; put the two lines '" GEN_BEGIN "' "
				 "and '" GEN_END "' there, then run again",
				 t->pointer, b->kind == C_IF ? "if" :
				 b->kind == C_IFDEF ? "ifdef" : "ifndef",
				 b->expr, t->config);
			place_ranges_free(&r);
			return -1;
		}
		if (moved < 0 || b->depth < r.v[moved].depth)
			moved = i;
	}
	if (moved >= 0) {
		at = r.v[moved].close;
		*how = xasprintf("after the #endif of '#%s %s' that holds the "
				 "struct and '%s'",
				 r.v[moved].kind == C_IFDEF ? "ifdef" :
				 r.v[moved].kind == C_IFNDEF ? "ifndef" : "if",
				 r.v[moved].expr, t->pointer);
	} else {
		*how = xasprintf("after the struct and '%s'", t->pointer);
	}
	place_ranges_free(&r);
	*after = at;
	return 0;
}
