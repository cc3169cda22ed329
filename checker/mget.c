/*
 * mget.c - the manifest a check runs with: from --manifest, from the
 * cache (mcache.c), or built (which parses the header with libclang)
 * and cached for the next unit.
 */
#include "checker/setup.h"

#include <stdio.h>
#include <time.h>

int manifest_cached(const struct table *t, const char *tree,
		    const char *file, const char *cache_dir,
		    struct manifest *m, int verbose)
{
	char *path, *why;
	struct timespec start;
	int ret;

	if (file)
		return manifest_from_file(t, file, m);
	ret = manifest_cache_lookup(t, tree, cache_dir, m, &path, &why);
	if (ret < 0)
		return manifest_build(t, tree, m);
	if (ret == 0) {
		if (verbose)
			fprintf(stderr, "hookwrap check: manifest from %s\n",
				path);
		free(path);
		return 0;
	}
	if (verbose && why)
		fprintf(stderr, "hookwrap check: cached manifest %s "
			"not used: %s\n", path, why);
	free(why);
	/* The coarse clock is the one file times are taken from. */
	clock_gettime(CLOCK_REALTIME_COARSE, &start);
	ret = manifest_build(t, tree, m);
	if (!ret) {
		why = manifest_cache_store(t, tree, cache_dir, m, start);
		if (verbose && !why)
			fprintf(stderr, "hookwrap check: manifest cached in "
				"%s\n", path);
		else if (verbose)
			fprintf(stderr, "hookwrap check: manifest not "
				"cached: %s\n", why);
		free(why);
	}
	free(path);
	return ret;
}
