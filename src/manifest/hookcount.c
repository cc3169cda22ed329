/*
 * hookcount.c - the members a hook table's text declares, in every
 * branch of its conditionals, against the manifest's rows.
 */
#include "manifest/hookcount.h"
#include "clang/pptokens.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

struct declared {
	struct strv names;
	struct strv where;	/* "file:line" of each */
};

static void declare(struct declared *d, char *name, const char *path,
		    unsigned line)
{
	if (strv_find(&d->names, name) >= 0) {
		free(name);	/* in two branches: one member */
		return;
	}
	strv_push_owned(&d->names, name);
	strv_push_owned(&d->where, xasprintf("%s:%u", path, line));
}

static int is_ident(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/*
 * Declare each function pointer a member declaration (tokens k) names:
 * "( * NAME ) (" outside parentheses, so that "int (*a)(void), (*b)(int)"
 * is two and a parameter "int (*cb)(void)" none.
 */
static void fp_declarators(const struct pp_tokens *pt, const unsigned *k,
			   int n, struct declared *d, const char *path)
{
	int depth = 0;

	for (int i = 0; i < n; i++) {
		char *name;

		if (pp_is(pt, k[i], ")")) {
			depth--;
			continue;
		}
		if (!pp_is(pt, k[i], "("))
			continue;
		if (depth++ || i + 4 >= n || !pp_is(pt, k[i + 1], "*") ||
		    !pp_is(pt, k[i + 3], ")") || !pp_is(pt, k[i + 4], "("))
			continue;
		name = pp_spelling(pt, k[i + 2]);
		if (is_ident(name))
			declare(d, name, path, pt->line[k[i + 2]]);
		else
			free(name);
	}
}

/*
 * The struct's own members ("int (*ptrace) (...);"): the declarations
 * directly inside its braces, directives and comments left out.
 */
static void scan_struct(struct parsed *p, CXCursor st, struct declared *d)
{
	struct pp_tokens pt;
	unsigned *decl;
	int n = 0, depth = 0;

	pp_tokenize(p->tu, clang_getCursorExtent(st), &pt);
	decl = xcalloc(pt.n + 1, sizeof(*decl));
	for (unsigned i = 0; i < pt.n; i++) {
		if (pt.end[i]) {
			i = pt.end[i] - 1;
			continue;
		}
		if (pp_is_comment(&pt, i))
			continue;
		if (pp_is(&pt, i, "{")) {
			depth++;
		} else if (pp_is(&pt, i, "}")) {
			depth--;
		} else if (depth == 1 && pp_is(&pt, i, ";")) {
			fp_declarators(&pt, decl, n, d, p->path);
			n = 0;
		} else if (depth == 1) {
			decl[n++] = i;
		}
	}
	free(decl);
	pp_tokens_free(&pt);
}

/* The NAME (third argument) of "MACRO(RET, DEFAULT, NAME, ...)" at i. */
static char *list_entry(const struct pp_tokens *pt, unsigned i)
{
	int depth = 0, arg = 0;

	for (unsigned k = i + 1; k < pt->n && !pt->end[k]; k++) {
		if (pp_is_comment(pt, k))
			continue;
		if (pp_is(pt, k, "(")) {
			depth++;
		} else if (pp_is(pt, k, ")")) {
			if (--depth <= 0)
				return NULL;
		} else if (depth == 1 && pp_is(pt, k, ",")) {
			arg++;
		} else if (depth == 1 && arg == 2) {
			char *name = pp_spelling(pt, k);

			if (is_ident(name))
				return name;
			free(name);
			return NULL;
		}
		if (depth <= 0)
			return NULL;	/* the macro's name, not a call */
	}
	return NULL;
}

/* The entries of the X-macro list, when the parse includes it. */
static void scan_list(const struct frontend *fe, struct parsed *p,
		      struct declared *d)
{
	const struct table *t = fe->t;
	char *path;
	CXFile f;
	size_t size;
	struct pp_tokens pt;

	if (!t->hook_list || !t->hook_macro)
		return;
	path = path_join(fe->tree, t->hook_list);
	f = clang_getFile(p->tu, path);
	if (!f || !clang_getFileContents(p->tu, f, &size)) {
		free(path);
		return;
	}
	pp_tokenize(p->tu, clang_getRange(clang_getLocationForOffset(p->tu, f, 0),
					  clang_getLocationForOffset(p->tu, f,
								     size)),
		    &pt);
	for (unsigned i = 0; i < pt.n; i++) {
		char *name;

		if (pt.end[i]) {
			i = pt.end[i] - 1;
			continue;
		}
		if (pp_is_comment(&pt, i) || !pp_is(&pt, i, t->hook_macro))
			continue;
		name = list_entry(&pt, i);
		if (name)
			declare(d, name, path, pt.line[i]);
	}
	pp_tokens_free(&pt);
	free(path);
}

int hooks_check_count(const struct frontend *fe, struct parsed *p,
		      CXCursor st, const struct manifest *m)
{
	const struct table *t = fe->t;
	struct declared d = { { 0 }, { 0 } };
	int lost = 0, first = -1, skipped = 0, ret = 0;

	scan_struct(p, st, &d);
	scan_list(fe, p, &d);
	for (int i = 0; i < d.names.n; i++) {
		if (table_is_data_member(t, d.names.v[i]))
			skipped++;
		else if (!manifest_find(m, d.names.v[i]) && !lost++)
			first = i;
	}
	if (lost) {
		const char *w = d.where.v[first];
		const char *colon = strrchr(w, ':');
		char *file = xstrndup(w, colon - w);
		char more[32] = "";

		if (lost > 1)
			snprintf(more, sizeof(more), " and %d more", lost - 1);
		error_at(file, (unsigned)atoi(colon + 1), "%s %s declares %d "
			 "function-pointer members but the manifest has %d "
			 "rows and %d skipped: '%s'%s %s missing, in a branch "
			 "of an #if that the parse (every CONFIG_ symbol on) "
			 "leaves out; test CONFIG_ symbols plainly (#ifdef "
			 "CONFIG_X, defined(CONFIG_X) && ...), or list a "
			 "member that is no hook under 'skip' (%s)",
			 clang_getCursorKind(st) == CXCursor_UnionDecl ?
			 "union" : "struct", t->struct_name, d.names.n, m->n,
			 skipped, d.names.v[first], more,
			 lost > 1 ? "are" : "is", t->origin);
		free(file);
		ret = -1;
	}
	strv_clear(&d.names);
	strv_clear(&d.where);
	return ret;
}
