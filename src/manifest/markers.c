/*
 * markers.c - where the generated region's marker lines are in a
 * header's text: gen-header splices between them, the manifest reads
 * around them (what the header sees without hookwrap's own region).
 */
#include "manifest/manifest.h"

const char *markers_find(const char *text, const char *marker, int *count,
			 unsigned *line)
{
	const char *first = NULL, *s = text;
	unsigned ln = 1;
	const char *p;

	*count = 0;
	for (p = text; *p; p++) {
		if (p == s && starts_with(p, marker)) {
			if (!(*count)++) {
				first = p;
				*line = ln;
			}
		}
		if (*p == '\n') {
			s = p + 1;
			ln++;
		}
	}
	return first;
}

int markers_lines(const char *text, unsigned *begin, unsigned *end)
{
	int nb, ne;

	*begin = *end = 0;
	markers_find(text, GEN_BEGIN, &nb, begin);
	markers_find(text, GEN_END, &ne, end);
	return nb;
}
