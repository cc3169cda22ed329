/*
 * udiff.c - apply byte edits and print them as a unified diff.
 *
 * No line matching is needed: the edits say which lines change.  Each
 * edit covers whole old lines (a change), or none (an insertion at a
 * line start); nearby ones are merged, and changes closer than twice
 * the context share a hunk, as diff -u does.
 */
#include "convert/udiff.h"
#include "core/util.h"

#include <string.h>

#define CONTEXT 3

void edits_add(struct edits *e, size_t off, size_t end, const char *text)
{
	ARRAY_GROW(e->v, e->cap, e->n + 1, 16);
	e->v[e->n].off = off;
	e->v[e->n].end = end;
	e->v[e->n].text = xstrdup(text);
	e->n++;
}

void edits_free(struct edits *e)
{
	for (int i = 0; i < e->n; i++)
		free(e->v[i].text);
	free(e->v);
	memset(e, 0, sizeof(*e));
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return 0;
}

/* Apply the edits that fall in [lo, hi) to old[lo, hi). */
static void apply_range(struct sbuf *sb, const char *old, size_t lo,
			size_t hi, const struct edits *e)
{
	size_t at = lo;

	for (int i = 0; i < e->n; i++) {
		const struct edit *d = &e->v[i];

		if (d->off < lo || d->off > hi || (d->off == hi && d->end > hi))
			continue;
		if (d->off < at)
			continue;	/* overlapping: ignored */
		sb_addn(sb, old + at, d->off - at);
		sb_add(sb, d->text);
		at = d->end;
	}
	sb_addn(sb, old + at, hi - at);
}

char *edits_apply(const char *old, size_t len, struct edits *e,
		  size_t *newlen)
{
	struct sbuf sb = { 0 };

	qsort(e->v, e->n, sizeof(*e->v), cmp_edit);
	apply_range(&sb, old, 0, len, e);
	if (newlen)
		*newlen = sb.len;
	if (!sb.buf)
		sb_add(&sb, "");
	return sb_detach(&sb);
}

struct lines {
	size_t *start;	/* start[k]: offset of line k; start[n] = len */
	int n;
};

static void split_lines(struct lines *l, const char *t, size_t len)
{
	int cap = 64;

	l->start = xmalloc(cap * sizeof(*l->start));
	l->n = 0;
	for (size_t i = 0; i < len; ) {
		const char *nl = memchr(t + i, '\n', len - i);

		ARRAY_GROW(l->start, cap, l->n + 2, 64);
		l->start[l->n++] = i;
		i = nl ? (size_t)(nl - t) + 1 : len;
	}
	l->start[l->n] = len;
}

