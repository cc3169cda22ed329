/*
 * prefilter.h - can this unit hold a finding at all?  A text scan of the
 * file and the headers it includes, so that the units that cannot (most
 * of a kernel) cost no parse.
 */
#ifndef HOOKWRAP_PREFILTER_H
#define HOOKWRAP_PREFILTER_H

#include "manifest/manifest.h"

struct prefilter_in {
	const struct table *t;
	const struct manifest *m;	/* its wrappers' names, or NULL */
	const char *path;		/* the unit's source file */
	const struct strv *args;	/* its compiler flags */
	/* Tree-relative path of a file, or NULL when not in the tree. */
	char *(*rel_of)(const char *path, void *data);
	void *data;
};

/* What links a unit to the table, weakest first. */
enum {
	PF_SKIP,	/* nothing: it cannot hold a finding */
	PF_WRAPPERS,	/* wrapper calls only: the sleep rules' business */
	PF_TABLE,	/* the pointer, an internal, the struct: every rule's */
};

/* PF_TABLE, PF_WRAPPERS or PF_SKIP for the unit in->path. */
int prefilter(const struct prefilter_in *in);
/* The --verbose line for a unit not parsed, link being what it had. */
void prefilter_say_skipped(const char *path, int link,
			   const struct table *t);
/* Forget the scanned headers (they are kept across units). */
void prefilter_reset(void);

#endif /* HOOKWRAP_PREFILTER_H */
