/*
 * incgraph.c - the include graph of one parsed file, from libclang.
 *
 * Every InclusionDirective cursor of the translation unit is an edge
 * "file F, line L includes file G".  A breadth-first walk from the file
 * follows the edges taken wherever the converted calls are: outside
 * every conditional of F, or under conditions (compared as text) that
 * every converted call of the file sits under too, as in
 *
 *	#ifdef CONFIG_NFSD_V4
 *	#include <linux/security.h>
 *	#endif
 *	...
 *	#ifdef CONFIG_NFSD_V4
 *		security_ops->inode_getxattr(dentry, key);
 *
 * The wrapper header counts as included when the walk reaches it.  Any
 * other include under a conditional is taken as absent: adding the
 * include then is safe, maybe redundant, never missing.
 */
#include "convert/incgraph.h"

#include <string.h>

struct edge {
	CXFile from, to;
	unsigned line;
};

struct graph {
	CXTranslationUnit tu;
	struct edge *v;
	int n, cap;
	/* conditionals per file, on demand */
	struct fconds {
		CXFile file;
		struct conds c;
		int guard;	/* index of the include guard's #ifndef, or -1 */
	} *fc;
	int nfc;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct graph *g = data;
	CXFile from, to;
	unsigned line;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	to = clang_getIncludedFile(c);
	clang_getSpellingLocation(clang_getCursorLocation(c), &from, &line,
				  NULL, NULL);
	if (!to || !from)
		return CXChildVisit_Continue;
	ARRAY_GROW(g->v, g->cap, g->n + 1, 64);
	g->v[g->n++] = (struct edge){ from, to, line };
	return CXChildVisit_Continue;
}

/* An include guard: the first conditional an #ifndef, its #endif last. */
static int find_guard(const struct conds *c)
{
	int depth = 0;

	if (!c->n || c->v[0].kind != C_IFNDEF)
		return -1;
	for (int i = 0; i < c->n; i++) {
		enum cond_kind k = c->v[i].kind;

		if (k == C_IF || k == C_IFDEF || k == C_IFNDEF)
			depth++;
		else if (k == C_ENDIF && !--depth)
			return i == c->n - 1 ? 0 : -1;
		else if ((k == C_ELSE || k == C_ELIF) && depth == 1)
			return -1;
	}
	return -1;
}

/* Conditions every kernel build takes. */
static int always_taken(const struct cond *c)
{
	if (!c->expr)
		return 0;
	if (c->kind == C_IFDEF)
		return !strcmp(c->expr, "__KERNEL__");
	if (c->kind == C_IFNDEF)
		return !strcmp(c->expr, "__ASSEMBLY__");
	if (c->kind == C_IF)
		return !strcmp(c->expr, "defined(__KERNEL__)") ||
		       !strcmp(c->expr, "defined __KERNEL__") ||
		       !strcmp(c->expr, "!defined(__ASSEMBLY__)") ||
		       !strcmp(c->expr, "!defined __ASSEMBLY__");
	return 0;
}

static struct fconds *conds_of(struct graph *g, CXFile f)
{
	for (int i = 0; i < g->nfc; i++)
		if (clang_File_isEqual(g->fc[i].file, f))
			return &g->fc[i];
	g->fc = xrealloc(g->fc, (g->nfc + 1) * sizeof(*g->fc));
	memset(&g->fc[g->nfc], 0, sizeof(*g->fc));
	g->fc[g->nfc].file = f;
	guards_scan(g->tu, f, &g->fc[g->nfc].c);
	g->fc[g->nfc].guard = find_guard(&g->fc[g->nfc].c);
	return &g->fc[g->nfc++];
}

/* "defined(X)" for #ifdef X, "!defined(X)" for #ifndef X, else the text. */
static char *normal(const struct cond *c)
{
	if (c->kind == C_IFDEF)
		return xasprintf("defined(%s)", c->expr);
	if (c->kind == C_IFNDEF)
		return xasprintf("!defined(%s)", c->expr);
	return xstrdup(c->expr ? c->expr : "");
}

/*
 * The conditions line of f sits under, as text: one per open
 * conditional, the include guard and the always-taken ones left out
 * ("!(E)" in an #else of E; "E elif F" in an #elif F of E).
 */