/* Index of the line holding offset off (off < len), or n at the end. */
static int line_of(const struct lines *l, size_t off)
{
	int lo = 0, hi = l->n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (l->start[mid + 1] <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* A run of old lines [first, first + n) replaced by text. */
struct group {
	int first, n;
	struct sbuf text;
	int new_n;
};

static int count_lines(const char *s, size_t len)
{
	int n = 0;

	for (size_t i = 0; i < len; i++)
		if (s[i] == '\n')
			n++;
	return n + (len && s[len - 1] != '\n');
}

static void put_line(FILE *out, char prefix, const char *s, size_t len)
{
	fputc(prefix, out);
	fwrite(s, 1, len, out);
	if (!len || s[len - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

static void put_text(FILE *out, char prefix, const char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (s + i)) + 1 : len - i;

		put_line(out, prefix, s + i, n);
		i += n;
	}
}

static void put_old(FILE *out, char prefix, const char *old,
		    const struct lines *l, int from, int to)
{
	for (int k = from; k < to; k++)
		put_line(out, prefix, old + l->start[k],
			 l->start[k + 1] - l->start[k]);
}

static int build_groups(const char *old, const struct lines *l,
			const struct edits *e, struct group **out)
{
	struct group *g = NULL;
	int ng = 0;

	for (int i = 0; i < e->n; i++) {
		const struct edit *d = &e->v[i];
		int first = line_of(l, d->off), last;

		if (d->off == d->end && (d->off == 0 ||
		    d->off == l->start[first]))
			last = first - 1;	/* insertion at a line start */
		else
			last = line_of(l, d->end > d->off ? d->end - 1 :
					  d->off);
		if (ng && first <= g[ng - 1].first + g[ng - 1].n) {
			struct group *p = &g[ng - 1];

			if (last >= p->first + p->n)
				p->n = last - p->first + 1;
			continue;
		}
		g = xrealloc(g, (ng + 1) * sizeof(*g));
		memset(&g[ng], 0, sizeof(*g));
		g[ng].first = first;
		g[ng].n = last - first + 1;
		ng++;
	}
	for (int k = 0; k < ng; k++) {
		size_t lo = l->start[g[k].first];
		size_t hi = l->start[g[k].first + g[k].n];

		apply_range(&g[k].text, old, lo, hi, e);
		g[k].new_n = count_lines(g[k].text.buf, g[k].text.len);
	}
	*out = g;
	return ng;
}

/*
 * A file name line as git writes it, so that both "patch -p1" and "git
 * apply" read the name back: quoted C-style when it has a byte that
 * needs it (a quote, a backslash, a control or non-ASCII byte), else
 * as it is, ended by a tab when it has a space (or the name would end
 * at the space for patch).
 */
static void put_name(FILE *out, const char *mark, const char *prefix,
		     const char *path)
{
	int quote = 0;

	for (const unsigned char *s = (const unsigned char *)path; *s; s++)
		if (*s == '"' || *s == '\\' || *s < 0x20 || *s >= 0x7f)
			quote = 1;
	if (!quote) {
		fprintf(out, "%s %s%s%s\n", mark, prefix, path,
			strchr(path, ' ') ? "\t" : "");
		return;
	}
	fprintf(out, "%s \"%s", mark, prefix);
	for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
		static const char ctl[] = "\a\b\t\n\v\f\r", esc[] = "abtnvfr";
		const char *c = strchr(ctl, *s);

		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if (c)
			fprintf(out, "\\%c", esc[c - ctl]);
		else if (*s < 0x20 || *s >= 0x7f)
			fprintf(out, "\\%03o", *s);
		else
			fputc(*s, out);
	}
	fputs("\"\n", out);
}

static void put_range(FILE *out, int start, int n)
{
	if (n == 1)
		fprintf(out, "%d", start + 1);
	else
		fprintf(out, "%d,%d", n ? start + 1 : start, n);
}

void udiff_write(FILE *out, const char *path, const char *old, size_t len,
		 struct edits *e)
{
	struct lines l;
	struct group *g;
	int ng, delta = 0;

	qsort(e->v, e->n, sizeof(*e->v), cmp_edit);
	split_lines(&l, old, len);
	ng = build_groups(old, &l, e, &g);
	if (ng) {
		put_name(out, "---", "a/", path);
		put_name(out, "+++", "b/", path);
	}
	for (int a = 0; a < ng; ) {
		int b = a, from, to, old_n, new_n = 0;

		while (b + 1 < ng && g[b + 1].first - (g[b].first + g[b].n) <=
		       2 * CONTEXT)
			b++;
		from = g[a].first - CONTEXT < 0 ? 0 : g[a].first - CONTEXT;
		to = g[b].first + g[b].n + CONTEXT;
		if (to > l.n)
			to = l.n;
		old_n = to - from;
		for (int k = a; k <= b; k++)
			new_n += g[k].new_n - g[k].n;
		new_n += old_n;
		fputs("@@ -", out);
		put_range(out, from, old_n);
		fputs(" +", out);
		put_range(out, from + delta, new_n);
		fputs(" @@\n", out);
		for (int k = a, at = from; k <= b; k++) {
			put_old(out, ' ', old, &l, at, g[k].first);
			put_old(out, '-', old, &l, g[k].first,
				g[k].first + g[k].n);
			put_text(out, '+', g[k].text.buf, g[k].text.len);
			at = g[k].first + g[k].n;
			if (k == b)
				put_old(out, ' ', old, &l, at, to);
		}
		delta += new_n - old_n;
		a = b + 1;
	}
	for (int k = 0; k < ng; k++)
		sb_free(&g[k].text);
	free(g);
	free(l.start);
}
