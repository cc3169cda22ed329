/*
 * patch_apply.c - review mode: a file's hunks applied to its text, as
 * git apply does it (each hunk found near its stated line, in order), or
 * the text found to hold the patch already.  Text in, text out: no file
 * system, no messages (patch_tree.c reads the tree and says why).
 */
#include "checker/input/patch.h"

#include <stdlib.h>
#include <string.h>

/* Split text into lines (no newlines); *trailing = ended with one. */
static void split_lines(const char *text, struct strv *out, int *trailing)
{
	const char *s = text;

	*trailing = 1;
	while (*s) {
		const char *e = strchr(s, '\n');

		if (!e) {
			strv_push_owned(out, xstrdup(s));
			*trailing = 0;
			break;
		}
		strv_push_owned(out, xstrndup(s, e - s));
		s = e + 1;
	}
}

/* Do lines[at..] match the hunk's lines whose first char is in keep? */
static int matches_at(const struct strv *lines, int at, const struct hunk *h,
		      const char *keep)
{
	int k = at;

	for (int i = 0; i < h->body.n; i++) {
		const char *l = h->body.v[i];

		if (!strchr(keep, l[0]))
			continue;
		if (k >= lines->n || strcmp(lines->v[k], l + 1))
			return 0;
		k++;
	}
	return 1;
}

/* Where the hunk's side matches near its stated line, or -1. */
static int find_hunk(const struct strv *lines, const struct hunk *h,
		     unsigned start, const char *keep)
{
	int want = start ? (int)start - 1 : 0;

	if (want > lines->n)	/* past the end: no line to read there */
		want = lines->n;
	for (int d = 0; d <= lines->n + 1; d++) {
		if (want - d >= 0 && matches_at(lines, want - d, h, keep))
			return want - d;
		if (d && want + d <= lines->n &&
		    matches_at(lines, want + d, h, keep))
			return want + d;
		if (want - d < 0 && want + d > lines->n)
			break;
	}
	return -1;
}

static char *join_lines(const struct strv *lines, int trailing)
{
	struct sbuf sb = { 0 };

	for (int i = 0; i < lines->n; i++) {
		sb_add(&sb, lines->v[i]);
		if (i + 1 < lines->n || trailing)
			sb_addc(&sb, '\n');
	}
	return sb_detach(&sb);
}

char *patch_apply(const struct patch_file *f, const char *text)
{
	struct strv lines = { 0 }, out = { 0 };
	char *result = NULL;
	int trailing = 1, pos = 0, applies = 1;

	if (text)
		split_lines(text, &lines, &trailing);
	/* Apply: copy, replacing each hunk's old side by its new side. */
	for (int i = 0; i < f->nhunks && applies; i++) {
		const struct hunk *h = &f->hunks[i];
		int at = find_hunk(&lines, h, h->old_start, " -");

		if (at < pos) {
			applies = 0;
			break;
		}
		while (pos < at)
			strv_push(&out, lines.v[pos++]);
		for (int k = 0; k < h->body.n; k++) {
			const char *l = h->body.v[k];

			if (l[0] == ' ' || l[0] == '-')
				pos++;
			if (l[0] == ' ' || l[0] == '+')
				strv_push(&out, l + 1);
		}
	}
	if (applies) {
		while (pos < lines.n)
			strv_push(&out, lines.v[pos++]);
		result = join_lines(&out, trailing);
	} else if (text) {
		/* Already applied?  Every hunk's new side is in place. */
		int all = 1;

		for (int i = 0; i < f->nhunks && all; i++)
			all = find_hunk(&lines, &f->hunks[i],
					f->hunks[i].new_start, " +") >= 0;
		if (all)
			result = xstrdup(text);
	}
	strv_clear(&lines);
	strv_clear(&out);
	return result;
}
