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
	/*
	 * Asked for with want_headers: when the unit's only link is the
	 * text of headers outside their #defines (a raw call in a static
	 * inline), those headers as resolved for the unit and for each a
	 * hash of its text and of every file it and the -include'd files
	 * include (hcache.c's key); else nheaders is 0.  The caller frees
	 * them with prefilter_in_free().
	 */
	int want_headers;
	struct strv headers;
	unsigned long long *hashes;
};

/* What links a unit to the table, weakest first. */
enum {
	PF_SKIP,	/* nothing: it cannot hold a finding */
	PF_WRAPPERS,	/* wrapper calls only: the sleep rules' business */
	PF_TABLE,	/* the pointer, an internal, the struct: every rule's */
};

/* PF_TABLE, PF_WRAPPERS or PF_SKIP for the unit in->path. */
int prefilter(struct prefilter_in *in);
/* The --verbose line for a unit not parsed, link being what it had. */
void prefilter_say_skipped(const char *path, int link,
			   const struct table *t);
void prefilter_in_free(struct prefilter_in *in);
/* Forget the scanned headers (they are kept across units). */
void prefilter_reset(void);

#endif /* HOOKWRAP_PREFILTER_H */
