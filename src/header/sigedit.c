/*
 * sigedit.c - the rewrites of a signature plan (sigedit.h): a list that
 * takes the new types and keeps the old declarations where it can, the
 * edits of a parameter list and of a dispatcher's kernel-doc, and the
 * texts they make.  Each edit is a byte range of one file replaced; the
 * texts are made once every edit is known.
 */
#include "header/sigedit.h"

#include <ctype.h>
#include <string.h>

static int is_id(int c)
{
	return c == '_' || isalnum((unsigned char)c);
}

void sp_add_edit(struct sp_file *f, size_t from, size_t to, char *text)
{
	ARRAY_GROW(f->v, f->cap, f->n + 1, 8);
	f->v[f->n++] = (struct sp_edit){ from, to, text };
}

size_t sp_line_start(const char *text, size_t i)
{
	while (i && text[i - 1] != '\n')
		i--;
	return i;
}

static size_t line_offset(const char *text, unsigned line)
{
	const char *p = text;

	for (unsigned i = 1; i < line && p; i++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return p ? (size_t)(p - text) : strlen(text);
}

/*
 * The list that takes new's types, keeping old's declaration (its name
 * too) for each type old had in the same order: a longest common
 * subsequence of the types.  kept[i]: old's parameter i keeps its place.
 * When a new name would clash with a kept one, new's list as it is.
 */
char **sp_realign(const struct cparam *o, int no, const struct cparam *nw,
		      int nn, int *kept)
{
	int *dp = xcalloc((size_t)(no + 1) * (nn + 1), sizeof(int));
	int *from = xcalloc(nn + 1, sizeof(int));
	char **items = xcalloc(nn + 1, sizeof(char *));
	int i, j, clash = 0;

#define DP(a, b) dp[(a) * (nn + 1) + (b)]
	for (i = no - 1; i >= 0; i--)
		for (j = nn - 1; j >= 0; j--)
			DP(i, j) = csig_same_type(o[i].type, nw[j].type) ?
				   DP(i + 1, j + 1) + 1 :
				   DP(i + 1, j) > DP(i, j + 1) ?
				   DP(i + 1, j) : DP(i, j + 1);
	for (j = 0; j < nn; j++)
		from[j] = -1;
	for (i = 0; i < no; i++)
		kept[i] = 0;
	for (i = 0, j = 0; i < no && j < nn;) {
		if (csig_same_type(o[i].type, nw[j].type) &&
		    DP(i, j) == DP(i + 1, j + 1) + 1) {
			from[j++] = i;
			kept[i++] = 1;
		} else if (DP(i + 1, j) >= DP(i, j + 1)) {
			i++;
		} else {
			j++;
		}
	}
#undef DP
	for (j = 0; j < nn; j++)
		if (from[j] < 0 && *nw[j].name)
			for (i = 0; i < no; i++)
				clash |= kept[i] && !strcmp(o[i].name,
							    nw[j].name);
	for (j = 0; j < nn; j++)
		items[j] = xstrdup(from[j] >= 0 && !clash ? o[from[j]].decl :
				   nw[j].decl);
	if (clash)
		for (i = 0; i < no; i++)
			kept[i] = 0;
	free(dp);
	free(from);
	return items;
}

void sp_items_free(char **items, int n)
{
	for (int i = 0; i < n; i++)
		free(items[i]);
	free(items);
}

/* items as cparams (no offsets). */
void sp_items_params(char *const *items, int n, struct cparam **out)
{
	*out = xcalloc(n + 1, sizeof(**out));
	for (int i = 0; i < n; i++) {
		(*out)[i].decl = xstrdup(items[i]);
		csig_split(items[i], &(*out)[i].name, &(*out)[i].type);
	}
}

/* Replace the parameter list of sig in f with items. */
void sp_edit_list(struct sp_file *f, const struct csig *sig,
		      char **items, int n)
{
	char *v = "void";
	size_t from = sp_line_start(f->text, sig->open);

	sp_add_edit(f, from, sig->close + 1,
		 csig_layout(f->text, from, sig->open, sig->close, sig->p,
			     sig->n, n ? items : &v, n ? n : 1));
}

/*
 * Does code[body, end) use one of the parameters old loses (not kept)?
 * Its name, or NULL.  A name after "." or "->" is a member.
 */
const char *sp_uses_lost(const char *code, size_t body, size_t end,
			     const struct cparam *o, int no, const int *kept)
{
	for (int i = 0; i < no; i++) {
		size_t n = strlen(o[i].name);

		if (kept[i] || !n)
			continue;
		for (size_t k = body; k + n <= end; k++) {
			size_t b = k;

			if (strncmp(code + k, o[i].name, n) ||
			    (k && is_id(code[k - 1])) || is_id(code[k + n]))
				continue;
			while (b > body && isspace((unsigned char)code[b - 1]))
				b--;
			if (code[b - 1] == '.' || (code[b - 1] == '>' &&
						   code[b - 2] == '-'))
				continue;
			return o[i].name;
		}
	}
	return NULL;
}

/*
 * The kernel-doc of a rewritten dispatcher (lines d->first .. d->line - 1
 * of f): an "@NAME:" entry dropped for each parameter it loses, one
 * added ("@NAME: hook argument") for each it gains, after the entry of
 * the parameter before it.
 */
void sp_edit_doc(struct sp_file *f, const struct cdecl *d,
		     const struct cparam *o, int no, char *const *items,
		     int n)
{
	struct cparam *np;
	size_t *at = xcalloc(n + 1, sizeof(size_t));	/* entry's end */
	size_t first_entry = 0, after_head = 0;

	if (!d->doc || d->first >= d->line)
		return;
	sp_items_params(items, n, &np);
	for (unsigned l = d->first; l < d->line; l++) {
		size_t s = line_offset(f->text, l), e, k;
		const char *p = f->text + s + strspn(f->text + s, " \t");
		char *name;
		int keep = 0, idx = -1;
		unsigned last = l;

		if (l == d->first + 1 && !after_head)
			after_head = line_offset(f->text, l + 1);
		if (*p != '*' || p[1 + strspn(p + 1, " \t")] != '@')
			continue;
		p += 1 + strspn(p + 1, " \t") + 1;
		for (k = 0; is_id(p[k]); k++)
			;
		if (p[k] != ':')
			continue;
		name = xstrndup(p, k);
		/* The entry goes on to the next "@", blank " *" or the end. */
		while (last + 1 < d->line) {
			const char *q = f->text + line_offset(f->text, last + 1);

			q += strspn(q, " \t");
			if (*q != '*' || q[1] == '/' ||
			    q[1 + strspn(q + 1, " \t")] == '@' ||
			    q[1 + strspn(q + 1, " \t")] == '\n')
				break;
			last++;
		}
		e = line_offset(f->text, last + 1);
		if (!first_entry)
			first_entry = s;
		for (int j = 0; j < n; j++)
			if (!strcmp(np[j].name, name)) {
				keep = 1;
				idx = j;
			}
		for (int i = 0; i < no && !keep; i++)
			if (!strcmp(o[i].name, name))
				sp_add_edit(f, s, e, xstrdup(""));
		if (idx >= 0)
			at[idx] = e;
		free(name);
		l = last;
	}
	for (int j = 0; j < n; j++) {
		size_t where = 0;

		if (at[j] || !*np[j].name)
			continue;
		for (int k = j - 1; k >= 0 && !where; k--)
			where = at[k];
		if (!where)
			where = first_entry ? first_entry : after_head;
		if (where)
			sp_add_edit(f, where, where, xasprintf(" * @%s: hook "
							    "argument\n",
							    np[j].name));
	}
	cparams_free(np, n);
	free(at);
}

static int edit_cmp(const void *pa, const void *pb)
{
	const struct sp_edit *a = pa, *b = pb;

	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	return (a->to > b->to) - (a->to < b->to);
}

void sigplan_apply(const struct sigplan *sp, char *out[3])
{
	for (int i = 0; i < 3; i++) {
		const struct sp_file *f = &sp->f[i];
		struct sbuf sb = { 0 };
		size_t at = 0;

		out[i] = NULL;
		if (!f->n || !f->text)
			continue;
		qsort(f->v, f->n, sizeof(*f->v), edit_cmp);
		for (int k = 0; k < f->n; k++) {
			if (f->v[k].from < at)
				continue;	/* overlaps: never made */
			sb_addn(&sb, f->text + at, f->v[k].from - at);
			sb_add(&sb, f->v[k].text);
			at = f->v[k].to;
		}
		sb_add(&sb, f->text + at);
		out[i] = sb_detach(&sb);
	}
}
