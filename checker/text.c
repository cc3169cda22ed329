/*
 * text.c - does a text name the table?  Whole-identifier searches the
 * prefilter, the walk and stale-wrapper share.
 */
#include "checker/walk.h"

#include <string.h>

int ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Is word[0..n) in text at the start of an identifier (and its end)? */
static int has_ident(const char *text, size_t len, const char *word,
		     size_t n, int whole)
{
	const char *p = text, *end = text + len;

	while (p + n <= end) {
		const char *hit = memmem(p, end - p, word, n);

		if (!hit)
			return 0;
		if (!(hit > text && ident_char(hit[-1])) &&
		    !(whole && hit + n < end && ident_char(hit[n])))
			return 1;
		p = hit + 1;
	}
	return 0;
}

int text_has_word(const char *text, size_t len, const char *word)
{
	return has_ident(text, len, word, strlen(word), 1);
}

int text_names_table(const struct table *t, const char *text, size_t len)
{
	if (text_has_word(text, len, t->pointer))
		return 1;
	for (int i = 0; i < t->internal.n; i++) {
		const char *e = t->internal.v[i];
		size_t n = strlen(e);
		int prefix = e[n - 1] == '*';

		if (has_ident(text, len, e, n - prefix, !prefix))
			return 1;
	}
	return 0;
}
