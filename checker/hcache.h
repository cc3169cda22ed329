/*
 * hcache.h - a header's findings, kept across the one-unit runs kbuild
 * makes, so that the units linked to the table only by a header they
 * include (a raw call in its static inline) need no parse after the
 * first (hcache.c).
 */
#ifndef HOOKWRAP_HCACHE_H
#define HOOKWRAP_HCACHE_H

#include "manifest/manifest.h"

#include <stdio.h>

/* What every entry of one unit's headers shares: made once per unit. */
struct hcache_key {
	char *dir;			/* the cache directory; NULL: off */
	unsigned long long base;	/* hash of all but the header */
};

/*
 * The key for a unit checked with args (its compiler flags, as
 * flags_filter() kept them) against table t of tree and its manifest m;
 * cache_dir as setup.h's manifest_cached() takes it.
 */
void hcache_key_init(struct hcache_key *k, const struct table *t,
		     const char *tree, const char *cache_dir,
		     const struct manifest *m, const struct strv *args);
void hcache_key_free(struct hcache_key *k);
/*
 * The cache file of header (as the unit resolves it) whose text and
 * includes hash to closure (prefilter.h), or NULL when caching is off.
 */
char *hcache_path(const struct hcache_key *k, const char *header,
		  unsigned long long closure);
/*
 * The findings stored at path, one "LINE\tCOL\tRULE\tMESSAGE" each, into
 * lines: 0, or 1 when there is no good entry (missing or damaged: then
 * the unit is parsed, as if there were no cache).
 */
int hcache_read(const char *path, struct strv *lines);
/* The same for the text of such a file (no file system, for the fuzzer). */
int hcache_parse(const char *data, size_t len, struct strv *lines);
/* The text of a file holding lines (each as hcache_line() makes them). */
char *hcache_format(const struct strv *lines, size_t *len);
/* Store them (atomically); 0, or -1 when not stored (no harm done). */
int hcache_write(const char *path, const struct strv *lines);
/* A finding from the cache, the file being the header it is in. */
struct hcache_hit {
	const char *file;	/* prefilter_in's header: not owned */
	unsigned line, col;
	char *rule, *message;
};

struct hcache_hits {
	struct hcache_hit *v;
	int n, cap;
};

struct prefilter_in;
/*
 * 0 when every header linking the unit (in->headers) has an entry: their
 * findings, in the order a unit's are printed (file, line, column,
 * rule), into h; 1 when one has none (parse the unit).
 */
int hcache_lookup(const struct hcache_key *k, const struct prefilter_in *in,
		  struct hcache_hits *h);
void hcache_hits_free(struct hcache_hits *h);
/* Them as the checker prints findings (output.c's gcc format). */
void hcache_print(FILE *fp, const struct hcache_hits *h);
/* The --verbose line for a unit answered from the cache. */
void hcache_say_answered(const char *path, int n);
/* A finding as such a line, or NULL when it cannot be one. */
char *hcache_line(unsigned line, unsigned col, const char *rule,
		  const char *message);

#endif /* HOOKWRAP_HCACHE_H */
