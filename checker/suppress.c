/*
 * suppress.c - findings a comment in the code has reviewed.  A comment
 * "hookwrap: ignore" on the finding's line or the line above silences
 * the rules named right after it (the words that are rule ids), or
 * every rule when it names none:
 *
 *	secondary_ops = security_ops;	// hookwrap: ignore direct-ops-use
 *
 * Text after the ids is the reason, for the reviewer.  The sleep rules
 * also keep their older mark, "hookwrap: sleep-ok".  A file that cannot
 * be read silences nothing.
 */
#include "checker/check.h"

#include <string.h>

static const char mark[] = "hookwrap: ignore";

int suppressed_span(const char *s, const char *end, const char *rule)
{
	const char *p = s;
	size_t n = sizeof(mark) - 1;

	while (p + n <= end) {
		const char *hit = memmem(p, end - p, mark, n);
		int named = 0, match = 0;

		if (!hit)
			return 0;
		p = hit + n;
		/* The words that follow, as long as they are rule ids. */
		for (;;) {
			const char *w, *e;
			char *word;
			int is_rule;

			while (p < end && (*p == ' ' || *p == '\t' || *p == ','))
				p++;
			for (w = e = p; e < end && ((*e >= 'a' && *e <= 'z') ||
					 (*e >= '0' && *e <= '9') || *e == '-');
			     e++)
				;
			if (e == w)
				break;
			word = xstrndup(w, e - w);
			is_rule = rule_find(word) != NULL;
			match |= is_rule && !strcmp(word, rule);
			free(word);
			if (!is_rule)
				break;
			named = 1;
			p = e;
		}
		if (!named || match)
			return 1;
	}
	return 0;
}

/* Does line (from 1) of text, or the line above it, silence rule? */
static int suppressed_text(const char *text, size_t len, unsigned line,
			   const char *rule)
{
	const char *s = text, *end = text + len;
	const char *above = NULL;

	if (!text || !line)
		return 0;
	for (unsigned at = 1; at < line; at++) {
		const char *nl = memchr(s, '\n', end - s);

		if (!nl)
			return 0;
		above = s;
		s = nl + 1;
	}
	/* From the line above (if any) to the end of the finding's line. */
	return suppressed_span(above ? above : s,
			       memchr(s, '\n', end - s) ?: end, rule);
}

/* The last file read: findings come in runs from one file. */
static struct {
	char *path;
	char *text;
	size_t len;
} last;

int suppressed(const struct check_ctx *cx, const struct where *at,
	       const char *rule)
{
	char *path = NULL;

	/* The code as checked: the shadow tree's copy in review mode. */
	if (at->rel && cx->shadow)
		path = path_join(cx->shadow, at->rel);
	else if (at->file && file_exists(at->file))
		path = xstrdup(at->file);
	else if (at->rel && cx->tree_abs)
		path = path_join(cx->tree_abs, at->rel);
	if (!path)
		return 0;
	if (!last.path || strcmp(last.path, path)) {
		free(last.path);
		free(last.text);
		last.path = path;
		last.text = read_file(path, &last.len);
	} else {
		free(path);
	}
	return suppressed_text(last.text, last.len, at->line, rule);
}