static void conds_at(struct graph *g, CXFile f, unsigned line,
		     struct strv *out)
{
	struct fconds *fc = conds_of(g, f);
	struct open {
		int first;		/* index of the #if */
		char *text;		/* the branch's condition, NULL: none */
	} *st = NULL;
	int depth = 0, cap = 0;

	for (int i = 0; i < fc->c.n && fc->c.v[i].line < line; i++) {
		const struct cond *c = &fc->c.v[i];

		if (c->kind == C_IF || c->kind == C_IFDEF ||
		    c->kind == C_IFNDEF) {
			ARRAY_GROW(st, cap, depth + 1, 8);
			st[depth].first = i;
			st[depth].text = (i == fc->guard && !depth) ||
					 always_taken(c) ? NULL : normal(c);
			depth++;
		} else if (depth && (c->kind == C_ELSE || c->kind == C_ELIF)) {
			struct open *o = &st[depth - 1];
			char *first = normal(&fc->c.v[o->first]);
			char *e = c->kind == C_ELSE ? NULL : normal(c);

			free(o->text);
			o->text = e ? xasprintf("%s elif %s", first, e) :
				      xasprintf("!(%s)", first);
			free(first);
			free(e);
		} else if (depth && c->kind == C_ENDIF) {
			free(st[--depth].text);
		}
	}
	for (int k = 0; k < depth; k++) {
		if (st[k].text)
			strv_push_owned(out, st[k].text);
	}
	free(st);
}

/*
 * Is the #include at line of f taken wherever the converted calls are?
 * Yes when each condition it sits under holds at every call (is in
 * need, the conditions common to the calls' lines).
 */
static int taken(struct graph *g, CXFile f, unsigned line,
		 const struct strv *need)
{
	struct strv at = { 0 };
	int ok = 1;

	conds_at(g, f, line, &at);
	for (int i = 0; i < at.n && ok; i++) {
		ok = 0;
		for (int k = 0; k < need->n && !ok; k++)
			ok = !strcmp(at.v[i], need->v[k]);
	}
	strv_clear(&at);
	return ok;
}

/* The conditions every one of lines[0..n) of f sits under. */
static void common_conds(struct graph *g, CXFile f, const unsigned *lines,
			 int n, struct strv *out)
{
	conds_at(g, f, n ? lines[0] : 1, out);
	for (int i = 1; i < n; i++) {
		struct strv at = { 0 }, keep = { 0 };

		conds_at(g, f, lines[i], &at);
		for (int k = 0; k < out->n; k++) {
			int in = 0;

			for (int j = 0; j < at.n && !in; j++)
				in = !strcmp(out->v[k], at.v[j]);
			if (in)
				strv_push(&keep, out->v[k]);
		}
		strv_clear(&at);
		strv_clear(out);
		*out = keep;
	}
}

int incgraph_reaches(struct frontend *fe, const char *rel,
		     const char *header, const unsigned *lines, int nlines)
{
	struct parsed p;
	struct graph g = { 0 };
	struct strv need = { 0 };
	char *hpath = path_join(fe->tree, header);
	CXFile target, *queue;
	int nq = 0, reached = 0;

	if (fe_parse(fe, rel, &p)) {
		free(hpath);
		return -1;
	}
	g.tu = p.tu;
	target = clang_getFile(p.tu, hpath);
	free(hpath);
	if (!target) {
		fe_parsed_free(&p);
		return 0;	/* never read */
	}
	clang_visitChildren(clang_getTranslationUnitCursor(p.tu), collect,
			    &g);
	common_conds(&g, p.file, lines, nlines, &need);
	queue = xcalloc(g.n + 1, sizeof(*queue));
	queue[nq++] = p.file;
	for (int head = 0; head < nq && !reached; head++) {
		for (int i = 0; i < g.n && !reached; i++) {
			struct edge *e = &g.v[i];
			int seen = 0;

			if (!clang_File_isEqual(e->from, queue[head]) ||
			    !taken(&g, e->from, e->line, &need))
				continue;
			if (clang_File_isEqual(e->to, target))
				reached = 1;
			for (int k = 0; k < nq && !seen; k++)
				seen = clang_File_isEqual(queue[k], e->to);
			if (!seen && nq < g.n + 1)
				queue[nq++] = e->to;
		}
	}
	free(queue);
	strv_clear(&need);
	for (int i = 0; i < g.nfc; i++)
		guards_free(&g.fc[i].c);
	free(g.fc);
	free(g.v);
	fe_parsed_free(&p);
	return reached;
}

