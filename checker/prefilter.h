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

/* 1 when the unit must be parsed, 0 when it cannot hold a finding. */
int prefilter(const struct prefilter_in *in);
/* Forget the scanned headers (they are kept across units). */
void prefilter_reset(void);

#endif /* HOOKWRAP_PREFILTER_H */
