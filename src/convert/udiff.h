/*
 * udiff.h - edits to a file's bytes, applied and shown as a unified
 * diff.  Every edit replaces a byte range (or inserts at an offset);
 * the diff shows exactly the lines the edits touch, with three lines
 * of context, so it applies with "patch -p1".
 */
#ifndef HOOKWRAP_UDIFF_H
#define HOOKWRAP_UDIFF_H

#include <stddef.h>
#include <stdio.h>

struct edit {
	size_t off, end;	/* old bytes [off, end); off == end inserts */
	char *text;		/* the new bytes */
};

struct edits {
	struct edit *v;
	int n, cap;
};

void edits_add(struct edits *e, size_t off, size_t end, const char *text);
void edits_free(struct edits *e);

/* The new text; the edits must not overlap. */
char *edits_apply(const char *old, size_t len, struct edits *e,
		  size_t *newlen);

/* Print the diff of old -> edits_apply() with a/path and b/path. */
void udiff_write(FILE *out, const char *path, const char *old, size_t len,
		 struct edits *e);

#endif /* HOOKWRAP_UDIFF_H */
